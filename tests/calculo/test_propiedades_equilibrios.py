"""Propiedades de los equilibrios e interrupciones (hypothesis): costes nunca negativos, costes iguales en
cada umbral, más interrupciones nunca más baratas."""

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gpucoste.calculo import compra, equilibrios, interrupciones  # noqa: E402
from gpucoste.calculo.electricidad import coste_electricidad  # noqa: E402

precio = st.floats(0.01, 50)
horas = st.floats(1, 744)
fraccion = st.floats(0.001, 0.95)
AJUSTES = settings(max_examples=150, deadline=None)


@AJUSTES
@given(potencia=st.floats(1, 2000), kwh=st.floats(0, 2), tokens=st.floats(0.1, 1e5))
def test_electricidad_nunca_negativa(potencia, kwh, tokens):
    e = coste_electricidad(potencia, kwh, tokens)
    assert e.por_hora >= 0 and e.por_millon_tokens >= 0


@AJUSTES
@given(precio_hora=precio, tokens_s=st.floats(1, 1e5), entrada=st.floats(0.01, 20), salida=st.floats(0.01, 20))
def test_api_o_gpu_empata_en_el_umbral(precio_hora, tokens_s, entrada, salida):
    e = equilibrios.api_o_gpu(precio_hora=precio_hora, tokens_s=tokens_s, precio_entrada=entrada, precio_salida=salida)
    if e.umbral is not None:
        assert e.coste_a == pytest.approx(e.coste_b, rel=1e-9)
        assert e.umbral <= equilibrios.capacidad_mes(tokens_s)


@AJUSTES
@given(precio_hora=precio, descuento=fraccion, h=horas)
def test_reservar_empata_en_el_umbral(precio_hora, descuento, h):
    e = equilibrios.alquilar_o_reservar(precio_hora=precio_hora, descuento=descuento, horas=h)
    assert e.coste_a == pytest.approx(e.coste_b, rel=1e-9)
    assert 0 < e.umbral < 1


@AJUSTES
@given(
    compra_=st.floats(100, 50_000),
    reventa=st.floats(0, 0.99),
    precio_hora=precio,
    potencia=st.floats(50, 1500),
    kwh=st.floats(0, 1),
    h=horas,
)
def test_comprar_empata_en_el_umbral(compra_, reventa, precio_hora, potencia, kwh, h):
    e = compra.comprar_o_alquilar(
        precio_compra=compra_,
        precio_hora=precio_hora,
        potencia_w=potencia,
        precio_kwh=kwh,
        horas_mes=h,
        valor_reventa=reventa * compra_,
    )
    if e.umbral is not None:
        assert e.umbral > 0
        assert e.coste_a == pytest.approx(e.coste_b, rel=1e-9)


parametros = st.fixed_dictionaries(
    {
        "horas_trabajo": st.floats(0.1, 200),
        "escritura_h": st.floats(0.001, 1),
        "reinicio_h": st.floats(0, 2),
        "precio_hora": st.floats(0, 10),
    }
)


@AJUSTES
@given(p=parametros, tasa=st.floats(0, 2), factor=st.floats(1, 3), intervalo=st.one_of(st.none(), st.floats(0.05, 10)))
def test_mas_interrupciones_nunca_mas_baratas(p, tasa, factor, intervalo):
    try:
        mas = interrupciones.esperado(**p, interrupciones_hora=tasa * factor, intervalo_h=intervalo)
    except ValueError:
        return  # con tanta tasa no termina: el error en español ya lo prueba test_interrupciones
    menos = interrupciones.esperado(**p, interrupciones_hora=tasa, intervalo_h=intervalo)
    assert menos.coste >= 0 and menos.horas >= p["horas_trabajo"]
    assert mas.coste >= menos.coste * (1 - 1e-9)
    assert mas.horas >= menos.horas * (1 - 1e-9)


@AJUSTES
@given(p=parametros, descuento=st.floats(0.05, 0.9))
def test_tasa_de_equilibrio_empata(p, descuento):
    caro = max(p["precio_hora"], 0.01)
    e = interrupciones.tasa_equilibrio(
        horas_trabajo=p["horas_trabajo"],
        precio_interrumpible=caro * (1 - descuento),
        precio_bajo_demanda=caro,
        escritura_h=p["escritura_h"],
        reinicio_h=p["reinicio_h"],
    )
    if e.umbral is not None:
        assert e.coste_a == pytest.approx(e.coste_b, rel=1e-6)
