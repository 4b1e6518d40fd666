"""Propiedades de la cadena de decisión con hypothesis: invariantes que ninguna entrada buena rompe."""

from __future__ import annotations

import dataclasses

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gpucoste import datos  # noqa: E402
from gpucoste.calculo import memoria, ranking, tiempo  # noqa: E402
from gpucoste.calculo.trabajo import Trabajo  # noqa: E402

MODELOS = st.sampled_from(sorted(datos.modelos()))
GPUS = st.sampled_from(sorted(datos.especificaciones()))
METODOS = st.sampled_from(("completo", "lora", "qlora"))
TOKENS = st.floats(1e3, 1e12, allow_nan=False, allow_infinity=False)
RAPIDO = settings(max_examples=40, deadline=None)


@RAPIDO
@given(MODELOS, METODOS, TOKENS, TOKENS, GPUS)
def test_mas_tokens_nunca_mas_rapido(modelo, metodo, a, b, gpu):
    pocos, muchos = sorted((a, b))
    h_pocos = tiempo.horas_entrenamiento(modelo, metodo, pocos, gpu)
    h_muchos = tiempo.horas_entrenamiento(modelo, metodo, muchos, gpu)
    assert h_pocos.minimo <= h_muchos.minimo and h_pocos.maximo <= h_muchos.maximo
    assert 0 < h_pocos.minimo <= h_pocos.maximo


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(("Llama 3.1 8B", "Mistral 7B v0.3", "Qwen 2.5 7B")), METODOS, TOKENS, TOKENS)
def test_mas_tokens_nunca_mas_barato_y_coste_nunca_negativo(modelo, metodo, a, b):
    pocos, muchos = sorted((a, b))
    filas_pocos = {f.precio: f for f in ranking.ranking(Trabajo(modelo, metodo, pocos))}
    filas_muchos = {f.precio: f for f in ranking.ranking(Trabajo(modelo, metodo, muchos))}
    assert filas_pocos.keys() == filas_muchos.keys()  # caber no depende de los tokens
    for precio, f in filas_pocos.items():
        g = filas_muchos[precio]
        for partida in (f.coste, f.gpu, f.arranque, f.disco, f.transferencia):
            assert partida is None or 0 <= partida.minimo <= partida.maximo
        assert f.coste.minimo <= g.coste.minimo + 1e-9 and f.coste.maximo <= g.coste.maximo + 1e-9
        assert f.horas.maximo <= g.horas.maximo


@RAPIDO
@given(
    MODELOS,
    st.sampled_from(memoria.METODOS),
    st.floats(1, 500, allow_nan=False),
    st.floats(1, 500, allow_nan=False),
    st.integers(1, 8),
    st.integers(1, 8192),
)
def test_una_gpu_mas_grande_nunca_cabe_menos(modelo, metodo, vram_a, vram_b, n_gpus, secuencia):
    base = datos.especificaciones()["H100 80GB"]
    pequena, grande = (dataclasses.replace(base, gpu=f"{v} GB", vram_gb=v) for v in sorted((vram_a, vram_b)))
    en_pequena = memoria.encaja(modelo, metodo, pequena, n_gpus=n_gpus, secuencia=secuencia)
    en_grande = memoria.encaja(modelo, metodo, grande, n_gpus=n_gpus, secuencia=secuencia)
    assert en_pequena.total == en_grande.total  # la necesidad no depende de la GPU
    assert not en_pequena.cabe or en_grande.cabe
    mas_gpus = memoria.encaja(modelo, metodo, pequena, n_gpus=n_gpus + 1, secuencia=secuencia)
    assert mas_gpus.total <= en_pequena.total  # repartir nunca ocupa más por GPU


@RAPIDO
@given(MODELOS, GPUS, st.integers(1, 64), st.integers(0, 32768))
def test_generacion_positiva_y_lote_mayor_nunca_menos_tokens(modelo, gpu, lote, contexto):
    try:
        uno = tiempo.tokens_por_segundo(modelo, gpu, lote=lote, contexto=contexto)
    except ValueError as error:  # no cabe: el mensaje lo dice
        assert "necesita" in str(error)
        return
    assert uno > 0
    try:
        dos = tiempo.tokens_por_segundo(modelo, gpu, lote=lote + 1, contexto=contexto)
    except ValueError:
        return
    assert dos >= uno * (1 - 1e-12)  # en el límite de cómputo, igual salvo redondeo
