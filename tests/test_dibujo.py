"""Gráficos sin matplotlib (gpucoste.dibujo) para las calculadoras del navegador: las reglas de los de la página
(tests/test_graficos.py) y las mismas series que la función de la biblioteca."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from gpucoste import compra, dibujo

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


def test_colores_del_tema_fuente_de_la_pagina_y_paleta():
    svg = _svg()
    assert "currentColor" in svg and "font-family: inherit" in svg
    colores = set(re.findall(r'stroke="(#[0-9a-f]{6})"', svg))
    assert colores == set(dibujo.PALETA[:2])
    assert re.findall(r"#[0-9a-fA-F]{6}", svg.replace("currentColor", "")) != []
    assert all(c in dibujo.PALETA for c in re.findall(r"#[0-9a-fA-F]{6}", svg))


def test_marcas_con_coma_decimal_y_punto_de_millares():
    textos = [t.get_text() for t in BeautifulSoup(_svg(), "html.parser").find_all("text")]
    assert "4.000" in textos and "meses" in textos and "coste (US$)" in textos
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
        ({"series": {"a": [1, 2, float("nan"), 4]}}, "no son números finitos"),
        ({"series": {}}, "sin datos"),
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
    """Fuente independiente: tasa_equilibrio. En esa tasa, el coste esperado interrumpible es el on-demand."""
    from gpucoste import interrupciones

    comunes = {"horas_trabajo": 20.0, "escritura_h": 1 / 60}
    eq = interrupciones.tasa_equilibrio(**comunes, reinicio_h=0.1, precio_interrumpible=0.5, precio_bajo_demanda=1.0)
    tasas, series = interrupciones.coste_segun_tasa(
        20.0, 1 / 60, {"interrumpible": 0.1}, 0.5, 1.0, tasa_maxima=eq.umbral, puntos=10
    )
    assert tasas[-1] == pytest.approx(eq.umbral)
    assert series["on-demand"] == [20.0] * 11
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
    """Los anchos de los trozos de barra, en el orden en que se dibujan (las leyendas miden 14 px)."""
    return [float(w) for w in re.findall(r'<rect x="[^"]*" y="[^"]*" width="([^"]*)"', svg) if w != "14"]


def test_barras_de_la_calculadora_son_las_partidas_de_la_biblioteca():
    """Fuente independiente: la VRAM de la RTX 4090 es 24 GB (ficha de NVIDIA), y la barra mide lo que suman
    las partidas de memoria.encaja, cada trozo en su proporción."""
    from gpucoste import memoria, navegador

    valores = {"modelo": "Llama 3.1 8B", "metodo": "completo", "gpu": "RTX 4090", "n_gpus": "1"}
    valores |= {"secuencia": "2048", "lote": "1"}
    svg = navegador.calcular("cabe", valores).grafico
    m = memoria.encaja("Llama 3.1 8B", "completo", "RTX 4090", secuencia=2048, lote=1)
    esperados = [m.pesos, m.adaptadores + m.gradientes + m.optimizador, m.activaciones, m.kv]
    assert list(m.grupos.values()) == pytest.approx(esperados)
    anchos = _anchos(svg)
    escala = anchos[0] / esperados[0]
    assert anchos == pytest.approx([e * escala for e in esperados if e > 0], abs=0.02)
    assert sum(esperados) == pytest.approx(m.total)
    vram = re.search(r'<line x1="([^"]*)" x2="[^"]*" y1="[^"]*" y2="[^"]*" stroke="#', svg)
    izquierda = float(re.search(r'<rect x="([^"]*)" y="[^"]*" width="(?!14")', svg).group(1))
    assert (float(vram.group(1)) - izquierda) / escala == pytest.approx(24, abs=0.01)
    assert "VRAM de la RTX 4090" in svg and "No cabe" in svg


@pytest.mark.parametrize(
    ("argumentos", "mensaje"),
    [
        ({"alt": ""}, "texto alternativo"),
        ({"partes": {"pesos": [1.0]}}, "tiene 1 valores y hay 2 categorías"),
        ({"partes": {"pesos": [1.0, -1.0]}}, "mayores o iguales que cero"),
        ({"partes": {"pesos": [1.0, float("inf")]}}, "números finitos"),
        ({"referencias": {"VRAM": float("nan")}}, "números finitos"),
        ({"partes": {}}, "sin datos"),
        ({"categorias": []}, "sin datos"),
    ],
)
def test_barras_con_datos_malos_son_un_error_en_espanol(argumentos, mensaje):
    completos = {"categorias": ["a", "b"], "partes": PARTES, "eje": "GB", "alt": "a"} | argumentos
    with pytest.raises(ValueError, match=f"^barras: .*{mensaje}"):
        dibujo.barras(completos.pop("categorias"), completos.pop("partes"), **completos)
