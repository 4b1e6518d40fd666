"""Comprobación de entradas: todo valor malo se rechaza con un mensaje en español."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable


def numero(valor: object, nombre: str, *, cero: bool = False) -> float:
    """Devuelve ``valor`` como float si es un número finito y positivo (o cero si ``cero``).

    Lanza ``ValueError`` con un mensaje que nombra el valor y lo que se admite.
    """
    permitido = "un número finito mayor o igual que 0" if cero else "un número finito mayor que 0"
    if isinstance(valor, bool):
        raise ValueError(f"{nombre}: {valor!r} no es un número; se admite {permitido}.")
    try:
        x = float(valor)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ValueError(f"{nombre}: {valor!r} no es un número; se admite {permitido}.") from None
    if math.isnan(x) or math.isinf(x):
        raise ValueError(f"{nombre}: {valor!r} no es un número finito; se admite {permitido}.")
    if x < 0 or (x == 0 and not cero):
        raise ValueError(f"{nombre}: {valor!r} no vale; se admite {permitido}.")
    return x


def opcion(valor: object, nombre: str, validas: Iterable[str]) -> str:
    """Devuelve ``valor`` si está entre ``validas``; si no, lanza ``ValueError`` con la lista."""
    validas = sorted(set(validas))
    if not isinstance(valor, str) or valor not in validas:
        lista = ", ".join(repr(v) for v in validas)
        raise ValueError(f"{nombre} desconocido: {valor!r}. Valores admitidos: {lista}.")
    return valor


def fecha(texto: object, nombre: str = "fecha") -> dt.date:
    """``"2026-07-15"`` → ese día; ``"2026-07"`` → el día 1 del mes. Otro formato: ``ValueError``."""
    try:
        if not isinstance(texto, str) or len(texto) not in (7, 10):
            raise ValueError
        return dt.date.fromisoformat(texto if len(texto) == 10 else f"{texto}-01")
    except ValueError:
        raise ValueError(f"{nombre} {texto!r} no vale; se admite AAAA-MM-DD o AAAA-MM.") from None
