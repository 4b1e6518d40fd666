"""Gráficos de líneas en SVG escritos a mano, sin matplotlib: los de las calculadoras del navegador.

matplotlib pesa demasiado para Pyodide (y no viene en su paquete de npm). Las calculadoras dibujan con esto
las mismas series que el gráfico de su página (la función de la biblioteca que da los datos es la misma),
con las reglas de ``gpucoste.graficos.figuras``: texto como texto con la fuente de la página, ``currentColor`` para
textos y ejes (modo claro y oscuro), la paleta de la guía para las series, ``role="img"`` con ``aria-label``
y ``<title>``, y mismos bytes para los mismos datos. Python puro: funciona igual al construir y en Pyodide.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Callable, Mapping, Sequence

from gpucoste.base import validacion
from gpucoste.base.formato import numero
from gpucoste.base.validacion import entero, real

__all__ = ["ESTRECHO", "PALETA", "VALOR_MAXIMO", "barras", "colores", "lineas", "marcas", "puntos"]


PALETA = ("#0f9d8a", "#e8590c", "#4c7ef3", "#d6336c", "#8f8f00", "#9b59b6")
"""Colores de las series: tono medio, contraste ≥ 3:1 sobre blanco y sobre el gris oscuro del tema."""

ANCHO, ALTO = 504, 273.6
"""El tamaño de los gráficos de ``gpucoste.graficos.figuras`` (7 × 3,8 pulgadas a 72 puntos): el texto se ve igual."""
ESTRECHO = 300
"""El ancho de la versión para pantallas estrechas (móvil): cada gráfico se dibuja dos veces, a ``ANCHO`` y a
``ESTRECHO``, y la hoja de estilo muestra la que toca (``figure.grafico`` en ``docs/stylesheets/extra.css``).
Un SVG escala su texto con su ancho: con un solo dibujo de 504 de ancho, en la columna de un móvil (unos
324 px dentro de un formulario) la letra de 11 px quedaría en 7 px; a 300 de ancho, queda en 11,9 px."""
_IZQUIERDA, _DERECHA, _ARRIBA, _ABAJO = 62, 10, 10, 40


def marcas(minimo: float, maximo: float, cuantas: int = 5) -> list[float]:
    """Marcas «redondas» (1, 2, 2,5 o 5 × 10ⁿ) que cubren de ``minimo`` a ``maximo``."""
    minimo, maximo = real(minimo, "minimo"), real(maximo, "maximo")
    cuantas = entero(cuantas, "cuantas", minimo=1, maximo=100)
    if maximo < minimo:
        raise ValueError(f"maximo: {maximo!r} no vale; se admite un número mayor o igual que minimo ({minimo!r}).")
    if maximo - minimo > 1e300:
        raise ValueError(
            f"maximo: {maximo!r} no vale; el intervalo desde minimo ({minimo!r}) es demasiado grande: se admite un "
            "intervalo de como mucho 1e300."
        )
    minimo, maximo = _abierto(minimo, maximo)
    if max(abs(minimo), abs(maximo)) > _MARCAS_MAXIMO:  # junto al mayor float: la marca redonda siguiente no cabe
        return [minimo + (maximo - minimo) * k / cuantas for k in range(cuantas + 1)]
    bruto = (maximo - minimo) / cuantas
    potencia = 10 ** math.floor(math.log10(bruto))
    paso = next(p * potencia for p in (1, 2, 2.5, 5, 10) if p * potencia >= bruto)
    inicio = math.floor(minimo / paso) * paso
    # Se redondea para quitar el ruido de la multiplicación (0,30000000000000004), a 10 decimales o, si el paso
    # es menor, a los suyos; cada marca sale de inicio + k × paso, así que siempre avanza (con números enormes,
    # sumar el paso a la anterior podía no cambiarla), y nunca hacen falta más de cuantas + 2.
    decimales = max(10, 2 - math.floor(math.log10(paso)))
    salida = [round(inicio, decimales) + 0.0]
    for k in range(1, cuantas + 3):
        if salida[-1] >= maximo - paso * 1e-9:
            break
        salida.append(round(inicio + k * paso, decimales) + 0.0)
    return salida


VALOR_MAXIMO = 1e299
"""El mayor valor absoluto que dibujan ``lineas``, ``barras`` y ``puntos``: con el margen del eje (un 5 %), el
intervalo sigue por debajo del que admite ``marcas`` (1e300)."""

_MARCAS_MAXIMO = 1e307
"""Desde aquí (en valor absoluto), ``marcas`` reparte el intervalo en partes iguales: la marca redonda siguiente a un
extremo podría no caber en un float."""


_INTERVALO_MINIMO = 1e-9
"""El menor intervalo de un eje de ``lineas`` y ``barras``: uno menor se dibuja como de 1 (las marcas de un intervalo
de 1e-300 pedirían 301 decimales)."""


def _abierto(minimo: float, maximo: float, menor: float = 1e-300) -> tuple[float, float]:
    """(minimo, maximo) con un intervalo que se puede dividir: si distan menos de ``menor`` (por defecto, lo que la
    división entre las marcas no convierte en 0), un intervalo de 1 o, con números enormes, de una milmillonésima de
    su tamaño (sumar 1 a 1e16 no lo cambia)."""
    if maximo - minimo < menor or maximo - minimo < abs(minimo) * 1e-12:
        d = max(1.0, abs(minimo) * 1e-9)
        return (minimo, minimo + d) if math.isfinite(minimo + d) else (minimo - d, minimo)  # junto al mayor float
    return minimo, maximo


def _acotados(funcion: str, nombre: str, valores: Sequence[float]) -> None:
    """Cada uno de ``valores`` (ya números finitos) de como mucho ``VALOR_MAXIMO`` en valor absoluto; si no, un
    ``ValueError`` que nombra la función, el argumento y el valor."""
    fuera = next((v for v in valores if abs(v) > VALOR_MAXIMO), None)
    if fuera is not None:
        raise ValueError(
            f"{funcion}: {nombre} tiene {fuera!r}; se admiten valores de como mucho {VALOR_MAXIMO:g} en valor absoluto."
        )


def _decimales(paso: float) -> int:
    return max(0, -math.floor(math.log10(paso) + 1e-9)) if paso < 1 else 0


def _figura(alt: str, dibujar: Callable[[float], tuple[list[str], float]]) -> str:
    """``<figure>`` con dos ``<svg>`` (tamaño, colores del tema, texto alternativo): lo que ``dibujar(ancho)``
    devuelve (las partes y el alto) a ``ANCHO`` (clase ``grafico-ancho``) y a ``ESTRECHO`` (``grafico-estrecho``).
    """
    descripcion = html.escape(alt.strip(), quote=True)
    svgs = []
    for ancho, clase in ((ANCHO, "grafico-ancho"), (ESTRECHO, "grafico-estrecho")):
        partes, alto = dibujar(ancho)
        svgs.append(
            f'<svg role="img" aria-label="{descripcion}" class="grafico {clase}" width="100%" '
            f'viewBox="0 0 {ancho} {alto}" xmlns="http://www.w3.org/2000/svg" fill="currentColor" '
            f'style="font-size: 11px; font-family: inherit"><title>{descripcion}</title>'
            "<style>.rejilla{stroke:currentColor;stroke-opacity:0.25;stroke-width:0.6}</style>"
            f"{''.join(partes)}</svg>"
        )
    return f'<figure class="grafico">{"".join(svgs)}</figure>'


def _leyenda(
    nombres: Sequence[str], izquierda: float, ancho_figura: float = ANCHO
) -> tuple[float, list[tuple[float, float, str]]]:
    """La leyenda arriba, en filas que caben a lo ancho (unos 6 px por carácter con la letra de 11 px).

    Devuelve dónde empieza el área del gráfico, debajo de la leyenda, y (x, y, nombre) de cada entrada:
    el símbolo va en (x, y) y mide 14 × 14 px como mucho; el nombre, 20 px a su derecha.
    """
    filas, x, salida = 1, izquierda, []
    for nombre in nombres:
        largo = 20 + 6 * len(nombre)
        if x + largo > ancho_figura - _DERECHA and x > izquierda:
            filas, x = filas + 1, izquierda
        salida.append((x, _ARRIBA + 16 * (filas - 1), nombre))
        x += largo + 12
    return _ARRIBA + 16 * filas + 4, salida


def _ejes(
    px: Callable[[float], float],
    py: Callable[[float], float] | None,
    mx: Sequence[float],
    my: Sequence[float],
    caja: tuple[float, float, float, float],
    eje_x: str,
    eje_y: str | None = None,
    ancho_figura: float = ANCHO,
) -> list[str]:
    """Rejilla, marcas con coma decimal, los dos ejes y sus rótulos (el vertical, si hay ``eje_y``).

    ``caja``: izquierda y arriba del área de los datos, su alto y el alto de la figura.
    """
    izquierda, arriba, alto, alto_figura = caja
    derecha = ancho_figura - _DERECHA
    ancho = derecha - izquierda
    dx = _decimales(mx[1] - mx[0]) if len(mx) > 1 else 0
    dy = _decimales(my[1] - my[0]) if len(my) > 1 else 0
    partes = []
    for v in my:
        partes.append(f'<line x1="{izquierda}" x2="{derecha}" y1="{py(v)}" y2="{py(v)}" class="rejilla"/>')
        partes.append(f'<text x="{izquierda - 6}" y="{py(v) + 4}" text-anchor="end">{numero(v, dy)}</text>')
    for v in mx:
        partes.append(f'<line x1="{px(v)}" x2="{px(v)}" y1="{arriba}" y2="{arriba + alto}" class="rejilla"/>')
        partes.append(f'<text x="{px(v)}" y="{arriba + alto + 14}" text-anchor="middle">{numero(v, dx)}</text>')
    partes.append(f'<path d="M{izquierda} {arriba}V{arriba + alto}H{derecha}" fill="none" stroke="currentColor"/>')
    partes.append(
        f'<text x="{izquierda + ancho / 2}" y="{alto_figura - 6}" text-anchor="middle">{html.escape(eje_x)}</text>'
    )
    if eje_y is not None:
        partes.append(
            f'<text transform="rotate(-90)" x="{-(arriba + alto / 2)}" y="12" text-anchor="middle">'
            f"{html.escape(eje_y)}</text>"
        )
    return partes


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
    _textos("lineas", alt=alt, eje_x=eje_x, eje_y=eje_y)
    x = validacion.reales(x, "lineas: x")
    series = validacion.tabla_de(series, "lineas: series", "de nombre → lista de valores")
    _nombres(list(series), "los nombres de series", "lineas")
    if not isinstance(escalones, list | tuple | set | frozenset) or not all(e in series for e in escalones):
        raise ValueError(
            f"lineas: escalones = {_corto(escalones)} no vale; se admite una lista de nombres de series: "
            f"{list(series)}."
        )
    series = {nombre: validacion.reales(ys, f"lineas: series[{nombre!r}]") for nombre, ys in series.items()}
    for nombre, ys in series.items():
        if len(ys) != len(x):
            raise ValueError(
                f"lineas: la serie {nombre!r} tiene {len(ys)} valores y x tiene {len(x)}; se admite uno por cada x."
            )
    todos = [v for ys in series.values() for v in ys]
    if not all(math.isfinite(v) for v in [*x, *todos]):
        raise ValueError("lineas: hay valores que no son números finitos.")
    _acotados("lineas", "x", x)
    for nombre, ys in series.items():
        _acotados("lineas", f"series[{nombre!r}]", ys)
    # Como matplotlib: el eje x va justo de un extremo de los datos al otro; el y, desde 0 con un 5 % de aire
    # (todas las series a 0, o todos los x iguales: un intervalo de 1, como en marcas).
    x0, x1 = _abierto(min(x), max(x), _INTERVALO_MINIMO)
    y0 = min(0.0, min(todos))
    y0, y1 = _abierto(y0, max(todos) + 0.05 * (max(todos) - y0), _INTERVALO_MINIMO)
    mx = [v for v in marcas(x0, x1) if x0 <= v <= x1 + 1e-9 * (x1 - x0)]
    my = [v for v in marcas(y0, y1) if y0 <= v <= y1]

    def dibujar(ancho_figura: float) -> tuple[list[str], float]:
        ancho, alto = ancho_figura - _IZQUIERDA - _DERECHA, ALTO - _ARRIBA - _ABAJO

        def px(v: float) -> float:
            return round(_IZQUIERDA + (v - x0) / (x1 - x0) * ancho, 2)

        def py(v: float) -> float:
            return round(_ARRIBA + alto - (v - y0) / (y1 - y0) * alto, 2)

        partes = _ejes(px, py, mx, my, (_IZQUIERDA, _ARRIBA, alto, ALTO), eje_x, eje_y, ancho_figura)
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
        return partes, ALTO

    return _figura(alt, dibujar)


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
    _textos("barras", alt=alt, eje=eje)
    categorias = _nombres(categorias, "categorias", "barras")
    partes = validacion.tabla_de(partes, "barras: partes", "de nombre → lista de valores")
    _nombres(list(partes), "los nombres de partes", "barras")
    referencias = (  # None: sin líneas de referencia; un diccionario vacío es un error (como en tabla_de)
        {}
        if referencias is None
        else validacion.numeros_por_nombre(referencias, "barras: referencias", "de nombre → valor")
    )
    if not all(validacion.texto_de_campo(k) for k in referencias):
        raise ValueError(
            f"barras: referencias = {_corto(referencias)} no vale; se admite un diccionario de nombre → valor con "
            "nombres no vacíos, sin caracteres de control."
        )
    partes = {nombre: validacion.reales(valores, f"barras: partes[{nombre!r}]") for nombre, valores in partes.items()}
    for nombre, valores in partes.items():
        if len(valores) != len(categorias):
            raise ValueError(
                f"barras: la parte {nombre!r} tiene {len(valores)} valores y hay {len(categorias)} categorías; se "
                "admite un valor por categoría."
            )
    for nombre, valores in partes.items():
        negativo = next((v for v in valores if v < 0), None)
        if negativo is not None:
            raise ValueError(
                f"barras: partes[{nombre!r}] tiene {negativo!r}; se admite un número finito mayor o igual que 0."
            )
    totales = [sum(valores[j] for valores in partes.values()) for j in range(len(categorias))]
    _acotados("barras", "la suma de las partes de una categoría", totales)
    _acotados("barras", "referencias", list(referencias.values()))
    izquierda = 20

    def dibujar(ancho_figura: float) -> tuple[list[str], float]:
        arriba, posiciones = _leyenda(list(partes), izquierda, ancho_figura)
        leyenda = [(x, y, PALETA[i % len(PALETA)], nombre) for i, (x, y, nombre) in enumerate(posiciones)]
        x1 = 1.05 * max([*totales, *referencias.values()])
        x1 = x1 if x1 > _INTERVALO_MINIMO else 1.0
        mx = [v for v in marcas(0, x1) if v <= x1]
        ancho, alto = ancho_figura - izquierda - _DERECHA, ALTO - arriba - _ABAJO
        hueco = alto / len(categorias)

        def px(v: float) -> float:
            return round(izquierda + v / x1 * ancho, 2)

        partes_svg = _ejes(px, None, mx, [], (izquierda, arriba, alto, ALTO), eje, None, ancho_figura)
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
        return partes_svg, ALTO

    return _figura(alt, dibujar)


def _corto(valor: object, largo: int = 60) -> str:
    """``repr(valor)``, cortado a ``largo`` caracteres (los mensajes de error nombran el valor sin inundar)."""
    texto = repr(valor)
    return texto if len(texto) <= largo else texto[: largo - 1] + "…"


def _textos(funcion: str, **textos: object) -> None:
    """Cada texto (el alternativo, los rótulos…) ha de ser un ``str`` con algo escrito; si no, ``ValueError``."""
    for nombre, texto in textos.items():
        if not validacion.texto_de_campo(texto):
            que = "texto alternativo" if nombre == "alt" else nombre
            raise ValueError(
                f"{funcion}: {que} = {_corto(texto)} no vale; se admite un texto no vacío, sin caracteres de control."
            )


def _nombres(valores: object, nombre: str, funcion: str) -> list[str]:
    """``valores`` si es una lista o tupla no vacía de textos no vacíos; si no, ``ValueError``."""
    if not isinstance(valores, list | tuple) or not valores or not all(validacion.texto_de_campo(v) for v in valores):
        raise ValueError(
            f"{funcion}: {nombre} = {_corto(valores)} no vale; se admite una lista no vacía de textos no vacíos, sin "
            "caracteres de control."
        )
    return list(valores)


def colores(grupos: Sequence[str]) -> dict[str, str]:
    """El color de cada grupo: los de ``PALETA`` por orden de aparición en ``grupos`` (y vuelta a empezar).

    Los usan el gráfico de la página (matplotlib) y el del navegador (``puntos``): cada GPU, del mismo color.
    """
    salida: dict[str, str] = {}
    for grupo in _nombres(grupos, "grupos", "colores"):
        salida.setdefault(grupo, PALETA[len(salida) % len(PALETA)])
    return salida


def _rangos(valores: object, nombre: str) -> list[tuple[float, float]]:
    """Cada valor de ``valores`` como (mínimo, máximo): un número ``v`` es (v, v)."""
    admite = (
        "se admite una lista no vacía de números o de pares (mínimo, máximo) de números entre 0 y 1e299, con "
        "mínimo ≤ máximo"
    )
    if not isinstance(valores, list | tuple) or not valores:
        raise ValueError(f"puntos: {nombre} = {_corto(valores)} no vale; {admite}.")

    def es_numero(v: object) -> bool:
        return isinstance(v, numbers.Real) and not isinstance(v, bool) and 0 <= v <= 1e299

    salida = []
    for i, v in enumerate(valores):
        par = (v, v) if es_numero(v) else tuple(v) if isinstance(v, list | tuple) and len(v) == 2 else ()
        if not par or not all(es_numero(p) for p in par) or par[0] > par[1]:
            raise ValueError(
                f"puntos: {nombre} = {_corto(valores)} no vale: {nombre}[{i}] es {_corto(v, 30)}; {admite}."
            )
        salida.append((float(par[0]), float(par[1])))
    return salida


def puntos(
    x: Sequence[float | tuple[float, float]],
    y: Sequence[float | tuple[float, float]],
    grupos: Sequence[str],
    *,
    eje_x: str,
    eje_y: str,
    alt: str,
    destacados: Sequence[int] = (),
    nombre_destacados: str = "frontera de Pareto",
) -> str:
    """Un gráfico de dispersión: un punto por cada posición de ``x``, ``y`` y ``grupos``.

    Como el gráfico de coste frente a horas de «¿Dónde sale más barato terminarlo?»:

    - ``x`` e ``y``: un número o un rango (mínimo, máximo) por punto, finitos y mayores o iguales que cero. El
      punto va en el centro del rango, con una barra horizontal (rango de ``x``) y una vertical (rango de ``y``)
      de un extremo al otro, como las barras de error de matplotlib.
    - ``grupos``: el nombre de cada punto en la leyenda; los de un mismo grupo llevan su color (``colores``).
    - ``destacados``: índices de los puntos que se marcan con un anillo y se unen, en ese orden, con una línea
      del color del texto (``nombre_destacados`` en la leyenda); p. ej. la frontera de Pareto.

    Los dos ejes empiezan en 0 y acaban en una marca redonda. ``alt``: el texto alternativo. Devuelve
    ``<figure class="grafico">`` con el ``<svg>`` dentro. Un dato malo es un ``ValueError`` que lo nombra.
    """
    _textos("puntos", alt=alt, eje_x=eje_x, eje_y=eje_y, nombre_destacados=nombre_destacados)
    rx, ry = _rangos(x, "x"), _rangos(y, "y")
    color = colores(_nombres(grupos, "grupos", "puntos"))
    for nombre, valores in (("y", ry), ("grupos", grupos)):
        if len(valores) != len(rx):
            raise ValueError(
                f"puntos: {nombre} = {_corto(y if nombre == 'y' else grupos)} no vale: tiene {len(valores)} "
                f"valores y x tiene {len(rx)}; se admite uno por punto."
            )
    if (
        not isinstance(destacados, list | tuple)
        or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(rx) for i in destacados)
        or len(set(destacados)) != len(destacados)
    ):
        raise ValueError(
            f"puntos: destacados = {_corto(destacados)} no vale; se admite una lista de índices de puntos "
            f"(enteros de 0 a {len(rx) - 1}) sin repetir."
        )
    # Leyenda arriba; debajo, los datos. Alto de la figura de la página (7 × 4,4 pulgadas).
    alto_figura = 316.8
    entradas = ([nombre_destacados] if destacados else []) + list(color)

    def dibujar(ancho_figura: float) -> tuple[list[str], float]:
        arriba, leyenda = _leyenda(entradas, _IZQUIERDA, ancho_figura)
        alto, ancho = alto_figura - arriba - _ABAJO, ancho_figura - _IZQUIERDA - _DERECHA
        mx = marcas(0, 1.05 * max(b for _, b in rx) or 1)
        my = marcas(0, 1.05 * max(b for _, b in ry) or 1)
        x1, y1 = mx[-1], my[-1]

        def px(v: float) -> float:
            return round(_IZQUIERDA + v / x1 * ancho, 2)

        def py(v: float) -> float:
            return round(arriba + alto - v / y1 * alto, 2)

        centros = [(px((a + b) / 2), py((c + d) / 2)) for (a, b), (c, d) in zip(rx, ry, strict=True)]
        partes = _ejes(px, py, mx, my, (_IZQUIERDA, arriba, alto, alto_figura), eje_x, eje_y, ancho_figura)
        if destacados:
            linea = "L".join(f"{centros[i][0]} {centros[i][1]}" for i in destacados)
            partes.append(f'<path d="M{linea}" fill="none" stroke="currentColor" stroke-width="2"/>')
        for (a, b), (c, d), grupo, (cx, cy) in zip(rx, ry, grupos, centros, strict=True):
            partes.append(
                f'<path d="M{px(a)} {cy}H{px(b)}M{cx} {py(c)}V{py(d)}" fill="none" stroke="{color[grupo]}" '
                'stroke-width="0.8"/>'
                f'<circle class="punto" cx="{cx}" cy="{cy}" r="3" fill="{color[grupo]}"/>'
            )
        for i in destacados:
            cx, cy = centros[i]
            partes.append(
                f'<circle class="destacado" cx="{cx}" cy="{cy}" r="6" fill="none" stroke="currentColor" '
                'stroke-width="1.5"/>'
            )
        for j, (lx, ly, nombre) in enumerate(leyenda):
            if destacados and j == 0:  # la línea de los destacados, con su anillo
                simbolo = (
                    f'<path d="M{lx} {ly + 7}H{lx + 14}" stroke="currentColor" stroke-width="2"/>'
                    f'<circle cx="{lx + 7}" cy="{ly + 7}" r="4" fill="none" stroke="currentColor" stroke-width="1.5"/>'
                )
            else:
                simbolo = f'<circle cx="{lx + 7}" cy="{ly + 7}" r="3.5" fill="{color[nombre]}"/>'
            partes.append(f'{simbolo}<text x="{lx + 20}" y="{ly + 11}">{html.escape(nombre)}</text>')
        return partes, alto_figura

    return _figura(alt, dibujar)
