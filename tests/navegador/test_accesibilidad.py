"""Que cualquiera pueda usar las calculadoras, en Chromium: axe-core no encuentra violaciones graves ni críticas en
las páginas con formularios (tras calcular, con un error a la vista y con el gráfico redibujado), en modo claro y
oscuro; y sin JavaScript, un enlace abre la página con los valores por defecto, su resultado y la orden para copiarla
a mano.
"""

from __future__ import annotations

import pytest
from calculadoras_navegador import (
    PAGINA_BARATO,
    Sesion,
    _con_formularios,
    _filas,
    _grafico,
    _otros,
    _pagina_de,
    _por_defecto,
    _valores,
)
from calculadoras_navegador import servido as servido

from gpucoste import navegador


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_accesibilidad_de_los_formularios(sitio, chromium, servido, esquema):
    """axe-core tras calcular y con un error a la vista: 0 violaciones graves o críticas."""
    from accesibilidad import violaciones_graves

    s = Sesion(chromium, servido, color_scheme=esquema)
    resultado = {}
    try:
        for ruta, ids in _con_formularios(sitio).items():
            s.abrir(ruta)
            for id_ in ids:
                campo = s.pagina.locator(f"#{id_} input[name]").first
                if campo.count():
                    campo.fill("abc")
                s.enviar(id_)
            resultado[ruta] = _violaciones(s)
    finally:
        s.contexto.close()
    assert violaciones_graves(resultado) == []


def _violaciones(s: Sesion) -> list[dict]:
    """Las violaciones de axe-core (WCAG 2.1 A/AA) de la página abierta en ``s``, tal como está."""
    from accesibilidad import ETIQUETAS_WCAG, ruta_axe

    # Sin transiciones: el botón recién pulsado cambia de color en 0,25 s (Material) y axe, si mide a
    # mitad del cambio, ve un contraste intermedio que nadie llega a leer (fallaba una vez de cada pocas).
    s.pagina.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    s.pagina.add_script_tag(content=ruta_axe().read_text(encoding="utf-8"))
    return s.pagina.evaluate(
        """etiquetas => axe.run(document, {runOnly: {type: "tag", values: etiquetas},
                                           resultTypes: ["violations"]})
            .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodos: v.nodes.map(n => n.target.join(" ")).slice(0, 5), n: v.nodes.length})))""",
        ETIQUETAS_WCAG,
    )


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_donde_mas_barato_con_el_grafico_redibujado_sin_violaciones_graves(chromium, servido, esquema):
    """axe-core con el gráfico que dibuja el navegador a la vista (la prueba de todos los formularios lo ve
    con un error, sin gráfico) y el foco en el botón: 0 violaciones graves o críticas, en modo claro y oscuro."""
    from accesibilidad import violaciones_graves

    s = Sesion(chromium, servido, color_scheme=esquema)
    try:
        s.abrir(PAGINA_BARATO)
        s.pagina.fill("#gc-donde-mas-barato-tokens", "100.000.000")
        s.enviar("gc-donde-mas-barato")
        assert 'class="destacado"' in _grafico(s, "gc-donde-mas-barato")
        # El foco sigue en «Calcular», recién pulsado: su estado :focus también ha de contrastar.
        assert s.pagina.evaluate("document.activeElement.type") == "submit"
        resultado = {PAGINA_BARATO: _violaciones(s)}
    finally:
        s.contexto.close()
    assert violaciones_graves(resultado) == []


def test_sin_javascript_un_enlace_muestra_los_valores_por_defecto(sitio, chromium, servido):
    """Sin JavaScript, el enlace abre la página completa con los valores por defecto y su resultado (el de la
    construcción), el aviso de que hace falta JavaScript para calcular y, para copiarla a mano, la orden."""
    s = Sesion(chromium, servido, java_script_enabled=False)
    try:
        ruta = _pagina_de(sitio, "cabe")
        s.pagina.goto(s.base + ruta + navegador.enlace("cabe", _otros("cabe")), wait_until="networkidle")
        defecto = _por_defecto("cabe")
        assert _valores(s, "gc-cabe") == defecto
        assert s.celdas("gc-cabe") == _filas(navegador.calcular("cabe", defecto))
        assert "hace falta JavaScript" in s.pagina.inner_text("#gc-cabe")
        assert s.pagina.inner_text("#gc-cabe .gc-orden") == navegador.orden_cli("cabe", defecto)
        assert s.pagina.locator("#gc-cabe .gc-copiar").is_hidden()
        assert s.fuera == []
    finally:
        s.contexto.close()
