"""El gráfico de «¿Cuántas GPU para servir mi tráfico?» (matplotlib): coste al mes frente a mensajes al día.

Los números salen de :func:`gpucoste.calculo.servicio_costes.costes_segun_volumen`; aquí solo se dibujan.
"""

from __future__ import annotations

from gpucoste.calculo import servicio_costes
from gpucoste.graficos import figuras

__all__ = ["VOLUMENES", "grafico_servir"]

VOLUMENES = tuple(round(1000 * 10 ** (i / 8)) for i in range(33))
"""Mensajes al día del eje: de 1000 a 10 millones, ocho puntos por década."""


def grafico_servir(modelo: str = "Llama 3.1 8B") -> str:
    """Coste al mes de la opción más barata de cada clase (API, bajo demanda, sigue el tráfico, reservada) frente a
    mensajes al día."""
    series = servicio_costes.costes_segun_volumen(modelo, VOLUMENES)
    with figuras.figura() as (fig, ax):
        for clase, costes in series.items():
            ax.plot(VOLUMENES, costes, label=f"{servicio_costes.NOMBRES[clase]}, la más barata")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("mensajes al día")
        ax.set_ylabel("coste al mes (US$)")
        figuras.coma_decimal(ax, 0)
        figuras.coma_decimal(ax, 0, eje="x")
        ax.legend()
        return figuras.svg(
            fig,
            f"Coste al mes de servir {modelo} frente a los mensajes al día, en escala logarítmica: la API por token "
            "crece en proporción a los mensajes; las GPU alquiladas cuestan lo mismo mientras basta una y suben a "
            "saltos después, y las que siguen el tráfico pagan en cada hora solo las que pide.",
        )
