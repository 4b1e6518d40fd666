"""construccion/bloques.py: el proceso ayudante encuentra los mismos bloques que la construcción, y en
«make check» la salida de cada bloque que es un snippet se compara con su snapshot.

Si el código que ve el ayudante no fuera el mismo que ejecuta markdown-exec (por ejemplo, con el
``--8<--`` sin sustituir por el snippet), sus claves no coincidirían y la construcción en frío ejecutaría
cada bloque dos veces, sin ningún error visible: esta prueba lo hace visible.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import registro
from conftest import RAIZ, construir

# En otro proceso: el ayudante cambia funciones de markdown-exec (es lo que hace tras el fork).
_RECOGER = """
import json, pathlib, sys, importlib.util
from mkdocs.config import load_config
config = load_config("mkdocs.yml")
config.plugins["markdown-exec"].on_config(config)
ruta = pathlib.Path("construccion/bloques.py")
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


def test_en_make_check_una_salida_distinta_de_su_snapshot_para_la_construccion(copia, tmp_path):
    """Con ``GPUCOSTE_CHECK=1`` la construcción compara cada bloque que es un snippet con su snapshot: iguales, el
    snippet sale en la lista de comprobados (pytest ya no lo repite); con el snapshot cambiado (como lo dejaría un
    dato editado que mueve la salida), la construcción falla y el resumen de make check nombra la página y la
    línea del bloque, el snippet, el snapshot y la línea que cambia. Sin ``GPUCOSTE_CHECK``, nada se compara."""
    shutil.copytree(RAIZ / "tests" / "snapshots", copia / "tests" / "snapshots")
    lista = tmp_path / "comprobados.txt"
    entorno = {"GPUCOSTE_CHECK": "1", "GPUCOSTE_SNAPSHOTS_COMPROBADOS": str(lista)}
    r = construir(tmp_path / "bien", raiz=copia, env=entorno)
    assert r.returncode == 0, r.stderr
    comprobados = lista.read_text(encoding="utf-8").split()
    assert "snippets/ollama/coste_real.py" in comprobados
    snippets = sorted((RAIZ / "snippets").rglob("*.py"))
    assert set(comprobados) <= {f"snippets/{p.relative_to(RAIZ / 'snippets').as_posix()}" for p in snippets}

    snapshot = copia / "tests" / "snapshots" / "ollama" / "coste_real.txt"
    snapshot.write_text(snapshot.read_text(encoding="utf-8") + "Una línea que el snippet no imprime.\n")
    r = construir(tmp_path / "mal", raiz=copia, env=entorno)
    assert r.returncode != 0
    resumen = registro.resumen(r.registro, copia)
    pagina = (copia / "docs" / "ollama.md").read_text(encoding="utf-8").splitlines()
    linea = next(n for n, texto in enumerate(pagina, 1) if 'exec="on"' in texto and "coste-real" in texto)
    assert resumen.startswith(f'docs/ollama.md:{linea}: la salida del bloque id="coste-real"'), resumen
    assert "(snippets/ollama/coste_real.py)" in resumen and "tests/snapshots/ollama/coste_real.txt" in resumen
    assert "-Una línea que el snippet no imprime." in resumen and "make snapshots" in resumen, resumen

    r = construir(tmp_path / "sin-check", raiz=copia, env={"GPUCOSTE_CHECK": ""})
    assert r.returncode == 0, r.stderr
