"""Costes ocultos de un trabajo: disco que se cobra parado, transferencia y arranque facturado.

Las tarifas y los supuestos de los datos son rangos: cada cifra es un ``Rango`` (mínimo, máximo).
Donde un proveedor conocido (con precios o tarifas en los datos) no publica una tarifa (Vast.ai: la
transferencia la fija cada host), se devuelve ``None`` —«sin dato»—, nunca un cero inventado. Un
proveedor desconocido o mal escrito («runpod») es un ``ValueError`` con los nombres válidos.
"""

from __future__ import annotations

import pandas as pd

from . import datos, experimento, validacion
from .coste import Rango, coste_total
from .formato import numero, rango
from .memoria import gb_pesos
from .validacion import numero as numero_valido


def _supuesto(clave: str) -> float:
    return datos.supuestos()[clave].valor_min


def imagen_olvidada(proveedor: str = "Vast.ai") -> Rango:
    """Coste de la imagen de los supuestos olvidada en el disco de ``proveedor`` los meses supuestos."""
    t = datos.tarifa(proveedor, "almacenamiento")
    gb_mes = _supuesto("imagen_gb") * _supuesto("meses_olvidada")
    return Rango(gb_mes * t.precio_min_usd, gb_mes * t.precio_max_usd)


def gb_checkpoint(precision: str = "bf16") -> float:
    """GB de un checkpoint completo del modelo de los supuestos (solo los pesos)."""
    return gb_pesos(_supuesto("modelo_miles_de_millones"), precision)


def gb_en_disco() -> float:
    """GB en disco mientras dura el trabajo: imagen, dataset y checkpoint."""
    return _supuesto("imagen_gb") + _supuesto("dataset_gb") + gb_checkpoint()


def transferencia(proveedor: str, gb_sube: float | None = None, gb_baja: float | None = None) -> Rango | None:
    """Subir ``gb_sube`` GB y bajar ``gb_baja`` en ``proveedor``; ``None`` si no publica ambas tarifas.

    Por defecto, el dataset y un checkpoint del modelo de los supuestos. ``None`` («sin dato») solo
    para un proveedor conocido (en precios.csv o tarifas.csv); uno desconocido: ``ValueError``.
    """
    conocidos = {p.proveedor for p in datos.precios()} | {t.proveedor for t in datos.tarifas()}
    proveedor = validacion.opcion(proveedor, "Proveedor", conocidos)
    gb_sube = _supuesto("dataset_gb") if gb_sube is None else numero_valido(gb_sube, "gb_sube", cero=True)
    gb_baja = gb_checkpoint() if gb_baja is None else numero_valido(gb_baja, "gb_baja", cero=True)
    conceptos = {t.concepto for t in datos.tarifas() if t.proveedor == proveedor}
    if not {"subida", "bajada"} <= conceptos:
        return None
    subida, bajada = datos.tarifa(proveedor, "subida"), datos.tarifa(proveedor, "bajada")
    return Rango(
        gb_sube * subida.precio_min_usd + gb_baja * bajada.precio_min_usd,
        gb_sube * subida.precio_max_usd + gb_baja * bajada.precio_max_usd,
    )


def coste_real(nombre: str = experimento.FINETUNING) -> pd.DataFrame:
    """Por escenario: coste de la GPU y rangos de arranque, disco, transferencia y total.

    Las columnas de transferencia valen NaN donde el proveedor no publica la tarifa; el total
    no la incluye entonces (columna ``transferencia_incluida``).
    """
    arranque = datos.supuestos()["minutos_arranque"]
    filas = []
    for esc in experimento.escenarios(nombre):
        p = experimento.precio(esc)
        disco = datos.tarifa(esc.proveedor, "almacenamiento")
        red = transferencia(esc.proveedor)
        bajo, alto = (
            coste_total(
                p.precio_hora_usd,
                esc.horas,
                minutos_arranque=minutos,
                gb_disco=gb_en_disco(),
                precio_gb_mes=gb_mes,
            )
            for minutos, gb_mes in (
                (arranque.valor_min, disco.precio_min_usd),
                (arranque.valor_max, disco.precio_max_usd),
            )
        )
        red_min, red_max = (red.minimo, red.maximo) if red else (float("nan"), float("nan"))
        filas.append(
            {
                "GPU": p.nombre,
                "proveedor": p.proveedor,
                "coste": bajo.gpu,
                "arranque_min": bajo.arranque,
                "arranque_max": alto.arranque,
                "disco_min": bajo.almacenamiento,
                "disco_max": alto.almacenamiento,
                "transferencia_min": red_min,
                "transferencia_max": red_max,
                "transferencia_incluida": red is not None,
                "total_min": bajo.total + (red.minimo if red else 0),
                "total_max": alto.total + (red.maximo if red else 0),
            }
        )
    return pd.DataFrame(filas)


def tabla_coste_real(nombre: str = experimento.FINETUNING) -> pd.DataFrame:
    """``coste_real`` lista para publicar: cifras en español, cada partida como rango «mín.–máx.»."""
    real = coste_real(nombre)
    columnas = {  # título de la columna: partida del desglose
        "arranque ($)": "arranque",
        "disco durante el trabajo ($)": "disco",
        "transferencia ($)": "transferencia",
        "**coste real ($)**": "total",
    }
    tabla = pd.DataFrame({"GPU": real["GPU"], "coste de la tabla ($)": [numero(x) for x in real["coste"]]})
    for titulo, partida in columnas.items():
        tabla[titulo] = [
            rango(a, b) if incluida or partida != "transferencia" else "sin dato"
            for a, b, incluida in zip(
                real[f"{partida}_min"], real[f"{partida}_max"], real["transferencia_incluida"], strict=True
            )
        ]
    return tabla
