"""Hook de MkDocs: guarda compiladas las plantillas Jinja del tema entre construcciones.

MkDocs crea un entorno Jinja nuevo en cada construcción (y en cada recarga de ``mkdocs serve``), y otro cada vez
que el buscador de Material lee las traducciones del idioma; en cada uno vuelve a compilar las plantillas: más de
medio segundo cada vez. Jinja puede guardar el código ya compilado en disco; su clave incluye la suma de
comprobación del texto de la plantilla, así que un cambio en una plantilla (o en ``docs/.overrides/``) nunca
reutiliza una versión anterior. La caché vive en la carpeta temporal del sistema, fuera del repositorio.

Se envuelve ``Theme.get_env`` al cargar el hook (antes de que ningún plugin pida un entorno): así la usan todos
los entornos de la construcción, también los que crean los plugins en su ``on_config``.
"""

from __future__ import annotations

import pathlib
import tempfile

from jinja2 import FileSystemBytecodeCache
from mkdocs.theme import Theme


def _con_cache(get_env):
    def get_env_con_cache(self):
        env = get_env(self)
        carpeta = pathlib.Path(tempfile.gettempdir()) / "gpucoste-jinja"
        carpeta.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(carpeta))
        return env

    get_env_con_cache.original = get_env
    return get_env_con_cache


# «make serve» vuelve a cargar este hook en cada recarga: se envuelve siempre la función original.
Theme.get_env = _con_cache(getattr(Theme.get_env, "original", Theme.get_env))
