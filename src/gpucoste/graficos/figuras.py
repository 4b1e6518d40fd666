"""Gráficos SVG de las páginas, hechos con matplotlib al construir el sitio.

Reglas que cumple cada gráfico (y que prueba ``tests/graficos/test_graficos.py``):

- **Reproducible**: sin fecha en los metadatos y con ``svg.hashsalt`` fijo; dos construcciones dan los
  mismos bytes.
- **Fuentes del sistema**: el texto queda como texto (``svg.fonttype: none``) y hereda la fuente de la página.
- **Modo claro y oscuro**: el fondo es transparente y los textos, ejes y rejilla usan ``currentColor``, el
  color del texto de la página; las series usan colores de tono medio, legibles sobre blanco y sobre gris oscuro.
- **Texto alternativo**: el ``<svg>`` lleva ``role="img"``, ``aria-label`` y ``<title>`` con la descripción.

Solo lo importan los snippets de las páginas: los cálculos (y las calculadoras del navegador) no
necesitan matplotlib. Uso típico en un snippet::

    from gpucoste.graficos import figuras

    with figuras.figura() as (fig, ax):
        ax.plot([1, 2, 3], [2, 4, 8], label="coste")
        ax.set_xlabel("horas")
    print(figuras.svg(fig, "Coste en dólares frente a horas: crece en línea recta."))
"""

from __future__ import annotations

import contextlib
import html
import io
import re
from collections.abc import Iterator
from types import MappingProxyType

import matplotlib

__all__ = ["ESTILO", "ESTRECHO", "MARGEN", "TINTA", "coma_decimal", "figura", "svg"]


matplotlib.use("Agg")  # sin pantalla: solo se escriben ficheros

import matplotlib.pyplot as plt  # noqa: E402
from cycler import cycler  # noqa: E402

# Un color «centinela» que matplotlib escribe tal cual y que después se cambia por currentColor.
_TINTA = "#010203"
_TINTA_SUAVE = "#040506"  # rejilla y detalles: currentColor con opacidad
TINTA = _TINTA
"""El color del texto de la página, para una serie que deba verse en los modos claro y oscuro (en el SVG,
``currentColor``); p. ej. la frontera de Pareto, como en los gráficos del navegador (``dibujo.puntos``)."""

from gpucoste.base import validacion  # noqa: E402
from gpucoste.graficos.dibujo import PALETA  # noqa: E402 (los colores de las series, los mismos en los gráficos del navegador)

ESTILO = MappingProxyType(
    {
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
)


def figura(ancho: float = 7.0, alto: float = 3.8) -> contextlib.AbstractContextManager[tuple[plt.Figure, plt.Axes]]:
    """Una figura con el estilo de la guía (``ancho`` × ``alto`` pulgadas, hasta 50); se cierra al salir.

    Las medidas se comprueban al llamarla, no al entrar en el ``with``."""
    for valor, nombre in ((ancho, "ancho"), (alto, "alto")):
        if validacion.numero(valor, nombre) > 50:
            raise ValueError(f"{nombre}: {valor!r} no vale; se admite un número de pulgadas mayor que 0 y hasta 50.")
    return _figura(ancho, alto)


@contextlib.contextmanager
def _figura(ancho: float, alto: float) -> Iterator[tuple[plt.Figure, plt.Axes]]:
    with plt.rc_context(ESTILO):
        # Sin motor de disposición: ``svg`` encaja los ejes una sola vez, antes de guardar (ver ``_encajar``).
        fig, ax = plt.subplots(figsize=(ancho, alto))
        try:
            yield fig, ax
        finally:
            plt.close(fig)


def coma_decimal(ax: plt.Axes, decimales: int = 0, eje: str = "y") -> None:
    """Marcas del eje con coma decimal y punto de millares (como el resto de la guía), con ``decimales``.

    En escala logarítmica, una marca por debajo de 1 lleva los decimales que necesita («0,1», «0,01»), y las demás,
    la cifra entera («1000», «10.000»), no la potencia («10³») que matplotlib compone como fórmula."""
    validacion.instancia(ax, plt.Axes, "ax", de="el de graficos.figura()")
    validacion.entero(decimales, "decimales", maximo=20)
    validacion.opcion(eje, "Eje", ("x", "y"))
    import math

    from matplotlib.ticker import FuncFormatter

    from gpucoste.base.formato import numero

    eje_ = ax.yaxis if eje == "y" else ax.xaxis

    def marca(x: float, _pos: int | None) -> str:
        d = decimales
        if 0 < x < 1 and eje_.get_scale() == "log":
            d = max(d, min(20, -math.floor(math.log10(x) + 1e-9)))
        return numero(float(x) + 0.0, d)

    eje_.set_major_formatter(FuncFormatter(marca))


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


ESTRECHO = 4.4
"""Pulgadas de ancho de la versión para pantallas estrechas (móvil). Cada gráfico se guarda dos veces: a su ancho
(clase ``grafico-ancho``) y, con los mismos ejes y la misma letra, a ``ESTRECHO`` (``grafico-estrecho``); la hoja
de estilo (``figure.grafico`` en ``docs/stylesheets/extra.css``) muestra el que toca. Un SVG escala su texto con
su ancho: con un solo dibujo de 7 pulgadas (504 px), en la columna de un móvil (358 px a 390 de pantalla) la
letra de 11 px quedaría en 7,8 px; a 4,4 pulgadas (316,8 px), queda en 12,4 px."""


def svg(fig: plt.Figure, alt: str) -> str:
    """El SVG de ``fig`` para incrustar en una página, con ``alt`` como texto alternativo.

    Dos ``<svg>`` en una ``<figure class="grafico">``: al ancho de la figura y a ``ESTRECHO`` pulgadas. Sin
    prólogo XML ni metadatos de fecha; los colores de texto y ejes pasan a ``currentColor``.
    """
    validacion.instancia(fig, plt.Figure, "fig", de="la de graficos.figura()")
    if not validacion.texto_de_campo(alt):
        raise ValueError(
            f"svg: texto alternativo {alt!r} no vale; se admite una descripción no vacía, sin caracteres de control."
        )
    ancho, alto = fig.get_size_inches()
    descripcion = html.escape(alt.strip(), quote=True)
    partes = []
    for pulgadas, clase in ((ancho, "grafico-ancho"), (min(ancho, ESTRECHO), "grafico-estrecho")):
        fig.set_size_inches(pulgadas, alto + _leyendas_arriba(fig, pulgadas))
        partes.append(_guardar(fig, descripcion, clase))
    return '<figure class="grafico">\n' + "\n".join(partes) + "\n</figure>\n"


def _leyendas_arriba(fig: plt.Figure, ancho: float) -> float:
    """Pasa la leyenda de cada eje encima de sus datos, en una columna, y parte en líneas que caben en ``ancho``
    pulgadas los nombres largos de la leyenda y los rótulos de los ejes; devuelve las pulgadas de alto que añade.

    Con la letra de 11 px, una leyenda dentro de los ejes tapa los datos (y en el dibujo estrecho se sale): encima
    no tapa nada. Se llama antes de guardar cada dibujo; la leyenda se rehace desde la original cada vez.
    """
    import textwrap

    from matplotlib.transforms import blended_transform_factory

    extra = 0.0
    for ax in fig.axes:
        # Los rótulos de los ejes, en líneas que caben a lo ancho (el del eje x) y a lo alto (el del y).
        alto = fig.get_size_inches()[1]
        for rotulo, pulgadas in ((ax.xaxis.label, ancho), (ax.yaxis.label, alto)):
            cabe = max(12, int((pulgadas - 1.0) * 72 / (0.6 * rotulo.get_fontsize())))  # unos 0,6 em por letra
            rotulo.set_text(textwrap.fill(" ".join(rotulo.get_text().split()), cabe))
        leyenda = ax.get_legend()
        if leyenda is None:
            continue
        tamano = leyenda.get_texts()[0].get_fontsize() if leyenda.get_texts() else ESTILO["font.size"]
        letras = max(12, int((ancho - 0.6) * 72 / (0.6 * tamano)))
        nombres = [textwrap.fill(" ".join(t.get_text().split()), letras) for t in leyenda.get_texts()]
        lineas = sum(n.count("\n") + 1 for n in nombres)
        with plt.rc_context(ESTILO):  # los colores y el marco de la guía, como la leyenda original
            ax.legend(
                leyenda.legend_handles,
                nombres,
                loc="lower left",
                # Desde el borde izquierdo de la figura (no del eje, que puede empezar a media figura) y encima del eje.
                bbox_to_anchor=(0.01, 1.02),
                bbox_transform=blended_transform_factory(fig.transFigure, ax.transAxes),
                ncols=1,
                borderaxespad=0,
            )
        ax.get_legend().set_in_layout(True)
        extra += lineas * tamano * 1.3 / 72 + 0.1
    return extra


# Las coordenadas con dos decimales (una centésima de punto: invisible) en vez de los seis de matplotlib: el SVG
# pesa un tercio menos. Solo en los atributos de geometría: los textos («1599 US$») no se tocan.
_ATRIBUTOS_GEOMETRIA = re.compile(r'(\s(?:d|x|y|x1|x2|y1|y2|cx|cy|r|width|height|transform|points)=")([^"]*)"')
_CIFRA_LARGA = re.compile(r"-?\d+\.\d{3,}")


def _redondear(cifra: re.Match) -> str:
    texto = f"{float(cifra.group(0)):.2f}".rstrip("0").rstrip(".")
    return "0" if texto == "-0" else texto


_MEDIDAS: dict[tuple, dict] = {}
"""``_medidas_compartidas``: por estilo de texto (los parámetros de matplotlib que cambian una medida), las medidas
ya hechas de cada texto."""
_PARAMETROS_DE_TEXTO = ("text.hinting", "text.hinting_factor", "text.kerning_factor", "font.family")


@contextlib.contextmanager
def _medidas_compartidas() -> Iterator[None]:
    """Mientras dura, matplotlib mide cada texto una vez por clase de dibujante (Agg, el de ``_encajar``; SVG, el de
    ``savefig``, tras su ``MixedModeRenderer``), resolución, letra y estilo, no una vez por dibujante: cada figura y
    cada ancho estrena dos, y las mismas marcas («0», «1000», «ene 2026»), rótulos y leyendas se medían de nuevo en
    cada uno (más de una décima parte del tiempo de guardar los gráficos). La medida es la misma: depende solo de eso
    (y de los parámetros de texto y de fuente, que entran en la clave). Con otro dibujante o con texto matemático, la
    medida de siempre."""
    import matplotlib.text as mtext

    original = getattr(mtext, "_get_text_metrics_with_cache", None)
    if original is None or getattr(original, "compartida", False):  # otra versión de matplotlib, o ya dentro
        yield
        return
    from matplotlib.backends.backend_agg import RendererAgg
    from matplotlib.backends.backend_mixed import MixedModeRenderer
    from matplotlib.backends.backend_svg import RendererSVG

    parametros = matplotlib.rcParams
    familias = tuple(str(parametros[f"font.{f}"]) for f in ("sans-serif", "serif", "monospace", "cursive", "fantasy"))
    medidas = _MEDIDAS.setdefault((*(str(parametros[p]) for p in _PARAMETROS_DE_TEXTO), *familias), {})

    def medir(renderer, text, fontprop, ismath, dpi):
        # savefig(format="svg") mide con un MixedModeRenderer que lo pasa al de SVG (o al de Agg, si rasteriza).
        mide = getattr(renderer, "_renderer", None) if type(renderer) is MixedModeRenderer else renderer
        if ismath is not False or type(mide) not in (RendererAgg, RendererSVG):
            return original(renderer, text, fontprop, ismath, dpi)
        clave = (type(mide), getattr(mide, "dpi", None), dpi, text, fontprop.copy())
        if clave not in medidas:
            medidas[clave] = original(renderer, text, fontprop, ismath, dpi)
        return medidas[clave]

    medir.compartida = True
    mtext._get_text_metrics_with_cache = medir
    try:
        yield
    finally:
        mtext._get_text_metrics_with_cache = original


def _guardar(fig: plt.Figure, descripcion: str, clase: str) -> str:
    """Un ``<svg>`` de ``fig`` a su tamaño actual, con la clase ``clase`` y la descripción como texto alternativo."""
    with plt.rc_context(ESTILO), _medidas_compartidas():
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
    # Fuera los ids que nada usa (matplotlib pone uno en cada grupo): menos bytes y ninguno repetido en la página.
    usados = set(re.findall(r"#([\w.-]+)", texto))
    texto = re.sub(r'\sid="([^"]*)"', lambda m: m.group(0) if m.group(1) in usados else "", texto)
    texto = _ids_propios(texto)
    texto = re.sub(r'\sd="([^"]*)"', lambda m: ' d="' + " ".join(m.group(1).split()) + '"', texto)
    texto = _ATRIBUTOS_GEOMETRIA.sub(lambda m: m.group(1) + _CIFRA_LARGA.sub(_redondear, m.group(2)) + '"', texto)
    texto = texto.replace("<svg ", f'<svg role="img" aria-label="{descripcion}" class="grafico {clase}" ', 1)
    # Con una función: una «\» del texto alternativo no es un grupo de la expresión regular («bad escape»).
    texto = re.sub(r"(<svg\b[^>]*>)", lambda m: f"{m.group(1)}<title>{descripcion}</title>", texto, count=1)
    # Sin líneas en blanco (Markdown cerraría el bloque HTML en la primera) ni sangría.
    return "\n".join(linea.strip() for linea in texto.splitlines() if linea.strip())
