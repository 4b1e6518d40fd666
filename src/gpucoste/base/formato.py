"""Números en español: coma decimal, punto de millares desde cinco cifras («1599», «50.000»); nunca depende del
locale de la máquina.

El redondeo es «la mitad hacia arriba» sobre el valor decimal que se escribe (``Decimal(str(x))``,
``ROUND_HALF_UP``), no sobre el binario del float: 450 W × 10 h × 0,15 €/kWh = 0,675 → «0,68»
(``f"{0.675:.2f}"`` daría «0,67»). Un negativo lleva el signo menos (U+2212, ``MENOS``: «−4 %»), no el guion
«-»; un cero negativo se escribe sin signo. Toda entrada mala
(NaN, ±inf, bool, texto, enteros que no caben en un float, rango al revés) es un ``ValueError``.
"""

from __future__ import annotations

import decimal
import numbers
import re
from types import MappingProxyType
from typing import TYPE_CHECKING

from gpucoste.base import esquema, validacion
from gpucoste.base.cifras import MENOS, escrita  # MENOS: el signo de un negativo, «−4 %»
from gpucoste.base.constantes import DIAS_ANIO, HORAS_MES, NIVELES_DE_PROVEEDOR, NIVELES_EN_PROSA
from gpucoste.base.constantes import NIVELES as _NIVELES
from gpucoste.base.constantes import TIPOS_PRECIO as _TIPOS_PRECIO
from gpucoste.base.validacion import numero as _numero

if TYPE_CHECKING:  # pandas no se importa al usar el módulo: las calculadoras del navegador no lo tienen
    import pandas as pd

__all__ = [
    "DOLAR",
    "EURO",
    "INCOMPLETO",
    "MENOS",
    "MESES",
    "MESES_ABREVIADOS",
    "NIVELES",
    "PARTES",
    "TIPOS_PRECIO",
    "celda",
    "dolares",
    "euros",
    "entre_fechas",
    "fecha",
    "fraccion",
    "lista",
    "mes",
    "mes_medio",
    "nivel",
    "numero",
    "periodo",
    "porcentaje",
    "rango",
    "tabla",
    "tipo_precio",
    "tokens",
    "total",
    "veces",
]


_CONTEXTO = decimal.Context(prec=420, rounding=decimal.ROUND_HALF_UP)  # 1e308 con 20 decimales cabe

MESES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
MESES_ABREVIADOS = ("ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sept.", "oct.", "nov.", "dic.")
"""Abreviaturas de los meses (RAE, *Ortografía*, apéndice de abreviaturas; Fundéu): con punto, «sept.» y no «sep»;
para los ejes de fechas de los gráficos."""
PARTES = MappingProxyType(
    {
        2: "la mitad",
        3: "la tercera parte",
        4: "la cuarta parte",
        5: "la quinta parte",
        6: "la sexta parte",
        7: "la séptima parte",
        8: "la octava parte",
        9: "la novena parte",
        10: "la décima parte",
    }
)


def _decimal(x: object, nombre: str) -> decimal.Decimal:
    """``x`` (número real finito) como ``Decimal`` de su escritura decimal: 0.675 → Decimal('0.675')."""
    validacion.real(x, nombre)
    return decimal.Decimal(int(x)) if isinstance(x, numbers.Integral) else decimal.Decimal(repr(float(x)))


def _espanol(d: decimal.Decimal, decimales: object) -> str:
    """``d`` redondeado la mitad hacia arriba a ``decimales``, con coma decimal y punto de millares si la parte
    entera tiene cinco cifras o más."""
    decimales = validacion.entero(decimales, "decimales", minimo=0, maximo=20)
    q = d.quantize(decimal.Decimal(1).scaleb(-decimales), context=_CONTEXTO)
    if q.is_zero():
        q = abs(q)  # «-0,00» no: un cero no lleva signo
    return escrita(q, decimales)


def numero(x: float, decimales: int = 2) -> str:
    """``1234.5`` → ``"1234,50"``; ``12345.5`` → ``"12.345,50"``; ``5.5`` con 1 decimal → ``"5,5"``;
    ``0.675`` → ``"0,68"``; ``-4`` con 0 decimales → ``"−4"`` (``MENOS``)."""
    return _espanol(_decimal(x, "numero"), decimales)


DOLAR = "US$"
"""Símbolo del dólar estadounidense en toda la guía: «$» solo lo leería como pesos un lector de
Hispanoamérica. Va detrás de la cifra y separado por un espacio de no separación, como «%» o «€»."""

EURO = "€"


def dolares(x: float, decimales: int = 2) -> str:
    """``2.04`` → ``"2,04 US$"`` (dólares estadounidenses)."""
    return f"{_espanol(_decimal(x, 'dolares'), decimales)}\N{NO-BREAK SPACE}{DOLAR}"


def euros(x: float, decimales: int = 2) -> str:
    """``1.73`` → ``"1,73 €"``."""
    return f"{_espanol(_decimal(x, 'euros'), decimales)}\N{NO-BREAK SPACE}{EURO}"


def tokens(x: float) -> str:
    """Una cantidad de tokens para la prosa: ``50e6`` → «50 millones de tokens»; ``1e6`` → «1 millón de tokens»;
    ``2.5e6`` → «2,5 millones de tokens»; por debajo del millón, la cifra: ``2048`` → «2048 tokens»."""
    d = _decimal(x, "tokens")
    if d < 0:
        raise ValueError(f"tokens: {x!r} es negativo; se admite un número de tokens mayor o igual que 0.")
    if d < 10**6:
        return f"{_espanol(d, 0 if d == d.to_integral_value() else 1)} tokens"
    millones = d.scaleb(-6)
    decimales = min(3, max(0, -millones.normalize(_CONTEXTO).as_tuple().exponent))  # sin ceros de más
    texto = _espanol(millones, decimales)
    return f"{texto} {'millón' if texto == '1' else 'millones'} de tokens"


def rango(minimo: float, maximo: float, decimales: int = 2) -> str:
    """``(0.1, 0.15)`` → ``"0,10–0,15"``; si al redondear son iguales, una sola cifra."""
    a, b = _decimal(minimo, "rango: minimo"), _decimal(maximo, "rango: maximo")
    if a > b:
        raise ValueError(f"rango: el mínimo {minimo!r} es mayor que el máximo {maximo!r}; se admite mínimo ≤ máximo.")
    a, b = _espanol(a, decimales), _espanol(b, decimales)
    return a if a == b else f"{a}–{b}"


# Cómo se escribe en la prosa cada nivel de precios.csv (la guía de estilo: «bajo demanda», no «on-demand»).
NIVELES = NIVELES_EN_PROSA


def nivel(clave: str, proveedor: str | None = None) -> str:
    """``"bajo_demanda"`` → ``"bajo demanda"``, ``"verificado"`` → ``"host verificado"``; los demás niveles
    (``"comunidad"``, ``"interrumpible"``…) tal cual. Con ``proveedor``, su forma propia si la tiene
    (``NIVELES_DE_PROVEEDOR``): ``nivel("bajo_demanda", "Vast.ai")`` → ``"todos los hosts"``."""
    clave = validacion.opcion(clave, "nivel", _NIVELES)
    if proveedor is not None:
        proveedor = validacion.texto(proveedor, "proveedor")
        if (proveedor, clave) in NIVELES_DE_PROVEEDOR:
            return NIVELES_DE_PROVEEDOR[(proveedor, clave)]
    return NIVELES.get(clave, clave)


TIPOS_PRECIO = MappingProxyType(
    {
        "lectura": "una oferta",
        "mediana": "mediana de ofertas",
        "lista": "precio de lista",
        "estimacion": "estimación",
    }
)
"""Cómo se lee el ``tipo`` de cada fila de precios.csv (``datos.TIPOS_PRECIO``) junto a su precio."""


def tipo_precio(clave: str) -> str:
    """``"estimacion"`` → ``"estimación"``; ``"lista"`` → ``"precio de lista"``: qué es la cifra, para una persona."""

    validacion.opcion(clave, "tipo de precio", _TIPOS_PRECIO)
    return TIPOS_PRECIO[clave]


INCOMPLETO = "*"
"""La marca de un total al que le falta una partida (el proveedor no publica su tarifa): la misma en cada tabla y
en cada calculadora, y la nota que la explica dice «asterisco»."""


def total(texto: str, completo: bool) -> str:
    """``texto`` (un total ya escrito) con la marca ``INCOMPLETO`` si no está ``completo``: «361,57–369,04*»."""
    if not validacion.texto_de_campo(texto) or not isinstance(completo, bool):
        raise ValueError(
            f"total: texto = {texto!r}, completo = {completo!r} no vale; se admite un texto no vacío (sin caracteres "
            "de control) y un booleano."
        )
    return texto if completo else texto + INCOMPLETO


def veces(x: float, decimales: int = 1) -> str:
    """``5.5`` → ``"5,5×"``."""
    return f"{numero(x, decimales)}×"


def porcentaje(x: float, decimales: int = 0, signo: bool = False) -> str:
    """``0.1`` → ``"10 %"`` (con espacio, como pide la RAE); ``0.00675`` con 2 decimales → ``"0,68 %"``; ``-0.04`` →
    ``"−4 %"``. Con ``signo``, una diferencia o un error: el positivo lleva «+» (``0.19`` → ``"+19 %"``), el cero,
    ninguno."""
    if not isinstance(signo, bool):
        raise ValueError(f"porcentaje: signo={validacion.corto(signo)} no vale; se admite True o False.")
    texto = _espanol(_decimal(x, "porcentaje") * 100, decimales)
    if signo and not texto.startswith(MENOS) and texto.strip("0,") != "":
        texto = "+" + texto
    return f"{texto}\N{NO-BREAK SPACE}%"


def celda(valor: float | None, decimales: int, porcentaje_: bool = False) -> str:
    """Una cifra de una tabla de resultados: ``numero(valor, decimales)``, o ``porcentaje(valor, decimales)`` si es
    una fracción y ``porcentaje_`` (0.48 → «48 %»); «sin dato» si falta (``None``; un NaN es un error, como en
    ``numero``)."""
    if not isinstance(porcentaje_, bool):
        raise ValueError(f"celda: porcentaje_={validacion.corto(porcentaje_)} no vale; se admite True o False.")
    decimales = validacion.entero(decimales, "celda: decimales", minimo=0, maximo=20)
    if valor is None:
        return "sin dato"
    return porcentaje(valor, decimales) if porcentaje_ else numero(valor, decimales)


def fraccion(x: float, tolerancia: float = 0.05) -> str:
    """``0.2`` → ``"la quinta parte"``; si no se parece a 1/n (n de 2 a 10), un porcentaje con su artículo
    (``"el 37 %"``), para que quepa donde cabe «la quinta parte»: «termina en el 37 % del tiempo»."""
    x = _numero(x, "fraccion")
    tolerancia = _numero(tolerancia, "fraccion: tolerancia", cero=True)
    for n, texto in PARTES.items():
        if abs(x * n - 1) <= tolerancia:
            return texto
    return f"el {porcentaje(x)}"


def mes(fecha: str) -> str:
    """``"2026-07"`` o ``"2026-07-15"`` → ``"julio de 2026"``."""
    dia = validacion.fecha(fecha, "mes: fecha")
    return f"{MESES[dia.month - 1]} de {dia.year}"


def fecha(texto: str) -> str:
    """``"2026-10-29"`` → ``"29 de octubre de 2026"``; ``"2026-07"`` → ``"julio de 2026"``."""
    dia = validacion.fecha(texto, "fecha")
    return f"{dia.day} de {mes(texto)}" if len(texto) == 10 else mes(texto)


def entre_fechas(desde: str, hasta: str) -> str:
    """Un intervalo de fechas en español, con «del … al …» ante un día y «de … a …» ante un mes solo.

    ``("2023-03-07", "2026-11")`` → ``"del 7 de marzo de 2023 a noviembre de 2026"``;
    ``("2026-07", "2026-11-09")`` → ``"de julio de 2026 al 9 de noviembre de 2026"``.
    """

    inicio, fin = fecha(desde), fecha(hasta)
    de = "del" if len(desde) == 10 else "de"
    a = "al" if len(hasta) == 10 else "a"
    return f"{de} {inicio} {a} {fin}"


def periodo(texto: str) -> str:
    """``"2025-S1"`` → ``"primer semestre de 2025"``; ``"2025-S2"`` → ``"segundo semestre de 2025"``; un mes,
    ``"2026-07"`` → ``"julio de 2026"``.

    Un periodo que empieza después de hoy (``esquema.fecha_limite``, la regla de las fechas de los CSV) no vale: un
    precio de la luz es de un periodo ya empezado.
    """
    semestre = re.fullmatch(r"([0-9]{4})-S([12])", texto) if isinstance(texto, str) else None
    try:
        if semestre:
            inicio = validacion.fecha(f"{semestre[1]}-{'01' if semestre[2] == '1' else '07'}")
            escrito = f"{'primer' if semestre[2] == '1' else 'segundo'} semestre de {semestre[1]}"
        elif isinstance(texto, str) and re.fullmatch(r"[0-9]{4}-(0[1-9]|1[0-2])", texto):
            inicio, escrito = validacion.fecha(texto), mes(texto)
        else:
            raise ValueError
    except ValueError:  # otra forma, o el año 0000
        raise ValueError(
            f"periodo: {validacion.corto(texto)} no vale; se admite «AAAA-S1» o «AAAA-S2» (un semestre) o «AAAA-MM» "
            "(un mes)."
        ) from None
    hoy = esquema.fecha_limite()
    if inicio > hoy:
        raise ValueError(
            f"periodo: {texto} ({escrito}) es posterior a hoy ({hoy.isoformat()}); se admite un periodo que "
            "empieza hasta hoy: el de un precio ya publicado."
        )
    return escrito


def lista(elementos: list[str]) -> str:
    """``["a", "b", "c"]`` → ``"a, b y c"``: una enumeración en español (sin coma antes de «y»)."""
    if (
        not isinstance(elementos, (list, tuple))
        or not elementos
        or not all(isinstance(e, str) and e for e in elementos)
    ):
        raise ValueError(f"lista: {elementos!r} no vale; se admite una lista no vacía de textos no vacíos.")
    elementos = list(elementos)
    return elementos[0] if len(elementos) == 1 else f"{', '.join(elementos[:-1])} y {elementos[-1]}"


def _falta(v: object) -> bool:
    """``None`` o un NaN de punto flotante (lo que pandas pone donde falta un texto)."""
    return v is None or (isinstance(v, float) and v != v)


def tabla(df: pd.DataFrame, decimales: dict[str, int], derecha: tuple[str, ...] = ()) -> str:
    """Tabla Markdown con las columnas de ``decimales`` en formato español (``None`` o NaN: «sin dato»).

    ``derecha``: columnas de cifras ya escritas (un rango «4,6–9,3») que se alinean a la derecha, como las demás
    cifras."""
    import pandas as pd

    if not isinstance(df, pd.DataFrame) or not isinstance(decimales, dict) or not isinstance(derecha, tuple):
        raise ValueError(
            f"tabla: se admite un DataFrame de pandas, un diccionario de decimales por columna y una tupla de "
            f"columnas; df={validacion.corto(df)}, decimales={validacion.corto(decimales)}, "
            f"derecha={validacion.corto(derecha)} no valen."
        )
    for columna in (*decimales, *derecha):
        validacion.opcion(columna, "tabla: columna", [str(c) for c in df.columns])
    salida = df.copy()
    for columna, d in decimales.items():
        salida[columna] = ["sin dato" if pd.isna(v) else numero(v, d) for v in salida[columna]]
    for columna in salida.columns:  # un texto que falta (None o NaN), «sin dato»: nunca «None» ni «nan»
        if columna not in decimales and not pd.api.types.is_numeric_dtype(salida[columna]):
            salida[columna] = ["sin dato" if _falta(v) else v for v in salida[columna]]
    alineacion = ["right" if c in decimales or c in derecha else "left" for c in salida.columns]
    # disable_numparse: «8.590» (ocho mil quinientos noventa) no es el número 8,59 de tabulate.
    return salida.to_markdown(index=False, colalign=alineacion, disable_numparse=True)


def mes_medio() -> str:
    """La frase con la que una página dice qué es un mes: «un mes medio son 730 horas (365 días × 24 h ÷ 12)»,
    de ``coste.HORAS_MES`` (el único mes del sitio)."""
    return f"un mes medio son {numero(HORAS_MES, 0)} horas ({DIAS_ANIO} días × 24 h ÷ 12)"
