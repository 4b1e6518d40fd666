"""Lo que cuesta al mes cada manera de servir un modelo (``gpucoste.calculo.servicio_costes``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste.base.constantes import HORAS_MES
from gpucoste.calculo import modalidades, servicio, servicio_costes


def test_la_api_cobra_los_tokens_de_un_mes_a_mano():
    for api in servicio_costes.precios_api_de("Llama 3.1 8B"):
        o = next(
            o for o in servicio_costes.opciones("Llama 3.1 8B", 1000, gpu="A100 80GB") if o.proveedor == api.proveedor
        )
        mensajes_mes = 1000 * HORAS_MES / 24
        esperado = mensajes_mes * (1155 * api.entrada_usd_millon + 211 * api.salida_usd_millon) / 1e6
        assert o.coste_mes_usd == pytest.approx(esperado)


def test_bajo_demanda_son_las_gpu_de_la_capacidad_todo_el_mes():
    o = next(o for o in servicio_costes.opciones("Llama 3.1 8B", 300_000, gpu="L40S") if o.opcion == "bajo demanda")
    c = servicio.capacidad("Llama 3.1 8B", "L40S", 300_000)
    assert o.gpus == c.gpus
    assert o.coste_mes_usd == pytest.approx(
        c.gpus * modalidades.precio_bajo_demanda("L40S").precio_hora_usd * HORAS_MES
    )


def test_sin_precio_del_kwh_no_hay_compradas():
    assert all(o.opcion != "comprada" for o in servicio_costes.opciones("Llama 3.1 8B", 1000))


def test_la_comprada_paga_las_gpu_una_vez_y_la_luz_al_mes():
    o = next(
        o
        for o in servicio_costes.opciones("Llama 3.1 8B", 1000, gpu="RTX 4090", precio_kwh=0.2)
        if o.opcion == "comprada"
    )
    assert o.coste_mes_usd == pytest.approx(o.gpus * 450 / 1000 * HORAS_MES * 0.2)  # 450 W, la RTX 4090 de gpus.csv
    assert o.pago_inicial_usd > 0


def test_ninguna_gpu_cumple_un_objetivo_imposible():
    with pytest.raises(ValueError, match="se admite un objetivo por encima"):
        servicio_costes.opciones("Llama 3.1 8B", 1000, supuestos=servicio.Supuestos(tpot_ms=0.1))


@settings(max_examples=15, deadline=None)
@given(st.floats(1, 2e6), st.floats(1, 20), st.sampled_from(["A100 80GB", "RTX 4090", "L4"]))
def test_mas_trafico_nunca_menos_gpu_ni_mas_barato(mensajes, factor, gpu):
    poco = {
        (o.opcion, o.proveedor): o for o in servicio_costes.opciones("Llama 3.1 8B", mensajes, gpu=gpu, precio_kwh=0.2)
    }
    mucho = servicio_costes.opciones("Llama 3.1 8B", mensajes * factor, gpu=gpu, precio_kwh=0.2)
    for o in mucho:
        assert o.coste_mes_usd >= 0 and o.pago_inicial_usd >= 0
        antes = poco[(o.opcion, o.proveedor)]
        assert o.gpus >= antes.gpus
        assert o.coste_mes_usd >= antes.coste_mes_usd * (1 - 1e-12)


def test_desde_cuando_la_primera_vez_que_es_la_mas_barata():
    series = {"API": [1.0, 2.0, 3.0], "bajo demanda": [2.0, 2.0, 2.0], "reservada": [5.0, 5.0, 5.0]}
    assert servicio_costes.desde_cuando([10, 20, 30], series) == {"API": 10, "bajo demanda": 30, "reservada": None}


@pytest.mark.parametrize("malo", [None, {}, {"API": [1.0]}, {"API": [1.0, -1.0]}, "x"])
def test_desde_cuando_rechaza_series_malas(malo):
    with pytest.raises(ValueError):
        servicio_costes.desde_cuando([10, 20], malo)


def test_costes_segun_volumen_la_api_es_proporcional_y_las_gpu_a_saltos():
    volumenes = [1000, 10_000, 100_000, 1_000_000]
    series = servicio_costes.costes_segun_volumen("Llama 3.1 8B", volumenes)
    api = series["API"]
    assert api[1] / api[0] == pytest.approx(10)
    for costes in series.values():
        assert all(b >= a for a, b in zip(costes, costes[1:], strict=False))
    # el mismo coste que opciones() en cada volumen, para la más barata de cada clase
    for i, v in enumerate(volumenes):
        for clase, costes in series.items():
            mejor = min(o.coste_mes_usd for o in servicio_costes.opciones("Llama 3.1 8B", v) if o.opcion == clase)
            assert costes[i] == pytest.approx(mejor)


def test_una_gpu_que_solo_se_alquila_interrumpible_no_rompe_las_opciones(carpeta_datos):
    """Falta plantada: una GPU nueva con un único precio, interrumpible, es una fila correcta. No entra en las opciones
    de servir (un servidor encendido todo el mes no es interrumpible), y las demás salen como sin ella."""
    import csv

    import plantar

    from gpucoste import datos

    antes = servicio_costes.opciones("Llama 3.1 8B", 20_000)
    ficha = next(csv.DictReader((carpeta_datos / "gpus.csv").open(encoding="utf-8")))
    plantar.anadir(carpeta_datos, "gpus.csv", {**ficha, "gpu": "GPU plantada"})
    plantar.anadir(
        carpeta_datos, "precios.csv", {**plantar.FILA_AZURE_H100, "gpu": "GPU plantada", "nivel": "interrumpible"}
    )
    assert "GPU plantada" in datos.gpus() and "GPU plantada" not in modalidades.gpus_bajo_demanda()
    assert servicio_costes.opciones("Llama 3.1 8B", 20_000) == antes
