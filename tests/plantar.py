"""Filas plantadas en una copia de los datos (``GPUCOSTE_DATOS``), para las pruebas de las frases comprobadas."""

from __future__ import annotations

import csv
import pathlib

from gpucoste import datos
from gpucoste.base import esquema

LEIDA_HOY = esquema.fecha_limite().isoformat()
"""La ``leida`` de una fila plantada sin ella: hoy, el último día que admite el cargador."""

FILA_AZURE_H100 = {
    "gpu": "H100 80GB",
    "proveedor": "Azure",
    "nivel": "bajo_demanda",
    "precio_hora_usd": "9.5",
    "fecha": "2026-11-01",
    "fuente": "https://example.org/precio-plantado",
    "nota": "fila plantada por la prueba",
    "tipo": "lista",
}
"""Un precio de la H100 en Azure: hace falsa la frase de «Alternativas» que dice que no lo hay."""


def anadir(carpeta: pathlib.Path, fichero: str, fila: dict) -> None:
    """Añade ``fila`` al final de ``fichero`` en ``carpeta`` (con sus columnas) y vacía la caché de ``datos``. Sin
    ``leida``, leída hoy (nunca antes que su fecha, que no puede ser posterior a hoy)."""
    ruta = carpeta / fichero
    with ruta.open(encoding="utf-8", newline="") as f:
        columnas = next(csv.reader(f))
    if "leida" in columnas and "leida" not in fila:
        fila = {**fila, "leida": LEIDA_HOY}
    with ruta.open("a", encoding="utf-8", newline="") as f:
        csv.DictWriter(f, columnas).writerow(fila)
    datos.limpiar_cache()


def quitar(carpeta: pathlib.Path, fichero: str, quitar_fila) -> None:
    """Quita de ``fichero`` en ``carpeta`` las filas para las que ``quitar_fila`` es cierto."""
    ruta = carpeta / fichero
    with ruta.open(encoding="utf-8", newline="") as f:
        filas = list(csv.DictReader(f))
        columnas = list(filas[0])
    with ruta.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, columnas)
        w.writeheader()
        w.writerows(r for r in filas if not quitar_fila(r))
    datos.limpiar_cache()
