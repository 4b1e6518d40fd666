"""Hook de MkDocs: guarda compiladas las plantillas Jinja del tema entre construcciones.

MkDocs crea un entorno Jinja nuevo en cada construcción (y en cada recarga de ``mkdocs serve``) y vuelve a
compilar las plantillas de Material: más de medio segundo cada vez. Jinja puede guardar el código ya
compilado en disco; su clave incluye la suma de comprobación del texto de la plantilla, así que un cambio
en una plantilla (o en ``docs/.overrides/``) nunca reutiliza una versión anterior. La caché vive en la
carpeta temporal del sistema, fuera del repositorio.
"""

from __future__ import annotations

import pathlib
import tempfile

from jinja2 import FileSystemBytecodeCache


def on_env(env, config, files):
    carpeta = pathlib.Path(tempfile.gettempdir()) / "gpucoste-jinja"
    carpeta.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(carpeta))
    return env
