"""Ortografía española del texto visible del sitio construido: hunspell (hunspell-es de Debian) más el
diccionario del proyecto, tests/ortografia/diccionario.txt (ver tests/ortografia/README.md)."""

from __future__ import annotations

import pathlib
import sys

if __name__ == "__main__":  # como guion (ordenar el diccionario): tests/ en la ruta, como la pone pytest
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from conftest import RAIZ  # noqa: E402
from herramientas import informar  # noqa: E402
from hunspell import (  # noqa: E402
    DICCIONARIO,
    como_arreglarlo,
    desconocidas,
    ordenado,
    palabras,
)


def test_el_diccionario_esta_ordenado_y_sin_repetidos():
    lineas = [linea for linea in DICCIONARIO.read_text(encoding="utf-8").splitlines() if linea]
    fuera = next((a for a, b in zip(lineas, ordenado(lineas), strict=False) if a != b), None)
    assert lineas == ordenado(lineas), (
        f"tests/ortografia/diccionario.txt no está en orden o repite palabras (primera fuera de sitio: {fuera!r}). "
        "Qué hacer: «.venv/bin/python tests/sitio/test_ortografia.py» lo ordena y quita las repetidas."
    )
    assert all(" " not in linea for linea in lineas), "una palabra por línea, sin espacios"


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
