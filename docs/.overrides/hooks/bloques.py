"""Hook de MkDocs: caché de la salida de los bloques Python que ejecuta markdown-exec.

markdown-exec no tiene caché: cada reconstrucción de ``make serve`` (al editar una coma de la prosa)
vuelve a ejecutar todos los bloques, y los gráficos de matplotlib tardan cientos de milisegundos
cada uno. Aquí se guarda lo que imprime cada bloque con una clave que cubre todo aquello de lo que
depende su salida:

- el código del bloque (ya con el snippet incluido), su sesión y su id;
- la huella de la biblioteca y de sus datos (la misma de ``cuaderno.py``: código de ``gpucoste``,
  ``GPUCOSTE_DATOS`` y versión de Python);
- la fecha de hoy (hay bloques que cuentan días desde un precio).

Si algo cambia, la clave es otra y el bloque se ejecuta. Vale porque cada snippet es independiente
(``tests/test_snippets.py`` ejecuta cada uno por separado): ningún bloque necesita variables de otro
de su sesión. La caché vive en memoria (``make serve``) y en disco, fuera del repositorio.

En frío (``mkdocs build`` con la caché vacía), un **proceso ayudante** llena la caché en el otro núcleo
mientras la construcción hace lo demás: se crea con ``fork`` al leer la configuración (solo si el proceso
no tiene otros hilos, así que nunca con ``make serve``), busca los bloques de todas las páginas con los
mismos preprocesadores de Markdown (snippets incluidos: el mismo código, la misma clave) y los ejecuta
empezando por la última página. La construcción los va pidiendo desde la primera: cada bloque lo ejecuta
quien lo «toma» antes (un fichero creado en exclusiva), y quien llega tarde espera su salida en la caché.
Si el ayudante falla en un bloque, o muere, la construcción lo ejecuta ella misma: el error sale como siempre.
Ese núcleo queda para él porque el kernel del cuaderno ya no trabaja a la vez: en ``mkdocs build`` el cuaderno
se ejecuta al final, junto a la instantánea de Pyodide (ver ``cuaderno.py``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import importlib.util
import logging
import os
import pathlib
import shutil
import signal
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from cuaderno import huella  # noqa: E402

_ESTADO = {"huella": ""}
# El proceso ayudante de esta construcción (pid) y su carpeta de bloques tomados; en el módulo mkdocs (este hook se
# vuelve a cargar en cada recarga de «make serve»).
_AYUDANTE: dict = sys.modules["mkdocs"].__dict__.setdefault("_gpucoste_ayudante", {"pid": None, "tomas": None})


def huella_biblioteca() -> str:
    """Huella del código y de los datos de la biblioteca que usa la construcción (``GPUCOSTE_DATOS`` incluida)."""
    paquete = pathlib.Path(next(iter(importlib.util.find_spec("gpucoste").submodule_search_locations)))
    carpetas = [paquete]
    if os.environ.get("GPUCOSTE_DATOS"):
        carpetas.append(pathlib.Path(os.environ["GPUCOSTE_DATOS"]))
    return huella(*carpetas)


def _carpeta() -> pathlib.Path:
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-bloques"


def _clave(code: str, session, id) -> str:  # noqa: A002
    partes = [_ESTADO["huella"], dt.date.today().isoformat(), str(session), str(id), code]
    return hashlib.sha256("\0".join(partes).encode()).hexdigest()


def _guardar(fichero: pathlib.Path, salida: str) -> None:
    fichero.parent.mkdir(parents=True, exist_ok=True)
    temporal = fichero.with_suffix(f".{os.getpid()}.tmp")
    temporal.write_text(salida, encoding="utf-8")
    temporal.replace(fichero)  # atómico: dos construcciones a la vez no se pisan


def _tomar(clave: str) -> bool:
    """Si este proceso ejecuta el bloque ``clave`` (sin ayudante, siempre); si no, lo ejecuta el ayudante."""
    if _AYUDANTE["tomas"] is None:
        return True
    try:
        os.close(os.open(_AYUDANTE["tomas"] / clave, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    except OSError:
        return True
    return True


def _vivo(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return False


def ayudante_vivo() -> bool:
    """Si el ayudante sigue trabajando (si ha terminado o muerto, se recoge y se olvida)."""
    if _AYUDANTE["pid"] is None:
        return False
    if _vivo(_AYUDANTE["pid"]):
        return True
    _AYUDANTE["pid"] = None
    return False


def _esperar_al_ayudante(clave: str, fichero: pathlib.Path) -> str | None:
    """La salida que escribe el ayudante para ``clave``, o None si falló en ese bloque o ya no está."""
    fallo = _AYUDANTE["tomas"] / f"{clave}.fallo"
    while not fichero.is_file():
        if fallo.exists():
            return None
        if not ayudante_vivo():
            return fichero.read_text(encoding="utf-8") if fichero.is_file() else None
        time.sleep(0.003)
    return fichero.read_text(encoding="utf-8")


def _con_cache(ejecutar, memoria: dict[str, str]):
    def ejecutar_con_cache(code: str, returncode=None, session=None, id=None, **extra):  # noqa: A002
        clave = _clave(code, session, id)
        if clave in memoria:
            return memoria[clave]
        fichero = _carpeta() / f"{clave}.txt"
        salida = fichero.read_text(encoding="utf-8") if fichero.is_file() else None
        if salida is None and not _tomar(clave):
            salida = _esperar_al_ayudante(clave, fichero)
        if salida is None:
            salida = ejecutar(code, returncode, session, id, **extra)
            _guardar(fichero, salida)
        memoria[clave] = salida
        return salida

    ejecutar_con_cache.original = ejecutar
    return ejecutar_con_cache


def _bloques_de_las_paginas(config) -> list[tuple]:
    """Las llamadas a ``_run_python`` de todas las páginas .md, en orden, sin ejecutar nada.

    Solo corren los preprocesadores de Markdown (snippets y superfences, que llama a markdown-exec): el código
    de cada bloque sale igual que en la conversión de la página, así que su clave también.
    """
    import markdown
    from markdown_exec._internal import rendering
    from markdown_exec._internal.formatters import python
    from markupsafe import Markup
    from mkdocs.structure.files import get_files
    from mkdocs.utils import meta

    llamadas = []
    directorio = os.getcwd()

    def anotar(code, returncode=None, session=None, id=None, **extra):  # noqa: A002
        if os.getcwd() == directorio:  # un bloque con workdir se queda para la construcción
            llamadas.append((code, returncode, session, id, extra))
        return ""

    python._run_python = anotar
    rendering.MarkdownConverter.convert = lambda self, text, stash=None, id_prefix=None: Markup("")
    for fichero in get_files(config).documentation_pages():
        if not fichero.src_uri.endswith(".md"):
            continue
        texto, _ = meta.get_data(pathlib.Path(fichero.abs_src_path).read_text(encoding="utf-8-sig"))
        md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
        lineas = texto.split("\n")
        for preprocesador in md.preprocessors:
            lineas = preprocesador.run(lineas)
    return llamadas


def _ayudante(config, ejecutar, tomas: pathlib.Path, padre: int) -> None:
    """El proceso ayudante: ejecuta los bloques, de la última página a la primera, y guarda sus salidas."""
    logging.disable(logging.CRITICAL)  # sus avisos, si los hay, los dará la construcción
    _ESTADO["huella"] = huella_biblioteca()
    for code, returncode, session, id_, extra in reversed(_bloques_de_las_paginas(config)):
        if os.getppid() != padre:
            return
        clave = _clave(code, session, id_)
        fichero = _carpeta() / f"{clave}.txt"
        if fichero.is_file() or not _tomar(clave):
            continue
        try:
            salida = ejecutar(code, returncode, session, id_, **extra)
        except Exception:  # noqa: BLE001 — la construcción lo ejecutará y dará el error
            (tomas / f"{clave}.fallo").touch()
            continue
        _guardar(fichero, salida)


def _lanzar_ayudante(config, ejecutar) -> None:
    if threading.active_count() > 1 or not hasattr(os, "fork") or "markdown-exec" not in config.plugins:
        return
    tomas = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-bloques-tomas-"))
    padre = os.getpid()
    for flujo in (sys.stdout, sys.stderr):
        flujo.flush()
    pid = os.fork()
    if pid == 0:  # el ayudante: nunca vuelve a MkDocs
        codigo = 0
        try:
            _AYUDANTE.update(pid=None, tomas=tomas)
            _ayudante(config, ejecutar, tomas, padre)
        except BaseException:  # noqa: BLE001 — la construcción hará el trabajo que falte
            codigo = 1
        finally:
            os._exit(codigo)
    _AYUDANTE.update(pid=pid, tomas=tomas, vivo=ayudante_vivo)


def _parar_ayudante() -> None:
    pid, tomas = _AYUDANTE["pid"], _AYUDANTE["tomas"]
    _AYUDANTE.update(pid=None, tomas=None)
    if pid is not None:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
    if tomas is not None:
        shutil.rmtree(tomas, ignore_errors=True)


def on_config(config):
    from markdown_exec._internal.formatters import python

    # «make serve» vuelve a cargar este hook en cada reconstrucción: se envuelve siempre la función
    # original (con la huella de esta carga) y la memoria se guarda en el módulo de markdown-exec.
    original = getattr(python._run_python, "original", python._run_python)
    memoria = python.__dict__.setdefault("_gpucoste_memoria", {})
    _parar_ayudante()
    _lanzar_ayudante(config, original)
    python._run_python = _con_cache(original, memoria)
    return config


def on_pre_build(config):
    _ESTADO["huella"] = huella_biblioteca()


def on_post_build(config):
    _parar_ayudante()


def on_build_error(error):
    _parar_ayudante()
