"""Los cuadernos gratis o baratos (``calculo.cuadernos``): sesiones, cuota semanal, desconexiones y coste.

Referencias independientes: ``cuadernos.csv`` leído con ``csv`` (``leidos``) y las cuentas (unidades × dólares
por unidad × horas, sesiones y semanas redondeadas hacia arriba) rehechas aquí; las horas de cómputo y el
trabajo repetido, de las funciones que ya prueban ``test_cadena`` y ``test_interrupciones``.
"""

from __future__ import annotations

import csv
import math

import leidos
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste.calculo import cuadernos, interrupciones, tiempo


def _ofertas() -> dict[tuple[str, str, str], dict]:
    """La fila más reciente de cada servicio, plan y GPU, leída con ``csv``."""
    ultimas: dict[tuple[str, str, str], dict] = {}
    for f in leidos.filas("cuadernos.csv"):
        clave = (f["servicio"], f["plan"], f["gpu"])
        if clave not in ultimas or f["fecha"] > ultimas[clave]["fecha"]:
            ultimas[clave] = f
    return ultimas


@pytest.mark.parametrize(("horas", "sesion", "n"), [(0, 12, 1), (5, 12, 1), (12, 12, 1), (12.5, 12, 2), (25, 12, 3)])
def test_sesiones(horas, sesion, n):
    assert cuadernos.sesiones(horas, sesion) == n


def test_las_ofertas_son_las_del_csv_y_el_precio_es_unidades_por_dolares():
    esperadas = _ofertas()
    assert {(o.servicio, o.plan, o.gpu) for o in cuadernos.ofertas()} == set(esperadas)
    for o in cuadernos.ofertas():
        f = esperadas[(o.servicio, o.plan, o.gpu)]
        assert cuadernos.precio_hora(o) == pytest.approx(float(f["unidades_hora"]) * float(f["usd_unidad"]))


def test_horas_sesiones_cuota_y_coste():
    opciones = cuadernos.opciones_cuaderno("Llama 3.1 8B", "qlora", 20e6)
    assert len(opciones) == len(_ofertas())
    s = interrupciones.supuestos()
    for o in opciones:
        if not o.puede:
            assert "no cabe" in o.razon
            continue
        f = _ofertas()[(o.oferta.servicio, o.oferta.plan, o.oferta.gpu)]
        computo = tiempo.horas_entrenamiento("Llama 3.1 8B", "qlora", 20e6, o.oferta.gpu, n_gpus=int(f["n_gpus"]))
        # Las horas facturadas: el cómputo, más lo que se repite tras las desconexiones, más un arranque por sesión.
        extra = interrupciones.retrabajo(computo.minimo, 1.0, reinicio_h=s.reinicio_min_h).horas_extra
        assert o.horas.minimo == pytest.approx(computo.minimo + extra + o.sesiones[0] * s.reinicio_min_h)
        assert o.horas.minimo > computo.minimo and o.horas.maximo > computo.maximo
        sesion = float(f["sesion_h"])
        assert o.sesiones == (math.ceil(o.horas.minimo / sesion), math.ceil(o.horas.maximo / sesion))
        precio = float(f["unidades_hora"]) * float(f["usd_unidad"])
        assert o.coste.minimo == pytest.approx(o.horas.minimo * precio)
        assert o.coste.maximo == pytest.approx(o.horas.maximo * precio)
        if f["cuota_semana_h"]:
            cuota = float(f["cuota_semana_h"])
            assert o.semanas == tuple(math.ceil(h / cuota) for h in (o.horas.minimo, o.horas.maximo))
            assert "cuota" in o.razon
        else:
            assert o.semanas is None
        assert "sesi" in o.razon


def test_un_modelo_que_no_cabe_dice_por_que(carpeta_datos):
    """Una oferta plantada con una GPU pequeña: el trabajo no cabe y la fila lo dice con la GPU y su memoria."""
    with (carpeta_datos / "cuadernos.csv").open("a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerow(
            [
                "Cuaderno Plantado",
                "gratis",
                "RTX 3060 12GB",
                "1",
                "0",
                "0",
                "4",
                "",
                "2026-01-01",
                "https://example.org",
                "",
                "2026-01-01",
            ]
        )
    opcion = next(o for o in cuadernos.opciones_cuaderno("Llama 3.1 70B", "lora", 1e6) if o.oferta.servicio[0] == "C")
    assert not opcion.puede and opcion.coste is None and opcion.horas is None
    assert "no cabe en RTX 3060 12GB" in opcion.razon


def test_una_cuota_semanal_que_no_alcanza(carpeta_datos):
    with (carpeta_datos / "cuadernos.csv").open("a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerow(
            [
                "Cuaderno Plantado",
                "gratis",
                "L4",
                "1",
                "0",
                "0",
                "2",
                "1",
                "2026-01-01",
                "https://example.org",
                "",
                "2026-01-01",
            ]
        )
    opcion = next(o for o in cuadernos.opciones_cuaderno("Llama 3.1 8B", "qlora", 20e6) if o.oferta.servicio[0] == "C")
    assert opcion.semanas[0] > 1 and "semanas de cuota" in opcion.razon
    assert opcion.sesiones[0] > 1 and "sesiones de 2 horas" in opcion.razon
    assert opcion.coste.maximo == 0


@pytest.mark.parametrize(
    ("argumentos", "nombra"),
    [
        ({"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": 0}, "tokens"),
        ({"modelo": "Llama 3.1 8B", "metodo": "dpo", "tokens": 1e6}, "dpo"),
        ({"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": 1e6, "lote": 0}, "lote"),
    ],
)
def test_entrada_mala(argumentos, nombra):
    with pytest.raises(ValueError, match=nombra):
        cuadernos.opciones_cuaderno(**argumentos)


@pytest.mark.parametrize(("horas", "sesion"), [(-1, 12), (1, 0), ("x", 12)])
def test_sesiones_entrada_mala(horas, sesion):
    with pytest.raises(ValueError):
        cuadernos.sesiones(horas, sesion)


def test_precio_hora_entrada_mala():
    with pytest.raises(ValueError, match="oferta"):
        cuadernos.precio_hora("Colab")


@settings(max_examples=15, deadline=None)
@given(
    modelo=st.sampled_from(("Llama 3.2 1B", "Llama 3.1 8B", "Qwen 2.5 7B", "Gemma 3 12B")),
    metodo=st.sampled_from(("lora", "qlora")),
    tokens=st.floats(1e5, 5e8),
    mas=st.floats(1.0, 20.0),
)
def test_propiedades_coste_no_negativo_y_mas_tokens_nunca_mas_barato(modelo, metodo, tokens, mas):
    def por_oferta(t: float) -> dict:
        return {
            (o.oferta.servicio, o.oferta.plan, o.oferta.gpu): o for o in cuadernos.opciones_cuaderno(modelo, metodo, t)
        }

    pocos, muchos = por_oferta(tokens), por_oferta(tokens * mas)
    for clave, o in pocos.items():
        if o.puede:
            assert o.coste.minimo >= 0 and o.coste.maximo >= o.coste.minimo
            assert muchos[clave].coste.minimo >= o.coste.minimo * (1 - 1e-9)
            assert muchos[clave].coste.maximo >= o.coste.maximo * (1 - 1e-9)
            assert muchos[clave].horas.maximo >= o.horas.maximo * (1 - 1e-9)
