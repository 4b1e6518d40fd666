"""Puntos de equilibrio, electricidad, comprar o alquilar y la recomendación calculada.

Valores de referencia de fuentes independientes, citadas en cada prueba; los costes de las dos opciones
en cada umbral deben coincidir (así se comprueba que el umbral es un equilibrio).
"""

import math

import pytest

from gpucoste.calculo import compra, equilibrios, recomendacion
from gpucoste.calculo.electricidad import coste_electricidad
from gpucoste.dinero import mercado


def test_electricidad_por_hora_y_por_millon():
    # 450 W (RTX 4090) a 0,2907 €/kWh: 0,45 kW × 0,2907 = 0,130815 €/h (cuenta a mano).
    e = coste_electricidad(450, 0.2907, tokens_s=50)
    assert e.kwh_hora == pytest.approx(0.45)
    assert e.por_hora == pytest.approx(0.130815)
    # 50 tokens/s = 0,18 millones de tokens por hora → 0,130815 / 0,18 €/millón.
    assert e.por_millon_tokens == pytest.approx(0.130815 / 0.18)
    assert coste_electricidad(450, 0.2907).por_millon_tokens is None
    assert coste_electricidad(450, 0).por_hora == 0


def test_precio_mezclado_como_el_ejemplo_de_together():
    # theneuralbase.com (Together AI, «Cost per quality point»): 500 tokens de entrada a 0,80 $/M y 150 de
    # salida a 2,40 $/M cuestan (500 × 0,80 + 150 × 2,40) / 10⁶ ≈ 0,000764 $ (0,00076 exactos).
    millon = mercado.precio_millon_mezclado(0.80, 2.40, entrada_por_salida=500 / 150)
    assert equilibrios.coste_api_mes(150, millon) == pytest.approx(0.00076)


def test_api_o_gpu_iguala_los_costes_en_el_umbral():
    e = equilibrios.api_o_gpu(precio_hora=0.34, tokens_s=1000, precio_entrada=0.18, precio_salida=0.18)
    # GPU: 0,34 $/h × 730 h = 248,2 $/mes; API: 0,36 $ por millón generado (0,18 + 0,18 de entrada).
    assert e.coste_b == pytest.approx(0.34 * 730)
    assert e.umbral == pytest.approx(0.34 * 730 / 0.36 * 1e6)
    assert e.coste_a == pytest.approx(e.coste_b)


def test_api_o_gpu_sin_equilibrio_si_la_gpu_no_da_abasto():
    # 50 tokens/s × 3600 × 730 = 131,4 M de tokens al mes: a 0,36 $/M son 47 $, menos que los 248 $ de la GPU.
    e = equilibrios.api_o_gpu(precio_hora=0.34, tokens_s=50, precio_entrada=0.18, precio_salida=0.18)
    assert e.umbral is None and e.coste_a is None
    assert "incluso llena, la GPU genera menos tokens" in e.motivo
    assert equilibrios.tokens_s_minimos(0.34, 0.36) == pytest.approx(0.34 / 0.36e-6 / 3600)


def test_coste_gpu_mes_cuenta_gpus_enteras():
    capacidad = equilibrios.capacidad_mes(100)
    assert equilibrios.gpus_necesarias(0, 100) == 1
    assert equilibrios.gpus_necesarias(capacidad, 100) == 1
    assert equilibrios.gpus_necesarias(capacidad * 1.01, 100) == 2
    assert equilibrios.coste_gpu_mes(capacidad * 1.01, 1.0, 100) == pytest.approx(2 * 730)


def test_reservar_compensa_desde_uno_menos_el_descuento():
    # Vast.ai: descuento por defecto del prepago de 0,2 a un mes (docs.vast.ai/cli/reference/prepay-instance):
    # reservar compensa por encima del 80 % de uso.
    d = mercado.descuento("Vast.ai", "reservada", 1)
    assert d.descuento == 0.2
    e = equilibrios.alquilar_o_reservar(precio_hora=1.0, descuento=d.descuento)
    assert e.umbral == pytest.approx(0.8)
    assert e.coste_a == pytest.approx(e.coste_b) == pytest.approx(0.8 * 730)
    assert equilibrios.alquilar_o_reservar(precio_hora=1.0, descuento=0).umbral is None


def test_local_o_alquilar():
    # 30 h en local a 450 W y 0,30 $/kWh = 4,05 $; alquilada tarda 6 h: empatan a 0,675 $/h.
    e = equilibrios.local_o_alquilar(horas_local=30, potencia_w=450, precio_kwh=0.30, horas_alquiler=6)
    assert e.umbral == pytest.approx(4.05 / 6)
    assert e.coste_a == pytest.approx(e.coste_b) == pytest.approx(4.05)


def test_comprar_o_alquilar_sin_electricidad_da_las_horas_de_siempre():
    # facts.md: 1.599 $ (lanzamiento de la RTX 4090) / 0,34 $/h ≈ 4.700 horas de alquiler.
    e = compra.comprar_o_alquilar(precio_compra=1599, precio_hora=0.34, potencia_w=450, precio_kwh=0, horas_mes=730)
    assert e.umbral * 730 == pytest.approx(1599 / 0.34)
    assert round(e.umbral * 730, -2) == 4700
    assert e.coste_a == pytest.approx(e.coste_b)


def test_comprar_o_alquilar_con_electricidad_y_reventa():
    e = compra.comprar_o_alquilar(
        precio_compra=1599, precio_hora=0.34, potencia_w=450, precio_kwh=0.3, horas_mes=100, valor_reventa=600
    )
    horas = (1599 - 600) / (0.34 - 0.45 * 0.3)
    assert e.umbral == pytest.approx(horas / 100)
    assert e.coste_a == pytest.approx(e.coste_b) == pytest.approx(0.34 * horas)
    # Las horas del equilibrio no dependen de cuántas se usen al mes; los meses, sí.
    otra = compra.comprar_o_alquilar(
        precio_compra=1599, precio_hora=0.34, potencia_w=450, precio_kwh=0.3, horas_mes=50, valor_reventa=600
    )
    assert otra.umbral == pytest.approx(2 * e.umbral)


def test_comprar_nunca_compensa_si_la_luz_cuesta_mas_que_el_alquiler():
    e = compra.comprar_o_alquilar(precio_compra=1599, precio_hora=0.1, potencia_w=450, precio_kwh=0.3, horas_mes=730)
    assert e.umbral is None and "nunca" in e.motivo


@pytest.mark.parametrize(
    ("kwargs", "mensaje"),
    [
        ({"valor_reventa": 2000}, "valor_reventa: 2000 no vale"),
        ({"horas_mes": 745}, "como mucho 744"),
        ({"precio_kwh": -1}, "precio_kwh: -1"),
    ],
)
def test_comprar_o_alquilar_rechaza(kwargs, mensaje):
    base = dict(precio_compra=1599, precio_hora=0.34, potencia_w=450, precio_kwh=0.3, horas_mes=730)
    with pytest.raises(ValueError, match=mensaje):
        compra.comprar_o_alquilar(**{**base, **kwargs})


@pytest.mark.parametrize("valor", [1, 1.5, -0.1, math.nan, "0.2", None])
def test_descuento_fuera_de_rango(valor):
    with pytest.raises(ValueError, match="descuento"):
        equilibrios.alquilar_o_reservar(precio_hora=1, descuento=valor)


BASE = dict(precio_hora=0.34, precio_reservada=0.34 * 0.8)


def test_recomendacion_de_cada_fila_del_articulo():
    # Chat ocasional con datos privados y una GPU en casa → local.
    r = recomendacion.recomendar(
        horas_gpu=2, continuo=False, privado=True, horas_local=4, potencia_local_w=450, precio_kwh=0.3, **BASE
    )
    assert r.opcion == recomendacion.LOCAL
    assert r.coste == pytest.approx(4 * 0.45 * 0.3)
    # Producción con poca carga, siempre encendida → API.
    tokens = 30e6
    horas = recomendacion.horas_para_tokens(tokens, 1000)
    r = recomendacion.recomendar(horas_gpu=horas, continuo=True, tokens_mes=tokens, precio_millon_api=0.36, **BASE)
    assert r.opcion == recomendacion.API
    assert r.coste == pytest.approx(30 * 0.36)
    # Un fine-tuning de 6 h, sin API ni GPU local → por horas (el artículo: 2,04 $).
    r = recomendacion.recomendar(horas_gpu=6, continuo=False, **BASE)
    assert r.opcion == recomendacion.POR_HORAS and r.coste == pytest.approx(2.04)
    # Servicio 24/7 con carga alta (dos GPU llenas) → reservada.
    tokens = 2 * equilibrios.capacidad_mes(1000)
    horas = recomendacion.horas_para_tokens(tokens, 1000)
    r = recomendacion.recomendar(horas_gpu=horas, continuo=True, tokens_mes=tokens, precio_millon_api=0.36, **BASE)
    assert r.opcion == recomendacion.RESERVADA
    assert r.coste == pytest.approx(2 * 730 * 0.34 * 0.8)
    assert len(r.razones) == len(recomendacion.OPCIONES)
    # La reserva, al precio de su proveedor: más cara que la por horas de otro, pierde.
    r = recomendacion.recomendar(
        horas_gpu=horas, continuo=True, tokens_mes=tokens, precio_hora=0.34, precio_reservada=0.455 * 0.8
    )
    assert r.opcion == recomendacion.POR_HORAS and r.coste == pytest.approx(2 * 730 * 0.34)
    # Sin proveedor que ofrezca reserva, la opción queda descartada con su motivo.
    r = recomendacion.recomendar(horas_gpu=6, continuo=False, precio_hora=0.34, precio_reservada=None)
    assert next(o for o in r.opciones if o.nombre == recomendacion.RESERVADA).coste is None


def test_recomendacion_sin_opciones():
    with pytest.raises(ValueError, match="ninguna opción"):
        recomendacion.recomendar(horas_gpu=2, continuo=False, privado=True, **BASE)
    with pytest.raises(ValueError, match="continuo/privado"):
        recomendacion.recomendar(horas_gpu=2, continuo="sí", **BASE)
