"""Arnés de pruebas de propiedades (hypothesis): registra una función pública o una orden con una línea.

Cada argumento se describe con una especificación que sabe generar valores buenos y malos:

- ``POSITIVO`` (número > 0), ``NO_NEGATIVO`` (≥ 0), ``REAL`` (cualquier signo), ``ENTERO`` (int ≥ 0),
  ``BOOLEANO``, ``FECHA`` (texto AAAA-MM[-DD]), ``DIA`` (texto o ``datetime.date``);
- ``Opcional(spec)``: ``None`` o un valor de ``spec`` (argumentos cuyo valor por defecto es ``None``);
- ``Nombre(lambda: [...])``: uno de una lista de nombres válidos (malos: mal escritos, con otras
  mayúsculas, ``None``, números…);
- ``Objeto(lambda: [...])``: uno de una lista de objetos (p. ej. ``datos.escenarios()``);
- ``Registro(Clase, {"campo": spec, ...})``: un registro (``dataclass``) hecho con campos buenos generados (p. ej.
  ``servicio.Supuestos``); malos: lo que no es uno (``None``, un diccionario o una tupla con sus campos…);
- ``Filas(lambda: [(a, b, c), ...])``: varios argumentos que van juntos (gpu, proveedor, nivel…).

Registrar una función (en la lista ``FUNCIONES`` de abajo); los argumentos con nombre sin valor por
defecto (``*, precio_hora``) se pasan siempre, los demás a veces::

    funcion(compra.horas_equivalentes, POSITIVO, POSITIVO)
    funcion(datos.tarifa, Filas(lambda: [(t.proveedor, t.concepto) for t in datos.tarifas()]))
    funcion(frescura.antiguos, Fecha(objetos=True, opcional=True), umbral_dias=ENTERO)

``tests/proyecto/test_propiedades.py`` comprueba, para cada una, que (1) con valores buenos moderados
devuelve un resultado finito (y ≥ 0 salvo ``negativos=True``), sin NaN ni inf en ningún campo;
(2) con valores buenos extremos (1e308, 5e-324, enteros enormes) devuelve eso o un ``ValueError``;
(3) con un argumento malo (cada uno por turno) lanza ``ValueError`` —nunca otra excepción— cuyo mensaje nombra el valor
y dice lo que se admite.

Registrar una orden de la CLI (en ``ORDENES``)::

    orden("coste", {"--precio-hora": POSITIVO, "--horas": POSITIVO}, {"--minutos-arranque": NO_NEGATIVO})

(obligatorias, opcionales). Se prueba que con valores buenos (escritos con coma o con punto
decimal) sale 0 con la salida en stdout (``--formato csv`` y ``json`` legibles y finitos) y que con
uno malo sale 2, con una sola línea en español en stderr y nada en stdout.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import inspect
import math
import numbers
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
from hypothesis import strategies as st

from gpucoste import datos
from gpucoste.base import etiquetas, formato
from gpucoste.calculo import (
    alternativas,
    atipicos,
    calibracion,
    compra,
    coste,
    cuadernos,
    electricidad,
    equilibrios,
    experimento,
    gestionado,
    interrupciones,
    memoria,
    modalidades,
    ocultos,
    programa,
    puntos,
    ranking,
    recomendacion,
    tiempo,
    vast,
)
from gpucoste.calculo.trabajo import MAX_EPOCAS, Trabajo, validar
from gpucoste.datos import frescura
from gpucoste.dinero import mercado, moneda, proveedores
from gpucoste.graficos import dibujo
from gpucoste.guia import decisiones, experimento_definido, primera_version, publicacion

# --- Especificaciones de argumentos ------------------------------------------------------------

_NO_NUMEROS = st.sampled_from(
    [None, "1", "abc", "1,5", "", b"1", [1], (1,), {"x": 1}, complex(1, 1), True, False, np.True_, np.False_]
)
_NO_FINITOS = st.sampled_from(
    [math.nan, math.inf, -math.inf, np.float64("nan"), np.float64("inf"), 10**400, -(10**400), 2**1024]
)


def _numeros(minimo: float, maximo: float, *, enteros: bool = True) -> st.SearchStrategy:
    flotantes = st.floats(minimo, maximo, allow_nan=False, allow_infinity=False)
    opciones = [flotantes, flotantes.map(np.float64)]
    if enteros:
        ent = st.integers(max(math.ceil(minimo), -(10**6)), min(math.floor(maximo), 10**6))
        opciones += [ent, ent.map(np.int64)]
    return st.one_of(opciones)


@dataclass(frozen=True)
class Numero:
    cero: bool = False
    negativos: bool = False
    maximo: float | None = None  # p. ej. 744 para las horas de un mes

    def _tope(self, tope: float) -> float:
        return tope if self.maximo is None else min(tope, self.maximo)

    def buenos(self) -> st.SearchStrategy:
        if self.negativos:
            return _numeros(-1e6, self._tope(1e6))
        return _numeros(0.0 if self.cero else 1e-3, self._tope(1e6))

    def extremos(self) -> st.SearchStrategy:
        minimo = -1.7e308 if self.negativos else (0.0 if self.cero else 5e-324)
        especiales = [x for x in (1e308, 5e-324, 2**1023, 10**300, np.float64(1e308)) if x <= self._tope(1e308)]
        return st.one_of(_numeros(minimo, self._tope(1.7976931348623157e308)), st.sampled_from(especiales))

    def malos(self) -> st.SearchStrategy:
        opciones = [_NO_NUMEROS, _NO_FINITOS]
        if not self.negativos:
            opciones.append(_numeros(-1.7e308, -5e-324))
            if not self.cero:
                opciones.append(st.sampled_from([0, 0.0, -0.0, np.float64(0)]))
        if self.maximo is not None:
            opciones.append(_numeros(self.maximo * 1.001 + 1e-9, 1.7e308))
        return st.one_of(opciones)


POSITIVO = Numero()
NO_NEGATIVO = Numero(cero=True)
REAL = Numero(negativos=True)


@dataclass(frozen=True)
class Entero:
    minimo: int = 0
    maximo: int | None = None  # el límite que la función admite (maximo + 1 es malo)
    hasta: int | None = None  # tope de los valores buenos generados, si es menor (p. ej. para que quepa)

    def buenos(self) -> st.SearchStrategy:
        tope = 10**6 if self.maximo is None else self.maximo
        return st.integers(self.minimo, tope if self.hasta is None else min(tope, self.hasta))

    def extremos(self) -> st.SearchStrategy:
        if self.hasta is not None:
            return self.buenos()
        return st.integers(self.minimo, 10**400 if self.maximo is None else self.maximo)

    def malos(self) -> st.SearchStrategy:
        fuera = [self.minimo - 1] + ([] if self.maximo is None else [self.maximo + 1])
        return st.one_of(
            st.sampled_from([None, "3", 1.5, 2.0, math.nan, True, np.True_, *fuera]),
            st.integers(max_value=self.minimo - 1),
        )

    def validas(self) -> _EnterosAdmitidos:
        return _EnterosAdmitidos(self)


@dataclass(frozen=True)
class _EnterosAdmitidos:
    """Los textos de la CLI que un ``Entero`` admite (``--lote 16``, ``16,0`` o ``16.0``)."""

    spec: Entero

    def __contains__(self, texto: object) -> bool:
        from gpucoste import cli

        try:
            x = cli.entero_positivo(str(texto))
        except Exception:
            return False
        return self.spec.minimo <= x and (self.spec.maximo is None or x <= self.spec.maximo)


ENTERO = Entero()


@dataclass(frozen=True)
class Opcional:
    """Un argumento que admite ``None`` además de los valores de ``spec`` (p. ej. ``tokens_s=None``: «sin dato»)."""

    spec: object

    def buenos(self) -> st.SearchStrategy:
        return st.one_of(st.none(), self.spec.buenos())

    def extremos(self) -> st.SearchStrategy:
        return st.one_of(st.none(), self.spec.extremos())

    def malos(self) -> st.SearchStrategy:
        return self.spec.malos().filter(lambda v: v is not None)


@dataclass(frozen=True)
class Booleano:
    def buenos(self) -> st.SearchStrategy:
        return st.booleans()

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return st.sampled_from([None, 0, 1, "sí", "True", np.True_, np.False_, math.nan])


BOOLEANO = Booleano()


@dataclass(frozen=True)
class Acotado:
    """Número cuyos valores buenos se generan entre ``desde`` y ``hasta`` (para que el resultado sea finito).

    Malos solo son los que la función no admite: los no números, los no finitos, los negativos, el 0 si no
    ``cero`` y, si hay ``tope`` (fracciones, horas de un mes), lo que lo pasa (``tope`` mismo si no
    ``tope_incluido``). En la CLI, ``validas()`` dice si un texto cae dentro.
    """

    desde: float
    hasta: float
    cero: bool = False
    tope: float | None = None
    tope_incluido: bool = True

    def admite(self, x: float) -> bool:
        if not math.isfinite(x) or x < 0 or (x == 0 and not self.cero):
            return False
        return self.tope is None or x < self.tope or (x == self.tope and self.tope_incluido)

    def buenos(self) -> st.SearchStrategy:
        return _numeros(self.desde, self.hasta)

    def extremos(self) -> st.SearchStrategy:
        if self.tope is not None:
            return self.buenos()
        return st.one_of(self.buenos(), st.sampled_from([1e308, 2**1023, 10**300]))

    def malos(self) -> st.SearchStrategy:
        fuera = [-1.0, -5e-324] + ([] if self.cero else [0, 0.0])
        if self.tope is not None:
            fuera += [self.tope * 2, self.tope + 1] + ([] if self.tope_incluido else [self.tope])
        return st.one_of(_NO_NUMEROS, _NO_FINITOS, st.sampled_from(fuera))

    def validas(self) -> _Admitidos:
        return _Admitidos(self)


@dataclass(frozen=True)
class _Admitidos:
    """Los textos de la CLI que ``spec`` admite (``texto in spec.validas()``), con coma o punto decimal."""

    spec: Acotado

    def __contains__(self, texto: object) -> bool:
        from gpucoste import cli

        try:
            return self.spec.admite(cli.decimal(str(texto)))
        except Exception:
            return False


FRACCION = Acotado(0, 0.99, cero=True, tope=1, tope_incluido=False)
HORAS_DE_UN_MES = Acotado(0.01, 744, tope=744)

_FECHAS_MALAS = [
    "2026-W39-4",
    "2026-W39",
    "2026-13",
    "2026-00",
    "2026-02-30",
    "26-07",
    "2026/07",
    "2026-7",
    "julio 2026",
    "",
    " 2026-07",
    "2026-07-01T00:00",
    "2026-07-01 ",
    "２０２６-07",
    "20260701",
    "2026-183",
    None,
    20260701,
    2026.07,
]


@dataclass(frozen=True)
class Fecha:
    objetos: bool = False  # ¿admite también datetime.date?
    opcional: bool = False  # ¿None vale (p. ej. «hoy» por defecto)?

    def buenos(self) -> st.SearchStrategy:
        dias = st.dates(dt.date(1900, 1, 1), dt.date(2200, 12, 31))
        textos = st.one_of(dias.map(dt.date.isoformat), dias.map(lambda d: d.isoformat()[:7]))
        return st.one_of(textos, dias) if self.objetos else textos

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        malas = [f for f in _FECHAS_MALAS if not (self.opcional and f is None)]
        return st.one_of(st.sampled_from(malas), st.text(max_size=12).filter(_no_es_fecha))


def _no_es_fecha(texto: str) -> bool:
    try:
        dt.date.fromisoformat(texto if len(texto) == 10 else f"{texto}-01")
    except ValueError:
        return True
    return not texto.isascii() or not texto[:4].isdigit()


FECHA = Fecha()
DIA = Fecha(objetos=True)


def _mal_escritos(validas: list[str]) -> st.SearchStrategy:
    conjunto = set(validas)
    variantes = [v for n in validas for v in (n.swapcase(), n.upper(), n.lower(), f" {n}", f"{n} ", n[:-1])]
    variantes = [v for v in variantes if v not in conjunto]
    opciones = [
        st.text(max_size=15).filter(lambda t: unicodedata.normalize("NFC", t) not in conjunto),
        _NO_NUMEROS.filter(lambda v: not isinstance(v, str) or v not in conjunto),
    ]
    if variantes:
        opciones.append(st.sampled_from(variantes))
    return st.one_of(opciones)


@dataclass(frozen=True)
class Nombre:
    validas: Callable[[], object]
    nulo: bool = False  # ¿None vale (p. ej. «el más reciente»)?

    def buenos(self) -> st.SearchStrategy:
        return st.sampled_from(sorted(self.validas()))

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return _mal_escritos(sorted(self.validas())).filter(lambda v: not (self.nulo and v is None))


@dataclass(frozen=True)
class Valores:
    """Uno de unos pocos valores que no son texto (p. ej. los meses de una reserva: 1 o 3)."""

    validos: tuple

    def buenos(self) -> st.SearchStrategy:
        return st.sampled_from(self.validos)

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        malos = [None, "1", 0, 2, -1, 1.5, 1.0, True, 10**400, math.nan]
        return st.sampled_from(
            [m for m in malos if not any(m is v or (type(m) is type(v) and m == v) for v in self.validos)]
        )


@dataclass(frozen=True)
class Objeto:
    validos: Callable[[], object]

    def buenos(self) -> st.SearchStrategy:
        return st.sampled_from(list(self.validos()))

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return st.sampled_from([None, "x", 1, 1.5, True, {}, [], object()])


@dataclass(frozen=True)
class Registro:
    """Un registro (``dataclass``, p. ej. ``servicio.Supuestos``) hecho con cada campo de ``campos`` (nombre →
    especificación) generado bueno; los que no se nombran, con su valor por defecto, a veces.

    Malos: lo que no es un ``clase`` (``None``, un texto, un número, un diccionario o una tupla con sus campos
    buenos, que es lo que alguien pasaría por error). Un campo malo lo rechaza el constructor del registro: se prueba
    registrándolo a él (``funcion(Clase, campo=spec, ...)``, como ``Trabajo``).
    """

    clase: type
    campos: dict = field(hash=False)

    def _de(self, valores: dict[str, st.SearchStrategy]) -> st.SearchStrategy:
        obligatorios = {
            c.name
            for c in dataclasses.fields(self.clase)
            if c.default is dataclasses.MISSING and c.default_factory is dataclasses.MISSING
        }
        return st.fixed_dictionaries(
            {k: v for k, v in valores.items() if k in obligatorios},
            optional={k: v for k, v in valores.items() if k not in obligatorios},
        ).map(lambda campos: self.clase(**campos))

    def buenos(self) -> st.SearchStrategy:
        return self._de({k: s.buenos() for k, s in self.campos.items()})

    def extremos(self) -> st.SearchStrategy:
        return self._de({k: s.extremos() for k, s in self.campos.items()})

    def malos(self) -> st.SearchStrategy:
        campos = st.fixed_dictionaries({k: s.buenos() for k, s in self.campos.items()})
        return st.one_of(
            st.sampled_from([None, "x", 1, 1.5, True, {}, [], object()]),
            campos,
            campos.map(lambda c: tuple(c.values())),
        )


@dataclass(frozen=True)
class AlMenos:
    """Un número ``≥ minimo`` (un factor que no baja de 1); malos: los no números, los no finitos y los de debajo."""

    minimo: float

    def buenos(self) -> st.SearchStrategy:
        return _numeros(self.minimo, max(self.minimo, 1e6))

    def extremos(self) -> st.SearchStrategy:
        return st.one_of(_numeros(self.minimo, 1.7e308), st.sampled_from([1e308, 2**1023, 10**300]))

    def malos(self) -> st.SearchStrategy:
        debajo = st.floats(-1e6, self.minimo, exclude_max=True, allow_nan=False)
        return st.one_of(
            _NO_NUMEROS, _NO_FINITOS, debajo, st.sampled_from([x for x in (0, -1, -0.0) if x < self.minimo])
        )


@dataclass(frozen=True)
class Texto:
    """Un texto libre no vacío (el nombre de una serie de un gráfico), que empieza por ``prefijo``: dos nombres que
    no pueden coincidir (la serie de la GPU y las de las API) se generan con prefijos distintos."""

    prefijo: str = ""

    def buenos(self) -> st.SearchStrategy:  # sin caracteres de control ni invisibles (validacion.texto los rechaza)
        texto = st.text(
            st.characters(blacklist_categories=("Cc", "Cf", "Co", "Cs", "Zl", "Zp")), min_size=1, max_size=20
        )
        return texto.map(lambda s: self.prefijo + s).filter(str.strip)

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        # con caracteres de control o invisibles (el NUL, el espacio de anchura cero, el cambio de dirección): issue 35
        return st.sampled_from([None, "", "   ", 1, 1.5, True, [], b"GPU", "a\x00b", "\u200b", "x\u202ey"])


TEXTO = Texto()


@dataclass(frozen=True)
class Diccionario:
    """Un diccionario no vacío de nombre (texto) → ``valores``; malo: otro tipo, vacío, una clave o un valor malos."""

    valores: object

    def _de(self, valores: st.SearchStrategy) -> st.SearchStrategy:
        return st.dictionaries(Texto("API ").buenos(), valores, min_size=1, max_size=3)

    def buenos(self) -> st.SearchStrategy:
        return self._de(self.valores.buenos())

    def extremos(self) -> st.SearchStrategy:
        return self._de(self.valores.extremos())

    def malos(self) -> st.SearchStrategy:
        return st.one_of(
            st.sampled_from([None, {}, [], "x", 1.5, [("API", 1.0)]]),
            TEXTO.malos().filter(lambda k: k is not None and not isinstance(k, list)).map(lambda k: {k: 1.0}),
            self.valores.malos().map(lambda v: {"serie": v}),
        )


@dataclass(frozen=True)
class Filas:
    """Varios argumentos posicionales que van juntos: se eligen de una lista de tuplas válidas.

    ``nulos``: posiciones donde ``None`` también vale (la fecha de ``datos.precio``: «la más reciente»).
    """

    validas: Callable[[], list[tuple]]
    nulos: tuple[int, ...] = ()


# --- Registro ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Funcion:
    funcion: Callable
    posicionales: tuple
    nombrados: dict
    negativos: bool = False  # ¿puede dar un resultado negativo?
    nan_en: tuple[str, ...] = ()  # columnas de un DataFrame donde NaN es «sin dato» documentado
    validos: st.SearchStrategy | None = None  # argumentos posicionales buenos, si van relacionados

    @property
    def nombre(self) -> str:
        return f"{self.funcion.__module__.removeprefix('gpucoste.')}.{self.funcion.__name__}"

    def _posiciones(self) -> list:
        """Una especificación por argumento posicional (``Filas`` se expande en las suyas)."""
        salida = []
        for spec in self.posicionales:
            if isinstance(spec, Filas):
                columnas = list(zip(*spec.validas(), strict=True))
                salida += [
                    Nombre(lambda c=c: sorted({str(v) for v in c}), nulo=i in spec.nulos)
                    for i, c in enumerate(columnas)
                ]
            else:
                salida.append(spec)
        return salida

    def argumentos(self, *, extremos: bool = False) -> st.SearchStrategy:
        """(args, kwargs) buenos; ``extremos``: números en todo el rango del float."""
        if self.validos is not None:
            posicionales = self.validos
        else:
            partes = []
            for spec in self.posicionales:
                if isinstance(spec, Filas):
                    partes.append(st.sampled_from(spec.validas()))
                else:
                    partes.append((spec.extremos() if extremos else spec.buenos()).map(lambda v: (v,)))
            posicionales = st.tuples(*partes).map(lambda grupos: tuple(v for g in grupos for v in g))
        parametros = inspect.signature(self.funcion).parameters
        generar = {k: s.extremos() if extremos else s.buenos() for k, s in self.nombrados.items()}
        obligatorios = {k for k in generar if parametros[k].default is inspect.Parameter.empty}
        nombrados = st.fixed_dictionaries(
            {k: v for k, v in generar.items() if k in obligatorios},
            optional={k: v for k, v in generar.items() if k not in obligatorios},
        )
        return st.tuples(posicionales, nombrados)

    def con_malos(self) -> st.SearchStrategy:
        """Lista de (args, kwargs, valor malo): los buenos, con cada argumento cambiado por uno malo (uno cada vez)."""
        posiciones = [(i, spec) for i, spec in enumerate(self._posiciones())] + list(self.nombrados.items())
        malos = st.tuples(*(spec.malos() for _, spec in posiciones))
        return st.tuples(self.argumentos(), malos).map(
            lambda par: [_cambiar(donde, par[0], malo) for (donde, _), malo in zip(posiciones, par[1], strict=True)]
        )


def _cambiar(donde: int | str, base: tuple, malo: object) -> tuple:
    args, kwargs = list(base[0]), dict(base[1])
    if isinstance(donde, int):
        args[donde] = malo
    else:
        kwargs[donde] = malo
    return tuple(args), kwargs, malo


FUNCIONES: list[Funcion] = []


def funcion(f: Callable, *posicionales, negativos=False, nan_en=(), validos=None, **nombrados) -> None:
    """Registra una función pública para las pruebas de propiedades (una línea por función)."""
    FUNCIONES.append(Funcion(f, posicionales, nombrados, negativos, tuple(nan_en), validos))


@dataclass(frozen=True)
class Orden:
    nombre: str
    obligatorias: dict
    opcionales: dict = field(default_factory=dict)


ORDENES: list[Orden] = []


def orden(nombre: str, obligatorias: dict | None = None, opcionales: dict | None = None) -> None:
    """Registra una orden de la CLI para las pruebas de propiedades."""
    ORDENES.append(Orden(nombre, obligatorias or {}, opcionales or {}))


# --- Comprobación de resultados ------------------------------------------------------------------


CON_SIGNO = {("Prediccion", "desvio")}
"""Propiedades de un registro que pueden ser negativas por definición: ``contraste.Prediccion.desvio`` (predicho ÷
medido − 1, negativo si la guía predice menos)."""


def comprobar_resultado(valor: object, f: Funcion, donde: str = "resultado") -> None:
    """Falla si en ``valor`` (recorrido entero) hay NaN, inf, o un negativo donde no toca."""
    if isinstance(valor, bool | np.bool_ | str | dt.date | type(None)):
        return
    if isinstance(valor, numbers.Real):
        assert math.isfinite(valor), f"{f.nombre}: {donde} = {valor!r} no es finito"
        assert f.negativos or valor >= 0, f"{f.nombre}: {donde} = {valor!r} es negativo"
        return
    if isinstance(valor, pd.DataFrame):
        for columna in valor.columns:
            if pd.api.types.is_numeric_dtype(valor[columna]) and not pd.api.types.is_bool_dtype(valor[columna]):
                serie = valor[columna] if columna in f.nan_en else valor[columna]
                if columna in f.nan_en:
                    serie = serie.dropna()
                for x in serie:
                    comprobar_resultado(x, f, f"{donde}[{columna!r}]")
            else:
                for x in valor[columna]:
                    comprobar_resultado(x, f, f"{donde}[{columna!r}]")
        return
    if dataclasses.is_dataclass(valor):
        for campo in dataclasses.fields(valor):
            comprobar_resultado(getattr(valor, campo.name), f, f"{donde}.{campo.name}")
        for nombre, atributo in vars(type(valor)).items():
            if isinstance(atributo, property):
                # Una propiedad con signo por definición (el desvío de una predicción) solo ha de ser finita.
                g = dataclasses.replace(f, negativos=True) if (type(valor).__name__, nombre) in CON_SIGNO else f
                comprobar_resultado(getattr(valor, nombre), g, f"{donde}.{nombre}")
        return
    if isinstance(valor, dict):
        for k, v in valor.items():
            comprobar_resultado(v, f, f"{donde}[{k!r}]")
        return
    if isinstance(valor, list | tuple):
        for i, v in enumerate(valor):
            comprobar_resultado(v, f, f"{donde}[{i}]")
        return
    raise AssertionError(f"{f.nombre}: {donde} de tipo inesperado {type(valor).__name__}")


# --- Las funciones públicas y las órdenes ------------------------------------------------------


def _gpus_con_compra() -> list[tuple]:
    con_precio = {h.gpu for h in datos.hardware() if h.precio_compra_usd is not None}
    return [(p.gpu, p.proveedor, p.nivel, p.fecha) for p in datos.precios() if p.gpu in con_precio]


def _experimentos() -> set[str]:
    return {e.experimento for e in datos.escenarios()}


def _proveedores_conocidos() -> set[str]:
    return {p.proveedor for p in datos.precios()} | {t.proveedor for t in datos.tarifas()}


_RANGOS = st.tuples(_numeros(-1e6, 1e6), _numeros(-1e6, 1e6)).map(lambda t: tuple(sorted(t, key=float)))

funcion(coste.coste_trabajo, POSITIVO, POSITIVO)
funcion(coste.coste_almacenamiento, NO_NEGATIVO, NO_NEGATIVO, NO_NEGATIVO)
funcion(coste.horas_al_mes, Acotado(0.01, 24, tope=24))
funcion(
    coste.coste_total,
    POSITIVO,
    POSITIVO,
    minutos_arranque=NO_NEGATIVO,
    gb_disco=NO_NEGATIVO,
    precio_gb_mes=NO_NEGATIVO,
    gb_transferencia=NO_NEGATIVO,
    precio_gb_transferencia=NO_NEGATIVO,
)
funcion(compra.horas_equivalentes, POSITIVO, POSITIVO)
funcion(compra.horas_para_comprar, Filas(_gpus_con_compra, nulos=(3,)))
funcion(memoria.gb_pesos, POSITIVO, Nombre(lambda: memoria.BYTES_POR_PARAMETRO))
funcion(memoria.cabe, POSITIVO, Nombre(lambda: memoria.BYTES_POR_PARAMETRO), POSITIVO)
funcion(datos.precio, Filas(lambda: [(p.gpu, p.proveedor, p.nivel, p.fecha) for p in datos.precios()], nulos=(3,)))
funcion(datos.equipo, Nombre(lambda: {h.gpu for h in datos.hardware()}))
funcion(datos.opciones_compra, Nombre(lambda: {h.gpu for h in datos.hardware()}))
funcion(datos.tarifa, Filas(lambda: [(t.proveedor, t.concepto) for t in datos.tarifas()]))
funcion(experimento.escenarios, Nombre(_experimentos))
funcion(experimento.tabla, Nombre(_experimentos), recientes=BOOLEANO)
funcion(experimento.comparar, Nombre(_experimentos))
funcion(experimento.precio, Objeto(datos.escenarios))
funcion(experimento.precio_reciente, Objeto(datos.escenarios))
funcion(
    ocultos.imagen_olvidada, Nombre(lambda: {t.proveedor for t in datos.tarifas() if t.concepto == "almacenamiento"})
)
funcion(ocultos.gb_checkpoint, Nombre(lambda: memoria.BYTES_POR_PARAMETRO))
funcion(
    ocultos.transferencia,
    Nombre(_proveedores_conocidos),
    gb_sube=Opcional(NO_NEGATIVO),
    gb_baja=Opcional(NO_NEGATIVO),
)
funcion(ocultos.coste_real, Nombre(_experimentos), nan_en=("transferencia_min", "transferencia_max"))
funcion(ocultos.tabla_coste_real, Nombre(_experimentos))
funcion(frescura.antiguos, Fecha(objetos=True, opcional=True), umbral_dias=ENTERO)
# Las tablas de la página de precios: la fecha de referencia para los avisos «antiguo» (issue 21: un texto daba
# TypeError y 0 se aceptaba).
funcion(publicacion.tabla_precios, Fecha(objetos=True, opcional=True))
funcion(publicacion.tabla_tarifas, Fecha(objetos=True, opcional=True))
funcion(frescura.dia, FECHA)
# Un día anterior a la fecha da días negativos: «antes» de hoy es un dato, no un fallo.
funcion(frescura.dias_antes, FECHA, Fecha(objetos=True, opcional=True), negativos=True)
funcion(frescura.es_antiguo, FECHA, Fecha(objetos=True, opcional=True))
funcion(frescura.fecha_con_aviso, FECHA)
funcion(frescura.ultima_lectura)
funcion(formato.numero, REAL, decimales=Entero(0, 20))
funcion(formato.dolares, REAL, decimales=Entero(0, 20))
funcion(formato.euros, REAL, decimales=Entero(0, 20))
funcion(formato.veces, REAL, decimales=Entero(0, 20))
funcion(formato.total, TEXTO, BOOLEANO)
funcion(formato.porcentaje, REAL, decimales=Entero(0, 20), signo=BOOLEANO)
funcion(formato.rango, REAL, REAL, validos=_RANGOS, decimales=Entero(0, 20))
funcion(formato.fraccion, POSITIVO, tolerancia=NO_NEGATIVO)
funcion(formato.mes, FECHA)
funcion(formato.fecha, FECHA)
funcion(formato.entre_fechas, FECHA, FECHA)
funcion(formato.nivel, Nombre(lambda: datos.NIVELES), proveedor=Opcional(TEXTO))
funcion(formato.tipo_precio, Nombre(lambda: datos.TIPOS_PRECIO))
funcion(formato.periodo, Nombre(lambda: ["2025-S1", "2026-S2", "2026-07"]))
funcion(formato.lista, Objeto(lambda: [["a"], ["a", "b"], ("a", "b", "c")]))
funcion(formato.tokens, NO_NEGATIVO)
funcion(formato.celda, Opcional(REAL), Entero(0, 20), porcentaje_=BOOLEANO)
# Las etiquetas que comparten la orden y los formularios.
funcion(etiquetas.inicial_mayuscula, TEXTO)
funcion(etiquetas.vram_de, TEXTO)
funcion(etiquetas.cifra_servir, Nombre(lambda: etiquetas.SERVIR_DECIMALES), Opcional(REAL))
# Vast.ai, alternativas, moneda y atípicos (helper «guia»).
funcion(moneda.a_euros, NO_NEGATIVO)
funcion(moneda.con_iva, NO_NEGATIVO)
funcion(moneda.usd_y_eur, NO_NEGATIVO, decimales=Entero(0, 20))
funcion(moneda.dato, Nombre(lambda: moneda.CLAVES))
funcion(vast.regla, Nombre(lambda: vast.CLAVES))
funcion(vast.precio_oferta, POSITIVO, NO_NEGATIVO, NO_NEGATIVO)
funcion(
    vast.coste_por_estado,
    POSITIVO,
    NO_NEGATIVO,
    NO_NEGATIVO,
    NO_NEGATIVO,
    precio_disco_parada_gb_mes=Opcional(NO_NEGATIVO),
)
funcion(
    vast.tipos_de_alquiler,
    Acotado(0.01, 1e4),
    Acotado(0.01, 2000),
    puja_hora=Acotado(0.01, 1e4),
    meses_reserva=Valores((1, 3)),
    interrupciones_hora=Opcional(Acotado(0, 5, cero=True)),
)
funcion(vast.horas_por_dlperf, POSITIVO, POSITIVO, POSITIVO)
funcion(
    ocultos.coste_transferencia,
    Filas(lambda: [(t.proveedor, t.concepto) for t in datos.tarifas() if t.unidad == "GB"]),
    NO_NEGATIVO,
)
funcion(
    ocultos.partidas_transferencia,
    Nombre(_proveedores_conocidos),
    gb_sube=Opcional(NO_NEGATIVO),
    gb_baja=Opcional(NO_NEGATIVO),
)
funcion(
    atipicos.precio_reciente,
    Filas(lambda: sorted({(p.gpu, p.proveedor, p.nivel) for p in ranking.precios_vigentes()})),  # con lecturas
    estimaciones=BOOLEANO,
)
funcion(atipicos.tabla_recientes, Nombre(_experimentos))
funcion(alternativas.ofertas, Nombre(datos.gpus))
funcion(proveedores.politica, Filas(lambda: [(p.proveedor, p.aspecto) for p in proveedores.politicas()]))

# Decisiones: electricidad, equilibrios, comprar, interrupciones, recomendación y sus datos.
funcion(electricidad.coste_electricidad, POSITIVO, NO_NEGATIVO, tokens_s=Opcional(POSITIVO))
funcion(mercado.precio_millon_mezclado, NO_NEGATIVO, NO_NEGATIVO, NO_NEGATIVO)
funcion(equilibrios.capacidad_mes, POSITIVO, HORAS_DE_UN_MES)
funcion(equilibrios.coste_api_mes, NO_NEGATIVO, NO_NEGATIVO)
funcion(equilibrios.gpus_necesarias, NO_NEGATIVO, POSITIVO, HORAS_DE_UN_MES)
funcion(equilibrios.coste_gpu_mes, NO_NEGATIVO, POSITIVO, POSITIVO, HORAS_DE_UN_MES)
funcion(equilibrios.tokens_s_minimos, POSITIVO, POSITIVO)
funcion(
    equilibrios.api_o_gpu,
    POSITIVO,
    POSITIVO,
    NO_NEGATIVO,
    NO_NEGATIVO,
    entrada_por_salida=NO_NEGATIVO,
    horas=HORAS_DE_UN_MES,
)
funcion(equilibrios.alquilar_o_reservar, POSITIVO, FRACCION, horas=HORAS_DE_UN_MES)
funcion(equilibrios.local_o_alquilar, POSITIVO, POSITIVO, NO_NEGATIVO, POSITIVO)
funcion(compra.comprar_o_alquilar, POSITIVO, POSITIVO, POSITIVO, NO_NEGATIVO, HORAS_DE_UN_MES)
funcion(compra.coste_acumulado, POSITIVO, POSITIVO, POSITIVO, NO_NEGATIVO, HORAS_DE_UN_MES, meses=Entero(1, 600))
funcion(
    equilibrios.costes_segun_tokens,
    POSITIVO,
    POSITIVO,
    Diccionario(NO_NEGATIVO),
    Texto("GPU "),
    puntos=Entero(1, 10_000, hasta=400),
)
funcion(dibujo.marcas, REAL, REAL, validos=_RANGOS, negativos=True, cuantas=Entero(1, 100))
funcion(dibujo.colores, Objeto(lambda: [["a"], ("RTX 4090", "L40S", "RTX 4090")]))
# Los puntos de dibujo.puntos: n a la vez en x, y y grupos (cada uno, un número o un rango (mínimo, máximo)).
_RANGO_O_NUMERO = st.one_of(
    _numeros(0, 1e6), st.tuples(_numeros(0, 1e6), _numeros(0, 1e6)).map(lambda t: tuple(sorted(t, key=float)))
)
_PUNTOS = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.lists(_RANGO_O_NUMERO, min_size=n, max_size=n),
        st.lists(_RANGO_O_NUMERO, min_size=n, max_size=n),
        st.lists(TEXTO.buenos(), min_size=n, max_size=n),
    )
)
funcion(
    dibujo.puntos,
    Objeto(lambda: [[1.0]]),
    Objeto(lambda: [[1.0]]),
    Objeto(lambda: [["a"]]),
    validos=_PUNTOS,
    eje_x=TEXTO,
    eje_y=TEXTO,
    alt=TEXTO,
    destacados=Valores(((), (0,))),
    nombre_destacados=TEXTO,
)
# lineas y barras con series extremas o todas a cero (issue 35: ZeroDivisionError con todos los x iguales a 1e16,
# 301 decimales con un intervalo de 1e-300, OverflowError junto al mayor float): siempre un SVG finito.
_EXTREMOS_DIBUJO = [0.0, -0.0, 5e-324, -5e-324, 1e-300, 1e-9, 1e16, -1e16, 1e299, -1e299]
_VALOR_DIBUJO = st.one_of(_numeros(-1e6, 1e6), st.sampled_from(_EXTREMOS_DIBUJO))
_LINEAS = st.integers(1, 5).flatmap(
    lambda n: st.tuples(
        st.one_of(
            st.lists(_VALOR_DIBUJO, min_size=n, max_size=n),
            _VALOR_DIBUJO.map(lambda v: [v] * n),  # todos los x iguales
        ),
        st.dictionaries(
            Texto("Serie ").buenos(),
            st.one_of(st.just([0.0] * n), st.lists(_VALOR_DIBUJO, min_size=n, max_size=n)),
            min_size=1,
            max_size=3,
        ),
    )
)
funcion(
    dibujo.lineas,
    Objeto(lambda: [[1.0, 2.0]]),
    Objeto(lambda: [{"a": [1.0, 2.0]}]),
    validos=_LINEAS,
    eje_x=TEXTO,
    eje_y=TEXTO,
    alt=TEXTO,
)
_PARTE = st.one_of(_numeros(0, 1e6), st.sampled_from([0.0, 5e-324, 1e-300, 1e-9, 1e16, 3e298]))  # 3 partes ≤ 1e299
_BARRAS = st.integers(1, 4).flatmap(
    lambda n: st.tuples(
        st.lists(TEXTO.buenos(), min_size=n, max_size=n),
        st.dictionaries(
            Texto("Parte ").buenos(),
            st.one_of(st.just([0.0] * n), st.lists(_PARTE, min_size=n, max_size=n)),
            min_size=1,
            max_size=3,
        ),
    )
)
funcion(
    dibujo.barras,
    Objeto(lambda: [["a"]]),
    Objeto(lambda: [{"p": [1.0]}]),
    validos=_BARRAS,
    eje=TEXTO,
    alt=TEXTO,
    referencias=Opcional(Diccionario(NO_NEGATIVO)),
)
funcion(datos.ids_de_derivacion, TEXTO)  # la regla de medidas de ajustes.csv (issue 35)
# Una oferta de Vast.ai hecha a mano (sus precios los fija el host): vast.Oferta rechaza los negativos (issue 35).
_OFERTAS = Objeto(
    lambda: [
        vast.Oferta("barata", "RTX 4090", 0.3, 0.1, 0.0, 0.0, 40.0),
        vast.Oferta("cara", "H100 80GB", 2.5, 0.2, 0.02, 0.01, 200.0),
        vast.Oferta("enorme", "H100 80GB", 1e6, 1e3, 1e2, 1e2, 1e6),
    ]
)
funcion(vast.dlperf_por_dolar, _OFERTAS, NO_NEGATIVO)
funcion(
    vast.coste_por_trabajo,
    _OFERTAS,
    POSITIVO,
    gb_disco=NO_NEGATIVO,
    gb_subida=NO_NEGATIVO,
    gb_bajada=NO_NEGATIVO,
    minutos_arranque=NO_NEGATIVO,
)
funcion(interrupciones.intervalo_optimo, POSITIVO, POSITIVO, Nombre(lambda: interrupciones.METODOS))
_TRABAJO, _TASA = Acotado(0.01, 500), Acotado(0, 5, cero=True)
_ESCRITURA, _REINICIO = Acotado(1e-3, 1, cero=True), Acotado(0, 1, cero=True)
_INTERVALO = Opcional(Acotado(0.01, 10))
funcion(interrupciones.esperado, _TRABAJO, _TASA, _ESCRITURA, _REINICIO, NO_NEGATIVO, intervalo_h=_INTERVALO)
funcion(
    interrupciones.tasa_equilibrio, _TRABAJO, POSITIVO, POSITIVO, Acotado(1e-3, 1), _REINICIO, intervalo_h=_INTERVALO
)
funcion(
    interrupciones.retrabajo,
    _TRABAJO,
    NO_NEGATIVO,
    Opcional(_TASA),
    Opcional(_ESCRITURA),
    Opcional(_REINICIO),
    intervalo_h=_INTERVALO,
)
# El precio de cada modalidad: las GPU con precio y los proveedores que lo tienen (leído o por la regla).
funcion(
    modalidades.precio_bajo_demanda,
    Filas(
        lambda: sorted({(p.gpu, p.proveedor) for p in ranking.precios_vigentes(True) if p.nivel != "interrumpible"}),
        nulos=(1,),  # sin proveedor: el más barato
    ),
)
funcion(modalidades.gpus_bajo_demanda)
funcion(
    modalidades.alternativa_bajo_demanda,
    Filas(
        lambda: sorted(
            (g, p)
            for g in datos.gpus()
            for p in {x.proveedor for x in ranking.precios_vigentes(True) if x.gpu == g and x.nivel != "interrumpible"}
            if len({x.proveedor for x in ranking.precios_vigentes(True) if x.gpu == g and x.nivel != "interrumpible"})
            > 1
        )
    ),
)
funcion(
    modalidades.alternativas_bajo_demanda,
    Nombre(lambda: {p.proveedor for p in datos.precios() if p.nivel != "interrumpible"}),
)
funcion(
    modalidades.precio_interrumpible,
    Filas(lambda: [(g, p) for g in datos.gpus() for p in modalidades.proveedores_interrumpibles(g)]),
)
funcion(modalidades.proveedores_interrumpibles, Nombre(datos.gpus))
funcion(modalidades.proveedores_reserva, Nombre(datos.gpus), meses=Entero(1, 120))
funcion(
    modalidades.precio_reservado,
    Nombre(lambda: [g for g in datos.gpus() if modalidades.proveedores_reserva(g)]),
    proveedor=Opcional(Nombre(lambda: ["Vast.ai"])),
    meses=Valores((1, 3)),
)
funcion(recomendacion.horas_para_tokens, NO_NEGATIVO, POSITIVO)
_SIN_LOCAL = st.just((None, None, None))
# horas, vatios y kWh van juntos; con privado, la GPU local tiene que acabar en el mes (si no, ValueError)
_LOCAL = st.tuples(Acotado(0, 700, cero=True).buenos(), POSITIVO.buenos(), NO_NEGATIVO.buenos())
# ``horas`` se genera aparte (desde 0,01): con privado, la GPU local acaba en esas horas
_LOCAL_PRIVADO = st.tuples(Acotado(0, 0.01, cero=True).buenos(), POSITIVO.buenos(), NO_NEGATIVO.buenos())
funcion(
    recomendacion.recomendar,
    NO_NEGATIVO,
    BOOLEANO,
    POSITIVO,
    Opcional(POSITIVO),
    Opcional(NO_NEGATIVO),
    Opcional(NO_NEGATIVO),
    BOOLEANO,
    Opcional(NO_NEGATIVO),
    Opcional(POSITIVO),
    Opcional(NO_NEGATIVO),
    validos=st.tuples(
        st.tuples(NO_NEGATIVO.buenos(), BOOLEANO.buenos(), POSITIVO.buenos(), Opcional(POSITIVO).buenos()),
        st.tuples(Opcional(NO_NEGATIVO).buenos(), Opcional(NO_NEGATIVO).buenos()),
        # privado sin GPU local no deja ninguna opción (ValueError, probado en test_decisiones)
        st.one_of(st.tuples(st.just(False), st.one_of(_SIN_LOCAL, _LOCAL)), st.tuples(st.just(True), _LOCAL_PRIVADO)),
    ).map(lambda t: t[0] + t[1] + (t[2][0], *t[2][1])),
    horas=HORAS_DE_UN_MES,
)
funcion(mercado.precios_api)
funcion(mercado.precio_api, Filas(lambda: [(p.modelo, p.proveedor) for p in mercado.precios_api()]))
funcion(mercado.electricidad)
funcion(mercado.precio_kwh, Nombre(lambda: {e.pais for e in mercado.electricidad()}))
funcion(mercado.fuentes_de_luz, Objeto(lambda: [list(mercado.electricidad()), mercado.electricidad()[:1]]))
funcion(mercado.modalidades)
funcion(
    mercado.descuento,
    validos=st.deferred(lambda: st.sampled_from([(m.proveedor, m.modalidad, m.meses) for m in mercado.modalidades()])),
)
funcion(mercado.reventas)
funcion(mercado.reventa, Nombre(lambda: {r.gpu for r in mercado.reventas()}))
funcion(decisiones.ejemplo_interrumpible)
funcion(decisiones.tabla_interrumpible, tasas=Objeto(lambda: [(0, 0.1), [0.5], (0, 0.05, 0.1, 0.25, 0.5, 1)]))
funcion(decisiones.precio_gpu_alquilada)
funcion(decisiones.reserva_gpu_alquilada)
funcion(decisiones.nota_cuando_compensa)
funcion(decisiones.rendimientos)
funcion(
    decisiones.tabla_api_o_gpu,
    nan_en=(
        "equilibrio (millones de tokens al mes)",
        "equilibrio (mensajes al día)",
        "coste en el equilibrio (US$/mes)",
    ),
)
funcion(decisiones.vatios, Nombre(lambda: {g.gpu for g in datos.especificaciones().values() if g.vatios}))

_OCULTOS = ("--minutos-arranque", "--gb-disco", "--precio-gb-mes", "--gb-transferencia", "--precio-gb-transferencia")
orden("coste", {"--precio-hora": POSITIVO, "--horas": POSITIVO}, dict.fromkeys(_OCULTOS, NO_NEGATIVO))
orden("experimento", {}, {"--nombre": Nombre(_experimentos)})
orden("precios")
# Las órdenes de las calculadoras de decisión: al final (sus nombres de GPU y modelo).

# Funciones de otros módulos (cadena de decisión…): añade aquí la tuya, una línea cada una.
funcion(tiempo.flops_6nd, POSITIVO, POSITIVO)


# --- La cadena de decisión (issue 9): memoria, tiempo, ranking y el trabajo definido del experimento --


def _modelos() -> list[str]:
    return sorted(datos.modelos())


def _gpus() -> list[str]:
    return sorted(datos.especificaciones())


_ENTRENAR = Nombre(lambda: ["completo", "lora", "qlora"])


def _trabajos() -> list:
    return [
        Trabajo("Llama 3.1 8B", "lora", 50e6),
        Trabajo("Qwen 2.5 7B", "qlora", 1e6, secuencia=512),
        experimento_definido.TRABAJO,
    ]


def _caben_holgados() -> list[tuple[str, str]]:
    """(modelo, GPU) en que los pesos y la caché de 8 secuencias de 8.192 tokens caben de sobra."""
    return [
        (m, g) for m in _modelos() for g in _gpus() if memoria.encaja(m, "inferencia", g, secuencia=8192, lote=8).cabe
    ]


_OPCIONES_MEMORIA = {
    "secuencia": Entero(1, 10**7),
    "lote": Entero(1, 10**5),
    "checkpointing": BOOLEANO,
    "rango_lora": Entero(1, 4096),
}
funcion(
    memoria.describir,
    Nombre(_modelos),
    Nombre(lambda: memoria.METODOS),
    tokens=Opcional(NO_NEGATIVO),
    secuencia=Opcional(Entero(1, 10**7)),
    lote=Opcional(Entero(1, 10**5)),
    gpu_=Opcional(Nombre(_gpus)),
    n_gpus=Entero(1, 1024),
    precision=Opcional(Nombre(lambda: memoria.BYTES_POR_PARAMETRO)),
    epocas=Entero(1, 10_000),
)
funcion(memoria.modelo, Nombre(_modelos))
funcion(memoria.gpu, Nombre(_gpus))
funcion(memoria.parametros, Nombre(_modelos), activos=BOOLEANO)
funcion(memoria.parametros_lora, Nombre(_modelos), Entero(1, 4096))
funcion(memoria.bytes_kv_por_token, Nombre(_modelos), Nombre(lambda: memoria.BYTES_POR_PARAMETRO))
funcion(
    memoria.gb_kv, Nombre(_modelos), Entero(0, 10**8), Entero(1, 10**6), Nombre(lambda: memoria.BYTES_POR_PARAMETRO)
)
funcion(
    memoria.gb_activaciones,
    Nombre(_modelos),
    Entero(1, 10**7),
    Entero(1, 10**5),
    checkpointing=BOOLEANO,
    perdida=Nombre(lambda: memoria.PERDIDAS),
)
funcion(
    memoria.encaja,
    Nombre(_modelos),
    Nombre(lambda: memoria.METODOS),
    Nombre(_gpus),
    negativos=True,  # «libre» es negativo cuando no cabe
    n_gpus=Entero(1, 1024),
    **_OPCIONES_MEMORIA,
)
funcion(  # la precisión depende del método (QLoRA: solo NF4; completo: bf16 o fp16): aquí, los que la admiten toda
    memoria.encaja,
    Nombre(_modelos),
    Nombre(lambda: ["inferencia", "lora"]),
    Nombre(_gpus),
    negativos=True,
    precision=Opcional(Nombre(lambda: memoria.BYTES_POR_PARAMETRO)),
)
funcion(
    memoria.gpus_necesarias, Nombre(_modelos), Nombre(lambda: memoria.METODOS), Nombre(_gpus), maximo=Entero(1, 1024)
)
funcion(
    tiempo.flops_entrenamiento,
    Nombre(_modelos),
    _ENTRENAR,
    POSITIVO,
    checkpointing=BOOLEANO,
    rango_lora=Entero(1, 4096),
    secuencia=Entero(1, 10**7),
)
_INTERCONEXION = Opcional(Nombre(lambda: tiempo.INTERCONEXIONES))
funcion(
    tiempo.horas,
    POSITIVO,
    Nombre(_gpus),
    Entero(1, 100_000),
    utilizacion=Opcional(Objeto(lambda: [coste.Rango(0.3, 0.5), coste.Rango(0.01, 1.0)])),
    interconexion=_INTERCONEXION,
)
funcion(
    tiempo.horas_entrenamiento,
    Nombre(_modelos),
    _ENTRENAR,
    POSITIVO,
    Nombre(_gpus),
    n_gpus=Entero(1, 100_000),
    checkpointing=BOOLEANO,
    rango_lora=Entero(1, 4096),
    secuencia=Entero(1, 10**7),
    interconexion=_INTERCONEXION,
)
funcion(
    tiempo.tokens_por_segundo,
    Filas(_caben_holgados),
    precision=Nombre(lambda: ["bf16", "fp16", "fp8", "int8", "int4", "2bit"]),
    lote=Entero(1, 10**6, hasta=8),
    contexto=Entero(0, 10**8, hasta=8192),
    n_gpus=Entero(1, 1024),
    por_capas=BOOLEANO,
    precision_kv=Opcional(Nombre(lambda: memoria.FORMATOS_KV)),
)
funcion(tiempo.flops_por_token, Nombre(_modelos), _ENTRENAR, Entero(1, 10**7), rango_lora=Entero(1, 4096))
funcion(tiempo.mfu, Opcional(Nombre(_gpus)), Entero(1, 100_000), _INTERCONEXION)
funcion(tiempo.mfu_central, Nombre(_gpus), Entero(1, 100_000), _INTERCONEXION)
funcion(tiempo.clase_gpu, Nombre(_gpus))
for _de_programa in (programa.mfu_programa, programa.mfu_programa_central):
    funcion(_de_programa, Nombre(_gpus))
for _horas_programa in (programa.horas_programa, programa.horas_programa_tipicas):
    funcion(
        _horas_programa,
        Nombre(_modelos),
        POSITIVO,
        Nombre(_gpus),
        n_gpus=Entero(1, 100_000),
        secuencia=Entero(1, 10**7),
    )
for _factor in (programa.factor_programa, programa.factor_programa_tipico):
    funcion(_factor, Nombre(_gpus), Entero(1, 100_000), _INTERCONEXION)
funcion(tiempo.escala, Entero(1, 100_000))
funcion(
    tiempo.horas_tipicas,
    Nombre(_modelos),
    _ENTRENAR,
    POSITIVO,
    Nombre(_gpus),
    n_gpus=Entero(1, 100_000),
    checkpointing=BOOLEANO,
    rango_lora=Entero(1, 4096),
    secuencia=Entero(1, 10**7),
    interconexion=_INTERCONEXION,
)
for _velocidad in (tiempo.velocidad_generacion, tiempo.generacion_tipica):
    funcion(
        _velocidad,
        Filas(_caben_holgados),
        precision=Nombre(lambda: ["bf16", "fp8", "q4_k_m", "awq-int4", "gptq-int8"]),
        contexto=Entero(0, 10**8, hasta=8192),
        n_gpus=Entero(1, 1024),
        motor=Nombre(lambda: tiempo.MOTORES),
        precision_kv=Opcional(Nombre(lambda: memoria.FORMATOS_KV)),
    )
funcion(
    tiempo.rendimiento_tipico,
    Filas(_caben_holgados),
    precision=Nombre(lambda: ["bf16", "fp8", "awq-int4"]),
    lote=Entero(1, 10**6, hasta=8),
    contexto=Entero(0, 10**8, hasta=8192),
    n_gpus=Entero(1, 1024),
    motor=Nombre(lambda: tiempo.MOTORES),
)
_SERVICIO = {
    "precision": Nombre(lambda: ["bf16", "fp8", "awq-int4"]),
    "entrada": Entero(1, 10**7, hasta=4096),
    "salida": Entero(1, 10**7, hasta=4096),
    "n_gpus": Entero(1, 1024),
}
funcion(tiempo.techo_servicio, Filas(_caben_holgados), **_SERVICIO)
for _servicio in (tiempo.rendimiento_servicio, tiempo.servicio_tipico):
    funcion(_servicio, Filas(_caben_holgados), **_SERVICIO, motor=Nombre(lambda: tiempo.MOTORES))
funcion(calibracion.clave_grupo, Objeto(calibracion.usadas))
funcion(
    calibracion.ajustar_escalado, Objeto(lambda: [calibracion.usadas_escalado(), calibracion.mitades_escalado()[0]])
)
funcion(tiempo.interconexion_por_defecto, Nombre(_gpus), Entero(1, 100_000))
funcion(tiempo.eficiencia_interconexion, Nombre(_gpus), Entero(1, 100_000), _INTERCONEXION)
funcion(calibracion.predecir, Objeto(calibracion.usadas))
for _de_qlora in (calibracion.pareja_lora, calibracion.ralentizacion_medida):
    funcion(_de_qlora, Objeto(calibracion.usadas))
funcion(memoria.parametros_embeddings, Nombre(_modelos))
funcion(
    tiempo.clave_mfu,
    Nombre(lambda: tiempo.CLASES_GPU),
    Nombre(lambda: tiempo.ESCALAS),
    ajustes=Opcional(Objeto(lambda: [datos.ajustes()])),
)
funcion(memoria.tokens_kv, Nombre(_modelos), NO_NEGATIVO)
funcion(memoria.gb_pesos_modelo, Nombre(_modelos), Nombre(lambda: [*memoria.BYTES_POR_PARAMETRO, "nf4"]))
funcion(
    memoria.encaja,
    Nombre(_modelos),
    Nombre(lambda: ["completo", "lora"]),
    Nombre(_gpus),
    negativos=True,
    optimizador=Nombre(lambda: memoria.OPTIMIZADORES),
    perdida=Nombre(lambda: memoria.PERDIDAS),
)
funcion(
    memoria.encaja,
    Nombre(_modelos),
    Nombre(lambda: ["inferencia"]),
    Nombre(_gpus),
    negativos=True,
    precision_kv=Opcional(Nombre(lambda: memoria.FORMATOS_KV)),
)
funcion(calibracion.frase_error, Nombre(lambda: [*calibracion.TIPOS, "escalado"]))
funcion(calibracion.desglose, Nombre(lambda: calibracion.DIMENSIONES))
funcion(calibracion.ensanche, Nombre(lambda: [*calibracion.TIPOS, "escalado"]), Acotado(0, 1, cero=True, tope=1))
funcion(calibracion.ajustar_sin, Nombre(calibracion.fuentes))
for _de_una_medida in (calibracion.fuente, calibracion.grupo):
    funcion(_de_una_medida, Objeto(lambda: [*calibracion.usadas(), *calibracion.usadas_escalado()]))
funcion(calibracion.predecir_escalado, Objeto(calibracion.usadas_escalado))
funcion(
    Trabajo,
    Nombre(_modelos),
    _ENTRENAR,
    POSITIVO,
    secuencia=Entero(1, 10**7),
    lote=Entero(1, 10**5),
    checkpointing=BOOLEANO,
    rango_lora=Entero(1, 4096),
    dataset_gb=Opcional(NO_NEGATIVO),  # None: tamaño estimado
    checkpoint_gb=Opcional(NO_NEGATIVO),
    epocas=Entero(1, MAX_EPOCAS),
)
funcion(
    ranking.ranking,
    Objeto(_trabajos),
    precios=Opcional(Objeto(lambda: [list(ranking.precios_vigentes()[:4])])),
    estimaciones=BOOLEANO,
)
funcion(ranking.no_caben, Objeto(_trabajos), estimaciones=BOOLEANO)
funcion(ranking.registros, Objeto(_trabajos), estimaciones=BOOLEANO, otras_opciones=BOOLEANO)
funcion(ranking.otras, Objeto(_trabajos))  # las épocas, las del trabajo (Trabajo.epocas)
funcion(ranking.tabla_otras, Objeto(_trabajos))
funcion(gestionado.coste_gestionado, Nombre(_modelos), _ENTRENAR, POSITIVO, epocas=Entero(1, 10_000))
funcion(gestionado.metodo_del_servicio, _ENTRENAR)
funcion(gestionado.tokens_facturados, POSITIVO, Entero(1, 10_000))
funcion(
    cuadernos.opciones_cuaderno,
    Nombre(_modelos),
    _ENTRENAR,
    POSITIVO,
    secuencia=Entero(1, 10**7),
    lote=Entero(1, 10**5),
    checkpointing=BOOLEANO,
    rango_lora=Entero(1, 4096),
)
funcion(cuadernos.ofertas)
funcion(cuadernos.precio_hora, Objeto(cuadernos.ofertas))
funcion(cuadernos.sesiones, NO_NEGATIVO, POSITIVO)
funcion(ranking.tabla, Objeto(_trabajos), desglose=BOOLEANO, estimaciones=BOOLEANO)
funcion(ranking.precios_vigentes, estimaciones=BOOLEANO)
funcion(primera_version.tabla, desde=Nombre(lambda: ["", "../"]))
# Un precio que baja de una lectura a la siguiente da una variación negativa: es un dato, no un fallo.
funcion(
    alternativas.cambios_de_precio,
    Opcional(Objeto(lambda: [("Vast.ai",), ("RunPod", "AWS"), ["Lambda"]])),
    negativos=True,
)
funcion(experimento_definido.horas_por_escenario, Opcional(Objeto(_trabajos)), Nombre(_experimentos))
funcion(experimento_definido.aceleracion_pico, Nombre(_gpus), Nombre(_gpus))
funcion(experimento_definido.aceleracion_equilibrio, POSITIVO, POSITIVO)
funcion(experimento_definido.coste_con_aceleracion, POSITIVO, POSITIVO, POSITIVO)

_SI_NO = Nombre(lambda: ["sí", "no"])
_ENTEROS_CADENA = {"--checkpointing": _SI_NO, "--rango-lora": Entero(1, 4096)}
orden(
    "cabe",
    {"--modelo": Nombre(_modelos), "--gpu": Nombre(_gpus)},
    {
        "--metodo": Nombre(lambda: memoria.METODOS),
        "--n-gpus": Entero(1, 1024),
        "--secuencia": Entero(1, 10**7, hasta=10**6),
        "--lote": Entero(1, 10**5, hasta=10**4),
        "--precision-kv": Nombre(lambda: memoria.FORMATOS_KV),
        "--optimizador": Nombre(lambda: memoria.OPTIMIZADORES),
        "--perdida": Nombre(lambda: memoria.PERDIDAS),
        **_ENTEROS_CADENA,
    },
)
orden(
    "velocidad",
    {"--modelo": Nombre(lambda: ["Llama 3.1 8B", "Qwen 2.5 7B"]), "--gpu": Nombre(lambda: ["H100 80GB", "H200 141GB"])},
    {
        "--precision": Nombre(lambda: memoria.BYTES_POR_PARAMETRO),
        "--motor": Nombre(lambda: tiempo.MOTORES),
        "--n-gpus": Entero(1, 1024),
        "--contexto": Entero(1, 10**8, hasta=8192),
        "--entrada": Entero(1, 10**7, hasta=8192),
        "--salida": Entero(1, 10**7, hasta=8192),
    },
)
orden(
    "cuanto-tarda",
    {"--modelo": Nombre(_modelos), "--metodo": _ENTRENAR, "--tokens": POSITIVO},
    {
        "--epocas": Entero(1, 10_000),
        "--gpu": Nombre(_gpus),
        "--n-gpus": Entero(1, 1024),
        "--secuencia": Entero(1, 10**7, hasta=10**6),
        "--lote": Entero(1, 10**5, hasta=10**4),
        "--interconexion": Nombre(lambda: tiempo.INTERCONEXIONES),
        **_ENTEROS_CADENA,
    },
)
orden(
    "donde-mas-barato",
    {"--modelo": Nombre(lambda: ["Llama 3.1 8B", "Mistral 7B v0.3"]), "--metodo": _ENTRENAR, "--tokens": POSITIVO},
    {
        "--epocas": Entero(1, 10_000),
        "--dataset-gb": NO_NEGATIVO,
        "--checkpoint-gb": NO_NEGATIVO,
        "--secuencia": Entero(1, 10**7, hasta=4096),  # más, y no cabe en ninguna GPU: error (lo prueba test_cadena)
        "--lote": Entero(1, 10**5, hasta=4),
        "--sin-estimaciones": _SI_NO,
        **_ENTEROS_CADENA,
    },
)

funcion(mercado.reventa, Nombre(lambda: {r.gpu for r in mercado.reventas()}))
funcion(mercado.precio_kwh, Nombre(lambda: {e.pais for e in mercado.electricidad()}))
funcion(interrupciones.intervalo_optimo, POSITIVO, POSITIVO)

# Issue 10 (local): arranque facturado, qué cabe en cada VRAM, sensibilidad del cuaderno.
from gpucoste.calculo import arranque, sensibilidad, vram  # noqa: E402

_LISTAS = Objeto(lambda: [[1.0], [100, 1000], (0.5, 2.0)])
funcion(arranque.minutos_descarga, POSITIVO, POSITIVO)
funcion(arranque.coste_descarga, POSITIVO, POSITIVO, POSITIVO)
funcion(arranque.arranques_para_amortizar_volumen, POSITIVO, POSITIVO, POSITIVO)
funcion(
    arranque.tabla_arranque,
    Objeto(lambda: [{"8B": 8}, {"8B": 8, "70B": 70}]),
    _LISTAS,
    POSITIVO,
    precision=Nombre(lambda: memoria.BYTES_POR_PARAMETRO),
    medida=Nombre(lambda: arranque.MEDIDAS),
)
funcion(sensibilidad.coste_escalado, POSITIVO, POSITIVO, factor_precio=POSITIVO, aceleracion=POSITIVO)
funcion(sensibilidad.precio_de_empate, POSITIVO, POSITIVO, POSITIVO)
funcion(sensibilidad.aceleracion_de_empate, POSITIVO, POSITIVO)
funcion(sensibilidad.tabla_por_precio, Objeto(lambda: [{"A": (1.0, 2.0)}, {"A": (0.34, 6), "B": (1.87, 1.2)}]), _LISTAS)
funcion(sensibilidad.mapa, POSITIVO, POSITIVO, _LISTAS, _LISTAS)
funcion(
    vram.gb_inferencia,
    Nombre(lambda: datos.modelos()),
    Nombre(lambda: vram.PRECISIONES),
    contexto=Entero(0, 10**8),
)
funcion(vram.mayor_que_cabe, POSITIVO, Nombre(lambda: vram.PRECISIONES), contexto=Entero(0, 10**8))
funcion(vram.tabla_vram, vrams=_LISTAS, precisiones=Objeto(lambda: [{"int4": "4 bits"}]), contexto=Entero(0, 10**8))
funcion(vram.tabla_modelos, precisiones=Objeto(lambda: [{"int4": "4 bits"}]), contexto=Entero(0, 10**8))


# --- Issue 9: lo que faltaba (datos, decisiones, ranking) y las órdenes de decisión con nombres de los datos ---

for _sin_argumentos in (
    datos.precios,
    datos.escenarios,
    datos.hardware,
    datos.tarifas,
    datos.supuestos,
    datos.modelos,
    datos.especificaciones,
    datos.generacion_medida,
    datos.aceleraciones,
    datos.medidas,
    datos.ajustes,
    datos.ventanas,
    datos.escalado,
    calibracion.usadas,
    calibracion.usadas_escalado,
    calibracion.mitades_escalado,
    calibracion.predicciones_escalado,
    calibracion.informe_escalado,
    calibracion.texto_escalado,
    calibracion.fuentes,
    calibracion.validacion,
    calibracion.frase_cobertura,
    calibracion.texto_validacion,
    calibracion.texto_desglose,
    calibracion.validacion_qlora,
    calibracion.frase_qlora,
    calibracion.mitades,
    calibracion.ajustar,
    calibracion.predicciones,
    calibracion.informe,
    calibracion.filas_ajustes,
    calibracion.fallos,
    calibracion.texto_informe,
    tiempo.ralentizacion_qlora,
    calibracion.gpus_medidas_entrenamiento,
    programa.fichas,
    memoria.gb_sistema,
    experimento_definido.comparar_calibrado,
    datos.gpus,
    datos.proveedores,
    atipicos.atipicos,
    moneda.tipo_de_cambio,
    moneda.nota_tipo_de_cambio,
    proveedores.politicas,
    vast.estados,
    tiempo.mfu,
    primera_version.erratas,
    ocultos.gb_en_disco,
    alternativas.trabajo_grande,
    decisiones.casos,
    decisiones.tabla_cuando_compensa,
):
    funcion(_sin_argumentos)
funcion(atipicos.atipico, Objeto(datos.precios))
funcion(compra.precio_compra, Nombre(lambda: {h.gpu for h in datos.hardware() if h.precio_compra_usd is not None}))
funcion(decisiones.luz, pais=Nombre(lambda: {e.pais for e in mercado.electricidad()}))
funcion(decisiones.tabla_comprar, gpu=Nombre(lambda: {r.gpu for r in mercado.reventas()}))
_VERIFICADAS = Nombre(lambda: {e.gpu for e in datos.escenarios() if e.nivel == "verificado"})
funcion(decisiones.local_o_alquilada, local=_VERIFICADAS, alquilada=_VERIFICADAS)
funcion(
    decisiones.precio_vigente,
    Filas(
        lambda: sorted(
            {(p.gpu, p.proveedor) for p in ranking.precios_vigentes() if p.nivel not in decisiones.NIVELES_NO_FIJOS}
        ),
        nulos=(1,),
    ),
)
funcion(
    decisiones.api_mas_barata,
    Nombre(lambda: {p.modelo for p in mercado.precios_api()}),
    entrada_por_salida=NO_NEGATIVO,
)
funcion(
    decisiones.horas_en,
    Objeto(_trabajos),
    Nombre(lambda: ["A100 80GB", "H100 80GB", "H200 141GB"]),
    maximo=Entero(1, 1024),
)
funcion(validar, Objeto(_trabajos))
funcion(ranking.opcion_para, Objeto(_trabajos), Objeto(ranking.precios_vigentes))
funcion(puntos.dispersion, Objeto(lambda: [ranking.ranking(t) for t in _trabajos()]))
funcion(ranking.aviso_mas_barata, Nombre(datos.gpus))
funcion(ranking.aviso_precio_antiguo, Objeto(lambda: [r for t in _trabajos() if (r := ranking.ranking(t))]))
funcion(ranking.avisos, Objeto(lambda: [r for t in _trabajos() if (r := ranking.ranking(t))]))
funcion(ocultos.gb_gratis_mes, Filas(lambda: [(t.proveedor, t.concepto) for t in datos.tarifas()]))
funcion(ocultos.euros_coste_real, Nombre(_experimentos))
funcion(alternativas.trabajo_del_articulo, gpu=Nombre(lambda: {e.gpu for e in experimento.escenarios()}))
funcion(vast.descuento_reserva, Valores((1, 3)))

# Las órdenes de decisión: los nombres buenos son los que dan todas las cuentas (GPU con precio, modelo que
# cabe…); que un nombre sin precio o un trabajo que no cabe den el error en español lo prueba test_cli_nombres.


def _gpus_donde(condicion: Callable[[str], bool]) -> Nombre:
    return Nombre(lambda: [g for g in _gpus() if condicion(g)])


def _con_vatios(g: str) -> bool:
    return datos.especificaciones()[g].vatios is not None


_EN_VAST = _gpus_donde(lambda g: g in {p.gpu for p in ranking.precios_vigentes() if p.proveedor == "Vast.ai"})
_CON_PRECIO_Y_24GB = _gpus_donde(lambda g: g in datos.gpus() and datos.especificaciones()[g].vram_gb >= 24)
_PAIS = Nombre(lambda: [f for f, p in paises.nombres().items() if p.pais in {e.pais for e in mercado.electricidad()}])
funcion(decisiones.luz_del_pais, Opcional(_PAIS))  # None: PAIS_LUZ; un país sin electricidad.csv: un error
funcion(decisiones.luz_o_ninguna, Opcional(_PAIS))  # un país sin electricidad.csv: None
_VAST = Nombre(lambda: ["Vast.ai"])
_MODELOS_PEQUENOS = Nombre(lambda: ["Llama 3.1 8B", "Mistral 7B v0.3", "Qwen 2.5 7B"])

orden(
    "electricidad",
    {},
    {
        "--gpu": _gpus_donde(lambda g: _con_vatios(g) and datos.especificaciones()[g].vram_gb >= 24),
        "--vatios": POSITIVO,
        "--pais": _PAIS,
        "--precio-kwh": NO_NEGATIVO,
        "--modelo": _MODELOS_PEQUENOS,
        "--tokens-s": POSITIVO,
    },
)
orden(
    "api-o-gpu",
    {},
    {
        "--modelo": Nombre(lambda: ["Llama 3.1 8B", "Qwen 2.5 7B"]),
        "--gpu": _CON_PRECIO_Y_24GB,
        "--lote": Entero(1, 10**6, hasta=16),
        "--contexto": Entero(1, 10**8, hasta=2048),
        "--api": Nombre(lambda: ["Together"]),
        "--precio-hora": POSITIVO,
        "--tokens-s": POSITIVO,
        "--precio-entrada": POSITIVO,
        "--precio-salida": POSITIVO,
        "--entrada-por-salida": NO_NEGATIVO,
    },
)
orden(
    "reservar",
    {},
    {
        "--gpu": _EN_VAST,
        "--proveedor": _VAST,
        "--meses": Nombre(lambda: ["1", "3"]),
        "--precio-hora": POSITIVO,
        "--descuento": FRACCION,
        "--horas": HORAS_DE_UN_MES,
    },
)
orden(
    "comprar",
    {},
    {
        "--gpu": Nombre(lambda: ["RTX 4090"]),
        "--precio-compra": POSITIVO,
        "--precio-hora": POSITIVO,
        "--vatios": POSITIVO,
        "--pais": _PAIS,
        "--precio-kwh": NO_NEGATIVO,
        "--horas-mes": HORAS_DE_UN_MES,
    },
)
orden(
    "local-o-alquilar",
    {},
    {
        "--gpu-local": _gpus_donde(lambda g: _con_vatios(g) and datos.especificaciones()[g].vram_gb >= 24),
        "--gpu": Nombre(_gpus),
        "--modelo": Nombre(lambda: ["Llama 3.1 8B", "Mistral 7B v0.3"]),
        "--metodo": Nombre(lambda: ["lora", "qlora"]),
        "--tokens": POSITIVO,
        "--epocas": Entero(1, 10_000),
        "--secuencia": Entero(1, 10**7, hasta=2048),
        "--horas-local": POSITIVO,
        "--horas-alquiler": POSITIVO,
        "--vatios": POSITIVO,
        "--pais": _PAIS,
        "--precio-kwh": POSITIVO,
    },
)
orden(
    "interrumpible",
    {"--horas": _TRABAJO},
    {
        "--interrupciones-hora": _TASA,
        "--gpu": _EN_VAST,
        "--proveedor": _VAST,
        "--escritura-min": Acotado(0.06, 60),
        "--reinicio-min": Acotado(0, 60, cero=True),
        "--precio-hora": POSITIVO,
        "--precio-bajo-demanda": POSITIVO,
        "--intervalo-min": Acotado(0.6, 600),
    },
)
orden(
    "recomendar",
    {"--horas-gpu": NO_NEGATIVO, "--continuo": _SI_NO},
    {
        # Con precio en Vast.ai: --proveedor-reserva Vast.ai sin --precio-hora-reserva toma su precio de esa GPU
        # (sin él, un error que lo dice: tests/cli/test_cli_nombres.py).
        "--gpu": _gpus_donde(lambda g: any(p.gpu == g and p.proveedor == "Vast.ai" for p in datos.precios())),
        "--precio-hora": POSITIVO,
        "--proveedor-reserva": _VAST,
        "--precio-hora-reserva": POSITIVO,
        "--descuento-reserva": FRACCION,
        "--tokens-mes": NO_NEGATIVO,
        "--modelo": Nombre(lambda: {p.modelo for p in mercado.precios_api()}),
        "--precio-millon-api": NO_NEGATIVO,
        "--horas-local": NO_NEGATIVO,
        "--gpu-local": _gpus_donde(_con_vatios),
        "--vatios-local": POSITIVO,
        "--pais": _PAIS,
        "--precio-kwh": NO_NEGATIVO,
        "--empresa": _SI_NO,
    },
)

# --- Lo que queda fuera del arnés, cada cosa con su razón (tests/proyecto/test_propiedades_cobertura.py lo exige) ---

MODULOS_EXENTOS = {
    "recoleccion.precios": (
        "lee la red y escribe ficheros; lo prueban tests/recoleccion/test_recolector.py con respuestas grabadas"
    ),
    "recoleccion.ofertas_gpuhunt": (
        "filtra ofertas de gpuhunt (objetos de su CatalogItem); tests/recoleccion/test_recolector.py"
    ),
    "recoleccion.fuente_vast": (
        "lee la red (la API de Vast.ai); tests/recoleccion/test_recolector.py, con respuestas grabadas"
    ),
    "recoleccion.fuente_catalogo": (
        "lee la red (catálogos de gpuhunt); tests/recoleccion/test_recolector.py, con los guardados"
    ),
    "recoleccion.fuente_en_linea": (
        "lee la red (las API públicas de Lium y Vultr); tests/recoleccion/test_recolector.py, con respuestas grabadas"
    ),
    "navegador": "traduce formularios a llamadas ya registradas; lo prueba tests/navegador/",
    "guia.publicacion": "escribe las descargas del sitio en la construcción; lo prueba tests/sitio/test_build.py",
    "datos.historial": (
        "series y gráfico del historial de precios; lo prueban tests/graficos/test_graficos.py y la construcción"
    ),
    "graficos.figuras": "dibuja SVG (sin números que devolver); lo prueba tests/graficos/test_graficos.py",
    "base.esquema": "el cargador declarativo: lo prueban los CSV corrompidos de tests/proyecto/test_propiedades.py",
    "base.tabla": "la declaración de un CSV (tabla_de_valores declara uno); la prueban los CSV corrompidos de "
    "tests/proyecto/test_propiedades.py, por esquema.cargar",
    "base.lector": "lee un CSV para esquema.cargar (la única que lo llama); lo prueban los CSV corrompidos de "
    "tests/proyecto/test_propiedades.py",
    "base.paquete": (
        "lista los módulos del paquete leyendo el disco (sin cálculo); tests/proyecto/test_capas.py y test_api.py"
    ),
    "base.validacion": "son las comprobaciones que el arnés ejercita en cada función; tests/proyecto/test_errores.py",
    "cli": "la línea de órdenes: cada orden está en ORDENES (se exige abajo); tipos en tests/proyecto/test_errores.py",
    "cli.calculadoras": "solo órdenes, registradas en ORDENES",
    "cli.entradas": "las entradas de las órdenes de cli.calculadoras, cli.interrumpible y cli.recomendar (el número "
    "dado o el de los datos, con su origen); las prueba el arnés a través de esas órdenes, registradas en ORDENES",
    "cli.ordenes": "solo órdenes, registradas en ORDENES, y localizar, que prueban las órdenes con --pais",
    "cli.analizador": (
        "main, la línea de órdenes: cada orden está en ORDENES (se exige abajo); tests/proyecto/test_errores.py"
    ),
}
FUNCIONES_EXENTAS = {
    "calculo.calibracion_ajuste.escribir_ajustes": "escribe ajustes.csv (make calibrar); test_calibracion.py",
    "graficos.calibracion.grafico": "dibuja SVG de las predicciones ya calculadas; tests/sitio/test_snippets.py",
    "calculo.interrupciones.coste_segun_tasa": "series del gráfico de interrumpible (esperado, ya en el arnés, en cada "
    "tasa); valida su diccionario de reinicios; tests/graficos/test_dibujo.py",
    "datos.limpiar_cache": "vacía la caché, no calcula",
    "base.memo.olvidar": "vacía los memos, no calcula",
    "base.cifras.escrita": (
        "escribe una cifra que formato.numero y validacion.entero ya validaron y redondearon; la prueba "
        "tests/base/test_validacion.py::test_cifra_como_formato"
    ),
    "base.memo.mismos_datos": "un decorador (recibe una función); tests/base/test_memo.py",
    "calculo.memoria.booleano": "una comprobación de validación (como las de validacion)",
    "base.formato.tabla": "formatea un DataFrame ya calculado; la prueban las órdenes con --formato tabla",
    "base.columnas.dos_fechas": (
        "compara dos fechas ya leídas por el cargador y devuelve el texto del error o None; "
        "tests/datos/test_dos_fechas.py prueba cada caso"
    ),
    "datos.frescura.referencia": "la fecha de hoy o la de GPUCOSTE_HOY; la prueba tests/datos/test_frescura.py",
    "calculo.alternativas.comparar": "necesita un Trabajo de alternativas; lo prueba su página (test_snippets)",
    "dinero.proveedores.tabla": "listas de proveedores y aspectos; la prueba la página de alternativas",
    "calculo.vast.reembolso_reserva": "meses y horas usadas dependen entre sí; test_snippets (página de Vast.ai)",
    "graficos.decisiones.grafico_api_o_gpu": "SVG; tests/graficos/test_graficos.py",
    "graficos.decisiones.grafico_comprar": "SVG; tests/graficos/test_graficos.py",
    "graficos.decisiones.grafico_interrumpible": "SVG; tests/graficos/test_graficos.py",
}
PARAMETROS_EXENTOS = {
    **{
        f"calculo.{f}": dict.fromkeys(
            p, "medidas, ajustes o resúmenes que calcula la propia calibración; tests/calculo/test_calibracion.py"
        )
        for f, p in {
            "contraste.mitades": ("medidas",),
            "contraste.predecir": ("ajustes",),
            "contraste.predecir_escalado": ("ajustes",),
            "contraste.mitades_escalado": ("filas",),
            "calibracion_ajuste.ajustar": ("ajuste", "escalado"),
            "calibracion_ajuste.filas_ajustes": ("ajustes",),
            "calibracion_informe.fallos": ("resumen", "ps"),
            "calibracion_informe.texto_informe": ("resumen",),
        }.items()
    },
    "guia.experimento_definido.comparar_calibrado": {
        "trabajo": "un Trabajo de ranking (lo generan las pruebas de horas_por_escenario); tests/sitio/test_build.py",
        "nombre": "el experimento del artículo; tests/sitio/test_build.py",
    },
    "datos.equipo": {
        "estado": "los estados válidos dependen de la GPU (solo los que tiene en hardware.csv); "
        "tests/datos/test_datos.py::test_equipo_elige_el_precio_de_compra_por_estado",
    },
    "calculo.compra.coste_acumulado": {
        "reventas": "cada valor ≤ precio_compra: depende de otro argumento; los diccionarios mal formados, en "
        "tests/graficos/test_dibujo.py",
    },
    "calculo.compra.comprar_o_alquilar": {
        "valor_reventa": "≤ precio_compra: depende de otro argumento; "
        "tests/calculo/test_propiedades_equilibrios.py lo genera como fracción"
    },
}
OPCIONES_EXENTAS = {
    "cabe": {
        "--precision": "depende de --metodo (QLoRA: solo NF4; completo: bf16 o fp16); tests/cli/test_cli_nombres.py"
    },
    "comprar": {"--reventa": "≤ --precio-compra: depende de otra opción; la prueba tests/cli/test_cli_nombres.py"},
    "cuanto-tarda": {
        "--programa": "con «sí», solo con --metodo completo (con LoRA o QLoRA: ValueError); lo prueba "
        "tests/calculo/test_programa.py",
    },
    "recomendar": {
        "--privado": "con «sí», depende de --gpu-local y --horas-local (sin una GPU local que acabe en el mes no queda "
        "opción: ValueError); lo prueba tests/guia/test_decisiones.py",
    },
}

funcion(
    decisiones.local_frente_a_rapida,
    horas_rapida=Acotado(0.01, 1000),
    rapida=Nombre(lambda: ["A100 80GB", "H100 80GB", "H200 141GB"]),
    locales=Objeto(lambda: [decisiones.GPUS_LOCALES, ("RTX 4090",), ["RTX 3060 12GB", "H100 80GB"]]),
)


# --- Países: moneda, impuesto y tipo de cambio (issue 22) ------------------------------------------

from gpucoste import cli  # noqa: E402
from gpucoste.dinero import paises  # noqa: E402


@dataclass(frozen=True)
class FechaConCambio:
    """Un día (o un mes) desde el mes siguiente al último «primer tipo» de los datos: para todos hay un tipo de
    cambio de cada moneda (el primero de cada una sale de cambios.csv y del BCE de moneda.csv, no de una fecha fija)."""

    def buenos(self) -> st.SearchStrategy:
        primeros = [
            min(c.fecha for c in paises.cambios() if c.moneda == m) for m in {c.moneda for c in paises.cambios()}
        ]
        ultimo = dt.date.fromisoformat(max([*primeros, moneda.tipo_de_cambio().fecha])[:10])
        desde = (ultimo.replace(day=1) + dt.timedelta(days=32)).replace(day=1)
        dias = st.dates(desde, dt.date(2200, 12, 31))
        return st.one_of(dias.map(dt.date.isoformat), dias.map(lambda d: d.isoformat()[:7]))

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return Fecha(opcional=True).malos()


_NOMBRES_PAIS = Nombre(paises.nombres)
_FECHA_CAMBIO = Opcional(FechaConCambio())
_IMPORTES = Objeto(lambda: [paises.en_local(x, p) for x in (0, 2.04, 1e6) for p in ("ES", "AR", "CO", "SIN")])

funcion(paises.paises)
funcion(ocultos.tasas_de_impuesto)
funcion(paises.nombres)
funcion(paises.cambios)
funcion(paises.pais, _NOMBRES_PAIS)
funcion(paises.cambio, _NOMBRES_PAIS, fecha=_FECHA_CAMBIO)
for _f in (paises.en_local, paises.importe_local, paises.a_usd):
    funcion(_f, NO_NEGATIVO, _NOMBRES_PAIS, empresa=BOOLEANO, fecha=_FECHA_CAMBIO)
funcion(paises.cantidad, NO_NEGATIVO, Nombre(lambda: {p.moneda for p in paises.paises()}))
funcion(paises.nota_cambio, _NOMBRES_PAIS, fecha=_FECHA_CAMBIO)
funcion(paises.texto, _IMPORTES)
funcion(paises.vigencia_anticipo, _NOMBRES_PAIS)
funcion(paises.compras_locales)
funcion(paises.compra_local, Nombre(lambda: datos.especificaciones()), _NOMBRES_PAIS)
funcion(paises.compra_usd, Objeto(lambda: list(paises.compras_locales())))
funcion(
    compra.precio_de_compra,
    Nombre(lambda: {h.gpu for h in datos.hardware() if h.precio_compra_usd is not None}),
    Nombre(paises.nombres, nulo=True),
)
funcion(paises.gravado, Texto())
funcion(paises.rotulo, _NOMBRES_PAIS, empresa=BOOLEANO)
MODULOS_EXENTOS["recoleccion.cambios"] = (
    "lee la red y escribe ficheros; lo prueba tests/recoleccion/test_recolector_cambios.py con respuestas guardadas"
)

# Cada orden que imprime dinero lleva --pais (el país del lector) y --empresa: se registran aquí para todas.
for _o in ORDENES:
    if any(op.bandera == "--empresa" for op in cli.ORDENES[_o.nombre].opciones):
        _o.opcionales["--empresa"] = _SI_NO
        _o.opcionales.setdefault("--pais", _NOMBRES_PAIS)


# --- Los tipos de opción de la CLI (cli_opciones): el texto que escribe quien usa la orden ------------------

from gpucoste.cli import opciones as cli_opciones  # noqa: E402


def _escribir(x: float | int) -> str:
    """``x`` como lo escribiría quien usa la CLI: con coma decimal («1,5», «1e-05», «2048»)."""
    return str(x) if isinstance(x, int) else repr(float(x)).replace(".", ",")


_TEXTOS_NO_NUMERO = [None, 1.5, 2, b"1", "", " ", "abc", "nan", "inf", "-inf", "1e999", "1.500", "1,5,5", "\u0661"]


@dataclass(frozen=True)
class Escrito:
    """Un número escrito como en la CLI (``--horas 1,5``), el argumento de los tipos de opción. ``minimo``: ``None``
    (cualquier signo), 0 (``no_negativo``) o un positivo (``positivo``); ``entero``: ``entero_positivo``."""

    minimo: float | None = None
    entero: bool = False

    def buenos(self) -> st.SearchStrategy:
        if self.entero:
            return st.integers(1, 10**9).map(_escribir)
        if self.minimo is None:
            return _numeros(-1e6, 1e6).map(_escribir)
        return _numeros(self.minimo or 0.0, 1e6).filter(lambda x: x >= self.minimo).map(_escribir)

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        fuera = [] if self.minimo is None else ["-1", "-0,5", "-1e-300"] + (["0", "0,0"] if self.minimo else [])
        if self.entero:
            fuera += ["0", "1,5", "-3", "1e10", "2,5e0"]
        return st.sampled_from(_TEXTOS_NO_NUMERO + fuera)


funcion(cli_opciones.decimal, Escrito(), negativos=True)
funcion(cli_opciones.positivo, Escrito(1e-3))
funcion(cli_opciones.no_negativo, Escrito(0))
funcion(cli_opciones.entero_positivo, Escrito(entero=True))
FUNCIONES_EXENTAS["cli.opciones.nombre_de"] = (
    "fabrica el tipo de opción de un nombre (devuelve una función); lo prueban las órdenes con nombres de "
    "tests/cli/test_cli_nombres.py y las de ORDENES"
)
FUNCIONES_EXENTAS["cli.opciones.orden"] = "decorador que registra una orden; cada orden está en ORDENES (se exige)"


# --- Las ayudas de las páginas y del navegador (issue 21: el contrato cubre toda la API declarada) ----------

from gpucoste import navegador  # noqa: E402
from gpucoste.datos import historial  # noqa: E402


@dataclass(frozen=True)
class Cadena:
    """Cualquier texto, también vacío (el código de un bloque, la URL de la instantánea, lo que escribe el lector);
    malos: lo que no es un texto."""

    def buenos(self) -> st.SearchStrategy:
        return st.text(max_size=30)

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return st.sampled_from([None, 1, 1.5, math.nan, True, b"x", ["x"], {"x": "1"}])


CADENA = Cadena()


def _textos_por_defecto(nombre: str) -> dict[str, str]:
    return {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS[nombre].campos()}


_RAPIDAS = [n for n in navegador.CALCULADORAS if n != "donde-mas-barato"]  # esa tarda ~1 s: la prueban sus páginas
_CALCULADORA = Nombre(lambda: navegador.CALCULADORAS)
_VALORES = Objeto(lambda: [{"x": "1"}])  # solo para los malos: los buenos van con su calculadora (validos=)
_CON_VALORES = st.sampled_from(sorted(navegador.CALCULADORAS)).map(lambda n: (n, _textos_por_defecto(n)))
_CON_VALORES_RAPIDAS = st.sampled_from(_RAPIDAS).map(lambda n: (n, _textos_por_defecto(n)))
_TABLAS = Objeto(lambda: [navegador.calcular(n, _textos_por_defecto(n)) for n in ("coste", "cabe", "comprar")])
_CARGA = {"pyodide": CADENA, "rueda": CADENA, "peso": CADENA, "instantanea": CADENA}

funcion(navegador.precargar)
funcion(navegador.leer, CADENA)
funcion(navegador.leer_entero, CADENA)


@dataclass(frozen=True)
class _Defecto:
    """El valor por defecto de un campo: un número finito o un texto (tal cual); malo, lo demás."""

    def buenos(self) -> st.SearchStrategy:
        return st.one_of(REAL.buenos(), CADENA.buenos())

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return st.sampled_from([None, math.nan, math.inf, -math.inf, 10**400, b"x", [1], True, np.True_])


funcion(navegador.escribir, _Defecto(), negativos=True)
funcion(navegador.calcular, _CALCULADORA, _VALORES, validos=_CON_VALORES_RAPIDAS)
funcion(navegador.orden_cli, _CALCULADORA, _VALORES, validos=_CON_VALORES)
funcion(navegador.enlace, _CALCULADORA, _VALORES, validos=_CON_VALORES)
_CAMPOS = Filas(lambda: [(n, campo) for n, c in navegador.CALCULADORAS.items() for campo in c.argumentos])
funcion(navegador.bandera, _CAMPOS)
funcion(navegador.clave_url, _CAMPOS)
funcion(navegador.tabla_csv, _TABLAS)
funcion(navegador.tabla_html, _TABLAS)
funcion(navegador.en_moneda, _TABLAS, _NOMBRES_PAIS)
funcion(navegador.formulario_html, Nombre(lambda: _RAPIDAS), **_CARGA)
funcion(navegador.codigo_html, TEXTO, CADENA, CADENA, **_CARGA)
FUNCIONES_EXENTAS["navegador.formularios.calcular_json"] = (
    "la frontera con el navegador: un ValueError de la biblioteca vuelve como JSON con su mensaje y su campo (lo "
    "prueban tests/navegador/test_calculadoras_en_python.py y, para un JSON o un tipo malos, "
    "tests/proyecto/test_robustez.py)"
)
del MODULOS_EXENTOS["navegador"]

_SERIES = Filas(lambda: [(g, p, n) for (g, p), n in historial.series().items()])
funcion(historial.atipico, Objeto(datos.precios))
funcion(
    historial.series, precios=Opcional(Objeto(lambda: [datos.precios()[:5], tuple(datos.precios())])), minimo=Entero(1)
)
funcion(historial.del_, FECHA)
funcion(historial.descripcion, TEXTO, TEXTO, Objeto(lambda: list(historial.series().values())))
funcion(historial.cambia, Objeto(lambda: list(historial.series().values())))
for _partir in (historial.con_cambios, historial.sin_cambios):
    funcion(_partir, precios=Opcional(Objeto(lambda: [datos.precios()[:5], tuple(datos.precios())])))
FUNCIONES_EXENTAS["graficos.historial.grafico"] = (
    "dibuja un SVG con matplotlib (lento para cientos de casos); su GPU y proveedor los valida series/opcion; "
    "tests/graficos/test_graficos.py y tests/proyecto/test_robustez.py"
)
del MODULOS_EXENTOS["datos.historial"]


@dataclass(frozen=True)
class Url:
    """Una URL https:// con host (las ``fuente`` de los datos); malas: otro esquema, sin host, otro tipo."""

    def buenos(self) -> st.SearchStrategy:
        return st.sampled_from(sorted({p.fuente for p in datos.precios()}))

    extremos = buenos

    def malos(self) -> st.SearchStrategy:
        return st.sampled_from(
            [None, "", "abc", "http://vast.ai", "ftp://x.org/a", "https://", "https:// x", 1, b"x"]
            # del fuzz del issue 35: el esquema en mayúsculas, un host sin dominio, un puerto imposible, un invisible
            + ["HTTPS://x", "HTTPS://vast.ai", "https://x", "https://vast..ai", "https://vast.ai:99999/"]
            + ["https://vast.ai/a\u200bb", "https://vast.ai/\x00"]
        )


funcion(publicacion.enlace, Url())
funcion(publicacion.precio, NO_NEGATIVO)
funcion(publicacion.del_recolector, Objeto(datos.precios))
for _sin_argumentos in (
    publicacion.referencia,
    publicacion.lecturas_por_proveedor,
    publicacion.tabla_frescura,
    publicacion.tabla_hardware,
    publicacion.tabla_otros_datos,
    publicacion.datapackage,
    publicacion.descargas,
    publicacion.tabla_sin_cambios,
    publicacion.tabla_mas_baratos,
):
    funcion(_sin_argumentos)
FUNCIONES_EXENTAS["guia.publicacion.ficheros"] = "los bytes de cada CSV publicado, tal cual; tests/sitio/test_build.py"
del MODULOS_EXENTOS["guia.publicacion"]


# --- Lo que llegó con la integración (escalado, monedas, editorial) ---------------------------------------------


for _sin_argumentos in (formato.mes_medio, vast.mes_de_reserva, interrupciones.supuestos):
    funcion(_sin_argumentos)


# --- Las afirmaciones comprobadas de la prosa (issue 29, entrega 1) ---------------------------------------------

from gpucoste.calculo import ranking as _ranking  # noqa: E402
from gpucoste.guia import afirmaciones  # noqa: E402


def _proveedores_nombrables() -> set[str]:
    return set(datos.proveedores()) | {p.proveedor for p in proveedores.politicas()}


def _quien(p: datos.Precio) -> str:
    return f"{p.proveedor}, {p.nivel}"


for _f in (afirmaciones.con_precio, afirmaciones.sin_precio):
    funcion(
        _f,
        Nombre(_proveedores_nombrables),
        gpu=Nombre(datos.gpus, nulo=True),
        nivel=Nombre(lambda: datos.NIVELES, nulo=True),
    )
for _f in (afirmaciones.con_politica, afirmaciones.sin_politica):
    funcion(
        _f,
        Nombre(_proveedores_nombrables),
        aspecto=Nombre(lambda: {p.aspecto for p in proveedores.politicas()}, nulo=True),
    )
funcion(
    afirmaciones.gpus_con_precio,
    Nombre(_proveedores_nombrables),
    Nombre(datos.gpus),
    nivel=Nombre(lambda: datos.NIVELES, nulo=True),
    tipo=Nombre(lambda: datos.TIPOS_PRECIO, nulo=True),
)
funcion(
    afirmaciones.tipo_en_fecha,
    Nombre(_proveedores_nombrables),
    Nombre(lambda: ["2026-07", "2026-09-25"]),
    Nombre(lambda: datos.TIPOS_PRECIO),
)
funcion(afirmaciones.salida_gratis, Nombre(lambda: {t.proveedor for t in datos.tarifas() if t.concepto == "bajada"}))
funcion(afirmaciones.solo_cobran_salida, TEXTO)
funcion(
    afirmaciones.mas_caro,
    Filas(
        lambda: [
            (a.gpu, _quien(a), _quien(b))
            for a in _ranking.precios_vigentes()
            for b in _ranking.precios_vigentes()
            if a.gpu == b.gpu
        ][:200]
    ),
)
funcion(
    afirmaciones.coincide_con,
    Filas(
        lambda: [
            (a.gpu, _quien(a), _quien(b))
            for a in _ranking.precios_vigentes(True)
            for b in _ranking.precios_vigentes(True)
            if a.gpu == b.gpu
        ][:200]
    ),
)
funcion(
    afirmaciones.medidas_directas,
    Filas(lambda: [(a.gpu_rapida, a.gpu_lenta) for a in datos.aceleraciones()]),
    Entero(0, hasta=5),
)
funcion(afirmaciones.nota_de_tarifa_dice, Filas(lambda: [(t.proveedor, t.concepto) for t in datos.tarifas()]), TEXTO)
funcion(afirmaciones.nota_dice, Filas(lambda: [(p.gpu, _quien(p)) for p in _ranking.precios_vigentes()]), TEXTO)
funcion(afirmaciones.veredicto, Nombre(lambda: primera_version.TEMAS), Nombre(lambda: primera_version.VEREDICTOS))
funcion(primera_version.errata, Nombre(lambda: primera_version.TEMAS))
funcion(afirmaciones.eficiencia_de_red, Nombre(lambda: ["L40S", "H100 80GB", "RTX 4090"]), Entero(2, hasta=64))
funcion(afirmaciones.ventana_deslizante, Nombre(lambda: datos.modelos()))
funcion(
    afirmaciones.operaciones_por_parametro,
    Nombre(lambda: tiempo.FLOPS_POR_PARAMETRO),
    Entero(1),
    adelante=Opcional(Entero(1)),
)
funcion(
    afirmaciones.comprobar,
    Nombre(lambda: ['sin_precio("Azure", gpu="H100 80GB")', 'con_precio("Verda"); salida_gratis("RunPod")']),
)
for _f in (afirmaciones.afirmaciones, afirmaciones.revisar, afirmaciones.sin_marcas):
    funcion(_f, CADENA)
PARAMETROS_EXENTOS["guia.afirmaciones.coincide_con"] = {
    "tipo": "solo vale con un proveedor y nivel que tengan precios de ese tipo; tests/guia/test_afirmaciones.py"
}

# --- Cualquier modelo desde su config.json (issue 32) ------------------------------------------------------
FUNCIONES_EXENTAS["calculo.arquitectura.desde_config"] = (
    "recibe un config.json entero (un dict); lo prueba tests/calculo/test_arquitectura_propiedades.py con config.json "
    "reales con campos quitados o cambiados por cualquier valor JSON generado"
)
FUNCIONES_EXENTAS["calculo.arquitectura.desde_json"] = (
    "el texto de un config.json entero; tests/calculo/test_arquitectura.py (JSON malos) y, por desde_config, "
    "tests/calculo/test_arquitectura_propiedades.py"
)
FUNCIONES_EXENTAS["cli.config.leer_config"] = "lee un fichero; tests/cli/test_cli_config.py, con ficheros malos"
FUNCIONES_EXENTAS["cli.config.modelo_de"] = "elige entre dos opciones ya validadas; tests/cli/test_cli_config.py"
OPCIONES_EXENTAS["cabe"]["--config"] = "la ruta de un fichero; tests/cli/test_cli_config.py, con ficheros malos"
OPCIONES_EXENTAS["cuanto-tarda"]["--config"] = OPCIONES_EXENTAS["cabe"]["--config"]
UNA_DE_DOS = {"cabe": {"--modelo": "--config"}, "cuanto-tarda": {"--modelo": "--config"}}
"""Por orden, las obligatorias del arnés que la CLI deja cambiar por otra opción (una de las dos, no ambas): el
arnés da siempre la primera; sin ninguna, la orden sale con 2 (tests/proyecto/test_propiedades_cobertura.py)."""

# --- Servir un modelo: el modelo de capacidad (issue 31) -----------------------------------------------------
from gpucoste.calculo import servicio as _servicio  # noqa: E402

_PRECISIONES_SERVICIO = Nombre(lambda: ["bf16", "fp8", "int4"])
funcion(_servicio.kv_gb_secuencia, Nombre(_modelos), Entero(1, 10**7, hasta=8192), _PRECISIONES_SERVICIO)
funcion(
    _servicio.secuencias_max,
    Filas(_caben_holgados),
    n_gpus=Entero(1, 64),
    precision=_PRECISIONES_SERVICIO,
    contexto=Entero(1, 10**7, hasta=8192),
    kv_gb=Opcional(POSITIVO),
)
funcion(
    _servicio.rendimiento,
    Filas(_caben_holgados),
    lote=Entero(1, 10**5, hasta=8),
    entrada=Entero(1, 10**6, hasta=4096),
    salida=Entero(1, 10**6, hasta=4096),
    n_gpus=Entero(1, 64),
    precision=_PRECISIONES_SERVICIO,
)


def _sirven_holgados() -> list[tuple[str, str]]:
    """(modelo, GPU) de ``_caben_holgados`` que cumplen los objetivos por defecto con cualquier mensaje de hasta
    512 + 2048 tokens: modelos de hasta 15.000 millones de parámetros activos en GPU de centro de datos."""
    rapidas = {"A100 80GB", "H100 80GB", "H200 141GB", "B200", "L40S"}
    return [(m, g) for m, g in _caben_holgados() if g in rapidas and memoria.parametros(m, activos=True) <= 15e9]


# Los supuestos del tráfico, un registro (servicio.Supuestos): su constructor, con cada campo malo por turno (el
# rango entero que admite), y las funciones que lo toman, con un registro bueno generado o algo que no lo es.
funcion(
    _servicio.Supuestos,
    entrada=Entero(1, 10**6),
    salida=Entero(1, 10**6),
    factor_pico=AlMenos(1),
    precision=Nombre(lambda: memoria.BYTES_POR_PARAMETRO),
    ttft_ms=POSITIVO,
    tpot_ms=POSITIVO,
)
_SUPUESTOS_SERVICIO = {
    "supuestos": Registro(
        _servicio.Supuestos,
        {
            "entrada": Entero(1, 10**6, hasta=512),
            "salida": Entero(1, 10**6, hasta=2048),
            "factor_pico": Acotado(1, 10),
            "precision": _PRECISIONES_SERVICIO,
            "ttft_ms": Acotado(1e5, 1e6),
            "tpot_ms": Acotado(1e5, 1e6),
        },
    )
}
"""Los supuestos de un tráfico (``servicio.Supuestos``) que admiten servicio.capacidad y quien la llama (opciones,
recomendar_servicio…): campos buenos que cumplen los objetivos en ``_sirven_holgados``."""

funcion(
    _servicio.capacidad,
    Filas(_sirven_holgados),
    POSITIVO,
    n_gpus=Opcional(Entero(1, 64)),
    **_SUPUESTOS_SERVICIO,
)
funcion(_servicio.de_peticiones_s, POSITIVO)
funcion(_servicio.mensajes_dia_validos, POSITIVO)
funcion(_servicio.ajustar, sin=Opcional(Nombre(lambda: sorted({m.fuente for m in _servicio.medidas()}))))
funcion(_servicio.predecir, Objeto(_servicio.medidas))
from gpucoste.calculo import servicio_validacion as _servicio_validacion  # noqa: E402

for _sin_argumentos_servicio in (_servicio.medidas, _servicio_validacion.validacion, datos.servicio_medido):
    funcion(_sin_argumentos_servicio)
PARAMETROS_EXENTOS.update(
    {
        f"calculo.servicio.{f}": {"parametros": "los de servicio.ajustar(); tests/calculo/test_servicio.py"}
        for f in ("rendimiento", "predecir")
    }
)
PARAMETROS_EXENTOS["calculo.servicio.capacidad"] = {
    "parametros": "los de servicio.ajustar(); tests/calculo/test_servicio.py",
    "contexto": "al menos entrada + salida: depende de otros argumentos; tests/calculo/test_servicio.py",
}


def _modelos_que_sirven() -> list[str]:
    """Los modelos de ``_sirven_holgados`` en una A100 80GB y en una H100 80GB (``gpucoste servir`` con ``--gpu``)."""
    pares = set(_sirven_holgados())
    return sorted(m for m in _modelos() if (m, "A100 80GB") in pares and (m, "H100 80GB") in pares)


orden(
    "servir",
    {},
    {
        "--modelo": Nombre(_modelos_que_sirven),
        "--mensajes-dia": Acotado(1, 1e7),
        "--peticiones-s": Acotado(0.001, 100),
        "--entrada": Entero(1, 10**9, hasta=512),
        "--salida": Entero(1, 10**9, hasta=2048),
        "--factor-pico": Acotado(1, 10),
        "--precision": Nombre(lambda: ["bf16", "fp8", "int4"]),
        "--ttft-ms": Acotado(1e5, 1e6),
        "--tpot-ms": Acotado(1e5, 1e6),
        "--gpu": Nombre(lambda: ["A100 80GB", "H100 80GB"]),
        "--pais": _PAIS,
        "--precio-kwh": NO_NEGATIVO,
        "--empresa": _SI_NO,
    },
)

from gpucoste.calculo import servicio_costes as _servicio_costes  # noqa: E402

funcion(
    _servicio_costes.opciones,
    Nombre(_modelos_que_sirven),
    Acotado(1, 1e6),
    **_SUPUESTOS_SERVICIO,
    gpu=Opcional(Nombre(lambda: ["A100 80GB", "H100 80GB", "L40S"])),
    pais=Opcional(_PAIS),
    precio_kwh=Opcional(NO_NEGATIVO),
)
funcion(_servicio_costes.precios_api_de, Nombre(_modelos))
funcion(
    _servicio_costes.costes_segun_volumen,
    Nombre(_modelos_que_sirven),
    Objeto(lambda: [[1000, 100_000], (50_000.0,), [1, 10, 1e6]]),
    **_SUPUESTOS_SERVICIO,
    gpu=Opcional(Nombre(lambda: ["A100 80GB", "H100 80GB", "L40S"])),
)
FUNCIONES_EXENTAS["calculo.servicio_costes.desde_cuando"] = (
    "las series de costes_segun_volumen, una cifra por volumen; tests/calculo/test_servicio_costes.py"
)
FUNCIONES_EXENTAS["graficos.servir.grafico_servir"] = "SVG; tests/sitio/test_snippets.py (página de servir)"
from gpucoste.calculo import servicio_escalado as _servicio_escalado  # noqa: E402

_BASES_DEL_DIA = Objeto(lambda: [_servicio_escalado.perfil_publicado(), tuple(range(1, 25)), [2.0] * 23 + [3.0]])
_MINUTOS_ARRANQUE = Opcional(Acotado(0, 60, cero=True, tope=60))
funcion(datos.trafico_horario)
funcion(
    _servicio_escalado.perfil_publicado,
    nombre=Nombre(lambda: sorted({f.perfil for f in datos.trafico_horario()})),
)
funcion(_servicio_escalado.factor_maximo, base=Opcional(_BASES_DEL_DIA))
funcion(_servicio_escalado.perfil, Acotado(1, 24, tope=24), base=Opcional(_BASES_DEL_DIA))
funcion(_servicio_escalado.replicas_por_hora, POSITIVO, POSITIVO, _BASES_DEL_DIA)
funcion(
    _servicio_escalado.arranques_al_dia,
    Objeto(lambda: [[1] * 24, (1,) * 12 + (3,) * 12, [5, 1] * 12]),
)
funcion(_servicio_escalado.minutos_arranque)
funcion(_servicio_escalado.facturan_por_tiempo)
funcion(
    _servicio_escalado.coste_al_mes,
    Objeto(lambda: [[1] * 24, (1,) * 12 + (3,) * 12, [5, 1] * 12]),
    Entero(1, 64),
    NO_NEGATIVO,
    _MINUTOS_ARRANQUE,
)
funcion(
    _servicio_escalado.escalada,
    Objeto(
        lambda: [
            _servicio.capacidad("Llama 3.1 8B", g, m, supuestos=_servicio.Supuestos(factor_pico=f))
            for g, m, f in (("RTX 4090", 200_000, 2.0), ("L4", 1e6, 1.0), ("A100 80GB", 5e5, 10.0))
        ]
    ),
    base=Opcional(_BASES_DEL_DIA),
    minutos=_MINUTOS_ARRANQUE,
)
MODULOS_EXENTOS["cli.servir"] = "la orden servir, registrada en ORDENES; filas y pie escriben su tabla y su pie"
from gpucoste.calculo import servicio_recomendacion as _servicio_recomendacion  # noqa: E402

funcion(
    _servicio_recomendacion.recomendar_servicio,
    Nombre(_modelos_que_sirven),
    Acotado(1, 1e6),
    con_api=BOOLEANO,
    **_SUPUESTOS_SERVICIO,
)
funcion(
    _servicio_recomendacion.rendimiento_servicio,
    Filas(_sirven_holgados),
    **_SUPUESTOS_SERVICIO,
)
FUNCIONES_EXENTAS["calculo.recomendacion.elegir"] = (
    "una Opcion por nombre, las que arman recomendar y recomendar_servicio; "
    "tests/calculo/test_servicio_recomendacion.py"
)
from gpucoste.calculo import servicio_frases as _servicio_frases  # noqa: E402

for _frase_servicio in (_servicio_frases.frase_validacion, _servicio_frases.frase_supuestos):
    funcion(_frase_servicio)
funcion(_servicio_frases.frase_perfil, Acotado(1, 24, tope=24), markdown=BOOLEANO)
funcion(_servicio_frases.cifra_factor_pico, POSITIVO)

# --- Issue 32: «N horas de GPU X» → horas y coste en cada GPU y proveedor (calculo.equivalencia) ---
from gpucoste.calculo import equivalencia  # noqa: E402

_ESCALA_ORIGEN = Nombre(lambda: equivalencia.ESCALAS_ORIGEN)
funcion(equivalencia.razon, Nombre(_gpus), Nombre(_gpus), escala_origen=_ESCALA_ORIGEN, n_gpus=Entero(1, 100_000))
for _equivalencia in (equivalencia.equivalencias, equivalencia.registros):
    funcion(
        _equivalencia,
        Acotado(1e-6, 1e9),
        Nombre(_gpus),
        escala_origen=_ESCALA_ORIGEN,
        n_gpus=Entero(1, 100_000, hasta=1024),
        goodput=Acotado(1e-3, 1, tope=1),
        estimaciones=BOOLEANO,
    )
orden(
    "horas-gpu",
    {"--horas": Acotado(1e-6, 1e9), "--gpu": Nombre(_gpus)},
    {
        "--escala-origen": _ESCALA_ORIGEN,
        "--n-gpus": Entero(1, 10**9, hasta=1024),
        "--sin-estimaciones": _SI_NO,
        "--pais": _NOMBRES_PAIS,  # las de dinero: el bucle de arriba ya pasó
        "--empresa": _SI_NO,
    },
)

# --- Los puntos del gráfico del ranking (calculo.puntos) -------------------------------------------------------
FUNCIONES_EXENTAS["calculo.ranking.medio"] = (
    "el centro de un Rango ya validado (el de una Fila); lo ejercitan ranking.ranking y puntos.dispersion, registradas"
)
