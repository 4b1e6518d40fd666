"""construccion/buscador.py: su analizador del índice del buscador parte el HTML en los mismos apartados, con los
mismos títulos y textos, que el de Material (``material.plugins.search.plugin.Parser``), al que sustituye."""

from __future__ import annotations

import pathlib
import sys

import pytest

RAIZ = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RAIZ / "construccion"))
import buscador  # noqa: E402

# Lo que distingue el analizador: títulos con y sin id y su ancla «¶», apartados anidados en otros elementos,
# bloques excluidos (data-search-exclude, linenodiv, script, style, object), pre y code, etiquetas vacías y
# autocerradas, un SVG con título y textos, etiquetas sin cerrar o cerradas de más y espacios seguidos.
CASOS = [
    "<p>Antes de todo</p><h1 id='t'>Título <a class='headerlink' href='#t'>¶</a></h1><p>Uno  y\ndos</p>",
    "<h2 id='a'>A</h2><p>texto <code>x = 1</code></p><h3 id='b'>B</h3><ul><li>uno</li><li> </li></ul>",
    "<div><h2 id='dentro'>Dentro</h2><p>a</p></div><p>fuera del div</p><h2>sin id</h2><p>b</p>",
    "<p>visible</p><div data-search-exclude><p>oculto</p><h2 id='x'>X</h2></div><p>otra vez</p>",
    "<table class='linenodiv'><tr><td>1\n2</td></tr></table><pre><code>a  =  1\n\n  b</code></pre>",
    "<script>var a = '<p>';</script><style>p{}</style><object>o</object><p>tras</p>",
    "<p>a<br>b<br/>c<img src='x'><hr></p><p>   </p><p>\n</p><sub>2</sub><sup>3</sup>",
    "<figure><svg role='img'><title>Gráfico</title><defs><style>*{}</style></defs><g><path d='M 0 0'/>"
    "<text>ene 2026</text><text>1000</text></g></svg></figure><p>después</p>",
    "<p>sin cerrar<p>otro</span></div><h4 id='c'>C <code>d</code></h4>texto suelto</li>",
    "<h1 id='uno'>Uno</h1><section><h2 id='dos'>Dos</h2><p>x</p></section><p>y</p><h2 id='tres'>Tres</h2>",
]


def _apartados(parser_clase, html: str) -> list[tuple]:
    parser = parser_clase()
    parser.feed(html)
    parser.close()
    return [(s.id, s.depth, list(s.title), list(s.text), s.el.tag, s.is_excluded()) for s in parser.data]


@pytest.mark.parametrize("html", CASOS)
def test_los_mismos_apartados_que_el_analizador_de_material(html):
    assert _apartados(buscador.Parser, html) == _apartados(buscador._ORIGINAL, html)


def test_todos_los_casos_a_la_vez():
    html = "\n".join(CASOS)
    assert _apartados(buscador.Parser, html) == _apartados(buscador._ORIGINAL, html)


def test_la_comparacion_ve_un_apartado_distinto():
    """Si el analizador perdiera un texto, la comparación lo vería (la prueba puede fallar)."""

    class Roto(buscador.Parser):
        def handle_data(self, data):
            if "tras" not in data:
                super().handle_data(data)

    assert _apartados(Roto, CASOS[5]) != _apartados(buscador._ORIGINAL, CASOS[5])


def test_material_usa_este_analizador():
    from material.plugins.search import plugin

    buscador.on_config(None)
    assert plugin.Parser is buscador.Parser
