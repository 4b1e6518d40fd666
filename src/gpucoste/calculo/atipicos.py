"""Precios atípicos y el precio más reciente que se puede usar.

En un marketplace, un «precio» de los datos es a menudo la mediana de las ofertas de un día. Con muy
pocas ofertas esa mediana la fija un solo host: ``atipicos.csv`` marca esas filas de ``precios.csv``
(con cuántas ofertas había y la fuente que lo dice) y ``precio_reciente`` las salta, siempre diciéndolo.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.calculo import experimento
from gpucoste.datos import frescura

if TYPE_CHECKING:  # pandas solo para la tabla de la página: el cálculo (y el navegador) no lo importa
    import pandas as pd
from gpucoste.base.validacion import Validado
from gpucoste.calculo.coste import coste_trabajo

__all__ = ["ATIPICOS", "Atipico", "Reciente", "atipico", "atipicos", "precio_reciente", "tabla_recientes"]


@dataclass(frozen=True)
class Atipico(esquema.Registro):
    gpu: str
    proveedor: str
    nivel: str
    fecha: str
    ofertas: int
    motivo: str
    fuente: str
    leida: str | None = None


ATIPICOS = esquema.Tabla(
    "atipicos.csv",
    Atipico,
    "Filas de precios.csv que no sirven como precio de referencia (p. ej., la mediana de muy pocas ofertas).",
    columnas=(
        esquema.Columna("gpu", "texto", "GPU, como en precios.csv."),
        esquema.Columna("proveedor", "texto", "Proveedor, como en precios.csv."),
        esquema.Columna("nivel", "enum", "Nivel, como en precios.csv.", valores=datos.NIVELES),
        esquema.Columna("fecha", "fecha", "Fecha de la fila de precios.csv."),
        esquema.Columna("ofertas", "entero", "Ofertas de las que sale la mediana.", minimo=1),
        esquema.Columna("motivo", "texto", "Por qué no sirve como referencia."),
        esquema.FUENTE,
        esquema.LEIDA,
    ),
    clave=("gpu", "proveedor", "nivel", "fecha"),
    referencias=(
        esquema.Referencia(
            ("gpu", "proveedor", "nivel", "fecha"), "precios.csv", ("gpu", "proveedor", "nivel", "fecha")
        ),
    ),
)


def atipicos() -> tuple[Atipico, ...]:
    """Las filas de ``atipicos.csv``."""
    return esquema.cargar(ATIPICOS)


def atipico(precio: datos.Precio) -> Atipico | None:
    """La marca de ``precio`` en ``atipicos.csv``, o ``None`` si es un precio normal."""
    if not isinstance(precio, datos.Precio):
        raise ValueError(f"precio: {precio!r} no vale; se admite un gpucoste.datos.Precio.")
    return _marcados(atipicos()).get((precio.gpu, precio.proveedor, precio.nivel, precio.fecha))


@dataclass(frozen=True)
class Reciente(Validado):
    """El precio más reciente que sirve para ``gpu``/``proveedor``/``nivel`` y lo que se saltó para llegar a él."""

    precio: datos.Precio
    saltados: tuple[datos.Precio, ...]


def precio_reciente(gpu: str, proveedor: str, nivel: str, *, estimaciones: bool = True) -> Reciente:
    """El precio más reciente de los datos que no está marcado como atípico (y los atípicos más nuevos).

    Con ``estimaciones=False`` salta también las filas de ``tipo`` ``estimacion``: solo cuenta lo leído.
    Si no queda ninguna fila, ``ValueError`` que lo dice.
    """
    datos.precio(gpu, proveedor, nivel)  # valida los tres valores con un mensaje claro
    if not isinstance(estimaciones, bool):
        raise ValueError(f"estimaciones: {estimaciones!r} no vale; se admite True o False.")
    filas = _por_clave(datos.precios()).get((gpu, proveedor, nivel), ())
    i = _reciente(filas, estimaciones)
    if i is None:
        que = "atípicos" if estimaciones else "atípicos o estimaciones"
        raise ValueError(f"Todos los precios de {gpu} en {proveedor} ({nivel}) son {que}.")
    return Reciente(filas[i], filas[:i])


def _reciente(filas: tuple[datos.Precio, ...], estimaciones: bool) -> int | None:
    """La posición de la primera de ``filas`` (las de una clave, de la más nueva a la más vieja: ``_por_clave``) que
    no es un atípico (ni una estimación, sin ``estimaciones``); None si no hay ninguna. Sin validar nada: son filas
    de los datos."""
    marcados = _marcados(atipicos())
    for i, p in enumerate(filas):
        if (p.gpu, p.proveedor, p.nivel, p.fecha) not in marcados and (estimaciones or not p.estimacion):
            return i
    return None


def _vigentes(estimaciones: bool) -> list[datos.Precio]:
    """``ranking.precios_vigentes``: la fila de ``_reciente`` de cada clave, en el orden en que aparece en los datos."""
    return list(_vigentes_de(datos.precios(), atipicos(), estimaciones=estimaciones))


def _ultimo(funcion):
    """Memo de una función de tablas cargadas (tuplas inmutables de ``esquema.cargar``) y de opciones con nombre:
    mientras lleguen las mismas tuplas (las mismas, no unas iguales: comparar o hashear 141 filas en cada llamada
    costaba más que el cálculo), el mismo resultado, uno por cada valor de las opciones. ``cache_clear`` lo olvida,
    como el de ``functools``."""
    ultimos: dict = {}

    @functools.wraps(funcion)
    def memo(*tablas, **opciones):
        clave = tuple(sorted(opciones.items()))
        ultimo = ultimos.get(clave)
        mismas = ultimo is not None and len(ultimo[0]) == len(tablas)
        if not mismas or any(a is not b for a, b in zip(ultimo[0], tablas, strict=True)):
            ultimo = ultimos[clave] = (tablas, funcion(*tablas, **opciones))
        return ultimo[1]

    memo.cache_clear = ultimos.clear
    return memo


@_ultimo
def _por_clave(precios: tuple[datos.Precio, ...]) -> dict[tuple[str, str, str], tuple[datos.Precio, ...]]:
    """Las filas de cada (GPU, proveedor, nivel), de la más nueva a la más vieja (las del mismo día, en el orden del
    CSV): una pasada por los datos, no una por cada clave que se pregunta."""
    grupos: dict[tuple[str, str, str], list[datos.Precio]] = {}
    for p in precios:
        grupos.setdefault((p.gpu, p.proveedor, p.nivel), []).append(p)
    return {k: tuple(sorted(f, key=lambda p: frescura.dia(p.fecha), reverse=True)) for k, f in grupos.items()}


@_ultimo
def _vigentes_de(
    precios: tuple[datos.Precio, ...], marcas: tuple[Atipico, ...], *, estimaciones: bool
) -> tuple[datos.Precio, ...]:
    """``_vigentes`` con sus tablas: se calcula una vez mientras lleguen las mismas (los precios de cada modalidad la
    piden por cada GPU y supuesto; en la construcción, casi dos mil veces). ``marcas`` (``atipicos.csv``) solo entra
    en la clave: ``_reciente`` la lee."""
    por_clave = _por_clave(precios).values()
    return tuple(filas[i] for filas in por_clave if (i := _reciente(filas, estimaciones)) is not None)


@_ultimo
def _marcados(filas: tuple[Atipico, ...]) -> dict[tuple[str, str, str, str], Atipico]:
    """Cada fila de ``atipicos.csv`` por la clave de la fila de precios que marca (una sola vez en el fichero)."""
    return {(a.gpu, a.proveedor, a.nivel, a.fecha): a for a in filas}


def tabla_recientes(nombre: str = experimento.FINETUNING) -> pd.DataFrame:
    """Por escenario: precio de la primera versión, precio más reciente utilizable, su fecha y si es posterior.

    Columnas: ``GPU``, ``articulo``, ``reciente``, ``tipo`` (el de ``reciente``), ``fecha``,
    ``posterior`` (hay un precio más nuevo que el de la primera versión), ``horas``, ``coste`` (con el
    precio reciente) y ``saltados`` (atípicos más nuevos que se dejaron fuera).
    """
    import pandas as pd

    filas = []
    for esc in experimento.escenarios(nombre):
        del_articulo = experimento.precio(esc)
        r = precio_reciente(esc.gpu, esc.proveedor, esc.nivel)
        filas.append(
            {
                "GPU": del_articulo.nombre,
                "articulo": del_articulo.precio_hora_usd,
                "reciente": r.precio.precio_hora_usd,
                "tipo": r.precio.tipo,
                "fecha": r.precio.fecha,
                "posterior": r.precio.fecha > del_articulo.fecha,
                "horas": esc.horas,
                "coste": coste_trabajo(r.precio.precio_hora_usd, esc.horas),
                "saltados": r.saltados,
            }
        )
    return pd.DataFrame(filas)
