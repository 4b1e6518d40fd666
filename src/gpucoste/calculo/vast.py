"""Vast.ai: qué cuesta una instancia en cada estado, los tres tipos de alquiler y cómo comparar ofertas.

Las reglas salen de la documentación de Vast.ai, con fecha y fuente en ``vast_estados.csv`` (qué se
cobra en cada estado), ``vast_reglas.csv`` (tope del descuento de la reserva, comisión al cancelarla, disco
por defecto…) y ``modalidades.csv`` (los descuentos de cada modalidad, una sola fila cada uno, que leen
también las calculadoras de todos los proveedores). Los precios de GPU, disco y red de una oferta los fija
cada host: aquí son parámetros.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from gpucoste.base import esquema
from gpucoste.base.validacion import Validado, entero, instancia, resultado
from gpucoste.base.validacion import numero as valido
from gpucoste.calculo import interrupciones
from gpucoste.calculo.coste import HORAS_MES, Desglose, coste_almacenamiento, coste_total

PROVEEDOR = "Vast.ai"
"""Cómo se llama Vast.ai en los CSV de precios y de modalidades."""

CLAVES = (
    "descuento_reserva_max",
    "comision_cancelar_reserva",
    "disco_por_defecto_gb",
    "horas_mes_reserva",
)


TIPOS_DE_ALQUILER = ("bajo demanda", "interrumpible", "reservada")
"""Los tipos de alquiler de Vast.ai que compara ``tipos_de_alquiler``, en su orden."""


def _no_negativos(registro: object, *nombres: str, positivos: tuple[str, ...] = ()) -> None:
    """Los campos ``nombres`` de ``registro`` son ≥ 0 (y los de ``positivos``, > 0); si no, ``ValueError`` como el de
    ``validacion.campos``: «Oferta: precio_gpu_hora=-1.0 no vale; se admite un número finito mayor que 0.»"""
    for nombre in (*nombres, *positivos):
        x = getattr(registro, nombre)
        if x < 0 or (x == 0 and nombre in positivos):
            cota = "mayor que 0" if nombre in positivos else "mayor o igual que 0"
            raise ValueError(f"{type(registro).__name__}: {nombre}={x!r} no vale; se admite un número finito {cota}.")


@dataclass(frozen=True)
class Estado(esquema.Registro):
    """Una fila de ``vast_estados.csv``: qué cobra Vast.ai en un estado (se comprueba como su columna, también a mano:
    ``Estado("apagada", …)`` es un ``ValueError``)."""

    estado: str
    gpu: bool
    disco: bool
    red: bool
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


ESTADOS = esquema.Tabla(
    "vast_estados.csv",
    Estado,
    "Qué cobra Vast.ai en cada estado de una instancia: GPU, disco y red.",
    columnas=(
        esquema.Columna(
            "estado", "enum", "Estado de la instancia.", valores=("cargando", "en marcha", "detenida", "destruida")
        ),
        esquema.Columna("gpu", "booleano", "¿Se cobra la GPU? «sí» o «no»."),
        esquema.Columna("disco", "booleano", "¿Se cobra el disco? «sí» o «no»."),
        esquema.Columna("red", "booleano", "¿Se cobra la transferencia? «sí» o «no»."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("estado",),
)

REGLAS = esquema.tabla_de_valores(
    "vast_reglas.csv",
    "Reglas de facturación de Vast.ai con número: tope del descuento de la reserva, comisión, disco por defecto.",
    CLAVES,
    "Qué regla es.",
)


def estados() -> tuple[Estado, ...]:
    """Las filas de ``vast_estados.csv``, en orden de vida de una instancia."""
    return esquema.cargar(ESTADOS)


def regla(clave: str) -> esquema.Valor:
    """La fila de ``vast_reglas.csv`` con ``clave``."""
    return esquema.valor(REGLAS, clave, "Regla de Vast.ai")


def precio_oferta(precio_gpu_hora: float, gb_disco: float, precio_disco_gb_mes: float) -> float:
    """Los US$/h de la tarjeta de una oferta: la GPU más el coste por hora del disco elegido (la red va aparte)."""
    total = valido(precio_gpu_hora, "precio_gpu_hora") + coste_almacenamiento(gb_disco, precio_disco_gb_mes, 1)
    return resultado(total, "precio_oferta", {"precio_gpu_hora": precio_gpu_hora, "gb_disco": gb_disco})


def coste_por_estado(
    precio_gpu_hora: float,
    gb_disco: float,
    precio_disco_gb_mes: float,
    horas: float,
    *,
    precio_disco_parada_gb_mes: float | None = None,
) -> pd.DataFrame:
    """Lo que cuesta pasar ``horas`` en cada estado: GPU, disco y si la red se cobra.

    ``precio_disco_parada_gb_mes`` es la tarifa de disco con la instancia detenida, si el host cobra otra
    (por defecto, la misma). Columnas: ``estado``, ``gpu``, ``disco``, ``total`` (US$) y ``red`` (bool).
    """
    precio_gpu_hora = valido(precio_gpu_hora, "precio_gpu_hora")  # float de Python: sin avisos de numpy
    parada = precio_disco_gb_mes if precio_disco_parada_gb_mes is None else precio_disco_parada_gb_mes
    valido(parada, "precio_disco_parada_gb_mes", cero=True)
    horas = valido(horas, "horas", cero=True)
    filas = []
    for e in estados():
        tarifa = parada if e.estado == "detenida" else precio_disco_gb_mes
        gpu = precio_gpu_hora * horas if e.gpu else 0.0
        disco = coste_almacenamiento(gb_disco, tarifa, horas) if e.disco else 0.0
        entradas = {"precio_gpu_hora": precio_gpu_hora, "horas": horas, "gb_disco": gb_disco}
        resultado(gpu + disco, "coste_por_estado", entradas)
        filas.append({"estado": e.estado, "gpu": gpu, "disco": disco, "total": gpu + disco, "red": e.red})
    return pd.DataFrame(filas)


def mes_de_reserva() -> str:
    """El mes de la reserva de Vast.ai, con su nombre: «720 h: en su ejemplo de reserva, Vast.ai cuenta el mes
    como 30 días». No es el mes del sitio (``coste.HORAS_MES``, 730 h): sale de ``horas_mes_reserva``."""
    from gpucoste.base.formato import numero as escribir

    horas = regla("horas_mes_reserva").valor
    return (
        f"{escribir(horas, 0)} h: en su ejemplo de reserva, Vast.ai cuenta el mes como {escribir(horas / 24, 0)} días"
    )


def descuento_reserva(meses: int) -> float:
    """Descuento por defecto de ``vastai prepay instance`` para 1 o 3 meses prepagados: la fila (Vast.ai,
    reservada, ``meses``) de ``modalidades.csv``."""
    from gpucoste.dinero.mercado import descuento, modalidades

    plazos = sorted(m.meses for m in modalidades() if m.proveedor == PROVEEDOR and m.modalidad == "reservada")
    meses = entero(meses, "meses", minimo=1)
    if meses not in plazos:
        validos = " o ".join(str(m) for m in plazos)
        raise ValueError(f"meses: {meses!r} no vale; se admite {validos} (los plazos con descuento por defecto).")
    return descuento(PROVEEDOR, "reservada", meses).descuento


def reembolso_reserva(precio_hora: float, descuento: float, meses: float, horas_usadas: float) -> float:
    """Lo que devuelve Vast.ai al destruir una reserva tras ``horas_usadas``.

    Regla de su documentación: el depósito que queda menos el descuento ya disfrutado y una comisión
    (``comision_cancelar_reserva``) sobre ese descuento; nunca negativo. Su ejemplo: a 1 US$/h, un mes
    al 20 % son 576 US$; cancelando a los 15 días se devuelven unos 212.
    """
    precio_hora = valido(precio_hora, "precio_hora")
    tope = regla("descuento_reserva_max").valor
    descuento = valido(descuento, "descuento", cero=True)
    if descuento > tope:
        raise ValueError(f"descuento: {descuento!r} no vale; se admite de 0 a {tope:g} (el tope de Vast.ai).")
    horas_reservadas = valido(meses, "meses") * regla("horas_mes_reserva").valor
    usadas = min(valido(horas_usadas, "horas_usadas", cero=True), horas_reservadas)
    deposito = horas_reservadas * precio_hora * (1 - descuento)
    resultado(deposito, "reembolso_reserva", {"precio_hora": precio_hora, "meses": meses})
    restante = deposito - usadas * precio_hora * (1 - descuento)
    disfrutado = usadas * precio_hora * descuento
    return max(0.0, restante - disfrutado * (1 + regla("comision_cancelar_reserva").valor))


@dataclass(frozen=True)
class Tipo(Validado):
    """El coste de un trabajo con un tipo de alquiler y lo que hay que saber de él."""

    tipo: str
    precio_hora: float
    horas_facturadas: float
    coste: float
    pago_por_adelantado: float

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.tipo not in TIPOS_DE_ALQUILER:
            raise ValueError(f"Tipo: tipo={self.tipo!r} no vale; se admite {', '.join(map(repr, TIPOS_DE_ALQUILER))}.")
        _no_negativos(self, "horas_facturadas", "coste", "pago_por_adelantado", positivos=("precio_hora",))


def tipos_de_alquiler(
    precio_hora: float,
    horas: float,
    *,
    puja_hora: float,
    meses_reserva: int = 1,
    interrupciones_hora: float | None = None,
) -> list[Tipo]:
    """El mismo trabajo de ``horas`` como instancia bajo demanda, interrumpible y reservada de Vast.ai.

    - Bajo demanda: ``precio_hora`` × ``horas``.
    - Interrumpible: a ``puja_hora`` (el de ``modalidades.precio_interrumpible``), las horas esperadas con el
      trabajo repetido tras las interrupciones (``interrupciones.retrabajo``, el modelo de Daly; sin
      ``interrupciones_hora``, la tasa de ``supuestos.csv``).
    - Reservada: se prepaga ``meses_reserva`` al descuento por defecto de Vast.ai sobre su propio ``precio_hora`` y,
      al acabar, se destruye la instancia y se recupera el reembolso (``reembolso_reserva``).
    """
    precio_hora = valido(precio_hora, "precio_hora")
    horas = valido(horas, "horas")
    puja_hora = valido(puja_hora, "puja_hora")
    d = descuento_reserva(meses_reserva)
    deposito = meses_reserva * regla("horas_mes_reserva").valor * precio_hora * (1 - d)
    entradas = {"precio_hora": precio_hora, "horas": horas, "puja_hora": puja_hora}
    resultado(deposito, "tipos_de_alquiler", entradas)
    reservada = deposito - reembolso_reserva(precio_hora, d, meses_reserva, horas)
    interrumpida = interrupciones.retrabajo(horas, puja_hora, interrupciones_hora).esperado
    for coste in (precio_hora * horas, interrumpida.coste, reservada):
        resultado(coste, "tipos_de_alquiler", entradas)
    return [
        Tipo("bajo demanda", precio_hora, horas, precio_hora * horas, 0.0),
        Tipo("interrumpible", puja_hora, interrumpida.horas, interrumpida.coste, 0.0),
        Tipo("reservada", precio_hora * (1 - d), horas, reservada, deposito),
    ]


@dataclass(frozen=True)
class Oferta(Validado):
    """Una oferta del marketplace, como la muestra su tarjeta (los precios los fija el host)."""

    nombre: str
    gpu: str
    precio_gpu_hora: float
    precio_disco_gb_mes: float
    precio_subida_gb: float
    precio_bajada_gb: float
    dlperf: float

    def __post_init__(self) -> None:
        super().__post_init__()
        _no_negativos(
            self, "precio_disco_gb_mes", "precio_subida_gb", "precio_bajada_gb", positivos=("precio_gpu_hora", "dlperf")
        )


def dlperf_por_dolar(oferta: Oferta, gb_disco: float) -> float:
    """DLPerf por US$/h, con el precio de la tarjeta (GPU más disco), como ordena Vast.ai su buscador."""
    instancia(oferta, Oferta, "oferta")
    x = valido(oferta.dlperf, "dlperf") / precio_oferta(oferta.precio_gpu_hora, gb_disco, oferta.precio_disco_gb_mes)
    return resultado(x, "dlperf_por_dolar", {"dlperf": oferta.dlperf, "gb_disco": gb_disco})


def coste_por_trabajo(
    oferta: Oferta,
    horas: float,
    *,
    gb_disco: float,
    gb_subida: float,
    gb_bajada: float,
    minutos_arranque: float = 0,
) -> Desglose:
    """Coste de terminar un trabajo de ``horas`` en ``oferta``: GPU, arranque, disco y transferencia."""
    instancia(oferta, Oferta, "oferta")
    gb_red = valido(gb_subida, "gb_subida", cero=True) + valido(gb_bajada, "gb_bajada", cero=True)
    red = gb_subida * valido(oferta.precio_subida_gb, "precio_subida_gb", cero=True) + gb_bajada * valido(
        oferta.precio_bajada_gb, "precio_bajada_gb", cero=True
    )
    return coste_total(
        oferta.precio_gpu_hora,
        horas,
        minutos_arranque=minutos_arranque,
        gb_disco=gb_disco,
        precio_gb_mes=oferta.precio_disco_gb_mes,
        gb_transferencia=gb_red,
        precio_gb_transferencia=red / gb_red if gb_red else 0.0,
    )


def horas_por_dlperf(horas_referencia: float, dlperf_referencia: float, dlperf: float) -> float:
    """Horas estimadas en una oferta si el trabajo escala con DLPerf (la hipótesis de la puntuación)."""
    x = (
        valido(horas_referencia, "horas_referencia")
        * valido(dlperf_referencia, "dlperf_referencia")
        / valido(dlperf, "dlperf")
    )
    entradas = {"horas_referencia": horas_referencia, "dlperf_referencia": dlperf_referencia, "dlperf": dlperf}
    return resultado(x, "horas_por_dlperf", entradas)


__all__ = [
    "CLAVES",
    "ESTADOS",
    "Estado",
    "HORAS_MES",
    "PROVEEDOR",
    "Oferta",
    "REGLAS",
    "TIPOS_DE_ALQUILER",
    "Tipo",
    "coste_por_estado",
    "coste_por_trabajo",
    "descuento_reserva",
    "dlperf_por_dolar",
    "estados",
    "horas_por_dlperf",
    "mes_de_reserva",
    "precio_oferta",
    "reembolso_reserva",
    "regla",
    "tipos_de_alquiler",
]
