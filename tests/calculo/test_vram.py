"""gpucoste.calculo.vram: qué modelos caben en cada VRAM, con cifras comprobadas a mano."""

from __future__ import annotations

import pytest

from gpucoste.calculo import memoria, vram


def test_un_70b_a_2_bits_cabe_en_24_gb_y_no_en_16():
    # El error de la página principal que corrige el issue 10: 70 × 10⁹ parámetros × 0,25 bytes = 17,5 GB de
    # pesos (stas00/ml-engineering), que caben en 24 GB aun con la caché KV de un contexto medio.
    gb = vram.gb_inferencia("Llama 3.1 70B", "2bit")
    assert 17.5 < gb <= 24
    assert gb > 16


def test_la_cache_kv_de_llama_8b_es_la_de_su_config():
    # Llama 3.1 8B en bf16: 131.072 bytes por token (2 × 32 capas × 8 cabezas KV × 128 × 2 bytes).
    con, sin = vram.gb_inferencia("Llama 3.1 8B", "bf16", 8192), vram.gb_inferencia("Llama 3.1 8B", "bf16", 0)
    assert con - sin == pytest.approx(131_072 * 8192 / 1e9)
    assert sin == pytest.approx(memoria.parametros("Llama 3.1 8B") * 2 / 1e9)


def test_mayor_que_cabe():
    assert vram.mayor_que_cabe(0.5, "bf16") == "—"
    # Qwen 2.5 72B a 2 bits ocupa unos 18 GB (72,7 × 10⁹ × 0,25 bytes) más la caché: cabe en 80 GB, así que el mayor
    # que cabe tiene al menos sus parámetros (un modelo nuevo y mayor que también quepa puede serlo), y cabe.
    mayor = vram.mayor_que_cabe(80, "2bit")
    assert memoria.parametros(mayor) >= memoria.parametros("Qwen 2.5 72B")
    assert vram.gb_inferencia(mayor, "2bit") <= 80
    # Más VRAM nunca da un modelo más pequeño.
    tamanos = [vram.mayor_que_cabe(v, "int4") for v in vram.VRAM_COMUNES]
    parametros = [memoria.parametros(t) for t in tamanos if t != "—"]
    assert parametros == sorted(parametros)


def test_tablas():
    t = vram.tabla_vram()
    assert list(t["VRAM (GB)"]) == list(vram.VRAM_COMUNES)
    assert list(t.columns[1:]) == list(vram.PRECISIONES.values())
    m = vram.tabla_modelos()
    assert (m["16 bits (bf16)"] > m["8 bits"]).all() and (m["4 bits"] > m["2 bits"]).all()


@pytest.mark.parametrize("malo", [0, -8, float("nan"), "mucha", None])
def test_vram_mala(malo):
    with pytest.raises(ValueError, match="vram_gb"):
        vram.mayor_que_cabe(malo, "bf16")


def test_entradas_malas():
    with pytest.raises(ValueError, match="Precisión desconocida"):
        vram.gb_inferencia("Llama 3.1 8B", "fp64")
    with pytest.raises(ValueError, match="contexto"):
        vram.gb_inferencia("Llama 3.1 8B", "bf16", -1)
    with pytest.raises(ValueError, match="Modelo"):
        vram.gb_inferencia("GPT-9", "bf16")
    with pytest.raises(ValueError, match="se admite"):
        vram.tabla_vram(())
