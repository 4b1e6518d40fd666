"""La orden ``gpucoste horas-gpu``: «N horas de GPU X» (lo que declara la ficha de un modelo o un artículo) →
horas y coste para terminar ese trabajo en cada GPU y proveedor que se alquila
(``gpucoste.calculo.equivalencia.registros``)."""

from __future__ import annotations

import pandas as pd

from gpucoste import datos
from gpucoste.base import etiquetas, formato
from gpucoste.calculo import equivalencia, tiempo
from gpucoste.cli.opciones import Opcion, Salida, entero_positivo, nombre_de, orden, positivo

__all__ = []

_ESCALAS = tuple(equivalencia.ESCALAS_ORIGEN)


@orden(
    "horas-gpu",
    "horas y coste, en cada GPU y proveedor, de un trabajo que la ficha de un modelo declara en horas de otra GPU",
    Opcion("--horas", "horas de GPU que declara la ficha (todas las GPU sumadas)", positivo, obligatoria=True),
    Opcion(
        "--gpu",
        "la GPU de la ficha, de gpus.csv, p. ej. «A100 80GB»",
        nombre_de("GPU", datos.especificaciones),
        obligatoria=True,
    ),
    Opcion(
        "--escala-origen",
        # «por defecto» delante: al final caería dentro de «(varios nodos)», como si fuera de esa escala.
        "dónde se entrenó según la ficha (por defecto, 1): "
        + "; ".join(f"{k}, {v}" for k, v in tiempo.ESCALAS.items()),
        defecto="1",
        valores=_ESCALAS,
    ),
    Opcion(
        "--n-gpus", "cuántas GPU alquilas a la vez (reparten las horas de reloj, no las de GPU)", entero_positivo, 1
    ),
    Opcion(
        "--sin-estimaciones",
        "deja fuera los precios que son estimaciones; «no» las incluye",
        defecto="sí",
        valores=("sí", "no"),
    ),
    ejemplo='--horas 1000 --gpu "A100 80GB"',
    dinero=True,
)
def _horas_gpu(horas: float, gpu: str, escala_origen: str, n_gpus: int, sin_estimaciones: str) -> Salida:
    filas = equivalencia.registros(
        horas, gpu, escala_origen=escala_origen, n_gpus=n_gpus, estimaciones=sin_estimaciones == "no"
    )
    if not filas:
        raise ValueError("ningún precio de los datos se puede comparar: prueba --sin-estimaciones no")
    tabla = pd.DataFrame(filas)
    decimales = {c: 2 for c in tabla.columns if c.endswith("_usd")} | {
        "n_gpus": 0,
        "horas_gpu_min": 0,
        "horas_gpu_tipicas": 0,
        "horas_gpu_max": 0,
        "horas_min": 0,  # miles de horas de reloj: sin decimales, como su página
        "horas_max": 0,
    }
    pie = (
        f"{formato.numero(horas, 0)} horas de GPU de {gpu}, {tiempo.ESCALAS[escala_origen]}.",
        f"No incluye {'; ni '.join(equivalencia.NO_INCLUYE[:3])}.",
    )
    return Salida(tabla, decimales, pie, encabezados={"horas": etiquetas.HORAS_DE_RELOJ})
