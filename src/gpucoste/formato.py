"""Números en español: coma decimal, punto de millares; nunca depende del locale de la máquina."""

from __future__ import annotations

import math

import pandas as pd

from . import validacion
from .validacion import numero as _numero

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
PARTES = {
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


def numero(x: float, decimales: int = 2) -> str:
    """``1234.5`` → ``"1.234,50"``; ``5.5`` con 1 decimal → ``"5,5"``."""
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise ValueError(f"numero: {x!r} no es un número finito; se admite un int o float finito.")
    texto = f"{x:,.{decimales}f}"
    return texto.replace(",", "\N{NO-BREAK SPACE}").replace(".", ",").replace("\N{NO-BREAK SPACE}", ".")


def dolares(x: float, decimales: int = 2) -> str:
    """``2.04`` → ``"2,04 $"``."""
    return f"{numero(x, decimales)}\N{NO-BREAK SPACE}$"


def rango(minimo: float, maximo: float, decimales: int = 2) -> str:
    """``(0.1, 0.15)`` → ``"0,10–0,15"``; si son iguales, una sola cifra."""
    a, b = numero(minimo, decimales), numero(maximo, decimales)
    return a if a == b else f"{a}–{b}"


def veces(x: float, decimales: int = 1) -> str:
    """``5.5`` → ``"5,5×"``."""
    return f"{numero(x, decimales)}×"


def porcentaje(x: float, decimales: int = 0) -> str:
    """``0.1`` → ``"10 %"`` (con espacio, como pide la RAE)."""
    return f"{numero(x * 100, decimales)}\N{NO-BREAK SPACE}%"


def fraccion(x: float, tolerancia: float = 0.05) -> str:
    """``0.2`` → ``"la quinta parte"``; si no se parece a 1/n (n de 2 a 10), un porcentaje."""
    x = _numero(x, "fraccion")
    for n, texto in PARTES.items():
        if abs(x * n - 1) <= tolerancia:
            return texto
    return porcentaje(x)


def mes(fecha: str) -> str:
    """``"2026-07"`` o ``"2026-07-15"`` → ``"julio de 2026"``."""
    dia = validacion.fecha(fecha, "mes: fecha")
    return f"{MESES[dia.month - 1]} de {dia.year}"


def fecha(texto: str) -> str:
    """``"2026-10-29"`` → ``"29 de octubre de 2026"``; ``"2026-07"`` → ``"julio de 2026"``."""
    return f"{int(texto[8:10])} de {mes(texto)}" if len(texto) == 10 else mes(texto)


def tabla(df: pd.DataFrame, decimales: dict[str, int]) -> str:
    """Tabla Markdown con las columnas de ``decimales`` en formato español."""
    salida = df.copy()
    for columna, d in decimales.items():
        salida[columna] = [numero(float(v), d) for v in salida[columna]]
    alineacion = ["right" if c in decimales else "left" for c in salida.columns]
    # disable_numparse: «8.590» (ocho mil quinientos noventa) no es el número 8,59 de tabulate.
    return salida.to_markdown(index=False, colalign=alineacion, disable_numparse=True)
