"""¿Y si las GPU siguen el tráfico? GPU alquiladas solo las horas que las pide, donde se factura por segundo o minuto.

Dimensionar para la hora punta (``gpucoste.calculo.servicio.capacidad``) y pagar esas GPU todo el mes es lo seguro,
pero de noche sobran. Con un perfil del día (``trafico_horario.csv``: cuántas veces la media llega en cada hora), las
réplicas de cada hora son las que pide su tráfico, ``ceil(peticiones por segundo de esa hora ÷ lo que atiende una
réplica)`` y al menos una; se pagan solo esas horas, más los minutos de arranque de cada réplica que se enciende
(``minutos_arranque`` de ``supuestos.csv``: bajar la imagen y los pesos antes de atender). Solo tiene sentido donde
la facturación va por segundo o por minuto (``politicas.csv``): con facturación por hora, apagar media hora no ahorra.

El factor de pico del lector manda: el perfil publicado se eleva a la potencia que pone su hora punta en
``factor_pico`` veces la media (``perfil``), sin cambiar la media (los mensajes del día) ni el orden de las horas.

Python puro (sin pandas) y nada se lee al importar: sirve igual en el navegador.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.base.constantes import HORAS_MES
from gpucoste.base.validacion import Validado, entero, instancia, numero, opcion, resultado
from gpucoste.calculo import modalidades, servicio
from gpucoste.dinero import proveedores

__all__ = [
    "FACTURACIONES",
    "HORAS_DIA",
    "MINUTOS_ARRANQUE_MAX",
    "PERFIL",
    "Escalada",
    "arranques_al_dia",
    "coste_al_mes",
    "escalada",
    "facturan_por_tiempo",
    "factor_maximo",
    "minutos_arranque",
    "perfil",
    "perfil_publicado",
    "replicas_por_hora",
]

HORAS_DIA = 24
_REPLICAS_MAX = 10**9
"""Réplicas a la vez que se consideran como mucho (ningún servicio llega)."""

PERFIL = "azure-conversacion-2024"
"""El perfil de ``trafico_horario.csv`` que se usa si no se dice otro: la traza de conversación de Azure de 2024."""

FACTURACIONES = ("por segundo", "por minuto")
"""Cómo empieza la facturación (``politicas.csv``, aspecto ``facturacion``) de un proveedor donde apagar una GPU
unas horas ahorra esas horas."""

MINUTOS_ARRANQUE_MAX = 60.0
"""Minutos de arranque que se admiten como mucho: con más de una hora, apagar una réplica una hora costaría más que
dejarla en marcha."""


def _perfiles() -> dict[str, dict[int, int]]:
    salida: dict[str, dict[int, int]] = {}
    for f in datos.trafico_horario():
        salida.setdefault(f.perfil, {})[f.hora] = f.peticiones
    return salida


def perfil_publicado(nombre: str = PERFIL) -> tuple[float, ...]:
    """Las 24 horas del perfil ``nombre`` de ``trafico_horario.csv`` (de la hora 0 a la 23, UTC), cada una como
    veces la media de las 24: su media es 1 y su máximo, el factor de pico que publica la fuente."""
    perfiles = _perfiles()
    nombre = opcion(nombre, "Perfil de trafico_horario.csv", perfiles)
    horas = perfiles[nombre]
    faltan = sorted(set(range(HORAS_DIA)) - set(horas))
    if faltan:
        raise esquema.ErrorDeDatos(
            f"trafico_horario.csv: el perfil {nombre!r} no vale (le faltan las horas {faltan}); "
            "se admite una fila por hora, de 0 a 23."
        )
    media = sum(horas.values()) / HORAS_DIA
    return tuple(horas[h] / media for h in range(HORAS_DIA))


def _horas(valores: Sequence[float], nombre: str) -> tuple[float, ...]:
    """24 números mayores o iguales que 0, no todos 0: uno por hora del día."""
    admitido = "se admiten 24 números mayores o iguales que 0 (uno por hora), no todos 0"
    if not isinstance(valores, list | tuple):
        raise ValueError(f"{nombre}: {valores!r:.200} no vale; {admitido}.")
    horas = [numero(x, f"{nombre}[{i}]", cero=True) for i, x in enumerate(valores)]
    if len(horas) != HORAS_DIA or not any(horas):
        raise ValueError(f"{nombre}: {list(valores)!r:.200} no vale; {admitido}.")
    return tuple(horas)


def _base(base: Sequence[float] | None) -> tuple[float, ...]:
    """El perfil de partida: el publicado, o 24 números mayores que 0 (una hora sin tráfico no se ahonda ni se
    allana elevándola a una potencia)."""
    if base is None:
        return perfil_publicado()
    horas = _horas(base, "base")
    if min(horas) == 0:
        raise ValueError(f"base: {list(base)!r:.200} no vale; se admiten 24 números mayores que 0 (uno por hora).")
    return horas


def factor_maximo(base: Sequence[float] | None = None) -> float:
    """El mayor factor de pico que admite ``perfil`` con ``base`` (por defecto, ``perfil_publicado()``): 24 ÷ las
    horas empatadas en el máximo, el de un día con todo el tráfico en su hora punta."""
    p = _base(base)
    return HORAS_DIA / sum(1 for x in p if x == max(p))


def perfil(factor_pico: float = servicio.FACTOR_PICO, base: Sequence[float] | None = None) -> tuple[float, ...]:
    """Las 24 horas del día como veces la media, con la hora punta en ``factor_pico`` veces la media.

    ``base``: 24 cifras mayores que 0 (por defecto, ``perfil_publicado()``). Cada hora ``h`` queda en
    ``factor_pico × (base[h] ÷ máximo)^k``, con el ``k ≥ 0`` que deja la media en 1: el mismo orden de las horas y
    los mismos mensajes al día; ``k`` = 0 es un día plano (``factor_pico`` 1), ``k`` = 1 el perfil publicado con su
    propio factor, y un ``k`` mayor ahonda la noche. Un ``factor_pico`` por encima de ``factor_maximo(base)`` es
    un ``ValueError``.
    """
    p = _base(base)
    f = numero(factor_pico, "factor_pico")
    tope = factor_maximo(p)
    if f < 1 or f > tope:
        raise ValueError(
            f"factor_pico: {factor_pico!r} no vale para repartir el día por horas; se admite un número entre 1 y "
            f"{tope:g} (todo el tráfico del día en su hora punta)."
        )
    maximo = max(p)
    r = [x / maximo for x in p]

    def media(k: float) -> float:
        return sum(x**k for x in r) / HORAS_DIA

    objetivo = 1 / f
    if f == tope:
        pesos = [1.0 if x == 1 else 0.0 for x in r]
    else:
        alto = 1.0
        while media(alto) > objetivo and alto < 2.0**60:
            alto *= 2
        bajo = 0.0
        for _ in range(200):  # la media baja al subir k: bisección
            medio = (bajo + alto) / 2
            bajo, alto = (medio, alto) if media(medio) > objetivo else (bajo, medio)
            if alto - bajo <= 1e-15 * alto:
                break
        pesos = [x ** ((bajo + alto) / 2) for x in r]
    return tuple(f * w for w in pesos)


def replicas_por_hora(
    peticiones_s_media: float, peticiones_s_replica: float, perfil_horas: Sequence[float]
) -> tuple[int, ...]:
    """Réplicas que pide cada hora: ``ceil(peticiones_s_media × perfil_horas[h] ÷ peticiones_s_replica)``, al menos 1
    (``perfil_horas``: 24 cifras, veces la media; ``peticiones_s_replica``: lo que atiende una réplica sin pasar de
    los objetivos, ``servicio.Capacidad.peticiones_s_replica``)."""
    media = numero(peticiones_s_media, "peticiones_s_media")
    replica = numero(peticiones_s_replica, "peticiones_s_replica")
    p = _horas(perfil_horas, "perfil_horas")
    entradas = {"peticiones_s_media": peticiones_s_media, "peticiones_s_replica": peticiones_s_replica}
    punta = resultado(media * max(p) / replica, "replicas_por_hora", entradas)
    if punta > _REPLICAS_MAX:
        raise ValueError(
            f"replicas_por_hora: con {entradas} la hora punta pide más de {_REPLICAS_MAX} réplicas; se admite un "
            "tráfico menor o réplicas que atiendan más."
        )
    return tuple(max(1, math.ceil(media * x / replica - 1e-9)) for x in p)


def arranques_al_dia(replicas: Sequence[int]) -> int:
    """Réplicas que se encienden en un día que se repite: lo que sube el número de réplicas de cada hora a la
    siguiente (de la 23 a la 0 también)."""
    if not isinstance(replicas, list | tuple) or len(replicas) != HORAS_DIA:
        raise ValueError(f"replicas: {replicas!r:.200} no vale; se admiten 24 enteros mayores o iguales que 1.")
    r = [entero(x, "replicas", minimo=1) for x in replicas]
    return sum(max(0, r[h] - r[h - 1]) for h in range(HORAS_DIA))


def minutos_arranque() -> float:
    """Minutos de GPU facturada al encender una réplica (``minutos_arranque`` de ``supuestos.csv``, el máximo: una
    cota alta), sin pasar de ``MINUTOS_ARRANQUE_MAX``."""
    minutos = datos.supuestos()["minutos_arranque"].valor_max
    if minutos > MINUTOS_ARRANQUE_MAX:
        raise esquema.ErrorDeDatos(
            f"supuestos.csv: minutos_arranque={minutos!r} no vale para apagar GPU por horas; se admite como mucho "
            f"{MINUTOS_ARRANQUE_MAX:g} minutos."
        )
    return minutos


def coste_al_mes(
    replicas: Sequence[int], gpus_por_replica: int, precio_hora_usd: float, minutos: float | None = None
) -> float:
    """Dólares al mes de alquilar ``replicas[h]`` réplicas de ``gpus_por_replica`` GPU en cada hora del día, a
    ``precio_hora_usd`` la GPU, en un mes medio (730 horas: 30,4 días), más ``minutos`` (por defecto,
    ``minutos_arranque()``) de cada réplica que se enciende (``arranques_al_dia``)."""
    arranques = arranques_al_dia(replicas)
    n = entero(gpus_por_replica, "gpus_por_replica", minimo=1, maximo=64)
    precio = numero(precio_hora_usd, "precio_hora_usd", cero=True)
    m = minutos_arranque() if minutos is None else numero(minutos, "minutos", cero=True)
    if m > MINUTOS_ARRANQUE_MAX:
        raise ValueError(f"minutos: {minutos!r} no vale; se admite un número entre 0 y {MINUTOS_ARRANQUE_MAX:g}.")
    horas_dia = (sum(replicas) + arranques * m / 60) * n
    entradas = {"replicas": replicas, "gpus_por_replica": gpus_por_replica, "precio_hora_usd": precio_hora_usd}
    return resultado(horas_dia * precio * HORAS_MES / HORAS_DIA, "coste_al_mes", entradas)


def facturan_por_tiempo() -> dict[str, str]:
    """Cada proveedor de ``politicas.csv`` que factura por segundo o por minuto (``FACTURACIONES``), con cómo."""
    salida = {}
    for p in proveedores.politicas():
        if p.aspecto == "facturacion":
            grano = next((g for g in FACTURACIONES if p.valor.startswith(g)), None)
            if grano is not None:
                salida[p.proveedor] = grano
    return dict(sorted(salida.items()))


@dataclass(frozen=True)
class Escalada(Validado):
    """Las GPU de ``capacidad`` alquiladas solo las horas que las pide el tráfico (``escalada``)."""

    gpu: str
    proveedor: str
    facturacion: str
    """«por segundo» o «por minuto» (``politicas.csv``)."""
    precio: datos.Precio
    """El precio bajo demanda más barato de ``gpu`` en ``proveedor`` (``modalidades.precio_bajo_demanda``)."""
    gpus_por_replica: int
    perfil: tuple[float, ...]
    """Las 24 horas como veces la media (``perfil``)."""
    replicas: tuple[int, ...]
    """Réplicas en marcha en cada hora del día (UTC)."""
    arranques_dia: int
    minutos_arranque: float
    coste_mes_usd: float
    coste_punta_usd: float
    """Lo que costarían en el mismo proveedor las réplicas de la hora punta todo el mes."""
    carga_media: float
    """Fracción de la capacidad de las réplicas en marcha que se usa de media en el día."""


def escalada(
    c: servicio.Capacidad, *, base: Sequence[float] | None = None, minutos: float | None = None
) -> Escalada | None:
    """Las GPU de la capacidad ``c`` (``servicio.capacidad``) alquiladas solo las horas que las pide el tráfico, en el
    proveedor más barato de los que facturan por segundo o minuto (``facturan_por_tiempo``) que tiene precio bajo
    demanda de ``c.gpu``; ``None`` si ninguno lo tiene.

    El factor de pico es el de ``c`` (``peticiones_s_pico ÷ peticiones_s_media``); ``base``: el perfil del día (por
    defecto, ``perfil_publicado()``); ``minutos``: los de arranque (por defecto, ``minutos_arranque()``). En la hora
    punta hay tantas réplicas como en ``c``, y ninguna hora tiene más. Un factor de pico por encima de
    ``factor_maximo(base)`` (la hora punta de ``c`` no cabe en un día de 24 horas) es un ``ValueError``.
    """
    c = instancia(c, servicio.Capacidad, "c", de="de servicio.capacidad")
    q = perfil(c.peticiones_s_pico / c.peticiones_s_media, base)
    replicas = tuple(min(c.replicas, r) for r in replicas_por_hora(c.peticiones_s_media, c.peticiones_s_replica, q))
    m = minutos_arranque() if minutos is None else numero(minutos, "minutos", cero=True)
    precios = []
    con_precio = {p.proveedor for p in datos.precios() if p.gpu == c.gpu}
    for proveedor, grano in facturan_por_tiempo().items():
        if proveedor not in con_precio:
            continue
        try:
            precios.append((modalidades.precio_bajo_demanda(c.gpu, proveedor), grano))
        except esquema.ErrorDeDatos:
            raise
        except ValueError:  # el proveedor no tiene precio de esta GPU
            continue
    if not precios:
        return None
    precio, grano = min(precios, key=lambda pg: (pg[0].precio_hora_usd, pg[0].proveedor))
    coste = coste_al_mes(replicas, c.gpus_por_replica, precio.precio_hora_usd, m)
    carga = min(1.0, c.peticiones_s_media * HORAS_DIA / (sum(replicas) * c.peticiones_s_replica))
    return Escalada(
        c.gpu,
        precio.proveedor,
        grano,
        precio,
        c.gpus_por_replica,
        q,
        replicas,
        arranques_al_dia(replicas),
        m,
        coste,
        c.gpus * precio.precio_hora_usd * HORAS_MES,
        carga,
    )
