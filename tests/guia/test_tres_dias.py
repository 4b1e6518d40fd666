"""«Un fine-tuning que en local tardaría tres días en una H100 tarda dos horas» (artículo original), calculado.

Referencias independientes: los TFLOPS y la VRAM de ``gpus.csv`` leídos con ``csv`` y los parámetros de Mistral 7B
de su config.json (32 capas, 4.096 de dimensión, 14.336 intermedia, 32.768 de vocabulario: unos 7.200 millones).
"""

import csv
from pathlib import Path

import pytest

from gpucoste.guia import decisiones

DATOS = Path(__file__).resolve().parents[2] / "src" / "gpucoste" / "datos"
GPUS = {g["gpu"]: g for g in csv.DictReader((DATOS / "gpus.csv").open(encoding="utf-8"))}
AJUSTES = {a["clave"]: a for a in csv.DictReader((DATOS / "ajustes.csv").open(encoding="utf-8"))}


@pytest.fixture(scope="module")
def calculo():
    return decisiones.local_frente_a_rapida(2)


def test_la_h100_tarda_dos_horas_con_el_mfu_medio(calculo):
    h = calculo.horas_rapida
    assert (h.minimo + h.maximo) / 2 == pytest.approx(2)
    assert calculo.rapida == "H100 80GB" and calculo.trabajo.metodo == "lora"


def test_el_cociente_es_el_de_tflops_por_el_de_los_mfu_medidos(calculo):
    # Las GPU locales son de consumo (MFU de una GPU con GDDR); una H100 sola toma el de las medidas de una GPU con
    # HBM si las hay (``mfu_hbm_1``) y, si no, el de las de un nodo.
    h100 = float(GPUS["H100 80GB"]["tflops_bf16"])
    hbm = "mfu_hbm_1" if "mfu_hbm_1" in AJUSTES else "mfu_hbm_nodo"
    mfu = float(AJUSTES[hbm]["maximo"]) / float(AJUSTES["mfu_gddr_1"]["maximo"])
    for g in calculo.locales:
        assert g.veces == pytest.approx(h100 / float(GPUS[g.gpu]["tflops_bf16"]))
        if g.metodo == "lora":  # mismo método que en la H100: horas × cociente de TFLOPS × cociente de MFU
            assert g.horas.minimo == pytest.approx(calculo.horas_rapida.minimo * g.veces * mfu)


def test_en_12_gb_no_cabe_lora_de_un_7b_en_bf16(calculo):
    """~7.200 millones de parámetros × 2 bytes ≈ 14,5 GB de pesos: más que los 12 GB de la RTX 3060."""
    por_gpu = {g.gpu: g for g in calculo.locales}
    assert float(GPUS["RTX 3060 12GB"]["vram_gb"]) < 7.2e9 * 2 / 1e9
    assert por_gpu["RTX 3060 12GB"].metodo == "qlora"
    assert por_gpu["RTX 4090"].metodo == "lora"


def test_tres_dias_no_cuadran_con_una_rtx_4090(calculo):
    """El artículo pide un cociente de 36 (72 h ÷ 2 h); la RTX 4090 tiene unas 6 veces menos TFLOPS que la H100."""
    por_gpu = {g.gpu: g for g in calculo.locales}
    assert por_gpu["RTX 4090"].dias.maximo < 1
    assert any(g.dias and g.dias.minimo <= 3 <= g.dias.maximo for g in calculo.locales)


def test_dentro_y_por_debajo_leen_el_rango_de_cada_gpu(calculo):
    """``dentro(72)``: las GPU cuyo rango de horas contiene tres días; ``por_debajo(24)``: las que acaban antes de un
    día incluso en lo alto de su rango. Las dos, contadas aquí a mano sobre los rangos."""
    for horas in (24, 72, 100):
        assert calculo.dentro(horas) == [
            g.gpu for g in calculo.locales if g.horas and g.horas.minimo <= horas <= g.horas.maximo
        ]
        assert calculo.por_debajo(horas) == [g.gpu for g in calculo.locales if g.horas and g.horas.maximo < horas]
    assert "RTX 4090" in calculo.por_debajo(24) and "RTX 4090" not in calculo.dentro(72)
    with pytest.raises(ValueError, match="horas"):
        calculo.dentro(-1)


def test_el_veredicto_de_los_tres_dias_depende_de_cuantas_gpu_tardan_tres_dias(calculo):
    """Se sostiene si tres días caen en el rango de todas las GPU de casa; se matiza si en algunas; si en ninguna, no
    se sostiene. Con los datos de hoy, la RTX 4090 acaba en menos de un día: no es «todas»."""
    from gpucoste.guia import primera_version

    dentro = calculo.dentro(72)
    con_horas = [g for g in calculo.locales if g.horas]
    esperado = "se sostiene" if len(dentro) == len(con_horas) else "se matiza" if dentro else "no se sostiene"
    assert primera_version.errata("tres-dias").veredicto == esperado
    assert esperado != "se sostiene"
