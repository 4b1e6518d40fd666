"""El modelo de capacidad de un servidor de inferencia (``gpucoste.calculo.servicio``)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste import datos
from gpucoste.calculo import memoria, servicio, servicio_costes, servicio_validacion


def test_kv_de_una_secuencia_a_mano():
    # Llama 3.1 8B: 2 (K y V) × 32 capas × 8 cabezas KV × 128 de dimensión × 2 bytes = 131.072 bytes por token.
    assert servicio.kv_gb_secuencia("Llama 3.1 8B", 2048) == pytest.approx(131_072 * 2048 / 1e9)
    # En fp8, la mitad.
    assert servicio.kv_gb_secuencia("Llama 3.1 8B", 2048, "fp8") == pytest.approx(131_072 * 2048 / 2e9)


def test_secuencias_max_con_la_memoria_dada():
    # 24,83 GiB de caché (la del Test 5 de la fuente de vLLM) y Qwen 2.5 7B (57.344 bytes por token): el motor
    # dice 464.848 tokens (la memoria se publica redondeada a centésimas de GiB): unas 227 secuencias de 2048 tokens.
    kv_gb = 24.83 * 2**30 / 1e9
    caben = servicio.secuencias_max("Qwen 2.5 7B", "A100 80GB", contexto=2048, kv_gb=kv_gb)
    assert abs(caben - 464_848 / 2048) < 1


def test_secuencias_max_sin_memoria_dada_deja_los_pesos():
    g = datos.especificaciones()["A100 80GB"]
    libre = g.vram_gb * 0.9 - sum(memoria.gb_sistema()) / 2 - memoria.gb_pesos_modelo("Llama 3.1 8B")
    esperado = int(libre // servicio.kv_gb_secuencia("Llama 3.1 8B", 1366))
    assert servicio.secuencias_max("Llama 3.1 8B", "A100 80GB", contexto=1366) == esperado


def test_de_peticiones_s():
    assert servicio.de_peticiones_s(1) == 86_400


def test_los_parametros_ajustados_tienen_sentido():
    p = servicio.ajustar()
    assert 0 < p.eficiencia <= 1
    assert p.ms_capa >= 0
    assert 0 < p.mfu_prellenado <= 1
    assert p.medidas == len(servicio.medidas())
    assert p.fuentes == len({m.fuente for m in servicio.medidas()})


def test_ajustar_sin_una_fuente_no_la_usa():
    for f in {m.fuente for m in servicio.medidas()}:
        p = servicio.ajustar(sin=f)
        assert p.medidas == sum(1 for m in servicio.medidas() if m.fuente != f)


def test_validacion_predice_cada_medida_sin_su_fuente():
    v = servicio_validacion.validacion()
    assert len(v.predicciones) == len(servicio.medidas())
    assert v.fuentes == len({m.fuente for m in servicio.medidas()}) >= 2
    for p in v.predicciones:
        # la misma predicción que da el ajuste hecho sin esa fuente
        assert p == servicio.predecir(p.medida, servicio.ajustar(sin=p.medida.fuente))
    assert v.medidas_tpot == sum(1 for m in servicio.medidas() if m.tpot_ms is not None)


def test_la_ley_de_little_en_la_capacidad():
    c = servicio.capacidad("Llama 3.1 8B", "A100 80GB", 200_000)
    assert c.peticiones_s_media == pytest.approx(200_000 / 86_400)
    assert c.peticiones_s_pico == pytest.approx(c.peticiones_s_media * servicio.FACTOR_PICO)
    salida = servicio.TOKENS_SALIDA
    assert c.concurrencia_pico == pytest.approx(c.peticiones_s_pico * (c.ttft_s + salida * c.tpot_s))
    # lo que genera cada réplica en la hora punta alcanza para su parte del tráfico
    assert c.tokens_s_replica * c.replicas >= c.peticiones_s_pico * salida * (1 - 1e-9)
    assert c.lote_pico <= c.lote_max <= c.secuencias_max
    assert c.gpus == c.gpus_por_replica * c.replicas


def test_un_modelo_grande_pide_varias_gpu_por_replica():
    c = servicio.capacidad("Llama 3.1 70B", "A100 80GB", 10_000)
    assert c.gpus_por_replica >= 2  # 141 GB de pesos en bf16 no caben en 80 GB


def test_trafico_cero_dice_que_no_hace_falta_ninguna_gpu():
    with pytest.raises(ValueError, match="mensajes_dia: 0 no vale: sin tráfico"):
        servicio.capacidad("Llama 3.1 8B", "A100 80GB", 0)


def test_trafico_que_se_redondea_a_cero_es_un_error_y_no_una_division_por_cero():
    # 1e-320 mensajes al día es mayor que 0, pero por segundo se redondea a 0: el escalado dividía por él (el fuzzer).
    for funcion in (servicio.capacidad, lambda m, g, n: servicio_costes.opciones(m, n, gpu=g)):
        with pytest.raises(ValueError, match="mensajes_dia: 1e-320 no vale: con tan pocos"):
            funcion("Llama 3.1 8B", "A100 80GB", 1e-320)


def test_objetivo_imposible_dice_lo_que_tarda_una_peticion():
    with pytest.raises(ValueError, match="ya tarda .* se admite un objetivo por encima"):
        servicio.capacidad("Llama 3.1 8B", "A100 80GB", 1000, supuestos=servicio.Supuestos(tpot_ms=0.5))


def test_un_modelo_que_no_cabe_propone_una_cuantizacion():
    with pytest.raises(ValueError, match="cuantización"):
        servicio.capacidad("Llama 3.1 70B", "RTX 3060 12GB", 1000)


def test_contexto_menor_que_el_mensaje():
    with pytest.raises(ValueError, match="contexto: 10 no vale"):
        servicio.capacidad("Llama 3.1 8B", "A100 80GB", 1000, contexto=10)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["A10G", "L4", "A100 80GB", "H100 80GB", "RTX 4090"]),
    st.floats(1, 5e6),
    st.floats(1.0, 10.0),
)
def test_mas_trafico_nunca_menos_gpu(gpu, mensajes, factor):
    poco = servicio.capacidad("Llama 3.1 8B", gpu, mensajes)
    mucho = servicio.capacidad("Llama 3.1 8B", gpu, mensajes * factor)
    assert mucho.gpus >= poco.gpus
    # Con las mismas réplicas, más tráfico es más peticiones en curso (ley de Little: llegan más y cada una tarda lo
    # mismo o más). Con una réplica más, cada una va menos cargada y tarda menos: las peticiones en curso pueden bajar
    # un poco (A100 80GB, 262.365 → 393.548 mensajes al día: de 56,4 a 56,2), y eso es correcto.
    if mucho.replicas == poco.replicas:
        assert mucho.concurrencia_pico >= poco.concurrencia_pico * (1 - 1e-9)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 200))
def test_mas_lote_mas_tokens_s_y_mas_latencia(lote):
    a = servicio.rendimiento("Llama 3.1 8B", "A100 80GB", lote=lote)
    b = servicio.rendimiento("Llama 3.1 8B", "A100 80GB", lote=lote + 1)
    assert b[0] >= a[0]
    assert b[1] >= a[1]
    assert all(math.isfinite(x) and x > 0 for x in (*a, *b))


@pytest.mark.parametrize(
    ("kv_gb", "concurrencia", "motivo"),
    [
        ("0.01", "4", "no cabe ni una secuencia"),  # menos caché que una sola secuencia de 2048 tokens
        ("120", "1000", "necesita"),  # 120 GB de caché KV en una A100 de 80 GB
    ],
)
def test_una_medida_imposible_nombra_su_fila(carpeta_datos, kv_gb, concurrencia, motivo):
    """Falta plantada: una medida cuya caché KV no cabe (por poca o por mucha) no llega al ajuste como un error de la
    física sin contexto: el error nombra el fichero, la medida y las columnas que revisar."""
    import plantar

    fila = {
        "id": "plantada-kv",
        "modelo": "Llama 3.1 8B",
        "gpu": "A100 80GB",
        "n_gpus": "1",
        "precision": "bf16",
        "motor": "vLLM",
        "entrada": "1024",
        "salida": "1024",
        "concurrencia": concurrencia,
        "kv_gb": kv_gb,
        "tokens_s": "500",
        "fecha": "2025-09-13",
        "fuente": "https://example.org/medida-plantada",
        "nota": "fila plantada por la prueba",
    }
    plantar.anadir(carpeta_datos, "servicio_medido.csv", fila)
    with pytest.raises(ValueError, match=motivo) as error:
        servicio.ajustar()
    mensaje = str(error.value)
    assert "servicio_medido.csv" in mensaje and "«plantada-kv»" in mensaje and "kv_gb" in mensaje


@pytest.mark.parametrize("malo", [-5, -0.5, "muchos", float("nan"), None])
def test_mensajes_dia_negativos_dicen_mayor_que_0(malo):
    # «-5» no decía «mayor o igual que 0» para rechazar después el 0: lo que se admite es lo mismo en los dos.
    with pytest.raises(ValueError, match="mensajes_dia: .* se admite un número finito mayor que 0"):
        servicio.mensajes_dia_validos(malo)


def test_mensajes_dia_cero_dice_por_que():
    with pytest.raises(ValueError, match="sin tráfico no hace falta ninguna GPU; se admite un número mayor que 0"):
        servicio.mensajes_dia_validos(0)
    assert servicio.mensajes_dia_validos(200_000) == 200_000
