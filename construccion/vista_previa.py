"""Solo en ``mkdocs serve`` («make serve»): un error al construir una página se ve en esa página.

Con ``mkdocs serve``, una excepción al leer o convertir una página (un ``--8<--`` a un fichero que no existe,
una celda del cuaderno que falla…) aborta la reconstrucción: MkDocs escribe «The server will appear stuck until
build errors are resolved» y la pestaña del navegador espera sin decir nada. Aquí, en ``serve`` y nada más, esa
excepción se registra como ERROR (en la terminal, con la página) y la página se publica con el error en un
aviso rojo; el resto del sitio se sigue sirviendo y la recarga automática funciona. Un snippet que falla ya se
ve así sin ayuda: sin ``--strict``, markdown-exec pone su traza en la página.

``mkdocs build`` (``make build``, ``make check``, ``make test``) no cambia: ahí un error rompe la construcción.
"""

from __future__ import annotations

import html
import logging

log = logging.getLogger("mkdocs.hooks.vista_previa")
_ACTIVO: list[bool] = []


def mensaje(error: Exception, pagina: str) -> str:
    """El HTML del aviso que sustituye al contenido de la página que no se pudo construir."""
    texto = html.escape(f"{type(error).__name__}: {error}")
    return (
        '<div class="admonition failure"><p class="admonition-title">Esta página no se pudo construir</p>'
        f"<p>Error en <code>docs/{html.escape(pagina)}</code>:</p><pre><code>{texto}</code></pre>"
        "<p>Corrígelo y guarda: la página se recarga sola. Comprueba el resultado con <code>make check</code>.</p>"
        "</div>"
    )


def on_startup(command: str, dirty: bool) -> None:
    if command != "serve" or _ACTIVO:
        return
    from mkdocs.commands import build

    original = build._populate_page

    def populate_page(page, config, files, dirty=False):
        try:
            return original(page, config, files, dirty)
        except Exception as error:  # noqa: BLE001 — en la vista previa, cualquier error va a la página
            log.error(f"docs/{page.file.src_uri}: {type(error).__name__}: {error} (se muestra en la página)")
            page.content = mensaje(error, page.file.src_uri)
            if page.markdown is None:
                page.markdown = ""
            return None

    build._populate_page = populate_page
    _ACTIVO.append(True)
