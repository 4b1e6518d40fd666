"""«gpucoste donde-mas-barato» y su formulario con el fine-tuning gestionado y los cuadernos (issue 32).

El caso del issue: QLoRA de Llama 3.1 8B con 20 millones de tokens. La orden y el formulario llaman a la misma
función (``ranking.otras``); aquí se comparan sus salidas fila a fila, y la entrada mala sale con 2, un mensaje en
español y nada en la salida estándar.
"""

from __future__ import annotations

import contextlib
import io
import json

import leidos
import pytest

from gpucoste import cli, navegador
from gpucoste.base import formato
from gpucoste.calculo import ranking
from gpucoste.dinero import paises

CASO = ["donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "qlora", "--tokens", "20e6"]


def _ejecutar(argv: list[str]) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    return rc, salida.getvalue(), errores.getvalue()


def _json(argv: list[str]) -> list[dict]:
    rc, salida, errores = _ejecutar([*argv, "--formato", "json"])
    assert (rc, errores) == (0, ""), errores
    return json.loads(salida)


def test_el_caso_del_issue_lista_gpu_servicios_y_cuadernos():
    filas = _json(CASO)
    por_opcion = {o: [f for f in filas if f["opcion"] == o] for o in ranking.OPCIONES}
    assert por_opcion["GPU alquilada"] and all(f["coste_min_usd"] is not None for f in por_opcion["GPU alquilada"])
    servicios = por_opcion["fine-tuning gestionado"]
    assert {f["proveedor"] for f in servicios} == {f["proveedor"] for f in leidos.filas("gestionado_precios.csv")}
    assert sum(f["coste_min_usd"] is not None for f in servicios) >= 2
    assert por_opcion["cuaderno"]
    for f in servicios + por_opcion["cuaderno"]:
        assert f["coste_min_usd"] is not None or f["condiciones"], f  # su coste o por qué no
    # Un servicio cobra los tokens por su precio por millón (20 millones de tokens).
    for f in servicios:
        if f["coste_min_usd"] is not None:
            assert f["coste_min_usd"] >= 20 * f["usd_millon_tokens"] - 1e-9


def test_la_orden_y_el_formulario_dicen_lo_mismo():
    filas = [f for f in _json(CASO) if f["opcion"] != ranking.OPCIONES[0]]
    valores = {
        "modelo": "Llama 3.1 8B",
        "metodo": "qlora",
        "tokens": "20e6",
        "secuencia": "2048",
        "epocas": "1",
        "sin_estimaciones": "sí",
        "pais": paises.SIN_IMPUESTOS.codigo,
    }
    tabla = navegador.calcular("donde-mas-barato", valores)
    i = {c: tabla.columnas.index(c) for c in tabla.columnas}
    del_formulario = {(f[i["GPU"]], f[i["proveedor"]]): f for f in tabla.filas if f[-1]}
    assert len(del_formulario) == len(filas)
    for f in filas:
        celda = del_formulario[(f["gpu"] or f["opcion"], f"{f['proveedor']} ({f['nivel']})")]
        coste = "no puede" if f["coste_min_usd"] is None else formato.rango(f["coste_min_usd"], f["coste_max_usd"], 2)
        assert celda[i["total (US$)"]] == coste
        assert celda[-1] == f["condiciones"]


def test_en_la_moneda_del_lector():
    rc, salida, errores = _ejecutar([*CASO, "--pais", "MX"])
    assert rc == 0 and errores == ""
    gestionadas = [linea for linea in salida.splitlines() if "fine-tuning gestionado" in linea]
    assert gestionadas and all("MXN" not in linea for linea in gestionadas)  # la cifra, no el rótulo
    assert "MXN" in salida.splitlines()[0]  # la columna del total en pesos


@pytest.mark.parametrize(
    ("cambio", "nombra"),
    [(("--tokens", "-5"), "-5"), (("--tokens", "muchos"), "muchos"), (("--modelo", "Llama 9"), "Llama 9")],
)
def test_entrada_mala(cambio, nombra):
    argv = list(CASO)
    argv[argv.index(cambio[0]) + 1] = cambio[1]
    rc, salida, errores = _ejecutar(argv)
    assert rc == 2 and salida == ""
    assert nombra in errores and "admit" in errores
