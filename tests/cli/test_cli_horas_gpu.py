"""La orden ``gpucoste horas-gpu``: las cifras de ``equivalencia.registros``, el pie que dice qué incluye, el dinero
en la moneda del lector, y ante una entrada mala, salida 2, un error en español que la nombra y nada en stdout."""

from __future__ import annotations

import csv
import io

import pytest
from conftest import gpucoste

from gpucoste import cli
from gpucoste.calculo import equivalencia


def test_la_orden_esta_registrada_con_el_pais():
    opciones = {op.bandera for op in cli.ORDENES["horas-gpu"].opciones}
    assert {"--horas", "--gpu", "--escala-origen", "--n-gpus", "--pais", "--empresa"} <= opciones


def test_las_cifras_son_las_de_la_biblioteca():
    r = gpucoste("horas-gpu", "--horas", "1000", "--gpu", "A100 80GB", "--formato", "csv", check=True)
    filas = list(csv.DictReader(io.StringIO(r.stdout)))
    esperadas = equivalencia.registros(1000, "A100 80GB")
    assert [(f["gpu"], f["proveedor"], f["nivel"]) for f in filas] == [
        (e["gpu"], e["proveedor"], e["nivel"]) for e in esperadas
    ]
    for f, e in zip(filas, esperadas, strict=True):
        assert float(f["coste_tipico_usd"]) == pytest.approx(e["coste_tipico_usd"])
        assert float(f["horas_gpu_min"]) == pytest.approx(e["horas_gpu_min"])


def test_la_tabla_dice_lo_que_incluye_y_lo_que_no():
    r = gpucoste("horas-gpu", "--horas", "184320", "--gpu", "A100 80GB", "--escala-origen", "varios_nodos", check=True)
    assert "184.320 horas de GPU de A100 80GB" in r.stdout
    assert "si el modelo cabe en la VRAM" in r.stdout
    assert "horas de GPU típicas" in r.stdout


def test_con_pais():
    r = gpucoste("horas-gpu", "--horas", "100", "--gpu", "H100 80GB", "--pais", "MX", check=True)
    assert "MXN" in r.stdout


@pytest.mark.parametrize(
    ("argv", "nombra"),
    [
        (["--horas", "0", "--gpu", "A100 80GB"], "--horas"),
        (["--horas", "-3", "--gpu", "A100 80GB"], "--horas"),
        (["--horas", "mil", "--gpu", "A100 80GB"], "--horas"),
        (["--horas", "1e400", "--gpu", "A100 80GB"], "--horas"),
        (["--horas", "1.000", "--gpu", "A100 80GB"], "--horas"),  # ambiguo: ¿1,0 o 1000?
        (["--horas", "10", "--gpu", "A100 80"], "--gpu"),
        (["--horas", "10", "--gpu", "A100 80GB", "--escala-origen", "cluster"], "--escala-origen"),
        (["--horas", "10", "--gpu", "A100 80GB", "--n-gpus", "0"], "--n-gpus"),
        (["--horas", "10", "--gpu", "A100 80GB", "--n-gpus", "2,5"], "--n-gpus"),
        (["--gpu", "A100 80GB"], "--horas"),
    ],
)
def test_entradas_malas(argv, nombra):
    r = gpucoste("horas-gpu", *argv)
    assert r.returncode == 2
    assert r.stdout == ""
    assert nombra in r.stderr and "Traceback" not in r.stderr


def test_las_horas_de_reloj_se_llaman_igual_en_la_orden_el_formulario_y_la_pagina():
    """La página decía «horas de reloj» y el formulario y la orden, «horas» a secas, junto a «horas de GPU»: un solo
    término, ``etiquetas.HORAS_DE_RELOJ``, en los tres."""
    from gpucoste import navegador
    from gpucoste.base import etiquetas

    cabecera = gpucoste("horas-gpu", "--horas", "1000", "--gpu", "A100 80GB", check=True).stdout.splitlines()[0]
    titulos = [t.strip() for t in cabecera.strip("|").split("|")]
    assert etiquetas.HORAS_DE_RELOJ in titulos and "horas" not in titulos
    valores = {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS["horas-gpu"].campos()}
    columnas = navegador.calcular("horas-gpu", valores).columnas
    assert etiquetas.HORAS_DE_RELOJ in columnas and "horas" not in columnas
