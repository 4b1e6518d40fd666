"""Construcciones reproducibles: dos construcciones con el mismo SOURCE_DATE_EPOCH (el del último commit,
ver conftest.epoca_fuente) dan los mismos bytes en cada fichero, sin rutas absolutas de la máquina."""

from __future__ import annotations

import pathlib

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
    assert not distintos, "\n".join(
        [
            *distintos,
            "Qué hacer: algo de esos ficheros cambia en cada construcción (la hora, una ruta, un orden al azar). "
            "Si sale de un plugin o un hook, haz que use SOURCE_DATE_EPOCH (como construccion/fechas.py) "
            "o que ordene lo que escribe; compara las dos copias con diff para verlo.",
        ]
    )


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
    assert not con_rutas, f"Ficheros con rutas de esta máquina: {con_rutas}. Qué hacer: escribe rutas relativas."


def test_la_comparacion_detecta_una_diferencia(tmp_path):
    """La comparación encuentra las dos diferencias puestas a propósito en dos carpetas aisladas."""
    a, b = tmp_path / "a", tmp_path / "b"
    for carpeta in (a, b):
        (carpeta / "pagina").mkdir(parents=True)
        (carpeta / "pagina" / "index.html").write_text("<p>igual</p>", encoding="utf-8")
        (carpeta / "sitemap.xml").write_bytes(b"<lastmod>2026-11-30</lastmod>")
    (b / "sitemap.xml").write_bytes(b"<lastmod>12026-11-30</lastmod>")
    (b / "sobrante.txt").write_text("no está en la otra construcción\n", encoding="utf-8")
    comparados, distintos = diferencias(a, b)
    assert comparados == 2
    assert distintos == ["solo en la segunda: sobrante.txt", "sitemap.xml"]
