"""Las entradas de las órdenes de las calculadoras de decisión: cada número, el dado o el de los datos, con su origen.

Los nombres mandan y los números corrigen: ``--gpu``, ``--modelo``, ``--proveedor`` y ``--pais`` son nombres de
los datos del paquete (con «¿Quisiste decir …?» ante una errata: ``GPUS``, ``MODELOS``, ``CON_RESERVA``,
``CON_INTERRUMPIBLE``) de los que salen los números (precio por hora, consumo, precio del kWh: ``precio_hora_de``,
``vatios_de``, ``kwh_de``); una opción numérica dada sustituye al número de los datos y su origen es ``DADO``. Cada
orden devuelve una tabla concepto/valor/origen (``fila``, ``tabla``). Las usan ``cli.calculadoras``,
``cli.interrumpible`` y ``cli.recomendar``.
"""

from __future__ import annotations

import pandas as pd

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.calculo import modalidades
from gpucoste.cli.opciones import PAIS, Opcion, Salida, no_negativo, nombre_de
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones

__all__ = [
    "CON_INTERRUMPIBLE",
    "CON_RESERVA",
    "DADO",
    "GPUS",
    "MODELOS",
    "PAIS_KWH",
    "PAIS_LUZ",
    "PRECIO_KWH",
    "fila",
    "kwh_de",
    "opcion_gpu",
    "origen_precio",
    "precio_hora_de",
    "tabla",
    "vatios_de",
]

PAIS_LUZ = decisiones.PAIS_LUZ
"""País cuyo kWh se usa si no se da ``--pais`` ni ``--precio-kwh`` (el de la guía)."""

DADO = "dado"
"""Origen de una entrada que viene de la línea de órdenes, no de los datos."""

GPUS = nombre_de("GPU", datos.especificaciones)
MODELOS = nombre_de("Modelo", datos.modelos)
CON_RESERVA = nombre_de(
    "Proveedor con descuento por reservar",
    lambda: {m.proveedor for m in mercado.modalidades() if m.modalidad == "reservada"},
)
CON_INTERRUMPIBLE = nombre_de(
    "Proveedor con precio interrumpible",
    lambda: (
        {p.proveedor for p in datos.precios() if p.nivel == modalidades.INTERRUMPIBLE}
        | {m.proveedor for m in mercado.modalidades() if m.modalidad == modalidades.INTERRUMPIBLE}
    ),
)


def opcion_gpu(defecto: str, que: str = "GPU de gpus.csv") -> Opcion:
    """La opción ``--gpu`` de una orden: ``que`` y, por defecto, ``defecto``; de ella salen los números no dados."""
    return Opcion("--gpu", f"{que}; de ella salen los números que no se den", GPUS, defecto)


PAIS_KWH = Opcion(
    "--pais",
    f"{PAIS.ayuda}; su kWh de electricidad.csv, pasado a dólares, es el de la luz (sin él, el de {PAIS_LUZ})",
    PAIS.tipo,
)
PRECIO_KWH = Opcion("--precio-kwh", "dólares por kWh (por defecto, el de un hogar de --pais)", no_negativo)


def fila(concepto: str, valor: float | None, origen: str) -> dict:
    """Una fila de una tabla concepto/valor/origen."""
    return {"concepto": concepto, "valor": valor, "origen": origen}


def tabla(filas: list[dict], decimales: int = 2) -> Salida:
    """La ``Salida`` de las filas de ``fila``, con ``decimales`` en la columna ``valor``."""
    return Salida(pd.DataFrame(filas, columns=["concepto", "valor", "origen"]), {"valor": decimales})


def precio_hora_de(precio_hora: float | None, gpu: str, proveedor: str | None = None) -> tuple[float, str]:
    """El precio dado, o el vigente más barato de ``gpu`` (en ``proveedor``) con su origen."""
    if precio_hora is not None:
        return precio_hora, DADO
    p = decisiones.precio_vigente(gpu, proveedor)
    return p.precio_hora_usd, f"precios.csv: {p.gpu} en {origen_precio(p)}"


def origen_precio(p: datos.Precio) -> str:
    """«RunPod (comunidad), 25 de septiembre de 2026, precio de lista»: el proveedor, el nivel, la fecha y el tipo
    de un precio, en palabras como en las páginas."""
    return f"{p.proveedor_y_nivel}, {formato.fecha(p.fecha)}, {formato.tipo_precio(p.tipo)}"


def kwh_de(precio_kwh: float | None, pais: str | None) -> tuple[float, str]:
    """El precio del kWh dado, o el de un hogar de ``pais`` (``decisiones.luz_del_pais``) en dólares, con su origen."""
    if precio_kwh is not None:
        return precio_kwh, DADO
    luz = decisiones.luz_del_pais(pais)
    return luz.usd_kwh, f"electricidad.csv: {luz.pais}, {formato.fecha(luz.fecha)}; a {luz.cambio}"


def vatios_de(vatios: float | None, gpu: str) -> tuple[float, str]:
    """Los vatios dados, o los de ``gpu`` en gpus.csv, con su origen."""
    return (vatios, DADO) if vatios is not None else (decisiones.vatios(gpu), f"gpus.csv: {gpu}")
