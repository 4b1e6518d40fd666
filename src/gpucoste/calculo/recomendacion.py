"""«Cuándo compensa cada opción», calculado: para una carga descrita, la opción más barata y por qué.

Las opciones son las de la tabla de la primera versión: local (solo electricidad: la GPU ya es tuya), API por token,
GPU alquilada por horas y GPU reservada (todo el mes, al precio reservado del proveedor que ofrece la reserva:
:func:`gpucoste.calculo.modalidades.precio_reservado`). Cada una se calcula o se descarta con su motivo; gana la más
barata de las posibles. Importes en dólares (``precio_kwh`` ya convertido).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucoste.base import formato
from gpucoste.base.validacion import Validado, horas_mes, numero, resultado
from gpucoste.calculo.coste import HORAS_MES
from gpucoste.calculo.electricidad import SEGUNDOS_HORA, coste_electricidad
from gpucoste.calculo.equilibrios import coste_api_mes

__all__ = ["OPCIONES", "Opcion", "Recomendacion", "elegir", "horas_para_tokens", "recomendar"]


LOCAL, API, POR_HORAS, RESERVADA = "Local", "API por token", "GPU alquilada por horas", "GPU reservada"
OPCIONES = (LOCAL, API, POR_HORAS, RESERVADA)


@dataclass(frozen=True)
class Opcion(Validado):
    nombre: str
    coste: float | None
    """Dólares al mes; ``None`` si la opción no sirve para esta carga."""
    razon: str


@dataclass(frozen=True)
class Recomendacion(Validado):
    opcion: str
    coste: float
    razones: tuple[str, ...]
    """Una frase por opción, calculada: su coste o por qué se descarta; la primera, la de la ganadora."""
    opciones: tuple[Opcion, ...]


def horas_para_tokens(tokens: float, tokens_s: float) -> float:
    """Horas de GPU que tarda en generar ``tokens`` a ``tokens_s`` tokens por segundo."""
    horas = numero(tokens, "tokens", cero=True) / (numero(tokens_s, "tokens_s") * SEGUNDOS_HORA)
    return resultado(horas, "horas_para_tokens", {"tokens": tokens, "tokens_s": tokens_s})


def _dolares(x: float) -> str:
    return formato.dolares(x, 2 if x < 100 else 0)


def recomendar(
    horas_gpu: float,
    continuo: bool,
    precio_hora: float,
    precio_reservada: float | None,
    tokens_mes: float | None = None,
    precio_millon_api: float | None = None,
    privado: bool = False,
    horas_local: float | None = None,
    potencia_local_w: float | None = None,
    precio_kwh: float | None = None,
    horas: float = HORAS_MES,
) -> Recomendacion:
    """La opción más barata para una carga mensual, con el coste de cada opción como razón.

    - ``horas_gpu``: horas de GPU alquilada que necesita el trabajo del mes (para generar tokens:
      :func:`horas_para_tokens`).
    - ``continuo``: un servicio siempre encendido (paga ``horas`` al mes por GPU, la usen o no) o un trabajo con
      principio y fin (paga solo ``horas_gpu``).
    - ``tokens_mes`` y ``precio_millon_api`` (por millón, entrada incluida): sin ellos no hay opción API
      (p. ej., un fine-tuning). ``privado``: los datos no pueden salir de casa, ni a la API ni a la nube.
    - ``precio_hora``: US$/h de la GPU alquilada por horas; ``precio_reservada``: US$/h de la GPU reservada, con el
      descuento ya aplicado al precio del proveedor que lo ofrece (``modalidades.precio_reservado``; nunca el
      descuento de un proveedor sobre el precio de otro). ``None``: ningún proveedor ofrece reserva.
    - ``horas_local``, ``potencia_local_w`` y ``precio_kwh``: la GPU que ya tienes (sin ellos, no hay opción
      local); su compra no se cuenta (para eso, :func:`gpucoste.calculo.compra.comprar_o_alquilar`).
    """
    necesarias = numero(horas_gpu, "horas_gpu", cero=True)
    precio = numero(precio_hora, "precio_hora")
    reservada = None if precio_reservada is None else numero(precio_reservada, "precio_reservada")
    mes = horas_mes(horas, "horas")
    if not isinstance(continuo, bool) or not isinstance(privado, bool):
        raise ValueError(f"continuo/privado: {continuo!r}/{privado!r} no valen; se admite True o False.")
    # Los opcionales dados se validan siempre, también cuando su pareja falta y no se usan.
    for valor, nombre, cero in (
        (tokens_mes, "tokens_mes", True),
        (precio_millon_api, "precio_millon_api", True),
        (potencia_local_w, "potencia_local_w", False),
        (precio_kwh, "precio_kwh", True),
    ):
        if valor is not None:
            numero(valor, nombre, cero=cero)
    gpus = max(1, math.ceil(resultado(necesarias / mes, "recomendar", {"horas_gpu": horas_gpu, "horas": horas})))
    opciones = []

    # Local: la GPU propia, solo electricidad.
    if horas_local is None:
        opciones.append(Opcion(LOCAL, None, "no hay una GPU local en la que quepa el trabajo"))
    else:
        h_local = numero(horas_local, "horas_local", cero=True)
        if potencia_local_w is None or precio_kwh is None:
            raise ValueError(
                f"horas_local: {horas_local!r} sin potencia_local_w y precio_kwh; se admite horas_local junto con "
                "los dos (números mayores que 0)."
            )
        por_hora = coste_electricidad(potencia_local_w, precio_kwh).por_hora
        if h_local > mes:
            razon = f"la GPU local tardaría {formato.numero(h_local, 0)} horas: no acaba en un mes"
            opciones.append(Opcion(LOCAL, None, razon))
        else:
            encendida = mes if continuo else h_local
            coste = por_hora * encendida
            # Con un decimal si no son horas enteras: «5,1 horas», como la carga que las pide (no «5»).
            horas = formato.numero(encendida, 0 if float(encendida).is_integer() else 1)
            razon = f"{_dolares(coste)} al mes de electricidad ({horas} horas de uso al mes)"
            opciones.append(Opcion(LOCAL, coste, razon))

    # API por token.
    if tokens_mes is None or precio_millon_api is None:
        opciones.append(Opcion(API, None, "no hay API por token para este trabajo"))
    elif privado:
        opciones.append(Opcion(API, None, "los datos no pueden salir: la API queda descartada"))
    else:
        coste = coste_api_mes(tokens_mes, precio_millon_api)
        millones = formato.numero(tokens_mes / 1e6, 0 if tokens_mes % 1e6 == 0 else 1)
        razon = f"{_dolares(coste)} al mes: {millones} millones de tokens"
        opciones.append(Opcion(API, coste, razon))

    # GPU alquilada por horas y reservada.
    if privado:
        for nombre in (POR_HORAS, RESERVADA):
            opciones.append(Opcion(nombre, None, "los datos no pueden salir: la nube queda descartada"))
    else:
        pagadas = gpus * mes if continuo else necesarias
        carga = necesarias / (gpus * mes)
        coste = pagadas * precio
        razon = f"{_dolares(coste)} al mes: {formato.numero(pagadas, 0)} horas a {_dolares(precio)}/h"
        opciones.append(Opcion(POR_HORAS, coste, razon))
        if reservada is None:
            opciones.append(Opcion(RESERVADA, None, "ningún proveedor de los datos ofrece reservar esta GPU"))
        else:
            coste = gpus * mes * reservada
            cuantas = "una GPU reservada" if gpus == 1 else f"{gpus} GPU reservadas"
            las = "la GPU" if gpus == 1 else "las GPU"
            razon = (
                f"{_dolares(coste)} al mes: {cuantas} todo el mes a {_dolares(reservada)}/h, "
                f"con {las} al {formato.porcentaje(carga)} de carga"
            )
            opciones.append(Opcion(RESERVADA, coste, razon))

    for o in opciones:
        if o.coste is not None:
            resultado(o.coste, "recomendar", {"horas_gpu": horas_gpu, "precio_hora": precio_hora})
    if all(o.coste is None for o in opciones):
        local = next(o.razon for o in opciones if o.nombre == LOCAL)
        raise ValueError(
            f"privado: con datos privados no queda ninguna opción ({local}); se admite una GPU local que termine "
            f"el trabajo en el mes (horas_local como mucho {formato.numero(mes, 0)})."
        )
    return elegir(opciones)


def elegir(opciones: list[Opcion] | tuple[Opcion, ...]) -> Recomendacion:
    """La más barata de ``opciones`` (una por nombre de ``OPCIONES``; a igual coste, la primera de ``OPCIONES``),
    con la razón de cada una: la de la ganadora primero y las demás con su nombre delante. Lo comparten
    :func:`recomendar` y la recomendación para servir un tráfico
    (:func:`gpucoste.calculo.servicio_recomendacion.recomendar_servicio`). Sin ninguna opción posible,
    ``ValueError``."""
    if not isinstance(opciones, list | tuple) or not all(isinstance(o, Opcion) for o in opciones):
        raise ValueError(f"opciones: {opciones!r} no vale; se admite una lista de Opcion.")
    if any(o.nombre not in OPCIONES for o in opciones) or len({o.nombre for o in opciones}) != len(opciones):
        raise ValueError(f"opciones: {opciones!r} no vale; se admite una Opcion por nombre de {OPCIONES}.")
    posibles = [o for o in opciones if o.coste is not None]
    if not posibles:
        raise ValueError(f"opciones: ninguna es posible ({'; '.join(o.razon for o in opciones)}).")
    ganadora = min(posibles, key=lambda o: (o.coste, OPCIONES.index(o.nombre)))
    resto = [o for o in opciones if o is not ganadora]
    return Recomendacion(
        opcion=ganadora.nombre,
        coste=ganadora.coste,
        razones=(ganadora.razon, *(f"{o.nombre}: {o.razon}" for o in resto)),
        opciones=tuple(opciones),
    )
