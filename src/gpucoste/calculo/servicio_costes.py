"""¿Cuánto cuesta al mes servir mi tráfico? Cada manera de servirlo: API por token, GPU alquiladas bajo demanda (todo
el mes o solo las horas que las pide el tráfico), reservadas o compradas.

Para un tráfico de ``mensajes_dia`` mensajes al día (``gpucoste.calculo.servicio``): cada API por token de
``api_precios.csv`` que vende el modelo (su precio más reciente, por los tokens de entrada y de salida de un mes
medio de 730 horas), y para cada GPU con precio, las que pide la hora punta (``servicio.capacidad``) alquiladas todo
el mes bajo demanda (el precio vigente más barato, ``modalidades.precio_bajo_demanda``), alquiladas solo las horas
que las pide el tráfico donde se factura por segundo o minuto (``servicio_escalado.escalada``), reservadas un mes (el
descuento del proveedor que lo ofrece, ``modalidades.precio_reservado``) o compradas (el pago inicial de
``compra.precio_de_compra`` y la luz de todo el mes a su consumo máximo, una cota alta). Todo en dólares, sin
impuestos: la moneda y el impuesto del lector los pone quien lo muestra.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.base.constantes import HORAS_MES
from gpucoste.base.validacion import Validado, finito, instancia, numero, opcion
from gpucoste.calculo import compra, memoria, modalidades, servicio, servicio_escalado
from gpucoste.dinero import mercado, paises

__all__ = [
    "NOMBRES",
    "OPCIONES",
    "OpcionServicio",
    "costes_segun_volumen",
    "desde_cuando",
    "opciones",
    "precios_api_de",
]

OPCIONES = ("API", "bajo demanda", "sigue el tráfico", "reservada", "comprada")
"""Las maneras de servir un modelo, en el orden en que se listan."""

NOMBRES = MappingProxyType(
    {
        "API": "API por token",
        "bajo demanda": "GPU alquilada bajo demanda",
        "sigue el tráfico": "GPU alquiladas que siguen el tráfico",
        "reservada": "GPU reservada un mes",
        "comprada": "GPU comprada",
    }
)
"""Cada clave de ``OPCIONES`` escrita para el lector (el gráfico y la página)."""


@dataclass(frozen=True)
class OpcionServicio(Validado):
    """Una manera de servir el tráfico y lo que cuesta al mes (US$, sin impuestos)."""

    opcion: str
    proveedor: str
    """El de la API, el del precio por hora o la reserva; «tienda» o el mercado del precio de compra."""
    gpu: str
    """«—» en una API."""
    gpus: int
    """GPU que hacen falta (0 en una API)."""
    coste_mes_usd: float
    pago_inicial_usd: float
    """Lo que se paga una vez (la compra de las GPU); 0 en las demás."""
    origen: str
    capacidad: servicio.Capacidad | None = None
    escalada: servicio_escalado.Escalada | None = None
    """En «sigue el tráfico», las réplicas de cada hora y su proveedor (``servicio_escalado.escalada``)."""

    @property
    def sin_impuesto(self) -> tuple[str, ...]:
        """Las claves de ``fila`` cuyo importe ya lleva sus impuestos y pasa a otra moneda sin sumar el del país
        (``paises.en_local`` de empresa): el coste al mes de una GPU comprada, que es su luz (el precio del kWh de
        un hogar ya los trae). Su pago inicial sí lo suma, como cualquier compra."""
        return ("coste_mes_usd",) if self.opcion == "comprada" else ()

    def fila(self) -> dict:
        """La opción como fila de ``gpucoste servir`` y de su formulario, con las claves de ``etiquetas.SERVIR``
        (``None`` donde no aplica: la latencia y la carga de una API). En «sigue el tráfico», el número de GPU es
        el de la hora punta y la carga, la de las réplicas en marcha en cada hora."""
        c = self.capacidad
        carga = None if c is None else (c.uso_medio if self.escalada is None else self.escalada.carga_media)
        return {
            "opcion": self.opcion,
            "proveedor": self.proveedor,
            "gpu": self.gpu,
            "n_gpus": self.gpus,
            "concurrencia": None if c is None else c.concurrencia_pico,
            "ttft_ms": None if c is None else c.ttft_s * 1000,
            "tpot_ms": None if c is None else c.tpot_s * 1000,
            "carga": carga,
            "coste_mes_usd": self.coste_mes_usd,
            "pago_inicial_usd": self.pago_inicial_usd,
        }


def precios_api_de(modelo: str) -> tuple[mercado.PrecioApi, ...]:
    """El precio más reciente de cada proveedor de ``api_precios.csv`` que vende ``modelo`` (vacío si ninguno)."""
    modelo = memoria.modelo(modelo).modelo
    proveedores = sorted({p.proveedor for p in mercado.precios_api() if p.modelo == modelo})
    return tuple(mercado.precio_api(modelo, p) for p in proveedores)


def _mensajes_mes(mensajes_dia: float) -> float:
    return mensajes_dia * HORAS_MES / 24


def opciones(
    modelo: str,
    mensajes_dia: float,
    *,
    supuestos: servicio.Supuestos = servicio.Supuestos(),
    gpu: str | None = None,
    pais: str | None = None,
    precio_kwh: float | None = None,
) -> tuple[OpcionServicio, ...]:
    """Cada manera de servir ``modelo`` a ``mensajes_dia`` mensajes al día: las API, las GPU alquiladas bajo demanda,
    las que siguen el tráfico, las reservadas y las compradas (``OPCIONES``), y dentro de cada una de la más barata
    al mes a la más cara, con los ``supuestos`` del tráfico (``servicio.Supuestos``; sin ellos, los valores por
    defecto).

    ``gpu``: solo esa GPU (por defecto, cada GPU con precio de alquiler no interrumpible:
    ``modalidades.gpus_bajo_demanda``). ``pais``: el precio de compra de su tienda, si lo hay
    (``compra.precio_de_compra``). ``precio_kwh`` (US$): la luz de las GPU compradas; sin él, no hay opción
    «comprada». Una GPU en que el modelo no cabe o no cumple los objetivos de latencia se salta; si
    ninguna los cumple, ``ValueError`` con lo que funcionaría (el mensaje de ``servicio.capacidad`` de la GPU con más
    ancho de banda de memoria, la que más se acerca).

    «sigue el tráfico»: para cada GPU, ``servicio_escalado.escalada`` (el perfil del día de ``trafico_horario.csv``
    con la hora punta en ``supuestos.factor_pico`` veces la media), si algún proveedor que factura por segundo o
    minuto tiene precio; no la hay con un ``factor_pico`` por encima de ``servicio_escalado.factor_maximo()`` (una
    hora punta que no cabe en un día de 24 horas).
    """
    modelo = memoria.modelo(modelo).modelo
    mensajes_dia = servicio.mensajes_dia_validos(mensajes_dia)
    supuestos = instancia(supuestos, servicio.Supuestos, "supuestos", de="p. ej. servicio.Supuestos(factor_pico=3)")
    entrada, salida = supuestos.entrada, supuestos.salida
    if precio_kwh is not None:
        precio_kwh = numero(precio_kwh, "precio_kwh", cero=True)
    if pais is not None:
        pais = paises.pais(pais).codigo
    gpus = [opcion(gpu, "GPU con precio", datos.gpus())] if gpu is not None else modalidades.gpus_bajo_demanda()
    mes = _mensajes_mes(mensajes_dia)
    salida_opciones: list[OpcionServicio] = []
    # Lo que nombra un coste que se desborda (``validacion.finito``): lo que escribió quien llama.
    entradas = {"mensajes_dia": mensajes_dia} | ({"precio_kwh": precio_kwh} if precio_kwh is not None else {})
    for p in precios_api_de(modelo):
        coste = mes * (entrada * p.entrada_usd_millon + salida * p.salida_usd_millon) / 1e6
        origen = f"api_precios.csv: {p.proveedor}, {p.fecha}"
        salida_opciones.append(
            finito(OpcionServicio, "opciones", entradas, "API", p.proveedor, "—", 0, coste, 0.0, origen)
        )
    errores: list[tuple[float, ValueError]] = []
    parametros = servicio.ajustar()
    for g in gpus:
        try:
            c = servicio.capacidad(modelo, g, mensajes_dia, supuestos=supuestos, parametros=parametros)
        except esquema.ErrorDeDatos:
            raise
        except ValueError as error:
            if "mensajes_dia" in str(error) or len(gpus) == 1:
                raise
            errores.append((datos.especificaciones()[g].ancho_banda_gbs, error))
            continue
        base = modalidades.precio_bajo_demanda(g)
        salida_opciones.append(
            finito(
                OpcionServicio,
                "opciones",
                entradas,
                "bajo demanda",
                base.proveedor,
                g,
                c.gpus,
                c.gpus * base.precio_hora_usd * HORAS_MES,
                0.0,
                f"precios.csv: {base.proveedor_y_nivel}, {base.fecha}",
                c,
            )
        )
        e = servicio_escalado.escalada(c) if supuestos.factor_pico <= servicio_escalado.factor_maximo() else None
        if e is not None:
            minimo, maximo = min(e.replicas) * c.gpus_por_replica, max(e.replicas) * c.gpus_por_replica
            origen = (
                f"precios.csv: {e.precio.proveedor_y_nivel}, {e.precio.fecha}; factura {e.facturacion}; de {minimo} a "
                f"{maximo} GPU según la hora (trafico_horario.csv)"
            )
            salida_opciones.append(
                finito(
                    OpcionServicio,
                    "opciones",
                    entradas,
                    "sigue el tráfico",
                    e.proveedor,
                    g,
                    c.gpus,
                    e.coste_mes_usd,
                    0.0,
                    origen,
                    c,
                    e,
                )
            )
        if modalidades.proveedores_reserva(g, 1):
            r = modalidades.precio_reservado(g, None, 1)
            salida_opciones.append(
                finito(
                    OpcionServicio,
                    "opciones",
                    entradas,
                    "reservada",
                    r.proveedor,
                    g,
                    c.gpus,
                    c.gpus * r.precio_hora_usd * HORAS_MES,
                    0.0,
                    f"modalidades.csv: {r.proveedor}, un mes, descuento del {round(r.descuento * 100)} %",
                    c,
                )
            )
        vatios = datos.especificaciones()[g].vatios
        if precio_kwh is not None and vatios is not None and any(h.gpu == g for h in datos.hardware()):
            try:
                pc = compra.precio_de_compra(g, pais)
            except esquema.ErrorDeDatos:
                raise
            except ValueError:  # sin precio de compra con fuente
                continue
            luz = c.gpus * vatios / 1000 * HORAS_MES * precio_kwh
            origen = f"{'compras_locales.csv' if pc.local else 'hardware.csv'}: {pc.fecha}; luz de 730 h a {vatios:g} W"
            # Quién da el precio, como dice ``OpcionServicio.proveedor``: la tienda del país o el mercado del de
            # hardware.csv («EE. UU.»), no la palabra «compra», que ya dice la columna de la opción.
            donde = pc.local.tienda if pc.local else (datos.equipo(g).mercado or "tienda")
            salida_opciones.append(
                finito(
                    OpcionServicio, "opciones", entradas, "comprada", donde, g, c.gpus, luz, c.gpus * pc.usd, origen, c
                )
            )
    if not any(o.opcion != "API" for o in salida_opciones) and errores:
        raise max(errores, key=lambda e: e[0])[1]  # el de la GPU con más ancho de banda: la que más se acerca
    return tuple(sorted(salida_opciones, key=lambda o: (OPCIONES.index(o.opcion), o.coste_mes_usd, o.gpu, o.proveedor)))


def costes_segun_volumen(
    modelo: str,
    volumenes: tuple[float, ...] | list[float],
    *,
    supuestos: servicio.Supuestos = servicio.Supuestos(),
    gpu: str | None = None,
) -> dict[str, list[float]]:
    """El coste al mes de la opción más barata de cada clase (API, bajo demanda, sigue el tráfico, reservada) en cada
    volumen de ``volumenes`` (mensajes al día): las series del gráfico de la página. Las compradas no entran (su pago
    inicial no es un coste al mes), así que ni el país ni la luz cuentan. ``supuestos`` y ``gpu``: los de
    ``opciones``.

    Lo que atiende cada réplica no depende del tráfico: se calcula una vez por GPU (``opciones`` al primer volumen)
    y en cada volumen las réplicas son las que pide su hora punta (o, en «sigue el tráfico», cada hora del día); una
    API cobra en proporción a los mensajes.
    """
    from gpucoste.base.validacion import numeros

    volumenes = numeros(volumenes, "volumenes")
    if not volumenes:
        raise ValueError("volumenes: [] no vale; se admite una lista de mensajes al día mayores que 0.")
    base = opciones(modelo, volumenes[0], supuestos=supuestos, gpu=gpu)
    factor = supuestos.factor_pico
    series: dict[str, list[float]] = {}
    for clase in (c for c in OPCIONES if c != "comprada"):
        de_clase = [o for o in base if o.opcion == clase]
        if not de_clase:
            continue
        costes = []
        for v in volumenes:
            mejor = math.inf
            for o in de_clase:
                if o.capacidad is None:  # una API: en proporción a los mensajes
                    coste = o.coste_mes_usd * v / volumenes[0]
                else:
                    c = o.capacidad
                    replicas = max(1, math.ceil(v / 86_400 * factor / c.peticiones_s_replica - 1e-9))
                    if o.escalada is None:
                        coste = o.coste_mes_usd / c.gpus * replicas * c.gpus_por_replica
                    else:
                        e = o.escalada
                        horas = servicio_escalado.replicas_por_hora(v / 86_400, c.peticiones_s_replica, e.perfil)
                        horas = tuple(min(replicas, r) for r in horas)
                        coste = servicio_escalado.coste_al_mes(
                            horas, c.gpus_por_replica, e.precio.precio_hora_usd, e.minutos_arranque
                        )
                mejor = min(mejor, coste)
            costes.append(mejor)
        series[clase] = costes
    return series


def desde_cuando(volumenes: tuple[float, ...] | list[float], series: dict[str, list[float]]) -> dict[str, float | None]:
    """Para cada clase de ``series`` (``costes_segun_volumen``), el primer volumen de ``volumenes`` en que es la más
    barata de todas (``None`` si en ninguno)."""
    from gpucoste.base.validacion import numeros

    volumenes = numeros(volumenes, "volumenes")
    if not isinstance(series, dict) or not series or any(len(v) != len(volumenes) for v in series.values()):
        raise ValueError("series: no vale; se admite el diccionario de costes_segun_volumen, una cifra por volumen.")
    for clase, costes in series.items():
        numeros(costes, f"series[{clase!r}]")
    salida: dict[str, float | None] = dict.fromkeys(series)
    for i, v in enumerate(volumenes):
        mejor = min(series, key=lambda c: series[c][i])
        if salida[mejor] is None:
            salida[mejor] = v
    return salida
