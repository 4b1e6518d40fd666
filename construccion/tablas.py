"""Cada tabla de datos del texto, dentro de un ``<div class="gc-tabla">`` con ``content-visibility: auto``
(docs/stylesheets/extra.css).

Por qué (Lighthouse móvil, tiempo de bloqueo): al cargar, Material envuelve cada tabla en su contenedor con
desplazamiento horizontal, y mover la tabla obliga al navegador a recalcular el estilo y la maquetación de todas
sus celdas en la tarea de DOMContentLoaded. En la página principal, siete tablas eran unos 600 de los 750
elementos que esa tarea recalculaba. Dentro de un contenedor con content-visibility que está fuera de la
pantalla, ese trabajo no se hace hasta que el lector se acerca (y entonces, tabla a tabla). La tabla sigue en el
DOM, en la búsqueda del navegador y en el árbol de accesibilidad.

Solo las tablas sin atributos (las de Markdown y las que imprimen los snippets: las que Material envuelve), y no
las de los formularios de las calculadoras, que calculadora.js rehace.
"""

from __future__ import annotations

import re

_TABLA = re.compile(r"<table>.*?</table>", re.S)
_FORMULARIO = re.compile(r"<form\b.*?</form>", re.S)


def envolver(html: str) -> str:
    """``html`` con cada ``<table>`` sin atributos (fuera de un ``<form>``) dentro de ``div.gc-tabla``."""
    trozos, desde = [], 0
    for formulario in _FORMULARIO.finditer(html):
        trozos += [_TABLA.sub(_envuelta, html[desde : formulario.start()]), formulario.group()]
        desde = formulario.end()
    trozos.append(_TABLA.sub(_envuelta, html[desde:]))
    return "".join(trozos)


def _envuelta(tabla: re.Match) -> str:
    # tabindex: una tabla más ancha que la columna se desplaza, y la zona que se desplaza debe poder recibir el
    # foco del teclado (axe, «scrollable-region-focusable»)
    enfocable = tabla.group().replace("<table>", '<table tabindex="0">', 1)
    return f'<div class="gc-tabla">{enfocable}</div>'


def on_page_content(html: str, page, config, files) -> str:
    return envolver(html)
