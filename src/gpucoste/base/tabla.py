"""La declaración de un CSV: la ``Tabla`` (fichero, tipo de fila, columnas, clave y reglas) y el ``Registro``, la fila
que se comprueba al crearse.

Cada ``Tabla`` se registra al crearse en ``TABLAS``, por fichero; ``Tabla.comprobar`` aplica a una fila ya
convertida las columnas, ``orden`` y ``limites`` (lo que ``Registro`` hace al crear una fila a mano), y
``Tabla.recurso`` la describe como recurso de un Data Package. ``tabla_de_valores`` declara un CSV
``clave,valor,unidad…`` con una fila por clave (``Valor``). Leer el fichero es cosa de ``gpucoste.base.lector``;
todo se importa, como siempre, de ``gpucoste.base.esquema`` («gpucoste.base.esquema.Tabla» en los errores).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste.base import validacion
from gpucoste.base.columnas import FECHA, FUENTE, LEIDA, NOTA, Cobertura, Columna, Limite, Referencia, Regla
from gpucoste.base.validacion import Validado

__all__ = ["TABLAS", "Registro", "Tabla", "Valor", "tabla_de_valores"]


_TABLAS: dict[str, Tabla] = {}
TABLAS: Mapping[str, Tabla] = MappingProxyType(_TABLAS)
"""Las tablas declaradas, por nombre de fichero (cada ``Tabla`` se registra al crearse; solo lectura)."""

_POR_FILA: dict[type, Tabla] = {}


class Registro(Validado):
    """Base de un tipo de fila que se comprueba al crearse, también a mano (``datos.Gpu(...)``): cada campo con
    el tipo y el rango de su columna, y las reglas de ``orden`` y ``limites`` de su tabla; si no, ``ValueError``."""

    def __post_init__(self) -> None:
        tabla = _POR_FILA.get(type(self))
        if tabla is None:
            super().__post_init__()  # una fila sin tabla declarada: al menos, el tipo de cada campo
        else:
            tabla.comprobar(self)


@dataclass(frozen=True)
class Tabla(Validado):
    """Un CSV declarado: fichero, tipo de fila, columnas, clave única y reglas entre columnas o ficheros."""

    fichero: str
    fila: type
    descripcion: str
    columnas: tuple[Columna, ...]
    clave: tuple[str, ...]
    orden: tuple[tuple[str, str], ...] = ()
    referencias: tuple[Referencia, ...] = ()
    claves_obligatorias: tuple[str, ...] = ()
    limites: tuple[Limite, ...] = ()
    reglas: tuple[Regla, ...] = ()
    unicas: tuple[str, ...] = ()
    """Columnas que, además de la clave, no repiten valor en el fichero (sin mirar mayúsculas): el nombre de un país."""
    cubre: tuple[Cobertura, ...] = ()
    """Valores de otro fichero que deben estar en esta tabla (cada moneda del CSV de países, en el de cambios)."""
    nombres: tuple[str, ...] = ()
    """Columnas de nombres propios (proveedor, GPU, modelo): un mismo nombre se escribe igual en todo el fichero
    («RunPod» y «runpod», o «H100 80GB» y «H100 80 GB», en dos filas son una errata: ``clave_de_nombre``)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not dataclasses.is_dataclass(self.fila):
            raise ValueError(f"{self.fichero}: fila={self.fila!r} no vale; se admite una clase dataclass.")
        nombres = [c.nombre for c in self.columnas]
        campos = [f.name for f in dataclasses.fields(self.fila)]
        usadas = [
            *self.clave,
            *(c for par in self.orden for c in par),
            *(c for r in self.referencias for c in r.columnas),
            *(c for lim in self.limites for c in (lim.donde[0], *lim.columnas)),
            *(r.columna for r in self.reglas),
            *self.unicas,
            *self.nombres,
            *(c.columna for c in self.cubre),
        ]
        if sorted(nombres) != sorted(campos) or len(set(nombres)) != len(nombres):
            raise ValueError(
                f"{self.fichero}: las columnas {nombres} no valen; se admiten los campos de {self.fila.__name__}, una "
                f"vez cada uno: {campos}."
            )
        if not self.clave or any(c not in nombres for c in usadas):
            raise ValueError(
                f"{self.fichero}: la clave {self.clave!r} o una regla no valen; se admite una clave no vacía y reglas "
                f"con columnas declaradas: {nombres}."
            )
        _TABLAS[self.fichero] = self
        _POR_FILA[self.fila] = self
        validacion.admite_vacio(self.fila, *(c.nombre for c in self.columnas if c.tipo == "texto" and not c.requerida))

    def comprobar(self, registro: object) -> None:
        """``registro`` (una fila ya convertida) cumple las columnas, ``orden`` y ``limites``; si no, ``ValueError``."""
        que = type(registro).__name__
        for c in self.columnas:
            c.comprobar(getattr(registro, c.nombre), que)
        for a, b in self.orden:
            x, y = getattr(registro, a), getattr(registro, b)
            if x is not None and y is not None and y < x:
                raise ValueError(f"{que}: {b}={y!r} no vale; se admite {b} ≥ {a} ({x!r}).")
        for lim in self.limites:
            if getattr(registro, lim.donde[0]) == lim.donde[1]:
                for c in lim.columnas:
                    if getattr(registro, c) is not None and not lim.admite(getattr(registro, c)):
                        raise ValueError(f"{que}: {c}={getattr(registro, c)!r} no vale; se admite {lim.admitido()}.")
        if self.reglas:
            fila = {c.nombre: getattr(registro, c.nombre) for c in self.columnas}
            for r in self.reglas:
                if not r.cumple(fila):
                    raise ValueError(f"{que}: {r.columna}={fila[r.columna]!r} no vale; se admite {r.admitido}.")

    @property
    def nombre(self) -> str:
        return self.fichero.removesuffix(".csv")

    def columna(self, nombre: str) -> Columna:
        return next(c for c in self.columnas if c.nombre == nombre)

    def recurso(self) -> dict:
        """La tabla como recurso tabular de un Data Package de Frictionless."""
        reglas = [f"{a} ≤ {b} en cada fila." for a, b in self.orden]
        reglas += [f"{', '.join(lim.columnas)}: {lim.admitido()}." for lim in self.limites]
        reglas += [f"{r.columna}: {r.admitido}." for r in self.reglas]
        reglas += [f"{c}: un valor distinto en cada fila." for c in self.unicas]
        reglas += [f"{c}: un mismo nombre se escribe igual en todas las filas." for c in self.nombres]
        reglas += [
            f"{c.columna}: cada {c.destino} de {c.fichero}"
            + (f" (salvo {', '.join(c.excepto)})" if c.excepto else "")
            + " tiene al menos una fila."
            for c in self.cubre
        ]
        reglas += [
            f"{r.columnas[0]}: si es un {r.destino[0]} de {r.fichero} escrito de otra manera (mayúsculas, espacios, "
            "signos), se escribe igual que en él."
            for r in self.referencias
            if r.parcial
        ]
        if self.claves_obligatorias:
            reglas.append(f"Claves obligatorias en {self.clave[0]}: {', '.join(self.claves_obligatorias)}.")
        esquema: dict = {
            "fields": [c.campo() for c in self.columnas],
            "primaryKey": list(self.clave),
            "missingValues": [""],
        }
        estrictas = [r for r in self.referencias if not r.parcial]
        if estrictas:
            esquema["foreignKeys"] = [
                {
                    "fields": list(r.columnas),
                    "reference": {"resource": TABLAS[r.fichero].nombre, "fields": list(r.destino)},
                }
                for r in estrictas
            ]
        for campo in esquema["fields"]:
            if campo["name"] in self.unicas:
                campo.setdefault("constraints", {})["unique"] = True
        return {
            "name": self.nombre,
            "path": self.fichero,
            "profile": "tabular-data-resource",
            "format": "csv",
            "mediatype": "text/csv",
            "encoding": "utf-8",
            "description": " ".join([self.descripcion, *reglas]),
            "schema": esquema,
        }


@dataclass(frozen=True)
class Valor(Validado):
    """Una fila de una tabla de valores con nombre: qué es (``clave``), cuánto vale, en qué unidad y de dónde sale."""

    clave: str
    valor: float
    unidad: str
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


def tabla_de_valores(fichero: str, descripcion: str, claves: tuple[str, ...], que: str) -> Tabla:
    """Un CSV ``clave,valor,unidad,fecha,fuente,nota`` con una fila por cada una de ``claves`` (todas obligatorias).

    ``que`` describe la columna ``clave`` («Qué regla es.»). Leer una fila: ``valor(tabla, clave, nombre)``.
    """
    return Tabla(
        fichero,
        Valor,
        descripcion,
        columnas=(
            Columna("clave", "enum", que, valores=claves),
            Columna("valor", "numero", "Cuánto vale.", minimo=0, excluye_minimo=True),
            Columna("unidad", "texto", "Unidad del valor."),
            FECHA,
            FUENTE,
            NOTA,
            LEIDA,
        ),
        clave=("clave",),
        claves_obligatorias=claves,
        limites=(Limite(("unidad", "fracción"), ("valor",), maximo=1),),
    )
