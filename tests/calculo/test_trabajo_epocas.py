"""Las épocas de un ``trabajo.Trabajo`` (issue 32): ``tokens`` son los del dataset (una época) y lo que se entrena,
``tokens_totales``, es su producto por ``epocas``. La multiplicación vive en el ``Trabajo``: las horas de ``ranking``
y de ``decisiones.horas_en`` la toman de ahí; el disco y la transferencia, no (el dataset se sube una vez)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste.calculo import memoria, ranking, tiempo
from gpucoste.calculo.trabajo import MAX_EPOCAS, Trabajo
from gpucoste.guia import decisiones


def test_una_epoca_por_defecto():
    t = Trabajo("Llama 3.1 8B", "qlora", 20e6)
    assert t.epocas == 1
    assert t.tokens_totales == 20e6


def test_tokens_totales_a_mano():
    t = Trabajo("Llama 3.1 8B", "qlora", 20e6, epocas=3)
    assert t.tokens_totales == 60e6  # 20 M × 3
    assert t.tokens_y_epocas() == "20 millones de tokens × 3 épocas = 60 millones de tokens"


def test_la_descripcion_dice_las_epocas():
    assert "con 20 millones de tokens × 3 épocas" in Trabajo("Llama 3.1 8B", "qlora", 20e6, epocas=3).descripcion()
    # Con una, la frase de siempre: sin «épocas».
    assert "época" not in Trabajo("Llama 3.1 8B", "qlora", 20e6).descripcion()
    assert memoria.describir("Llama 3.1 8B", "lora", tokens=1e6, epocas=2).endswith("con 1 millón de tokens × 2 épocas")


def test_el_dataset_no_se_multiplica():
    """El disco y la transferencia cuentan el dataset una vez: 20 M tokens × 4 bytes = 0,08 GB, con 1 o 5 épocas."""
    una = Trabajo("Llama 3.1 8B", "qlora", 20e6)
    cinco = Trabajo("Llama 3.1 8B", "qlora", 20e6, epocas=5)
    assert una.gb_dataset == cinco.gb_dataset == pytest.approx(20e6 * 4 / 1e9)


def test_las_horas_del_ranking_son_las_de_los_tokens_totales():
    """Tres épocas de 20 M tardan lo que una de 60 M (las horas salen de ``tokens_totales``)."""
    tres = ranking.ranking(Trabajo("Llama 3.1 8B", "qlora", 20e6, epocas=3))
    una = {
        (f.precio.gpu, f.precio.proveedor, f.precio.nivel): f
        for f in ranking.ranking(Trabajo("Llama 3.1 8B", "qlora", 60e6))
    }
    for f in tres:
        g = una[(f.precio.gpu, f.precio.proveedor, f.precio.nivel)]
        assert f.horas == g.horas
        assert f.gpu == g.gpu


def test_horas_en_usa_las_epocas():
    t = Trabajo("Llama 3.1 8B", "lora", 10e6, epocas=4)
    h = decisiones.horas_en(t, "RTX 4090", maximo=1).horas
    assert h == tiempo.horas_entrenamiento("Llama 3.1 8B", "lora", 40e6, "RTX 4090")


@pytest.mark.parametrize("malo", [0, -1, MAX_EPOCAS + 1, 1.5, 2.0, math.nan, "3", None, True])
def test_epocas_malas(malo):
    with pytest.raises(ValueError, match="epocas"):
        Trabajo("Llama 3.1 8B", "qlora", 20e6, epocas=malo)


def test_tokens_por_epocas_que_desbordan():
    with pytest.raises(ValueError, match="tokens"):
        Trabajo("Llama 3.1 8B", "qlora", 1e305, epocas=MAX_EPOCAS)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(epocas=st.integers(1, 50), tokens=st.floats(1e3, 1e9))
def test_mas_epocas_nunca_menos_horas(epocas, tokens):
    """Propiedad: una época más nunca da menos horas, y las horas son proporcionales a tokens × épocas."""
    a = decisiones.horas_en(Trabajo("Llama 3.1 8B", "lora", tokens, epocas=epocas), "H100 80GB").horas
    b = decisiones.horas_en(Trabajo("Llama 3.1 8B", "lora", tokens, epocas=epocas + 1), "H100 80GB").horas
    assert b.minimo > a.minimo
    assert b.minimo / a.minimo == pytest.approx((epocas + 1) / epocas, rel=1e-9)


@pytest.mark.parametrize(
    ("campo", "malo"), [("tokens", "abc"), ("epocas", "abc"), ("secuencia", "abc"), ("tokens", -5)]
)
def test_un_campo_malo_se_nombra_con_lo_que_admite(campo, malo):
    """Cada campo con su nombre al principio y lo que admite, no «Trabajo: tokens='abc' no vale; se admite un número
    finito» (el tipo del registro, sin el «mayor que 0»)."""
    argumentos = {"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": 1e6} | {campo: malo}
    with pytest.raises(ValueError) as error:
        Trabajo(**argumentos)
    assert str(error.value).startswith(f"{campo}: {malo!r} ") and "se admite" in str(error.value)
