"""Ortografía española del texto visible del sitio construido: hunspell (hunspell-es de Debian) más el
diccionario del proyecto, tests/ortografia/diccionario.txt (ver tests/ortografia/README.md)."""

from __future__ import annotations

import collections
import pathlib
import re
import subprocess

from bs4 import BeautifulSoup
from conftest import RAIZ, sitio_con
from herramientas import informar, requiere

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


def en_diccionario(palabra: str, propio: set[str]) -> bool:
    """Como hunspell: una entrada en minúsculas admite también la mayúscula inicial y las versales."""
    return palabra in propio or palabra.lower() in propio and palabra in (palabra.capitalize(), palabra.upper())


def desconocidas(sitio: pathlib.Path) -> tuple[dict[str, list[str]], int]:
    """Palabras que ni hunspell-es ni el diccionario del proyecto conocen, con sus páginas; y cuántas se leyeron."""
    hunspell = requiere("hunspell", "paquetes de Debian hunspell y hunspell-es")
    propio = diccionario()
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


def test_el_diccionario_esta_ordenado_y_sin_repetidos():
    lineas = [linea for linea in DICCIONARIO.read_text(encoding="utf-8").splitlines() if linea]
    assert lineas == sorted(set(lineas), key=lambda p: (p.lower(), p))
    assert all(" " not in linea for linea in lineas)


def test_cero_palabras_desconocidas(sitio):
    malas, total = desconocidas(sitio)
    informar(
        f"Ortografía: {total} palabras revisadas en {len(list(sitio.rglob('*.html')))} páginas, "
        f"{len(malas)} desconocidas"
    )
    assert not malas, "\n".join(f"{p}: {', '.join(paginas)}" for p, paginas in malas.items())


def test_una_falta_de_ortografia_se_detecta(sitio, tmp_path):
    # «Vacaciónes» está mal; lo que va en código o marcado como inglés no se revisa.
    prueba = '<p>Unas vacaciónes <code>palabrq</code> <em lang="en">wrongspelt</em></p>'
    copia = sitio_con(sitio, tmp_path / "sitio", prueba)
    malas, _ = desconocidas(copia)
    assert malas == {"vacaciónes": ["index.html"]}
