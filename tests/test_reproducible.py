"""Construcciones reproducibles: dos construcciones con el mismo SOURCE_DATE_EPOCH (el del último commit,
ver conftest.epoca_fuente) dan los mismos bytes en cada fichero, sin rutas absolutas de la máquina."""

from __future__ import annotations

import pathlib
import shutil

from conftest import RAIZ, construir
from herramientas import informar


def ficheros(sitio: pathlib.Path) -> set[str]:
    return {str(p.relative_to(sitio)) for p in sitio.rglob("*") if p.is_file()}


def diferencias(a: pathlib.Path, b: pathlib.Path) -> tuple[int, list[str]]:
    """Cuántos ficheros se compararon y cuáles difieren (o solo están en una de las dos carpetas)."""
    en_a, en_b = ficheros(a), ficheros(b)
    distintos = [f"solo en la primera: {f}" for f in sorted(en_a - en_b)]
    distintos += [f"solo en la segunda: {f}" for f in sorted(en_b - en_a)]
    comunes = sorted(en_a & en_b)
    distintos += [f for f in comunes if (a / f).read_bytes() != (b / f).read_bytes()]
    return len(comunes), distintos


def test_dos_construcciones_son_identicas(sitio, tmp_path):
    segunda = tmp_path / "segunda"
    r = construir(segunda, env={"GPUCOSTE_DATOS": ""})
    assert r.returncode == 0, r.stderr
    comparados, distintos = diferencias(sitio, segunda)
    informar(f"Reproducible: {comparados} ficheros comparados entre dos construcciones, {len(distintos)} distintos")
    assert comparados > 20
    assert not distintos, "\n".join(distintos)


# Pyodide (assets/pyodide/) se copia tal cual del paquete de npm: lleva las rutas de la máquina que lo compiló
# (/root/repo/cpython/…), que contienen «/root» como el HOME de CI. No sale de esta construcción: se excluye
# si es byte a byte el fichero de npm.
PYODIDE_NPM = RAIZ / "docs" / ".pyodide" / "node_modules" / "pyodide"


def _copia_de_npm(p: pathlib.Path) -> bool:
    return (
        p.parent.name == "pyodide"
        and (PYODIDE_NPM / p.name).is_file()
        and ((PYODIDE_NPM / p.name).read_bytes() == p.read_bytes())
    )


def test_sin_rutas_de_la_maquina(sitio):
    rutas = (str(RAIZ), str(sitio), str(pathlib.Path.home()))
    con_rutas = [
        str(p.relative_to(sitio))
        for p in sitio.rglob("*")
        if p.is_file() and not _copia_de_npm(p) and any(r.encode() in p.read_bytes() for r in rutas)
    ]
    assert not con_rutas, con_rutas


def test_la_comparacion_detecta_una_diferencia(sitio, tmp_path):
    copia = tmp_path / "copia"
    shutil.copytree(sitio, copia)
    mapa = copia / "sitemap.xml"
    mapa.write_bytes(mapa.read_bytes().replace(b"<lastmod>", b"<lastmod>1", 1))
    (copia / "sobrante.txt").write_text("no está en la otra construcción\n", encoding="utf-8")
    comparados, distintos = diferencias(sitio, copia)
    assert comparados == len(ficheros(sitio))
    assert distintos == ["solo en la segunda: sobrante.txt", "sitemap.xml"]
