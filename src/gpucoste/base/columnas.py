"""Las columnas de un CSV declarado: su tipo, lo que admite cada celda y cómo se publica en ``datapackage.json``.

``Columna`` convierte una celda (``texto``, ``numero``, ``entero``, ``fecha``, ``url``, ``booleano`` o ``enum``) o
comprueba un valor ya convertido, con el error en español de lo que admite; ``Referencia``, ``Limite`` y ``Regla`` son
las reglas entre ficheros y entre columnas de una fila. Las usa ``gpucoste.base.esquema`` (la ``Tabla``, su carga y su
descripción) y se importan, como siempre, de ahí: ``esquema.Columna``, ``esquema.FECHA``.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gpucoste.base import validacion
from gpucoste.base.validacion import Validado

__all__ = [
    "Cobertura",
    "Columna",
    "FECHA",
    "FUENTE",
    "LEIDA",
    "Limite",
    "NO",
    "NOTA",
    "Referencia",
    "Regla",
    "SI",
    "TIPOS",
    "dos_fechas",
]


TIPOS = ("texto", "numero", "entero", "fecha", "url", "booleano", "enum")
SI = "sí"
NO = "no"
_NUMERO = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)
_ENTERO = re.compile(r"[+-]?[0-9]+", re.ASCII)


def _cotas(minimo: float | None, maximo: float | None, excluye_minimo: bool) -> list[str]:
    """Las cotas de un rango, en español: «mayor que 0», «menor o igual que 1»."""
    partes = []
    if minimo is not None:
        partes.append(f"mayor {'que' if excluye_minimo else 'o igual que'} {minimo:g}")
    if maximo is not None:
        partes.append(f"menor o igual que {maximo:g}")
    return partes


def _entre(x: float, minimo: float | None, maximo: float | None, excluye_minimo: bool) -> bool:
    """¿Cae ``x`` dentro de las cotas (``minimo`` excluido si ``excluye_minimo``)?"""
    bajo = minimo is not None and (x <= minimo if excluye_minimo else x < minimo)
    return not bajo and (maximo is None or x <= maximo)


@dataclass(frozen=True)
class Columna(Validado):
    """Una columna de un CSV: nombre, tipo y lo que admite."""

    nombre: str
    tipo: str
    descripcion: str
    requerida: bool = True
    minimo: float | None = None
    maximo: float | None = None
    excluye_minimo: bool = False
    valores: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.tipo not in TIPOS:
            raise ValueError(f"Columna {self.nombre!r}: tipo {self.tipo!r} desconocido; se admite {list(TIPOS)}.")
        if (self.tipo == "enum") != bool(self.valores):
            raise ValueError(
                f"Columna {self.nombre!r}: valores={self.valores!r} no vale; se admite una lista de valores solo en "
                "una columna «enum», y en ella no vacía."
            )

    def admitido(self) -> str:
        """Lo que admite la columna, en español (para los mensajes de error)."""
        if self.tipo == "numero" or self.tipo == "entero":
            clase = "un número" if self.tipo == "numero" else "un entero"
            partes = _cotas(self.minimo, self.maximo, self.excluye_minimo)
            return f"{clase} con punto decimal{' ' + ' y '.join(partes) if partes else ''}"
        return {
            "texto": "un texto",
            "fecha": "una fecha AAAA-MM o AAAA-MM-DD",
            "url": "una URL https:// con host",
            "booleano": f"{SI!r} o {NO!r}",
            "enum": ", ".join(repr(v) for v in self.valores),
        }[self.tipo]

    def convertir(self, celda: str) -> object:
        """El valor de ``celda`` (ya normalizada, no vacía) con el tipo de la columna, o ``ValueError``."""
        if self.tipo == "texto":
            return celda
        if self.tipo in ("numero", "entero"):
            patron = _NUMERO if self.tipo == "numero" else _ENTERO
            if not patron.fullmatch(celda):
                pista = " ¿una coma decimal? usa punto: 1.5." if re.fullmatch(r"[+-]?[0-9]+,[0-9]+", celda) else ""
                raise ValueError(f"{celda!r} no es un número; se admite {self.admitido()}.{pista}")
            x = float(celda) if self.tipo == "numero" else int(celda)
            if not math.isfinite(x):
                raise ValueError(f"{celda!r} no es un número finito; se admite {self.admitido()}.")
            if x and abs(x) < sys.float_info.min:  # 5e-324: un float subnormal, que una cuenta convierte en 0
                raise ValueError(
                    f"{celda!r} es tan pequeño que una cuenta lo convierte en 0; se admite {self.admitido()}, "
                    f"y si no es 0, desde {sys.float_info.min:g} en valor absoluto."
                )
            if not self._en_rango(x):
                raise ValueError(f"{celda!r} no vale; se admite {self.admitido()}.")
            return x + 0.0 if self.tipo == "numero" else x
        if self.tipo == "fecha":
            validacion.fecha(celda, "")
            return celda
        if self.tipo == "url":
            validacion.url(celda, "")
            return celda
        if self.tipo == "booleano":
            if celda.casefold() not in (SI, NO):
                raise ValueError(f"{celda!r} no vale; se admite {self.admitido()}.")
            return celda.casefold() == SI
        if celda not in self.valores:
            parecido = [v for v in self.valores if v.casefold() == celda.casefold()]
            pista = f" ¿Quisiste decir {parecido[0]!r}?" if parecido else ""
            raise ValueError(f"{celda!r} no vale; se admite {self.admitido()}.{pista}")
        return celda

    def comprobar(self, valor: object, que: str) -> None:
        """``valor`` ya convertido (el campo de un registro hecho a mano) tiene el tipo y el rango de la columna."""
        if valor is None and not self.requerida and self.tipo != "texto":
            return
        try:
            if self.tipo == "texto":
                if not validacion.texto_de_campo(valor, vacio=not self.requerida) or validacion.invisibles(valor):
                    raise ValueError
            elif self.tipo in ("numero", "entero"):
                x = (
                    validacion.real(valor, "")
                    if self.tipo == "numero"
                    else validacion.entero(valor, "", minimo=-validacion.ENTERO_MAX, maximo=validacion.ENTERO_MAX)
                )
                if not self._en_rango(x):
                    raise ValueError
            elif self.tipo == "fecha":
                validacion.fecha(valor)
            elif self.tipo == "url":
                validacion.url(valor)
            elif self.tipo == "booleano":
                if not isinstance(valor, bool):
                    raise ValueError
            elif valor not in self.valores:
                raise ValueError
        except ValueError:
            admitido = {"texto": "un texto no vacío, sin caracteres de control", "booleano": "True o False"}.get(
                self.tipo, self.admitido().replace(" con punto decimal", "")
            )
            raise ValueError(f"{que}: {self.nombre}={repr(valor)[:80]} no vale; se admite {admitido}.") from None

    def _en_rango(self, x: float) -> bool:
        return _entre(x, self.minimo, self.maximo, self.excluye_minimo)

    def campo(self) -> dict:
        """La columna como campo de un Table Schema de Frictionless."""
        campo: dict = {"name": self.nombre, "description": self.descripcion}
        restricciones: dict = {"required": True} if self.requerida else {}
        if self.tipo in ("numero", "entero"):
            campo["type"] = "number" if self.tipo == "numero" else "integer"
            if self.minimo is not None:
                restricciones["exclusiveMinimum" if self.excluye_minimo else "minimum"] = self.minimo
            if self.maximo is not None:
                restricciones["maximum"] = self.maximo
        elif self.tipo == "booleano":
            campo.update(type="boolean", trueValues=[SI, SI.capitalize()], falseValues=[NO, NO.capitalize()])
        else:
            campo["type"] = "string"
            if self.tipo == "fecha":
                restricciones["pattern"] = "[0-9]{4}-[0-9]{2}(-[0-9]{2})?"
            elif self.tipo == "url":
                campo["format"] = "uri"
                restricciones["pattern"] = "https://[^/?#\\s]+\\S*"
            elif self.tipo == "enum":
                restricciones["enum"] = list(self.valores)
        if restricciones:
            campo["constraints"] = restricciones
        return campo


FUENTE = Columna("fuente", "url", "Página donde se lee el dato: una URL https:// con host.")
FECHA = Columna(
    "fecha",
    "fecha",
    "La fecha que da la fuente para el dato (si no da ninguna, la de su lectura): AAAA-MM o AAAA-MM-DD.",
)
LEIDA = Columna(
    "leida",
    "fecha",
    "Cuándo leyó este proyecto la fuente: AAAA-MM-DD, el mismo día que fecha o después (obligatoria en el CSV).",
    requerida=False,  # una fila creada a mano (un cálculo, una prueba) puede no tenerla; el cargador la exige
)
NOTA = Columna("nota", "texto", "Aclaración libre (puede ir vacía).", requerida=False)


@dataclass(frozen=True)
class Referencia(Validado):
    """``columnas`` de esta tabla deben existir como ``destino`` en ``fichero`` (una foreign key).

    Con ``parcial=True``, el valor puede no estar en ``fichero`` (un proveedor de API que no alquila GPU), pero si se
    parece a uno de él (otras mayúsculas, una letra), debe escribirse igual: «together» frente a «Together» es un
    error que nombra los dos ficheros. Una referencia parcial no se publica como ``foreignKeys``.
    """

    columnas: tuple[str, ...]
    fichero: str
    destino: tuple[str, ...]
    parcial: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.columnas or len(self.columnas) != len(self.destino) or (self.parcial and len(self.columnas) > 1):
            raise ValueError(
                f"Referencia a {self.fichero}: columnas={self.columnas!r} y destino={self.destino!r} no valen; se "
                "admiten dos listas no vacías de la misma longitud (de una columna si la referencia es parcial)."
            )


@dataclass(frozen=True)
class Limite(Validado):
    """En las filas donde ``donde[0]`` vale ``donde[1]``, ``columnas`` deben caer entre ``minimo`` y ``maximo``.

    Un rango que la biblioteca necesita en una fila concreta: ``Limite(("clave", "mfu"), ("valor_min",
    "valor_max"), 0, 1, excluye_minimo=True)`` pide un MFU en (0, 1] en ``supuestos.csv``.
    """

    donde: tuple[str, str]
    columnas: tuple[str, ...]
    minimo: float | None = None
    maximo: float | None = None
    excluye_minimo: bool = False

    def admitido(self) -> str:
        partes = _cotas(self.minimo, self.maximo, self.excluye_minimo)
        return f"un número {' y '.join(partes)} (si {self.donde[0]} es {self.donde[1]!r})"

    def admite(self, x: float) -> bool:
        return _entre(x, self.minimo, self.maximo, self.excluye_minimo)


@dataclass(frozen=True)
class Cobertura(Validado):
    """La referencia al revés: cada valor de ``destino`` en ``fichero`` (salvo los de ``excepto``) está en ``columna``
    de esta tabla. En el CSV de tipos de cambio, ``Cobertura("moneda", <el CSV de países>, "moneda", ("EUR", "USD"))``:
    cada moneda de un país tiene su tipo de cambio (el euro y el dólar no lo necesitan). (Sin escribir aquí el nombre
    de ningún CSV: ``construccion/lecturas.py`` contaría que quien declara una cobertura lo lee.)"""

    columna: str
    fichero: str
    destino: str
    excepto: tuple[str, ...] = ()


@dataclass(frozen=True)
class Regla(Validado):
    """Una regla de una fila que no es un rango ni un orden: ``cumple(fila)`` (``fila``: columna → valor ya convertido)
    debe ser cierto; si no, el error nombra ``columna`` y dice ``admitido`` («un entero menor que n_gpus si referencia
    es 'menos_gpus'»). ``cumple`` solo mira la fila: nada de otros ficheros (eso es una ``Referencia``)."""

    columna: str
    admitido: str
    cumple: Callable[[Mapping[str, object]], bool]


def dos_fechas(fecha: str, leida: str | None) -> str | None:
    """Qué falla en las dos fechas de una fila citada (``None`` si nada): ``leida`` (cuándo leyó este proyecto la
    fuente) no falta, es un día (AAAA-MM-DD) y no es anterior a ``fecha`` (la que da la fuente; si es un mes, vale
    cualquier día de él o posterior). El cargador lo comprueba en cada tabla con las dos columnas."""
    if leida is None or leida == "":
        return f"la celda está vacía; se admite el día en que se leyó la fuente (AAAA-MM-DD): {fecha} o después."
    if len(leida) != len("AAAA-MM-DD"):
        return f"{leida} es un mes; se admite un día (AAAA-MM-DD): {fecha} o después."
    if leida < fecha:  # en ISO, el orden del texto es el de las fechas («2026-09-01» ≥ «2026-09» > «2026-08-31»)
        return (
            f"{leida} es anterior a fecha ({fecha}): la fuente no se pudo leer antes de dar el dato; se admite el día "
            "de fecha o uno posterior (¿están las dos fechas cambiadas?)."
        )
    return None
