"""El gráfico de «¿Cuánto se equivoca esta guía?»: predicho frente a medido, con la banda de ±25 % (matplotlib)."""

from __future__ import annotations

from matplotlib.ticker import LogLocator

from gpucoste.calculo.calibracion import TIPOS, predicciones
from gpucoste.graficos import figuras

__all__ = ["BANDA", "grafico"]


BANDA = 0.25
"""La banda del gráfico: ±25 % alrededor de predicho = medido."""


def grafico() -> str:
    """Predicho (valor central) frente a medido de cada medida, en escala logarítmica, con y = x y ±25 %."""

    ps = predicciones()
    dentro = sum(abs(p.central / p.medida.valor - 1) <= BANDA for p in ps)
    with figuras.figura(alto=5.0) as (fig, ax):
        valores = [v for p in ps for v in (p.central, p.medida.valor)]
        bajo, alto = min(valores) / 2, max(valores) * 2
        linea = [bajo, alto]
        ax.fill_between(
            linea,
            [x * (1 - BANDA) for x in linea],
            [x * (1 + BANDA) for x in linea],
            color=figuras.TINTA,
            alpha=0.12,
            linewidth=0,
            label="±25 %",
        )
        ax.plot(linea, linea, color=figuras.TINTA, linewidth=1, label="predicho = medido")
        for tipo, nombre in TIPOS.items():
            puntos = [p for p in ps if p.medida.tipo == tipo]
            ax.scatter(
                [p.medida.valor for p in puntos], [p.central for p in puntos], s=18, label=f"{nombre} ({len(puntos)})"
            )
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(bajo, alto)
        ax.set_ylim(bajo, alto)
        figuras.coma_decimal(ax, 0)  # «10.000», no «10⁴»: como el resto de la guía
        figuras.coma_decimal(ax, 0, eje="x")
        # En el eje x, cifras de hasta 10 caracteres una al lado de otra: una década de cada dos, para que no se pisen.
        ax.xaxis.set_major_locator(LogLocator(base=10, numticks=5))
        ax.set_xlabel("medido (tokens/s, GB, GiB u horas de GPU)")
        ax.set_ylabel("predicho")
        ax.legend(fontsize=9)
        return figuras.svg(
            fig,
            f"Valor predicho frente a valor medido de {len(ps)} medidas publicadas, en escala logarítmica: "
            f"{dentro} caen dentro de la banda de ±25 % alrededor de la diagonal predicho = medido.",
        )
