"""Un error de la biblioteca empieza por la opción que dio el valor, no por el nombre del argumento."""

from __future__ import annotations

import pytest

from gpucoste import cli


@pytest.mark.parametrize(
    ("argv", "empieza"),
    [
        (["reservar", "--descuento", "1,5"], "gpucoste reservar: error: --descuento: 1.5 no vale"),
        (["servir", "--mensajes-dia", "0"], "gpucoste servir: error: --mensajes-dia: 0 no vale: sin tráfico"),
        (["servir", "--factor-pico", "0,5"], "gpucoste servir: error: --factor-pico: 0.5 no vale"),
        (["comprar", "--reventa", "5000"], "gpucoste comprar: error: --reventa: 5000 no vale"),
        (["servir", "--ttft-ms", "1"], "gpucoste servir: error: --ttft-ms/--tpot-ms: con una sola petición"),
    ],
)
def test_el_error_nombra_la_opcion(argv, empieza, capsys):
    assert cli.main(argv) == 2
    salida = capsys.readouterr()
    assert salida.out == ""
    assert salida.err.startswith(empieza), salida.err
    assert salida.err.count("\n") == 1
