"""Las frases de la guía que afirman un hecho de los datos o del código, comprobadas en cada construcción.

Una frase de ``docs/`` lleva al lado su comprobación en un comentario, ``<!-- comprueba: sin_precio("Azure") -->``
(el lenguaje y las comprobaciones, en ``gpucoste.guia.afirmaciones``). Aquí, en cada construcción (también en
``make serve`` y en la de ``make check``, con o sin caché de páginas), se evalúan todas las de todas las páginas: una
que ya no se sostiene con los datos o el código es un WARNING con la página, la línea, la frase, lo que dicen hoy los
datos y qué hacer, y la construcción estricta falla. Los comentarios no se publican: se quitan del Markdown antes de
convertirlo.
"""

from __future__ import annotations

import logging
import pathlib

log = logging.getLogger("mkdocs.hooks.afirmaciones")


def on_files(files, config):
    from gpucoste.guia import afirmaciones

    total = 0
    for fichero in files.documentation_pages():
        ruta = pathlib.Path(fichero.abs_src_path)
        if ruta.suffix != ".md":
            continue
        markdown = ruta.read_text(encoding="utf-8")
        total += len(afirmaciones.afirmaciones(markdown))
        for fallo in afirmaciones.revisar(markdown):
            log.warning(fallo.texto(f"docs/{fichero.src_uri}"))
    log.info(f"Afirmaciones comprobadas: {total}.")
    return files


def on_page_markdown(markdown: str, page, config, files) -> str:
    from gpucoste.guia import afirmaciones

    return afirmaciones.sin_marcas(markdown)
