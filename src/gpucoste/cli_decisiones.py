"""Órdenes de las calculadoras de decisión: ``electricidad``, ``api-o-gpu``, ``reservar``, ``comprar``,
``local-o-alquilar``, ``interrumpible`` y ``recomendar``.

Se registran en :mod:`gpucoste.cli` con su decorador ``orden`` (que las importa): cada una llama a la
biblioteca y devuelve una tabla; los errores, el ``--formato`` y el código de salida son los de la CLI.
"""

from __future__ import annotations

import pandas as pd

from . import compra, equilibrios, interrupciones, recomendacion
from .cli import Opcion, Salida, no_negativo, orden, positivo
from .coste import HORAS_MES
from .electricidad import coste_electricidad


def _equilibrio(e: equilibrios.Equilibrio, decimales: int = 2) -> Salida:
    """Un ``Equilibrio`` como tabla: el umbral y lo que cuesta cada opción en él, o por qué no lo hay."""
    if e.umbral is None:
        return Salida(pd.DataFrame([{"resultado": "sin equilibrio", "motivo": e.motivo}]))
    filas = [
        {"concepto": f"umbral ({e.unidad})", "valor": e.umbral},
        {"concepto": f"coste: {e.opcion_a} (US$)", "valor": e.coste_a},
        {"concepto": f"coste: {e.opcion_b} (US$)", "valor": e.coste_b},
    ]
    return Salida(pd.DataFrame(filas), {"valor": decimales})


@orden(
    "electricidad",
    "electricidad de una GPU por hora de uso y por millón de tokens generados",
    Opcion("--vatios", "potencia de la GPU (W)", positivo, obligatoria=True),
    Opcion("--precio-kwh", "precio del kWh, en la moneda del resultado", no_negativo, obligatoria=True),
    Opcion("--tokens-s", "tokens generados por segundo (para el coste por millón)", positivo),
    ejemplo="--vatios 450 --precio-kwh 0,29 --tokens-s 54",
)
def _electricidad(vatios: float, precio_kwh: float, tokens_s: float | None) -> Salida:
    e = coste_electricidad(vatios, precio_kwh, tokens_s)
    filas = [{"concepto": "por hora", "coste": e.por_hora}]
    if e.por_millon_tokens is not None:
        filas.append({"concepto": "por millón de tokens", "coste": e.por_millon_tokens})
    return Salida(pd.DataFrame(filas), {"coste": 4})


@orden(
    "api-o-gpu",
    "tokens al mes desde los que una GPU alquilada 24/7 sale más barata que una API por token",
    Opcion("--precio-hora", "dólares por hora de la GPU", positivo, obligatoria=True),
    Opcion("--tokens-s", "tokens por segundo que genera la GPU", positivo, obligatoria=True),
    Opcion("--precio-entrada", "dólares por millón de tokens de entrada en la API", positivo, obligatoria=True),
    Opcion("--precio-salida", "dólares por millón de tokens de salida en la API", positivo, obligatoria=True),
    Opcion("--entrada-por-salida", "tokens de entrada por token generado", no_negativo, 1.0),
    ejemplo="--precio-hora 0,34 --tokens-s 800 --precio-entrada 0,18 --precio-salida 0,18",
)
def _api_o_gpu(
    precio_hora: float, tokens_s: float, precio_entrada: float, precio_salida: float, entrada_por_salida: float
) -> Salida:
    e = equilibrios.api_o_gpu(precio_hora, tokens_s, precio_entrada, precio_salida, entrada_por_salida)
    millon = equilibrios.precio_millon_mezclado(precio_entrada, precio_salida, entrada_por_salida)
    minimo = equilibrios.tokens_s_minimos(precio_hora, millon)
    if e.umbral is None:
        tabla = pd.DataFrame([{"resultado": "sin equilibrio", "motivo": e.motivo, "tokens/s para empatar": minimo}])
        return Salida(tabla, {"tokens/s para empatar": 0})
    filas = [
        {"concepto": "umbral (millones de tokens al mes)", "valor": e.umbral / 1e6},
        {"concepto": f"coste: {e.opcion_a} (US$)", "valor": e.coste_a},
        {"concepto": f"coste: {e.opcion_b} (US$)", "valor": e.coste_b},
        {"concepto": "tokens/s para empatar", "valor": minimo},
    ]
    return Salida(pd.DataFrame(filas), {"valor": 2})


@orden(
    "reservar",
    "uso a partir del cual reservar sale más barato que pagar on-demand",
    Opcion("--precio-hora", "dólares por hora on-demand", positivo, obligatoria=True),
    Opcion("--descuento", "descuento de la reserva, de 0 a 1 (0,2 = 20 %%)", no_negativo, obligatoria=True),
    Opcion("--horas", "horas del periodo reservado (como mucho 744)", positivo, HORAS_MES),
    ejemplo="--precio-hora 0,34 --descuento 0,2",
)
def _reservar(precio_hora: float, descuento: float, horas: float) -> Salida:
    return _equilibrio(equilibrios.alquilar_o_reservar(precio_hora, descuento, horas))


@orden(
    "comprar",
    "meses de uso desde los que comprar la GPU sale más barato que alquilarla",
    Opcion("--precio-compra", "dólares que cuesta la GPU", positivo, obligatoria=True),
    Opcion("--precio-hora", "dólares por hora de alquiler", positivo, obligatoria=True),
    Opcion("--vatios", "potencia de la GPU (W)", positivo, obligatoria=True),
    Opcion("--precio-kwh", "dólares por kWh", no_negativo, obligatoria=True),
    Opcion("--horas-mes", "horas de uso al mes (como mucho 744)", positivo, obligatoria=True),
    Opcion("--reventa", "dólares que se recuperan al venderla (como mucho, lo que costó)", no_negativo, 0.0),
    ejemplo="--precio-compra 1599 --precio-hora 0,34 --vatios 450 --precio-kwh 0,34 --horas-mes 243",
)
def _comprar(
    precio_compra: float, precio_hora: float, vatios: float, precio_kwh: float, horas_mes: float, reventa: float
) -> Salida:
    return _equilibrio(compra.comprar_o_alquilar(precio_compra, precio_hora, vatios, precio_kwh, horas_mes, reventa), 1)


@orden(
    "local-o-alquilar",
    "precio por hora por debajo del cual una GPU alquilada cuesta menos que la luz de la tuya",
    Opcion("--horas-local", "horas que tarda el trabajo en tu GPU", positivo, obligatoria=True),
    Opcion("--vatios", "potencia de tu GPU (W)", positivo, obligatoria=True),
    Opcion("--precio-kwh", "dólares por kWh", positivo, obligatoria=True),
    Opcion("--horas-alquiler", "horas que tarda en la GPU alquilada", positivo, obligatoria=True),
    ejemplo="--horas-local 6 --vatios 450 --precio-kwh 0,34 --horas-alquiler 1,2",
)
def _local(horas_local: float, vatios: float, precio_kwh: float, horas_alquiler: float) -> Salida:
    return _equilibrio(equilibrios.local_o_alquilar(horas_local, vatios, precio_kwh, horas_alquiler), 3)


@orden(
    "interrumpible",
    "horas y coste esperados en una instancia interrumpible, y la tasa a la que deja de compensar",
    Opcion("--horas", "horas de cómputo del trabajo", positivo, obligatoria=True),
    Opcion("--interrupciones-hora", "interrupciones por hora de media", no_negativo, obligatoria=True),
    Opcion("--escritura-min", "minutos que tarda en escribirse un checkpoint", positivo, obligatoria=True),
    Opcion("--reinicio-min", "minutos para volver tras una interrupción", no_negativo, obligatoria=True),
    Opcion("--precio-hora", "dólares por hora de la interrumpible", positivo, obligatoria=True),
    Opcion("--precio-bajo-demanda", "dólares por hora on-demand (para el equilibrio)", positivo),
    Opcion("--intervalo-min", "minutos de cómputo entre checkpoints (sin él, el óptimo de Daly)", positivo),
    ejemplo="--horas 6 --interrupciones-hora 0,25 --escritura-min 1 --reinicio-min 15 --precio-hora 0,225 "
    "--precio-bajo-demanda 0,45",
)
def _interrumpible(
    horas: float,
    interrupciones_hora: float,
    escritura_min: float,
    reinicio_min: float,
    precio_hora: float,
    precio_bajo_demanda: float | None,
    intervalo_min: float | None,
) -> Salida:
    intervalo = None if intervalo_min is None else intervalo_min / 60
    e = interrupciones.esperado(
        horas, interrupciones_hora, escritura_min / 60, reinicio_min / 60, precio_hora, intervalo
    )
    filas = [
        {"concepto": "checkpoint cada (minutos)", "valor": e.intervalo * 60},
        {"concepto": "horas esperadas", "valor": e.horas},
        {"concepto": "coste esperado (US$)", "valor": e.coste},
        {"concepto": "interrupciones esperadas", "valor": e.interrupciones},
    ]
    if precio_bajo_demanda is not None:
        eq = interrupciones.tasa_equilibrio(
            horas, precio_hora, precio_bajo_demanda, escritura_min / 60, reinicio_min / 60, intervalo
        )
        filas.append({"concepto": "coste on-demand (US$)", "valor": eq.coste_b or precio_bajo_demanda * horas})
        if eq.umbral is not None:
            filas.append({"concepto": "interrupciones por hora del equilibrio", "valor": eq.umbral})
    return Salida(pd.DataFrame(filas), {"valor": 2})


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
    Opcion("--precio-hora", "dólares por hora de la GPU alquilada", positivo, obligatoria=True),
    Opcion("--descuento-reserva", "descuento de la reserva, de 0 a 1 (0,2 = 20 %%)", no_negativo, obligatoria=True),
    Opcion("--tokens-mes", "tokens generados al mes (con --precio-millon-api: opción API)", no_negativo),
    Opcion("--precio-millon-api", "dólares por millón de tokens en la API, entrada incluida", no_negativo),
    Opcion("--privado", "los datos no pueden salir de casa", defecto="no", valores=("sí", "no")),
    Opcion("--horas-local", "horas que tarda en tu GPU (sin ella, no hay opción local)", no_negativo),
    Opcion("--vatios-local", "potencia de tu GPU (W)", positivo),
    Opcion("--precio-kwh", "dólares por kWh", no_negativo),
    ejemplo="--horas-gpu 6 --continuo no --precio-hora 0,34 --descuento-reserva 0,2",
)
def _recomendar(
    horas_gpu: float,
    continuo: str,
    precio_hora: float,
    descuento_reserva: float,
    tokens_mes: float | None,
    precio_millon_api: float | None,
    privado: str,
    horas_local: float | None,
    vatios_local: float | None,
    precio_kwh: float | None,
) -> Salida:
    r = recomendacion.recomendar(
        horas_gpu,
        continuo == "sí",
        precio_hora,
        descuento_reserva,
        tokens_mes,
        precio_millon_api,
        privado == "sí",
        horas_local,
        vatios_local,
        precio_kwh,
    )
    posibles = sorted((o for o in r.opciones if o.coste is not None), key=lambda o: o.nombre != r.opcion)
    tabla = pd.DataFrame([{"opción": o.nombre, "coste al mes (US$)": o.coste, "razón": o.razon} for o in posibles])
    return Salida(tabla, {"coste al mes (US$)": 2})
