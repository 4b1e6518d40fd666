"""Las cachés de «make serve» (docs/.overrides/hooks/recarga.py) no cambian el sitio: una recarga tras editar
la prosa de una página y un snippet de otra da los mismos ficheros que una construcción limpia del mismo proyecto,
y muestra los dos cambios. Si la clave de la caché olvidara lo que incluye una página (su snippet), la página de
ese snippet saldría de la caché sin el cambio y la prueba fallaría.
"""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys

from conftest import copiar_proyecto, epoca_fuente, saltar_si_la_construccion_falla

# Construye como «mkdocs serve» en un solo proceso: on_startup("serve"), una construcción, los cambios y otra.
# Con «build», on_startup("build"): sin las cachés de recarga.py. La misma serve_url en las dos.
GUION = r"""
import pathlib, sys
from mkdocs.config import load_config
from mkdocs.commands.build import build

orden, sitio = sys.argv[1], sys.argv[2]
url = "http://127.0.0.1:8000/gpucoste/"


def construir():
    config = load_config(config_file="mkdocs.yml", site_dir=sitio, strict=True)
    config.site_url = url
    build(config, serve_url=url)


load_config(config_file="mkdocs.yml", site_dir=sitio).plugins.on_startup(command=orden, dirty=False)
if orden == "serve":
    construir()
    for ruta, linea in [
        ("docs/glosario.md", "\nMarca de prosa en el glosario.\n"),
        ("snippets/ollama/coste_real.py", '\nprint("Marca de snippet en ollama.")\n'),
    ]:
        fichero = pathlib.Path(ruta)
        fichero.write_text(fichero.read_text(encoding="utf-8") + linea, encoding="utf-8")
construir()
"""


def _construir(copia, orden: str, sitio) -> None:
    entorno = {"NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoca_fuente(), "GPUCOSTE_DATOS": ""}
    r = subprocess.run(
        [sys.executable, "-c", GUION, orden, str(sitio)],
        cwd=copia,
        env={**os.environ, **entorno},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]


def _distintos(a, b, ruta="") -> list[str]:
    comparacion = filecmp.dircmp(a, b)
    distintos = [f"{ruta}{f}" for f in comparacion.left_only + comparacion.right_only]
    _, cambiados, errores = filecmp.cmpfiles(a, b, comparacion.common_files, shallow=False)
    distintos += [f"{ruta}{f}" for f in cambiados + errores]
    for sub in comparacion.common_dirs:
        distintos += _distintos(a / sub, b / sub, f"{ruta}{sub}/")
    return distintos


def test_la_recarga_con_cache_da_el_mismo_sitio_que_una_construccion_limpia(tmp_path):
    saltar_si_la_construccion_falla()
    copia = copiar_proyecto(tmp_path / "proyecto")
    _construir(copia, "serve", tmp_path / "recargado")
    # La copia ya tiene los cambios: la construcción limpia parte de ellos.
    _construir(copia, "build", tmp_path / "limpio")
    assert "Marca de prosa en el glosario." in (tmp_path / "recargado" / "glosario" / "index.html").read_text()
    assert "Marca de snippet en ollama." in (tmp_path / "recargado" / "ollama" / "index.html").read_text()
    assert _distintos(tmp_path / "recargado", tmp_path / "limpio") == []
