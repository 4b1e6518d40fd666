"""Hook de MkDocs: el analizador del índice del buscador de Material, más rápido y con el mismo resultado.

Material lee el HTML de cada página con su ``Parser`` (``material.plugins.search.plugin``) para partirlo en
apartados. Sus etiquetas abiertas son objetos ``Element`` que se comparan y se «hashean» por su etiqueta con métodos
de Python, y en cada etiqueta y cada trozo de texto pregunta si alguna abierta está en las que se saltan
(``skip.intersection(context)``), si está dentro de un ``pre`` o del título del apartado: millones de llamadas en las
páginas con gráficos (cada SVG son cientos de etiquetas). Medido sobre las páginas construidas con ejecución de
código: el 40 % de su tiempo (0,75 s de CPU frente a 0,23 sin ejecutar código), y se hace en serie, al escribir
cada página.

``Parser`` hace aquí lo mismo con las etiquetas como textos (una pila paralela a la de ``Element``): las mismas
preguntas, respondidas en C. Las respuestas son las mismas porque ``Element`` se compara solo por su etiqueta (en
``skip`` conviven textos, «script», y ``Element``, y cuentan igual). El índice sale igual, byte a byte
(``tests/construccion/test_buscador.py`` lo compara con el de Material). Si Material cambia su analizador (otros
métodos o atributos), se deja el suyo.
"""

from __future__ import annotations

from html import escape

from material.plugins.search import plugin as buscador

_ORIGINAL = getattr(buscador.Parser, "_original", buscador.Parser)
# Lo que este analizador reescribe del de Material (9.7): si cambia, se deja el suyo.
_METODOS = ("handle_starttag", "handle_endtag", "handle_data")


class Parser(_ORIGINAL):
    """El ``Parser`` de Material con las etiquetas abiertas también como textos (``_pila``) y las que se saltan
    como textos (``_saltar``)."""

    _original = _ORIGINAL

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._saltar = {e if isinstance(e, str) else e.tag for e in self.skip}
        self._pila: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        el = buscador.Element(tag, attrs)
        if tag in buscador.void:
            return
        self.context.append(el)
        self._pila.append(tag)
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            depth = len(self.context)
            if "id" in attrs:
                if tag != "h1" and not self.data:
                    self.section = buscador.Section(buscador.Element("hx"), depth)
                    self.data.append(self.section)
                self.section = buscador.Section(el, depth)
                if self.data:
                    self.section.id = attrs["id"]
                self.data.append(self.section)
        if not self.section:
            self.section = buscador.Section(buscador.Element("hx"))
            self.data.append(self.section)
        for key, value in attrs.items():
            if key == "data-search-exclude" or (key == "class" and value == "linenodiv"):
                self._saltar.add(tag)
                return
        if tag in self.keep and self._saltar.isdisjoint(self._pila):
            data = self.section.title if self.section.el.tag in self._pila else self.section.text
            data.append(f"<{tag}>")

    def handle_endtag(self, tag):
        if not self._pila or self._pila[-1] != tag:
            return
        if self.section.depth > len(self.context):
            for section in reversed(self.data):
                if section.depth <= len(self.context):
                    self.section.depth = float("inf")
                    self.section = section
                    break
        el = self.context.pop()
        self._pila.pop()
        if el.tag in self._saltar:
            if el.tag not in ("script", "style", "object"):
                self._saltar.discard(el.tag)
            return
        if tag in self.keep and self._saltar.isdisjoint(self._pila):
            data = self.section.title if self.section.el.tag in self._pila else self.section.text
            index = data.index(f"<{tag}>")
            for i in range(index + 1, len(data)):
                if not data[i].isspace():
                    index = len(data)
                    break
            if len(data) > index:
                while len(data) > index:
                    data.pop()
            else:
                data.append(f"</{tag}>")

    def handle_data(self, data):
        if not self._saltar.isdisjoint(self._pila):
            return
        en_pre = "pre" in self._pila
        if not en_pre:
            data = " " if data.isspace() else data.replace("\n", " ")
        if not self.section:
            self.section = buscador.Section(buscador.Element("hx"))
            self.data.append(self.section)
        if self.section.el.tag in self._pila:
            permalink = any(el.tag == "a" and el.attrs.get("class") == "headerlink" for el in self.context)
            if not permalink:
                self.section.title.append(escape(data, quote=False))
        elif data.isspace():
            if not self.section.text or not self.section.text[-1].isspace() or en_pre:
                self.section.text.append(data)
        else:
            self.section.text.append(escape(data, quote=False))


def _compatible() -> bool:
    """Si el analizador de Material es el que este reescribe (sus métodos y lo que usan de él)."""
    prueba = _ORIGINAL()
    return (
        all(m in vars(_ORIGINAL) for m in _METODOS)
        and isinstance(getattr(prueba, "skip", None), set)
        and isinstance(getattr(prueba, "keep", None), set)
        and all(hasattr(buscador, n) for n in ("Element", "Section", "void"))
    )


def on_config(config):
    buscador.Parser = Parser if _compatible() else _ORIGINAL
    return config
