"""La orden ``gpucoste recomendar``: la opción más barata para una carga mensual (local, API, GPU por horas o
reservada), con su razón.

Llama a :func:`gpucoste.calculo.recomendacion.recomendar` con los precios de los datos (el vigente más barato, la
reserva de un mes de ``modalidades.csv``, la API más barata, la luz del país) o con los números dados
(``cli.entradas``). Se registra al importarla, como las demás órdenes (``gpucoste.cli`` la importa).
"""

from __future__ import annotations

import pandas as pd

from gpucoste.calculo import modalidades, recomendacion
from gpucoste.cli.entradas import (
    CON_RESERVA,
    GPUS,
    MODELOS,
    PAIS_KWH,
    PRECIO_KWH,
    kwh_de,
    opcion_gpu,
    precio_hora_de,
    vatios_de,
)
from gpucoste.cli.opciones import Opcion, Salida, no_negativo, orden, positivo
from gpucoste.guia import decisiones

__all__ = []


@orden(
    "recomendar",
    "la opción más barata (local, API, GPU por horas o reservada) para una carga mensual, con su razón",
    Opcion("--horas-gpu", "horas de GPU alquilada que necesita el trabajo del mes", no_negativo, obligatoria=True),
    Opcion(
        "--continuo",
        "servicio siempre encendido (sí) o trabajo con principio y fin (no)",
        obligatoria=True,
        valores=("sí", "no"),
    ),
    opcion_gpu(decisiones.GPU_ALQUILADA, "GPU alquilada, de gpus.csv"),
    Opcion("--precio-hora", "dólares por hora de la GPU alquilada (por defecto, el vigente más barato)", positivo),
    Opcion(
        "--proveedor-reserva",
        "proveedor con descuento por reservar un mes en modalidades.csv (por defecto, el más barato para --gpu); "
        "su descuento se aplica a su propio precio, no a --precio-hora",
        CON_RESERVA,
    ),
    Opcion(
        "--precio-hora-reserva",
        "dólares por hora bajo demanda del proveedor de la reserva, antes del descuento (por defecto, el suyo)",
        positivo,
    ),
    Opcion("--descuento-reserva", "descuento de la reserva, de 0 a 1 (0,2 = 20 %%)", no_negativo),
    Opcion("--tokens-mes", "tokens generados al mes (sin ellos, no hay opción API)", no_negativo),
    Opcion("--modelo", "modelo de la API (api_precios.csv, la más barata) si no se da --precio-millon-api", MODELOS),
    Opcion("--precio-millon-api", "dólares por millón de tokens en la API, entrada incluida", no_negativo),
    Opcion("--privado", "los datos no pueden salir de casa", defecto="no", valores=("sí", "no")),
    Opcion("--horas-local", "horas que tarda en tu GPU (sin ellas, no hay opción local)", no_negativo),
    Opcion("--gpu-local", "tu GPU, de gpus.csv (su consumo)", GPUS, "RTX 4090"),
    Opcion("--vatios-local", "potencia de tu GPU (W); por defecto, la de --gpu-local", positivo),
    PAIS_KWH,
    PRECIO_KWH,
    ejemplo="--horas-gpu 6 --continuo no",
    dinero=True,
)
def _recomendar(
    horas_gpu: float,
    continuo: str,
    gpu: str,
    precio_hora: float | None,
    proveedor_reserva: str | None,
    precio_hora_reserva: float | None,
    descuento_reserva: float | None,
    tokens_mes: float | None,
    modelo: str | None,
    precio_millon_api: float | None,
    privado: str,
    horas_local: float | None,
    gpu_local: str,
    vatios_local: float | None,
    pais: str | None,
    precio_kwh: float | None,
) -> Salida:
    precio, _ = precio_hora_de(precio_hora, gpu)
    # La reserva: el descuento de su proveedor sobre el precio de ese mismo proveedor (modalidades.precio_reservado).
    pie: tuple[str, ...] = ()
    sin_reserva = proveedor_reserva is None and not modalidades.proveedores_reserva(gpu, 1)
    if sin_reserva and (precio_hora_reserva is None or descuento_reserva is None):
        precio_reservada = None  # ningún proveedor de los datos ofrece reservar esta GPU: la opción se descarta
    elif precio_hora_reserva is None or descuento_reserva is None:
        r = modalidades.precio_reservado(gpu, proveedor_reserva, 1)
        if precio_hora_reserva is None and descuento_reserva is None:
            pie = (f"GPU reservada: {r.describir().replace('`', '')}.",)
        precio_hora_reserva = r.bajo_demanda.precio_hora_usd if precio_hora_reserva is None else precio_hora_reserva
        descuento_reserva = r.descuento if descuento_reserva is None else descuento_reserva
    if sin_reserva and (precio_hora_reserva is None or descuento_reserva is None):
        pie = ("GPU reservada: ningún proveedor de los datos con descuento por reservar tiene precio de esta GPU.",)
    else:
        if not 0 <= descuento_reserva < 1:
            raise ValueError(
                f"--descuento-reserva: {descuento_reserva!r} no vale; se admite un número de 0 a menos de 1."
            )
        precio_reservada = precio_hora_reserva * (1 - descuento_reserva)
    if tokens_mes is not None and precio_millon_api is None and modelo is not None:
        precio_millon_api = decisiones.api_mas_barata(modelo).millon_mezclado(decisiones.ENTRADA_POR_SALIDA)
    if horas_local is not None:
        vatios_local = vatios_de(vatios_local, gpu_local)[0]
        precio_kwh = kwh_de(precio_kwh, pais)[0]
    r = recomendacion.recomendar(
        horas_gpu,
        continuo == "sí",
        precio,
        precio_reservada,
        tokens_mes,
        precio_millon_api,
        privado == "sí",
        horas_local,
        vatios_local,
        precio_kwh,
    )
    posibles = sorted((o for o in r.opciones if o.coste is not None), key=lambda o: o.nombre != r.opcion)
    tabla = pd.DataFrame([{"opción": o.nombre, "coste al mes (US$)": o.coste, "razón": o.razon} for o in posibles])
    return Salida(tabla, {"coste al mes (US$)": 2}, pie)
