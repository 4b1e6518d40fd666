"""El proceso ayudante de docs/.overrides/hooks/bloques.py encuentra los mismos bloques que la construcción.

Si el código que ve el ayudante no fuera el mismo que ejecuta markdown-exec (por ejemplo, con el
``--8<--`` sin sustituir por el snippet), sus claves no coincidirían y la construcción en frío ejecutaría
cada bloque dos veces, sin ningún error visible: esta prueba lo hace visible.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

from conftest import RAIZ

# En otro proceso: el ayudante cambia funciones de markdown-exec (es lo que hace tras el fork).
_RECOGER = """
import json, pathlib, sys, importlib.util
from mkdocs.config import load_config
config = load_config("mkdocs.yml")
config.plugins["markdown-exec"].on_config(config)
ruta = pathlib.Path("docs/.overrides/hooks/bloques.py")
spec = importlib.util.spec_from_file_location("bloques", ruta)
bloques = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bloques)
llamadas = bloques._bloques_de_las_paginas(config)
print(json.dumps([{"codigo": c, "sesion": s, "id": i} for c, _, s, i, _ in llamadas]))
"""


def _bloques_en_las_paginas() -> list[tuple[str, str, str]]:
    """(página, sesión, id) de cada bloque ``exec="on"`` de docs/, en el orden de los ficheros."""
    encontrados = []
    for md in sorted((RAIZ / "docs").rglob("*.md")):
        if any(parte.startswith(".") for parte in md.relative_to(RAIZ / "docs").parts):
            continue
        for linea in md.read_text(encoding="utf-8").splitlines():
            if re.match(r"\s*```python .*exec=\"on\"", linea):
                sesion, id_ = re.search(r'session="([^"]+)"', linea), re.search(r'\bid="([^"]+)"', linea)
                encontrados.append((md.name, sesion and sesion[1], id_ and id_[1]))
    return encontrados


def test_el_ayudante_ve_cada_bloque_con_su_snippet():
    r = subprocess.run(
        [sys.executable, "-c", _RECOGER], cwd=RAIZ, capture_output=True, text=True, timeout=300, check=False
    )
    assert r.returncode == 0, r.stderr[-3000:]
    llamadas = json.loads(r.stdout.strip().splitlines()[-1])
    esperados = _bloques_en_las_paginas()
    assert len(llamadas) == len(esperados), (len(llamadas), len(esperados))
    assert sorted((ll["sesion"], ll["id"]) for ll in llamadas) == sorted((s, i) for _, s, i in esperados)
    sin_snippet = [ll["id"] for ll in llamadas if "--8<--" in ll["codigo"] or not ll["codigo"].strip()]
    assert not sin_snippet, f"bloques con el include sin sustituir: {sin_snippet}"
