"""¿API por token, GPU por horas o reservada para servir un tráfico? Las filas de servir un modelo de «Cuándo
compensa cada opción» y la velocidad de una GPU que sirve, sobre el modelo de capacidad.

Una sola cuenta para cada pregunta: el coste de cada manera de servir es el de
:func:`gpucoste.calculo.servicio_costes.opciones` (el que imprime ``gpucoste servir``) y la elección, la de
:func:`gpucoste.calculo.recomendacion.elegir` (la de ``gpucoste recomendar``). Los tokens por segundo que una GPU
sostiene sirviendo (``rendimiento_servicio``) salen de :func:`gpucoste.calculo.servicio.capacidad`: lo que una réplica
llena atiende en la hora punta sin pasar de los objetivos de latencia, y lo que eso da de media en el día.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import formato
from gpucoste.base.validacion import Validado
from gpucoste.calculo import recomendacion, servicio, servicio_costes
from gpucoste.calculo.recomendacion import _dolares  # la misma regla de redondeo que las demás razones

__all__ = ["RendimientoServicio", "recomendar_servicio", "rendimiento_servicio"]


@dataclass(frozen=True)
class RendimientoServicio(Validado):
    """Lo que genera cada GPU de una réplica (de ``gpus_por_replica`` GPU) llena en la hora punta y de media en el
    día: los tokens de la réplica ÷ sus GPU, para compararlos con el precio por hora de una GPU."""

    modelo: str
    gpu: str
    gpus_por_replica: int
    lote: int
    """Peticiones a la vez de la réplica llena (las que caben sin pasar de los objetivos de latencia)."""
    tokens_s_pico: float
    """Tokens generados por segundo y GPU de la réplica llena (en la hora punta)."""
    tokens_s_media: float
    """Los de la hora punta ÷ ``factor_pico``: lo que genera de media en el día si la hora punta la llena."""
    factor_pico: float


def rendimiento_servicio(
    modelo: str,
    gpu: str,
    *,
    supuestos: servicio.Supuestos = servicio.Supuestos(),
) -> RendimientoServicio:
    """Tokens por segundo que genera cada GPU de una réplica de ``gpu`` sirviendo ``modelo`` con la hora punta llena,
    y su media en el día: la velocidad de una GPU «llena» de «¿API por token o GPU alquilada?».

    ``supuestos``: los del tráfico, como en :func:`gpucoste.calculo.servicio.capacidad`. Lo que atiende una réplica
    no depende del tráfico: se calcula con el mínimo (un mensaje al día).
    """
    c = servicio.capacidad(modelo, gpu, 1.0, supuestos=supuestos)
    pico = c.peticiones_s_replica * supuestos.salida / c.gpus_por_replica
    factor = supuestos.factor_pico
    return RendimientoServicio(c.modelo, c.gpu, c.gpus_por_replica, c.lote_max, pico, pico / factor, factor)


_POR_HORAS = tuple(c for c in servicio_costes.OPCIONES if c not in ("API", "reservada", "comprada"))
"""Clases de ``servicio_costes.OPCIONES`` que son «GPU alquilada por horas» (la más barata de ellas compite);
la reservada es «GPU reservada» y la comprada, con su pago inicial, no entra (no es un coste al mes)."""


def _cuantas(n: int, gpu: str) -> str:
    """«una RTX 3090», «7 RTX A6000»: el número de GPU en la prosa (el signo × es para un cociente)."""
    return f"una {gpu}" if n == 1 else f"{n} {gpu}"


def _razon_gpu(o: servicio_costes.OpcionServicio, participio: str, resto: str = "") -> str:
    """«… una RTX 3090 alquilada en …» / «… 7 RTX A6000 reservadas un mes en …»: ``participio`` en singular, con
    su plural según el número de GPU, y ``resto`` detrás."""
    como = f"{participio}{'s' if o.gpus > 1 else ''}{resto}"
    c, e = o.capacidad, o.escalada
    carga = c.uso_medio if e is None else e.carga_media
    carga = "menos del 1\N{NO-BREAK SPACE}%" if carga < 0.005 else formato.porcentaje(carga)
    if e is not None:  # «sigue el tráfico»: las GPU de cada hora, de la más tranquila a la punta
        menos, mas = min(e.replicas) * e.gpus_por_replica, max(e.replicas) * e.gpus_por_replica
        cuantas = _cuantas(o.gpus, o.gpu) if menos == mas else f"de {menos} a {mas} {o.gpu}"
        como = f"{como} hora a hora según el tráfico"
    else:
        cuantas = _cuantas(o.gpus, o.gpu)
    return (
        f"{_dolares(o.coste_mes_usd)} al mes: {cuantas} {como} en "
        f"{o.proveedor}, {formato.numero(c.tpot_s * 1000, 0)} ms por token, con "
        f"{'las GPU' if o.gpus > 1 else 'la GPU'} al {carga} de carga de media"
    )


def recomendar_servicio(
    modelo: str,
    mensajes_dia: float,
    *,
    con_api: bool = True,
    supuestos: servicio.Supuestos = servicio.Supuestos(),
) -> recomendacion.Recomendacion:
    """La manera más barata al mes de servir ``modelo`` a ``mensajes_dia`` mensajes al día, entre la API por token
    más barata, la GPU alquilada por horas más barata y la reservada más barata (``servicio_costes.opciones``), con
    la razón de cada una (número de GPU, latencia por token y carga media).

    ``con_api=False``: un modelo propio, que no vende ninguna API. La GPU de casa no entra (un servicio para
    usuarios); comprar las GPU, con su pago inicial, lo compara ``gpucoste servir``. ``supuestos``: los del tráfico,
    como en ``servicio_costes.opciones``.
    """
    if not isinstance(con_api, bool):
        raise ValueError(f"con_api: {con_api!r} no vale; se admite True o False.")
    todas = servicio_costes.opciones(modelo, mensajes_dia, supuestos=supuestos)

    def mas_barata(clases: tuple[str, ...]) -> servicio_costes.OpcionServicio | None:
        return min((o for o in todas if o.opcion in clases), key=lambda o: o.coste_mes_usd, default=None)

    apis = [o for o in todas if o.opcion == "API"]
    api = mas_barata(("API",))
    if not con_api:
        o_api = recomendacion.Opcion(recomendacion.API, None, "un modelo propio no lo vende ninguna API")
    elif api is None:
        o_api = recomendacion.Opcion(recomendacion.API, None, "ninguna API de los datos vende este modelo")
    else:
        cuantas = "la única API" if len(apis) == 1 else f"la más barata de {len(apis)} API"
        razon = f"{_dolares(api.coste_mes_usd)} al mes: {api.proveedor}, {cuantas} del modelo en los datos"
        o_api = recomendacion.Opcion(recomendacion.API, api.coste_mes_usd, razon)
    horas, reservada = mas_barata(_POR_HORAS), mas_barata(("reservada",))
    opciones = [
        recomendacion.Opcion(
            recomendacion.LOCAL, None, "la GPU de casa no entra en esta cuenta: es un servicio para otros usuarios"
        ),
        o_api,
        recomendacion.Opcion(
            recomendacion.POR_HORAS,
            None if horas is None else horas.coste_mes_usd,
            "ninguna GPU con precio por horas cumple" if horas is None else _razon_gpu(horas, "alquilada"),
        ),
        recomendacion.Opcion(
            recomendacion.RESERVADA,
            None if reservada is None else reservada.coste_mes_usd,
            "ningún proveedor de los datos ofrece reservar una GPU que cumpla"
            if reservada is None
            else _razon_gpu(reservada, "reservada", " un mes"),
        ),
    ]
    return recomendacion.elegir(opciones)
