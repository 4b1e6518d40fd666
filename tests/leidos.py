"""Lo que dicen los CSV de datos leídos con ``csv``, sin la biblioteca: el oráculo independiente de las pruebas
que derivan sus expectativas de los datos (una fila nueva correcta no debe romper ninguna prueba)."""

from __future__ import annotations

import csv
import os
import pathlib

from conftest import DATOS


def carpeta() -> pathlib.Path:
    """La carpeta de datos activa: ``GPUCOSTE_DATOS`` si está, si no la del paquete."""
    return pathlib.Path(os.environ.get("GPUCOSTE_DATOS") or DATOS)


def filas(fichero: str) -> list[dict[str, str]]:
    """Las filas no vacías de ``fichero``."""
    with (carpeta() / fichero).open(encoding="utf-8-sig") as f:
        return [fila for fila in csv.DictReader(f) if any((v or "").strip() for v in fila.values())]


def _dia(fecha: str) -> str:
    return fecha if len(fecha) == 10 else f"{fecha}-01"


def reciente(gpu: str, proveedor: str, nivel: str, *, estimaciones: bool = True) -> tuple[float, list[float]]:
    """El precio más reciente no atípico de una GPU, proveedor y nivel, y los atípicos más nuevos saltados."""
    marcados = {(a["gpu"], a["proveedor"], a["nivel"], a["fecha"]) for a in filas("atipicos.csv")}
    propias = [p for p in filas("precios.csv") if (p["gpu"], p["proveedor"], p["nivel"]) == (gpu, proveedor, nivel)]
    saltados = []
    for p in sorted(propias, key=lambda p: _dia(p["fecha"]), reverse=True):
        if (gpu, proveedor, nivel, p["fecha"]) in marcados or (not estimaciones and p["tipo"] == "estimacion"):
            saltados.append(float(p["precio_hora_usd"]))
            continue
        return float(p["precio_hora_usd"]), saltados
    raise LookupError(f"{gpu} en {proveedor} ({nivel}): sin precio utilizable")


def tiene_tarifa(proveedor: str, concepto: str) -> bool:
    return any((t["proveedor"], t["concepto"]) == (proveedor, concepto) for t in filas("tarifas.csv"))
