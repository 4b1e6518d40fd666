"""Lo que cuesta la electricidad de una GPU: por hora de uso y por millón de tokens generados.

Una sola función para toda la guía (la página de Ollama, comprar o alquilar, local o alquilada):
``coste_electricidad(potencia_w, precio_kwh, tokens_s)``. La moneda es la de ``precio_kwh``
(euros por kWh con la tarifa de un hogar español; dólares si se pasa el precio ya convertido).
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.constantes import SEGUNDOS_HORA, TOKENS_MILLON
from gpucoste.base.validacion import Validado, numero, resultado

__all__ = ["CosteElectrico", "SEGUNDOS_HORA", "TOKENS_MILLON", "coste_electricidad"]


@dataclass(frozen=True)
class CosteElectrico(Validado):
    """Coste de la electricidad de una GPU, en la moneda de ``precio_kwh``."""

    kwh_hora: float
    """Energía por hora de uso (kWh): la potencia en kW."""
    por_hora: float
    """Coste de una hora de uso a plena potencia."""
    por_millon_tokens: float | None
    """Coste de generar un millón de tokens (``None`` si no se dio el rendimiento)."""


def coste_electricidad(potencia_w: float, precio_kwh: float, tokens_s: float | None = None) -> CosteElectrico:
    """Electricidad de una GPU que consume ``potencia_w`` vatios a ``precio_kwh`` por kWh.

    Con ``tokens_s`` (tokens generados por segundo) da también el coste por millón de tokens:
    ``por_hora ÷ (tokens_s × 3600 ÷ 10⁶)``. Supone la GPU a la potencia indicada todo el tiempo
    (la potencia máxima de la ficha es una cota alta: generando, la GPU suele consumir menos).
    """
    kw = numero(potencia_w, "potencia_w") / 1000
    por_hora = kw * numero(precio_kwh, "precio_kwh", cero=True)
    por_millon = None
    if tokens_s is not None:
        millones_hora = numero(tokens_s, "tokens_s") * SEGUNDOS_HORA / TOKENS_MILLON
        if millones_hora == 0:  # 5e-324 tokens/s: el producto se queda en 0 y la división no tiene sentido
            raise ValueError(f"tokens_s: {tokens_s!r} es demasiado pequeño; se admite un número mayor que 1e-300.")
        por_millon = por_hora / millones_hora
    entradas = {"potencia_w": potencia_w, "precio_kwh": precio_kwh, "tokens_s": tokens_s}
    resultado(por_hora, "coste_electricidad", entradas)
    if por_millon is not None:
        resultado(por_millon, "coste_electricidad", entradas)
    return CosteElectrico(kwh_hora=kw, por_hora=por_hora, por_millon_tokens=por_millon)
