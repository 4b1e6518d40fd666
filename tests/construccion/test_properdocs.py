"""properdocs (MkDocs 1.x continuado por su antiguo mantenedor) construye este sitio igual que MkDocs.

MkDocs no publica una versión desde agosto de 2024 y Material anuncia su fin para el 5 de mayo de 2027. properdocs
lee el mismo ``mkdocs.yml``, los mismos plugins, hooks y el tema de Material (cada ``import mkdocs…`` va a sus
propios módulos y lee el punto de entrada ``mkdocs.themes``), y va en el grupo ``docs`` junto a MkDocs. Aquí se
construye el sitio con ``properdocs build --strict`` y se compara, fichero a fichero, con la construcción de
MkDocs de la sesión (la que revisan las demás pruebas): todo igual byte a byte salvo la etiqueta
``<meta name="generator">`` de cada página, la única diferencia que se admite. Así, dejar MkDocs es una línea del
Makefile (``GENERADOR``). Las dos construcciones comparten las cachés de los bloques, del cuaderno y de la
instantánea de Pyodide (su clave es la biblioteca y los datos, no el generador): lo que se compara es lo que
cada generador hace con ellos.
"""

from __future__ import annotations

import difflib
import importlib.metadata
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
import registro
from conftest import RAIZ, epoca_fuente
from herramientas import informar

_ETIQUETA = '<meta name="generator" content="mkdocs-{}, mkdocs-material-{}">'
_MATERIAL = importlib.metadata.version("mkdocs-material")
ETIQUETA_MKDOCS = _ETIQUETA.format(importlib.metadata.version("mkdocs"), _MATERIAL).encode()
ETIQUETA_PROPERDOCS = _ETIQUETA.format(f"ProperDocs {importlib.metadata.version('properdocs')}", _MATERIAL).encode()
"""La etiqueta que escribe Material con cada generador (``mkdocs_version`` de cada uno): la única diferencia."""

LINEAS_DE_DIFF = 12
ANCHO_DE_LINEA = 160
CONTEXTO = 60


def ficheros(sitio: pathlib.Path) -> set[str]:
    return {p.relative_to(sitio).as_posix() for p in sitio.rglob("*") if p.is_file()}


def solo_la_etiqueta(de_mkdocs: bytes, de_properdocs: bytes) -> bool:
    """Los dos ficheros son iguales si en el de MkDocs su etiqueta generator (una sola vez) se cambia por la de
    properdocs (una sola vez también). Nada más se normaliza."""
    return (
        de_mkdocs.count(ETIQUETA_MKDOCS) == 1
        and de_properdocs.count(ETIQUETA_PROPERDOCS) == 1
        and de_mkdocs.replace(ETIQUETA_MKDOCS, ETIQUETA_PROPERDOCS) == de_properdocs
    )


def diff_corto(de_mkdocs: bytes, de_properdocs: bytes) -> str:
    """Dónde empieza la diferencia (byte y línea) y las primeras líneas del diff, cada una recortada. Si cada
    fichero lleva su etiqueta generator una vez, se comparan sin esa diferencia: se ve solo lo demás."""
    tamanos = f"{len(de_mkdocs)} bytes con MkDocs, {len(de_properdocs)} con properdocs"
    if de_mkdocs.count(ETIQUETA_MKDOCS) == 1 and de_properdocs.count(ETIQUETA_PROPERDOCS) == 1:
        de_mkdocs = de_mkdocs.replace(ETIQUETA_MKDOCS, ETIQUETA_PROPERDOCS)
        tamanos += "; la etiqueta generator, igualada antes de comparar"
    comun = next((i for i, (x, y) in enumerate(zip(de_mkdocs, de_properdocs, strict=False)) if x != y), None)
    comun = min(len(de_mkdocs), len(de_properdocs)) if comun is None else comun
    numero_de_linea = de_mkdocs[:comun].count(b"\n") + 1
    cabecera = f"  primer byte distinto: {comun} (línea {numero_de_linea}); {tamanos}"
    try:
        a, b = de_mkdocs.decode("utf-8"), de_properdocs.decode("utf-8")
    except UnicodeDecodeError:
        return cabecera + " (binario)"
    # Lo que rodea al primer byte distinto: en un fichero de una sola línea (el índice del buscador) es lo que sirve.
    desde = max(0, comun - CONTEXTO)
    alrededor = [
        f"  alrededor, con {quien}: …{datos[desde : comun + CONTEXTO].decode('utf-8', 'replace')!r}…"
        for quien, datos in (("MkDocs", de_mkdocs), ("properdocs", de_properdocs))
    ]
    lineas = difflib.unified_diff(a.splitlines(), b.splitlines(), "mkdocs", "properdocs", n=0, lineterm="")
    recortadas = [f"  {linea[:ANCHO_DE_LINEA]}{'…' if len(linea) > ANCHO_DE_LINEA else ''}" for linea in lineas]
    sobran = len(recortadas) - LINEAS_DE_DIFF
    return "\n".join(
        [
            cabecera,
            *alrededor,
            *recortadas[:LINEAS_DE_DIFF],
            *([f"  (y {sobran} {'línea' if sobran == 1 else 'líneas'} más)"] if sobran > 0 else []),
        ]
    )


def comparar(sitio_mkdocs: pathlib.Path, sitio_properdocs: pathlib.Path) -> tuple[int, list[str], dict[str, str]]:
    """Cuántos ficheros hay en los dos sitios, cuáles difieren solo en la etiqueta generator y, de cada uno que
    difiere en algo más (o está en un solo sitio), su diff corto."""
    en_mkdocs, en_properdocs = ficheros(sitio_mkdocs), ficheros(sitio_properdocs)
    distintos = {f: "  solo en la construcción de MkDocs" for f in sorted(en_mkdocs - en_properdocs)}
    distintos |= {f: "  solo en la construcción de properdocs" for f in sorted(en_properdocs - en_mkdocs)}
    con_etiqueta = []
    comunes = sorted(en_mkdocs & en_properdocs)
    for f in comunes:
        a, b = (sitio_mkdocs / f).read_bytes(), (sitio_properdocs / f).read_bytes()
        if a == b:
            continue
        if solo_la_etiqueta(a, b):
            con_etiqueta.append(f)
        else:
            distintos[f] = diff_corto(a, b)
    return len(comunes), con_etiqueta, dict(sorted(distintos.items()))


def informe(distintos: dict[str, str]) -> str:
    return "\n".join(
        [
            f"{len(distintos)} ficheros difieren entre MkDocs y properdocs en algo más que la etiqueta generator:",
            *(f"{f}\n{diff}" for f, diff in distintos.items()),
            "Qué hacer: si la diferencia sale de properdocs (una versión nueva que cambia algo), míralo antes de "
            "cambiar GENERADOR en el Makefile; si sale de un hook o un plugin que mira qué generador corre, haz que "
            "escriba lo mismo con los dos.",
        ]
    )


@pytest.fixture(scope="module")
def construccion_properdocs(sitio, tmp_path_factory) -> subprocess.CompletedProcess:
    """``properdocs build --strict`` con el mismo entorno que la construcción de la sesión (conftest)."""
    destino = tmp_path_factory.mktemp("properdocs") / "sitio"
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoca_fuente(), "GPUCOSTE_DATOS": ""}
    r = subprocess.run(
        [sys.executable, "-m", "properdocs", "build", "--strict", "-d", str(destino)],
        cwd=RAIZ,
        env=entorno,
        capture_output=True,
        text=True,
        timeout=300,
    )
    r.destino = destino
    r.stderr = registro.filtrar(r.stdout + r.stderr)
    return r


def test_properdocs_construye_el_mismo_sitio(sitio, construccion_properdocs):
    r = construccion_properdocs
    assert r.returncode == 0, f"properdocs build --strict falla (MkDocs no):\n{r.stderr}"
    comparados, con_etiqueta, distintos = comparar(sitio, r.destino)
    informar(
        f"properdocs: {comparados} ficheros comparados con la construcción de MkDocs, {len(con_etiqueta)} con solo "
        f"la etiqueta generator distinta, {len(distintos)} distintos"
    )
    assert not distintos, informe(distintos)
    # Cada página de MkDocs lleva su etiqueta, y en cada una properdocs puso la suya: construyó properdocs.
    paginas = sorted(f for f in ficheros(sitio) if ETIQUETA_MKDOCS in (sitio / f).read_bytes())
    assert len(paginas) > 10
    assert con_etiqueta == paginas


def test_la_comparacion_detecta_un_byte_cambiado(sitio, construccion_properdocs, tmp_path):
    """Sobre una copia del sitio de properdocs (sin otra construcción) con un byte cambiado en una página."""
    if construccion_properdocs.returncode != 0:
        pytest.skip("properdocs build falla: lo cuenta test_properdocs_construye_el_mismo_sitio")
    copia = shutil.copytree(construccion_properdocs.destino, tmp_path / "properdocs")
    pagina = copia / "glosario" / "index.html"
    contenido = pagina.read_bytes()
    posicion = contenido.index(b"<title>") + len(b"<title>")  # la primera letra del título: otra mayúscula
    pagina.write_bytes(contenido[:posicion] + bytes([contenido[posicion] ^ 0x20]) + contenido[posicion + 1 :])
    _, con_etiqueta, distintos = comparar(sitio, copia)
    assert list(distintos) == ["glosario/index.html"]
    assert "glosario/index.html" not in con_etiqueta
    assert "primer byte distinto" in distintos["glosario/index.html"]
    lineas = distintos["glosario/index.html"].splitlines()
    assert any(x.startswith("  -") and "<title>Glosario" in x for x in lineas)
    assert any(x.startswith("  +") and "<title>glosario" in x for x in lineas)


def test_solo_se_normaliza_la_etiqueta(tmp_path):
    """En dos carpetas aisladas: la etiqueta sola pasa; la etiqueta con otro cambio, otra versión de la etiqueta,
    un fichero de más o un binario distinto, no."""
    mk, pd = tmp_path / "mkdocs", tmp_path / "properdocs"
    pagina = b"<head>\n%s\n</head>\n<p>igual</p>\n"
    casos = {
        "solo-etiqueta.html": (pagina % ETIQUETA_MKDOCS, pagina % ETIQUETA_PROPERDOCS),
        "etiqueta-y-texto.html": (pagina % ETIQUETA_MKDOCS, (pagina % ETIQUETA_PROPERDOCS).replace(b"igual", b"igua1")),
        "otra-version.html": (pagina % ETIQUETA_MKDOCS, pagina % ETIQUETA_PROPERDOCS.replace(b"ProperDocs ", b"x")),
        "dos-etiquetas.html": (pagina % (ETIQUETA_MKDOCS * 2), pagina % (ETIQUETA_PROPERDOCS * 2)),
        "imagen.png": (b"\x89PNG\x00\xff", b"\x89PNG\x00\xfe"),
        "igual.txt": (b"igual\n", b"igual\n"),
    }
    for carpeta in (mk, pd):
        carpeta.mkdir()
    for nombre, (a, b) in casos.items():
        (mk / nombre).write_bytes(a)
        (pd / nombre).write_bytes(b)
    (pd / "sobrante.html").write_bytes(b"no lo escribe MkDocs\n")
    comparados, con_etiqueta, distintos = comparar(mk, pd)
    assert comparados == len(casos)
    assert con_etiqueta == ["solo-etiqueta.html"]
    assert list(distintos) == sorted(
        ["dos-etiquetas.html", "etiqueta-y-texto.html", "imagen.png", "otra-version.html", "sobrante.html"]
    )
    assert "-<p>igual</p>" in distintos["etiqueta-y-texto.html"]
    assert "+<p>igua1</p>" in distintos["etiqueta-y-texto.html"]
    assert "(binario)" in distintos["imagen.png"]
    assert "solo en la construcción de properdocs" in distintos["sobrante.html"]
