"""Frescura de los precios: cuáles son más antiguos que ``UMBRAL_DIAS`` respecto a una fecha de referencia.

El umbral vive solo aquí. La construcción del sitio lista los precios antiguos (hook
``construccion/frescura.py``) y ``tests/datos/test_frescura.py`` también.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.base.formato import dolares
from gpucoste.base.validacion import Validado

__all__ = ["PrecioAntiguo", "UMBRAL_DIAS", "antiguos", "dia", "referencia"]


# Un trimestre: en un marketplace el precio de una GPU cambia a diario; pasado un trimestre, la cifra
# sirve de orden de magnitud, no de presupuesto.
UMBRAL_DIAS = 90


@dataclass(frozen=True)
class PrecioAntiguo(Validado):
    fichero: str
    descripcion: str
    fecha: str
    dias: int

    def __str__(self) -> str:
        return f"{self.fichero}: {self.descripcion}, {self.fecha} ({self.dias} días)"


def dia(fecha: str) -> dt.date:
    """``"2026-07-15"`` → ese día; ``"2026-07"`` → el día 1 (la lectura más antigua posible de ese mes)."""
    return validacion.fecha(fecha)


def referencia() -> dt.date:
    """Hoy (UTC) o, si está fijado, el día de SOURCE_DATE_EPOCH: la misma fecha en dos construcciones."""
    return validacion.hoy()


def antiguos(hoy: dt.date | None = None, umbral_dias: int = UMBRAL_DIAS) -> list[PrecioAntiguo]:
    """Precios por hora (precios.csv) y tarifas (tarifas.csv) con más de ``umbral_dias`` días en ``hoy``."""
    hoy = referencia() if hoy is None else validacion.dia(hoy, "hoy")
    umbral_dias = validacion.entero(umbral_dias, "umbral_dias")
    filas = [
        ("precios.csv", f"{p.gpu} en {p.proveedor} ({p.nivel}), {dolares(p.precio_hora_usd)}/h", p.fecha)
        for p in datos.precios()
    ]
    filas += [("tarifas.csv", f"{t.concepto} en {t.proveedor}", t.fecha) for t in datos.tarifas()]
    salida = [PrecioAntiguo(f, d, fecha, (hoy - dia(fecha)).days) for f, d, fecha in filas]
    return sorted((p for p in salida if p.dias > umbral_dias), key=lambda p: (-p.dias, p.fichero, p.descripcion))
