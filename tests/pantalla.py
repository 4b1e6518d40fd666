"""Lo que ve el lector en la pantalla: las páginas de ``nav`` abiertas en Chromium a los anchos de un portátil y
de un móvil, con la medida de cada gráfico (ancho frente a la columna del texto, letra más pequeña) y las
capturas para revisar un pull request. Lo usan ``tests/sitio/test_graficos_navegador.py`` y ``make capturas``
(``tests/capturas.py``)."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import yaml

RAIZ = pathlib.Path(__file__).resolve().parent.parent
ANCHOS = (1366, 390)
"""Un portátil corriente y un móvil (el ancho en CSS de muchos teléfonos actuales)."""
ALTO_VENTANA = 900
ESQUEMAS = ("light", "dark")
FRACCION_MINIMA = 0.9
"""Un gráfico ocupa al menos el 90 % del ancho de la columna del texto (dentro de un formulario, con su borde y
su relleno, queda en el 95 %)."""
LETRA_MINIMA = 11.0
"""Píxeles de la letra más pequeña de un gráfico, ya escalado en la pantalla (el texto de la página es de 16)."""


def contexto_local(navegador, ancho: int, alto: int = ALTO_VENTANA, esquema: str = "light"):
    """Un contexto de Chromium con la ventana de ``ancho`` × ``alto`` px en modo ``esquema``, sin service workers
    y con toda petición a otra dirección que 127.0.0.1 cortada (el sitio no carga nada de otro servidor)."""
    contexto = navegador.new_context(
        viewport={"width": ancho, "height": alto}, color_scheme=esquema, service_workers="block"
    )
    contexto.route("**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1") else r.abort())
    return contexto


def _rutas(nav: object) -> Iterator[str]:
    if isinstance(nav, str):
        yield nav
    elif isinstance(nav, list):
        for entrada in nav:
            yield from _rutas(entrada)
    elif isinstance(nav, dict):
        for valor in nav.values():
            yield from _rutas(valor)


def paginas_nav(raiz: pathlib.Path = RAIZ) -> list[str]:
    """La URL (relativa a la base del sitio) de cada página de ``nav`` en ``mkdocs.yml``, en su orden."""
    config = yaml.safe_load((raiz / "mkdocs.yml").read_text(encoding="utf-8"))
    salida = []
    for fuente in _rutas(config["nav"]):
        if "://" in fuente:
            continue
        ruta = fuente.rsplit(".", 1)[0]
        salida.append("" if ruta == "index" else ruta.removesuffix("/index") + "/")
    return salida


MEDIR = """() => {
  const col = document.querySelector('.md-content__inner');
  const estilo = getComputedStyle(col);
  const columna = col.getBoundingClientRect().width - parseFloat(estilo.paddingLeft)
    - parseFloat(estilo.paddingRight);
  const salida = [];
  for (const svg of document.querySelectorAll('svg.grafico')) {
    if (getComputedStyle(svg).display === 'none') continue;  // la otra versión (ancha o estrecha) del gráfico
    // Lo que lo esconde se abre: la pestaña de Material que lo contiene y los <details>.
    for (let e = svg.parentElement; e; e = e.parentElement) {
      if (e.tagName === 'DETAILS') e.open = true;
      if (e.classList.contains('tabbed-block')) {
        const i = [...e.parentElement.children].indexOf(e);
        const entradas = [...e.closest('.tabbed-set').children].filter(h => h.tagName === 'INPUT');
        if (entradas[i]) entradas[i].checked = true;
      }
    }
    svg.scrollIntoView();  // fuera de la pantalla, content-visibility no lo maqueta
    const caja = svg.getBoundingClientRect();
    let letra = Infinity, muestra = '';
    for (const t of svg.querySelectorAll('text')) {
      const m = t.getScreenCTM();
      if (!m || !t.textContent.trim()) continue;
      // Tamaño de la letra por la escala vertical del texto en la pantalla (vale también para el girado).
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.c, m.d);
      if (px < letra) { letra = px; muestra = t.textContent.trim(); }
    }
    salida.push({grafico: (svg.getAttribute('aria-label') || '').slice(0, 70), ancho: caja.width, columna,
                 letra, muestra});
  }
  return salida;
}"""


def medir(pagina) -> list[dict]:
    """Cada gráfico visible de la página abierta: ``grafico`` (su texto alternativo, cortado), ``ancho`` y
    ``columna`` (px), ``letra`` (px de su texto más pequeño) y ``muestra`` (ese texto)."""
    return pagina.evaluate(MEDIR)


def problemas(medidas: list[dict]) -> list[str]:
    """Lo que incumple la regla: un gráfico más estrecho que el 90 % de la columna o con letra de menos de 11 px."""
    salida = []
    for m in medidas:
        if m["ancho"] < FRACCION_MINIMA * m["columna"]:
            salida.append(f"«{m['grafico']}»: {m['ancho']:.0f} px de ancho en una columna de {m['columna']:.0f} px")
        if m["letra"] < LETRA_MINIMA:
            salida.append(f"«{m['grafico']}»: letra de {m['letra']:.1f} px («{m['muestra'][:30]}»)")
    return salida
