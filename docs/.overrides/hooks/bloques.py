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
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.util
import os
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from cuaderno import huella  # noqa: E402

_ESTADO = {"huella": ""}


def huella_biblioteca() -> str:
    """Huella del código y de los datos de la biblioteca que usa la construcción (``GPUCOSTE_DATOS`` incluida)."""
    paquete = pathlib.Path(next(iter(importlib.util.find_spec("gpucoste").submodule_search_locations)))
    carpetas = [paquete]
    if os.environ.get("GPUCOSTE_DATOS"):
        carpetas.append(pathlib.Path(os.environ["GPUCOSTE_DATOS"]))
    return huella(*carpetas)


def _carpeta() -> pathlib.Path:
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-bloques"


def _con_cache(ejecutar, memoria: dict[str, str]):
    def ejecutar_con_cache(code: str, returncode=None, session=None, id=None, **extra):  # noqa: A002
        partes = [_ESTADO["huella"], dt.date.today().isoformat(), str(session), str(id), code]
        clave = hashlib.sha256("\0".join(partes).encode()).hexdigest()
        if clave in memoria:
            return memoria[clave]
        fichero = _carpeta() / f"{clave}.txt"
        if fichero.is_file():
            salida = fichero.read_text(encoding="utf-8")
        else:
            salida = ejecutar(code, returncode, session, id, **extra)
            fichero.parent.mkdir(parents=True, exist_ok=True)
            temporal = fichero.with_suffix(f".{os.getpid()}.tmp")
            temporal.write_text(salida, encoding="utf-8")
            temporal.replace(fichero)  # atómico: dos construcciones a la vez no se pisan
        memoria[clave] = salida
        return salida

    ejecutar_con_cache.original = ejecutar
    return ejecutar_con_cache


def on_config(config):
    from markdown_exec._internal.formatters import python

    # «make serve» vuelve a cargar este hook en cada reconstrucción: se envuelve siempre la función
    # original (con la huella de esta carga) y la memoria se guarda en el módulo de markdown-exec.
    original = getattr(python._run_python, "original", python._run_python)
    memoria = python.__dict__.setdefault("_gpucoste_memoria", {})
    python._run_python = _con_cache(original, memoria)
    return config


def on_pre_build(config):
    _ESTADO["huella"] = huella_biblioteca()
