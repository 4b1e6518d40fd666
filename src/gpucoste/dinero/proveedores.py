"""Cómo cobra cada proveedor: modelo, facturación, disco, transferencia, compromiso, garantías y residencia.

Cada fila de ``politicas.csv`` es un hecho con su fuente y su fecha; donde no hay fila, la guía dice
«sin dato» y no supone nada.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

from dataclasses import dataclass
from types import MappingProxyType

from gpucoste.base import esquema
from gpucoste.base.validacion import Validado, opcion

__all__ = ["ASPECTOS", "POLITICAS", "Politica", "TITULOS", "politica", "politicas", "tabla"]


ASPECTOS = ("modelo", "facturacion", "almacenamiento", "transferencia", "compromiso", "garantias", "residencia")
TITULOS = MappingProxyType(
    {
        "modelo": "modelo",
        "facturacion": "facturación",
        "almacenamiento": "disco",
        "transferencia": "transferencia",
        "compromiso": "compromiso mínimo",
        "garantias": "garantías",
        "residencia": "dónde están los datos",
    }
)


@dataclass(frozen=True)
class Politica(Validado):
    proveedor: str
    aspecto: str
    valor: str
    fecha: str
    fuente: str
    nota: str
    leida: str | None = None


POLITICAS = esquema.Tabla(
    "politicas.csv",
    Politica,
    "Cómo cobra y qué garantiza cada proveedor, un hecho por fila, con fecha y fuente.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Proveedor."),
        esquema.Columna("aspecto", "enum", "Qué aspecto describe.", valores=ASPECTOS),
        esquema.Columna("valor", "texto", "La política, en una frase corta."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("proveedor", "aspecto"),
    # Together vende una API y no alquila GPU en precios.csv: una referencia parcial, que solo pide escribir igual.
    referencias=(esquema.Referencia(("proveedor",), "precios.csv", ("proveedor",), parcial=True),),
    nombres=("proveedor",),
)


def politicas() -> tuple[Politica, ...]:
    """Las filas de ``politicas.csv``."""
    return esquema.cargar(POLITICAS)


def politica(proveedor: str, aspecto: str) -> Politica | None:
    """La política de ``proveedor`` en ``aspecto``, o ``None`` si los datos no la tienen."""
    aspecto = opcion(aspecto, "Aspecto", ASPECTOS)
    proveedor = opcion(proveedor, "Proveedor con políticas", {p.proveedor for p in politicas()})
    return next((p for p in politicas() if (p.proveedor, p.aspecto) == (proveedor, aspecto)), None)


def tabla(proveedores: list[str], aspectos: tuple[str, ...] = ASPECTOS) -> pd.DataFrame:
    """Una fila por proveedor y una columna por aspecto; «sin dato» donde no hay fila con fuente."""
    for nombre, lista in (("proveedores", proveedores), ("aspectos", aspectos)):
        if not isinstance(lista, list | tuple) or not lista:
            raise ValueError(f"{nombre}: {lista!r} no vale; se admite una lista no vacía de nombres.")
    filas = []
    for nombre in proveedores:
        fila = {"proveedor": nombre}
        for aspecto in aspectos:
            p = politica(nombre, aspecto)
            fila[TITULOS[aspecto]] = p.valor if p else "sin dato"
        filas.append(fila)
    import pandas as pd  # solo aquí: el camino de las calculadoras del navegador no carga pandas

    return pd.DataFrame(filas)
