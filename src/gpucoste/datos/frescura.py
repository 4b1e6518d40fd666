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

__all__ = [
    "PrecioAntiguo",
    "UMBRAL_DIAS",
    "antiguos",
    "dia",
    "dias_antes",
    "es_antiguo",
    "fecha_con_aviso",
    "referencia",
    "ultima_lectura",
]


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


def ultima_lectura() -> dt.date:
    """El día del precio más reciente de ``precios.csv``: la referencia de «antiguo» en lo que se publica (las
    tablas de precios, el ranking, su formulario y ``gpucoste donde-mas-barato``). Así una página no cambia solo
    porque pasan los días; la construcción avisa aparte de lo antiguo respecto a hoy (``antiguos``)."""
    return max(dia(p.fecha) for p in datos.precios())


def dias_antes(fecha: str, hoy: dt.date | None = None) -> int:
    """Días de ``fecha`` (``"2026-07-15"`` o ``"2026-07"``, el día 1) a ``hoy``; por defecto, a ``ultima_lectura``."""
    hoy = ultima_lectura() if hoy is None else validacion.dia(hoy, "hoy")
    return (hoy - dia(fecha)).days


def es_antiguo(fecha: str, hoy: dt.date | None = None) -> bool:
    """¿Es ``fecha`` de más de ``UMBRAL_DIAS`` días antes de ``hoy`` (por defecto, ``ultima_lectura``)?"""
    return dias_antes(fecha, hoy) > UMBRAL_DIAS


def fecha_con_aviso(fecha: str) -> str:
    """La fecha de un precio como se lee en una tabla, con «antiguo» si lo es (``es_antiguo``):
    ``"2026-02-26"`` → «26 de febrero de 2026, antiguo»."""
    from gpucoste.base.formato import fecha as en_palabras

    return en_palabras(fecha) + (", antiguo" if es_antiguo(fecha) else "")


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
