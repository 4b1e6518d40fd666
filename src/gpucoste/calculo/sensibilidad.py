"""Sensibilidad del coste de un trabajo al precio por hora y a la velocidad de la GPU.

El coste de un trabajo es precio por hora × horas. Si el precio cambia en un factor ``f`` y la GPU termina
``a`` veces más rápido, el coste pasa a ser ``f × precio × horas / a``. De ahí salen las dos preguntas del
cuaderno «Experimento»: ¿a qué precio por hora empata una GPU más rápida con otra más barata?, y ¿cuántas
veces más rápida tiene que ser una GPU más cara para salir a cuenta?
"""

from __future__ import annotations

import pandas as pd

from gpucoste.base.validacion import numero, numeros, resultado, tabla_de
from gpucoste.calculo.coste import coste_trabajo

__all__ = ["aceleracion_de_empate", "coste_escalado", "mapa", "precio_de_empate", "tabla_por_precio"]


def coste_escalado(precio_hora: float, horas: float, factor_precio: float = 1.0, aceleracion: float = 1.0) -> float:
    """Coste del trabajo con el precio multiplicado por ``factor_precio`` y ``aceleracion`` veces más rápido."""
    precio = numero(precio_hora, "precio_hora") * numero(factor_precio, "factor_precio")
    entradas = {"precio_hora": precio_hora, "horas": horas, "factor_precio": factor_precio, "aceleracion": aceleracion}
    precio = resultado(precio, "coste_escalado", entradas)
    horas_reales = resultado(numero(horas, "horas") / numero(aceleracion, "aceleracion"), "coste_escalado", entradas)
    if horas_reales == 0:
        raise ValueError(f"coste_escalado: con {entradas} el trabajo no dura nada; usa valores más grandes.")
    return resultado(coste_trabajo(precio, horas_reales), "coste_escalado", entradas)


def precio_de_empate(precio_referencia: float, horas_referencia: float, horas: float) -> float:
    """Precio por hora al que una GPU que tarda ``horas`` cuesta lo mismo que la referencia."""
    entradas = {"precio_referencia": precio_referencia, "horas_referencia": horas_referencia, "horas": horas}
    coste = resultado(coste_trabajo(precio_referencia, horas_referencia), "precio_de_empate", entradas)
    return resultado(coste / numero(horas, "horas"), "precio_de_empate", entradas)


def aceleracion_de_empate(precio_referencia: float, precio_hora: float) -> float:
    """Veces más rápida que la referencia tiene que ser una GPU de ``precio_hora`` para costar lo mismo."""
    veces = numero(precio_hora, "precio_hora") / numero(precio_referencia, "precio_referencia")
    return resultado(
        veces, "aceleracion_de_empate", {"precio_referencia": precio_referencia, "precio_hora": precio_hora}
    )


def tabla_por_precio(trabajos: dict[str, tuple[float, float]], factores: list[float]) -> pd.DataFrame:
    """Coste de cada trabajo (nombre → (precio por hora, horas)) con el precio multiplicado por cada factor."""
    factores = numeros(factores, "factores")
    tabla_de(trabajos, "trabajos", "de nombre → (precio por hora, horas)")
    for nombre, par in trabajos.items():
        if not isinstance(par, tuple | list) or len(par) != 2:
            raise ValueError(f"trabajos[{nombre!r}]: {par!r} no vale; se admite un par (precio por hora, horas).")
    filas = [
        {"factor de precio": f, **{n: coste_escalado(p, h, factor_precio=f) for n, (p, h) in trabajos.items()}}
        for f in factores
    ]
    return pd.DataFrame(filas)


def mapa(precio_hora: float, horas: float, factores: list[float], aceleraciones: list[float]) -> pd.DataFrame:
    """Coste del trabajo para cada factor de precio (filas) y cada aceleración (columnas)."""
    factores, aceleraciones = numeros(factores, "factores"), numeros(aceleraciones, "aceleraciones")
    return pd.DataFrame(
        [[coste_escalado(precio_hora, horas, f, a) for a in aceleraciones] for f in factores],
        index=pd.Index(factores, name="factor de precio"),
        columns=pd.Index(aceleraciones, name="aceleración"),
    )
