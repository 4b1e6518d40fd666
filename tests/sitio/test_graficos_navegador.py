"""Los gráficos se leen en la pantalla (issue 20): cada página de ``nav``, abierta en Chromium de Debian a
1366 px (portátil) y a 390 px (móvil), con cada gráfico —los de matplotlib hechos al construir y los que dibujan
los formularios (``gpucoste.graficos.dibujo``)— a lo ancho de la columna del texto (≥ 90 %) y con la letra de al menos
11 px ya escalada. El marcado no basta: un SVG con ``width="100%"`` dentro de la ``figure`` de Material
(``width: fit-content``) se queda en los 300 px por defecto del navegador, con la letra en 4 px."""

from __future__ import annotations

import pytest
from conftest import sitio_con
from pantalla import ANCHOS, contexto_local, medir, paginas_nav, problemas
from servidor import servir


def _recorrer(navegador, sitio, rutas, ancho: int) -> dict[str, list[dict]]:
    contexto = contexto_local(navegador, ancho)
    salida = {}
    with servir(sitio) as base:
        pagina = contexto.new_page()
        for ruta in rutas:
            pagina.goto(base + ruta, wait_until="networkidle")
            salida[ruta or "/"] = medir(pagina)
    contexto.close()
    return salida


def test_paginas_nav_son_las_del_sitio(sitio):
    rutas = paginas_nav()
    assert "" in rutas and "calculadoras/cabe/" in rutas and "experimento-finetuning/" in rutas
    assert all((sitio / r / "index.html").is_file() for r in rutas)


@pytest.mark.parametrize("ancho", ANCHOS)
def test_cada_grafico_ocupa_la_columna_y_su_letra_se_lee(chromium, sitio, ancho):
    medidas = _recorrer(chromium, sitio, paginas_nav(), ancho)
    # Se midió cada gráfico del sitio (uno de cada par ancho/estrecho), ninguno se quedó sin ver.
    figuras = sum(
        (sitio / r / "index.html").read_text(encoding="utf-8").count('<figure class="grafico"') for r in paginas_nav()
    )
    medidos = sum(len(m) for m in medidas.values())
    assert medidos == figuras > 0
    fallos = [f"{ruta}: {p}" for ruta, m in medidas.items() for p in problemas(m)]
    anchos = [m["ancho"] / m["columna"] for ms in medidas.values() for m in ms]
    letra = min(m["letra"] for ms in medidas.values() for m in ms)
    print(f"{ancho} px: {medidos} gráficos, ancho mínimo {min(anchos):.0%} de la columna, letra mínima {letra:.1f} px")
    assert not fallos, (
        f"A {ancho} px de ancho, gráficos que no se leen:\n" + "\n".join(fallos) + "\nQué hacer: el gráfico va a todo "
        "el ancho (figure.grafico en docs/stylesheets/extra.css) y su letra, sin fontsize por debajo de 11 (el de "
        "graficos.ESTILO): en el móvil se ve la versión estrecha (graficos.ESTRECHO, dibujo.ESTRECHO)."
    )


def test_la_prueba_ve_el_grafico_de_300_px_y_la_letra_pequena(chromium, sitio, tmp_path):
    """Falla plantado: la regla de antes (la figura de Material, «width: fit-content», sin ancho propio) en una
    página, y en otra un gráfico de 504 de ancho sin versión estrecha: en el móvil, su letra de 11 queda en 7,8 px."""
    copia = sitio_con(sitio, tmp_path / "sitio", "<style>.md-typeset figure.grafico{width:fit-content}</style>")
    solo_ancho = (
        '<figure class="grafico"><svg class="grafico" role="img" aria-label="Plantado" width="100%" '
        'viewBox="0 0 504 273.6" style="font-size: 11px"><text x="10" y="20">1.599 US$</text></svg></figure>'
    )
    pagina = copia / "glosario" / "index.html"
    pagina.write_text(pagina.read_text(encoding="utf-8").replace("</article>", solo_ancho + "</article>", 1))
    (copia / "index.html").write_text(
        (copia / "index.html")
        .read_text(encoding="utf-8")
        .replace("</article>", solo_ancho.replace("Plantado", "Otro") + "</article>", 1)
    )
    escritorio = _recorrer(chromium, copia, ["", "glosario/"], 1366)
    movil = _recorrer(chromium, copia, ["glosario/"], 390)
    assert any("300 px de ancho" in p for p in problemas(escritorio["/"])), escritorio
    assert not problemas(escritorio["glosario/"]), escritorio  # a 1366 px, 504 de ancho se lee (15 px)
    assert [p for p in problemas(movil["glosario/"]) if "letra de 7,8" in p.replace(".", ",")], movil
