"""Del precio por hora (US$/h) al coste por trabajo: el coste de un trabajo, con y sin costes ocultos."""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.constantes import DIAS_ANIO, HORAS_MES
from gpucoste.base.validacion import Validado, numero, real, resultado

__all__ = [
    "DIAS_ANIO",
    "Desglose",
    "HORAS_MES",
    "Rango",
    "coste_almacenamiento",
    "coste_total",
    "coste_trabajo",
    "horas_al_mes",
]


def horas_al_mes(horas_dia: float) -> float:
    """Horas de uso en un mes medio (``HORAS_MES``) usando la GPU ``horas_dia`` horas al día: 24 h → 730 h."""
    h = numero(horas_dia, "horas_dia")
    if h > 24:
        raise ValueError(f"horas_dia: {horas_dia!r} no vale; se admite un número mayor que 0 y como mucho 24.")
    return h * DIAS_ANIO / 12


def coste_trabajo(precio_hora: float, horas: float) -> float:
    """Coste de la GPU para un trabajo de ``horas`` a ``precio_hora`` dólares por hora."""
    precio_hora, horas = numero(precio_hora, "precio_hora"), numero(horas, "horas")
    return resultado(precio_hora * horas, "coste_trabajo", {"precio_hora": precio_hora, "horas": horas})


def coste_almacenamiento(gb: float, precio_gb_mes: float, horas: float) -> float:
    """Coste de tener ``gb`` en disco durante ``horas`` a ``precio_gb_mes`` dólares por GB y mes."""
    entradas = {
        "gb": numero(gb, "gb", cero=True),
        "precio_gb_mes": numero(precio_gb_mes, "precio_gb_mes", cero=True),
        "horas": numero(horas, "horas", cero=True),
    }
    # Un factor nulo da 0 aunque otro sea enorme (1e308 · 1e308 · 0 sería NaN en coma flotante).
    coste = (
        0.0 if 0 in entradas.values() else entradas["gb"] * entradas["precio_gb_mes"] * (entradas["horas"] / HORAS_MES)
    )
    return resultado(coste, "coste_almacenamiento", entradas)


@dataclass(frozen=True)
class Rango(Validado):
    """Un intervalo (mínimo, máximo): toda cifra que depende de un supuesto incierto es un rango."""

    minimo: float
    maximo: float

    def __post_init__(self) -> None:
        super().__post_init__()
        minimo, maximo = real(self.minimo, "Rango.minimo"), real(self.maximo, "Rango.maximo")
        if maximo < minimo:
            raise ValueError(
                f"Rango: maximo={self.maximo!r} no vale; "
                f"se admite un máximo mayor o igual que el mínimo ({self.minimo!r})."
            )


@dataclass(frozen=True)
class Desglose(Validado):
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
    e = {
        "precio_hora": numero(precio_hora, "precio_hora"),
        "horas": numero(horas, "horas"),
        "minutos_arranque": numero(minutos_arranque, "minutos_arranque", cero=True),
        "gb_disco": numero(gb_disco, "gb_disco", cero=True),
        "precio_gb_mes": numero(precio_gb_mes, "precio_gb_mes", cero=True),
        "gb_transferencia": numero(gb_transferencia, "gb_transferencia", cero=True),
        "precio_gb_transferencia": numero(precio_gb_transferencia, "precio_gb_transferencia", cero=True),
    }
    horas_arranque = e["minutos_arranque"] / 60
    partes = {
        "gpu": e["precio_hora"] * e["horas"],
        "arranque": e["precio_hora"] * horas_arranque,
        "almacenamiento": e["gb_disco"] * e["precio_gb_mes"] * ((e["horas"] + horas_arranque) / HORAS_MES),
        "transferencia": e["gb_transferencia"] * e["precio_gb_transferencia"],
    }
    resultado(sum(partes.values()), "coste_total", e)  # si el total es finito, cada partida (≥ 0) también
    return Desglose(**partes)
