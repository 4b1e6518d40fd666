"""¿Cuánto se equivoca el modelo de capacidad? Cada fuente de ``servicio.medidas()`` predicha con un ajuste hecho sin
ella (``validacion``): el error que publica «¿Cuánto se equivoca esta guía?» y la página de servir.

Python puro (sin pandas) y nada se lee al importar, como :mod:`gpucoste.calculo.servicio`.
"""

from __future__ import annotations

import functools
import statistics
from dataclasses import dataclass

from gpucoste.base.validacion import Validado
from gpucoste.calculo.servicio import Medida, Prediccion, _datos_de, ajustar, medidas, predecir

__all__ = ["Validacion", "validacion"]


@dataclass(frozen=True)
class Validacion(Validado):
    """Cada medida predicha con un ajuste hecho sin su fuente (``validacion``), y el error mediano.

    ``error_tokens_s``: mediana de |predicho ÷ medido − 1| de los tokens/s; ``error_tpot``: lo mismo con los
    milisegundos por token, en las medidas que los traen (``None`` si ninguna)."""

    predicciones: tuple[Prediccion, ...]
    fuentes: int
    error_tokens_s: float
    error_tpot: float | None
    medidas_tpot: int


def validacion() -> Validacion:
    """Deja fuera cada fuente por turno, ajusta con las demás (``ajustar(sin=...)``) y predice sus medidas."""
    filas = medidas()
    return _validacion(filas, _datos_de(filas))


@functools.lru_cache(maxsize=4)
def _validacion(filas: tuple[Medida, ...], _clave: tuple) -> Validacion:
    fuentes = sorted({m.fuente for m in filas})
    if len(fuentes) < 2:
        raise ValueError("validacion: hace falta medidas de dos fuentes o más para dejar una fuera.")
    ps = [predecir(m, ajustar(sin=f)) for f in fuentes for m in filas if m.fuente == f]
    errores = [abs(p.tokens_s / p.medida.tokens_s - 1) for p in ps]
    con_tpot = [abs(p.tpot_ms / p.medida.tpot_ms - 1) for p in ps if p.medida.tpot_ms is not None]
    return Validacion(
        tuple(ps),
        len(fuentes),
        statistics.median(errores),
        statistics.median(con_tpot) if con_tpot else None,
        len(con_tpot),
    )
