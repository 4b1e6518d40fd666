"""gpucoste.vram: qué modelos caben en cada VRAM, con cifras comprobadas a mano."""

from __future__ import annotations

import pytest

from gpucoste import vram


def test_un_70b_a_2_bits_cabe_en_24_gb_y_no_en_16():
    # 70 × 10⁹ parámetros × 0,25 bytes = 17,5 GB (el error de la página principal que corrige el issue 10).
    assert vram.mayor_que_cabe(24, "2bit") == "70B"
    assert vram.mayor_que_cabe(16, "2bit") != "70B"


def test_un_8b_en_bf16_pide_16_gb():
    # 8 × 2 = 16 GB: cabe justo en 16 y no en 12.
    assert vram.mayor_que_cabe(16, "bf16") == "8B"
    assert vram.mayor_que_cabe(12, "bf16") == "3B"


def test_nada_cabe_en_muy_poca_vram():
    assert vram.mayor_que_cabe(0.1, "bf16") == "—"


def test_tabla():
    t = vram.tabla_vram()
    assert list(t["VRAM (GB)"]) == list(vram.VRAM_COMUNES)
    assert list(t.columns[1:]) == list(vram.PRECISIONES.values())


@pytest.mark.parametrize("malo", [0, -8, float("nan"), "mucha", None])
def test_vram_mala(malo):
    with pytest.raises(ValueError, match="vram_gb"):
        vram.mayor_que_cabe(malo, "bf16")


def test_precision_mala_y_tabla_vacia():
    with pytest.raises(ValueError, match="Precisión desconocido"):
        vram.mayor_que_cabe(24, "fp64")
    with pytest.raises(ValueError, match="hacen falta"):
        vram.tabla_vram(())
