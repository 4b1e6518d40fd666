"""Puntos de equilibrio: dónde dejan de ganar la API por token, la GPU alquilada, la reservada y la local.

Cada función devuelve un :class:`Equilibrio`: el umbral y lo que cuesta cada opción justo en él (que es lo
mismo, salvo redondeo: así lo comprueban las pruebas). Comprar o alquilar está en :mod:`gpucoste.calculo.compra`.

Todos los importes en la misma moneda (la guía usa dólares, la de los precios de los proveedores).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucoste.base.validacion import (
    Validado,
    entero,
    finito,
    fraccion,
    horas_mes,
    numero,
    numeros_por_nombre,
    resultado,
    texto,
)
from gpucoste.calculo.coste import HORAS_MES
from gpucoste.calculo.electricidad import SEGUNDOS_HORA, TOKENS_MILLON, coste_electricidad
from gpucoste.dinero.mercado import precio_millon_mezclado

__all__ = [
    "Equilibrio",
    "PUNTOS_MAXIMOS",
    "alquilar_o_reservar",
    "api_o_gpu",
    "capacidad_mes",
    "coste_api_mes",
    "coste_gpu_mes",
    "costes_segun_tokens",
    "gpus_necesarias",
    "local_o_alquilar",
    "tokens_s_minimos",
]


@dataclass(frozen=True)
class Equilibrio(Validado):
    """El umbral en que dos opciones cuestan lo mismo, y el coste de cada una en él.

    ``umbral`` es ``None`` si no hay equilibrio: ``opcion_a`` sale más barata en todo el rango
    (``motivo`` dice por qué) y los costes también son ``None``.
    """

    umbral: float | None
    unidad: str
    opcion_a: str
    coste_a: float | None
    opcion_b: str
    coste_b: float | None
    motivo: str = ""


def capacidad_mes(tokens_s: float, horas: float = HORAS_MES) -> float:
    """Tokens que genera una GPU a ``tokens_s`` durante ``horas`` (por defecto, un mes entero)."""
    total = numero(tokens_s, "tokens_s") * SEGUNDOS_HORA * horas_mes(horas, "horas")
    return resultado(total, "capacidad_mes", {"tokens_s": tokens_s})


def coste_api_mes(tokens_mes: float, precio_millon: float) -> float:
    """Coste de ``tokens_mes`` tokens generados en la API a ``precio_millon`` (ya mezclado) por millón."""
    total = numero(tokens_mes, "tokens_mes", cero=True) * numero(precio_millon, "precio_millon", cero=True) / 1e6
    return resultado(total, "coste_api_mes", {"tokens_mes": tokens_mes, "precio_millon": precio_millon})


def gpus_necesarias(tokens_mes: float, tokens_s: float, horas: float = HORAS_MES) -> int:
    """GPUs encendidas todo el mes que hacen falta para generar ``tokens_mes`` (al menos una: el servicio existe)."""
    cociente = numero(tokens_mes, "tokens_mes", cero=True) / capacidad_mes(tokens_s, horas)
    return max(1, math.ceil(resultado(cociente, "gpus_necesarias", {"tokens_mes": tokens_mes, "tokens_s": tokens_s})))


def coste_gpu_mes(tokens_mes: float, precio_hora: float, tokens_s: float, horas: float = HORAS_MES) -> float:
    """Coste de servir ``tokens_mes`` con GPUs alquiladas siempre encendidas (``horas`` al mes cada una)."""
    n = gpus_necesarias(tokens_mes, tokens_s, horas)
    total = n * numero(precio_hora, "precio_hora") * horas_mes(horas, "horas")
    return resultado(total, "coste_gpu_mes", {"tokens_mes": tokens_mes, "precio_hora": precio_hora})


def costes_segun_tokens(
    precio_hora: float, tokens_s: float, precios_millon: dict[str, float], nombre_gpu: str, puntos: int = 300
) -> tuple[list[float], dict[str, list[float]]]:
    """Coste al mes frente a millones de tokens generados al mes: los datos del gráfico de API o GPU.

    Una serie por API (nombre → precio por millón ya mezclado), en recta desde cero, y la de las GPU
    alquiladas siempre encendidas (``nombre_gpu``), a saltos: una GPU más cada vez que se llena la anterior.
    El eje va de 0 a tres GPU llenas, en ``puntos`` tramos.
    """
    nombre_gpu = texto(nombre_gpu, "nombre_gpu")
    apis = numeros_por_nombre(precios_millon, "precios_millon", "de nombre de API → precio por millón de tokens")
    if nombre_gpu in apis:
        raise ValueError(
            f"nombre_gpu: {nombre_gpu!r} ya es el nombre de una API de precios_millon; se admite un nombre distinto."
        )
    puntos = entero(puntos, "puntos", minimo=1, maximo=PUNTOS_MAXIMOS)
    capacidad = capacidad_mes(tokens_s)
    tokens = [capacidad * 3 * i / puntos for i in range(puntos + 1)]
    series = {nombre: [coste_api_mes(t, millon) for t in tokens] for nombre, millon in apis.items()}
    series[nombre_gpu] = [coste_gpu_mes(t, precio_hora, tokens_s) for t in tokens]
    return [t / 1e6 for t in tokens], series


PUNTOS_MAXIMOS = 10_000
"""Tramos como mucho del eje de ``costes_segun_tokens`` (300 por defecto)."""


def tokens_s_minimos(precio_hora: float, precio_millon: float) -> float:
    """Tokens por segundo que una GPU tiene que generar sin parar para costar por token lo que la API.

    Por debajo, ni llena gana a la API (``precio_millon`` ya mezclado, en dólares por millón).
    """
    precio = numero(precio_hora, "precio_hora")
    millon = numero(precio_millon, "precio_millon")
    entradas = {"precio_hora": precio_hora, "precio_millon": precio_millon}
    return resultado(precio * (TOKENS_MILLON / SEGUNDOS_HORA) / millon, "tokens_s_minimos", entradas)


def api_o_gpu(
    precio_hora: float,
    tokens_s: float,
    precio_entrada: float,
    precio_salida: float,
    entrada_por_salida: float = 1.0,
    horas: float = HORAS_MES,
) -> Equilibrio:
    """Tokens generados al mes a partir de los cuales una GPU alquilada siempre encendida sale más barata que la API.

    La GPU cuesta lo mismo la usen o no (``precio_hora × horas``); la API, lo que se genere. El umbral es
    coste de la GPU ÷ precio por token de la API. Si ese umbral supera la capacidad de la GPU (``tokens_s``
    sostenidos todo el mes), una GPU llena sigue siendo más cara que la API y no hay equilibrio: añadir GPUs
    no lo arregla, cada una cuesta lo mismo por token.

    Simplificación: la GPU se mide por los tokens que **genera** (la lectura de la entrada, el *prefill*,
    es mucho más rápida y no se cuenta); la API cobra entrada y salida.
    """
    precio_millon = precio_millon_mezclado(precio_entrada, precio_salida, entrada_por_salida)
    gpu_mes = numero(precio_hora, "precio_hora") * horas_mes(horas, "horas")
    capacidad = capacidad_mes(tokens_s, horas)
    nombres = ("API por token", "GPU alquilada siempre encendida")
    if precio_millon == 0:
        return Equilibrio(None, "tokens al mes", nombres[0], None, nombres[1], None, "la API es gratuita")
    umbral = gpu_mes / precio_millon * TOKENS_MILLON
    if umbral > capacidad:
        motivo = "incluso llena, la GPU genera menos tokens de los que su coste compraría en la API"
        return Equilibrio(None, "tokens al mes", nombres[0], None, nombres[1], None, motivo)
    entradas = {"precio_hora": precio_hora, "tokens_s": tokens_s}
    coste_api = coste_api_mes(umbral, precio_millon)
    return finito(
        Equilibrio, "api_o_gpu", entradas, umbral, "tokens al mes", nombres[0], coste_api, nombres[1], gpu_mes
    )


def alquilar_o_reservar(precio_hora: float, descuento: float, horas: float = HORAS_MES) -> Equilibrio:
    """Uso (fracción de las horas del periodo) a partir del cual reservar sale más barato.

    Bajo demanda se pagan solo las horas usadas (``uso × horas × precio_hora``); reservada, todas las
    horas del periodo con el descuento (``horas × precio_hora × (1 − descuento)``). Se igualan en
    ``uso = 1 − descuento``: con un descuento del 20 %, reservar compensa con un uso de más del 80 %.
    «Uso» es la fracción de las horas de la reserva; lo ocupada que está la GPU mientras trabaja es su «carga».
    """
    d = fraccion(descuento, "descuento")
    precio = numero(precio_hora, "precio_hora")
    total = precio * horas_mes(horas, "horas")
    nombres = ("GPU bajo demanda", "GPU reservada")
    if d == 0:
        return Equilibrio(None, "uso", nombres[0], None, nombres[1], None, "sin descuento, reservar no ahorra")
    umbral = 1 - d
    entradas = {"precio_hora": precio_hora}
    return finito(
        Equilibrio,
        "alquilar_o_reservar",
        entradas,
        umbral,
        "uso",
        nombres[0],
        umbral * total,
        nombres[1],
        total * (1 - d),
    )


def local_o_alquilar(horas_local: float, potencia_w: float, precio_kwh: float, horas_alquiler: float) -> Equilibrio:
    """Precio por hora de alquiler por debajo del cual alquilar sale más barato que usar la GPU que ya tienes.

    En local solo se paga la electricidad de ``horas_local`` horas (la GPU ya está comprada: comprarla es
    :func:`gpucoste.calculo.compra.comprar_o_alquilar`); alquilada, ``horas_alquiler × precio``. Se igualan en
    ``precio = electricidad local ÷ horas_alquiler``. ``precio_kwh`` en la moneda del resultado.
    """
    local = coste_electricidad(potencia_w, precio_kwh).por_hora * numero(horas_local, "horas_local")
    horas = numero(horas_alquiler, "horas_alquiler")
    nombres = ("GPU alquilada", "GPU local (solo electricidad)")
    if local == 0:
        return Equilibrio(None, "US$/h", nombres[1], None, nombres[0], None, "la electricidad es gratuita")
    umbral = local / horas
    entradas = {"horas_local": horas_local, "horas_alquiler": horas_alquiler}
    return finito(
        Equilibrio, "local_o_alquilar", entradas, umbral, "US$/h", nombres[0], umbral * horas, nombres[1], local
    )
