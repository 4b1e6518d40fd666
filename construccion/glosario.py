"""Hook de MkDocs: los términos del glosario también en las páginas de cuadernos (mkdocs-jupyter).

En las páginas Markdown, ``pymdownx.snippets`` añade al final ``docs/.glosario/abreviaturas.md`` y la extensión
``abbr`` marca cada término con ``<abbr title="definición">``; Material (``content.tooltips``) muestra la
definición y ``docs/javascripts/glosario.js`` le da el foco del teclado. Un cuaderno no pasa por Python-Markdown
(mkdocs-jupyter convierte sus celdas con nbconvert), así que aquí se marcan los mismos términos, con la misma
regla que ``abbr`` (palabra entera, distingue mayúsculas), en el texto de las celdas de Markdown y de las salidas
``Markdown(...)``: nunca dentro de código, enlaces, títulos ni otro ``<abbr>``.
"""

from __future__ import annotations

import html
import pathlib
import re
from html.parser import HTMLParser

DEFINICION = re.compile(r"^\*\[(?P<termino>[^\]]+)\]:[ \t]*(?P<definicion>.+)$", re.M)
_MARKDOWN = "jp-RenderedMarkdown"  # la clase de una celda de Markdown y de una salida Markdown(...)
_SALTAR = {"code", "pre", "script", "style", "abbr", "a", "button", "h1", "h2", "h3", "h4", "h5", "h6"}
_VACIOS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def definiciones(texto: str) -> dict[str, str]:
    """``*[término]: definición`` de un fichero de abreviaturas → ``{término: definición}``."""
    return {m["termino"]: m["definicion"].strip() for m in DEFINICION.finditer(texto)}


class _Marcador(HTMLParser):
    def __init__(self, terminos: dict[str, str]) -> None:
        super().__init__(convert_charrefs=False)
        claves = sorted(terminos, key=len, reverse=True)  # el más largo primero: «caché KV» antes que «KV»
        self.patron = re.compile(r"\b(?:" + "|".join(map(re.escape, claves)) + r")\b") if claves else None
        self.terminos = terminos
        self.salida: list[str] = []
        self.pila: list[tuple[str, bool]] = []  # (etiqueta, ¿abre una celda de Markdown?)

    def _marcar(self) -> bool:
        return (
            self.patron is not None
            and any(md for _, md in self.pila)
            and not any(etiqueta in _SALTAR for etiqueta, _ in self.pila)
        )

    def handle_starttag(self, tag, attrs):
        self.salida.append(self.get_starttag_text())
        if tag not in _VACIOS:
            clases = (dict(attrs).get("class") or "").split()
            self.pila.append((tag, _MARKDOWN in clases))

    def handle_startendtag(self, tag, attrs):
        self.salida.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.salida.append(f"</{tag}>")
        for i in range(len(self.pila) - 1, -1, -1):
            if self.pila[i][0] == tag:
                del self.pila[i:]
                break

    def handle_data(self, data):
        if self._marcar():
            data = self.patron.sub(
                lambda m: f'<abbr title="{html.escape(self.terminos[m[0]], quote=True)}">{m[0]}</abbr>', data
            )
        self.salida.append(data)

    def handle_entityref(self, name):
        self.salida.append(f"&{name};")

    def handle_charref(self, name):
        self.salida.append(f"&#{name};")

    def handle_comment(self, data):
        self.salida.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.salida.append(f"<!{decl}>")

    def handle_pi(self, data):
        self.salida.append(f"<?{data}>")

    def unknown_decl(self, data):
        self.salida.append(f"<![{data}]>")


def marcar(contenido: str, terminos: dict[str, str]) -> str:
    """``contenido`` (HTML) con cada término de ``terminos`` en ``<abbr title>`` dentro de las celdas de Markdown."""
    marcador = _Marcador(terminos)
    marcador.feed(contenido)
    marcador.close()
    return "".join(marcador.salida)


def _abreviaturas(config) -> str:
    """El texto de los ficheros que ``pymdownx.snippets`` añade al final de cada página (``auto_append``)."""
    ajustes = config["mdx_configs"].get("pymdownx.snippets", {})
    raiz = pathlib.Path(config["config_file_path"]).parent
    bases = [raiz / b for b in ajustes.get("base_path", ["."])]
    textos = []
    for fichero in ajustes.get("auto_append", []):
        ruta = next((b / fichero for b in bases if (b / fichero).is_file()), None)
        if ruta is not None:
            textos.append(ruta.read_text(encoding="utf-8"))
    if not textos:  # si el glosario dejara de añadirse con snippets, el fichero de siempre
        propio = pathlib.Path(config["docs_dir"]) / ".glosario" / "abreviaturas.md"
        textos = [propio.read_text(encoding="utf-8")] if propio.is_file() else []
    return "\n".join(textos)


def on_page_content(contenido: str, page, config, files) -> str:
    if not page.file.src_uri.endswith(".ipynb"):
        return contenido
    return marcar(contenido, definiciones(_abreviaturas(config)))
