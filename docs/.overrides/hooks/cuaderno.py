"""Hook de MkDocs: aligera las páginas de cuadernos que genera mkdocs-jupyter.

mkdocs-jupyter 0.26 incrusta en cada página ~570 KB de CSS de JupyterLab, un script para copiar el código
y los cargadores de MathJax y Mermaid (apuntan a cdnjs, un tercero), y no ofrece opción para quitarlos.
Aquí se quitan y el código de las celdas se reescribe con las clases de Material (``highlight`` y
``<code>``): el tema le da estilo y su propio botón de copiar, igual que en las páginas Markdown.
"""

from __future__ import annotations

import re

_QUITAR = [
    re.compile(r"<style\b[^>]*>.*?</style>", re.S | re.I),
    re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I),
    re.compile(r"<!--.*?-->", re.S),
    # El botón de copiar de mkdocs-jupyter y la copia del código en texto que usa (Material trae el suyo).
    re.compile(r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div class="clipboard-copy-txt"[^>]*>.*?</div>', re.S),
]
_CODIGO = re.compile(r'<div class="highlight-ipynb hl-(?P<lenguaje>[\w+-]+)\s*"><pre>(?P<codigo>.*?)</pre></div>', re.S)


def es_cuaderno(ruta: str) -> bool:
    return ruta.endswith(".ipynb")


def aligerar(html: str) -> str:
    """El HTML de un cuaderno sin CSS ni scripts propios y con el código en el formato de Material."""
    for patron in _QUITAR:
        html = patron.sub("", html)
    html = _CODIGO.sub(
        lambda m: (
            f'<div class="language-{m["lenguaje"]} highlight"><pre><span></span>'
            f"<code>{m['codigo'].removeprefix('<span></span>')}</code></pre></div>"
        ),
        html,
    )
    # El ancla «¶» de cada título, como las de Markdown (toc: permalink).
    return html.replace('class="anchor-link"', 'class="headerlink" title="Enlace permanente a este apartado"')


def on_page_content(html: str, page, config, files) -> str:
    return aligerar(html) if es_cuaderno(page.file.src_uri) else html
