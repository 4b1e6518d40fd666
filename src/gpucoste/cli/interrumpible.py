"""La orden ``gpucoste interrumpible``: horas y coste esperados de un trabajo en una instancia interrumpible (el
trabajo repetido tras cada interrupción, con el modelo de Daly) y la tasa de interrupciones a la que deja de compensar
frente a bajo demanda.

Llama a :mod:`gpucoste.calculo.interrupciones` con el precio del proveedor (``calculo.modalidades``) y los supuestos de
``supuestos.csv``, o con los números dados (``cli.entradas``); cada fila dice su origen. Se registra al importarla,
como las demás órdenes (``gpucoste.cli`` la importa).
"""

from __future__ import annotations

from gpucoste.base import etiquetas
from gpucoste.calculo import interrupciones, modalidades
from gpucoste.cli.entradas import CON_INTERRUMPIBLE, DADO, fila, opcion_gpu, precio_hora_de, tabla
from gpucoste.cli.opciones import Opcion, Salida, no_negativo, orden, positivo
from gpucoste.guia import decisiones

__all__ = []


@orden(
    "interrumpible",
    "horas y coste esperados en una instancia interrumpible, y la tasa a la que deja de compensar",
    opcion_gpu(decisiones.GPU_ALQUILADA),
    Opcion(
        "--proveedor",
        "proveedor con precio interrumpible: el leído en precios.csv o, si no lo hay, su bajo demanda con el ahorro "
        "de modalidades.csv (la columna origen dice cuál)",
        CON_INTERRUMPIBLE,
        "Vast.ai",
    ),
    Opcion("--horas", "horas de cómputo del trabajo", positivo, obligatoria=True),
    Opcion(
        "--interrupciones-hora",
        "interrupciones por hora de media (por defecto, la de supuestos.csv: un supuesto de esta guía)",
        no_negativo,
    ),
    Opcion(
        "--escritura-min",
        "minutos que tarda en escribirse un checkpoint (por defecto, la estimación de supuestos.csv)",
        positivo,
    ),
    Opcion(
        "--reinicio-min",
        "minutos para volver tras una interrupción (por defecto, el arranque de supuestos.csv)",
        no_negativo,
    ),
    Opcion(
        "--precio-hora",
        "dólares por hora de la interrumpible (por defecto, el del proveedor: leído o por la regla)",
        positivo,
    ),
    Opcion("--precio-bajo-demanda", "dólares por hora bajo demanda (por defecto, el del proveedor)", positivo),
    Opcion("--intervalo-min", "minutos de cómputo entre checkpoints (sin él, el óptimo de Daly)", positivo),
    ejemplo='--gpu "RTX 4090" --horas 6 --interrupciones-hora 0,25',
    dinero=True,
)
def _interrumpible(
    gpu: str,
    proveedor: str,
    horas: float,
    interrupciones_hora: float | None,
    escritura_min: float | None,
    reinicio_min: float | None,
    precio_hora: float | None,
    precio_bajo_demanda: float | None,
    intervalo_min: float | None,
) -> Salida:
    origen_i = DADO
    if precio_hora is None:
        i = modalidades.precio_interrumpible(gpu, proveedor)
        precio_hora, origen_i = i.precio_hora_usd, i.describir().replace("`", "")
    bajo_demanda, origen_bd = precio_hora_de(precio_bajo_demanda, gpu, proveedor)
    s = interrupciones.supuestos()
    origen_t, origen_e, origen_r = DADO, DADO, DADO
    if interrupciones_hora is None:
        interrupciones_hora, origen_t = (
            s.interrupciones_hora,
            "supuestos.csv: interrupciones por hora de media (supuesto de esta guía)",
        )
    if escritura_min is None:
        escritura_min, origen_e = s.escritura_h * 60, "supuestos.csv: minutos en escribir un checkpoint (estimación)"
    if reinicio_min is None:
        reinicio_min, origen_r = s.reinicio_min_h * 60, "supuestos.csv: minutos de arranque (los de la primera versión)"
    intervalo = None if intervalo_min is None else intervalo_min / 60
    r = interrupciones.retrabajo(
        horas, precio_hora, interrupciones_hora, escritura_min / 60, reinicio_min / 60, intervalo
    )
    e = r.esperado
    eq = interrupciones.tasa_equilibrio(
        horas, precio_hora, bajo_demanda, escritura_min / 60, reinicio_min / 60, intervalo
    )
    i = etiquetas.INTERRUMPIBLE
    intervalo = (etiquetas.CHECKPOINT_CADA, DADO) if intervalo_min else (etiquetas.CHECKPOINT_DALY, "óptimo de Daly")
    d = etiquetas.INTERRUMPIBLE_ENTRADAS  # las de los campos del formulario, con su unidad
    filas = [
        fila(f"{d['precio_interrumpible']} (US$/h)", precio_hora, origen_i),
        fila(f"{d['precio_bajo_demanda']} (US$/h)", bajo_demanda, origen_bd),
        fila(d["interrupciones_hora"], interrupciones_hora, origen_t),
        fila(f"{d['escritura_min']} (minutos)", escritura_min, origen_e),
        fila(f"{d['reinicio_min']} (minutos)", reinicio_min, origen_r),
        fila(intervalo[0], e.intervalo * 60, intervalo[1]),
        fila(i["horas"], e.horas, "calculado"),
        fila(i["interrupciones"], e.interrupciones, "calculado"),
        fila(i["retrabajo"], r.coste, "calculado: modelo de Daly"),
        fila(i["coste"], e.coste, "calculado"),
        fila(i["bajo_demanda"], bajo_demanda * horas, "calculado"),
        fila(
            i["equilibrio"],
            eq.umbral,
            "calculado" if eq.umbral is not None else f"sin equilibrio: {eq.motivo}",
        ),
    ]
    return tabla(filas)
