"""Cada snippet se ejecuta como lo hace markdown-exec y su salida es la de su snapshot revisado.

``make snapshots`` (GPUCOSTE_ACTUALIZAR_SNAPSHOTS=1) los reescribe; revisa el diff antes de confirmar.
"""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import re
import runpy

import pytest
from conftest import RAIZ

SNIPPETS = sorted((RAIZ / "snippets").rglob("*.py"))
SNAPSHOTS = RAIZ / "tests" / "snapshots"
ACTUALIZAR = os.environ.get("GPUCOSTE_ACTUALIZAR_SNAPSHOTS") == "1"


def ejecutar(ruta: pathlib.Path) -> str:
    """Ejecuta ``ruta`` con ``__name__`` distinto de ``"__main__"``, como markdown-exec, y devuelve lo impreso."""
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        runpy.run_path(str(ruta), run_name="bloque-de-markdown-exec")
    return salida.getvalue()


def test_hay_snippets():
    assert SNIPPETS, "snippets/ está vacío"


@pytest.mark.parametrize("ruta", SNIPPETS, ids=lambda r: str(r.relative_to(RAIZ / "snippets")))
def test_salida_igual_al_snapshot(ruta):
    salida = ejecutar(ruta)
    assert salida.strip(), f"{ruta.name} no imprime nada (¿un if __name__ == '__main__'?)"
    snapshot = SNAPSHOTS / ruta.relative_to(RAIZ / "snippets").with_suffix(".txt")
    if ACTUALIZAR:
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(salida, encoding="utf-8")
    assert snapshot.exists(), f"Falta {snapshot.relative_to(RAIZ)}: ejecuta «make snapshots» y revísalo."
    assert salida == snapshot.read_text(encoding="utf-8"), (
        f"La salida de {ruta.relative_to(RAIZ)} cambió: si es lo esperado, «make snapshots» y revisa el diff."
    )


@pytest.mark.parametrize("ruta", SNIPPETS, ids=lambda r: str(r.relative_to(RAIZ / "snippets")))
def test_reglas_de_los_snippets(ruta):
    codigo = ruta.read_text(encoding="utf-8")
    assert "__main__" not in codigo, "markdown-exec no ejecuta un bloque «if __name__ == '__main__'»"
    assert "__file__" not in codigo, "un snippet no usa __file__: se ejecuta desde la página"
    assert codigo.startswith("# "), "la primera línea dice qué muestra el snippet: la cita «Usa los ejemplos»"
    tema = ruta.parent.name
    pagina = [p for p in (RAIZ / "docs" / f"{tema}.md", RAIZ / "docs" / tema) if p.exists()]
    assert pagina, f"snippets/{tema}/ debe reflejar docs/{tema}.md o docs/{tema}/"
    incluido = f'--8<-- "snippets/{tema}/{ruta.name}"'
    paginas = [pagina[0]] if pagina[0].is_file() else list(pagina[0].rglob("*.md"))
    assert any(incluido in p.read_text(encoding="utf-8") for p in paginas), f"ninguna página incluye {incluido}"


def test_cada_snapshot_tiene_su_snippet():
    huerfanos = [
        s
        for s in SNAPSHOTS.rglob("*.txt")
        if not (RAIZ / "snippets" / s.relative_to(SNAPSHOTS).with_suffix(".py")).exists()
    ]
    assert not huerfanos, f"snapshots sin snippet: {huerfanos}"


def test_los_bloques_ejecutados_tienen_id():
    for md in (RAIZ / "docs").rglob("*.md"):
        for linea in md.read_text(encoding="utf-8").splitlines():
            if re.match(r"```python .*exec=\"on\"", linea):
                assert 'id="' in linea and 'session="' in linea, f"{md.name}: bloque sin id/session: {linea}"
