"""Hook de MkDocs: los scripts y las hojas de estilo propios (``docs/javascripts/``, ``docs/stylesheets/``) se
publican sin sus comentarios ni sus líneas en blanco.

Por qué (peso de la página principal, «make bench»): los comentarios explican el código a quien contribuye, pero
viajaban en cada visita: eran cerca de la mitad de esos cuatro ficheros con gzip (unos 5 KB de los 11). En
``docs/`` siguen enteros; solo la copia de ``site/`` va sin ellos.

Sin tocar nada más: cada línea de código sale igual, con su sangría y en su orden (solo se quitan las líneas que son
un comentario ``//`` entero en JavaScript, los comentarios ``/* … */`` en CSS y las líneas que quedan vacías). Así
no hace falta un minificador (ni su dependencia), y lo que buscan las pruebas en el fichero servido (una línea de
código que sabotean a propósito) sigue estando. ``tests/construccion/test_minificar.py`` lo comprueba.
"""

from __future__ import annotations

import pathlib
import re

CARPETAS = {"javascripts": ".js", "stylesheets": ".css"}
_LINEA_COMENTARIO_JS = re.compile(r"^[ \t]*//[^\n]*$")
_COMENTARIO_CSS = re.compile(r"/\*.*?\*/", re.S)


def sin_comentarios_js(texto: str) -> str:
    """``texto`` (JavaScript) sin las líneas que son solo un comentario ``//`` ni las líneas en blanco.

    Un comentario al final de una línea de código se queda (distinguirlo de ``//`` dentro de una cadena pediría
    analizar JavaScript); tampoco se tocan los comentarios ``/* … */``."""
    lineas = [ln for ln in texto.split("\n") if ln.strip() and not _LINEA_COMENTARIO_JS.match(ln)]
    return "\n".join(lineas) + "\n"


def sin_comentarios_css(texto: str) -> str:
    """``texto`` (CSS) sin comentarios ``/* … */`` ni las líneas que quedan en blanco (sin espacios al final)."""
    lineas = [ln.rstrip() for ln in _COMENTARIO_CSS.sub("", texto).split("\n")]
    return "\n".join(ln for ln in lineas if ln) + "\n"


def aligerar(sitio: pathlib.Path) -> None:
    """Reescribe en ``sitio`` los ``.js`` de ``javascripts/`` y los ``.css`` de ``stylesheets/``."""
    for carpeta, extension in CARPETAS.items():
        for fichero in sorted((sitio / carpeta).glob(f"*{extension}")):
            texto = fichero.read_text(encoding="utf-8")
            nuevo = sin_comentarios_js(texto) if extension == ".js" else sin_comentarios_css(texto)
            if nuevo != texto:
                fichero.write_text(nuevo, encoding="utf-8")


def on_post_build(config) -> None:
    aligerar(pathlib.Path(config["site_dir"]))
