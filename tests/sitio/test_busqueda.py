"""La búsqueda en un navegador de verdad (Chromium de Debian): el índice (search/search_index.json) no se descarga
al cargar una página, sino al abrir la búsqueda (docs/.overrides/main.html), y entonces la búsqueda encuentra.
Si el índice se pidiera siempre, o nunca, una de las dos comprobaciones falla."""

from __future__ import annotations

import pytest
from servidor import servir

PAGINA = "alquilar-gpus-por-horas/"
INDICE = "/search/search_index.json"


@pytest.mark.parametrize("movil", [False, True], ids=["escritorio", "movil"])
def test_el_indice_se_descarga_al_abrir_la_busqueda_y_la_busqueda_encuentra(chromium, sitio, movil):
    with servir(sitio) as base:
        tamano = {"width": 390, "height": 800} if movil else {"width": 1400, "height": 900}
        contexto = chromium.new_context(viewport=tamano)
        pagina = contexto.new_page()
        pedidas: list[str] = []
        pagina.on("request", lambda peticion: pedidas.append(peticion.url))
        pagina.goto(base + PAGINA, wait_until="networkidle")
        pagina.wait_for_timeout(500)
        assert not [u for u in pedidas if u.endswith(INDICE)], "el índice se descargó sin abrir la búsqueda"
        if movil:
            pagina.click("label.md-header__button[for='__search']")  # la lupa de la cabecera
        else:
            pagina.click("input.md-search__input")
        pagina.keyboard.type("Vast")
        pagina.wait_for_selector(".md-search-result__item", timeout=30_000)
        assert [u for u in pedidas if u.endswith(INDICE)]
        assert "vast" in pagina.inner_text(".md-search-result__list").lower()
        contexto.close()


def test_desde_un_resultado_de_busqueda_se_resalta_lo_buscado(chromium, sitio):
    """Con ?h= (se llega desde un resultado), el índice se pide enseguida: Material resalta lo buscado."""
    with servir(sitio) as base:
        contexto = chromium.new_context()
        pagina = contexto.new_page()
        pagina.goto(base + PAGINA + "?h=vast", wait_until="networkidle")
        pagina.wait_for_selector("mark[data-md-highlight]", timeout=30_000)
        contexto.close()
