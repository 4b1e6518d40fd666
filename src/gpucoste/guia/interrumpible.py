"""El ejemplo de «¿Interrumpible o bajo demanda?»: el fine-tuning de la primera versión en una RTX 4090
interrumpible, con sus entradas y su origen, y sus horas y su coste para cada tasa de interrupciones.

Los cálculos son los de :mod:`gpucoste.calculo.interrupciones`; aquí solo se juntan en una tabla (pandas se importa
dentro de la función). :mod:`gpucoste.guia.decisiones` lo reexporta con los nombres de siempre.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base.validacion import Validado
from gpucoste.calculo import experimento, interrupciones
from gpucoste.dinero import mercado

__all__ = ["ESCRITURA_MIN", "EjemploInterrumpible", "ejemplo_interrumpible", "tabla_interrumpible"]


ESCRITURA_MIN = 1.0
"""Minutos que tarda en escribirse un checkpoint en el ejemplo (estimación: depende del tamaño y del disco)."""


@dataclass(frozen=True)
class EjemploInterrumpible(Validado):
    """El fine-tuning de la primera versión en una RTX 4090 interrumpible, con sus entradas y su origen."""

    gpu: str
    horas_trabajo: float
    precio_bajo_demanda: float
    fecha_precio: str
    proveedor: str
    nivel: str
    tipo_precio: str
    descuento: float
    precio_interrumpible: float
    escritura_h: float
    reinicio_min_h: float
    reinicio_max_h: float


def ejemplo_interrumpible() -> EjemploInterrumpible:
    """El escenario verificado de la RTX 4090 de la primera versión, con el ahorro interrumpible habitual que
    anuncia Vast.ai."""
    esc = next(e for e in experimento.escenarios() if e.gpu == "RTX 4090" and e.nivel == "verificado")
    precio = experimento.precio(esc)
    d = mercado.descuento(esc.proveedor, "interrumpible")
    arranque = datos.supuestos()["minutos_arranque"]
    return EjemploInterrumpible(
        gpu=esc.gpu,
        horas_trabajo=esc.horas,
        precio_bajo_demanda=precio.precio_hora_usd,
        fecha_precio=precio.fecha,
        proveedor=precio.proveedor,
        nivel=precio.nivel,
        tipo_precio=precio.tipo,
        descuento=d.descuento,
        precio_interrumpible=precio.precio_hora_usd * (1 - d.descuento),
        escritura_h=ESCRITURA_MIN / 60,
        reinicio_min_h=arranque.valor_min / 60,
        reinicio_max_h=arranque.valor_max / 60,
    )


def tabla_interrumpible(tasas: tuple[float, ...] = (0, 0.05, 0.1, 0.25, 0.5, 1)):
    """Horas y coste esperados del ejemplo para cada tasa de interrupciones (con reinicio corto y largo)."""
    import pandas as pd

    if not isinstance(tasas, list | tuple) or not tasas:
        raise ValueError(
            f"tasas: {tasas!r} no vale; se admite una lista no vacía de interrupciones por hora (números ≥ 0)."
        )
    e = ejemplo_interrumpible()
    filas = []
    for tasa in tasas:
        corto, largo = (
            interrupciones.esperado(
                horas_trabajo=e.horas_trabajo,
                interrupciones_hora=tasa,
                escritura_h=e.escritura_h,
                reinicio_h=r,
                precio_hora=e.precio_interrumpible,
            )
            for r in (e.reinicio_min_h, e.reinicio_max_h)
        )
        filas.append(
            {
                "interrupciones/h": tasa,
                "checkpoint cada (minutos)": corto.intervalo * 60,
                "horas": corto.horas,
                "horas (reinicio largo)": largo.horas,
                "coste (US$)": corto.coste,
                "coste (US$, reinicio largo)": largo.coste,
            }
        )
    return pd.DataFrame(filas)
