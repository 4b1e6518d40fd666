"""El gráfico del historial de precios de una GPU en un proveedor (matplotlib): el de la página «Precios».

Las series, su texto alternativo y qué fila es atípica salen de ``gpucoste.datos.historial``; aquí solo se dibujan.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.base.formato import DOLAR
from gpucoste.base.formato import nivel as nombre_nivel
from gpucoste.datos.historial import atipico, descripcion, series
from gpucoste.graficos import figuras

__all__ = ["grafico"]


def _eje_de_fechas(ax, fechas: list) -> None:
    """Marcas del eje x sin repetir: un mes por marca si las fechas abarcan tres meses o más; si no, días."""
    from matplotlib.dates import AutoDateLocator, DayLocator, MonthLocator, num2date
    from matplotlib.ticker import FuncFormatter

    from gpucoste.base.formato import MESES_ABREVIADOS

    dias = (max(fechas) - min(fechas)).days
    if dias >= 90:
        meses = dias // 30
        ax.xaxis.set_major_locator(MonthLocator(interval=max(1, -(-meses // 6))))

        def rotulo(x: float, _pos: int) -> str:
            d = num2date(x)
            return f"{MESES_ABREVIADOS[d.month - 1]} {d.year}"

    else:
        # Días, como mucho una marca por día (dos marcas en el mismo día repetirían el rótulo). Desde dos semanas,
        # el localizador de matplotlib elige días redondos (1, 15…); por debajo, cada tantos días como haga falta.
        ax.xaxis.set_major_locator(
            AutoDateLocator(minticks=3, maxticks=6, interval_multiples=True)
            if dias >= 14
            else DayLocator(interval=max(1, -(-dias // 4)))
        )

        def rotulo(x: float, _pos: int) -> str:
            d = num2date(x)
            return f"{d.day} {MESES_ABREVIADOS[d.month - 1]} {d.year}"

    ax.xaxis.set_major_formatter(FuncFormatter(rotulo))


def grafico(gpu: str, proveedor: str, precios: Iterable[datos.Precio] | None = None) -> str:
    """SVG (``<figure>``) con el historial de ``gpu`` en ``proveedor``: una línea por nivel, atípicos en hueco y
    estimaciones con un aspa."""
    todas = series(precios, minimo=1)
    pares = {f"{g} en {p}": (g, p) for g, p in todas}
    gpu, proveedor = pares[validacion.opcion(f"{gpu} en {proveedor}", "Historial", pares)]
    return _dibujo(gpu, proveedor, tuple((nivel, tuple(filas)) for nivel, filas in todas[(gpu, proveedor)].items()))


@functools.lru_cache(maxsize=64)
def _dibujo(gpu: str, proveedor: str, filas_por_nivel: tuple[tuple[str, tuple[datos.Precio, ...]], ...]) -> str:
    """El SVG de ``grafico``, una vez por serie y proceso: solo depende de sus filas (``Precio`` es inmutable), y la
    página de precios, su snippet y sus pruebas piden los mismos dibujos en el mismo proceso."""
    import datetime as dt

    niveles = {nivel: list(filas) for nivel, filas in filas_por_nivel}
    with figuras.figura(ancho=6.0, alto=2.6) as (fig, ax):
        for nivel, filas in niveles.items():
            dias = [dt.datetime.combine(validacion.fecha(p.fecha), dt.time()) for p in filas]
            valores = [p.precio_hora_usd for p in filas]
            (linea,) = ax.plot(dias, valores, marker="o", label=nombre_nivel(nivel, proveedor))
            raros = [(d, v) for d, v, p in zip(dias, valores, filas, strict=True) if atipico(p)]
            if raros:
                ax.plot(
                    *zip(*raros, strict=True),
                    linestyle="none",
                    marker="o",
                    markersize=11,
                    markerfacecolor="none",
                    markeredgecolor=linea.get_color(),
                    label=f"{nombre_nivel(nivel, proveedor)}: atípico",
                )
            estimadas = [(d, v) for d, v, p in zip(dias, valores, filas, strict=True) if p.estimacion]
            if estimadas:
                ax.plot(
                    *zip(*estimadas, strict=True),
                    linestyle="none",
                    marker="x",
                    markersize=11,
                    color=linea.get_color(),
                    label=f"{nombre_nivel(nivel, proveedor)}: estimación",
                )
        ax.set_ylabel(f"{DOLAR}/h")
        ax.set_ylim(bottom=0)
        figuras.coma_decimal(ax, 2)

        _eje_de_fechas(ax, [validacion.fecha(p.fecha) for filas in niveles.values() for p in filas])
        ax.legend(loc="best")
        return figuras.svg(fig, descripcion(gpu, proveedor, niveles))
