"""Esquema declarativo de los CSV: de una declaración salen el cargador, sus errores y ``datapackage.json``.

Cada CSV del paquete se declara una vez con ``Tabla`` (columnas con tipo, rango y valores admitidos;
clave única; referencias a otros ficheros) y un tipo de fila (una ``dataclass`` cuyos campos se
llaman como las columnas). De esa declaración salen:

- el cargador, ``cargar(TABLA)``: lee el CSV con el módulo ``csv`` en modo estricto, acepta BOM
  (Excel) y CRLF, normaliza el texto a NFC y devuelve una tupla de filas ya convertidas;
- los errores, siempre ``ErrorDeDatos`` (un ``ValueError``) en español con fichero, fila (la cabecera es la fila 1,
  como en una hoja de cálculo) y columna: comilla sin cerrar, número de celdas distinto de la cabecera
  (con la pista de la coma decimal), celda vacía u obligatoria, número fuera de rango, fecha que no
  es ``AAAA-MM`` ni ``AAAA-MM-DD`` o que es posterior a hoy (``fecha_limite``), fuente que no es una
  URL https con host, clave repetida, clave obligatoria ausente, referencia a otro fichero que no
  existe (con «¿Quisiste decir …?» si difiere en mayúsculas o en una letra), valor fuera del rango
  que la biblioteca necesita en una fila (``Limite``: el MFU en (0, 1]), una regla de la fila que no se cumple
  (``Regla``: en ``ajustes.csv``, ``medidas`` cuenta los id de ``derivacion``), un valor repetido de una columna
  ``unicas``, un nombre escrito de dos maneras (``nombres``; o distinto del de otro fichero, con una ``Referencia``
  parcial), un número subnormal (5e-324), caracteres de control o invisibles (NUL, espacio de anchura cero…) en
  cualquier celda, fichero o carpeta que faltan o no están en UTF-8;
- la descripción publicada, ``datapackage()``: un *Data Package* de Frictionless (Table Schema por
  fichero, con ``primaryKey`` y ``foreignKeys``) como ``dict``, listo para ``json.dump``.

``cargar`` y ``contenido`` (el texto de un CSV para publicarlo, tras cargarlo) son las únicas lecturas de un CSV de
datos de la biblioteca (``tests/proyecto/test_cargador.py`` lo comprueba con ``ast``), y ningún ``except ValueError``
calla un ``ErrorDeDatos``.

El módulo es Python puro (sin pandas): sirve igual en el navegador con Pyodide. Las columnas (``Columna``,
``Referencia``, ``Limite``, ``FECHA``…) se definen en ``gpucoste.base.columnas`` y se importan de aquí.

Cómo añadir un CSV (la fila, la tabla y su cargador): ``CONTRIBUTING.md``, «Añadir un CSV».
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import importlib
import io
import os
import pathlib
import re
import sys
import unicodedata
from collections.abc import Callable, Mapping  # noqa: F401 - las anotaciones de Regla, publicada aquí
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType

from gpucoste.base import paquete, validacion
from gpucoste.base.columnas import (
    FECHA,
    FUENTE,
    LEIDA,
    NO,
    NOTA,
    SI,
    TIPOS,
    Cobertura,
    Columna,
    Limite,
    Referencia,
    Regla,
    dos_fechas,
)
from gpucoste.base.validacion import Validado

__all__ = [
    "Cobertura",
    "Columna",
    "ErrorDeDatos",
    "FECHA",
    "FUENTE",
    "LEIDA",
    "Limite",
    "NO",
    "NOTA",
    "Referencia",
    "Regla",
    "Registro",
    "SI",
    "TABLAS",
    "TIPOS",
    "Tabla",
    "Valor",
    "cargar",
    "clave_de_nombre",
    "comprobar",
    "contenido",
    "datapackage",
    "declaradas",
    "fecha_limite",
    "limpiar",
    "tabla_de_valores",
    "valor",
]

# Las columnas se definen en ``base.columnas``; su nombre es el de siempre, «gpucoste.base.esquema.Columna».
paquete.publicar(__name__, Cobertura, Columna, Limite, Referencia, Regla)


class ErrorDeDatos(ValueError):
    """El error de un CSV de la carpeta de datos (fichero, fila y columna), el único que lanza ``cargar``.

    Es un ``ValueError`` (la CLI lo escribe en una línea y sale con 2), pero con nombre propio: quien espera el
    ``ValueError`` de un caso sin respuesta («no cabe», «no hay lectura») no debe callar un fichero roto::

        try:
            v = tiempo.velocidad_generacion(...)
        except esquema.ErrorDeDatos:
            raise
        except ValueError:  # no cabe en bf16
            v = None

    ``tests/proyecto/test_cargador.py`` lo exige en cada ``except ValueError`` que calla el error.
    """


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


def valor(tabla: Tabla, clave: str, nombre: str) -> Valor:
    """La fila ``clave`` de una ``tabla_de_valores``; una desconocida: ``ValueError`` que nombra ``nombre``."""
    if not isinstance(tabla, Tabla) or tabla.fila is not Valor:
        raise ValueError(f"tabla: {validacion.corto(tabla)} no vale; se admite una tabla de esquema.tabla_de_valores.")
    filas = {v.clave: v for v in cargar(tabla)}
    return filas[validacion.opcion(clave, nombre, filas)]


# --- Carga -----------------------------------------------------------------------------------

_CACHE: dict[tuple[str, str], tuple] = {}


def limpiar() -> None:
    """Olvida todo lo leído (tras editar un CSV en la misma carpeta)."""
    _CACHE.clear()


def cargar(tabla: Tabla) -> tuple:
    """Las filas de ``tabla`` leídas de la carpeta de datos (``GPUCOSTE_DATOS`` o la del paquete).

    Se leen una vez por carpeta; ``limpiar()`` las olvida. Un fichero malo: ``ValueError`` en español.
    """
    if type(tabla) is not Tabla:  # lo corriente, sin más: la biblioteca la llama un millón de veces en make check
        validacion.instancia(tabla, Tabla, "tabla", de="p. ej. datos.PRECIOS")
    clave = (tabla.fichero, os.environ.get("GPUCOSTE_DATOS", ""))
    if clave not in _CACHE:
        try:
            _CACHE[clave] = _leer(tabla, _carpeta(clave[1]))
        except ErrorDeDatos:
            raise
        except ValueError as error:
            raise ErrorDeDatos(str(error)) from None
    return _CACHE[clave]


@cache
def _del_paquete() -> resources.abc.Traversable:
    return resources.files("gpucoste") / "datos"


def _carpeta(propia: str) -> pathlib.Path | resources.abc.Traversable:
    if not propia:
        return _del_paquete()
    ruta = pathlib.Path(propia)
    if not ruta.exists():
        raise ValueError(f"GPUCOSTE_DATOS={propia}: la carpeta no existe; apunta a una carpeta con los CSV de datos.")
    if not ruta.is_dir():
        raise ValueError(f"GPUCOSTE_DATOS={propia}: no es una carpeta sino un fichero; apunta a la carpeta de los CSV.")
    return ruta


def _texto(carpeta: pathlib.Path | resources.abc.Traversable, fichero: str) -> str:
    ruta = carpeta / fichero
    try:
        if ruta.is_dir():
            raise ValueError(f"{fichero}: {ruta} es una carpeta, no un fichero CSV.")
        if not ruta.is_file():
            raise ValueError(f"{fichero}: falta el fichero en {carpeta}; cada carpeta de datos lleva todos los CSV.")
        crudo = ruta.read_bytes()
    except OSError as error:
        raise ValueError(f"{fichero}: no se puede leer {ruta} ({error.strerror or error}).") from None
    try:
        return crudo.decode("utf-8-sig")  # -sig: sin el BOM que escribe Excel
    except UnicodeDecodeError as error:
        linea = crudo[: error.start].count(b"\n") + 1
        raise ValueError(
            f"{fichero}, línea {linea}: el fichero no está en UTF-8 (byte {crudo[error.start]:#04x}); "
            "guárdalo como «CSV UTF-8»."
        ) from None


def _registros(texto: str, fichero: str):
    """(fila, línea, celdas) de cada registro del CSV, leído en modo estricto."""
    lector = csv.reader(io.StringIO(texto, newline=""), strict=True)
    fila = 0
    while True:
        linea = lector.line_num + 1
        try:
            celdas = next(lector)
        except StopIteration:
            return
        except csv.Error as error:
            donde = _donde(fichero, fila + 1, linea)
            motivo = str(error)
            if "end of data" in motivo or "field limit" in motivo or lector.line_num > linea:
                raise ValueError(
                    f"{donde}: una comilla abre una celda y no se cierra (o la celda es enorme); "
                    "cierra la comilla o quítala."
                ) from None
            if "expected after" in motivo:
                raise ValueError(
                    f"{donde}: hay texto tras la comilla que cierra una celda; "
                    'una comilla dentro de una celda entre comillas se escribe doble ("").'
                ) from None
            raise ValueError(f"{donde}: el CSV está mal formado en esta fila; revisa sus comillas.") from None
        fila += 1
        yield fila, linea, [(c if c.isascii() else unicodedata.normalize("NFC", c)).strip() for c in celdas]


def _donde(fichero: str, fila: int, linea: int, columna: str | None = None) -> str:
    texto = f"{fichero}, fila {fila}" + (f" (línea {linea})" if linea != fila else "")
    return texto + (f", columna {columna}" if columna else "")


def fecha_limite() -> dt.date:
    """La fecha más tardía que admite una celda de tipo fecha: hoy según ``SOURCE_DATE_EPOCH`` o según el reloj,
    la más tardía de las dos (una fila nueva fechada hoy carga aunque el último commit sea de ayer)."""
    return max(validacion.hoy(), dt.datetime.now(dt.UTC).date())


def _leer(tabla: Tabla, carpeta) -> tuple:
    fichero = tabla.fichero
    hoy = fecha_limite()
    registros = _registros(_texto(carpeta, fichero), fichero)
    cabecera = next(registros, (1, 1, []))[2]
    esperadas = [c.nombre for c in tabla.columnas]
    faltan = [c for c in esperadas if c not in cabecera]
    if faltan:
        raise ValueError(f"{fichero}: faltan las columnas {faltan}; se esperan {esperadas}.")
    sobran = [c for c in cabecera if c not in esperadas]
    repetidas = sorted({c for c in cabecera if cabecera.count(c) > 1})
    if sobran or repetidas:
        problema = f"columnas desconocidas {sobran}" if sobran else f"columnas repetidas {repetidas}"
        raise ValueError(f"{fichero}, fila 1: {problema}; se esperan {esperadas} (declaradas en gpucoste.datos).")
    filas, lugares, vistas, unicos = [], [], {}, {}
    columnas = [tabla.columna(nombre) for nombre in cabecera]
    for fila, linea, celdas in registros:
        if not any(celdas):
            continue  # línea en blanco, o solo comas: una fila vacía de la hoja de cálculo
        if len(celdas) != len(cabecera):
            pista = (
                "¿una coma decimal sin comillas? usa punto: 1.5 (o pon la celda entre comillas)."
                if len(celdas) > len(cabecera)
                else "una celda vacía se escribe con dos comas seguidas."
            )
            raise ValueError(
                f"{_donde(fichero, fila, linea)}: tiene {len(celdas)} celdas y la cabecera {len(cabecera)}; {pista}"
            )
        valores = {}
        for nombre, columna, celda in zip(cabecera, columnas, celdas, strict=True):
            raros = validacion.invisibles(celda)
            if raros:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, nombre)}: la celda {celda!r} lleva caracteres de control o "
                    f"invisibles: {', '.join(raros)}; se admite texto sin ellos (bórralos y escribe la celda de nuevo)."
                )
            if not celda:
                if columna.requerida:
                    raise ValueError(
                        f"{_donde(fichero, fila, linea, nombre)}: la celda está vacía; se admite {columna.admitido()}."
                    )
                valores[nombre] = "" if columna.tipo == "texto" else None
                continue
            try:
                valores[nombre] = columna.convertir(celda)
            except ValueError as error:
                raise ValueError(f"{_donde(fichero, fila, linea, nombre)}: {str(error).lstrip()}") from None
            if columna.tipo == "fecha" and validacion.fecha(celda) > hoy:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, nombre)}: {celda} es posterior a hoy ({hoy.isoformat()}); "
                    "se admite una fecha hasta hoy: la de cuándo se leyó o publicó el dato."
                )
        if "leida" in valores and "fecha" in valores and (falla := dos_fechas(valores["fecha"], valores["leida"])):
            raise ValueError(f"{_donde(fichero, fila, linea, 'leida')}: {falla}")
        for lim in tabla.limites:
            if valores[lim.donde[0]] != lim.donde[1]:
                continue
            for c in lim.columnas:
                if valores[c] is not None and not lim.admite(valores[c]):
                    raise ValueError(
                        f"{_donde(fichero, fila, linea, c)}: {valores[c]:g} no vale; se admite {lim.admitido()}."
                    )
        for a, b in tabla.orden:
            if valores[a] is not None and valores[b] is not None and valores[b] < valores[a]:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, b)}: {_celda(valores[b])} es menor que {a} ({_celda(valores[a])}); "
                    f"se admite {b} ≥ {a}."
                )
        for r in tabla.reglas:
            if not r.cumple(valores):
                raise ValueError(
                    f"{_donde(fichero, fila, linea, r.columna)}: {_celda(valores[r.columna])} no vale; "
                    f"se admite {r.admitido}."
                )
        for c in tabla.unicas:
            visto = unicos.setdefault(c, {}).setdefault(str(valores[c]).casefold(), fila)
            if visto != fila:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, c)}: {valores[c]!r} ya está en la fila {visto}; "
                    f"se admite un {c} distinto en cada fila."
                )
        clave = tuple(str(valores[c]).casefold() for c in tabla.clave)
        if clave in vistas:
            texto = ", ".join(repr(valores[c]) for c in tabla.clave)
            raise ValueError(
                f"{_donde(fichero, fila, linea)}: ({', '.join(tabla.clave)}) = ({texto}) ya está en la fila "
                f"{vistas[clave]}; cada clave va una sola vez en el fichero."
            )
        vistas[clave] = fila
        filas.append(valores)
        lugares.append((fila, linea))
    if not filas:
        raise ValueError(f"{fichero}: no tiene filas de datos, solo la cabecera.")
    _comprobar_referencias(tabla, filas, lugares)
    _comprobar_nombres(tabla, filas, lugares)
    for c in tabla.cubre:
        presentes = {f[c.columna] for f in filas}
        faltan = sorted({str(getattr(f, c.destino)) for f in cargar(TABLAS[c.fichero])} - presentes - set(c.excepto))
        if faltan:
            raise ValueError(
                f"{fichero}: faltan las filas con {c.columna} {faltan}, que están en {c.fichero} (columna "
                f"{c.destino}); se admite una fila al menos por cada {c.destino} de {c.fichero}"
                + (f" salvo {', '.join(c.excepto)}." if c.excepto else ".")
            )
    presentes = {f[tabla.clave[0]] for f in filas}
    faltan = [k for k in tabla.claves_obligatorias if k not in presentes]
    if faltan:
        raise ValueError(
            f"{fichero}: faltan las filas con {tabla.clave[0]} {faltan}; la biblioteca las necesita "
            f"(claves obligatorias: {list(tabla.claves_obligatorias)})."
        )
    return tuple(tabla.fila(**valores) for valores in filas)


def _celda(valor: object) -> str:
    """Un valor ya convertido, como en los mensajes del cargador: los números con ``:g``, lo demás con su repr."""
    return f"{valor:g}" if isinstance(valor, float | int) and not isinstance(valor, bool) else repr(valor)


def clave_de_nombre(nombre: str) -> str:
    """Lo que queda de un nombre propio sin mayúsculas, espacios ni signos (en NFC): «Vast.ai», «vast ai» y «VAST.AI»
    dan lo mismo, «A10» y «A100» no. Dos nombres con la misma clave y distinta escritura son una errata."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFC", nombre).casefold())


def _comprobar_parcial(tabla: Tabla, ref: Referencia, filas: list[dict], lugares: list[tuple[int, int]]) -> None:
    """Una referencia parcial: un valor que no está en el otro fichero pero se parece a uno de él es una errata."""
    columna, destino = ref.columnas[0], ref.destino[0]
    validas = sorted({str(getattr(f, destino)) for f in cargar(TABLAS[ref.fichero])})
    for valores, (fila, linea) in zip(filas, lugares, strict=True):
        valor = valores[columna]
        if valor in validas or not isinstance(valor, str):
            continue
        sugerencia = next((v for v in validas if clave_de_nombre(v) == clave_de_nombre(valor)), None)
        if sugerencia is not None:
            raise ValueError(
                f"{_donde(tabla.fichero, fila, linea, columna)}: {valor!r} es {sugerencia!r} de {ref.fichero} "
                f"(columna {destino}) escrito de otra manera. ¿Quisiste decir {sugerencia!r}? Se admite el nombre "
                f"tal cual está en {ref.fichero} (mayúsculas, espacios y signos incluidos) o uno distinto."
            )


def _comprobar_nombres(tabla: Tabla, filas: list[dict], lugares: list[tuple[int, int]]) -> None:
    """Cada nombre de las columnas ``nombres`` se escribe igual en todas las filas (tras las referencias, que dicen cuál
    es el bueno si el nombre está en otro fichero)."""
    for c in tabla.nombres:
        vistos: dict[str, tuple[str, int]] = {}
        for valores, (fila, linea) in zip(filas, lugares, strict=True):
            escrito, primera = vistos.setdefault(clave_de_nombre(valores[c]), (valores[c], fila))
            if escrito != valores[c]:
                raise ValueError(
                    f"{_donde(tabla.fichero, fila, linea, c)}: {valores[c]!r} es el {c} {escrito!r} de la fila "
                    f"{primera} escrito de otra manera; se admite un mismo nombre escrito igual en todas las filas."
                )


def _comprobar_referencias(tabla: Tabla, filas: list[dict], lugares: list[tuple[int, int]]) -> None:
    for ref in tabla.referencias:
        if ref.parcial:
            _comprobar_parcial(tabla, ref, filas, lugares)
            continue
        destino = [tuple(getattr(f, c) for c in ref.destino) for f in cargar(TABLAS[ref.fichero])]
        for valores, (fila, linea) in zip(filas, lugares, strict=True):
            origen = tuple(valores[c] for c in ref.columnas)
            for i, columna in enumerate(ref.columnas):  # la primera columna que no encaja, con sus opciones
                validas = sorted({d[i] for d in destino if d[:i] == origen[:i]})
                if origen[i] not in validas:
                    contexto = (
                        f" con {', '.join(f'{c}={v!r}' for c, v in zip(ref.columnas, origen[:i], strict=False))}"
                        if i
                        else ""
                    )
                    sugerencia = validacion.parecido(origen[i], map(str, validas))
                    pista = f" ¿Quisiste decir {sugerencia!r}?" if sugerencia else ""
                    raise ValueError(
                        f"{_donde(tabla.fichero, fila, linea, columna)}: {origen[i]!r} no está en {ref.fichero} "
                        f"(columna {ref.destino[i]}){contexto}.{pista} "
                        f"Valores admitidos: {', '.join(map(repr, validas))}."
                    )


def contenido(tabla: Tabla) -> bytes:
    """El texto de ``tabla`` en la carpeta de datos, tal cual (para publicarlo; en UTF-8, sin el BOM de Excel), tras
    cargarla: un fichero roto da el ``ErrorDeDatos`` de ``cargar``, no una copia rota. Con ``cargar``, la única
    lectura de un CSV de datos de la biblioteca (lo exige ``tests/proyecto/test_cargador.py``)."""
    cargar(tabla)
    return _texto(_carpeta(os.environ.get("GPUCOSTE_DATOS", "")), tabla.fichero).encode("utf-8")


# --- Descripción publicada --------------------------------------------------------------------


def declaradas() -> dict[str, Tabla]:
    """Todas las tablas declaradas, por fichero: importa los módulos de ``gpucoste`` que declaran una ``Tabla`` para
    registrarla. Solo esos: importar todos (``graficos`` trae matplotlib) costaba unos 2 s de CPU en cada orden de
    la CLI, que llama a ``comprobar`` antes de calcular nada."""
    from gpucoste.base import paquete

    for modulo in paquete.modulos():
        if modulo not in sys.modules and "Tabla(" in paquete.fichero(modulo).read_text(encoding="utf-8"):
            importlib.import_module(modulo)
    return dict(TABLAS)


def comprobar() -> None:
    """Lee cada CSV declarado de la carpeta de datos: el primero roto da su ``ValueError`` (fichero, fila y columna).

    La CLI la llama antes de cada orden: con una carpeta de datos rota, ninguna orden calcula nada.
    """
    for tabla in declaradas().values():
        cargar(tabla)


def datapackage() -> dict:
    """Descripción de todos los CSV declarados: un Data Package de Frictionless (``datapackage.json``)."""
    tablas = declaradas()
    return {
        "profile": "tabular-data-package",
        "name": "gpucoste-datos",
        "title": "Datos de gpucoste: precios, tarifas, hardware y supuestos",
        "description": (
            "Cada fila de precio, tarifa o hardware lleva su fuente (https) y su fecha. "
            "Los números usan punto decimal; el texto está en UTF-8."
        ),
        "resources": [tablas[f].recurso() for f in sorted(tablas)],
    }
