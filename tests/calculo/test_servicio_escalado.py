"""GPU alquiladas que siguen el tráfico hora a hora (``gpucoste.calculo.servicio_escalado``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste import datos
from gpucoste.base.constantes import HORAS_MES
from gpucoste.calculo import modalidades, servicio, servicio_costes, servicio_escalado
from gpucoste.dinero import proveedores

FILAS_DE_LA_TRAZA = 27_303_999
"""Peticiones de la traza de conversación de Azure de 2024 según el cuaderno del propio Azure («27303999 rows × 3
columns», https://github.com/Azure/AzurePublicDataset/blob/7f7c0f4e7de3c759be1eb0b3b5380659c499798d/analysis/
AzureLLMInferenceDataset2024.ipynb): una fuente distinta de la que da los recuentos por hora."""

_perfiles = st.lists(st.floats(0.01, 100), min_size=24, max_size=24)


def test_las_horas_del_perfil_de_azure_suman_las_filas_de_la_traza():
    filas = [f for f in datos.trafico_horario() if f.perfil == servicio_escalado.PERFIL]
    assert sorted(f.hora for f in filas) == list(range(24))
    assert sum(f.peticiones for f in filas) == FILAS_DE_LA_TRAZA


def test_el_perfil_publicado_tiene_media_1():
    p = servicio_escalado.perfil_publicado()
    assert len(p) == 24
    assert sum(p) / 24 == pytest.approx(1)


@settings(max_examples=40, deadline=None)
@given(_perfiles, st.floats(0, 1))
def test_el_perfil_pone_la_punta_en_el_factor_sin_cambiar_la_media_ni_el_orden(base, fraccion):
    tope = servicio_escalado.factor_maximo(base)
    factor = 1 + fraccion * (tope - 1)
    q = servicio_escalado.perfil(factor, base)
    assert max(q) == pytest.approx(factor, rel=1e-12)
    assert sum(q) / 24 == pytest.approx(1, rel=1e-9)
    assert min(q) >= 0
    for a in range(24):
        for b in range(24):
            if base[a] < base[b]:
                assert q[a] <= q[b]


def test_factor_1_es_un_dia_plano_y_el_maximo_todo_en_la_punta():
    base = list(range(1, 25))
    assert servicio_escalado.perfil(1, base) == pytest.approx([1.0] * 24)
    assert servicio_escalado.factor_maximo(base) == 24
    assert servicio_escalado.perfil(24, base) == pytest.approx([0.0] * 23 + [24.0])
    assert servicio_escalado.factor_maximo([2, 2] + [1] * 22) == 12


@pytest.mark.parametrize("malo", [0.5, 25, float("nan"), -1, "2"])
def test_un_factor_que_no_cabe_en_el_dia_se_nombra(malo):
    with pytest.raises(ValueError, match="factor_pico"):
        servicio_escalado.perfil(malo, list(range(1, 25)))


@pytest.mark.parametrize("malo", [[1.0] * 23, [0.0] * 24, [1.0] * 23 + [-1.0], "x", None])
def test_un_perfil_malo_se_nombra(malo):
    with pytest.raises(ValueError, match="perfil_horas"):
        servicio_escalado.replicas_por_hora(1, 1, malo)


def test_replicas_de_cada_hora_a_mano():
    perfil = [0.5] * 12 + [1.5] * 12
    # 10 peticiones por segundo de media, 4 por réplica: 5/4 → 2 réplicas de noche, 15/4 → 4 de día
    assert servicio_escalado.replicas_por_hora(10, 4, perfil) == (2,) * 12 + (4,) * 12
    assert servicio_escalado.replicas_por_hora(0.001, 4, perfil) == (1,) * 24  # al menos una


def test_arranques_cuentan_lo_que_sube_de_una_hora_a_la_siguiente_tambien_de_la_23_a_la_0():
    assert servicio_escalado.arranques_al_dia([1] * 24) == 0
    assert servicio_escalado.arranques_al_dia([1] * 12 + [3] * 12) == 2
    assert servicio_escalado.arranques_al_dia([3] + [1] * 22 + [2]) == 2  # de 1 a 2 a las 23 y de 2 a 3 a las 0


def test_coste_al_mes_a_mano():
    assert servicio_escalado.coste_al_mes([1] * 24, 1, 1.0, 20) == pytest.approx(HORAS_MES)
    # 12 horas con 1 réplica y 12 con 3, de 2 GPU, a 0,5 US$/h, con un arranque de 2 réplicas de 30 minutos al día
    esperado = (12 * 1 + 12 * 3 + 2 * 0.5) * 2 * 0.5 * HORAS_MES / 24
    assert servicio_escalado.coste_al_mes([1] * 12 + [3] * 12, 2, 0.5, 30) == pytest.approx(esperado)


@pytest.mark.parametrize("malo", [61, -1, float("inf")])
def test_mas_de_una_hora_de_arranque_no_vale(malo):
    with pytest.raises(ValueError, match="minutos"):
        servicio_escalado.coste_al_mes([1] * 24, 1, 1.0, malo)


def test_solo_proveedores_que_facturan_por_segundo_o_minuto():
    for proveedor, grano in servicio_escalado.facturan_por_tiempo().items():
        politica = next(p for p in proveedores.politicas() if (p.proveedor, p.aspecto) == (proveedor, "facturacion"))
        assert politica.valor.startswith(grano) and grano in ("por segundo", "por minuto")
    horarias = {
        p.proveedor for p in proveedores.politicas() if p.aspecto == "facturacion" and p.valor.startswith("por hora")
    }
    assert horarias and not horarias & set(servicio_escalado.facturan_por_tiempo())


_GPUS = ["RTX 3090", "RTX 4090", "L4", "A100 80GB"]


@settings(max_examples=20, deadline=None)
@given(st.floats(1000, 3e6), st.floats(1, 10), st.sampled_from(_GPUS), st.floats(1, 6))
def test_nunca_mas_cara_que_la_punta_todo_el_mes_y_mas_mensajes_nunca_mas_barato(mensajes, factor, gpu, pico):
    s = servicio.Supuestos(factor_pico=pico)
    poco = servicio.capacidad("Llama 3.1 8B", gpu, mensajes, supuestos=s)
    mucho = servicio.capacidad("Llama 3.1 8B", gpu, mensajes * factor, supuestos=s)
    e, f = servicio_escalado.escalada(poco), servicio_escalado.escalada(mucho)
    assert e is not None and f is not None
    for x, c in ((e, poco), (f, mucho)):
        assert 0 <= x.coste_mes_usd <= x.coste_punta_usd * (1 + 1e-12)
        punta = c.gpus * modalidades.precio_bajo_demanda(gpu, x.proveedor).precio_hora_usd * HORAS_MES
        assert x.coste_punta_usd == pytest.approx(punta)
        assert max(x.replicas) == c.replicas and min(x.replicas) >= 1
    assert f.proveedor == e.proveedor
    assert f.coste_mes_usd >= e.coste_mes_usd * (1 - 1e-12)


def test_la_opcion_de_servir_es_la_escalada_de_cada_gpu():
    opciones = servicio_costes.opciones("Llama 3.1 8B", 200_000)
    siguen = [o for o in opciones if o.opcion == "sigue el tráfico"]
    assert siguen
    for o in siguen:
        e = servicio_escalado.escalada(servicio.capacidad("Llama 3.1 8B", o.gpu, 200_000))
        assert (o.proveedor, o.coste_mes_usd, o.gpus) == (
            e.proveedor,
            e.coste_mes_usd,
            max(e.replicas) * e.gpus_por_replica,
        )
        assert o.fila()["carga"] == e.carga_media
        assert o.proveedor in servicio_escalado.facturan_por_tiempo()


def test_un_factor_de_pico_que_no_cabe_en_el_dia_deja_la_opcion_fuera():
    opciones = servicio_costes.opciones("Llama 3.1 8B", 200_000, gpu="L4", supuestos=servicio.Supuestos(factor_pico=30))
    clases = {o.opcion for o in opciones}
    assert "bajo demanda" in clases and "sigue el tráfico" not in clases
