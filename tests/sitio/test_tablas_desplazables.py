"""Una tabla más ancha que la pantalla se desplaza dentro de su caja; en el móvil, una sombra en el borde por el que
sigue lo dice (``docs/stylesheets/extra.css``, «Una tabla más ancha que la columna…»).

Se mira la pantalla, no el CSS: en Chromium a 390 px, en modo claro y oscuro, la columna de píxeles de cada borde de
la caja de la primera tabla que se desplaza de «Precios», con la tabla al principio y al final, tal cual y con el fondo
de la caja quitado (la misma tabla, sin sombras). Con tabla escondida por ese borde, las dos columnas difieren (la
sombra); sin ella, son iguales (la sombra no está)."""

from __future__ import annotations

import io

import pytest
from conftest import sitio_con
from pantalla import contexto_local
from servidor import servir

ANCHO, ALTO = 390, 844
PAGINA = "precios/"
DIFERENCIA = 6
"""Diferencia mínima de luminancia media (de 0 a 255) en la columna de un borde entre la caja con sombra y sin ella."""
CAJA_PROBADA = "document.getElementById('gc-prueba-desplazable')"
SIN_FONDO = ".md-typeset .gc-tabla > .md-typeset__scrollwrap { background: none !important; }"

CAJA = """() => {
  const caja = [...document.querySelectorAll('.gc-tabla > .md-typeset__scrollwrap')]
    .find(c => c.scrollWidth > c.clientWidth + 20);
  if (!caja) return null;
  caja.id = 'gc-prueba-desplazable';
  window.scrollTo(0, caja.getBoundingClientRect().top + scrollY - 120);
  const r = caja.getBoundingClientRect();
  return {izquierda: r.left, derecha: r.right, arriba: r.top, alto: Math.min(r.height, innerHeight - r.top)};
}"""


def _luminancia(png: bytes) -> float:
    from PIL import Image

    imagen = Image.open(io.BytesIO(png)).convert("L")
    histograma = imagen.histogram()
    return sum(i * n for i, n in enumerate(histograma)) / sum(histograma)


def _bordes(navegador, sitio, esquema: str) -> dict[tuple[str, str], float]:
    """Por (borde, principio o final de la tabla): cuánto cambia la columna de 2 px del borde al quitar el fondo."""
    contexto = contexto_local(navegador, ANCHO, ALTO, esquema)
    columnas: dict[tuple[str, str, bool], float] = {}
    with servir(sitio) as base:
        pagina = contexto.new_page()
        pagina.goto(base + PAGINA, wait_until="networkidle")
        caja = pagina.evaluate(CAJA)
        assert caja is not None, f"ninguna tabla de {PAGINA} se desplaza a {ANCHO} px: la prueba no mira nada"
        for sin_fondo in (False, True):
            if sin_fondo:
                pagina.add_style_tag(content=SIN_FONDO)
            for posicion, desplazamiento in (("principio", "0"), ("final", "c.scrollWidth")):
                pagina.evaluate(f"() => {{ const c = {CAJA_PROBADA}; c.scrollLeft = {desplazamiento}; }}")
                pagina.wait_for_timeout(100)
                for borde, x in (("izquierda", caja["izquierda"]), ("derecha", caja["derecha"] - 2)):
                    recorte = {"x": x, "y": caja["arriba"], "width": 2, "height": caja["alto"]}
                    columnas[(borde, posicion, sin_fondo)] = _luminancia(pagina.screenshot(clip=recorte))
    contexto.close()
    return {(b, p): abs(columnas[(b, p, False)] - columnas[(b, p, True)]) for b, p, _ in columnas}


def problemas(cambios: dict[tuple[str, str], float]) -> list[str]:
    """Los bordes en que la sombra falta con tabla escondida detrás, o está sin ella."""
    salida = []
    for borde, con, sin in (("derecha", "principio", "final"), ("izquierda", "final", "principio")):
        if cambios[(borde, con)] < DIFERENCIA:
            salida.append(
                f"borde {borde}, tabla al {con}: queda tabla detrás y no hay sombra ({cambios[(borde, con)]:.1f})"
            )
        if cambios[(borde, sin)] >= DIFERENCIA:
            salida.append(f"borde {borde}, tabla al {sin}: no queda tabla y hay sombra ({cambios[(borde, sin)]:.1f})")
    return salida


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_una_sombra_dice_que_la_tabla_sigue(chromium, sitio, esquema):
    cambios = _bordes(chromium, sitio, esquema)
    print(esquema, {f"{b}, {p}": round(v, 1) for (b, p), v in cambios.items()})
    assert not problemas(cambios), "\n".join(problemas(cambios))


def test_la_prueba_ve_una_tabla_sin_sombra(chromium, sitio, tmp_path):
    """Falla plantado: la caja sin su fondo (sin sombras ni cortinas)."""
    copia = sitio_con(sitio, tmp_path / "sin-sombra", f"<style>{SIN_FONDO}</style>", f"{PAGINA}index.html")
    assert len(problemas(_bordes(chromium, copia, "light"))) == 2
