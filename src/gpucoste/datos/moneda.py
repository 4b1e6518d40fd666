"""``moneda.csv``: el tipo de cambio de referencia del BCE (dólares por euro) y el IVA general de España.

La declaración y la consulta del fichero; las cuentas con esos valores (euros, IVA, la nota del tipo de cambio) están
en ``gpucoste.dinero.moneda``.
"""

from __future__ import annotations

from gpucoste.base import esquema

__all__ = ["CLAVES", "MONEDA", "dato", "tipo_de_cambio"]


CLAVES = ("usd_por_eur", "iva_general_es")


MONEDA = esquema.tabla_de_valores(
    "moneda.csv",
    "Tipo de cambio de referencia del BCE (dólares por euro) e IVA general de España, con fecha y fuente.",
    CLAVES,
    "Qué dato es.",
)


def dato(clave: str) -> esquema.Valor:
    """La fila de ``moneda.csv`` con ``clave`` («usd_por_eur» o «iva_general_es»)."""
    return esquema.valor(MONEDA, clave, "Dato de moneda")


def tipo_de_cambio() -> esquema.Valor:
    """El tipo de referencia del BCE: cuántos dólares vale un euro, con su fecha y su fuente."""
    return dato("usd_por_eur")
