"""¿Qué modelos caben en cada VRAM? La tabla de la página «LLM Runtimes».

Para cada tamaño de VRAM habitual y cada precisión, el modelo más grande que cabe con sus pesos (la
memoria la calcula :mod:`gpucoste.memoria`). Es una cota optimista: no cuenta la caché KV del contexto
ni lo que ocupa el runtime.
"""

from __future__ import annotations

import pandas as pd

from .memoria import BYTES_POR_PARAMETRO, gb_pesos
from .validacion import numero, opcion

VRAM_COMUNES = (8, 12, 16, 24, 32, 48, 80)
"""GB de VRAM de las GPU más habituales, de un portátil a un centro de datos."""

PRECISIONES = {"bf16": "16 bits (bf16)", "int8": "8 bits", "int4": "4 bits", "2bit": "2 bits"}
"""Precisiones de la tabla y su nombre en la cabecera."""

TAMANOS = {"1B": 1, "3B": 3, "8B": 8, "14B": 14, "32B": 32, "70B": 70, "123B": 123}
"""Tamaños de modelo habituales (miles de millones de parámetros)."""


def mayor_que_cabe(vram_gb: float, precision: str, tamanos: dict[str, float] = TAMANOS) -> str:
    """El mayor de ``tamanos`` cuyos pesos en ``precision`` caben en ``vram_gb``; ``"—"`` si ninguno."""
    vram_gb = numero(vram_gb, "vram_gb")
    opcion(precision, "Precisión", BYTES_POR_PARAMETRO)
    caben = [(n, nombre) for nombre, n in tamanos.items() if gb_pesos(n, precision) <= vram_gb]
    return max(caben)[1] if caben else "—"


def tabla_vram(vrams: tuple[float, ...] = VRAM_COMUNES, precisiones: dict[str, str] = PRECISIONES) -> pd.DataFrame:
    """Una fila por VRAM y una columna por precisión: el mayor modelo cuyos pesos caben."""
    if not vrams or not precisiones:
        raise ValueError(f"tabla_vram: hacen falta VRAM y precisiones; llegaron {vrams!r} y {precisiones!r}.")
    filas = [
        {"VRAM (GB)": numero(v, "vram_gb"), **{t: mayor_que_cabe(v, p) for p, t in precisiones.items()}} for v in vrams
    ]
    return pd.DataFrame(filas)
