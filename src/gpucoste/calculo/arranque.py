"""Arranque facturado: lo que cuesta bajar los pesos de un modelo a una GPU alquilada.

En una GPU alquilada, los minutos que pasa la instancia descargando pesos se pagan al precio de la GPU (en
Vast.ai, la descarga de la imagen Docker no se factura como GPU, pero lo que se baja después de arrancar, sí).
El tiempo de descarga es el tamaño entre el ancho de banda: con la velocidad nominal de la conexión sale una
cota baja (la descarga real nunca va más rápida). Un volumen persistente evita la descarga a cambio de pagar el
disco todo el mes: :func:`arranques_para_amortizar_volumen` dice a partir de cuántos arranques compensa.
"""

from __future__ import annotations

import pandas as pd

from gpucoste.base.formato import numero as cifra
from gpucoste.base.validacion import numero, numeros, opcion, resultado, tabla_de
from gpucoste.calculo.coste import HORAS_MES, coste_almacenamiento, coste_trabajo
from gpucoste.calculo.memoria import gb_pesos

__all__ = [
    "MEDIDAS",
    "MEGABITS_POR_GB",
    "arranques_para_amortizar_volumen",
    "coste_descarga",
    "minutos_descarga",
    "tabla_arranque",
]


MEGABITS_POR_GB = 8_000
"""Un GB (10⁹ bytes) son 8·10⁹ bits: 8000 megabits (10⁶ bits)."""


def minutos_descarga(gb: float, mbit_s: float) -> float:
    """Minutos para bajar ``gb`` GB (10⁹ bytes) a ``mbit_s`` megabits por segundo, sin pausas: una cota baja."""
    minutos = numero(gb, "gb") * MEGABITS_POR_GB / numero(mbit_s, "mbit_s") / 60
    return resultado(minutos, "minutos_descarga", {"gb": gb, "mbit_s": mbit_s})


def coste_descarga(gb: float, mbit_s: float, precio_hora: float) -> float:
    """Dólares de GPU facturada mientras se bajan ``gb`` GB a ``mbit_s`` Mb/s con la GPU a ``precio_hora`` US$/h."""
    dolares = coste_trabajo(precio_hora, minutos_descarga(gb, mbit_s) / 60)
    return resultado(dolares, "coste_descarga", {"gb": gb, "mbit_s": mbit_s, "precio_hora": precio_hora})


def arranques_para_amortizar_volumen(mbit_s: float, precio_hora: float, precio_gb_mes: float) -> float:
    """Arranques al mes a partir de los cuales un volumen persistente sale más barato que volver a descargar.

    Guardar los pesos cuesta ``precio_gb_mes`` por GB y mes; bajarlos cada vez, la GPU parada mientras
    descarga. Los GB se cancelan: el umbral no depende del tamaño del modelo, solo del ancho de banda, del
    precio de la GPU y del precio del disco.
    """
    un_gb_un_mes = coste_almacenamiento(1, numero(precio_gb_mes, "precio_gb_mes"), HORAS_MES)
    entradas = {"mbit_s": mbit_s, "precio_hora": precio_hora, "precio_gb_mes": precio_gb_mes}
    descarga = coste_descarga(1, mbit_s, precio_hora)
    if descarga == 0:
        raise ValueError(
            f"arranques_para_amortizar_volumen: con {entradas} la descarga no cuesta nada; usa valores más grandes."
        )
    return resultado(un_gb_un_mes / descarga, "arranques_para_amortizar_volumen", entradas)


MEDIDAS = ("minutos", "dolares")
"""Lo que puede dar :func:`tabla_arranque` en cada celda: minutos de descarga o dólares de GPU facturada."""


def tabla_arranque(
    modelos: dict[str, float],
    anchos_mbit_s: list[float],
    precio_hora: float,
    precision: str = "bf16",
    medida: str = "minutos",
) -> pd.DataFrame:
    """Por modelo (nombre → miles de millones de parámetros): GB de pesos en ``precision`` y, en una columna por
    ancho de banda («1000 Mb/s»), los minutos de descarga o los dólares de GPU facturada a ``precio_hora``."""
    medida = opcion(medida, "Medida", MEDIDAS)
    tabla_de(modelos, "modelos", "de nombre → miles de millones de parámetros")
    anchos_mbit_s = numeros(anchos_mbit_s, "anchos_mbit_s")
    numero(precio_hora, "precio_hora")
    filas = []
    for nombre, miles_de_millones in modelos.items():
        gb = gb_pesos(miles_de_millones, precision)
        fila: dict[str, object] = {"modelo": nombre, "GB": gb}
        for ancho in anchos_mbit_s:
            columna = f"{cifra(numero(ancho, 'ancho de banda (Mb/s)'), 0)} Mb/s"
            minutos = minutos_descarga(gb, ancho)
            fila[columna] = minutos if medida == "minutos" else coste_descarga(gb, ancho, precio_hora)
        filas.append(fila)
    return pd.DataFrame(filas)
