"""¿Cabe el modelo en la VRAM? Memoria de los pesos según la precisión."""

from __future__ import annotations

from .validacion import numero, opcion, resultado

BYTES_POR_PARAMETRO = {
    "fp32": 4.0,
    "bf16": 2.0,
    "fp16": 2.0,
    "fp8": 1.0,
    "int8": 1.0,
    "int4": 0.5,
    "2bit": 0.25,
}
"""Bytes por parámetro de cada formato (stas00/ml-engineering, capítulo de inferencia)."""


def gb_pesos(miles_de_millones: float, precision: str) -> float:
    """GB (10⁹ bytes) que ocupan los pesos de un modelo de ``miles_de_millones`` de parámetros."""
    precision = opcion(precision, "Precisión", BYTES_POR_PARAMETRO)
    x = numero(miles_de_millones, "miles_de_millones")
    return resultado(x * BYTES_POR_PARAMETRO[precision], "gb_pesos", {"miles_de_millones": x})


def cabe(miles_de_millones: float, precision: str, vram_gb: float) -> bool:
    """¿Caben solo los pesos en ``vram_gb``? (sin caché KV ni activaciones: es una cota optimista)."""
    return gb_pesos(miles_de_millones, precision) <= numero(vram_gb, "vram_gb")
