"""De $/hora a $/trabajo: el coste de un trabajo, con y sin costes ocultos."""

from __future__ import annotations

from dataclasses import dataclass

from .validacion import numero

HORAS_MES = 365 * 24 / 12
"""Horas de un mes medio (730): para pasar tarifas «por GB y mes» a horas."""


def coste_trabajo(precio_hora: float, horas: float) -> float:
    """Coste de la GPU para un trabajo de ``horas`` a ``precio_hora`` dólares por hora."""
    return numero(precio_hora, "precio_hora") * numero(horas, "horas")


def coste_almacenamiento(gb: float, precio_gb_mes: float, horas: float) -> float:
    """Coste de tener ``gb`` en disco durante ``horas`` a ``precio_gb_mes`` dólares por GB y mes."""
    gb = numero(gb, "gb", cero=True)
    precio_gb_mes = numero(precio_gb_mes, "precio_gb_mes", cero=True)
    return gb * precio_gb_mes * numero(horas, "horas", cero=True) / HORAS_MES


@dataclass(frozen=True)
class Rango:
    """Un intervalo (mínimo, máximo): toda cifra que depende de un supuesto incierto es un rango."""

    minimo: float
    maximo: float


@dataclass(frozen=True)
class Desglose:
    """Coste total de un trabajo, por partidas (en dólares)."""

    gpu: float
    arranque: float
    almacenamiento: float
    transferencia: float

    @property
    def total(self) -> float:
        return self.gpu + self.arranque + self.almacenamiento + self.transferencia


def coste_total(
    precio_hora: float,
    horas: float,
    *,
    minutos_arranque: float = 0,
    gb_disco: float = 0,
    precio_gb_mes: float = 0,
    gb_transferencia: float = 0,
    precio_gb_transferencia: float = 0,
) -> Desglose:
    """Coste real de un trabajo: GPU, arranque facturado, disco mientras dura y transferencia.

    El disco se cobra durante todo el tiempo facturado (arranque incluido).
    """
    horas_arranque = numero(minutos_arranque, "minutos_arranque", cero=True) / 60
    horas = numero(horas, "horas")
    return Desglose(
        gpu=coste_trabajo(precio_hora, horas),
        arranque=numero(precio_hora, "precio_hora") * horas_arranque,
        almacenamiento=coste_almacenamiento(
            numero(gb_disco, "gb_disco", cero=True),
            numero(precio_gb_mes, "precio_gb_mes", cero=True),
            horas + horas_arranque,
        ),
        transferencia=numero(gb_transferencia, "gb_transferencia", cero=True)
        * numero(precio_gb_transferencia, "precio_gb_transferencia", cero=True),
    )
