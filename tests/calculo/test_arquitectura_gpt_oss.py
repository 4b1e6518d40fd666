"""gpt-oss-20b y gpt-oss-120b: su config.json, sus filas de modelos.csv y las cifras de su ficha.

Las cifras con las que se comparan vienen de fuera: la ficha del modelo (https://arxiv.org/abs/2508.10925, tabla de
parámetros): gpt-oss-20b, 20,91 mil millones en total y 3,61 activos por token; gpt-oss-120b, 116,83 y 5,13. La
ficha no cuenta entre los activos la tabla de embeddings de entrada (un token solo lee una fila de ella), sí la
matriz de salida; la biblioteca cuenta las dos (como en Mixtral, cuyos 12,9 mil millones activos las incluyen), así
que a sus activos se les resta ``vocabulario × dim_oculta`` antes de comparar.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest

from gpucoste import datos
from gpucoste.calculo import arquitectura, memoria

CONFIG_20B = Path(__file__).parent / "configs" / "gpt_oss_20b.json"

FICHA = {  # (total, activos sin la tabla de embeddings de entrada), en miles de millones
    "gpt-oss-20b": (20.91, 3.61),
    "gpt-oss-120b": (116.83, 5.13),
}


def config_20b() -> dict:
    return json.loads(CONFIG_20B.read_text(encoding="utf-8"))


def config_120b() -> dict:
    """El de 20b con lo que cambia en 120b (36 capas, 128 expertos) y sin ``layer_types``: así se prueba también
    el patrón por defecto de GptOssConfig (ventana en las capas pares)."""
    cfg = copy.deepcopy(config_20b())
    cfg.update(num_hidden_layers=36, num_local_experts=128)
    del cfg["layer_types"]
    return cfg


def _configs() -> dict[str, arquitectura.Arquitectura]:
    return {
        "gpt-oss-20b": arquitectura.desde_config(config_20b(), "gpt-oss-20b"),
        "gpt-oss-120b": arquitectura.desde_config(config_120b(), "gpt-oss-120b"),
    }


def _activos_de_la_ficha(m: datos.Modelo) -> float:
    return memoria.parametros(m, activos=True) - m.vocabulario * m.dim_oculta


@pytest.mark.parametrize("nombre", sorted(FICHA))
def test_parametros_del_config_son_los_de_la_ficha(nombre):
    m = _configs()[nombre]
    total, activos = FICHA[nombre]
    assert memoria.parametros(m) / 1e9 == pytest.approx(total, abs=0.006)
    assert _activos_de_la_ficha(m) / 1e9 == pytest.approx(activos, abs=0.006)


@pytest.mark.parametrize("nombre", sorted(FICHA))
def test_parametros_de_la_fila_son_los_de_la_ficha(nombre):
    # La fila de modelos.csv no cuenta los sesgos de o_proj, del router y de los expertos ni los sumideros de
    # atención (unos pocos millones): queda a menos de un 0,1 % de la ficha.
    m = datos.modelos()[nombre]
    total, activos = FICHA[nombre]
    assert memoria.parametros(nombre) / 1e9 == pytest.approx(total, rel=0.001)
    assert _activos_de_la_ficha(m) / 1e9 == pytest.approx(activos, rel=0.001)


@pytest.mark.parametrize("nombre", sorted(FICHA))
def test_el_config_da_los_mismos_campos_que_la_fila(nombre):
    desde_config = _configs()[nombre]
    fila = datos.modelos()[nombre]
    campos = [f.name for f in dataclasses.fields(datos.Modelo) if f.name not in ("modelo", "hf_id", "fecha", "fuente")]
    campos = [c for c in campos if c not in ("nota", "leida")]
    assert {c: getattr(desde_config, c) for c in campos} == {c: getattr(fila, c) for c in campos}
    assert memoria.bytes_kv_por_token(desde_config) == memoria.bytes_kv_por_token(nombre)


@pytest.mark.parametrize("nombre", sorted(FICHA))
def test_la_ventana_del_config_es_la_de_ventanas_csv(nombre):
    desde_config = _configs()[nombre]
    ventana = datos.ventanas()[nombre]
    assert (desde_config.ventana, desde_config.capas_con_ventana) == (ventana.ventana, ventana.capas_con_ventana)
    for contexto in (0, 100, 128, 4096, 131_072):
        assert memoria.tokens_kv(desde_config, contexto) == pytest.approx(memoria.tokens_kv(nombre, contexto))


def test_la_ventana_de_128_tokens_reduce_la_cache_a_la_mitad_y_poco_mas():
    # Media capa con ventana: con 131.072 tokens de contexto, cada capa guarda de media (131.072 + 128) / 2.
    assert memoria.tokens_kv("gpt-oss-20b", 131_072) == (131_072 + 128) / 2
    # 8 cabezas KV × 64 × 2 (K y V) × 24 capas × 2 bytes en bf16.
    assert memoria.bytes_kv_por_token("gpt-oss-20b") == 8 * 64 * 2 * 24 * 2


def test_sin_attention_bias_gpt_oss_lleva_sesgo_como_gptossconfig():
    # GptOssConfig de transformers: attention_bias = True por defecto.
    cfg = config_20b()
    del cfg["attention_bias"]
    assert arquitectura.desde_config(cfg).sesgo_qkv is True
    cfg["attention_bias"] = False
    sin_sesgo = arquitectura.desde_config(cfg)
    assert sin_sesgo.sesgo_qkv is False
    # Sin sesgo faltan q, k, v y o: (64 × 64 + 2 × 8 × 64 + 2880) por capa.
    diferencia = memoria.parametros(arquitectura.desde_config(config_20b())) - memoria.parametros(sin_sesgo)
    assert diferencia == 24 * (64 * 64 + 2 * 8 * 64 + 2880)


def test_gpt_oss_sin_expertos_da_un_error_que_lo_nombra():
    cfg = config_20b()
    del cfg["num_local_experts"]
    with pytest.raises(ValueError, match="num_local_experts"):
        arquitectura.desde_config(cfg)
