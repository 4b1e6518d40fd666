"""Gráficos de líneas en SVG escritos a mano, sin matplotlib: los de las calculadoras del navegador.

matplotlib pesa demasiado para Pyodide (y no viene en su paquete de npm). Las calculadoras dibujan con esto
las mismas series que el gráfico de su página (la función de la biblioteca que da los datos es la misma),
con las reglas de ``gpucoste.graficos``: texto como texto con la fuente de la página, ``currentColor`` para
textos y ejes (modo claro y oscuro), la paleta de la guía para las series, ``role="img"`` con ``aria-label``
y ``<title>``, y mismos bytes para los mismos datos. Python puro: funciona igual al construir y en Pyodide.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence

from .formato import numero
from .validacion import entero, real

PALETA = ("#0f9d8a", "#e8590c", "#4c7ef3", "#d6336c", "#8f8f00", "#9b59b6")
"""Colores de las series: tono medio, contraste ≥ 3:1 sobre blanco y sobre el gris oscuro del tema."""

ANCHO, ALTO = 504, 273.6
"""El tamaño de los gráficos de ``gpucoste.graficos`` (7 × 3,8 pulgadas a 72 puntos): el texto se ve igual."""
_IZQUIERDA, _DERECHA, _ARRIBA, _ABAJO = 62, 10, 10, 40


def marcas(minimo: float, maximo: float, cuantas: int = 5) -> list[float]:
    """Marcas «redondas» (1, 2, 2,5 o 5 × 10ⁿ) que cubren de ``minimo`` a ``maximo``."""
    minimo, maximo = real(minimo, "minimo"), real(maximo, "maximo")
    cuantas = entero(cuantas, "cuantas", minimo=1, maximo=100)
    if maximo < minimo:
        raise ValueError(f"maximo: {maximo!r} no vale; se admite un número mayor o igual que minimo ({minimo!r}).")
    if maximo - minimo > 1e300:
        raise ValueError(f"maximo: {maximo!r} no vale; el intervalo desde minimo ({minimo!r}) es demasiado grande.")
    if maximo == minimo:
        maximo = minimo + 1
    bruto = (maximo - minimo) / cuantas
    potencia = 10 ** math.floor(math.log10(bruto))
    paso = next(p * potencia for p in (1, 2, 2.5, 5, 10) if p * potencia >= bruto)
    inicio = math.floor(minimo / paso) * paso
    salida = [round(inicio, 10) + 0.0]
    while salida[-1] < maximo - paso * 1e-9:
        salida.append(round(salida[-1] + paso, 10) + 0.0)
    return salida


def _decimales(paso: float) -> int:
    return max(0, -math.floor(math.log10(paso) + 1e-9)) if paso < 1 else 0


def _figura(alt: str, partes: Sequence[str]) -> str:
    """``<figure>`` con el ``<svg>`` (tamaño, colores del tema, texto alternativo) y ``partes`` dentro."""
    descripcion = html.escape(alt.strip(), quote=True)
    return (
        f'<figure class="grafico"><svg role="img" aria-label="{descripcion}" class="grafico" width="100%" '
        f'viewBox="0 0 {ANCHO} {ALTO}" xmlns="http://www.w3.org/2000/svg" fill="currentColor" '
        f'style="font-size: 11px; font-family: inherit"><title>{descripcion}</title>'
        "<style>.rejilla{stroke:currentColor;stroke-opacity:0.25;stroke-width:0.6}</style>"
        f"{''.join(partes)}</svg></figure>"
    )


def lineas(
    x: Sequence[float],
    series: Mapping[str, Sequence[float]],
    *,
    eje_x: str,
    eje_y: str,
    alt: str,
    escalones: Sequence[str] = (),
) -> str:
    """Un gráfico de líneas: ``series`` (nombre → valores, uno por cada ``x``) sobre el eje ``x``.

    ``escalones``: las series que se dibujan a saltos (el valor se mantiene hasta el siguiente ``x``).
    ``alt``: el texto alternativo. Devuelve ``<figure class="grafico">`` con el ``<svg>`` dentro.
    """
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"lineas: texto alternativo {alt!r} no vale; se admite una descripción no vacía.")
    if not x or not series:
        raise ValueError("lineas: sin datos; se admite al menos una serie con un punto.")
    for nombre, ys in series.items():
        if len(ys) != len(x):
            raise ValueError(f"lineas: la serie {nombre!r} tiene {len(ys)} valores y x tiene {len(x)}.")
    todos = [v for ys in series.values() for v in ys]
    if not all(math.isfinite(v) for v in [*x, *todos]):
        raise ValueError("lineas: hay valores que no son números finitos.")
    # Como matplotlib: el eje x va justo de un extremo de los datos al otro; el y, desde 0 con un 5 % de aire.
    x0, x1 = min(x), max(x)
    y0 = min(0.0, min(todos))
    y1 = max(todos) + 0.05 * (max(todos) - y0)
    x1, y1 = (x1 if x1 > x0 else x0 + 1), (y1 if y1 > y0 else y0 + 1)
    mx = [v for v in marcas(x0, x1) if x0 <= v <= x1 + 1e-9 * (x1 - x0)]
    my = [v for v in marcas(y0, y1) if y0 <= v <= y1]
    ancho, alto = ANCHO - _IZQUIERDA - _DERECHA, ALTO - _ARRIBA - _ABAJO

    def px(v: float) -> float:
        return round(_IZQUIERDA + (v - x0) / (x1 - x0) * ancho, 2)

    def py(v: float) -> float:
        return round(_ARRIBA + alto - (v - y0) / (y1 - y0) * alto, 2)

    dx = _decimales(mx[1] - mx[0]) if len(mx) > 1 else 0
    dy = _decimales(my[1] - my[0]) if len(my) > 1 else 0
    partes = []
    for v in my:
        partes.append(f'<line x1="{_IZQUIERDA}" x2="{ANCHO - _DERECHA}" y1="{py(v)}" y2="{py(v)}" class="rejilla"/>')
        partes.append(f'<text x="{_IZQUIERDA - 6}" y="{py(v) + 4}" text-anchor="end">{numero(v, dy)}</text>')
    for v in mx:
        partes.append(f'<line x1="{px(v)}" x2="{px(v)}" y1="{_ARRIBA}" y2="{_ARRIBA + alto}" class="rejilla"/>')
        partes.append(f'<text x="{px(v)}" y="{_ARRIBA + alto + 14}" text-anchor="middle">{numero(v, dx)}</text>')
    partes.append(
        f'<path d="M{_IZQUIERDA} {_ARRIBA}V{_ARRIBA + alto}H{ANCHO - _DERECHA}" fill="none" stroke="currentColor"/>'
    )
    partes.append(f'<text x="{_IZQUIERDA + ancho / 2}" y="{ALTO - 6}" text-anchor="middle">{html.escape(eje_x)}</text>')
    partes.append(
        f'<text transform="rotate(-90)" x="{-(_ARRIBA + alto / 2)}" y="12" text-anchor="middle">'
        f"{html.escape(eje_y)}</text>"
    )
    for i, (nombre, ys) in enumerate(series.items()):
        color = PALETA[i % len(PALETA)]
        puntos = [f"M{px(x[0])} {py(ys[0])}"]
        for j in range(1, len(x)):
            if nombre in escalones:
                puntos.append(f"H{px(x[j])}V{py(ys[j])}")
            else:
                puntos.append(f"L{px(x[j])} {py(ys[j])}")
        partes.append(f'<path d="{"".join(puntos)}" fill="none" stroke="{color}" stroke-width="1.5"/>')
        ly = _ARRIBA + 10 + 16 * i
        partes.append(
            f'<line x1="{_IZQUIERDA + 10}" x2="{_IZQUIERDA + 30}" y1="{ly}" y2="{ly}" stroke="{color}" '
            'stroke-width="1.5"/>'
            f'<text x="{_IZQUIERDA + 36}" y="{ly + 4}">{html.escape(nombre)}</text>'
        )
    return _figura(alt, partes)


def barras(
    categorias: Sequence[str],
    partes: Mapping[str, Sequence[float]],
    *,
    eje: str,
    alt: str,
    referencias: Mapping[str, float] | None = None,
) -> str:
    """Barras horizontales apiladas: una por cada categoría, con ``partes`` (nombre → valores, uno por categoría)
    una detrás de otra, y ``referencias`` (nombre → valor) como líneas verticales discontinuas.

    Como el gráfico de memoria de la página de «¿Cabe mi modelo?»: las partidas de cada caso frente a la VRAM.
    ``eje``: el rótulo del eje de los valores; ``alt``: el texto alternativo. Devuelve
    ``<figure class="grafico">`` con el ``<svg>`` dentro.
    """
    referencias = {} if referencias is None else referencias
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"barras: texto alternativo {alt!r} no vale; se admite una descripción no vacía.")
    if not categorias or not partes:
        raise ValueError("barras: sin datos; se admite al menos una categoría y una parte.")
    for nombre, valores in partes.items():
        if len(valores) != len(categorias):
            raise ValueError(
                f"barras: la parte {nombre!r} tiene {len(valores)} valores y hay {len(categorias)} categorías."
            )
    todos = [v for valores in partes.values() for v in valores]
    if not all(isinstance(v, int | float) and math.isfinite(v) and v >= 0 for v in [*todos, *referencias.values()]):
        raise ValueError("barras: hay valores que no son números finitos mayores o iguales que cero.")
    # Leyenda arriba, en filas que caben a lo ancho (unos 6 px por carácter con la letra de 11 px).
    izquierda, filas, x_leyenda, leyenda = 20, 1, 20, []
    for i, nombre in enumerate(partes):
        largo = 20 + 6 * len(nombre)
        if x_leyenda + largo > ANCHO - _DERECHA and x_leyenda > izquierda:
            filas, x_leyenda = filas + 1, izquierda
        leyenda.append((x_leyenda, _ARRIBA + 16 * (filas - 1), PALETA[i % len(PALETA)], nombre))
        x_leyenda += largo + 12
    arriba = _ARRIBA + 16 * filas + 4
    totales = [sum(valores[j] for valores in partes.values()) for j in range(len(categorias))]
    x1 = 1.05 * max([*totales, *referencias.values()])
    x1 = x1 if x1 > 0 else 1.0
    mx = [v for v in marcas(0, x1) if v <= x1]
    ancho, alto = ANCHO - izquierda - _DERECHA, ALTO - arriba - _ABAJO
    hueco = alto / len(categorias)

    def px(v: float) -> float:
        return round(izquierda + v / x1 * ancho, 2)

    dx = _decimales(mx[1] - mx[0]) if len(mx) > 1 else 0
    partes_svg = []
    for v in mx:
        partes_svg.append(f'<line x1="{px(v)}" x2="{px(v)}" y1="{arriba}" y2="{arriba + alto}" class="rejilla"/>')
        partes_svg.append(f'<text x="{px(v)}" y="{arriba + alto + 14}" text-anchor="middle">{numero(v, dx)}</text>')
    partes_svg.append(
        f'<path d="M{izquierda} {arriba}V{arriba + alto}H{ANCHO - _DERECHA}" fill="none" stroke="currentColor"/>'
    )
    partes_svg.append(
        f'<text x="{izquierda + ancho / 2}" y="{ALTO - 6}" text-anchor="middle">{html.escape(eje)}</text>'
    )
    for x, y, color, nombre in leyenda:
        partes_svg.append(
            f'<rect x="{x}" y="{y + 2}" width="14" height="10" fill="{color}"/>'
            f'<text x="{x + 20}" y="{y + 11}">{html.escape(nombre)}</text>'
        )
    for j, categoria in enumerate(categorias):
        # La barra, centrada en su hueco (como mucho 36 px de grosor), con la etiqueta encima.
        grosor = round(min(36.0, hueco * 0.5), 2)
        y = round(arriba + hueco * j + (hueco - grosor) / 2 + 6, 2)
        partes_svg.append(f'<text x="{izquierda + 4}" y="{round(y - 4, 2)}">{html.escape(categoria)}</text>')
        inicio = 0.0
        for i, valores in enumerate(partes.values()):
            if valores[j] > 0:
                partes_svg.append(
                    f'<rect x="{px(inicio)}" y="{y}" width="{round(px(inicio + valores[j]) - px(inicio), 2)}" '
                    f'height="{grosor}" fill="{PALETA[i % len(PALETA)]}"/>'
                )
            inicio += valores[j]
    color = PALETA[4]
    for nombre, v in referencias.items():
        derecha = px(v) > izquierda + ancho * 0.7
        partes_svg.append(
            f'<line x1="{px(v)}" x2="{px(v)}" y1="{arriba}" y2="{arriba + alto}" stroke="{color}" '
            'stroke-width="1" stroke-dasharray="4 3"/>'
            f'<text x="{round(px(v) + (-4 if derecha else 4), 2)}" y="{arriba + 12}" '
            f'text-anchor="{"end" if derecha else "start"}">{html.escape(nombre)}</text>'
        )
    return _figura(alt, partes_svg)
