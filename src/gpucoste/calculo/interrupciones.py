"""Instancias interrumpibles: tiempo y coste esperados, el intervalo de checkpoint óptimo y cuándo no compensan.

Modelo (Daly, 2006): las interrupciones llegan al azar (proceso de Poisson) con una tasa ``λ`` por hora, es
decir, un tiempo medio entre interrupciones ``M = 1/λ``. El trabajo (``horas_trabajo`` de cómputo) se
guarda cada ``intervalo`` horas en un checkpoint que tarda ``escritura`` horas; tras cada interrupción se
pierde lo hecho desde el último checkpoint y se tarda ``reinicio`` horas en volver (nueva instancia, descarga
de la imagen, de los pesos y del checkpoint). El tiempo esperado es

    T = M · e^(R/M) · (e^((τ+δ)/M) − 1) · T_s / τ

(τ = intervalo, δ = escritura, R = reinicio, T_s = horas de trabajo), la ecuación de Daly para fallos
exponenciales. El intervalo que lo minimiza es, en primera aproximación, τ = √(2·δ·M) (Young, 1974);
Daly da una corrección de orden superior.

Fuentes:

- J. W. Young, «A first order approximation to the optimum checkpoint interval», *Communications of the
  ACM* 17(9), 1974, págs. 530-531. https://doi.org/10.1145/361147.361115
- J. T. Daly, «A higher order estimate of the optimum checkpoint interval for restart dumps», *Future
  Generation Computer Systems* 22(3), 2006, págs. 303-312. https://doi.org/10.1016/j.future.2004.11.016

Se factura todo el tiempo esperado (también reinicios y trabajo perdido): es una cota alta si el proveedor
no cobra la GPU mientras descarga la imagen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base.validacion import Validado, entero, finito, numero, opcion, resultado, tabla_de
from gpucoste.calculo.equilibrios import Equilibrio

__all__ = [
    "Esperado",
    "METODOS",
    "Retrabajo",
    "Supuestos",
    "coste_segun_tasa",
    "esperado",
    "intervalo_optimo",
    "retrabajo",
    "supuestos",
    "tasa_equilibrio",
]


METODOS = ("young", "daly")
_EXPONENTE_MAX = 700.0  # e^700 ≈ 1e304: más allá, el trabajo no termina en ningún tiempo razonable


@dataclass(frozen=True)
class Esperado(Validado):
    """Tiempo y coste esperados de un trabajo en una instancia interrumpible."""

    horas: float
    """Horas de reloj esperadas (trabajo, checkpoints, trabajo perdido y reinicios)."""
    coste: float
    """Coste esperado: ``horas × precio_hora``."""
    interrupciones: float
    """Número esperado de interrupciones durante el trabajo."""
    intervalo: float
    """Horas de cómputo entre checkpoints usadas."""


def intervalo_optimo(escritura_h: float, mtbf_h: float, metodo: str = "daly") -> float:
    """Horas de cómputo entre checkpoints que minimizan el tiempo esperado.

    ``"young"``: √(2·δ·M) (Young, 1974). ``"daly"``: √(2·δ·M)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ si δ < 2M, y M si
    no (Daly, 2006). ``escritura_h`` = δ, horas que tarda en escribirse un checkpoint; ``mtbf_h`` = M, horas
    medias entre interrupciones.
    """
    delta = numero(escritura_h, "escritura_h")
    m = numero(mtbf_h, "mtbf_h")
    young = resultado(
        math.sqrt(2 * delta) * math.sqrt(m), "intervalo_optimo", {"escritura_h": escritura_h, "mtbf_h": mtbf_h}
    )
    if opcion(metodo, "Método", METODOS) == "young":
        return young
    if delta >= 2 * m:
        return m
    x = delta / (2 * m)
    return young * (1 + math.sqrt(x) / 3 + x / 9) - delta


def _horas(trabajo: float, tasa: float, intervalo: float, escritura: float, reinicio: float) -> float:
    """La ecuación de Daly; con ``tasa`` 0, su límite ``trabajo × (τ + δ) / τ``. Sin validar."""
    segmentos = trabajo / intervalo
    if tasa == 0:
        return segmentos * (intervalo + escritura)
    exponente = tasa * (intervalo + escritura + reinicio)
    if exponente > _EXPONENTE_MAX:
        return math.inf
    # (e^{λ(τ+δ)} − 1)/λ = (τ+δ) · expm1(x)/x con x = λ(τ+δ): así no se divide por una tasa diminuta
    # (subnormal), que no tiene cifras; para x ínfimo, expm1(x)/x ≈ 1 + x/2.
    x = tasa * (intervalo + escritura)
    factor = math.expm1(x) / x if x > 1e-12 else 1 + x / 2
    return math.exp(tasa * reinicio) * (intervalo + escritura) * factor * segmentos


def _intervalo(trabajo: float, tasa: float, escritura: float, intervalo_h: float | None) -> float:
    """El intervalo dado, o el de Daly para ``tasa``; nunca más largo que el trabajo (basta un checkpoint al final)."""
    if intervalo_h is not None:
        return min(numero(intervalo_h, "intervalo_h"), trabajo)
    if tasa == 0 or not math.isfinite(1 / tasa) or 1 / tasa > 1e300:
        return trabajo  # sin interrupciones (o casi): basta el checkpoint del final
    return min(intervalo_optimo(escritura, 1 / tasa), trabajo)


def esperado(
    horas_trabajo: float,
    interrupciones_hora: float,
    escritura_h: float,
    reinicio_h: float,
    precio_hora: float,
    intervalo_h: float | None = None,
) -> Esperado:
    """Horas y coste esperados de ``horas_trabajo`` de cómputo en una instancia que se interrumpe
    ``interrupciones_hora`` veces por hora de media, con checkpoints cada ``intervalo_h`` horas (por defecto,
    el intervalo óptimo de Daly) que tardan ``escritura_h`` horas y reinicios de ``reinicio_h`` horas.
    """
    trabajo = numero(horas_trabajo, "horas_trabajo")
    tasa = numero(interrupciones_hora, "interrupciones_hora", cero=True)
    escritura = numero(escritura_h, "escritura_h", cero=True)
    reinicio = numero(reinicio_h, "reinicio_h", cero=True)
    precio = numero(precio_hora, "precio_hora", cero=True)
    if tasa > 0 and escritura == 0 and intervalo_h is None:
        raise ValueError(
            f"escritura_h: {escritura_h!r} no vale sin intervalo_h: con interrupciones, el intervalo óptimo "
            "necesita un tiempo de escritura; se admite un número mayor que 0 (o dar intervalo_h)."
        )
    intervalo = _intervalo(trabajo, tasa, escritura, intervalo_h)
    horas = _horas(trabajo, tasa, intervalo, escritura, reinicio)
    if not math.isfinite(horas) or not math.isfinite(horas * precio):
        raise ValueError(
            f"interrupciones_hora: {interrupciones_hora!r} no vale: con esa tasa el trabajo no termina en un tiempo "
            "finito; se admite una tasa menor (o checkpoints más frecuentes)."
        )
    return Esperado(horas=horas, coste=horas * precio, interrupciones=horas * tasa, intervalo=intervalo)


@dataclass(frozen=True)
class Supuestos(Validado):
    """Las entradas del modelo cuando nadie da las suyas, de ``supuestos.csv``: ningún proveedor publica con qué
    frecuencia interrumpe, así que la tasa es un supuesto de esta guía, y la escritura, una estimación."""

    interrupciones_hora: float
    escritura_h: float
    reinicio_min_h: float
    """El arranque más corto de ``minutos_arranque``, en horas."""
    reinicio_max_h: float
    """El arranque más largo de ``minutos_arranque``, en horas."""


def supuestos() -> Supuestos:
    """La tasa de interrupciones (``interrupciones_hora``), la escritura de un checkpoint (``minutos_checkpoint``) y
    el reinicio (``minutos_arranque``) de ``supuestos.csv``: las mismas en el ranking, las calculadoras, la línea de
    órdenes y las páginas."""
    s = datos.supuestos()
    arranque = s["minutos_arranque"]
    return Supuestos(
        interrupciones_hora=s["interrupciones_hora"].valor_min,
        escritura_h=s["minutos_checkpoint"].valor_min / 60,
        reinicio_min_h=arranque.valor_min / 60,
        reinicio_max_h=arranque.valor_max / 60,
    )


@dataclass(frozen=True)
class Retrabajo(Validado):
    """Lo que las interrupciones añaden de media a un trabajo: horas y dólares de más (checkpoints, trabajo perdido
    desde el último y reinicios), con las entradas usadas."""

    horas_trabajo: float
    interrupciones_hora: float
    escritura_h: float
    reinicio_h: float
    esperado: Esperado
    """Horas y coste totales esperados (:func:`esperado`)."""
    horas_extra: float
    """``esperado.horas − horas_trabajo``: lo que se repite o se espera por las interrupciones."""
    coste: float
    """``horas_extra × precio_hora`` (US$): el coste esperado de repetir trabajo."""


def retrabajo(
    horas_trabajo: float,
    precio_hora: float,
    interrupciones_hora: float | None = None,
    escritura_h: float | None = None,
    reinicio_h: float | None = None,
    intervalo_h: float | None = None,
) -> Retrabajo:
    """El coste esperado de repetir trabajo tras las interrupciones: :func:`esperado` (Daly, con el intervalo óptimo
    salvo ``intervalo_h``) menos las ``horas_trabajo`` sin interrupciones, a ``precio_hora`` (US$/h).

    Es la única cuenta del trabajo repetido de la guía: la usan el ranking (que ordena las ofertas interrumpibles por
    su coste esperado), las calculadoras, ``gpucoste interrumpible`` y las páginas de los proveedores. Sin
    ``interrupciones_hora``, ``escritura_h`` o ``reinicio_h``, los de :func:`supuestos` (el reinicio, el corto).
    """
    s = supuestos()
    tasa = s.interrupciones_hora if interrupciones_hora is None else interrupciones_hora
    escritura = s.escritura_h if escritura_h is None else escritura_h
    reinicio = s.reinicio_min_h if reinicio_h is None else reinicio_h
    e = esperado(horas_trabajo, tasa, escritura, reinicio, precio_hora, intervalo_h)
    extra = max(0.0, e.horas - float(horas_trabajo))
    coste = resultado(
        extra * float(precio_hora), "retrabajo", {"horas_trabajo": horas_trabajo, "precio_hora": precio_hora}
    )
    return Retrabajo(float(horas_trabajo), float(tasa), float(escritura), float(reinicio), e, extra, coste)


def coste_segun_tasa(
    horas_trabajo: float,
    escritura_h: float,
    reinicios: dict[str, float],
    precio_interrumpible: float,
    precio_bajo_demanda: float,
    tasa_maxima: float = 3.0,
    puntos: int = 150,
) -> tuple[list[float], dict[str, list[float]]]:
    """Coste esperado del trabajo frente a las interrupciones por hora (de 0 a ``tasa_maxima``): los datos del
    gráfico de interrumpible o bajo demanda.

    Una serie por cada reinicio (nombre → horas que se pierden al volver a arrancar), con :func:`esperado`, y
    la del precio bajo demanda, plana: no depende de las interrupciones.
    """
    maxima = numero(tasa_maxima, "tasa_maxima")
    reinicios = {
        nombre: numero(h, f"reinicios[{nombre!r}]", cero=True)
        for nombre, h in tabla_de(reinicios, "reinicios", "de nombre → horas de reinicio").items()
    }
    puntos = entero(puntos, "puntos", minimo=1, maximo=10_000)
    tasas = [maxima * i / puntos for i in range(puntos + 1)]
    series = {
        nombre: [
            esperado(
                horas_trabajo=horas_trabajo,
                interrupciones_hora=t,
                escritura_h=escritura_h,
                reinicio_h=reinicio,
                precio_hora=precio_interrumpible,
            ).coste
            for t in tasas
        ]
        for nombre, reinicio in reinicios.items()
    }
    bajo_demanda = numero(precio_bajo_demanda, "precio_bajo_demanda") * numero(horas_trabajo, "horas_trabajo")
    series["bajo demanda"] = [resultado(bajo_demanda, "coste_segun_tasa", {"horas_trabajo": horas_trabajo})] * len(
        tasas
    )
    return tasas, series


def tasa_equilibrio(
    horas_trabajo: float,
    precio_interrumpible: float,
    precio_bajo_demanda: float,
    escritura_h: float,
    reinicio_h: float,
    intervalo_h: float | None = None,
) -> Equilibrio:
    """Interrupciones por hora a partir de las cuales la instancia bajo demanda sale más barata.

    Bajo demanda el trabajo dura ``horas_trabajo`` y no necesita checkpoints; interrumpible, lo que da
    :func:`esperado`. El coste interrumpible crece con la tasa, así que hay un solo cruce (se busca por
    bisección). Sin equilibrio (``umbral`` ``None``) si ni sin interrupciones la interrumpible es más barata.
    """
    trabajo = numero(horas_trabajo, "horas_trabajo")
    barato = numero(precio_interrumpible, "precio_interrumpible")
    caro = numero(precio_bajo_demanda, "precio_bajo_demanda")
    escritura = numero(escritura_h, "escritura_h")
    reinicio = numero(reinicio_h, "reinicio_h", cero=True)
    objetivo = caro * trabajo
    nombres = ("instancia interrumpible", "instancia bajo demanda")

    def coste(tasa: float) -> float:
        intervalo = _intervalo(trabajo, tasa, escritura, intervalo_h)
        return barato * _horas(trabajo, tasa, intervalo, escritura, reinicio)

    if coste(0) >= objetivo:
        motivo = "ni sin interrupciones sale más barata: el descuento no paga los checkpoints"
        return Equilibrio(None, "interrupciones por hora", nombres[0], None, nombres[1], None, motivo)
    bajo, alto = 0.0, 1e-6
    while coste(alto) < objetivo:
        bajo, alto = alto, alto * 2
    for _ in range(200):
        medio = (bajo + alto) / 2
        if coste(medio) < objetivo:
            bajo = medio
        else:
            alto = medio
    tasa = (bajo + alto) / 2
    entradas = {"horas_trabajo": horas_trabajo, "precio_bajo_demanda": precio_bajo_demanda}
    return finito(
        Equilibrio,
        "tasa_equilibrio",
        entradas,
        tasa,
        "interrupciones por hora",
        nombres[0],
        coste(tasa),
        nombres[1],
        objetivo,
    )
