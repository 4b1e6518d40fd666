"""Las páginas con calculadora, en el sitio construido: cada calculadora está en alguna; cada página de
``docs/calculadoras/`` empieza por la respuesta; en Chromium, las páginas sin calculadora no piden ni un byte de
Pyodide (las que la tienen, solo al usarla), Pyodide arranca con la instantánea de memoria y, si no se puede
descargar, sin ella, y en un móvil (390 px) ninguna cifra del resultado queda fuera de la pantalla.
"""

from __future__ import annotations

import pathlib

import pytest
from bs4 import BeautifulSoup
from calculadoras_navegador import PAGINA_COSTE, PAGINA_INTERRUMPIBLES, Sesion, SesionSaboteada, _con_formularios, _sopa
from calculadoras_navegador import servido as servido
from conftest import RAIZ, celdas, texto
from servidor import paginas

from gpucoste import navegador


def test_hay_calculadoras_en_el_sitio(sitio):
    formularios = _con_formularios(sitio)
    assert "gc-coste" in formularios.get(PAGINA_COSTE, [])
    assert "gc-codigo-experimento" in formularios.get(PAGINA_COSTE, [])
    # Cada calculadora declarada está en alguna página.
    todas = {i for ids in formularios.values() for i in ids}
    assert {f"gc-{n}" for n in navegador.CALCULADORAS} <= todas


def _antes_que_la_respuesta(sopa) -> list[str]:
    """Lo que un lector ve antes de la primera calculadora de la página (y no debería): un bloque de código a la
    vista (fuera de un plegable y no en una pestaña que no es la primera) o un grupo de pestañas que abre por el
    código. Vacía si la página empieza por la respuesta."""
    articulo = sopa.find("article") or sopa
    problemas = []
    for grupo in articulo.select(".tabbed-set"):
        primera = grupo.select_one(".tabbed-labels label")
        if primera is not None and texto(primera) == "Código" and not grupo.find_parent("details"):
            problemas.append("unas pestañas que abren por el código")
    formulario = articulo.select_one("form.gc-calculadora")
    if formulario is None:
        return [*problemas, "ninguna calculadora"]
    for bloque in formulario.find_all_previous("pre"):
        if not bloque.find_parent("details") and not bloque.find_parent(class_="tabbed-block"):
            problemas.append(f"código antes de la calculadora: {texto(bloque)[:60]!r}")
    return problemas


def test_cada_pagina_de_calculadora_empieza_por_la_respuesta(sitio):
    """Una respuesta por pregunta: en cada página de docs/calculadoras/, la calculadora (con el resultado del
    ejemplo) llega antes que cualquier código, y ningún código se abre por delante de su resultado."""
    paginas_ = [r for r in _con_formularios(sitio) if r.startswith("calculadoras/")]
    # todas las que declaran una calculadora (no la de entrada ni «¿Cuánto se equivoca?», que no tienen formulario)
    con_calculadora = [p for p in (RAIZ / "docs" / "calculadoras").glob("*.md") if "data-calculadora=" in p.read_text()]
    assert len(paginas_) == len(con_calculadora) > 0
    for ruta in paginas_:
        assert _antes_que_la_respuesta(_sopa(sitio, ruta)) == [], ruta


def test_la_prueba_de_la_respuesta_primero_puede_fallar():
    """Fallo plantado: la página de antes (pestañas Código|Resultado y código antes del formulario)."""
    antes = BeautifulSoup(
        '<article><div class="tabbed-set"><div class="tabbed-labels"><label>Código</label><label>Resultado</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre><code>x = 1</code></pre></div></div></div>'
        '<pre><code>print(2)</code></pre><form class="gc-calculadora"></form></article>',
        "html.parser",
    )
    assert len(_antes_que_la_respuesta(antes)) == 2


def test_sin_calculadora_ni_un_byte_de_pyodide(sitio, chromium, servido):
    """Ninguna página pide Pyodide al abrirse y desplazarse; solo las que tienen formularios enlazan el script."""
    con = _con_formularios(sitio)
    s = Sesion(chromium, servido)
    try:
        for ruta in paginas(sitio):
            if ruta and not ruta.endswith("/"):
                continue
            s.peticiones.clear()
            s.abrir(ruta)
            s.pagina.mouse.wheel(0, 100_000)
            s.pagina.wait_for_load_state("networkidle")
            pyodide = [u for u in s.peticiones if "/assets/pyodide/" in u]
            assert pyodide == [], f"{ruta or '/'} pide Pyodide sin que el lector lo use: {pyodide}"
            script = [u for u in s.peticiones if "calculadora.js" in u]
            assert bool(script) == (ruta in con), f"{ruta or '/'}: calculadora.js {'falta' if ruta in con else 'sobra'}"
        assert s.fuera == []
    finally:
        s.contexto.close()


@pytest.mark.parametrize("con_instantanea", [True, False])
def test_con_la_instantanea_y_sin_ella_da_la_tabla_publicada(sitio, chromium, servido, con_instantanea):
    """Con la instantánea de memoria, Pyodide arranca desde ella; si no se puede descargar, arranca entero.
    En los dos casos, la tabla de la construcción."""
    publicada = celdas(_sopa(sitio, PAGINA_INTERRUMPIBLES).select_one("#gc-interrumpibles .gc-resultado table"))
    s = Sesion(chromium, servido)
    try:
        if not con_instantanea:
            s.contexto.route("**/instantanea.bin.gz*", lambda ruta: ruta.abort())
        s.abrir(PAGINA_INTERRUMPIBLES)
        s.enviar("gc-interrumpibles")
        assert s.celdas("gc-interrumpibles") == publicada
        arranque = s.pagina.evaluate("document.documentElement.dataset.gcArranque")
        assert arranque == ("instantanea" if con_instantanea else "completo")
        assert any("instantanea.bin.gz" in u for u in s.peticiones) == con_instantanea
        assert s.fuera == []
    finally:
        s.contexto.close()


MOVIL = {"viewport": {"width": 390, "height": 844}}


def _fuera_de_la_pantalla(sesion: Sesion, sitio: pathlib.Path) -> list[str]:
    """Las celdas del resultado de cada calculadora que, a 390 px, quedan a la derecha del borde de la pantalla
    (habría que desplazarse en horizontal para leerlas)."""
    fuera = []
    for ruta in _con_formularios(sitio):
        sesion.pagina.goto(sesion.base + ruta, wait_until="networkidle")
        fuera += sesion.pagina.evaluate(
            """ruta => {
              const ancho = document.documentElement.clientWidth;
              return [...document.querySelectorAll("form.gc-calculadora .gc-resultado td")]
                .filter(td => td.getBoundingClientRect().right > ancho + 1)
                .map(td => `${ruta}#${td.closest("form").id}: ${td.textContent}`);
            }""",
            ruta,
        )
    return fuera


def test_en_el_movil_la_respuesta_se_lee_sin_desplazarse_a_la_derecha(sitio, chromium, servido):
    s = Sesion(chromium, servido, **MOVIL)
    try:
        assert _fuera_de_la_pantalla(s, sitio) == []
    finally:
        s.contexto.close()


def test_la_prueba_del_movil_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: la hoja de estilo sin las tarjetas del móvil (su media query no se cumple nunca)."""
    tarjetas = "@media screen and (max-width: 44.9375em) {\n  .md-typeset .gc-resultado table[data-tarjetas] {"
    s = SesionSaboteada(
        chromium, servido, tarjetas, tarjetas.replace("44.9375em", "1px"), "stylesheets/calculadora.css", **MOVIL
    )
    try:
        assert _fuera_de_la_pantalla(s, sitio) != []
    finally:
        s.contexto.close()
