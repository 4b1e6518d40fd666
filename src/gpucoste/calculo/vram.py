"""¿Qué modelos caben en cada VRAM? La tabla de la página «Motores de inferencia para LLM».

Para cada tamaño de VRAM habitual y cada precisión de los pesos, el modelo más grande de ``modelos.csv``
que cabe para inferencia: sus pesos (:func:`gpucoste.calculo.memoria.encaja`, con los parámetros calculados de su
``config.json``) más la caché KV en bf16 de un contexto dado (:func:`gpucoste.calculo.memoria.gb_kv`), como la
guardan por defecto llama.cpp y Ollama. Es una cota optimista: no cuenta lo que ocupan el motor de inferencia, el
contexto de CUDA ni la fragmentación de la memoria.
"""

from __future__ import annotations

from types import MappingProxyType

import pandas as pd

from gpucoste import datos
from gpucoste.base.validacion import entero, numero, numeros, opcion, tabla_de
from gpucoste.calculo import memoria

__all__ = ["CONTEXTO", "PRECISIONES", "VRAM_COMUNES", "gb_inferencia", "mayor_que_cabe", "tabla_modelos", "tabla_vram"]


VRAM_COMUNES = (8, 12, 16, 24, 32, 48, 80)
"""GB de VRAM de las GPU más habituales, de un portátil a un centro de datos."""

PRECISIONES = MappingProxyType({"bf16": "16 bits (bf16)", "int8": "8 bits", "int4": "4 bits", "2bit": "2 bits"})
"""Precisiones de los pesos en la tabla y su nombre en la cabecera."""

CONTEXTO = 8192
"""Tokens de contexto de la tabla (una conversación o un documento medianos)."""


def gb_inferencia(modelo: str, precision: str, contexto: int = CONTEXTO) -> float:
    """GB para servir ``modelo`` a una persona: pesos en ``precision`` más la caché KV (bf16) de ``contexto``."""
    modelo = opcion(modelo, "Modelo", datos.modelos())
    precision = opcion(precision, "Precisión", PRECISIONES)
    contexto = entero(contexto, "contexto", minimo=0, maximo=10**8)
    cualquiera = next(iter(datos.especificaciones().values()))  # la VRAM no cambia lo que ocupa el modelo
    pesos = memoria.encaja(modelo, "inferencia", cualquiera, precision=precision, secuencia=0).pesos
    return pesos + memoria.gb_kv(modelo, contexto, precision="bf16")


def mayor_que_cabe(vram_gb: float, precision: str, contexto: int = CONTEXTO) -> str:
    """El modelo de ``modelos.csv`` con más parámetros que cabe en ``vram_gb``; ``"—"`` si ninguno cabe."""
    vram_gb = numero(vram_gb, "vram_gb")
    caben = [
        (memoria.parametros(nombre), nombre)
        for nombre in datos.modelos()
        if gb_inferencia(nombre, precision, contexto) <= vram_gb
    ]
    return max(caben)[1] if caben else "—"


def tabla_vram(
    vrams: tuple[float, ...] = VRAM_COMUNES, precisiones: dict[str, str] = PRECISIONES, contexto: int = CONTEXTO
) -> pd.DataFrame:
    """Una fila por VRAM y una columna por precisión: el mayor modelo de los datos que cabe."""
    vrams = numeros(vrams, "vrams")
    for p in tabla_de(precisiones, "precisiones", "de precisión → título de columna"):
        opcion(p, "Precisión", PRECISIONES)
    filas = [
        {"VRAM (GB)": numero(v, "vram_gb"), **{t: mayor_que_cabe(v, p, contexto) for p, t in precisiones.items()}}
        for v in vrams
    ]
    return pd.DataFrame(filas)


def tabla_modelos(precisiones: dict[str, str] = PRECISIONES, contexto: int = CONTEXTO) -> pd.DataFrame:
    """GB que pide cada modelo de los datos (pesos y caché KV de ``contexto``) en cada precisión."""
    for p in tabla_de(precisiones, "precisiones", "de precisión → título de columna"):
        opcion(p, "Precisión", PRECISIONES)
    filas = [
        {
            "modelo": nombre,
            "miles de millones de parámetros": memoria.parametros(nombre) / 1e9,
            **{t: gb_inferencia(nombre, p, contexto) for p, t in precisiones.items()},
        }
        for nombre in sorted(datos.modelos(), key=memoria.parametros)
    ]
    return pd.DataFrame(filas)
