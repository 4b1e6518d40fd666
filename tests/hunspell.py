"""La ortografía del texto visible con hunspell (hunspell-es de Debian) y el diccionario del proyecto,
tests/ortografia/diccionario.txt (ver tests/ortografia/README.md). Lo usan ``tests/sitio/test_ortografia.py``,
``tests/sitio/test_estilo.py``, ``tests/proyecto/test_contribuir.py`` y ``make check`` (``tests/comprobar.py``)."""

from __future__ import annotations

import collections
import pathlib
import re
import subprocess

import leidos
from bs4 import BeautifulSoup
from conftest import RAIZ
from herramientas import requiere

DICCIONARIO = RAIZ / "tests" / "ortografia" / "diccionario.txt"


IDIOMA = "es_ES"


# Lo que no es prosa en español: código, lo que no se ve y lo marcado como inglés ({lang=en}).
NO_PROSA = ["script", "style", "code", "pre", "kbd", "samp", "svg", "math", "template", "noscript", "textarea"]


INGLES = '[lang="en"], [lang^="en-"]'


# Una palabra: letras, con guiones, puntos o apóstrofos por dentro («fine-tuning», «Vast.ai»).
PALABRA = re.compile(r"\w+(?:[-.'’]\w+)*")


def texto_visible(html: str) -> str:
    """El texto de ``<body>`` sin código, sin lo oculto y sin lo marcado como inglés."""
    sopa = BeautifulSoup(html, "html.parser")
    cuerpo = sopa.body or sopa
    for nodo in cuerpo.find_all(NO_PROSA):
        nodo.decompose()
    for nodo in cuerpo.select(f"{INGLES}, [hidden]"):
        nodo.decompose()
    return cuerpo.get_text(" ")


def palabras(texto: str) -> list[str]:
    """Palabras a revisar: se descartan las que llevan cifras («H100», «70B», «bf16»)."""
    return [p for p in PALABRA.findall(texto) if not any(c.isdigit() or c == "_" for c in p)]


def diccionario(ruta: pathlib.Path = DICCIONARIO) -> set[str]:
    return {linea.strip() for linea in ruta.read_text(encoding="utf-8").splitlines() if linea.strip()}


COLUMNAS_DE_NOMBRES = ("gpu", "gpu_rapida", "gpu_lenta", "proveedor", "modelo")
"""Columnas de los CSV que son nombres propios: un proveedor o una GPU nuevos en los datos no son faltas."""


def nombres_de_los_datos() -> set[str]:
    """Las palabras de los nombres propios de los datos activos (``GPUCOSTE_DATOS`` o los del paquete), tal cual."""
    nombres = set()
    for fichero in leidos.carpeta().glob("*.csv"):
        for fila in leidos.filas(fichero.name):
            for columna in COLUMNAS_DE_NOMBRES:
                nombres.update(PALABRA.findall(fila.get(columna) or ""))
    return nombres


def en_diccionario(palabra: str, propio: set[str]) -> bool:
    """Como hunspell: una entrada en minúsculas admite también la mayúscula inicial y las versales."""
    return palabra in propio or palabra.lower() in propio and palabra in (palabra.capitalize(), palabra.upper())


def desconocidas(sitio: pathlib.Path, ruta: pathlib.Path = DICCIONARIO) -> tuple[dict[str, list[str]], int]:
    """Palabras que ni hunspell-es ni el diccionario del proyecto (``ruta``) conocen, con sus páginas; y cuántas
    se leyeron."""
    hunspell = requiere("hunspell", "paquetes de Debian hunspell y hunspell-es")
    propio = diccionario(ruta) | nombres_de_los_datos()
    donde: dict[str, set[str]] = collections.defaultdict(set)
    total = 0
    for pagina in sorted(sitio.rglob("*.html")):
        lista = palabras(texto_visible(pagina.read_text(encoding="utf-8")))
        total += len(lista)
        for p in lista:
            if not en_diccionario(p, propio):
                donde[p].add(str(pagina.relative_to(sitio)))
    r = subprocess.run(
        [hunspell, "-d", IDIOMA, "-i", "utf-8", "-l"],
        input="\n".join(sorted(donde)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0 and "Can't open affix" not in r.stderr, r.stderr
    # hunspell -l da una línea por palabra desconocida (o por cada parte desconocida de una compuesta).
    malas = set(r.stdout.split())
    return {p: sorted(donde[p]) for p in sorted(donde) if p in malas or malas & set(re.split(r"[-.'’]", p))}, total


def ordenado(lineas: list[str]) -> list[str]:
    """El diccionario en su orden: alfabético sin distinguir mayúsculas, sin repetidas (git lo une con merge=union,
    que no ordena)."""
    return sorted(set(lineas), key=lambda p: (p.lower(), p))


def como_arreglarlo(malas: dict[str, list[str]]) -> str:
    """El mensaje de fallo: cada palabra con sus páginas, y qué hacer con ella."""
    lineas = [f"{len(malas)} palabra(s) que el corrector no conoce (palabra: páginas):"]
    lineas += [f"  {p}: {', '.join(paginas)}" for p, paginas in malas.items()]
    lineas += [
        "Qué hacer con cada una:",
        "  - si es una errata, corrígela en docs/ (o en el snippet que la imprime);",
        "  - si es español correcto, jerga técnica, una sigla o una unidad (W, kWh), añádela a",
        "    tests/ortografia/diccionario.txt (una por línea, en orden alfabético; ver tests/ortografia/README.md);",
        "  - si es inglés de paso, márcala en docs/ como *palabra*{lang=en}.",
    ]
    return "\n".join(lineas)
