"""Memo de un cálculo mientras los datos leídos sean los mismos (``mismos_datos``).

Las páginas, la CLI y las calculadoras piden muchas veces lo mismo: ``memoria.encaja`` de un modelo en una GPU se
pregunta miles de veces al construir el sitio (el ranking, el servicio, la calibración…), con unos pocos cientos de
preguntas distintas. Aquí cada respuesta se guarda con sus argumentos (y el tipo de cada uno: ``1``, ``1.0`` y
``True`` son preguntas distintas, y una puede ser un error) y con la «generación» de los datos
(``esquema.generacion``: la carpeta activa y cuántas veces se olvidaron): con otra carpeta (``GPUCOSTE_DATOS``) o tras
``datos.limpiar_cache()``, se calcula de nuevo. Un error no se guarda: la misma pregunta mala da el mismo error.

Solo vale para funciones puras de sus argumentos y de los datos, cuyo resultado no se cambia después (un registro
``frozen``, un número, un texto). ``cache_clear`` olvida lo guardado, como el de ``functools``; ``olvidar`` olvida lo
de todas (las pruebas que sustituyen una función de la biblioteca con ``monkeypatch`` empiezan sin nada guardado).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from gpucoste.base import esquema

__all__ = ["mismos_datos", "olvidar"]

_F = TypeVar("F", bound=Callable)

_LIMITE = 50_000
"""Respuestas guardadas por función como mucho: al llegar, se olvidan todas (las pruebas de propiedades hacen
cientos de miles de preguntas distintas; una construcción, unos pocos miles)."""

_OLVIDOS = [0]  # cuántas veces se llamó a olvidar(): parte de la generación de cada memo


def olvidar() -> None:
    """Olvida lo guardado por todas las funciones con ``mismos_datos``."""
    _OLVIDOS[0] += 1


def _con_su_tipo(valores) -> tuple:
    return tuple((type(v), v) for v in valores)


def mismos_datos(funcion: _F) -> _F:
    """``funcion`` con memo mientras los datos sean los mismos (ver el docstring del módulo)."""
    guardado: dict = {}
    de_la_generacion = [None]

    @functools.wraps(funcion)
    def con_memo(*argumentos, **opciones):
        generacion = (esquema.generacion(), _OLVIDOS[0])
        if generacion != de_la_generacion[0] or len(guardado) >= _LIMITE:
            guardado.clear()
            de_la_generacion[0] = generacion
        nombradas = tuple((k, type(v), v) for k, v in sorted(opciones.items()))
        clave = (_con_su_tipo(argumentos), nombradas)
        try:
            return guardado[clave]
        except KeyError:
            pass
        except TypeError:  # un argumento que no se puede guardar (una lista…): sin memo
            return funcion(*argumentos, **opciones)
        resultado = guardado[clave] = funcion(*argumentos, **opciones)
        return resultado

    con_memo.cache_clear = guardado.clear
    return con_memo  # type: ignore[return-value]
