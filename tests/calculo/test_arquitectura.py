"""gpucoste.calculo.arquitectura: cualquier modelo desde su config.json, comparado con cifras publicadas.

Los config.json de prueba están en ``tests/calculo/configs/``; de dónde sale cada uno, en ``FUENTES``. Las cifras
con las que se comparan vienen de fuera (la ficha del modelo, su artículo o un cálculo independiente documentado
aquí), nunca de lo que imprimió la biblioteca.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from gpucoste import datos
from gpucoste.calculo import arquitectura, memoria

CONFIGS = Path(__file__).parent / "configs"

FUENTES = {
    # Cada config.json: el del repositorio del Hub (el campo _name_or_path del fixture), con los campos que
    # cambian la arquitectura leídos en copias públicas.
    "deepseek_v2_lite.json": "https://huggingface.co/deepseek-ai/DeepSeek-V2-Lite/blob/main/config.json; los mismos "
    "valores en la configuración de Megatron para DeepSeek-V2-Lite (27 capas, hidden 2048, ffn 10944, 16 cabezas, "
    "kv_lora_rank 512, qk 128 + rope 64, v 128, 64 expertos de 1408, 2 compartidos, la primera capa densa) y en "
    "pruebas públicas que copian el config.json real",
    "deepseek_v3.json": "https://huggingface.co/deepseek-ai/DeepSeek-V3/blob/main/config.json; los mismos valores en "
    "inference/configs/config_671B.json de https://github.com/deepseek-ai/DeepSeek-V3",
    "gemma3_4b_it.json": "https://huggingface.co/google/gemma-3-4b-it/blob/main/config.json (text_config); valores de "
    "la copia de LitGPT, la fuente de la fila de modelos.csv: https://github.com/Lightning-AI/litgpt/blob/"
    "26857050fe3ff627cd714fe92f5838f51a3d5efa/litgpt/config.py#L1239",
    "mistral_7b_v01.json": "https://huggingface.co/mistralai/Mistral-7B-v0.1/blob/main/config.json; dimensiones de la "
    "tabla 1 del artículo de Mistral 7B (https://arxiv.org/abs/2310.06825): dim 4096, 32 capas, head_dim 128, "
    "hidden_dim 14336, 32 cabezas, 8 cabezas KV, window_size 4096, vocabulario 32000",
    "jamba_v01.json": "https://huggingface.co/ai21labs/Jamba-v0.1/blob/main/config.json; los mismos valores en "
    "transformers (JambaConfig, docs/source/en/model_doc/jamba.md) y en pruebas públicas que copian el de "
    "AI21-Jamba-1.5-Mini, de la misma forma",
    "mixtral_8x7b.json": "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1/blob/"
    "fc7ac94680e38d7348cfa806e51218e6273104b0/config.json (la fuente de su fila de modelos.csv)",
    "qwen3_30b_a3b.json": "https://huggingface.co/Qwen/Qwen3-30B-A3B/blob/main/config.json; valores de la copia de "
    "LitGPT (https://github.com/Lightning-AI/litgpt/blob/26857050fe3ff627cd714fe92f5838f51a3d5efa/litgpt/config.py"
    "#L2859), la fuente de su fila de modelos.csv",
    "gemma2_9b.json": "https://huggingface.co/google/gemma-2-9b/blob/33c193028431c2fde6c6e51f29e6f17b60cbfac6/"
    "config.json (la fuente de su fila de modelos.csv; valores leídos en la copia de LitGPT, https://github.com/"
    "Lightning-AI/litgpt/blob/26857050fe3ff627cd714fe92f5838f51a3d5efa/litgpt/config.py#L1137); sin "
    "tie_word_embeddings, que Gemma2Config ata por defecto",
    "qwen15_moe_a27b.json": "https://huggingface.co/Qwen/Qwen1.5-MoE-A2.7B/blob/main/config.json; los mismos valores "
    "en pruebas públicas que copian ese config.json (60 expertos de 1408, 4 activos, experto compartido de 5632)",
    "llama2_7b.json": "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json; dimensiones de la tabla "
    "de Llama 2 7B de LitGPT y del artículo de Llama 2 (https://arxiv.org/abs/2307.09288)",
    "gpt_oss_20b.json": "copia literal del config.json de openai/gpt-oss-20b en https://github.com/jihengzhang/"
    "jihz-gpt-oss-20b/blob/7ec89800d2b55da8f65106e8a6f794b7b6433df8/gpt-oss-20b/config.json (sin quantization_config, "
    "que no cambia la arquitectura); la fuente de su fila de modelos.csv, revisión fijada del Hub "
    "6cee5e81ee83917806bbde320786a8fb61efebee",
}

GIB = 2**30


def leer(fichero: str) -> dict:
    return json.loads((CONFIGS / fichero).read_text(encoding="utf-8"))


def modelo(fichero: str) -> arquitectura.Arquitectura:
    return arquitectura.desde_config(leer(fichero))


def test_cada_config_de_prueba_tiene_su_fuente():
    assert sorted(p.name for p in CONFIGS.glob("*.json")) == sorted(FUENTES)


# --- MLA (DeepSeek V2/V3) -------------------------------------------------------------------------------------


def test_cache_kv_de_deepseek_v3_es_la_publicada():
    # «Insights into DeepSeek-V3» (https://arxiv.org/abs/2505.09343), tabla 1: caché KV por token en BF16 de
    # DeepSeek-V3 (MLA), 70,272 KB; de Qwen-2.5 72B (GQA), 327,680 KB. Una fórmula genérica (2 × capas × cabezas
    # KV × dimensión) daría 2 × 61 × 128 × 192 × 2 bytes, casi 6 MB: 85 veces más.
    assert memoria.bytes_kv_por_token(modelo("deepseek_v3.json")) == pytest.approx(70_272)
    assert memoria.bytes_kv_por_token("Qwen 2.5 72B") == pytest.approx(327_680)


def test_cache_kv_de_deepseek_v2_lite_sigue_el_articulo():
    # Artículo de DeepSeek-V2 (https://arxiv.org/abs/2405.04434), tabla 1: MLA guarda (d_c + d_h^R) · l elementos
    # por token; en V2-Lite, d_c = 512 (kv_lora_rank), d_h^R = 64 (qk_rope_head_dim) y l = 27 capas: 15.552
    # elementos, 31.104 bytes en BF16. A 32.768 tokens: 1,019 GB.
    m = modelo("deepseek_v2_lite.json")
    assert memoria.bytes_kv_por_token(m) == (512 + 64) * 27 * 2
    assert memoria.gb_kv(m, 32_768) == pytest.approx(31_104 * 32_768 / 1e9)


def test_parametros_de_deepseek_publicados():
    # Ficha de DeepSeek-V2-Lite y apéndice del artículo de DeepSeek-V2: 15,7 mil millones en total y 2,4 activos.
    # Ficha de DeepSeek-V3: 671 mil millones en total (sin los 14 del módulo MTP) y 37 activos. DeepSeek cuenta los
    # activos sin la tabla de embeddings de entrada (cada token lee una fila, no la multiplica): se resta aquí.
    lite, v3 = modelo("deepseek_v2_lite.json"), modelo("deepseek_v3.json")
    entrada_lite, entrada_v3 = 102_400 * 2048, 129_280 * 7168
    assert memoria.parametros(lite) / 1e9 == pytest.approx(15.7, rel=0.01)
    assert (memoria.parametros(lite, activos=True) - entrada_lite) / 1e9 == pytest.approx(2.4, rel=0.03)
    assert memoria.parametros(v3) / 1e9 == pytest.approx(671, rel=0.01)
    assert (memoria.parametros(v3, activos=True) - entrada_v3) / 1e9 == pytest.approx(37, rel=0.02)


# --- Ventana deslizante y atención local/global -----------------------------------------------------------


def test_ventana_de_mistral_7b_divide_la_cache_por_8_a_32k():
    # Artículo de Mistral 7B (https://arxiv.org/abs/2310.06825), sección 2: con la ventana de 4096 tokens, «on a
    # sequence length of 32k tokens, this reduces the cache memory usage by 8x».
    m = modelo("mistral_7b_v01.json")
    sin_ventana = memoria.bytes_kv_por_token(m) * 32_768 / 1e9
    assert sin_ventana / memoria.gb_kv(m, 32_768) == pytest.approx(8)


def test_gemma_3_4b_local_global_como_litgpt():
    # Cálculo independiente: la copia de LitGPT de Gemma 3 4B marca las capas con ventana con
    # sliding_window_indices = [0 if (i + 1) % 6 == 0 else 1 for i in range(34)] (5 globales, 29 locales) y una
    # ventana de 1024 tokens; cada capa guarda 2 × 4 cabezas KV × 256 × 2 bytes = 4096 bytes por token.
    indices = [0 if (i + 1) % 6 == 0 else 1 for i in range(34)]
    a_mano = sum(4096 * (1024 if local else 32_768) for local in indices)
    m = modelo("gemma3_4b_it.json")
    assert memoria.gb_kv(m, 32_768) == pytest.approx(a_mano / 1e9)
    # La misma cifra que la fila de modelos.csv con su ventana de ventanas.csv.
    assert memoria.gb_kv(m, 32_768) == pytest.approx(memoria.gb_kv("Gemma 3 4B", 32_768))


def test_parametros_de_gemma_3_4b_publicados():
    # Informe técnico de Gemma 3 (https://arxiv.org/abs/2503.19786), tabla 1: 4B tiene 3209 millones de
    # parámetros sin los embeddings (la torre de visión, 417 millones, aparte: no se cuenta).
    m = modelo("gemma3_4b_it.json")
    assert (memoria.parametros(m) - memoria.parametros_embeddings(m)) / 1e6 == pytest.approx(3209, rel=0.002)


def test_gemma_2_9b_parametros_exactos_y_capas_pares_con_ventana():
    # Artículo de Gemma 2 (https://arxiv.org/abs/2408.00118), tabla 1: 9B tiene 917.504.000 parámetros de
    # embeddings y 8.324.201.984 sin ellos (cuatro normas por capa; embeddings atados, por defecto en Gemma2Config).
    m = modelo("gemma2_9b.json")
    assert memoria.parametros_embeddings(m) == 917_504_000
    assert memoria.parametros(m) - memoria.parametros_embeddings(m) == 8_324_201_984
    # Ventana de 4096 tokens en las capas pares (modeling_gemma2 de transformers: 21 de 42), la de ventanas.csv.
    assert m.capas_con_ventana == 21 and m.ventana == 4096
    assert memoria.gb_kv(m, 8192) == pytest.approx(memoria.gb_kv("Gemma 2 9B", 8192))


def test_layer_types_manda_sobre_el_patron():
    cfg = leer("gemma3_4b_it.json")
    cfg["text_config"]["layer_types"] = ["full_attention"] * 34
    assert memoria.tokens_kv(arquitectura.desde_config(cfg), 32_768) == 32_768
    cfg["text_config"]["layer_types"] = ["sliding_attention"] * 17 + ["full_attention"] * 17
    assert memoria.tokens_kv(arquitectura.desde_config(cfg), 32_768) == pytest.approx((1024 + 32_768) / 2)


# --- Híbridos atención/Mamba y mezcla de expertos -------------------------------------------------------------


def test_cache_kv_de_jamba_es_la_publicada():
    # Artículo de Jamba (https://arxiv.org/abs/2403.19887), tabla 1: caché KV con 256K tokens de contexto en 16 bits:
    # Jamba 4 GB, Mixtral 32 GB, Llama-2 7B 128 GB (GiB: 2³⁰ bytes). Solo 4 de las 32 capas de Jamba son de atención;
    # las 28 Mamba guardan un estado fijo por secuencia (8192 × (4 + 16) elementos cada una), no una caché.
    jamba = modelo("jamba_v01.json")
    assert memoria.bytes_kv_por_token(jamba) * 262_144 / GIB == pytest.approx(4)
    assert memoria.bytes_kv_por_token(modelo("mixtral_8x7b.json")) * 262_144 / GIB == pytest.approx(32)
    assert memoria.bytes_kv_por_token(modelo("llama2_7b.json")) * 262_144 / GIB == pytest.approx(128)
    assert jamba.estado_por_secuencia == 28 * 8192 * (4 + 16)
    estado_gb = 28 * 8192 * 20 * 2 / 1e9
    assert memoria.gb_kv(jamba, 262_144) == pytest.approx(4 * GIB / 1e9 + estado_gb)
    assert memoria.gb_kv(jamba, 0) == 0


def test_parametros_de_mezclas_de_expertos_publicados():
    # Jamba (artículo, sección 3.1): 52 mil millones en total, 12 activos. Mixtral 8x7B (https://mistral.ai/news/
    # mixtral-of-experts): 46,7 en total, 12,9 activos. Qwen3-30B-A3B (ficha del modelo): 30,5 y 3,3.
    for fichero, total, activos, tolerancia in (
        ("jamba_v01.json", 52, 12, 0.02),
        ("mixtral_8x7b.json", 46.7, 12.9, 0.005),
        ("qwen3_30b_a3b.json", 30.5, 3.3, 0.02),
        # Ficha de Qwen1.5-MoE-A2.7B: 14,3 mil millones en total y 2,7 activos (con el experto compartido).
        ("qwen15_moe_a27b.json", 14.3, 2.7, 0.01),
    ):
        m = modelo(fichero)
        assert memoria.parametros(m) / 1e9 == pytest.approx(total, rel=tolerancia), fichero
        assert memoria.parametros(m, activos=True) / 1e9 == pytest.approx(activos, rel=tolerancia), fichero


def test_la_arquitectura_de_un_config_coincide_con_su_fila_de_modelos_csv():
    # Dos caminos independientes para el mismo modelo: la fila de modelos.csv (con la fórmula de memoria) y el
    # config.json (contado matriz a matriz). Qwen3 añade las normas de q y k (2 × 128 por capa), que la fila no cuenta.
    for fichero, nombre in (("mixtral_8x7b.json", "Mixtral 8x7B"), ("qwen3_30b_a3b.json", "Qwen 3 30B-A3B")):
        m = modelo(fichero)
        assert memoria.parametros(m) == pytest.approx(memoria.parametros(nombre), rel=1e-4)
        assert memoria.parametros(m, activos=True) == pytest.approx(memoria.parametros(nombre, activos=True), rel=1e-4)
        assert memoria.bytes_kv_por_token(m) == memoria.bytes_kv_por_token(nombre)
        assert memoria.parametros_lora(m) == pytest.approx(memoria.parametros_lora(nombre))


def test_encaja_con_un_modelo_de_config():
    m = modelo("deepseek_v2_lite.json")
    servir = memoria.encaja(m, "inferencia", "H100 80GB", secuencia=32_768)
    assert servir.pesos == pytest.approx(memoria.parametros(m) * 2 / 1e9)
    assert servir.kv == pytest.approx(31_104 * 32_768 / 1e9)
    assert servir.modelo == "deepseek-ai/DeepSeek-V2-Lite"
    lora = memoria.encaja(m, "qlora", "H100 80GB")
    assert lora.adaptadores == pytest.approx(2 * memoria.parametros_lora(m) / 1e9)


# --- Lo que no sabe modelar, y los config.json malos ----------------------------------------------------------


@pytest.mark.parametrize(
    ("cambio", "campo"),
    [
        ({"model_type": "falcon_h1"}, "model_type"),
        ({"model_type": None}, "model_type"),
        ({"model_type": 7}, "model_type"),
        ({"hidden_size": None}, "hidden_size"),
        ({"hidden_size": "2048"}, "hidden_size"),
        ({"hidden_size": 0}, "hidden_size"),
        ({"num_hidden_layers": 2.5}, "num_hidden_layers"),
        ({"num_key_value_heads": 64}, "num_key_value_heads"),
        ({"tie_word_embeddings": "no"}, "tie_word_embeddings"),
        ({"use_sliding_window": True}, "use_sliding_window"),
        ({"layer_types": ["full_attention"]}, "layer_types"),
        ({"sliding_window": 0}, "sliding_window"),
        ({"hybrid_override_pattern": "M-M*-"}, "hybrid_override_pattern"),
        ({"mamba_d_state": 16}, "mamba_d_state"),
    ],
)
def test_config_malo_nombra_el_campo(cambio, campo):
    cfg = {**leer("mistral_7b_v01.json"), **cambio}
    with pytest.raises(ValueError, match=campo):
        arquitectura.desde_config(cfg)


@pytest.mark.parametrize(
    ("fichero", "quitar"),
    [
        ("deepseek_v2_lite.json", "kv_lora_rank"),
        ("deepseek_v3.json", "qk_rope_head_dim"),
        ("jamba_v01.json", "attn_layer_period"),
        ("jamba_v01.json", "num_experts"),
        ("qwen3_30b_a3b.json", "moe_intermediate_size"),
        ("mixtral_8x7b.json", "num_local_experts"),
    ],
)
def test_un_campo_de_la_arquitectura_que_falta_se_nombra(fichero, quitar):
    cfg = leer(fichero)
    del cfg[quitar]
    with pytest.raises(ValueError, match=f"falta «{quitar}»"):
        arquitectura.desde_config(cfg)


def test_multimodal_sin_text_config():
    cfg = leer("gemma3_4b_it.json")
    del cfg["text_config"]
    with pytest.raises(ValueError, match="text_config"):
        arquitectura.desde_config(cfg)


@pytest.mark.parametrize("malo", [None, [], "config", 3])
def test_config_que_no_es_un_objeto(malo):
    with pytest.raises(ValueError, match="objeto JSON"):
        arquitectura.desde_config(malo)


def test_el_config_no_se_modifica_y_el_nombre_se_puede_dar():
    cfg = leer("jamba_v01.json")
    antes = copy.deepcopy(cfg)
    m = arquitectura.desde_config(cfg, "Mi Jamba")
    assert cfg == antes and m.modelo == "Mi Jamba"
    assert isinstance(m, datos.Modelo)
    with pytest.raises(ValueError, match="nombre"):
        arquitectura.desde_config(cfg, "  ")


def test_desde_json():
    texto = (CONFIGS / "mixtral_8x7b.json").read_text(encoding="utf-8")
    assert arquitectura.desde_json(texto) == modelo("mixtral_8x7b.json")
    for malo, esperado in (
        ('{"model_type": "llama",}', r"no es un JSON válido \(línea 1, columna 24\)"),
        ("", r"no es un JSON válido \(línea 1, columna 1\)"),
        ("[" * 100_000, "anida demasiados niveles"),
        (None, "se admite el texto"),
        (" " * (arquitectura.MAX_CARACTERES + 1), "como mucho 10.000.000"),
    ):
        with pytest.raises(ValueError, match=f"^config.json: .*{esperado}"):
            arquitectura.desde_json(malo)
