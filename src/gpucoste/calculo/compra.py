"""¿Comprar o alquilar? Cuántas horas de alquiler pagan la GPU, con electricidad y reventa o sin ellas."""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.base.validacion import Validado, entero, finito, numero, numeros_por_nombre, resultado
from gpucoste.base.validacion import horas_mes as validacion_horas_mes
from gpucoste.calculo.electricidad import coste_electricidad
from gpucoste.calculo.equilibrios import Equilibrio
from gpucoste.datos import historial
from gpucoste.dinero import paises

__all__ = [
    "MESES_MAXIMOS",
    "PrecioCompra",
    "comprar_o_alquilar",
    "coste_acumulado",
    "horas_equivalentes",
    "horas_para_comprar",
    "precio_compra",
    "precio_de_compra",
]


def horas_equivalentes(precio_compra: float, precio_hora: float) -> float:
    """Horas de alquiler a ``precio_hora`` que cuestan lo mismo que ``precio_compra``."""
    horas = numero(precio_compra, "precio_compra") / numero(precio_hora, "precio_hora")
    return resultado(horas, "horas_equivalentes", {"precio_compra": precio_compra, "precio_hora": precio_hora})


def precio_compra(gpu: str) -> float:
    """Lo que cuesta comprar ``gpu`` según ``hardware.csv`` (``ValueError`` si no tiene precio de compra)."""
    equipo = datos.equipo(gpu)
    if equipo.precio_compra_usd is None:
        con_precio = sorted({h.gpu for h in datos.hardware() if h.precio_compra_usd is not None})
        raise ValueError(f"GPU {gpu!r} no tiene precio de compra en los datos; lo tienen: {con_precio}.")
    return equipo.precio_compra_usd


@dataclass(frozen=True)
class PrecioCompra(Validado):
    """El precio de compra de una GPU con que se compara su alquiler, con su origen (``precio_de_compra``)."""

    gpu: str
    usd: float
    """En dólares y sin impuestos, como los precios de alquiler."""
    fecha: str
    fuente: str
    origen: str
    """De dónde sale, para leer: la tienda del país, con su precio, su impuesto, su fuente, su fecha y el tipo de
    cambio usado; o el precio de lista de ``hardware.csv`` con su fecha."""
    local: paises.CompraLocal | None = None
    """La fila de ``compras_locales.csv`` de la que sale, o ``None`` si es el precio de lista de ``hardware.csv``."""


def precio_de_compra(gpu: str, pais: str | None = None) -> PrecioCompra:
    """El precio de compra de ``gpu`` para un lector de ``pais``: el de la tienda de su país si lo hay con fuente.

    Con ``compras_locales.csv`` (``paises.compra_local``), ese precio sin el impuesto del país y pasado a dólares
    al tipo de cambio más reciente de los datos (``paises.compra_usd``); si no hay fila para ``gpu`` en ese país
    (o ``pais`` es ``None`` o la entrada neutra), el de lista de ``hardware.csv`` (``precio_compra``). Es lo que
    usan ``gpucoste comprar --pais`` y el formulario «¿Comprar o alquilar?» cuando el lector no escribe el suyo.
    """
    local = None if pais is None else paises.compra_local(gpu, pais)
    if local is None:
        usd, equipo = precio_compra(gpu), datos.equipo(gpu)
        que = equipo.nota[0].lower() + equipo.nota[1:] if equipo.nota else "precio de lista"
        origen = f"{que}, sin impuestos; dato {historial.del_(equipo.fecha)}"
        return PrecioCompra(equipo.gpu, usd, equipo.fecha, equipo.fuente, origen)
    p = paises.pais(pais)
    origen = (
        f"{paises.cantidad(local.precio_local, local.moneda)} con {p.nombre_impuesto} en {p.pais}, según "
        f"{local.tienda} el {formato.fecha(local.fecha)}; sin {p.nombre_impuesto}, a {paises.nota_cambio(p)}"
    )
    return PrecioCompra(local.gpu, paises.compra_usd(local), local.fecha, local.fuente, origen, local)


def horas_para_comprar(gpu: str, proveedor: str, nivel: str, fecha: str | None = None) -> float:
    """Horas de alquiler de ``gpu`` (en ``proveedor``, ``nivel`` y ``fecha``) que pagan su compra."""
    return horas_equivalentes(precio_compra(gpu), datos.precio(gpu, proveedor, nivel, fecha).precio_hora_usd)


def comprar_o_alquilar(
    precio_compra: float,
    precio_hora: float,
    potencia_w: float,
    precio_kwh: float,
    horas_mes: float,
    valor_reventa: float = 0,
) -> Equilibrio:
    """Meses de uso a partir de los cuales comprar la GPU sale más barato que alquilarla.

    Comprada: ``precio_compra − valor_reventa`` (lo que se pierde al venderla después) más la electricidad
    (``potencia_w`` a ``precio_kwh``) de las ``horas_mes`` de uso. Alquilada: ``precio_hora × horas_mes``.
    Se igualan en ``meses = (compra − reventa) ÷ (horas_mes × (precio_hora − electricidad por hora))``.
    Las horas de uso del equilibrio (``umbral × horas_mes``) no dependen de ``horas_mes``; los meses, sí:
    usarla pocas horas al mes alarga la espera.

    Todos los importes en la misma moneda (``precio_kwh`` ya convertido). Simplificaciones: la reventa no
    depende de cuándo se venda, y no se cuentan el resto del equipo ni el tiempo que la GPU está parada.
    """
    capital = numero(precio_compra, "precio_compra") - numero(valor_reventa, "valor_reventa", cero=True)
    if capital < 0:
        raise ValueError(
            f"valor_reventa: {valor_reventa!r} no vale; "
            f"se admite un número entre 0 y el precio de compra ({formato.numero(precio_compra, 2)})."
        )
    horas = validacion_horas_mes(horas_mes)
    electricidad = coste_electricidad(potencia_w, precio_kwh).por_hora
    alquiler = numero(precio_hora, "precio_hora")
    nombres = ("GPU comprada", "GPU alquilada")
    if alquiler <= electricidad:
        motivo = "la electricidad de la GPU propia cuesta tanto como alquilarla: comprar nunca se recupera"
        return Equilibrio(None, "meses", nombres[0], None, nombres[1], None, motivo)
    ahorro_mes = horas * (alquiler - electricidad)
    entradas = {"precio_compra": precio_compra, "precio_hora": precio_hora, "horas_mes": horas_mes}
    meses = resultado(capital / ahorro_mes if ahorro_mes > 0 else math.inf, "comprar_o_alquilar", entradas)
    entradas = {"precio_compra": precio_compra, "precio_hora": precio_hora}
    compra, alquilada = capital + electricidad * horas * meses, alquiler * horas * meses
    return finito(Equilibrio, "comprar_o_alquilar", entradas, meses, "meses", nombres[0], compra, nombres[1], alquilada)


def coste_acumulado(
    precio_compra: float,
    precio_hora: float,
    potencia_w: float,
    precio_kwh: float,
    horas_mes: float,
    reventas: dict[str, float] | None = None,
    meses: int = 60,
) -> tuple[list[int], dict[str, list[float]]]:
    """Coste acumulado mes a mes (de 0 a ``meses``) de alquilar la GPU o de comprarla: los datos del gráfico.

    Alquilada: ``precio_hora × horas_mes × mes``. Comprada: ``precio_compra − reventa`` más la electricidad de
    las horas de uso, una serie por cada ``reventas`` (nombre → valor de reventa en la misma moneda; por
    defecto, sin reventa). Si el equilibrio de alguna cae más allá de ``meses``, el eje se alarga hasta 1,2
    veces ese equilibrio para que se vea el cruce (sin pasar de ``MESES_MAXIMOS``), con 121 puntos como mucho.
    """
    if reventas is None:
        reventas = {"comprada, sin reventa": 0.0}
    reventas = numeros_por_nombre(reventas, "reventas", "de nombre de la serie → valor de reventa")
    if "alquilada" in reventas:
        raise ValueError("reventas: 'alquilada' es el nombre de la serie del alquiler; se admite otro nombre.")
    meses = entero(meses, "meses", minimo=1, maximo=MESES_MAXIMOS)
    alquiler = numero(precio_hora, "precio_hora")
    luz_hora = coste_electricidad(potencia_w, precio_kwh).por_hora
    horas = validacion_horas_mes(horas_mes)
    ultimo = meses
    for reventa in reventas.values():
        e = comprar_o_alquilar(precio_compra, precio_hora, potencia_w, precio_kwh, horas_mes, reventa)
        if e.umbral is not None and e.umbral > ultimo:
            ultimo = min(math.ceil(e.umbral * 1.2), MESES_MAXIMOS)
    paso = math.ceil(ultimo / 120)  # a lo sumo 121 puntos
    eje = list(range(0, ultimo + 1, paso))
    series = {"alquilada": [alquiler * horas * m for m in eje]}
    for nombre, reventa in reventas.items():
        series[nombre] = [precio_compra - reventa + luz_hora * horas * m for m in eje]
    entradas = {"precio_compra": precio_compra, "precio_hora": precio_hora, "horas_mes": horas_mes}
    for valores in series.values():
        resultado(valores[-1], "coste_acumulado", entradas)  # el mayor de cada serie: si es finito, todos
    return eje, series


MESES_MAXIMOS = 600
"""Hasta dónde llega, como mucho, el eje del gráfico de comprar o alquilar (50 años)."""
