"""Gráficos sin matplotlib (gpucoste.graficos.dibujo) para las calculadoras del navegador: las reglas de los de la
página (tests/graficos/test_graficos.py) y las mismas series que la función de la biblioteca."""

from __future__ import annotations

import math
import re

import pytest
from bs4 import BeautifulSoup

from gpucoste.calculo import compra, puntos
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.graficos import dibujo

X = [0, 1, 2, 3]
SERIES = {"alquilada": [0.0, 1500.5, 3001.0, 4501.5], "comprada": [1599.0, 1700.0, 1801.0, 1902.0]}


def _svg(**extra) -> str:
    return dibujo.lineas(X, SERIES, eje_x="meses", eje_y="coste (US$)", alt="Coste frente a meses.", **extra)


def test_mismos_datos_mismos_bytes_y_texto_alternativo():
    assert _svg() == _svg()
    svg = BeautifulSoup(_svg(), "html.parser").find("svg")
    assert svg["role"] == "img" and svg["aria-label"] == "Coste frente a meses."
    assert svg.find("title").get_text() == "Coste frente a meses."
    assert svg["width"] == "100%" and svg["viewbox"] == f"0 0 {dibujo.ANCHO} {dibujo.ALTO}"


def test_dos_dibujos_uno_ancho_y_otro_estrecho_con_la_misma_letra():
    """Cada figura lleva el dibujo ancho y el estrecho (para el móvil): los mismos textos y la misma letra de
    11 px, a ``ANCHO`` y a ``ESTRECHO`` de ancho; la hoja de estilo enseña uno de los dos."""
    for figura in (_svg(), _barras()):
        ancho, estrecho = BeautifulSoup(figura, "html.parser").find_all("svg")
        assert ancho["class"] == ["grafico", "grafico-ancho"] and estrecho["class"] == ["grafico", "grafico-estrecho"]
        assert ancho["viewbox"].split()[2] == str(dibujo.ANCHO) and estrecho["viewbox"].split()[2] == str(
            dibujo.ESTRECHO
        )
        assert [t.get_text() for t in ancho.find_all("text")] == [t.get_text() for t in estrecho.find_all("text")]
        assert "font-size: 11px" in ancho["style"] and "font-size: 11px" in estrecho["style"]


def test_colores_del_tema_fuente_de_la_pagina_y_paleta():
    svg = _svg()
    assert "currentColor" in svg and "font-family: inherit" in svg
    colores = set(re.findall(r'stroke="(#[0-9a-f]{6})"', svg))
    assert colores == set(dibujo.PALETA[:2])
    assert re.findall(r"#[0-9a-fA-F]{6}", svg.replace("currentColor", "")) != []
    assert all(c in dibujo.PALETA for c in re.findall(r"#[0-9a-fA-F]{6}", svg))


def test_marcas_con_coma_decimal_y_punto_de_millares():
    textos = [t.get_text() for t in BeautifulSoup(_svg(), "html.parser").find_all("text")]
    assert "4000" in textos and "meses" in textos and "coste (US$)" in textos
    con_decimales = dibujo.lineas([0, 1], {"a": [0, 0.5]}, eje_x="x", eje_y="y", alt="a")
    assert "0,4" in [t.get_text() for t in BeautifulSoup(con_decimales, "html.parser").find_all("text")]


def test_a_saltos_o_en_recta():
    recta = re.findall(r'<path d="(M[^"]*)" fill="none" stroke="#', _svg())
    assert all("L" in d and "H" not in d for d in recta)
    saltos = re.findall(r'<path d="(M[^"]*)" fill="none" stroke="#', _svg(escalones=("comprada",)))
    assert "L" in saltos[0] and "H" in saltos[1] and "V" in saltos[1]


@pytest.mark.parametrize(
    ("argumentos", "mensaje"),
    [
        ({"alt": " "}, "texto alternativo"),
        ({"series": {"a": [1, 2]}}, "tiene 2 valores"),
        ({"series": {"a": [1, 2, float("nan"), 4]}}, r"series\[.a.\]: nan no es un número finito"),
        ({"series": {}}, "diccionario no vacío"),
    ],
)
def test_datos_malos_son_un_error_en_espanol(argumentos, mensaje):
    completos = {"eje_x": "x", "eje_y": "y", "alt": "a", "series": SERIES} | argumentos
    with pytest.raises(ValueError, match=mensaje):
        dibujo.lineas(X, completos.pop("series"), **completos)


def test_marcas_redondas_que_cubren_el_intervalo():
    assert dibujo.marcas(0, 15000) == [0, 5000, 10000, 15000]
    assert dibujo.marcas(0, 6200) == [0, 2000, 4000, 6000, 8000]
    assert dibujo.marcas(0, 0.5) == [0, 0.1, 0.2, 0.3, 0.4, 0.5]
    with pytest.raises(ValueError, match="maximo"):
        dibujo.marcas(2, 1)


def test_coste_acumulado_se_cruza_en_el_equilibrio():
    """Fuente independiente: en el mes del equilibrio de comprar_o_alquilar, las dos series valen lo mismo."""
    argumentos = {"precio_compra": 1599, "precio_hora": 0.34, "potencia_w": 450, "precio_kwh": 0.34, "horas_mes": 730}
    e = compra.comprar_o_alquilar(**argumentos)
    meses, series = compra.coste_acumulado(**argumentos, meses=int(e.umbral) + 1)
    pendiente_a = series["alquilada"][1] - series["alquilada"][0]
    pendiente_c = series["comprada, sin reventa"][1] - series["comprada, sin reventa"][0]
    cruce = (series["comprada, sin reventa"][0] - series["alquilada"][0]) / (pendiente_a - pendiente_c)
    assert cruce == pytest.approx(e.umbral)
    assert meses[-1] >= e.umbral
    # Un equilibrio más allá de 60 meses alarga el eje para que se vea el cruce.
    lento = argumentos | {"horas_mes": 20}
    meses, _ = compra.coste_acumulado(**lento)
    assert meses[-1] >= compra.comprar_o_alquilar(**lento).umbral


def test_coste_segun_tasa_cruza_bajo_demanda_en_el_equilibrio():
    """Fuente independiente: tasa_equilibrio. En esa tasa, el coste esperado interrumpible es el bajo demanda."""
    from gpucoste.calculo import interrupciones

    comunes = {"horas_trabajo": 20.0, "escritura_h": 1 / 60}
    eq = interrupciones.tasa_equilibrio(**comunes, reinicio_h=0.1, precio_interrumpible=0.5, precio_bajo_demanda=1.0)
    tasas, series = interrupciones.coste_segun_tasa(
        20.0, 1 / 60, {"interrumpible": 0.1}, 0.5, 1.0, tasa_maxima=eq.umbral, puntos=10
    )
    assert tasas[-1] == pytest.approx(eq.umbral)
    assert series["bajo demanda"] == [20.0] * 11
    assert series["interrumpible"][-1] == pytest.approx(20.0)
    assert series["interrumpible"][0] < 20.0


@pytest.mark.parametrize(
    ("reventas", "mensaje"),
    [
        ({}, "reventas: {} no vale; se admite un diccionario no vacío"),
        ([("con reventa", 800)], "reventas: .* no vale; se admite un diccionario"),
        ({1: 800}, "reventas: .* no vale; se admite un diccionario no vacío"),
        ({"": 800}, "reventas: .* no vale; se admite un diccionario no vacío"),
        ({"con reventa": "800"}, r"reventas: .* no vale: reventas\[.con reventa.\]"),
        ({"con reventa": -1}, r"reventas\['con reventa'\]"),
        ({"con reventa": 2000}, "reventa"),  # más que el precio de compra
        ({"alquilada": 0}, "'alquilada' es el nombre de la serie del alquiler"),
    ],
)
def test_coste_acumulado_rechaza_reventas_mal_formadas(reventas, mensaje):
    """Un diccionario de reventas mal formado da un ValueError en español que lo nombra, nunca una serie."""
    argumentos = {"precio_compra": 1599, "precio_hora": 0.34, "potencia_w": 450, "precio_kwh": 0.34, "horas_mes": 730}
    with pytest.raises(ValueError, match=mensaje):
        compra.coste_acumulado(**argumentos, reventas=reventas)


# ---- Barras apiladas (la calculadora de «¿Cabe mi modelo?») -------------------------------------------------

PARTES = {"pesos": [16.0, 5.0], "activaciones": [2.5, 0.0]}


def _barras(**extra) -> str:
    argumentos = {"eje": "GB", "alt": "Memoria por partidas.", "referencias": {"VRAM": 24.0}} | extra
    return dibujo.barras(["a", "b"], PARTES, **argumentos)


def test_barras_mismos_bytes_texto_alternativo_y_colores_del_tema():
    assert _barras() == _barras()
    svg = BeautifulSoup(_barras(), "html.parser").find("svg")
    assert svg["role"] == "img" and svg["aria-label"] == "Memoria por partidas."
    assert svg.find("title").get_text() == "Memoria por partidas."
    assert svg["viewbox"] == f"0 0 {dibujo.ANCHO} {dibujo.ALTO}" and "currentColor" in str(svg)
    assert set(re.findall(r'fill="(#[0-9a-f]{6})"', str(svg))) == set(dibujo.PALETA[:2])
    textos = [t.get_text() for t in svg.find_all("text")]
    assert {"pesos", "activaciones", "VRAM", "a", "b", "GB"} <= set(textos)


def _anchos(svg: str) -> list[float]:
    """Los anchos de los trozos de barra, en el orden en que se dibujan (las leyendas miden 14 px), en el primer
    dibujo (el ancho; el estrecho repite las barras a otra escala)."""
    svg = svg[: svg.index("</svg>")]
    return [float(w) for w in re.findall(r'<rect x="[^"]*" y="[^"]*" width="([^"]*)"', svg) if w != "14"]


def test_barras_de_la_calculadora_son_las_partidas_de_la_biblioteca():
    """Fuente independiente: la VRAM de la RTX 4090 es 24 GB (ficha de NVIDIA), y la barra mide lo que suman
    las partidas de memoria.encaja, cada trozo en su proporción."""
    from gpucoste import navegador
    from gpucoste.calculo import memoria

    valores = {"modelo": "Llama 3.1 8B", "metodo": "completo", "gpu": "RTX 4090", "n_gpus": "1"}
    valores |= {"secuencia": "2048", "lote": "1", "precision": navegador.PRECISION_DEL_METODO}
    valores |= {"precision_kv": navegador.KV_DE_SERIE, "optimizador": "adamw", "perdida": "completa", "config": ""}
    svg = navegador.calcular("cabe", valores).grafico
    m = memoria.encaja("Llama 3.1 8B", "completo", "RTX 4090", secuencia=2048, lote=1)
    esperados = [m.pesos, m.adaptadores + m.gradientes + m.optimizador, m.activaciones, m.kv, m.sistema]
    assert list(m.grupos.values()) == pytest.approx(esperados)
    anchos = _anchos(svg)
    escala = anchos[0] / esperados[0]
    assert anchos == pytest.approx([e * escala for e in esperados if e > 0], abs=0.02)
    assert sum(esperados) == pytest.approx(m.total)
    svg = svg[: svg.index("</svg>")]
    vram = re.search(r'<line x1="([^"]*)" x2="[^"]*" y1="[^"]*" y2="[^"]*" stroke="#', svg)
    izquierda = float(re.search(r'<rect x="([^"]*)" y="[^"]*" width="(?!14")', svg).group(1))
    assert (float(vram.group(1)) - izquierda) / escala == pytest.approx(24, abs=0.01)
    assert "VRAM de la RTX 4090" in svg and "No cabe" in svg


@pytest.mark.parametrize(
    ("argumentos", "mensaje"),
    [
        ({"alt": ""}, "texto alternativo"),
        ({"partes": {"pesos": [1.0]}}, "tiene 1 valores y hay 2 categorías"),
        (
            {"partes": {"pesos": [1.0, -1.0]}},
            r"partes\['pesos'\] tiene -1.0; se admite un número finito mayor o igual que 0",
        ),
        ({"partes": {"pesos": [1.0, float("inf")]}}, "no es un número finito"),
        ({"referencias": {"VRAM": float("nan")}}, "no es un número finito"),
        ({"partes": {}}, "no vací[ao]"),
        ({"categorias": []}, "no vací[ao]"),
    ],
)
def test_barras_con_datos_malos_son_un_error_en_espanol(argumentos, mensaje):
    completos = {"categorias": ["a", "b"], "partes": PARTES, "eje": "GB", "alt": "a"} | argumentos
    with pytest.raises(ValueError, match=f"^barras: .*{mensaje}"):
        dibujo.barras(completos.pop("categorias"), completos.pop("partes"), **completos)


def test_marcas_con_intervalos_diminutos_o_enormes_acaban():
    """Antes, con un paso menor que 1e-10, el redondeo a 10 decimales dejaba la marca quieta: un bucle sin fin."""
    assert dibujo.marcas(0, 1e-11) == pytest.approx([0, 2e-12, 4e-12, 6e-12, 8e-12, 1e-11])
    assert dibujo.marcas(0, 5e-324) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]  # casi iguales: como iguales
    assert len(dibujo.marcas(1e17, 1e17 + 64)) <= 5 + 2


# ---- Dispersión (la calculadora de «¿Dónde sale más barato terminarlo?») ----------------------------------------


@pytest.fixture(scope="module")
def opciones():
    from gpucoste.calculo import ranking

    return ranking.ranking(Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6))


def _primero(figura: str) -> str:
    """El primer ``<svg>`` de la figura: el dibujo ancho (el estrecho repite los datos a otra escala)."""
    return figura[: figura.index("</svg>") + len("</svg>")]


def _punto(svg: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r'<circle class="punto" cx="([^"]*)" cy="([^"]*)"', svg)]


def _escala(svg: str, eje: str) -> tuple[float, float]:
    """(píxel del 0, píxeles por unidad) del eje ``eje``, leídos de dos marcas del propio SVG."""
    sopa = BeautifulSoup(svg, "html.parser")
    if eje == "x":
        marcas = [(float(t["x"]), t.get_text()) for t in sopa.find_all("text", attrs={"text-anchor": "middle"})]
    else:
        marcas = [(float(t["y"]) - 4, t.get_text()) for t in sopa.find_all("text", attrs={"text-anchor": "end"})]
    valores = [
        (p, float(texto.replace(".", "").replace(",", "."))) for p, texto in marcas if re.fullmatch(r"[\d.,]+", texto)
    ]
    (p0, v0), (p1, v1) = valores[0], valores[-1]
    return p0, (p1 - p0) / (v1 - v0)


def test_dispersion_un_punto_por_fila_y_la_frontera_de_pareto(opciones):
    """Fuente independiente: la frontera se recalcula aquí (ninguna otra fila es a la vez más barata y más rápida,
    con el centro de cada rango) y debe coincidir con la de ranking; la línea va de la más rápida a la más lenta."""

    d = puntos.dispersion(opciones)
    assert len(d.gpus) == len(d.horas) == len(d.costes) == len(d.opciones) == len(opciones)
    centro = [(sum(h) / 2, sum(c) / 2) for h, c in zip(d.horas, d.costes, strict=True)]
    no_dominadas = {
        i for i, (h, c) in enumerate(centro) if not any(h2 <= h and c2 <= c and (h2, c2) != (h, c) for h2, c2 in centro)
    }
    assert set(d.frontera) == no_dominadas == {i for i, f in enumerate(opciones) if f.pareto}
    assert [centro[i][0] for i in d.frontera] == sorted(centro[i][0] for i in d.frontera)
    assert [centro[i][1] for i in d.frontera] == sorted((centro[i][1] for i in d.frontera), reverse=True)
    assert d.horas[0] == (opciones[0].horas.minimo, opciones[0].horas.maximo)


def test_dispersion_rechaza_lo_que_no_son_filas_de_ranking():

    for malo in (None, [], "x", [1, 2], {"a": 1}):
        with pytest.raises(ValueError, match=r"^filas: .* se admite") as error:
            puntos.dispersion(malo)
        assert repr(malo)[:20] in str(error.value)


def test_puntos_de_la_calculadora_son_los_de_la_biblioteca(opciones):
    """Un punto por fila, un anillo por fila de la frontera de Pareto; cada centro, leído con la escala de las
    marcas del propio eje, es el centro de los rangos de horas y coste de su fila."""
    from gpucoste import navegador

    valores = {
        "modelo": "Llama 3.1 8B",
        "metodo": "lora",
        "tokens": "50.000.000",
        "epocas": "1",
        "secuencia": "2048",
        "sin_estimaciones": "sí",
        "pais": "SIN",
    }
    svg = _primero(navegador.calcular("donde-mas-barato", valores).grafico)
    centros = _punto(svg)
    assert len(centros) == len(opciones) > 1  # una fila por opción, sean las que sean hoy
    anillos = re.findall(r'<circle class="destacado" cx="([^"]*)" cy="([^"]*)"', svg)
    assert len(anillos) == sum(f.pareto for f in opciones) >= 1
    (x0, por_hora), (y0, por_dolar) = _escala(svg, "x"), _escala(svg, "y")
    for (cx, cy), f in zip(centros, opciones, strict=True):
        assert (cx - x0) / por_hora == pytest.approx((f.horas.minimo + f.horas.maximo) / 2, abs=0.05)
        assert (cy - y0) / por_dolar == pytest.approx((f.coste.minimo + f.coste.maximo) / 2, abs=0.1)
    pareto = {(cx, cy) for cx, cy in centros for f in [opciones[centros.index((cx, cy))]] if f.pareto}
    assert {(float(x), float(y)) for x, y in anillos} == pareto
    # La leyenda: la frontera y cada GPU con el color que le da dibujo.colores (el mismo que en la página).
    for gpu, color in dibujo.colores([f.precio.gpu for f in opciones]).items():
        assert re.search(rf'fill="{color}"/><text [^>]*>{re.escape(gpu)}</text>', svg)
    assert ">frontera de Pareto</text>" in svg and "con tus cifras" in svg


X_PUNTOS, Y_PUNTOS, GRUPOS = [(1.0, 2.0), 2.5, (4.0, 4.5)], [(10.0, 12.0), (5.0, 6.0), 30.0], ["a", "b", "a"]


def _puntos(**extra) -> str:
    argumentos = {"eje_x": "horas", "eje_y": "coste (US$)", "alt": "Coste frente a horas.", "destacados": (1, 0)}
    return dibujo.puntos(X_PUNTOS, Y_PUNTOS, GRUPOS, **(argumentos | extra))


def test_puntos_mismos_bytes_texto_alternativo_y_colores_del_tema():
    assert _puntos() == _puntos()
    svg = BeautifulSoup(_puntos(), "html.parser").find("svg")
    assert svg["role"] == "img" and svg["aria-label"] == "Coste frente a horas."
    assert svg.find("title").get_text() == "Coste frente a horas."
    assert "currentColor" in str(svg) and "font-family: inherit" in str(svg)
    assert set(re.findall(r'(?:fill|stroke)="(#[0-9a-f]{6})"', str(svg))) == set(dibujo.PALETA[:2])
    textos = [t.get_text() for t in svg.find_all("text")]
    assert {"horas", "coste (US$)", "a", "b", "frontera de Pareto"} <= set(textos)
    sin = BeautifulSoup(_puntos(destacados=()), "html.parser")
    assert "frontera de Pareto" not in sin.get_text() and not sin.select("circle.destacado")


def test_puntos_crecen_con_los_valores_y_las_barras_cubren_el_rango():
    """x crece hacia la derecha, y hacia arriba (en SVG, y menor); la barra de un rango va de su mínimo a su
    máximo, y la línea de los destacados los une en el orden dado (en cada uno de los dos dibujos)."""
    figura = _puntos()
    estrecho = figura[len(_primero(figura)) :]
    for svg in (_primero(figura), estrecho):
        _comprobar_puntos(svg)


def _comprobar_puntos(svg: str) -> None:
    (a, b, c) = _punto(svg)
    assert a[0] < b[0] < c[0] and c[1] < a[1] < b[1]
    (x0, por_x), (y0, por_y) = _escala(svg, "x"), _escala(svg, "y")
    barra = re.search(r'<path d="M([\d.]+) ([\d.]+)H([\d.]+)M([\d.]+) ([\d.]+)V([\d.]+)"', svg).groups()
    assert [(float(v) - x0) / por_x for v in (barra[0], barra[2])] == pytest.approx([1.0, 2.0])
    assert [(float(v) - y0) / por_y for v in (barra[4], barra[5])] == pytest.approx([10.0, 12.0])
    linea = re.search(r'<path d="M([^"]*)" fill="none" stroke="currentColor" stroke-width="2"', svg).group(1)
    assert linea == f"{b[0]} {b[1]}L{a[0]} {a[1]}"


@pytest.mark.parametrize(
    ("argumentos", "malo"),
    [
        ({"x": []}, []),
        ({"x": "abc"}, "abc"),
        ({"x": [(1.0, 3.0), (2.0, 1.0), 4.0]}, (2.0, 1.0)),  # mínimo > máximo
        ({"x": [1.0, float("nan"), 4.0]}, float("nan")),
        ({"y": [1.0, -2.0, 3.0]}, -2.0),
        ({"y": [1.0, True, 3.0]}, True),
        ({"y": [1.0, 2.0]}, [1.0, 2.0]),  # uno menos que x
        ({"grupos": ["a", "", "b"]}, ["a", "", "b"]),
        ({"grupos": ["a", "b"]}, ["a", "b"]),
        ({"destacados": (0, 3)}, (0, 3)),
        ({"destacados": (0, 0)}, (0, 0)),
        ({"destacados": None}, None),
        ({"alt": " "}, " "),
        ({"eje_x": b"horas"}, b"horas"),
    ],
)
def test_puntos_con_datos_malos_son_un_error_en_espanol_que_los_nombra(argumentos, malo):
    completos = {"x": X_PUNTOS, "y": Y_PUNTOS, "grupos": GRUPOS, "eje_x": "h", "eje_y": "US$", "alt": "a"} | argumentos
    with pytest.raises(ValueError, match=r"^puntos: .*se admite") as error:
        dibujo.puntos(completos.pop("x"), completos.pop("y"), completos.pop("grupos"), **completos)
    assert repr(malo)[:20] in str(error.value)


def test_colores_por_orden_de_aparicion_y_vuelta_a_empezar():
    nombres = [f"g{i}" for i in range(len(dibujo.PALETA) + 1)]
    assert dibujo.colores(["b", "a", "b"]) == {"b": dibujo.PALETA[0], "a": dibujo.PALETA[1]}
    assert dibujo.colores(nombres)[nombres[-1]] == dibujo.PALETA[0]
    with pytest.raises(ValueError, match=r"^colores: grupos = \[\] no vale; se admite"):
        dibujo.colores([])


# --- Series extremas o todas a cero (issue 35): un dibujo correcto o un ValueError que las nombra ----------------


@pytest.mark.parametrize("x", [[1.0, 2.0], [1e16, 1e16], [0.0, 0.0], [-1e299, -1e299], [1e299, 1e299]])
@pytest.mark.parametrize(
    "ys", [[0.0, 0.0], [-1e299, -1e299], [1e16, 1e16], [-5e-324, 5e-324], [-1e299, 1e299], [0.0, 1e-300]]
)
def test_lineas_con_series_extremas_o_a_cero_dibujan(x, ys):
    """Todos los x iguales y enormes (1e16: sumarle 1 no lo cambia) o una serie toda igual daban ZeroDivisionError."""
    svg = dibujo.lineas(x, {"a": ys}, eje_x="x", eje_y="y", alt="gráfico")
    assert "nan" not in svg and "inf" not in svg and svg.count("<svg") == 2


@pytest.mark.parametrize(
    ("argumentos", "nombrado"),
    [
        (([1.0, 2.0], {"a": [0.0, 1.7976931348623157e308]}), "series['a'] tiene 1.7976931348623157e+308"),
        (([1.7976931348623157e308] * 2, {"a": [0.0, 0.0]}), "x tiene 1.7976931348623157e+308"),
        (([1.0, 2.0], {"a": [-1e308, -1e308]}), "series['a'] tiene -1e+308"),
    ],
)
def test_lineas_mas_alla_del_maximo_son_un_error_que_las_nombra(argumentos, nombrado):
    with pytest.raises(ValueError, match=re.escape(f"lineas: {nombrado}; se admiten valores de como mucho 1e+299")):
        dibujo.lineas(*argumentos, eje_x="x", eje_y="y", alt="gráfico")


@pytest.mark.parametrize(
    ("partes", "referencias"),
    [
        ({"a": [0.0, 0.0]}, None),
        ({"a": [5e-324, 0.0]}, None),
        ({"a": [1e-300, 0.0]}, None),
        ({"a": [1e299, 0.0]}, {"r": 1e299}),
    ],
)
def test_barras_a_cero_o_extremas_dibujan(partes, referencias):
    svg = dibujo.barras(["c1", "c2"], partes, eje="GB", alt="gráfico", referencias=referencias)
    assert "nan" not in svg and "inf" not in svg


def test_barras_cuya_suma_se_desborda_son_un_error():
    with pytest.raises(ValueError, match=r"^barras: la suma de las partes de una categoría tiene 2e\+299"):
        dibujo.barras(["c"], {"a": [1e299], "b": [1e299]}, eje="GB", alt="gráfico")
    with pytest.raises(ValueError, match=r"^barras: referencias tiene 1e\+308"):
        dibujo.barras(["c"], {"a": [1.0]}, eje="GB", alt="gráfico", referencias={"r": 1e308})


@pytest.mark.parametrize("extremo", [1.7976931348623157e308, -1.7976931348623157e308, 1e307])
@pytest.mark.parametrize("cuantas", [1, 5])
def test_marcas_en_el_mayor_float_cubren_el_punto(extremo, cuantas):
    """``marcas(1.8e308, 1.8e308)`` daba OverflowError al abrir el intervalo (no cabía por arriba)."""
    marcas = dibujo.marcas(extremo, extremo, cuantas)
    assert all(math.isfinite(m) for m in marcas) and min(marcas) <= extremo <= max(marcas)


@pytest.mark.parametrize(
    ("funcion", "argumentos", "mensaje"),
    [
        ("lineas", {"eje_x": None}, "lineas: eje_x = None no vale"),
        ("lineas", {"eje_y": "a\x00"}, "lineas: eje_y = 'a\\x00' no vale"),
        ("lineas", {"series": {"s\u200b": [1.0, 2.0]}}, "lineas: los nombres de series"),
        ("lineas", {"escalones": ["otra"]}, "lineas: escalones = ['otra'] no vale"),
        ("barras", {"eje": 3}, "barras: eje = 3 no vale"),
        ("barras", {"categorias": [1, 2]}, "barras: categorias = [1, 2] no vale"),
        ("barras", {"referencias": {"\x07": 1.0}}, "barras: referencias = {'\\x07': 1.0} no vale"),
    ],
)
def test_textos_malos_de_lineas_y_barras(funcion, argumentos, mensaje):
    """Issue 35: ``lineas`` solo miraba el texto alternativo (``eje_x=None`` daba AttributeError) y ``barras``
    aceptaba categorías que no eran textos."""
    if funcion == "lineas":
        base = {"x": [1.0, 2.0], "series": {"s": [1.0, 2.0]}, "eje_x": "x", "eje_y": "y", "alt": "gráfico"}
        with pytest.raises(ValueError, match=re.escape(mensaje)):
            dibujo.lineas(**{**base, **argumentos})
    else:
        base = {"categorias": ["a", "b"], "partes": {"p": [1.0, 2.0]}, "eje": "GB", "alt": "gráfico"}
        with pytest.raises(ValueError, match=re.escape(mensaje)):
            dibujo.barras(**{**base, **argumentos})
