"""La orden ``gpucoste servir``: ¿cuántas GPU para servir mi tráfico, y cuánto cuesta al mes cada manera de servirlo?

Llama a :func:`gpucoste.calculo.servicio_costes.opciones` (que usa el modelo de capacidad de
:mod:`gpucoste.calculo.servicio`) y devuelve una fila por opción: cada API por token que vende el modelo y, para cada
GPU con precio, las que pide la hora punta alquiladas bajo demanda, las que pide cada hora donde se factura por
segundo o minuto («sigue el tráfico»), reservadas un mes o compradas. Con ``--pais``,
cada importe también en su moneda con su impuesto (``localizar``).
"""

from __future__ import annotations

import pandas as pd

from gpucoste import datos
from gpucoste.base import etiquetas, formato
from gpucoste.calculo import (
    memoria,
    servicio,
    servicio_costes,
    servicio_escalado,
    servicio_frases,
    servicio_supuestos,
    servicio_validacion,
)
from gpucoste.cli.opciones import PAIS, Opcion, Salida, entero_positivo, no_negativo, nombre_de, orden, positivo
from gpucoste.guia import decisiones

__all__ = ["MENSAJES_DIA", "filas", "pie"]

MENSAJES_DIA = 200_000
"""Mensajes al día del ejemplo (sin ``--mensajes-dia``): el de la issue 31, una empresa pequeña que sirve un modelo
de 8B a unos 200.000 mensajes al día."""


def filas(opciones: tuple[servicio_costes.OpcionServicio, ...]) -> pd.DataFrame:
    """La tabla de la orden: una fila por opción, con sus claves de ``--formato csv``."""
    return pd.DataFrame([o.fila() for o in opciones])


def pie(mensajes_dia: float, supuestos: servicio.Supuestos, luz: str | None, sigue: bool = False) -> tuple[str, ...]:
    """Las líneas bajo la tabla: el tráfico y los objetivos (``supuestos``), el error del modelo, de dónde sale la luz
    y, con ``sigue``, cómo se reparte el día en «sigue el tráfico»."""
    media = mensajes_dia / 86_400
    entrada, salida, factor_pico = supuestos.entrada, supuestos.salida, supuestos.factor_pico
    ttft_ms, tpot_ms = supuestos.ttft_ms, supuestos.tpot_ms
    v = servicio_validacion.validacion()
    pico = servicio_frases.cifra_factor_pico(factor_pico)
    lineas = [
        f"Tráfico: {formato.numero(mensajes_dia, 0)} mensajes al día, {formato.numero(media)} peticiones por segundo "
        f"de media y {formato.numero(media * factor_pico)} en la hora punta ({pico} veces la media); "
        f"{formato.numero(entrada, 0)} tokens de entrada y {formato.numero(salida, 0)} de salida por mensaje.",
        f"Objetivos: {formato.numero(ttft_ms, 0)} ms hasta el primer token y {formato.numero(tpot_ms, 0)} ms por token "
        "de salida.",
        f"Modelo de capacidad: con cada fuente fuera del ajuste, sus tokens/s se desvían un "
        f"{formato.porcentaje(v.error_tokens_s)} en mediana en {len(v.predicciones)} medidas de {v.fuentes} "
        "fuentes.",
    ]
    if sigue:
        lineas.append(
            f"GPU que siguen el tráfico (su número de GPU es el de la hora punta): "
            f"{servicio_frases.frase_perfil(factor_pico, markdown=False)}"
        )
    elif factor_pico > servicio_escalado.factor_maximo():
        lineas.append(
            f"Sin GPU que siguen el tráfico: una hora punta de {pico} veces la media no cabe en un día de 24 horas "
            f"(como mucho, {servicio_frases.cifra_factor_pico(servicio_escalado.factor_maximo())} veces)."
        )
    if luz is not None:
        lineas.append(
            f"GPU comprada: el pago inicial, una vez, y al mes la luz a consumo máximo (una cota alta), {luz}; con "
            "--pais, en tu moneda, la luz sin sumar el impuesto (el precio del kWh ya trae los suyos) y el pago "
            "inicial con él."
        )
    return tuple(lineas)


@orden(
    "servir",
    "GPU, latencia y coste al mes de servir un modelo a tu tráfico: API por token, alquiladas, reservadas o compradas",
    Opcion("--modelo", "modelo de modelos.csv", nombre_de("Modelo", datos.modelos), decisiones.MODELO),
    Opcion("--mensajes-dia", "mensajes al día", no_negativo, MENSAJES_DIA),
    Opcion("--peticiones-s", "peticiones por segundo de media (sustituye a --mensajes-dia)", no_negativo),
    Opcion(
        "--entrada",
        "tokens de entrada por mensaje (con la conversación previa)",
        entero_positivo,
        servicio.TOKENS_ENTRADA,
    ),
    Opcion("--salida", "tokens generados por mensaje", entero_positivo, servicio.TOKENS_SALIDA),
    Opcion("--factor-pico", "peticiones en la hora punta ÷ la media del día", positivo, servicio.FACTOR_PICO),
    Opcion(
        "--precision",
        "formato de los pesos",
        defecto=servicio_supuestos.PRECISION,
        valores=servicio_supuestos.PRECISIONES,
    ),
    Opcion("--ttft-ms", "milisegundos como mucho hasta el primer token", positivo, servicio.OBJETIVO_TTFT_MS),
    Opcion("--tpot-ms", "milisegundos como mucho por token de salida", positivo, servicio.OBJETIVO_TPOT_MS),
    Opcion("--gpu", "solo esta GPU (por defecto, cada GPU con precio)", nombre_de("GPU con precio", datos.gpus)),
    Opcion(
        "--pais",
        f"{PAIS.ayuda}; también el precio de compra de su tienda y su kWh (sin él, el de {decisiones.PAIS_LUZ})",
        PAIS.tipo,
    ),
    Opcion("--precio-kwh", "dólares por kWh de las GPU compradas (por defecto, el de un hogar de --pais)", no_negativo),
    ejemplo='--modelo "Llama 3.1 8B" --mensajes-dia 200000 --pais MX',
    dinero=True,
)
def _servir(
    modelo: str,
    mensajes_dia: float,
    peticiones_s: float | None,
    entrada: int,
    salida: int,
    factor_pico: float,
    precision: str,
    ttft_ms: float,
    tpot_ms: float,
    gpu: str | None,
    pais: str | None,
    precio_kwh: float | None,
) -> Salida:
    if peticiones_s is not None:
        if peticiones_s == 0:
            raise ValueError(
                "--peticiones-s: 0 no vale: sin tráfico no hace falta ninguna GPU; se admite un número mayor que 0."
            )
        mensajes_dia = servicio.de_peticiones_s(peticiones_s)
    memoria.modelo(modelo)
    supuestos = servicio.Supuestos(
        entrada=entrada, salida=salida, factor_pico=factor_pico, precision=precision, ttft_ms=ttft_ms, tpot_ms=tpot_ms
    )
    luz = None
    if precio_kwh is None:
        l_ = decisiones.luz_o_ninguna(pais)  # un país sin precio del kWh con fuente: sin opción comprada
        if l_ is not None:
            precio_kwh = l_.usd_kwh
            luz = f"a {formato.numero(l_.usd_kwh, 3)} US$/kWh ({l_.pais}, {formato.periodo(l_.periodo)})"
    else:
        luz = f"a {formato.numero(precio_kwh, 3)} US$/kWh"
    opciones = servicio_costes.opciones(
        modelo, mensajes_dia, supuestos=supuestos, gpu=gpu, pais=pais, precio_kwh=precio_kwh
    )
    tabla = filas(opciones)
    lineas = pie(
        mensajes_dia,
        supuestos,
        luz if any(o.opcion == "comprada" for o in opciones) else None,
        any(o.opcion == "sigue el tráfico" for o in opciones),
    )
    return Salida(
        tabla,
        dict(etiquetas.SERVIR_DECIMALES),
        lineas,
        encabezados=dict(etiquetas.SERVIR),
        porcentajes=tuple(sorted(etiquetas.SERVIR_PORCENTAJES)),
        sin_impuesto=tuple((i, k) for i, o in enumerate(opciones) for k in o.sin_impuesto),
    )
