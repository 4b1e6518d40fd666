"""¿Comprar o alquilar? Cuántas horas de alquiler pagan la GPU."""

from __future__ import annotations

from . import datos
from .validacion import numero, resultado


def horas_equivalentes(precio_compra: float, precio_hora: float) -> float:
    """Horas de alquiler a ``precio_hora`` que cuestan lo mismo que ``precio_compra``."""
    entradas = {
        "precio_compra": numero(precio_compra, "precio_compra"),
        "precio_hora": numero(precio_hora, "precio_hora"),
    }
    return resultado(entradas["precio_compra"] / entradas["precio_hora"], "horas_equivalentes", entradas)


def horas_para_comprar(gpu: str, proveedor: str, nivel: str, fecha: str | None = None) -> float:
    """Horas de alquiler de ``gpu`` (en ``proveedor``, ``nivel`` y ``fecha``) que pagan su compra."""
    equipo = datos.equipo(gpu)
    if equipo.precio_compra_usd is None:
        con_precio = [h.gpu for h in datos.hardware() if h.precio_compra_usd is not None]
        raise ValueError(f"GPU {gpu!r} no tiene precio de compra en los datos; lo tienen: {con_precio}.")
    return horas_equivalentes(equipo.precio_compra_usd, datos.precio(gpu, proveedor, nivel, fecha).precio_hora_usd)
