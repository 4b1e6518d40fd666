"""Gráficos SVG de las páginas, hechos con matplotlib al construir el sitio.

Reglas que cumple cada gráfico (y que prueba ``tests/test_graficos.py``):

- **Reproducible**: sin fecha en los metadatos y con ``svg.hashsalt`` fijo; dos construcciones dan los
  mismos bytes.
- **Fuentes del sistema**: el texto queda como texto (``svg.fonttype: none``) y hereda la fuente de la página.
- **Modo claro y oscuro**: el fondo es transparente y los textos, ejes y rejilla usan ``currentColor``, el
  color del texto de la página; las series usan colores de tono medio, legibles sobre blanco y sobre gris oscuro.
- **Texto alternativo**: el ``<svg>`` lleva ``role="img"``, ``aria-label`` y ``<title>`` con la descripción.

Solo lo importan los snippets de las páginas: los cálculos (y las calculadoras del navegador) no
necesitan matplotlib. Uso típico en un snippet::

    from gpucoste import graficos

    with graficos.figura() as (fig, ax):
        ax.plot([1, 2, 3], [2, 4, 8], label="coste")
        ax.set_xlabel("horas")
    print(graficos.svg(fig, "Coste en dólares frente a horas: crece en línea recta."))
"""

from __future__ import annotations

import contextlib
import html
import io
import re
from collections.abc import Iterator

import matplotlib

__all__ = ["ESTILO", "MARGEN", "TINTA", "coma_decimal", "figura", "svg"]


matplotlib.use("Agg")  # sin pantalla: solo se escriben ficheros

import matplotlib.pyplot as plt  # noqa: E402
from cycler import cycler  # noqa: E402

# Un color «centinela» que matplotlib escribe tal cual y que después se cambia por currentColor.
_TINTA = "#010203"
_TINTA_SUAVE = "#040506"  # rejilla y detalles: currentColor con opacidad
TINTA = _TINTA
"""El color del texto de la página, para una serie que deba verse en los modos claro y oscuro (en el SVG,
``currentColor``); p. ej. la frontera de Pareto, como en los gráficos del navegador (``dibujo.puntos``)."""

from .dibujo import PALETA  # noqa: E402 (los colores de las series, los mismos en los gráficos del navegador)

ESTILO = {
    "svg.hashsalt": "gpucoste",  # ids internos (clipPath…) estables entre construcciones
    "svg.fonttype": "none",  # texto como texto: hereda la fuente del sistema y se puede seleccionar
    "font.family": "sans-serif",
    "font.size": 11,
    "text.color": _TINTA,
    "axes.edgecolor": _TINTA,
    "axes.labelcolor": _TINTA,
    "axes.titlecolor": _TINTA,
    "xtick.color": _TINTA,
    "ytick.color": _TINTA,
    "grid.color": _TINTA_SUAVE,
    "axes.grid": True,
    "grid.linewidth": 0.6,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.prop_cycle": cycler(color=list(PALETA)),
    "legend.frameon": False,
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.transparent": True,
    "axes.formatter.use_locale": False,
}


@contextlib.contextmanager
def figura(ancho: float = 7.0, alto: float = 3.8) -> Iterator[tuple[plt.Figure, plt.Axes]]:
    """Una figura con el estilo de la guía (``ancho`` × ``alto`` pulgadas); se cierra al salir."""
    with plt.rc_context(ESTILO):
        # Sin motor de disposición: ``svg`` encaja los ejes una sola vez, antes de guardar (ver ``_encajar``).
        fig, ax = plt.subplots(figsize=(ancho, alto))
        try:
            yield fig, ax
        finally:
            plt.close(fig)


def coma_decimal(ax: plt.Axes, decimales: int = 0, eje: str = "y") -> None:
    """Marcas del eje con coma decimal y punto de millares (como el resto de la guía)."""
    from matplotlib.ticker import FuncFormatter

    from .formato import numero

    formateador = FuncFormatter(lambda x, _pos: numero(float(x) + 0.0, decimales))
    (ax.yaxis if eje == "y" else ax.xaxis).set_major_formatter(formateador)


def _ids_propios(texto: str) -> str:
    """Prefija cada ``id`` del SVG (y sus referencias ``#id``) con una huella del propio SVG.

    matplotlib numera igual los ids de cada figura (``figure_1``, ``line2d_1``…): con dos gráficos en una
    página habría ids repetidos (HTML no válido). La huella sale del contenido, así que es reproducible.
    """
    import hashlib

    ids = set(re.findall(r'\bid="([^"]+)"', texto))
    if not ids:
        return texto
    prefijo = "g" + hashlib.sha256(texto.encode("utf-8")).hexdigest()[:10]
    nombres = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    patron = re.compile(rf'(\bid="|#)({nombres})(?=["\)])')
    return patron.sub(lambda m: f"{m.group(1)}{prefijo}-{m.group(2)}", texto)


MARGEN = 3 / 72  # pulgadas entre el texto más exterior y el borde (el relleno de layout="constrained")


def _encajar(fig: plt.Figure) -> None:
    """Ajusta los márgenes para que quepan etiquetas, marcas y leyenda, con ``MARGEN`` hasta el borde.

    Hace lo mismo que ``layout="constrained"`` para una figura de unos ejes, en una sola medida del texto en
    lugar de las varias de su motor (que se repiten al dibujar): la mitad del tiempo de ``savefig``.
    """
    from matplotlib.transforms import Bbox

    ancho, alto = fig.get_size_inches()
    caja = fig.get_tightbbox(fig._get_renderer())  # en pulgadas: todo lo dibujado
    ejes = Bbox.union([ax.get_position() for ax in fig.axes])  # en fracciones de la figura
    mx, my = MARGEN / ancho, MARGEN / alto
    fig.subplots_adjust(
        left=ejes.x0 - caja.x0 / ancho + mx,
        right=ejes.x1 + 1 - caja.x1 / ancho - mx,
        bottom=ejes.y0 - caja.y0 / alto + my,
        top=ejes.y1 + 1 - caja.y1 / alto - my,
    )


def svg(fig: plt.Figure, alt: str) -> str:
    """El SVG de ``fig`` para incrustar en una página, con ``alt`` como texto alternativo.

    Sin prólogo XML ni metadatos de fecha; los colores de texto y ejes pasan a ``currentColor``.
    """
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"svg: texto alternativo {alt!r} no vale; se admite una descripción no vacía.")
    with plt.rc_context(ESTILO):
        if fig.get_layout_engine() is None and fig.axes:
            _encajar(fig)
        salida = io.StringIO()
        fig.savefig(salida, format="svg", metadata={"Date": None, "Creator": None})
    texto = salida.getvalue()
    texto = texto[texto.index("<svg") :]  # fuera el prólogo <?xml …?> y el DOCTYPE
    texto = re.sub(r"<metadata>.*?</metadata>\s*", "", texto, flags=re.S)
    texto = texto.replace(_TINTA, "currentColor")
    texto = texto.replace(f"stroke: {_TINTA_SUAVE}", "stroke: currentColor; stroke-opacity: 0.25")
    texto = texto.replace(_TINTA_SUAVE, "currentColor")
    # La fuente: la de la página (matplotlib escribe la que usó para medir el texto).
    texto = re.sub(r"font-family:[^;\"]*", "font-family: inherit", texto)
    texto = re.sub(r"font: (\d+(?:\.\d+)?px) [^;\"]*", r"font-size: \1; font-family: inherit", texto)
    # Ancho del contenedor, alto proporcional (el viewBox conserva la forma).
    texto = re.sub(r'(<svg\b[^>]*?) width="[^"]*" height="[^"]*"', r'\1 width="100%"', texto, count=1)
    texto = _ids_propios(texto)
    descripcion = html.escape(alt.strip(), quote=True)
    texto = texto.replace("<svg ", f'<svg role="img" aria-label="{descripcion}" class="grafico" ', 1)
    texto = re.sub(r"(<svg\b[^>]*>)", rf"\1<title>{descripcion}</title>", texto, count=1)
    # Sin líneas en blanco: Markdown cerraría el bloque HTML en la primera.
    texto = "\n".join(linea for linea in texto.splitlines() if linea.strip())
    return f'<figure class="grafico">\n{texto}\n</figure>\n'
