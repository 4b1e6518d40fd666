"""Las cachés de construccion/recarga.py no cambian el sitio: tras editar la prosa de una página y un
snippet de otra (su primera línea también), una recarga de «make serve» (en memoria) y la construcción siguiente
de «make check» (en disco, otro proceso) dan los mismos ficheros que una construcción limpia del mismo proyecto, y
muestran los cambios. Si la clave de una página olvidara lo que incluye (su snippet) o lo que lee uno de sus
bloques (la lista de «Usa los ejemplos» lee la primera línea de cada snippet), esa página saldría de la caché
sin el cambio y la prueba fallaría.
"""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys

from conftest import RAIZ, copiar_proyecto, epoca_fuente, saltar_si_la_construccion_falla

# Construye como «mkdocs serve» en un solo proceso: on_startup("serve"), una construcción, los cambios y otra.
# Con «build», on_startup("build"): sin las cachés de recarga.py. La misma serve_url en las dos.
GUION = r"""
import pathlib, sys
from mkdocs.config import load_config
from mkdocs.commands.build import build

orden, sitio, editar = sys.argv[1], sys.argv[2], sys.argv[3] == "editar"
url = "http://127.0.0.1:8000/gpucoste/"


def construir():
    config = load_config(config_file="mkdocs.yml", site_dir=sitio, strict=True)
    config.site_url = url
    build(config, serve_url=url)


load_config(config_file="mkdocs.yml", site_dir=sitio).plugins.on_startup(command=orden, dirty=False)
if orden == "serve":
    construir()
if editar:
    for ruta, antes, despues in [
        ("docs/glosario.md", "", "\nMarca de prosa en el glosario.\n"),
        ("snippets/ollama/coste_real.py", "# Marca de primera línea.\n", '\nprint("Marca de snippet en ollama.")\n'),
    ]:
        fichero = pathlib.Path(ruta)
        fichero.write_text(antes + fichero.read_text(encoding="utf-8") + despues, encoding="utf-8")
construir()
"""


def _construir(copia, orden: str, sitio, editar: bool = False, check: bool = False) -> None:
    entorno = {"NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoca_fuente(), "GPUCOSTE_DATOS": ""}
    entorno["GPUCOSTE_CHECK"] = "1" if check else ""
    r = subprocess.run(
        [sys.executable, "-c", GUION, orden, str(sitio), "editar" if editar else "no"],
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


def test_la_recarga_y_make_check_con_cache_dan_el_mismo_sitio_que_una_construccion_limpia(tmp_path):
    saltar_si_la_construccion_falla()
    recarga = copiar_proyecto(tmp_path / "recarga")
    _construir(recarga, "serve", tmp_path / "recargado", editar=True)
    check = copiar_proyecto(tmp_path / "check")
    _construir(check, "build", tmp_path / "check1", check=True)
    _construir(check, "build", tmp_path / "check2", editar=True, check=True)
    # La copia ya tiene los cambios: la construcción limpia parte de ellos.
    _construir(recarga, "build", tmp_path / "limpio")
    for sitio in ("recargado", "check2"):
        paginas = {p: (tmp_path / sitio / p / "index.html").read_text() for p in ("glosario", "ollama")}
        assert "Marca de prosa en el glosario." in paginas["glosario"]
        assert "Marca de snippet en ollama." in paginas["ollama"]
        ejemplos = (tmp_path / sitio / "usa-los-ejemplos" / "index.html").read_text()
        assert "Marca de primera línea." in ejemplos
        assert _distintos(tmp_path / sitio, tmp_path / "limpio") == [], sitio


def test_la_cache_en_disco_solo_se_lee_si_es_de_este_usuario_y_nadie_mas_escribe(tmp_path):
    """Un pickle ejecuta código al leerse y la carpeta temporal es de todos: la caché de «make check» solo se lee
    de un fichero (y una carpeta) de este usuario en el que nadie más puede escribir."""
    import mkdocs  # noqa: F401 — bloques.py (que importa recarga.py) guarda su estado en el módulo mkdocs

    sys.path.insert(0, str(RAIZ / "construccion"))
    import recarga

    fichero = tmp_path / "cache.pickle"
    fichero.write_bytes(b"")
    for modo, vale in ((0o600, True), (0o644, True), (0o664, False), (0o666, False)):
        fichero.chmod(modo)
        assert recarga._propio(fichero) is vale, oct(modo)
    enlace = tmp_path / "enlace.pickle"
    enlace.symlink_to(fichero)
    fichero.chmod(0o600)
    assert not recarga._propio(enlace) and not recarga._propio(tmp_path / "no-existe")
