"""El ejemplo de «¿Interrumpible o bajo demanda?»: el fine-tuning de la primera versión en una RTX 4090
interrumpible, con sus entradas y su origen, y sus horas y su coste para cada tasa de interrupciones.

El precio interrumpible es el de :func:`gpucoste.calculo.modalidades.precio_interrumpible` (el leído, si lo hay) y el
trabajo repetido, el de :func:`gpucoste.calculo.interrupciones.retrabajo`: los mismos que usan el ranking, las
calculadoras y la línea de órdenes.

Los cálculos son los de :mod:`gpucoste.calculo.interrupciones`; aquí solo se juntan en una tabla (pandas se importa
dentro de la función). :mod:`gpucoste.guia.decisiones` lo reexporta con los nombres de siempre.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.validacion import Validado
from gpucoste.calculo import experimento, interrupciones, modalidades

__all__ = ["EjemploInterrumpible", "ejemplo_interrumpible", "tabla_interrumpible"]


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
    precio_interrumpible: float
    interrumpible: modalidades.PrecioInterrumpible
    """El precio interrumpible con su origen, leído o regla (``modalidades.precio_interrumpible``)."""
    escritura_h: float
    reinicio_min_h: float
    reinicio_max_h: float
    interrupciones_hora: float
    """La tasa de ``supuestos.csv`` (la del ranking y la del formulario)."""


def ejemplo_interrumpible() -> EjemploInterrumpible:
    """Las horas del escenario verificado de la RTX 4090 de la primera versión, en el proveedor del escenario: su
    precio interrumpible (:func:`gpucoste.calculo.modalidades.precio_interrumpible`, leído donde lo hay) y su precio
    bajo demanda (:func:`gpucoste.calculo.modalidades.precio_bajo_demanda`), con las entradas del modelo de
    :func:`gpucoste.calculo.interrupciones.supuestos`."""
    esc = next(e for e in experimento.escenarios() if e.gpu == "RTX 4090" and e.nivel == "verificado")
    i = modalidades.precio_interrumpible(esc.gpu, esc.proveedor)
    base = i.bajo_demanda or modalidades.precio_bajo_demanda(esc.gpu, esc.proveedor)
    s = interrupciones.supuestos()
    return EjemploInterrumpible(
        gpu=esc.gpu,
        horas_trabajo=esc.horas,
        precio_bajo_demanda=base.precio_hora_usd,
        fecha_precio=base.fecha,
        proveedor=base.proveedor,
        nivel=base.nivel,
        tipo_precio=base.tipo,
        precio_interrumpible=i.precio_hora_usd,
        interrumpible=i,
        escritura_h=s.escritura_h,
        reinicio_min_h=s.reinicio_min_h,
        reinicio_max_h=s.reinicio_max_h,
        interrupciones_hora=s.interrupciones_hora,
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
            interrupciones.retrabajo(
                e.horas_trabajo,
                e.precio_interrumpible,
                interrupciones_hora=tasa,
                escritura_h=e.escritura_h,
                reinicio_h=r,
            )
            for r in (e.reinicio_min_h, e.reinicio_max_h)
        )
        filas.append(
            {
                "interrupciones/h": tasa,
                "checkpoint cada (minutos)": corto.esperado.intervalo * 60,
                "horas": corto.esperado.horas,
                "horas (reinicio largo)": largo.esperado.horas,
                "checkpoints y trabajo repetido (US$)": corto.coste,
                "coste (US$)": corto.esperado.coste,
                "coste (US$, reinicio largo)": largo.esperado.coste,
            }
        )
    return pd.DataFrame(filas)
