"""«N horas de GPU X» → horas y coste en cada GPU y proveedor (``gpucoste.calculo.equivalencia``).

Valores de fuentes independientes (cuántas veces más rápida es la H100 que la A100, publicadas), cuentas a mano
con las especificaciones de ``gpus.csv`` y propiedades con hypothesis: la misma GPU a la misma escala da las mismas
horas, y más horas nunca salen más baratas."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste import datos
from gpucoste.calculo import equivalencia, ranking, tiempo

# Cuántas veces más rápida es la H100 80GB (SXM) que la A100 80GB, de fuentes que no son este modelo:
# - 794,5 ÷ 271,2 TFLOPS medidos con torch.matmul en bf16 (MAMF), Stas Bekman, «Machine Learning Engineering»,
#   https://github.com/stas00/ml-engineering/blob/744d01e18b79512572f64a6bbd8b5f4a725203a7/compute/accelerator/README.md
# - 3× al entrenar un GPT de 7B (MosaicML y CoreWeave, https://www.databricks.com/blog/coreweave-nvidia-h100-part-1;
#   la H100 en fp8, así que en bf16 la ventaja es algo menor).
H100_FRENTE_A100_PUBLICADAS = (794.5 / 271.2, 3.0)


@pytest.mark.parametrize("publicada", H100_FRENTE_A100_PUBLICADAS)
def test_la_h100_frente_a_la_a100_como_las_medidas_publicadas(publicada):
    """1000 horas de A100 son, en H100, 1000 ÷ (cuántas veces más rápida): a menos de un 10 % de cada medida."""
    h = equivalencia.razon("A100 80GB", "H100 80GB")
    assert 1 / h.tipica == pytest.approx(publicada, rel=0.10)
    # Y al revés, la inversa.
    assert equivalencia.razon("H100 80GB", "A100 80GB").tipica == pytest.approx(1 / h.tipica)


def test_misma_clase_y_escala_es_la_razon_de_los_picos():
    """A100 y H100 son las dos de HBM: la MFU se cancela y queda 312 ÷ 989 TFLOPS (gpus.csv), sin rango."""
    espec = datos.especificaciones()
    r = equivalencia.razon("A100 80GB", "H100 80GB")
    assert r.mismo_ajuste
    assert r.tipica == pytest.approx(espec["A100 80GB"].tflops_bf16 / espec["H100 80GB"].tflops_bf16)
    assert r.rango.minimo == r.rango.maximo == pytest.approx(r.tipica)


def test_entre_clases_el_rango_combina_las_dos_mfu():
    """A100 (HBM) → RTX 4090 (GDDR), una GPU: típica con las medianas; rango extremo contra extremo."""
    espec, a = datos.especificaciones(), datos.ajustes()
    picos = espec["A100 80GB"].tflops_bf16 / espec["RTX 4090"].tflops_bf16
    hbm, gddr = a["mfu_hbm_1"], a["mfu_gddr_1"]
    r = equivalencia.razon("A100 80GB", "RTX 4090")
    assert not r.mismo_ajuste
    assert r.tipica == pytest.approx(picos * hbm.central / gddr.central)
    assert r.rango.minimo == pytest.approx(picos * hbm.minimo / gddr.maximo)
    assert r.rango.maximo == pytest.approx(picos * hbm.maximo / gddr.minimo)


def test_varios_nodos_frente_a_un_nodo_con_nvlink():
    """Una A100 de un clúster de varios nodos frente a 8 A100 con NVLink: la misma MFU de nodo; la de origen pierde
    la eficiencia medida de InfiniBand (ajustes.csv), así que en un nodo se tarda eso menos."""
    ib = datos.ajustes()["escalado_infiniband"]
    r = equivalencia.razon("A100 80GB", "A100 80GB", escala_origen="varios_nodos", n_gpus=8)
    assert r.tipica == pytest.approx(ib.central)
    assert r.rango.minimo == pytest.approx(ib.minimo)
    assert r.rango.maximo == pytest.approx(ib.maximo)


def test_coste_a_mano():
    """1000 horas de A100 80GB en una A100 80GB: 1000 horas de GPU, y el coste, 1000 × su precio."""
    for e in equivalencia.equivalencias(1000, "A100 80GB"):
        if e.precio.gpu == "A100 80GB":
            assert e.horas_gpu_tipicas == pytest.approx(1000)
            assert e.coste_tipico == pytest.approx(1000 * e.precio.precio_hora_usd)


def test_n_gpus_reparte_las_horas_de_reloj_no_las_de_gpu():
    una = equivalencia.equivalencias(1000, "A100 80GB", escala_origen="nodo", n_gpus=8)
    for e in una:
        assert e.horas.minimo == pytest.approx(e.horas_gpu.minimo / 8)
        assert e.coste.minimo == pytest.approx(e.horas_gpu.minimo * e.precio.precio_hora_usd)


def test_goodput_escala_las_horas():
    entera = equivalencia.equivalencias(1000, "H100 80GB")
    mitad = equivalencia.equivalencias(1000, "H100 80GB", goodput=0.5)
    assert [e.horas_gpu_tipicas / 2 for e in entera] == pytest.approx([e.horas_gpu_tipicas for e in mitad])


def test_sin_interrumpibles_y_de_la_mas_barata_a_la_mas_cara():
    filas = equivalencia.equivalencias(1000, "A100 80GB")
    assert filas and all(e.precio.nivel != "interrumpible" for e in filas)
    assert [e.coste_tipico for e in filas] == sorted(e.coste_tipico for e in filas)
    vigentes = {(p.gpu, p.proveedor, p.nivel) for p in ranking.precios_vigentes() if p.nivel != "interrumpible"}
    assert {(e.precio.gpu, e.precio.proveedor, e.precio.nivel) for e in filas} == vigentes


def test_la_ficha_de_llama_2():
    f = equivalencia.FICHA_LLAMA_2_7B
    assert f.gpu in datos.especificaciones()
    assert f.escala in tiempo.ESCALAS
    assert "184320" in f.cita and f.fuente.startswith("https://github.com/meta-llama/llama/blob/")


_GPUS = sorted(datos.especificaciones())


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    gpu=st.sampled_from(_GPUS),
    escala=st.sampled_from(sorted(equivalencia.ESCALAS_ORIGEN)),
    horas=st.floats(1e-3, 1e7),
)
def test_la_misma_gpu_da_las_mismas_horas(gpu, escala, horas):
    n = equivalencia.ESCALAS_ORIGEN[escala]
    r = equivalencia.razon(gpu, gpu, escala_origen=escala, n_gpus=n)
    assert r.tipica == pytest.approx(1.0) and r.rango.minimo == pytest.approx(1.0) == r.rango.maximo
    for e in equivalencia.equivalencias(horas, gpu, escala_origen=escala, n_gpus=n):
        if e.precio.gpu == gpu:
            assert e.horas_gpu_tipicas == pytest.approx(horas)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    gpu=st.sampled_from(_GPUS),
    horas=st.floats(1e-3, 1e6),
    mas=st.floats(0, 1e6),
    n_gpus=st.integers(1, 64),
)
def test_mas_horas_nunca_mas_barato(gpu, horas, mas, n_gpus):
    pocas = equivalencia.equivalencias(horas, gpu, n_gpus=n_gpus)
    muchas = equivalencia.equivalencias(horas + mas, gpu, n_gpus=n_gpus)
    por_opcion = {(e.precio.gpu, e.precio.proveedor, e.precio.nivel): e for e in muchas}
    for e in pocas:
        m = por_opcion[(e.precio.gpu, e.precio.proveedor, e.precio.nivel)]
        assert m.coste_tipico >= e.coste_tipico
        assert m.coste.minimo >= e.coste.minimo and m.coste.maximo >= e.coste.maximo
        assert m.horas_gpu.minimo <= m.horas_gpu_tipicas * (1 + 1e-12) <= m.horas_gpu.maximo * (1 + 1e-12)


@pytest.mark.parametrize(
    ("argumentos", "nombre"),
    [
        ({"horas": 0}, "horas"),
        ({"horas": -1}, "horas"),
        ({"horas": math.nan}, "horas"),
        ({"horas": math.inf}, "horas"),
        ({"horas": "1000"}, "horas"),
        ({"gpu": "A100"}, "GPU"),
        ({"escala_origen": "2"}, "Escala"),
        ({"n_gpus": 0}, "n_gpus"),
        ({"n_gpus": 1.5}, "n_gpus"),
        ({"goodput": 0}, "goodput"),
        ({"goodput": 1.5}, "goodput"),
        ({"estimaciones": "sí"}, "estimaciones"),
    ],
)
def test_entradas_malas(argumentos, nombre):
    base = {"horas": 1000, "gpu": "A100 80GB"}
    with pytest.raises(ValueError, match=nombre):
        equivalencia.equivalencias(**(base | argumentos))
