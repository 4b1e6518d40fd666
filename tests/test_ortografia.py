"""Ortografía española del texto visible del sitio construido: hunspell (hunspell-es de Debian) más el
diccionario del proyecto, tests/ortografia/diccionario.txt (ver tests/ortografia/README.md)."""

from __future__ import annotations

import collections
import pathlib
import re
import subprocess

import leidos
from bs4 import BeautifulSoup
from conftest import RAIZ
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


def test_el_diccionario_esta_ordenado_y_sin_repetidos():
    lineas = [linea for linea in DICCIONARIO.read_text(encoding="utf-8").splitlines() if linea]
    fuera = next((a for a, b in zip(lineas, ordenado(lineas), strict=False) if a != b), None)
    assert lineas == ordenado(lineas), (
        f"tests/ortografia/diccionario.txt no está en orden o repite palabras (primera fuera de sitio: {fuera!r}). "
        "Qué hacer: «.venv/bin/python tests/test_ortografia.py» lo ordena y quita las repetidas."
    )
    assert all(" " not in linea for linea in lineas), "una palabra por línea, sin espacios"


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


def test_cero_palabras_desconocidas(sitio):
    malas, total = desconocidas(sitio)
    informar(
        f"Ortografía: {total} palabras revisadas en {len(list(sitio.rglob('*.html')))} páginas, "
        f"{len(malas)} desconocidas"
    )
    assert not malas, como_arreglarlo(malas)


def test_una_falta_de_ortografia_se_detecta(tmp_path):
    """El corrector encuentra la falta puesta a propósito en una página aislada (no en el sitio real: una
    palabra desconocida de verdad en el sitio no debe hacer fallar también esta prueba)."""
    # «Vacaciónes» está mal; lo que va en código o marcado como inglés no se revisa.
    prueba = '<p>Unas vacaciónes <code>palabrq</code> <em lang="en">wrongspelt</em> en casa.</p>'
    (tmp_path / "index.html").write_text(f'<html lang="es"><body><article>{prueba}</article></body></html>')
    malas, total = desconocidas(tmp_path)
    assert malas == {"vacaciónes": ["index.html"]}
    assert total == 4  # Unas, vacaciónes, en, casa


if __name__ == "__main__":
    # Ordena el diccionario y quita las repetidas (tras una fusión de git, por ejemplo).
    palabras = ordenado([p.strip() for p in DICCIONARIO.read_text(encoding="utf-8").splitlines() if p.strip()])
    DICCIONARIO.write_text("\n".join(palabras) + "\n", encoding="utf-8")
    print(f"{DICCIONARIO.relative_to(RAIZ)}: {len(palabras)} palabras, en orden.")
