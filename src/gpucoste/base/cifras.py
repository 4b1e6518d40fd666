"""Cómo se escribe una cifra ya redondeada en la guía: coma decimal, punto de millares si la parte entera tiene cinco
cifras o más, y el signo menos (U+2212). Sin importar nada de la biblioteca: lo usan ``formato`` (que redondea) y
``validacion`` (los límites de sus mensajes de error), y ``formato`` importa ``validacion``.
"""

from __future__ import annotations

import decimal

__all__ = ["MENOS", "escrita"]

MENOS = "\N{MINUS SIGN}"
"""El signo de un negativo («−4 %»), no el guion «-»."""


def escrita(q: decimal.Decimal | int, decimales: int = 0) -> str:
    """``q`` (un ``Decimal`` ya redondeado a ``decimales``, o un entero) con coma decimal, punto de millares desde cinco
    cifras en la parte entera y ``MENOS``: ``Decimal("12345.50")`` → «12.345,50», ``1024`` → «1024», ``-4`` → «−4»."""
    q = decimal.Decimal(q)
    entera = abs(q).to_integral_value(rounding=decimal.ROUND_DOWN)
    # La RAE (Ortografía, 2010, § 4.2.2.1.1): punto de millares desde cinco cifras; con cuatro, ninguno
    # («1599», «2048», «2000,28»), y en «50.000» o «1.000.000», sí.
    texto = f"{q:,.{decimales}f}" if entera >= 10000 else f"{q:.{decimales}f}"
    texto = texto.replace(",", "\N{NO-BREAK SPACE}").replace(".", ",").replace("\N{NO-BREAK SPACE}", ".")
    return texto.replace("-", MENOS)
