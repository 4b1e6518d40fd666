"""``gpucoste cabe --config fichero.json``: cualquier modelo desde su config.json, y los ficheros malos.

Las cifras esperadas salen de fuera (las mismas fuentes que tests/calculo/test_arquitectura.py): la caché KV de
DeepSeek-V2-Lite por el artículo de DeepSeek-V2, la de Gemma 3 4B por las capas locales de LitGPT y la de Jamba por
la tabla 1 de su artículo.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from gpucoste import cli

CONFIGS = Path(__file__).resolve().parents[1] / "calculo" / "configs"


def _ejecutar(argv: list[str]) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    return rc, salida.getvalue(), errores.getvalue()


def _kv(fichero: str, secuencia: int) -> float:
    rc, salida, errores = _ejecutar(
        ["cabe", "--config", str(CONFIGS / fichero), "--gpu", "H100 80GB", "--secuencia", str(secuencia)]
        + ["--formato", "json"]
    )
    assert rc == 0, errores
    return {f["partida"]: f["GB por GPU"] for f in json.loads(salida)}["kv"]


def test_cache_kv_de_los_tres_modelos_del_issue():
    # MLA: (kv_lora_rank 512 + qk_rope_head_dim 64) × 27 capas × 2 bytes por token (DeepSeek-V2, tabla 1).
    assert _kv("deepseek_v2_lite.json", 32_768) == pytest.approx(576 * 27 * 2 * 32_768 / 1e9)
    # Ventana local/global: 5 capas globales con 32.768 tokens y 29 locales con 1024, 4096 bytes por token y capa.
    assert _kv("gemma3_4b_it.json", 32_768) == pytest.approx(4096 * (5 * 32_768 + 29 * 1024) / 1e9)
    # Híbrido Mamba: 4 GiB de caché KV a 256K (tabla 1 del artículo de Jamba) más el estado fijo de las 28 capas
    # Mamba (8192 × (4 + 16) elementos en 2 bytes cada una).
    assert _kv("jamba_v01.json", 262_144) == pytest.approx((4 * 2**30 + 28 * 8192 * 20 * 2) / 1e9)


def test_config_y_modelo_dan_lo_mismo():
    argv = ["cabe", "--gpu", "RTX 4090", "--metodo", "qlora", "--formato", "json"]
    _, con_nombre, _ = _ejecutar([*argv, "--modelo", "Mixtral 8x7B"])
    rc, con_config, errores = _ejecutar([*argv, "--config", str(CONFIGS / "mixtral_8x7b.json")])
    assert rc == 0, errores
    for a, b in zip(json.loads(con_nombre), json.loads(con_config), strict=True):
        assert a["partida"] == b["partida"]
        assert a["GB por GPU"] == pytest.approx(b["GB por GPU"], rel=1e-4)


def _fallo(argv: list[str], *esperados: str) -> None:
    rc, salida, errores = _ejecutar(argv)
    assert rc == 2 and salida == "", (rc, salida)
    assert errores.count("\n") == 1 and "Traceback" not in errores, errores
    for texto in esperados:
        assert texto in errores, errores


def test_fichero_que_no_existe(tmp_path):
    _fallo(["cabe", "--config", str(tmp_path / "no.json"), "--gpu", "RTX 4090"], "--config", "no existe el fichero")


def test_carpeta(tmp_path):
    _fallo(["cabe", "--config", str(tmp_path), "--gpu", "RTX 4090"], "es una carpeta")


@pytest.mark.parametrize(
    ("contenido", "esperado"),
    [
        (b'{"model_type": "llama",}', "el texto no es un JSON válido (línea 1, columna 24)"),
        (b"", "no es un JSON válido (línea 1, columna 1)"),
        (b"[" * 100_000, "anida demasiados niveles"),
        (b"\xff\xfe{}", "no es texto UTF-8"),
        (b"[1, 2]", "objeto JSON"),
        (b'{"model_type": "falcon_h1"}', "«model_type» = 'falcon_h1' no se sabe modelar"),
        (b'{"model_type": "llama", "hidden_size": 4096}', "falta «num_hidden_layers»"),
        (
            b'{"model_type": "jamba", "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2, '
            b'"vocab_size": 10, "intermediate_size": 8, "num_experts": 1, "num_experts_per_tok": 1}',
            "falta «attn_layer_period»",
        ),
    ],
)
def test_json_malo_o_campo_que_falta(tmp_path, contenido, esperado):
    ruta = tmp_path / "config.json"
    ruta.write_bytes(contenido)
    _fallo(["cabe", "--config", str(ruta), "--gpu", "RTX 4090"], esperado)


def test_modelo_y_config_uno_de_los_dos():
    config = str(CONFIGS / "mixtral_8x7b.json")
    _fallo(["cabe", "--gpu", "RTX 4090"], "--modelo y --config", "ninguno")
    _fallo(["cabe", "--gpu", "RTX 4090", "--modelo", "Llama 3.1 8B", "--config", config], "ambos")


def test_cuanto_tarda_con_config_es_lo_mismo_que_con_su_fila():
    argv = ["cuanto-tarda", "--metodo", "lora", "--tokens", "50e6", "--gpu", "H100 80GB", "--formato", "json"]
    _, con_nombre, _ = _ejecutar([*argv, "--modelo", "Qwen 3 30B-A3B"])
    rc, con_config, errores = _ejecutar([*argv, "--config", str(CONFIGS / "qwen3_30b_a3b.json")])
    assert rc == 0, errores
    (a,), (b,) = json.loads(con_nombre), json.loads(con_config)
    assert a.keys() == b.keys()
    for clave, valor in a.items():
        assert b[clave] == (pytest.approx(valor, rel=1e-4) if isinstance(valor, float) else valor), clave
    _fallo(["cuanto-tarda", "--metodo", "lora", "--tokens", "50e6"], "--modelo y --config")
