"""``servicio_medido.csv``: lo que rinde un servidor de inferencia publicado a varias concurrencias.

Cada fila es una medida de un benchmark de servicio (vLLM, TGI…): con ``concurrencia`` peticiones a la vez, todas
de ``entrada`` tokens de entrada y ``salida`` de salida, los tokens generados por segundo de todo el servidor y, si
la fuente los da, el tiempo por token de salida y el tiempo hasta el primer token. ``kv_gb``: la memoria que el
motor reservó para la caché KV, si la fuente la da (si no, la calcula ``gpucoste.calculo.servicio``). Con ellas se
ajusta y se valida el modelo de capacidad de ``gpucoste.calculo.servicio``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import esquema
from gpucoste.datos.tablas import GPUS, MODELOS  # noqa: F401  (las tablas a las que remite, registradas antes)

__all__ = ["SERVICIO_MEDIDO", "ServicioMedido", "servicio_medido"]


@dataclass(frozen=True)
class ServicioMedido(esquema.Registro):
    """Una medida publicada de un servidor de inferencia con ``concurrencia`` peticiones a la vez."""

    id: str
    modelo: str
    gpu: str
    n_gpus: int
    precision: str
    motor: str
    entrada: int
    salida: int
    concurrencia: int
    kv_gb: float | None
    tokens_s: float
    tpot_ms: float | None
    ttft_ms: float | None
    rechazada: str
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


SERVICIO_MEDIDO = esquema.Tabla(
    "servicio_medido.csv",
    ServicioMedido,
    "Medidas publicadas de servidores de inferencia a varias concurrencias (tokens/s de todo el servidor, tiempo "
    "por token de salida): con ellas se ajusta y se valida el modelo de capacidad de gpucoste.calculo.servicio.",
    columnas=(
        esquema.Columna("id", "texto", "Identificador corto de la medida."),
        esquema.Columna("modelo", "texto", "Modelo medido (como en modelos.csv)."),
        esquema.Columna("gpu", "texto", "GPU medida (como en gpus.csv)."),
        esquema.Columna("n_gpus", "entero", "GPU del servidor (paralelismo de tensores).", minimo=1, maximo=64),
        esquema.Columna(
            "precision", "enum", "Formato de los pesos.", valores=("bf16", "fp16", "fp8", "int8", "awq-int4")
        ),
        esquema.Columna("motor", "texto", "Motor de inferencia (vLLM, TGI, SGLang, TensorRT-LLM…)."),
        esquema.Columna("entrada", "entero", "Tokens de entrada de cada petición.", minimo=1, maximo=10**6),
        esquema.Columna("salida", "entero", "Tokens generados por petición.", minimo=1, maximo=10**6),
        esquema.Columna("concurrencia", "entero", "Peticiones a la vez.", minimo=1, maximo=10**5),
        esquema.Columna(
            "kv_gb",
            "numero",
            "GB que el motor reservó para la caché KV (vacío si la fuente no lo da).",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.Columna(
            "tokens_s", "numero", "Tokens generados por segundo de todo el servidor.", minimo=0, excluye_minimo=True
        ),
        esquema.Columna(
            "tpot_ms",
            "numero",
            "Milisegundos por token de salida de cada petición (vacío si no se publica).",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.Columna(
            "ttft_ms",
            "numero",
            "Milisegundos hasta el primer token (vacío si no se publica).",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.Columna(
            "rechazada", "texto", "Vacía si la medida entra en el ajuste; si no, por qué no.", requerida=False
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("id",),
    referencias=(
        esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),
        esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),
    ),
    nombres=("motor",),
)


def servicio_medido() -> tuple[ServicioMedido, ...]:
    """Las medidas publicadas de servidores de inferencia a varias concurrencias (``servicio_medido.csv``)."""
    return esquema.cargar(SERVICIO_MEDIDO)
