"""Lo que escribe el lector en un campo: un número con coma o punto decimal, y con puntos de millares («2.000»),
un entero o nada; y cómo se escribe un valor por defecto en su campo (``escribir``: ``leer(escribir(x)) == x``).

Lo que no es un número se devuelve tal cual: la función de la biblioteca lo rechaza con su propio mensaje.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from gpucoste.base.formato import MENOS
from gpucoste.base.validacion import real

__all__ = ["escribir", "leer", "leer_entero"]


_ENTERO_O_COMA = re.compile(r"[+-]?[0-9]+(,[0-9]+)?")
_MILLARES = re.compile(r"[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?")


def leer(texto: str) -> float | str:
    """El número que escribió el lector, con coma decimal («0,39») o punto («0.39»).

    Un punto seguido de grupos de tres cifras tras una primera cifra distinta de cero es de millares
    («2.000» → 2000; «0.390» → 0,39). Lo que no es un número se devuelve tal cual: la función de la
    biblioteca lo rechaza con su propio mensaje, que nombra el valor.
    """
    limpio = _escrito(texto).strip()
    if limpio.startswith(MENOS):  # «−4», copiado de la página (el signo menos, no el guion)
        limpio = "-" + limpio[1:]
    if _MILLARES.fullmatch(limpio):
        limpio = limpio.replace(".", "").replace(",", ".")
    elif _ENTERO_O_COMA.fullmatch(limpio):
        limpio = limpio.replace(",", ".")
    try:
        x = float(limpio)
    except ValueError:
        return texto
    return x if math.isfinite(x) else texto  # «1e999», «inf», «nan»: la biblioteca rechaza el texto y lo nombra


def _escrito(texto: object) -> str:
    """Lo que llega de un campo del formulario es siempre un texto: otra cosa es un error de quien llama."""
    if not isinstance(texto, str):
        raise ValueError(f"{texto!r} no vale; se admite el texto de un campo del formulario (p. ej. '0,39').")
    return texto


def escribir(x: float | int | str) -> str:
    """Un valor por defecto tal como se escribe en el campo: sin ceros de más y con coma decimal.

    ``leer(escribir(x)) == x`` para todo float finito que no necesite notación científica.
    """
    if isinstance(x, str):
        return x
    x_real = real(x, "valor por defecto")  # un entero que no cabe en un float, tampoco
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    x = x_real
    if float(x).is_integer() and 1e4 <= abs(x) < 1e16:  # «50.000.000» se lee mejor que «50000000»
        return f"{int(x):,}".replace(",", ".")
    texto = repr(float(x)).removesuffix(".0")
    if "e" in texto or "E" in texto:
        return texto
    return texto.replace(".", ",")


def leer_entero(texto: str) -> int | str:
    """Un entero escrito por el lector («2048» o «2.048»); si no lo es, el texto tal cual (lo rechaza la biblioteca)."""
    limpio = _escrito(texto).strip()
    if re.fullmatch(r"[+-]?[0-9]+|[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+", limpio):
        return int(limpio.replace(".", ""))
    return texto


def _leer_o_nada(texto: str) -> float | str | None:
    """Un campo que se puede dejar vacío: ``None`` si lo está (solo espacios también); si no, ``leer``."""
    return None if not _escrito(texto).strip() else leer(texto)


def _texto_o_nada(texto: str) -> str | None:
    """Un texto largo que se puede dejar vacío (el ``config.json`` que pega el lector): ``None`` si está vacío."""
    return None if not _escrito(texto).strip() else texto


_LECTORES: dict[str, Callable[[str], object]] = {
    "decimal": leer,
    "entero": leer_entero,
    "opcion": str,
    "decimal_o_vacio": _leer_o_nada,
    "json_o_vacio": _texto_o_nada,
}
