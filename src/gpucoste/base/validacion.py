"""La frontera de validación: todo valor malo se rechaza aquí, con un ``ValueError`` en español.

Regla de la biblioteca: cada función pública valida sus argumentos una vez, con estas funciones,
y comprueba que su resultado es finito (``resultado``); las funciones internas confían en valores
ya validados. De una función pública solo sale ``ValueError``: nunca ``TypeError``,
``OverflowError`` ni ``KeyError``, nunca inf ni NaN, nunca ``None`` por un nombre desconocido.

- ``numero(x, "nombre")``: un número real finito > 0 (``cero=True``: ≥ 0). Rechaza bool (también
  los de NumPy), textos, ``None``, NaN, ±inf y enteros que no caben en un float.
- ``real(x, "nombre")``: un número real finito de cualquier signo (para formatear).
- ``entero(x, "nombre", minimo=0)``: un int (no bool) ≥ ``minimo`` (y ≤ ``maximo``, o ``ENTERO_MAX``).
- ``opcion(x, "Nombre", validas)``: un nombre exacto de la lista; ante una errata (otras mayúsculas, una
  letra de más o de menos), el mensaje propone el más parecido («¿Quisiste decir …?», ``parecido``).
- ``fecha(x)``: ``AAAA-MM`` o ``AAAA-MM-DD`` (y nada más: ni semanas ISO ni horas).
- ``url(x)``: una URL ``https://`` con host.
- ``corto(x)``: el ``repr`` de ``x`` para un mensaje, recortado si es enorme.
- ``resultado(x, "funcion", entradas)``: ``x`` si es finito; si no, un error que nombra las entradas.
- ``Validado``: base de los registros (``dataclass``) que se comprueban al crearse, también a mano: cada campo
  con el tipo que declara su anotación (``float``: número finito; ``int``: entero; ``str``: texto…).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import difflib
import functools
import math
import numbers
import os
import re
import types
import typing
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urlsplit

from gpucoste.base.cifras import escrita

__all__ = [
    "ENTERO_MAX",
    "HORAS_MES_MAX",
    "Validado",
    "admite_vacio",
    "campos",
    "corto",
    "dia",
    "entero",
    "fecha",
    "finito",
    "fraccion",
    "horas_mes",
    "hoy",
    "instancia",
    "lista_de",
    "invisibles",
    "numero",
    "numeros",
    "numeros_por_nombre",
    "opcion",
    "parecido",
    "real",
    "reales",
    "resultado",
    "tabla_de",
    "texto",
    "texto_de_campo",
    "url",
]


_ESPACIO = re.compile(r"\s")  # lo mismo que ``str.isspace`` en cada carácter, sin un bucle de Python
_FECHA = re.compile(r"[0-9]{4}-[0-9]{2}(-[0-9]{2})?", re.ASCII)


def _real(valor: object, nombre: str, permitido: str) -> float:
    """``valor`` como float finito, o ``ValueError`` con ``permitido`` (lo que se admite)."""
    if type(valor) is float and math.isfinite(valor):  # lo corriente, sin los ABC de ``numbers``
        return valor
    if isinstance(valor, bool) or not isinstance(valor, numbers.Real):  # bool de NumPy: no es Real
        raise ValueError(f"{nombre}: {valor!r} no es un número; se admite {permitido}.")
    try:
        x = float(valor)
    except OverflowError:
        raise ValueError(f"{nombre}: {corto(valor)} es demasiado grande; se admite {permitido}.") from None
    except (ValueError, TypeError):
        raise ValueError(f"{nombre}: {corto(valor)} no es un número; se admite {permitido}.") from None
    if not math.isfinite(x):
        raise ValueError(f"{nombre}: {corto(valor)} no es un número finito; se admite {permitido}.")
    return x


def corto(valor: object) -> str:
    """``repr`` de ``valor``, recortado si es enorme (un int de 400 cifras no cabe en un mensaje)."""
    texto = repr(valor)
    return texto if len(texto) <= 60 else f"{texto[:25]}…{texto[-10:]} ({len(texto)} caracteres)"


def numero(valor: object, nombre: str, *, cero: bool = False) -> float:
    """Devuelve ``valor`` como float si es un número finito y positivo (o cero si ``cero``).

    Lanza ``ValueError`` con un mensaje que nombra el valor y lo que se admite.
    """
    permitido = "un número finito mayor o igual que 0" if cero else "un número finito mayor que 0"
    x = _real(valor, nombre, permitido)
    if x < 0 or (x == 0 and not cero):
        raise ValueError(f"{nombre}: {corto(valor)} no vale; se admite {permitido}.")
    return x + 0.0  # -0.0 → 0.0


def real(valor: object, nombre: str) -> float:
    """``valor`` como float si es un número real finito (de cualquier signo)."""
    return _real(valor, nombre, "un número finito")


def entero(valor: object, nombre: str, *, minimo: int = 0, maximo: int | None = None) -> int:
    """``valor`` si es un ``int`` (no bool) entre ``minimo`` y ``maximo`` (sin ``maximo``, ``ENTERO_MAX``: un entero
    más grande no cabe sin perder cifras en un float)."""
    tope = ENTERO_MAX if maximo is None else maximo
    if type(valor) is int and minimo <= valor <= tope:  # lo corriente, sin los ABC de ``numbers``
        return valor
    grande = isinstance(valor, numbers.Integral) and not isinstance(valor, bool) and valor > tope
    # Los límites, como los escribe la guía («10.000.000», «1024»), no «10000000».
    permitido = f"un entero mayor o igual que {escrita(minimo)}" + (
        f" y menor o igual que {escrita(tope)}" if maximo is not None or grande else ""
    )
    if isinstance(valor, bool) or not isinstance(valor, numbers.Integral):
        raise ValueError(f"{nombre}: {corto(valor)} no es un entero; se admite {permitido}.")
    if valor < minimo or valor > tope:
        raise ValueError(f"{nombre}: {corto(valor)} no vale; se admite {permitido}.")
    return int(valor)


def texto(valor: object, nombre: str) -> str:
    """``valor`` si es un texto no vacío, normalizado a NFC (la «í» compuesta y la descompuesta son una)."""
    if not isinstance(valor, str) or not valor.strip() or invisibles(valor.replace("\n", " ")):
        raise ValueError(f"{nombre}: {corto(valor)} no vale; se admite un texto no vacío, sin caracteres de control.")
    return unicodedata.normalize("NFC", valor)


def parecido(valor: object, validas: Iterable[str]) -> str | None:
    """El nombre de ``validas`` más parecido a ``valor`` (sin mirar mayúsculas), o ``None`` si ninguno se parece.

    Primero, el que solo difiere en mayúsculas; si no, el más cercano según ``difflib`` (un 60 % de parecido
    como mínimo: «RTX 4900» → «RTX 4090», «lorra» → «lora»; «abc» no se parece a nada).
    """
    if not isinstance(valor, str):
        return None
    validas = sorted(set(validas))
    clave = unicodedata.normalize("NFC", valor).casefold().strip()
    por_clave = {v.casefold(): v for v in reversed(validas)}
    if clave in por_clave:
        return por_clave[clave]
    cercanos = difflib.get_close_matches(clave, list(por_clave), n=1, cutoff=0.6)
    return por_clave[cercanos[0]] if cercanos else None


def opcion(valor: object, nombre: str, validas: Iterable[str]) -> str:
    """Devuelve ``valor`` si está entre ``validas``; si no, lanza ``ValueError`` con la lista.

    El valor se compara en NFC; si se parece a uno válido (``parecido``), el mensaje lo propone.
    """
    if isinstance(validas, str | bytes) or not isinstance(validas, Iterable):
        raise ValueError(f"{nombre}: la lista de valores {corto(validas)} no vale; se admite una lista de nombres.")
    validas = sorted(set(validas))
    if isinstance(valor, str) and unicodedata.normalize("NFC", valor) in validas:
        return unicodedata.normalize("NFC", valor)
    if not validas:  # un «Valores admitidos: .» vacío no ayuda: quien llama debe acotar antes (p. ej. datos.precio)
        raise ValueError(f"{nombre}: {corto(valor)} no vale; los datos no tienen ningún valor para elegir.")
    lista = ", ".join(repr(v) for v in validas)
    sugerencia = parecido(valor, validas)
    pista = f" ¿Quisiste decir {sugerencia!r}?" if sugerencia else ""
    nombre = str(nombre)  # una etiqueta del propio código: nunca un AttributeError por ella
    desconocido = "desconocida" if nombre.split(" ", 1)[0].rstrip(":").casefold() in _FEMENINOS else "desconocido"
    raise ValueError(f"{nombre} {desconocido}: {corto(valor)}.{pista} Valores admitidos: {lista}.")


_FEMENINOS = {
    "gpu",
    "precisión",
    "medida",
    "calculadora",
    "fecha",
    "regla",
    "modalidad",
    "tabla",
    "orden",
    "api",
    "interconexión",
    "pérdida",
    "clase",
    "escala",
    "fuente",
    "moneda",
}
"""Los nombres de opción femeninos (por su primera palabra): «GPU desconocida», «Proveedor desconocido»."""


def fecha(texto: object, nombre: str = "fecha") -> dt.date:
    """``"2026-07-15"`` → ese día; ``"2026-07"`` → el día 1 del mes. Otro formato: ``ValueError``."""
    if isinstance(texto, str) and _FECHA.fullmatch(texto):
        try:
            return dt.date.fromisoformat(texto if len(texto) == 10 else f"{texto}-01")
        except ValueError:
            pass
    raise ValueError(f"{nombre} {corto(texto)} no vale; se admite AAAA-MM-DD o AAAA-MM.")


def hoy() -> dt.date:
    """Hoy (UTC) o, si está fijado, el día de ``SOURCE_DATE_EPOCH``: la misma fecha en dos construcciones.

    Un ``SOURCE_DATE_EPOCH`` que no es un entero de segundos ≥ 0: ``ValueError`` en español que lo nombra.
    """
    epoca = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoca:
        return dt.datetime.now(dt.UTC).date()
    try:
        if not epoca.isascii() or not epoca.isdigit():  # ni signo ni cifras de otras escrituras («１２»)
            raise ValueError
        return dt.datetime.fromtimestamp(int(epoca), dt.UTC).date()
    except (ValueError, OverflowError, OSError):
        raise ValueError(
            f"SOURCE_DATE_EPOCH={corto(epoca)} no vale; se admite un entero de segundos desde 1970-01-01 "
            "(p. ej. 1767225600), o nada para usar la fecha de hoy."
        ) from None


def invisibles(texto: str) -> list[str]:
    """Los caracteres de control o invisibles de ``texto`` (NUL, tabulador, espacio de anchura cero, marcas de
    dirección…: categorías Unicode Cc, Cf, Co, Cs, Zl y Zp), descritos como «U+200B (ZERO WIDTH SPACE)»."""
    if not isinstance(texto, str):
        raise ValueError(f"invisibles: {corto(texto)} no vale; se admite un texto.")
    if texto.isprintable():  # lo corriente, sin mirar carácter a carácter: ninguno de esas categorías
        return []
    return [
        f"U+{ord(c):04X} ({unicodedata.name(c, 'sin nombre')})"
        for c in dict.fromkeys(texto)
        if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Zl", "Zp")
    ]


def dia(valor: object, nombre: str = "fecha") -> dt.date:
    """Un ``datetime.date`` tal cual, o un texto ``AAAA-MM[-DD]`` leído con ``fecha``."""
    if isinstance(valor, dt.datetime):
        return valor.date()
    return valor if isinstance(valor, dt.date) else fecha(valor, nombre)


_HOST = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+", re.ASCII)
"""Un nombre de host público: etiquetas de letras, cifras y guiones separadas por puntos, al menos dos."""


def url(texto: object, nombre: str = "fuente") -> str:
    """``texto`` si es una URL ``https://`` (así, en minúsculas, como la pide el patrón de ``datapackage.json``) con
    un host público (``vast.ai``; no ``x``, ``https://`` a secas ni ``vast..ai``), un puerto válido si lo lleva y sin
    espacios ni caracteres de control o invisibles."""
    try:
        partes = urlsplit(texto) if isinstance(texto, str) else None
        host = partes.hostname if partes else None
        partes and partes.port  # noqa: B018 - un puerto que no es un número (o > 65535) da ValueError
    except ValueError:
        host = None
    if (
        not host
        or not texto.startswith("https://")
        or not _HOST.fullmatch(host)
        or _ESPACIO.search(texto)
        or invisibles(texto)
    ):
        raise ValueError(
            f"{nombre} {corto(texto)} no es una URL https:// con host; se admite p. ej. 'https://vast.ai/pricing'."
        )
    return texto


def resultado(valor: float, funcion: str, entradas: Mapping[str, object]) -> float:
    """``valor`` si es finito; si no (desbordamiento), ``ValueError`` que nombra las entradas.

    ``funcion`` (la que calculó ``valor``) es un texto y ``entradas`` un diccionario nombre → valor: lo que el mensaje
    nombra; otra cosa es un ``ValueError`` aunque ``valor`` sea finito.
    """
    texto(funcion, "resultado: funcion")
    if not isinstance(entradas, Mapping):
        raise ValueError(f"resultado: entradas={corto(entradas)} no vale; se admite un diccionario nombre → valor.")
    try:
        finito = not isinstance(valor, bool) and isinstance(valor, numbers.Real) and math.isfinite(valor)
    except OverflowError:  # un entero que no cabe en un float
        finito = False
    if not finito:
        lista = ", ".join(f"{k}={corto(v)}" for k, v in dict(entradas).items())
        raise ValueError(f"{funcion}: el resultado no es un número finito con {lista}; usa valores menos extremos.")
    return valor


def finito(clase: type, funcion: str, entradas: Mapping[str, object], *campos: object) -> object:
    """``clase(*campos)`` (un registro) si cada número de ``campos`` es finito; si no, el ``ValueError`` de
    ``resultado``, que nombra ``funcion`` y sus ``entradas`` (lo que escribió quien la llamó), antes de crear el
    registro: su validación (``campos``) solo sabría nombrar su propio campo («Equilibrio: coste_b=nan no vale»)."""
    for valor in campos:
        if isinstance(valor, numbers.Real) and not isinstance(valor, bool):
            resultado(valor, funcion, entradas)
    return clase(*campos)


HORAS_MES_MAX = 24 * 31
"""Un mes no tiene más horas que estas: el tope de ``horas_mes``."""


def fraccion(valor: object, nombre: str, *, uno: bool = False) -> float:
    """``valor`` como fracción: número finito en [0, 1) (o [0, 1] si ``uno``); si no, ``ValueError``."""
    permitido = f"un número entre 0 y 1{' (ambos incluidos)' if uno else ' (1 excluido)'}"
    try:
        x = numero(valor, nombre, cero=True)
    except ValueError as error:
        raise ValueError(f"{error} Aquí se admite {permitido}.") from None
    if x > 1 or (x == 1 and not uno):
        raise ValueError(f"{nombre}: {corto(valor)} no vale; se admite {permitido}.")
    return x


def horas_mes(valor: object, nombre: str = "horas_mes") -> float:
    """Horas de uso en un mes: mayor que 0 y como mucho las de un mes de 31 días."""
    x = numero(valor, nombre)
    if x > HORAS_MES_MAX:
        raise ValueError(
            f"{nombre}: {corto(valor)} no vale; se admite un número mayor que 0 y como mucho {HORAS_MES_MAX} "
            "(las horas de un mes de 31 días)."
        )
    return x


def numeros(valores: object, nombre: str) -> list[float]:
    """``valores`` como lista no vacía de números finitos mayores que 0 (una lista o una tupla)."""
    permitido = "una lista no vacía de números finitos mayores que 0"
    if not isinstance(valores, list | tuple) or not valores:
        raise ValueError(f"{nombre}: {corto(valores)} no vale; se admite {permitido}.")
    return [numero(v, nombre) for v in valores]


def instancia(valor: object, tipo: type, nombre: str, *, de: str = "") -> object:
    """``valor`` si es un ``tipo`` (p. ej. una ``vast.Oferta``); si no, ``ValueError`` que dice de dónde sale uno
    (``de``: «de recolector.ofertas()»)."""
    if not isinstance(tipo, type):
        raise ValueError(f"instancia: tipo={corto(tipo)} no vale; se admite una clase.")
    if not isinstance(valor, tipo):
        origen = f" ({de})" if de else ""
        raise ValueError(f"{nombre}: {corto(valor)} no vale; se admite un {tipo.__module__}.{tipo.__name__}{origen}.")
    return valor


def lista_de(valores: object, tipo: type, nombre: str, *, de: str = "") -> list:
    """``valores`` como lista de ``tipo`` (una lista o una tupla; vacía vale); si no, ``ValueError``."""
    if not isinstance(tipo, type):
        raise ValueError(f"lista_de: tipo={corto(tipo)} no vale; se admite una clase.")
    if not isinstance(valores, list | tuple):
        origen = f" ({de})" if de else ""
        raise ValueError(f"{nombre}: {corto(valores)} no vale; se admite una lista de {tipo.__name__}{origen}.")
    return [instancia(v, tipo, f"{nombre}[{i}]", de=de) for i, v in enumerate(valores)]


def reales(valores: object, nombre: str) -> list[float]:
    """``valores`` como lista no vacía de números finitos de cualquier signo (una lista o una tupla)."""
    if not isinstance(valores, list | tuple) or not valores:
        raise ValueError(f"{nombre}: {corto(valores)} no vale; se admite una lista no vacía de números finitos.")
    return [real(v, nombre) for v in valores]


def tabla_de(valores: object, nombre: str, forma: str) -> dict:
    """``valores`` (como ``dict``) si es un diccionario no vacío con claves de texto no vacías (cada valor lo comprueba
    quien llama); también uno de solo lectura, como las constantes de la biblioteca (``vram.PRECISIONES``)."""
    if isinstance(valores, types.MappingProxyType):
        valores = dict(valores)
    if not isinstance(valores, dict) or not valores or not all(isinstance(k, str) and k.strip() for k in valores):
        raise ValueError(f"{nombre}: {corto(valores)} no vale; se admite un diccionario no vacío {forma}.")
    return valores


def numeros_por_nombre(valores: object, nombre: str, forma: str) -> dict[str, float]:
    """``valores`` (nombre → número finito ≥ 0, p. ej. las series de un gráfico) comprobado con ``tabla_de``.

    Un valor malo da un ``ValueError`` que nombra el diccionario entero, la clave y lo que se admite.
    """
    valores = tabla_de(valores, nombre, forma)
    salida = {}
    for clave, valor in valores.items():
        try:
            salida[clave] = numero(valor, f"{nombre}[{clave!r}]", cero=True)
        except ValueError as error:
            raise ValueError(f"{nombre}: {corto(valores)} no vale: {error}") from None
    return salida


# --- Registros que se comprueban al crearse ---------------------------------------------------------------


def _admite(valor: object, tipo: object) -> bool:
    """¿``valor`` es del ``tipo`` anotado? ``float`` pide un número real finito (no bool), ``int`` un entero (no
    bool), y los contenedores (``tuple[float, ...]``, ``dict[str, float]``…) se miran elemento a elemento."""
    if tipo is str:  # los tipos de casi todos los campos, antes que ``typing`` (make check carga miles de filas)
        return isinstance(valor, str)
    if tipo is float:
        if type(valor) is float:
            return math.isfinite(valor)
        try:
            return not isinstance(valor, bool) and isinstance(valor, numbers.Real) and math.isfinite(valor)
        except OverflowError:  # un entero que no cabe en un float
            return False
    if tipo is int:  # y que quepa sin perder cifras en un float (o en un número de JSON)
        return isinstance(valor, numbers.Integral) and not isinstance(valor, bool) and abs(valor) <= ENTERO_MAX
    if tipo is bool:
        return isinstance(valor, bool) or type(valor).__name__ == "bool"  # el de NumPy también
    origen, args = typing.get_origin(tipo), typing.get_args(tipo)
    if tipo is typing.Any or isinstance(tipo, str | typing.TypeVar):
        return True
    if origen in (typing.Union, types.UnionType):
        return any(_admite(valor, a) for a in args)
    if tipo is type(None) or tipo is None:
        return valor is None
    if origen is typing.Literal:
        return valor in args
    if origen is not None and origen.__module__ == "collections.abc" and origen.__name__ == "Callable":
        return callable(valor)
    if origen is not None and origen.__module__ == "collections.abc" and origen.__name__ == "Mapping":
        origen = dict if isinstance(valor, dict) else origen
    if tipo is Sequence or origen is Sequence:  # una lista o una tupla: un texto o unos bytes también son Sequence
        return isinstance(valor, list | tuple) and (not args or all(_admite(v, args[0]) for v in valor))
    if origen in (tuple, list, set, frozenset, dict):
        if not isinstance(valor, origen):
            return False
        if origen is dict:  # una clave de texto no va vacía
            claves = all(_admite(k, args[0]) and (not isinstance(k, str) or texto_de_campo(k)) for k in valor)
            return not args or (claves and all(_admite(v, args[1]) for v in valor.values()))
        if origen is tuple and args and args[-1] is not Ellipsis:
            return len(valor) == len(args) and all(_admite(v, a) for v, a in zip(valor, args, strict=True))
        return not args or all(_admite(v, args[0]) for v in valor)
    if isinstance(origen, type):  # Mapping[str, str], Iterable[…]: al menos la clase
        return isinstance(valor, origen)
    if isinstance(tipo, type):
        return isinstance(valor, tipo)
    return True  # un tipo que no se sabe comprobar (p. ej. un Protocol)


ENTERO_MAX = 2**53
"""El mayor entero de un registro: el último que un float (y un número de JSON) guarda sin perder cifras."""


def _sin_no_finitos(valor: object, profundidad: int = 0) -> bool:
    """¿``valor`` (o lo que contiene: tuplas, listas, diccionarios) no tiene NaN, infinitos ni enteros de más de
    ``ENTERO_MAX``?"""
    if type(valor) in (str, bool, dt.date, type(None)):  # lo corriente en un registro, sin los ABC de ``numbers``
        return True
    if type(valor) is float:
        return math.isfinite(valor)
    if isinstance(valor, numbers.Integral) and not isinstance(valor, bool):
        return abs(valor) <= ENTERO_MAX
    if isinstance(valor, float | complex) or type(valor).__module__ == "numpy":
        try:
            return bool(math.isfinite(valor)) if not isinstance(valor, complex) else False
        except TypeError:
            return True
    if profundidad < 3 and isinstance(valor, list | tuple | set | frozenset | dict):
        elementos = valor.values() if isinstance(valor, dict) else valor
        return all(_sin_no_finitos(v, profundidad + 1) for v in elementos)
    return True


_DESCRIPCION = {
    float: "un número finito",
    int: f"un entero (como mucho {ENTERO_MAX} en valor absoluto)",
    bool: "True o False",
    str: "un texto",
    dt.date: "una fecha (datetime.date)",
    type(None): "None",
}


def _describir(tipo: object) -> str:
    """Lo que admite ``tipo``, en español: «un número finito o None», «una tupla de un número finito…»."""
    origen, args = typing.get_origin(tipo), typing.get_args(tipo)
    if origen in (typing.Union, types.UnionType):
        return " o ".join(_describir(a) for a in args)
    if tipo in _DESCRIPCION:
        return _DESCRIPCION[tipo]
    if origen is typing.Literal:
        return ", ".join(repr(a) for a in args)
    nombres = {tuple: "una tupla", list: "una lista", dict: "un diccionario", set: "un conjunto"}
    nombres[frozenset] = nombres[set]
    if tipo is Sequence or origen is Sequence:
        return "una lista o una tupla" + (f" de {_describir(args[0])}" if args else "")
    if origen is not None and getattr(origen, "__name__", "") == "Mapping":
        origen = dict
    if origen in nombres:
        return nombres[origen] + (f" de {_describir(args[0])}" if args and origen is not dict else "")
    if tipo is object or tipo is typing.Any:
        return "un valor"
    if isinstance(tipo, type) and tipo.__module__.startswith("gpucoste."):  # «un gpucoste.calculo.coste.Rango»
        return f"un {tipo.__module__}.{tipo.__qualname__}"
    return f"un {getattr(tipo, '__name__', str(tipo))}"


@functools.cache
def _anotaciones(clase: type) -> dict[str, object]:
    return typing.get_type_hints(clase)


@functools.cache
def _campos(clase: type) -> tuple[tuple[dataclasses.Field, object, bool], ...]:
    """Los campos de una clase de registro: (campo, tipo anotado, ¿vale ``""`` por defecto?), leídos una vez."""
    anotaciones = _anotaciones(clase)
    return tuple((c, anotaciones.get(c.name, typing.Any), c.default == "") for c in dataclasses.fields(clase))


_VACIOS: dict[type, frozenset[str]] = {}
"""Por clase de registro, los campos de texto que pueden ir vacíos además de los que valen ``""`` por defecto."""


def admite_vacio(clase: type, *nombres: str) -> None:
    """Declara que los campos de texto ``nombres`` de ``clase`` pueden ir vacíos («sin dato»: la unidad de un número
    sin unidad, una columna no obligatoria de un CSV). Los demás textos de un registro no pueden ir vacíos."""
    if not dataclasses.is_dataclass(clase) or not isinstance(clase, type):
        raise ValueError(f"admite_vacio: {corto(clase)} no vale; se admite una clase dataclass.")
    propios = {c.name for c in dataclasses.fields(clase)}
    for nombre in nombres:
        if nombre not in propios:
            raise ValueError(
                f"admite_vacio: {corto(nombre)} no vale; se admite un campo de {clase.__name__}: {sorted(propios)}."
            )
    _VACIOS[clase] = _VACIOS.get(clase, frozenset()) | frozenset(nombres)


def texto_de_campo(valor: object, *, vacio: bool = False) -> bool:
    """¿Vale ``valor`` en un campo de texto de un registro? Un texto sin caracteres de control ni invisibles (el salto
    de línea sí) y no vacío ni solo espacios; si ``vacio`` (el campo puede ir vacío: vale ``""`` por defecto, lo
    declara ``admite_vacio`` o es una columna no obligatoria de un CSV), también ``""``, pero no solo espacios."""
    if not isinstance(valor, str):
        return False
    return (valor.strip() != "" or (vacio and valor == "")) and not invisibles(valor.replace("\n", " "))


def campos(registro: object) -> None:
    """Cada campo de ``registro`` (un ``dataclass``) es del tipo que anota su clase, y si tiene ``minimo`` y
    ``maximo``, el mínimo no pasa del máximo; si no, ``ValueError`` que nombra la clase, el campo, el valor y lo
    que se admite («Rango: minimo=nan no vale; se admite un número finito.»). Un texto no lleva caracteres de
    control ni invisibles, y solo puede ir vacío si su campo vale ``""`` por defecto (``nota: str = ""``) o lo
    declara ``admite_vacio`` (las columnas no obligatorias de un CSV)."""
    if not dataclasses.is_dataclass(registro) or isinstance(registro, type):
        raise ValueError(f"campos: {corto(registro)} no vale; se admite un registro (una instancia de un dataclass).")
    propios = _VACIOS.get(type(registro), ())
    for campo, tipo, por_defecto_vacio in _campos(type(registro)):
        valor = getattr(registro, campo.name)
        if not _admite(valor, tipo):
            raise ValueError(
                f"{type(registro).__name__}: {campo.name}={corto(valor)} no vale; se admite {_describir(tipo)}."
            )
        if not _sin_no_finitos(valor):
            raise ValueError(
                f"{type(registro).__name__}: {campo.name}={corto(valor)} no vale; se admite {_describir(tipo)} sin NaN "
                f"ni infinitos (ni enteros de más de {ENTERO_MAX})."
            )
        vacio = por_defecto_vacio or campo.name in propios
        if isinstance(valor, str) and not texto_de_campo(valor, vacio=vacio):
            admitido = "sin caracteres de control" if vacio else "no vacío, sin caracteres de control"
            raise ValueError(
                f"{type(registro).__name__}: {campo.name}={corto(valor)} no vale; se admite un texto {admitido}."
            )
    minimo, maximo = getattr(registro, "minimo", None), getattr(registro, "maximo", None)
    if isinstance(minimo, numbers.Real) and isinstance(maximo, numbers.Real) and maximo < minimo:
        raise ValueError(
            f"{type(registro).__name__}: maximo={corto(maximo)} no vale; se admite un máximo mayor o igual que el "
            f"mínimo ({corto(minimo)})."
        )


class Validado:
    """Base de un registro (``dataclass``) que se comprueba al crearse con ``campos``: un ``Rango(nan, 1)`` o un
    ``Fila(precio=None…)`` hechos a mano dan ``ValueError``, no un número malo más adelante. Una subclase con su
    propio ``__post_init__`` llama primero a ``super().__post_init__()``."""

    def __post_init__(self) -> None:
        campos(self)
