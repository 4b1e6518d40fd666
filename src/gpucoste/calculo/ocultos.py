"""Costes ocultos de un trabajo: disco que se cobra parado, transferencia y arranque facturado.

Las tarifas y los supuestos de los datos son rangos: cada cifra es un ``Rango`` (mínimo, máximo).
Donde un proveedor conocido (con precios o tarifas en los datos) no publica una tarifa (Vast.ai: la
transferencia la fija cada host), se devuelve ``None`` —«sin dato»—, nunca un cero inventado. Un
proveedor desconocido o mal escrito («runpod») es un ``ValueError`` con los nombres válidos. Una
franquicia mensual (``franquicias.csv``: los primeros GB de bajada gratis en AWS) baja el mínimo del
rango: el mínimo supone la franquicia entera sin gastar; el máximo, ya gastada en otra cosa ese mes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpucoste import datos
from gpucoste.base import esquema, formato, validacion
from gpucoste.base.formato import numero, rango
from gpucoste.base.validacion import Validado, opcion
from gpucoste.base.validacion import numero as numero_valido
from gpucoste.calculo import experimento
from gpucoste.calculo.coste import Rango, coste_total
from gpucoste.calculo.memoria import gb_pesos
from gpucoste.dinero import paises
from gpucoste.dinero.moneda import a_euros

if TYPE_CHECKING:  # pandas solo para las tablas: el resto sirve en el navegador (Pyodide no lo trae)
    import pandas as pd


__all__ = [
    "FRANQUICIAS",
    "Franquicia",
    "coste_real",
    "coste_transferencia",
    "euros_coste_real",
    "gb_checkpoint",
    "gb_en_disco",
    "gb_gratis_mes",
    "imagen_olvidada",
    "partidas_transferencia",
    "tabla_coste_real",
    "tasas_de_impuesto",
    "transferencia",
]


@dataclass(frozen=True)
class Franquicia(Validado):
    proveedor: str
    concepto: str
    gb_gratis_mes: float
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


FRANQUICIAS = esquema.Tabla(
    "franquicias.csv",
    Franquicia,
    "GB gratis cada mes antes de que empiece a contar una tarifa de tarifas.csv.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Proveedor, como en tarifas.csv."),
        esquema.Columna("concepto", "enum", "Concepto de tarifas.csv.", valores=datos.CONCEPTOS),
        esquema.Columna("gb_gratis_mes", "numero", "GB gratis al mes.", minimo=0, excluye_minimo=True),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("proveedor", "concepto"),
    referencias=(esquema.Referencia(("proveedor", "concepto"), "tarifas.csv", ("proveedor", "concepto")),),
)


def _proveedor_conocido(proveedor: object) -> str:
    """``proveedor`` si tiene precios o tarifas en los datos; si no, ``ValueError`` con los válidos."""
    conocidos = {p.proveedor for p in datos.precios()} | {t.proveedor for t in datos.tarifas()}
    return validacion.opcion(proveedor, "Proveedor", conocidos)


def gb_gratis_mes(proveedor: str, concepto: str) -> float:
    """GB gratis al mes de ``concepto`` en ``proveedor`` (0 si no hay franquicia en los datos)."""
    proveedor = _proveedor_conocido(proveedor)
    concepto = validacion.opcion(concepto, "Concepto", {t.concepto for t in datos.tarifas()})
    fila = next((f for f in esquema.cargar(FRANQUICIAS) if (f.proveedor, f.concepto) == (proveedor, concepto)), None)
    return fila.gb_gratis_mes if fila else 0.0


def coste_transferencia(proveedor: str, concepto: str, gb: float) -> Rango | None:
    """Coste de mover ``gb`` de ``concepto`` («subida» o «bajada») en ``proveedor``; ``None`` sin tarifa.

    Mínimo: la franquicia mensual entera sin gastar; máximo: ya gastada.
    """
    proveedor = _proveedor_conocido(proveedor)
    gb = numero_valido(gb, "gb", cero=True)
    concepto = opcion(concepto, "Concepto de transferencia", ("subida", "bajada"))
    if not any(t.proveedor == proveedor and t.concepto == concepto for t in datos.tarifas()):
        return None
    t = datos.tarifa(proveedor, concepto)
    gratis = gb_gratis_mes(proveedor, concepto)
    maximo = validacion.resultado(gb * t.precio_max_usd, "coste_transferencia", {"gb": gb})
    return Rango(max(0.0, gb - gratis) * t.precio_min_usd, maximo)


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


def partidas_transferencia(
    proveedor: str, gb_sube: float | None = None, gb_baja: float | None = None
) -> dict[str, Rango | None]:
    """Subida (por defecto, el dataset de los supuestos) y bajada (un checkpoint) en ``proveedor``.

    Cada partida es ``None`` («sin dato») si un proveedor conocido (en precios.csv o tarifas.csv) no
    publica esa tarifa en los datos; un proveedor desconocido es un ``ValueError``.
    """
    proveedor = _proveedor_conocido(proveedor)
    gb_sube = _supuesto("dataset_gb") if gb_sube is None else numero_valido(gb_sube, "gb_sube", cero=True)
    gb_baja = gb_checkpoint() if gb_baja is None else numero_valido(gb_baja, "gb_baja", cero=True)
    return {
        "subida": coste_transferencia(proveedor, "subida", gb_sube),
        "bajada": coste_transferencia(proveedor, "bajada", gb_baja),
    }


def transferencia(proveedor: str, gb_sube: float | None = None, gb_baja: float | None = None) -> Rango | None:
    """Subir ``gb_sube`` GB y bajar ``gb_baja`` en ``proveedor``; ``None`` si falta alguna de las dos tarifas.

    Por defecto, el dataset y un checkpoint del modelo de los supuestos.
    """
    partes = partidas_transferencia(proveedor, gb_sube, gb_baja)
    if any(r is None for r in partes.values()):
        return None
    return Rango(sum(r.minimo for r in partes.values()), sum(r.maximo for r in partes.values()))


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
    import pandas as pd

    return pd.DataFrame(filas)


def tasas_de_impuesto() -> Rango:
    """El impuesto más bajo y el más alto que paga un particular por un servicio digital del extranjero en los países
    de ``paises.csv`` (sin la entrada neutra): el rango de la línea de impuesto de la tabla de costes ocultos."""
    tasas = [p.impuesto for p in paises.paises() if p.moneda != "USD"]
    return Rango(min(tasas), max(tasas))


def tabla_coste_real(nombre: str = experimento.FINETUNING) -> pd.DataFrame:
    """``coste_real`` lista para publicar: cifras en español, cada partida como rango «mín.–máx.».

    En dólares (US$), como los publica el proveedor; ``euros_coste_real`` da el total en euros. Las dos últimas
    columnas suman el impuesto que paga un particular (``tasas_de_impuesto``: del más bajo de los países de los
    datos, sobre el coste mínimo, al más alto, sobre el máximo).
    """
    real = coste_real(nombre)
    tasas = tasas_de_impuesto()
    columnas = {  # título de la columna: partida del desglose
        "arranque (US$)": "arranque",
        "disco durante el trabajo (US$)": "disco",
        "transferencia (US$)": "transferencia",
        "**coste real (US$)**": "total",
    }
    import pandas as pd

    tabla = pd.DataFrame({"GPU": real["GPU"], "coste de la tabla (US$)": [numero(x) for x in real["coste"]]})
    for titulo, partida in columnas.items():
        tabla[titulo] = [
            rango(a, b) if incluida or partida != "transferencia" else "sin dato"
            for a, b, incluida in zip(
                real[f"{partida}_min"], real[f"{partida}_max"], real["transferencia_incluida"], strict=True
            )
        ]
    que = f"{formato.numero(tasas.minimo * 100, 0)}–{formato.porcentaje(tasas.maximo)}"
    tabla[f"impuesto de un particular, {que} (US$)"] = [
        rango(a * tasas.minimo, b * tasas.maximo) for a, b in zip(real["total_min"], real["total_max"], strict=True)
    ]
    tabla["**con impuesto (US$)**"] = [
        rango(a * (1 + tasas.minimo), b * (1 + tasas.maximo))
        for a, b in zip(real["total_min"], real["total_max"], strict=True)
    ]
    return tabla


def euros_coste_real(nombre: str = experimento.FINETUNING) -> Rango:
    """El coste real más barato y el más caro de ``coste_real``, en euros al tipo de referencia del BCE."""
    real = coste_real(nombre)
    return Rango(a_euros(real["total_min"].min()), a_euros(real["total_max"].max()))
