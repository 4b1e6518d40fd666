"""Las tablas del texto van dentro de div.gc-tabla (construccion/tablas.py, content-visibility en
docs/stylesheets/extra.css): las de Markdown y de los snippets sí; las de las calculadoras y las que ya traen
atributos (p. ej. las de pandas en el cuaderno), no."""

from __future__ import annotations

import importlib.util

from bs4 import BeautifulSoup
from conftest import RAIZ

_spec = importlib.util.spec_from_file_location("tablas", RAIZ / "construccion" / "tablas.py")
tablas = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tablas)


def test_envuelve_solo_las_tablas_sin_atributos_fuera_de_formularios():
    html = (
        "<p>a</p><table><tr><td>1</td></tr></table>"
        '<table class="dataframe"><tr><td>2</td></tr></table>'
        "<form><table><tr><td>3</td></tr></table></form>"
        "<table><tr><td>4</td></tr></table>"
    )
    sopa = BeautifulSoup(tablas.envolver(html), "html.parser")
    envueltas = [t.get_text() for t in sopa.find_all("table") if t.parent.get("class") == ["gc-tabla"]]
    assert envueltas == ["1", "4"]
    assert len(sopa.find_all("table")) == 4


def test_cada_tabla_de_la_pagina_principal_va_envuelta(sitio):
    sopa = BeautifulSoup((sitio / "alquilar-gpus-por-horas" / "index.html").read_text(encoding="utf-8"), "html.parser")
    texto = [t for t in sopa.select("article table") if not t.find_parent("form") and not t.get("class")]
    assert texto, "la página principal ya no tiene tablas: elige otra"
    assert all(t.parent.get("class") == ["gc-tabla"] for t in texto)
