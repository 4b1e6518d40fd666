"""Lo que comparten las órdenes de la CLI (``cli`` y ``cli_decisiones``): los tipos de opción (``positivo``,
``no_negativo``, ``entero_positivo``, ``nombre_de``), ``Opcion``, ``Salida`` y el registro ``ORDENES`` con su
decorador ``orden``.

Vive aparte para que ``cli`` (que ejecuta las órdenes) y ``cli_decisiones`` (que registra las de las calculadoras
de decisión) importen de aquí sin importarse entre sí. ``cli`` lo reexporta todo: ``cli.orden``, ``cli.Opcion``…
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import pandas as pd

from gpucoste.base import esquema, etiquetas, formato, validacion
from gpucoste.base.constantes import NIVELES_DE_PROVEEDOR
from gpucoste.base.validacion import Validado
from gpucoste.dinero import paises

__all__ = [
    "EMPRESA",
    "ErrorDeOpcion",
    "ORDENES",
    "Opcion",
    "Orden",
    "PAIS",
    "Salida",
    "decimal",
    "entero_positivo",
    "no_negativo",
    "nombre_de",
    "orden",
    "positivo",
]

# --- Tipos de opción: coma o punto decimal ----------------------------------------------------


class ErrorDeOpcion(argparse.ArgumentTypeError, ValueError):
    """Un valor de opción que no vale. argparse muestra su mensaje tal cual (es un ``ArgumentTypeError``); quien
    llama a un tipo de opción desde Python recibe el ``ValueError`` de toda la biblioteca."""


_PUNTO = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)
_COMA = re.compile(r"[+-]?[0-9]+,[0-9]+([eE][+-]?[0-9]+)?", re.ASCII)
_MILES = re.compile(r"[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?", re.ASCII)


def decimal(texto: str) -> float:
    """«1,5», «1.5», «12.345,5», «−4» o «1.000.000» (como los escribe la salida en español), «1e3» → float.

    «1.500» es ambiguo (¿1,5 o 1500?): error, nunca una cifra equivocada en silencio.
    """
    if not isinstance(texto, str):
        raise ErrorDeOpcion(f"{texto!r} no es un texto; se admite un número escrito, p. ej. «1,5» o «1.5»")
    escrito, texto = texto, texto.strip()
    if texto.startswith(formato.MENOS):  # «−4», copiado de la salida (el signo menos, no el guion)
        texto = "-" + texto[1:]
    if _MILES.fullmatch(texto):
        if "," not in texto and texto.count(".") == 1:
            entero, coma = texto.replace(".", ""), texto.replace(".", ",")
            raise ErrorDeOpcion(f"{texto!r} es ambiguo: ¿{coma} o {entero}?; se admite {entero} o {coma}")
        texto = texto.replace(".", "").replace(",", ".")
    elif _COMA.fullmatch(texto):
        texto = texto.replace(",", ".")
    elif not _PUNTO.fullmatch(texto):
        raise ErrorDeOpcion(f"{escrito!r} no es un número; se admite p. ej. 1,5 o 1.5")
    x = float(texto)
    if not math.isfinite(x):  # «1e999»
        raise ErrorDeOpcion(f"{escrito!r} es demasiado grande; se admite un número finito, p. ej. 1,5 o 1.5")
    return x


def _numero(texto: str, *, cero: bool) -> float:
    admitido = "un número finito mayor " + ("o igual que 0" if cero else "que 0") + " (p. ej. 1,5 o 1.5)"
    try:
        x = decimal(texto)
    except ErrorDeOpcion as error:
        if "ambiguo" in str(error):
            raise
        finito = " finito" if "grande" in str(error) else ""
        raise ErrorDeOpcion(f"{texto!r} no es un número{finito}; se admite {admitido}") from None
    if x < 0 or (x == 0 and not cero):
        raise ErrorDeOpcion(f"{texto!r} no vale; se admite {admitido}")
    return x + 0.0


def positivo(texto: str) -> float:
    """Tipo de opción: un número finito > 0, con coma o punto decimal."""
    return _numero(texto, cero=False)


def no_negativo(texto: str) -> float:
    """Tipo de opción: un número finito ≥ 0, con coma o punto decimal."""
    return _numero(texto, cero=True)


# --- Registro de órdenes ----------------------------------------------------------------------


@dataclass(frozen=True)
class Opcion(Validado):
    """Una opción de una orden: ``--precio-hora`` llega a la función como ``precio_hora``."""

    bandera: str
    ayuda: str
    tipo: Callable[[str], object] = str
    defecto: str | float | None = None
    """El valor si no se da la opción: un texto, un número (finito) o ``None`` (sin valor)."""
    obligatoria: bool = False
    valores: tuple[str, ...] | None = None

    @property
    def destino(self) -> str:
        return self.bandera.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Salida(Validado):
    """Lo que devuelve una orden: una tabla y, para ``--formato tabla``, los decimales de cada columna.

    ``pie``: líneas que siguen a la tabla al leerla (el tipo de cambio y su fecha, el impuesto…);
    ``constantes``: las mismas cifras como columnas de valor fijo en ``csv`` y ``json``, para otros programas;
    ``legibles``: por columna, cómo se escribe cada clave de los datos al leer la tabla («estimacion» →
    «estimación», ``True`` → «sí»); ``csv`` y ``json`` guardan la clave, que es lo que otro programa compara.
    ``encabezados``: el título de cada columna al leerla, sobre los de ``etiquetas.COLUMNAS`` («n_gpus» →
    «número de GPU»); una pareja ``x_min``/``x_max`` cuya clave ``x`` tiene título se lee como una columna con el
    rango («4,6–9,3»). ``csv`` y ``json`` guardan las claves.
    ``porcentajes``: las columnas que son una fracción y se leen como porcentaje, con sus ``decimales``
    (``formato.celda``: 0,48 → «48 %»); ``csv`` y ``json`` guardan la fracción.
    ``sin_impuesto``: (posición de la fila, columna) de los importes que ya llevan sus impuestos (la luz de una GPU
    comprada): con ``--pais``, ``localizar`` los pasa a la moneda sin sumar el del país.
    """

    tabla: pd.DataFrame
    decimales: dict[str, int] = field(default_factory=dict)
    pie: tuple[str, ...] = ()
    constantes: dict[str, object] = field(default_factory=dict)
    legibles: dict[str, dict[object, str]] = field(default_factory=dict)
    encabezados: dict[str, str] = field(default_factory=dict)
    porcentajes: tuple[str, ...] = ()
    sin_impuesto: tuple[tuple[int, str], ...] = ()

    def _para_leer(self) -> str:
        """La tabla en Markdown, con las claves escritas en palabras y cada pareja mínimo/máximo como un rango."""
        legibles = _legibles(self.tabla) | self.legibles
        tabla = self.tabla.assign(**{c: self.tabla[c].map(lambda v, m=m: m.get(v, v)) for c, m in legibles.items()})
        if {"nivel", "proveedor"} <= set(self.tabla.columns) and "nivel" not in self.legibles:
            # El nivel con la forma propia de su proveedor, como en las páginas: «Vast.ai, todos los hosts», no
            # «bajo demanda», que también lo es un host verificado (constantes.NIVELES_DE_PROVEEDOR).
            tabla["nivel"] = [
                NIVELES_DE_PROVEEDOR.get((p, n), leido)
                for n, p, leido in zip(self.tabla["nivel"], self.tabla["proveedor"], tabla["nivel"], strict=True)
            ]
        titulos = etiquetas.COLUMNAS | self.encabezados
        columnas, decimales, derecha = {}, {}, []
        for c in tabla.columns:
            maximo, clave = c.replace("_min", "_max", 1), c.replace("_min", "", 1)
            if "_min" in c and maximo in tabla.columns and clave in titulos:
                d = self.decimales.get(c, 2)
                columnas[titulos[clave]] = [
                    "sin dato" if pd.isna(a) or pd.isna(b) else formato.rango(a, b, d)
                    for a, b in zip(tabla[c], tabla[maximo], strict=True)
                ]
                derecha.append(titulos[clave])
            elif "_max" in c and c.replace("_max", "_min", 1) in tabla.columns and c.replace("_max", "", 1) in titulos:
                continue  # ya está en el rango de su pareja
            elif c in self.porcentajes:
                d = self.decimales.get(c, 0)
                columnas[titulos.get(c, c)] = [
                    formato.celda(None if pd.isna(v) else v, d, porcentaje_=True) for v in tabla[c]
                ]
                derecha.append(titulos.get(c, c))
            else:
                columnas[titulos.get(c, c)] = tabla[c]
                if c in self.decimales:
                    decimales[titulos.get(c, c)] = self.decimales[c]
        return formato.tabla(pd.DataFrame(columnas), decimales, tuple(derecha))

    def texto(self, formato_salida: str) -> str:
        if formato_salida == "tabla":
            return "\n".join([self._para_leer(), *self.pie])
        tabla = self.tabla.assign(**self.constantes)
        if formato_salida == "csv":
            return tabla.to_csv(index=False, lineterminator="\n").rstrip("\n")
        if formato_salida == "json":
            filas = [
                {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in fila.items()}
                for fila in tabla.to_dict(orient="records")
            ]
            return json.dumps(filas, ensure_ascii=False, indent=2, allow_nan=False, default=lambda v: v.item())
        raise ValueError(f"formato: {formato_salida!r} no vale; se admite tabla, csv o json.")


def _legibles(tabla: pd.DataFrame) -> dict[str, dict[object, str]]:
    """Cómo se leen las claves de las columnas conocidas de los datos, como en las páginas: el nivel («bajo
    demanda»), el tipo de precio («precio de lista»), la fecha en palabras («9 de septiembre de 2026», con «antiguo»
    si el precio lo es), la interconexión y los sí o no (la frontera de Pareto, «★»)."""
    from gpucoste.calculo import tiempo
    from gpucoste.datos import frescura

    def fechas(columna: str, escribir: Callable[[str], str]) -> dict[object, str]:
        salida = {}
        for v in set(tabla[columna]):
            try:
                salida[v] = escribir(v)
            except esquema.ErrorDeDatos:
                raise
            except ValueError:  # no es una fecha de los datos: se queda como está
                pass
        return salida

    salida: dict[str, dict[object, str]] = {
        "nivel": dict(formato.NIVELES),
        "tipo": dict(formato.TIPOS_PRECIO),
        "tipo_precio": dict(formato.TIPOS_PRECIO),
        "interconexion": dict(tiempo.INTERCONEXIONES),
    }
    salida = {c: m for c, m in salida.items() if c in tabla.columns}
    if "fecha" in tabla.columns:
        salida["fecha"] = fechas("fecha", formato.fecha)
    if "fecha_precio" in tabla.columns:
        salida["fecha_precio"] = fechas("fecha_precio", frescura.fecha_con_aviso)
    for c in tabla.columns:
        if tabla[c].dtype == bool:
            salida[c] = {True: "★", False: ""} if c == "pareto" else {True: "sí", False: "no"}
    return salida


@dataclass(frozen=True)
class Orden(Validado):
    nombre: str
    ayuda: str
    opciones: tuple[Opcion, ...]
    funcion: Callable[..., Salida]
    ejemplo: str = ""
    moneda: tuple[Opcion, ...] = ()
    """Las opciones de país que se añaden solas (``--pais``, ``--empresa``): la función no las recibe."""


_ORDENES: dict[str, Orden] = {}
ORDENES: Mapping[str, Orden] = MappingProxyType(_ORDENES)


def orden(nombre: str, ayuda: str, *opciones: Opcion, ejemplo: str = "", dinero: bool = False):
    """Decorador: registra la función como la orden ``gpucoste <nombre>`` (``ejemplo``: una línea de uso).

    ``dinero=True``: la orden imprime importes en dólares; gana ``--pais`` y ``--empresa`` (``PAIS``,
    ``EMPRESA``), que añaden a la salida el importe en la moneda del país con su impuesto, el tipo de cambio y
    su fecha (``localizar``). Si la orden ya declara una de las dos (porque la usa para calcular), la recibe.
    """
    Orden(nombre, ayuda, opciones, print, ejemplo)  # se comprueba ya, no al decorar: un nombre malo, aquí
    if not isinstance(dinero, bool):
        raise ValueError(f"dinero: {validacion.corto(dinero)} no vale; se admite True o False.")

    def registrar(funcion: Callable[..., Salida]) -> Callable[..., Salida]:
        propias = {op.bandera for op in opciones}
        extra = tuple(op for op in (PAIS, EMPRESA) if dinero and op.bandera not in propias)
        _ORDENES[nombre] = Orden(nombre, ayuda, (*opciones, *extra), funcion, ejemplo, extra)
        return funcion

    return registrar


def nombre_de(que: str, catalogo: Callable[[], object]) -> Callable[[str], str]:
    """Tipo de opción: un nombre de ``catalogo()`` (los datos); ante una errata, «¿Quisiste decir …?».

    El mensaje es el de :func:`gpucoste.base.validacion.opcion`, el mismo que da la biblioteca.
    """
    que = validacion.texto(que, "que")
    if not callable(catalogo):
        raise ValueError(f"catalogo: {catalogo!r} no vale; se admite una función que da los nombres (datos.gpus).")

    def convertir(texto: str) -> str:
        try:
            return validacion.opcion(texto, que, catalogo())
        except ValueError as error:
            raise ErrorDeOpcion(str(error).rstrip(".")) from None

    convertir.__name__ = que  # argparse lo nombra en sus mensajes
    return convertir


# --- El dinero en la moneda del lector (--pais, --empresa) -----------------------------------

PAIS = Opcion(
    "--pais",
    "tu país, por su código o su nombre (ES, MX, CO, AR, CL, PE o «Sin impuestos»): añade cada importe en su "
    "moneda con el impuesto que paga un particular, el tipo de cambio y su fecha",
    nombre_de("País", paises.nombres),
)
EMPRESA = Opcion(
    "--empresa",
    "compras como empresa: el impuesto no se suma (la empresa lo autoliquida o lo acredita)",
    defecto="no",
    valores=("sí", "no"),
)


def entero_positivo(texto: str) -> int:
    """Tipo de opción: un entero ≥ 1 (p. ej. 2048; también «2048,0» o «32.768», como los escribe la salida)."""
    admitido = "un entero mayor o igual que 1 (p. ej. 2048)"
    try:
        x = decimal(texto)
    except ErrorDeOpcion:
        raise ErrorDeOpcion(f"{texto!r} no es un número; se admite {admitido}") from None
    if not math.isfinite(x) or not x.is_integer() or not 1 <= x <= 10**9:
        raise ErrorDeOpcion(f"{texto!r} no vale; se admite {admitido}")
    return int(x)
