"""La respuesta, en la primera pantalla del móvil (issue 20): cada calculadora del sitio, abierta en Chromium de
Debian a 390 × 844 px (un teléfono corriente), en modo claro y oscuro.

- Nada se desplaza a la derecha: ni la página ni una celda del resultado salen de la pantalla.
- Al llegar al formulario, la respuesta ya se ve: desde el borde de arriba del formulario hasta el final de la
  respuesta cabe una pantalla (la ventana menos la cabecera fija de Material). La respuesta es la tabla entera
  si es de «Resultado | Valor» y las tres opciones más baratas si es un ranking en tarjetas.

Se mide lo que hay en la pantalla (``getBoundingClientRect``), no el marcado: el orden lo pone
``docs/stylesheets/calculadora.css`` en un móvil (el resultado delante de los campos)."""

from __future__ import annotations

import pytest
from conftest import sitio_con
from pantalla import contexto_local
from servidor import servir

ANCHO, ALTO = 390, 844
"""Un teléfono corriente, en píxeles CSS (el ancho de test_graficos_navegador, ``pantalla.ANCHOS``)."""
OPCIONES = 3
"""En un ranking, las opciones más baratas que tienen que verse con el formulario."""

MEDIR = """(opciones) => {
  const cabecera = document.querySelector('.md-header').getBoundingClientRect().height;
  const salida = {ancho: innerWidth, pagina: document.documentElement.scrollWidth, cabecera, formularios: []};
  for (const form of document.querySelectorAll('form.gc-calculadora')) {
    const tabla = form.querySelector('.gc-resultado table');
    const filas = [...tabla.querySelectorAll('tbody tr')];
    const respuesta = tabla.hasAttribute('data-tarjetas') ? filas.slice(0, opciones) : filas;
    const arriba = form.getBoundingClientRect().top;
    const celdas = [...tabla.querySelectorAll('td, th')].filter(c => c.getClientRects().length);
    salida.formularios.push({
      id: form.id,
      hasta: Math.max(...respuesta.map(f => f.getBoundingClientRect().bottom)) - arriba,
      desde_arriba: Math.max(...respuesta.map(f => f.getBoundingClientRect().bottom)) + scrollY,
      derecha: Math.max(...celdas.map(c => c.getBoundingClientRect().right)),
    });
  }
  return salida;
}"""


def paginas_con_calculadora(sitio) -> list[str]:
    return sorted(
        f.parent.relative_to(sitio).as_posix() + "/"
        for f in sitio.rglob("index.html")
        if 'class="gc-calculadora"' in f.read_text(encoding="utf-8")
    )


def _medir(navegador, sitio, rutas: list[str], esquema: str) -> dict[str, dict]:
    contexto = contexto_local(navegador, ANCHO, ALTO, esquema)
    salida = {}
    with servir(sitio) as base:
        pagina = contexto.new_page()
        for ruta in rutas:
            pagina.goto(base + ruta, wait_until="networkidle")
            salida[ruta] = pagina.evaluate(MEDIR, OPCIONES)
    contexto.close()
    return salida


def problemas(medidas: dict[str, dict]) -> list[str]:
    """Lo que incumple la regla, página a página."""
    salida = []
    for ruta, m in medidas.items():
        pantalla = ALTO - m["cabecera"]
        if m["pagina"] > m["ancho"]:
            salida.append(f"{ruta}: la página mide {m['pagina']} px de ancho en una pantalla de {m['ancho']}")
        for f in m["formularios"]:
            if f["derecha"] > m["ancho"]:
                salida.append(f"{ruta}#{f['id']}: una celda del resultado acaba en {f['derecha']:.0f} px, fuera")
            if f["hasta"] > pantalla:
                salida.append(
                    f"{ruta}#{f['id']}: la respuesta acaba {f['hasta']:.0f} px por debajo del formulario; en la "
                    f"pantalla caben {pantalla:.0f}"
                )
    return salida


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_la_respuesta_en_la_primera_pantalla_del_movil(chromium, sitio, esquema):
    rutas = paginas_con_calculadora(sitio)
    assert "calculadoras/donde-mas-barato/" in rutas and "calculadoras/cabe/" in rutas
    medidas = _medir(chromium, sitio, rutas, esquema)
    for ruta, m in medidas.items():
        for f in m["formularios"]:
            print(
                f"{esquema} · {ruta}#{f['id']}: respuesta a {f['hasta']:.0f} px del formulario, "
                f"a {f['desde_arriba']:.0f} px del principio de la página"
            )
    assert not problemas(medidas), "En el móvil, la respuesta no se ve:\n" + "\n".join(problemas(medidas))


def test_la_prueba_ve_la_respuesta_debajo_de_los_campos_y_la_tabla_ancha(chromium, sitio, tmp_path):
    """Falla plantado: el orden de antes (los campos delante del resultado) y una tabla de resultado que no cabe
    de ancho."""
    orden = "<style>@media screen { .gc-calculadora { display: block !important; } }</style>"
    copia = sitio_con(sitio, tmp_path / "orden", orden, "calculadoras/cabe/index.html")
    encontrados = problemas(_medir(chromium, copia, ["calculadoras/cabe/"], "light"))
    assert any("por debajo del formulario" in p for p in encontrados), encontrados
    ancha = "<style>.gc-resultado table { min-width: 700px; }</style>"
    copia = sitio_con(sitio, tmp_path / "ancha", ancha, "calculadoras/cuanto-tarda/index.html")
    encontrados = problemas(_medir(chromium, copia, ["calculadoras/cuanto-tarda/"], "dark"))
    assert any("fuera" in p or "de ancho" in p for p in encontrados), encontrados
