"""Sensibilidad del coste de un trabajo al precio por hora y a la velocidad de la GPU.

El coste de un trabajo es precio por hora × horas. Si el precio cambia en un factor ``f`` y la GPU termina
``a`` veces más rápido, el coste pasa a ser ``f × precio × horas / a``. De ahí salen las dos preguntas del
cuaderno «Experimento»: ¿a qué precio por hora empata una GPU más rápida con otra más barata?, y ¿cuántas
veces más rápida tiene que ser una GPU más cara para salir a cuenta?
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from .coste import coste_trabajo
from .validacion import numero


def coste_escalado(precio_hora: float, horas: float, factor_precio: float = 1.0, aceleracion: float = 1.0) -> float:
    """Coste del trabajo con el precio multiplicado por ``factor_precio`` y ``aceleracion`` veces más rápido."""
    precio = numero(precio_hora, "precio_hora") * numero(factor_precio, "factor_precio")
    return coste_trabajo(precio, numero(horas, "horas") / numero(aceleracion, "aceleracion"))


def precio_de_empate(precio_referencia: float, horas_referencia: float, horas: float) -> float:
    """Precio por hora al que una GPU que tarda ``horas`` cuesta lo mismo que la referencia."""
    return coste_trabajo(precio_referencia, horas_referencia) / numero(horas, "horas")


def aceleracion_de_empate(precio_referencia: float, precio_hora: float) -> float:
    """Veces más rápida que la referencia tiene que ser una GPU de ``precio_hora`` para costar lo mismo."""
    return numero(precio_hora, "precio_hora") / numero(precio_referencia, "precio_referencia")


def _lista(valores: Iterable[float], nombre: str) -> list[float]:
    lista = [numero(v, nombre) for v in valores]
    if not lista:
        raise ValueError(f"{nombre}: hace falta al menos un valor; se admite una lista de números mayores que 0.")
    return lista


def tabla_por_precio(trabajos: dict[str, tuple[float, float]], factores: Iterable[float]) -> pd.DataFrame:
    """Coste de cada trabajo (nombre → (precio por hora, horas)) con el precio multiplicado por cada factor."""
    factores = _lista(factores, "factor_precio")
    if not trabajos:
        raise ValueError("tabla_por_precio: hace falta al menos un trabajo (nombre → (precio por hora, horas)).")
    filas = [
        {"factor de precio": f, **{n: coste_escalado(p, h, factor_precio=f) for n, (p, h) in trabajos.items()}}
        for f in factores
    ]
    return pd.DataFrame(filas)


def mapa(precio_hora: float, horas: float, factores: Iterable[float], aceleraciones: Iterable[float]) -> pd.DataFrame:
    """Coste del trabajo para cada factor de precio (filas) y cada aceleración (columnas)."""
    factores, aceleraciones = _lista(factores, "factor_precio"), _lista(aceleraciones, "aceleracion")
    return pd.DataFrame(
        [[coste_escalado(precio_hora, horas, f, a) for a in aceleraciones] for f in factores],
        index=pd.Index(factores, name="factor de precio"),
        columns=pd.Index(aceleraciones, name="aceleración"),
    )
