"""Los puntos del gráfico de coste frente a horas del ranking de «¿Dónde sale más barato terminarlo?»: lo que dibujan
el gráfico de la página (matplotlib) y el del formulario del navegador, de una sola función.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.validacion import Validado
from gpucoste.calculo.ranking import Fila, medio

__all__ = ["Dispersion", "dispersion"]


@dataclass(frozen=True)
class Dispersion(Validado):
    """Los puntos del gráfico de coste frente a horas: uno por fila de ``ranking``, en el mismo orden.

    Es lo que dibujan el gráfico de la página (matplotlib) y el de la calculadora del navegador
    (``dibujo.puntos``): cada punto, en el centro de sus rangos, con la frontera de Pareto unida por una línea.
    """

    gpus: tuple[str, ...]
    """La GPU de cada fila (el color del punto; con varias GPUs, la misma que con una)."""
    opciones: tuple[str, ...]
    """«GPU en proveedor (nivel)» de cada fila, para el texto alternativo."""
    horas: tuple[tuple[float, float], ...]
    """Horas facturadas de cada fila, (mínimo, máximo) por la MFU; en una interrumpible, con el trabajo repetido."""
    costes: tuple[tuple[float, float], ...]
    """Coste por trabajo terminado de cada fila, (mínimo, máximo), en US$."""
    frontera: tuple[int, ...]
    """Las filas de la frontera de Pareto (índices), de la más rápida a la más lenta: el orden de su línea."""


def dispersion(filas: list[Fila]) -> Dispersion:
    """Los puntos del gráfico de coste frente a horas de ``filas`` (lo que devuelve ``ranking``)."""
    if not isinstance(filas, list | tuple) or not filas or not all(isinstance(f, Fila) for f in filas):
        raise ValueError(
            f"filas: {filas!r:.80} no vale; se admite la lista no vacía de filas que devuelve "
            "gpucoste.calculo.ranking.ranking."
        )
    return Dispersion(
        gpus=tuple(f.precio.gpu for f in filas),
        opciones=tuple(f"{f.precio.gpu} en {f.precio.proveedor_y_nivel}" for f in filas),
        horas=tuple((f.horas.minimo, f.horas.maximo) for f in filas),
        costes=tuple((f.coste.minimo, f.coste.maximo) for f in filas),
        frontera=tuple(
            sorted(
                (i for i, f in enumerate(filas) if f.pareto),
                key=lambda i: (medio(filas[i].horas), medio(filas[i].coste)),
            )
        ),
    )
