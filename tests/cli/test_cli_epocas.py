"""``--epocas`` en cada orden que entrena (``cuanto-tarda``, ``donde-mas-barato``, ``local-o-alquilar``): las horas
cuentan tokens × épocas, la salida lo dice y una entrada mala sale con 2, un error en español y nada en stdout."""

from __future__ import annotations

import csv
import io
import json

import pytest
from conftest import gpucoste

from gpucoste import cli

ORDENES_QUE_ENTRENAN = {
    "cuanto-tarda": ["--modelo", "Llama 3.1 8B", "--metodo", "qlora", "--gpu", "RTX 4090"],
    "donde-mas-barato": ["--modelo", "Llama 3.1 8B", "--metodo", "qlora"],
    "local-o-alquilar": ["--modelo", "Llama 3.1 8B", "--metodo", "qlora"],
}


def test_cada_orden_con_tokens_tiene_epocas():
    """Toda orden que toma ``--tokens`` de entrenamiento toma también ``--epocas`` (1 por defecto)."""
    con_tokens = {nombre for nombre, o in cli.ORDENES.items() if any(op.bandera == "--tokens" for op in o.opciones)}
    assert con_tokens == set(ORDENES_QUE_ENTRENAN)
    for nombre in con_tokens:
        epocas = next(op for op in cli.ORDENES[nombre].opciones if op.bandera == "--epocas")
        assert epocas.defecto == 1


def _csv(*argv: str) -> list[dict]:
    r = gpucoste(*argv, "--formato", "csv", check=True)
    return list(csv.DictReader(io.StringIO(r.stdout)))


def test_cuanto_tarda_tres_epocas_es_el_triple_de_tokens():
    base = ORDENES_QUE_ENTRENAN["cuanto-tarda"]
    tres = _csv("cuanto-tarda", *base, "--tokens", "20e6", "--epocas", "3")
    una = _csv("cuanto-tarda", *base, "--tokens", "60e6")
    assert tres[0]["horas_min"] == una[0]["horas_min"]
    assert tres[0]["exaflops"] == una[0]["exaflops"]
    assert tres[0]["epocas"] == "3"
    assert float(tres[0]["tokens_totales"]) == 60e6


def test_la_tabla_dice_los_tokens_por_epocas():
    r = gpucoste("cuanto-tarda", *ORDENES_QUE_ENTRENAN["cuanto-tarda"], "--tokens", "20e6", "--epocas", "3", check=True)
    assert "Tokens entrenados: 20 millones de tokens × 3 épocas = 60 millones de tokens." in r.stdout
    r = gpucoste("donde-mas-barato", *ORDENES_QUE_ENTRENAN["donde-mas-barato"], "--tokens", "20e6", "--epocas", "3")
    assert r.returncode == 0, r.stderr
    assert "20 millones de tokens × 3 épocas" in r.stdout


def test_una_epoca_deja_la_salida_como_estaba():
    argv = ["cuanto-tarda", *ORDENES_QUE_ENTRENAN["cuanto-tarda"], "--tokens", "20e6", "--formato", "json"]
    assert gpucoste(*argv, check=True).stdout == gpucoste(*argv, "--epocas", "1", check=True).stdout
    assert "epocas" not in json.loads(gpucoste(*argv, check=True).stdout)[0]


def test_donde_mas_barato_las_horas_cuentan_las_epocas():
    base = ORDENES_QUE_ENTRENAN["donde-mas-barato"]
    tres = {
        (f["gpu"], f["proveedor"], f["nivel"]): f
        for f in _csv("donde-mas-barato", *base, "--tokens", "20e6", "--epocas", "3")
    }
    una = {(f["gpu"], f["proveedor"], f["nivel"]): f for f in _csv("donde-mas-barato", *base, "--tokens", "60e6")}
    assert tres.keys() == una.keys()
    for clave, fila in tres.items():
        assert fila["horas_min"] == una[clave]["horas_min"], clave
        assert fila["coste_gpu_max_usd"] == una[clave]["coste_gpu_max_usd"], clave


def test_local_o_alquilar_cuenta_las_epocas():
    base = ORDENES_QUE_ENTRENAN["local-o-alquilar"]
    tres = gpucoste("local-o-alquilar", *base, "--tokens", "10e6", "--epocas", "3", "--formato", "json", check=True)
    una = gpucoste("local-o-alquilar", *base, "--tokens", "30e6", "--formato", "json", check=True)
    valores = lambda r: [f["valor"] for f in json.loads(r.stdout) if f["concepto"].startswith("horas")]  # noqa: E731
    assert valores(tres) == valores(una)
    assert "10 millones de tokens × 3 épocas" in tres.stdout


@pytest.mark.parametrize("orden", sorted(ORDENES_QUE_ENTRENAN))
@pytest.mark.parametrize("malo", ["0", "-1", "1,5", "2.5", "tres", "10001", "1e400", ""])
def test_epocas_malas_salen_con_2(orden, malo):
    r = gpucoste(orden, *ORDENES_QUE_ENTRENAN[orden], "--tokens", "20e6", "--epocas", malo)
    assert r.returncode == 2
    assert r.stdout == ""
    assert "--epocas" in r.stderr and "se admite un número entero de épocas de 1 a 10.000" in r.stderr
    assert "Traceback" not in r.stderr
