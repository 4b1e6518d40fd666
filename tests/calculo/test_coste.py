"""La biblioteca: el experimento del artículo, sus proporciones y los costes ocultos."""

import math

import pytest

from gpucoste import datos
from gpucoste.calculo import compra, coste, experimento, memoria, ocultos

# Lo que publicó el artículo original (su tabla), el punto de partida de los datos.
TABLA_DEL_ARTICULO = [
    ("RTX 4090 (comunidad)", 0.34, 6.0, 2.04),
    ("RTX 4090 (host verificado)", 0.45, 6.0, 2.70),
    ("A100 80GB (host verificado)", 1.10, 2.5, 2.75),
    ("H100 80GB (host verificado)", 1.87, 1.2, 2.24),
]


def test_la_tabla_del_experimento_es_la_del_articulo():
    tabla = experimento.tabla()
    assert list(tabla["GPU"]) == [fila[0] for fila in TABLA_DEL_ARTICULO]
    for (_, precio, horas, coste_publicado), (_, fila) in zip(TABLA_DEL_ARTICULO, tabla.iterrows(), strict=True):
        assert fila["US$/h"] == pytest.approx(precio)
        assert fila["horas"] == pytest.approx(horas)
        assert round(fila["coste"], 2) == pytest.approx(coste_publicado)


def test_coste_es_precio_por_horas():
    assert coste.coste_trabajo(1.87, 1.2) == pytest.approx(2.244)
    assert coste.coste_trabajo(2, 0.5) == 1


def test_comparacion_de_que_aprender():
    c = experimento.comparar()
    assert (c.cara.gpu, c.barata.gpu) == ("H100 80GB", "RTX 4090")
    assert c.veces_precio_hora == pytest.approx(1.87 / 0.34)
    assert round(c.veces_precio_hora, 1) == 5.5
    assert c.veces_coste == pytest.approx(2.244 / 2.04)
    assert c.fraccion_tiempo == pytest.approx(1 / 5)


def test_coste_total_suma_sus_partidas():
    d = coste.coste_total(
        2.0,
        3.0,
        minutos_arranque=30,
        gb_disco=73,
        precio_gb_mes=0.1,
        gb_transferencia=10,
        precio_gb_transferencia=0.09,
    )
    assert d.gpu == pytest.approx(6.0)
    assert d.arranque == pytest.approx(1.0)
    # El disco se cobra durante las horas de trabajo y las de arranque.
    assert d.almacenamiento == pytest.approx(73 * 0.1 * 3.5 / coste.HORAS_MES)
    assert d.transferencia == pytest.approx(0.9)
    assert d.total == pytest.approx(d.gpu + d.arranque + d.almacenamiento + d.transferencia)


def test_horas_de_un_mes():
    assert coste.HORAS_MES == 730


def test_imagen_olvidada_cuesta_mas_que_el_trabajo_mas_barato():
    olvidada = ocultos.imagen_olvidada("Vast.ai")
    t = datos.tarifa("Vast.ai", "almacenamiento")
    s = datos.supuestos()
    gb_mes = s["imagen_gb"].valor_min * s["meses_olvidada"].valor_min
    assert (olvidada.minimo, olvidada.maximo) == pytest.approx((gb_mes * t.precio_min_usd, gb_mes * t.precio_max_usd))
    # Lo que afirma el artículo: más que el entrenamiento (el más barato de la tabla).
    assert olvidada.minimo > experimento.tabla()["coste"].min()


def test_transferencia_por_proveedor():
    aws = ocultos.transferencia("AWS")
    bajada = datos.tarifa("AWS", "bajada").precio_min_usd
    # AWS regala 100 GB de bajada al mes: un checkpoint de 14 GB sale gratis si no se han gastado
    # ese mes, y a tarifa completa si ya se gastaron.
    assert ocultos.gb_checkpoint() == pytest.approx(14)
    assert ocultos.gb_gratis_mes("AWS", "bajada") == 100
    assert aws.minimo == 0
    assert aws.maximo == pytest.approx(14 * 0.09)
    assert aws.maximo == pytest.approx(ocultos.gb_checkpoint() * bajada)
    assert ocultos.transferencia("RunPod").maximo == 0
    # Vast.ai no publica tarifa de transferencia: no se inventa un cero.
    assert ocultos.transferencia("Vast.ai") is None


def test_franquicia_solo_descuenta_lo_que_cabe():
    """Por encima de la franquicia se paga el exceso; el máximo nunca descuenta nada."""
    r = ocultos.coste_transferencia("AWS", "bajada", 150)
    assert r.minimo == pytest.approx(50 * 0.09)
    assert r.maximo == pytest.approx(150 * 0.09)
    assert ocultos.coste_transferencia("AWS", "bajada", 0) == ocultos.Rango(0, 0)
    # Quien publica la bajada pero no la subida (sacado de tarifas.csv): una partida sí, la otra no.
    tarifas = datos.tarifas()
    bajada = {t.proveedor: t for t in tarifas if t.concepto == "bajada"}
    for proveedor in sorted(set(bajada) - {t.proveedor for t in tarifas if t.concepto == "subida"}):
        partes = ocultos.partidas_transferencia(proveedor)
        assert partes["bajada"] is not None
        if bajada[proveedor].precio_max_usd == 0:  # gratis publicado: un cero con fuente, no «sin dato»
            assert partes["bajada"] == ocultos.Rango(0, 0)
        assert partes["subida"] is None
        assert ocultos.transferencia(proveedor) is None
    with pytest.raises(ValueError, match="gb: -1 no vale"):
        ocultos.coste_transferencia("AWS", "bajada", -1)
    with pytest.raises(ValueError, match="Concepto de transferencia desconocido"):
        ocultos.coste_transferencia("AWS", "almacenamiento", 1)


def test_coste_real_suma_arranque_y_disco():
    real = ocultos.coste_real()
    tabla = experimento.tabla()
    minutos = datos.supuestos()["minutos_arranque"]
    for (_, r), (_, t) in zip(real.iterrows(), tabla.iterrows(), strict=True):
        assert r["coste"] == pytest.approx(t["coste"])
        assert r["arranque_min"] == pytest.approx(t["US$/h"] * minutos.valor_min / 60)
        assert r["arranque_max"] == pytest.approx(t["US$/h"] * minutos.valor_max / 60)
        assert not r["transferencia_incluida"] and math.isnan(r["transferencia_min"])
        assert r["total_min"] == pytest.approx(r["coste"] + r["arranque_min"] + r["disco_min"])
        assert r["total_min"] < r["total_max"]


def test_comprar_una_4090_no_son_2000_horas():
    horas = compra.horas_para_comprar("RTX 4090", "Vast.ai", "comunidad", "2026-07")
    assert horas == pytest.approx(1599 / 0.34)
    assert horas > 2000 * 2
    assert compra.horas_equivalentes(1000, 0.5) == 2000


def test_sin_precio_de_compra_es_un_error_claro():
    with pytest.raises(ValueError, match="H100 80GB.*no tiene precio de compra.*RTX 4090"):
        compra.horas_para_comprar("H100 80GB", "Vast.ai", "verificado")


def test_70b_no_cabe_en_16_gb_ni_a_2_bits():
    assert memoria.gb_pesos(70, "2bit") == pytest.approx(17.5)
    assert not memoria.cabe(70, "2bit", 16)
    assert memoria.cabe(7, "int4", 16)


def test_precio_mas_reciente_por_defecto():
    ultimo = datos.precio("A100 80GB", "Vast.ai", "verificado")
    fechas = [
        p.fecha for p in datos.precios() if (p.gpu, p.proveedor, p.nivel) == ("A100 80GB", "Vast.ai", "verificado")
    ]
    assert ultimo.fecha == max(fechas)
    assert datos.precio("A100 80GB", "Vast.ai", "verificado", "2026-07").precio_hora_usd == pytest.approx(1.10)


def test_tabla_con_precios_recientes():
    recientes = experimento.tabla(recientes=True)
    for esc, (_, fila) in zip(experimento.escenarios(), recientes.iterrows(), strict=True):
        fechas = [
            p.fecha for p in datos.precios() if (p.gpu, p.proveedor, p.nivel) == (esc.gpu, esc.proveedor, esc.nivel)
        ]
        assert fila["fecha"] == max(fechas)
        assert fila["coste"] == pytest.approx(fila["US$/h"] * esc.horas)
    # La A100 verificada tiene precios más recientes que el del artículo: su fila cambia.
    assert recientes["fecha"].iloc[2] > experimento.tabla()["fecha"].iloc[2]
