"""gpucoste.calculo.arranque: minutos y dólares de bajar pesos a una GPU alquilada, con cifras calculadas a mano."""

from __future__ import annotations

import math

import pytest

from gpucoste.calculo import arranque

# Valores de órdenes de magnitud muy distintos (sin hypothesis en el lock todavía).
CASOS = [
    (gb, mbit_s, precio) for gb in (0.5, 16, 140, 1e4) for mbit_s in (10, 1000, 25_000) for precio in (0.1, 2.4, 98)
]


def test_un_modelo_de_16_gb_a_un_gigabit():
    # 16 GB = 128.000 Mb; a 1.000 Mb/s, 128 s = 2,133… minutos.
    assert arranque.minutos_descarga(16, 1000) == pytest.approx(128 / 60)
    # A 2,40 $/h, 128 s de GPU cuestan 2,40 × 128 / 3600 = 0,08533… $.
    assert arranque.coste_descarga(16, 1000, 2.40) == pytest.approx(2.40 * 128 / 3600)


def test_umbral_del_volumen_a_mano():
    # 1 GB al mes a 0,07 $ frente a bajarlo a 100 Mb/s (80 s) con la GPU a 0,34 $/h: 0,34 × 80 / 3600 $.
    esperado = 0.07 / (0.34 * 80 / 3600)
    assert arranque.arranques_para_amortizar_volumen(100, 0.34, 0.07) == pytest.approx(esperado)


@pytest.mark.parametrize(("gb", "mbit_s", "precio"), CASOS)
def test_el_doble_de_ancho_de_banda_la_mitad_de_tiempo_y_de_coste(gb, mbit_s, precio):
    assert arranque.minutos_descarga(gb, 2 * mbit_s) == pytest.approx(arranque.minutos_descarga(gb, mbit_s) / 2)
    assert arranque.coste_descarga(gb, 2 * mbit_s, precio) == pytest.approx(
        arranque.coste_descarga(gb, mbit_s, precio) / 2
    )


@pytest.mark.parametrize(("gb", "mbit_s", "precio"), CASOS)
@pytest.mark.parametrize("disco", [0.05, 0.1, 0.2])
def test_en_el_umbral_el_volumen_y_las_descargas_cuestan_lo_mismo(gb, mbit_s, precio, disco):
    n = arranque.arranques_para_amortizar_volumen(mbit_s, precio, disco)
    assert math.isfinite(n)
    volumen = gb * disco  # un mes de disco
    assert n * arranque.coste_descarga(gb, mbit_s, precio) == pytest.approx(volumen, rel=1e-9)


def test_tabla_arranque():
    minutos = arranque.tabla_arranque({"8B": 8, "70B": 70}, [1000], 2.0)
    dolares = arranque.tabla_arranque({"8B": 8, "70B": 70}, [1000], 2.0, medida="dolares")
    assert list(minutos.columns) == list(dolares.columns) == ["modelo", "GB", "1000 Mb/s"]
    # 70B en bf16 = 140 GB = 1.120.000 Mb: 1.120 s a 1 Gb/s.
    assert minutos.loc[1, "GB"] == pytest.approx(140)
    assert minutos.loc[1, "1000 Mb/s"] == pytest.approx(1120 / 60)
    assert dolares.loc[1, "1000 Mb/s"] == pytest.approx(2.0 * 1120 / 3600)


@pytest.mark.parametrize("malo", [0, -1, float("nan"), float("inf"), "rápido", None, True])
def test_entradas_malas(malo):
    for llamada in (
        lambda: arranque.minutos_descarga(malo, 100),
        lambda: arranque.minutos_descarga(10, malo),
        lambda: arranque.coste_descarga(10, 100, malo),
        lambda: arranque.arranques_para_amortizar_volumen(100, 1.0, malo),
    ):
        with pytest.raises(ValueError, match="se admite"):
            llamada()


def test_tabla_vacia_o_precision_desconocida():
    with pytest.raises(ValueError, match="se admite"):
        arranque.tabla_arranque({}, [100], 1.0)
    with pytest.raises(ValueError, match="Precisión desconocida"):
        arranque.tabla_arranque({"8B": 8}, [100], 1.0, precision="fp64")
    with pytest.raises(ValueError, match="Medida desconocida"):
        arranque.tabla_arranque({"8B": 8}, [100], 1.0, medida="euros")
