"""Entrada mala → ValueError en español que nombra el valor y lo admitido; la CLI sale con 2."""

import math
import re

import pytest

from gpucoste import cli, compra, coste, datos, formato, memoria

MALOS = [
    (-1, "mayor que 0"),
    (0, "mayor que 0"),
    (math.nan, "finito"),
    (math.inf, "finito"),
    (-math.inf, "finito"),
    ("dos", "no es un número"),
    (None, "no es un número"),
    (True, "no es un número"),
]


@pytest.mark.parametrize(("valor", "motivo"), MALOS)
def test_coste_trabajo_rechaza(valor, motivo):
    for args in ((valor, 1.0), (1.0, valor)):
        with pytest.raises(ValueError, match=re.escape(repr(valor))) as error:
            coste.coste_trabajo(*args)
        assert motivo in str(error.value)
        assert "se admite un número finito mayor que 0" in str(error.value)


@pytest.mark.parametrize(
    "nombre", ["minutos_arranque", "gb_disco", "precio_gb_mes", "gb_transferencia", "precio_gb_transferencia"]
)
def test_coste_total_admite_cero_pero_no_negativos(nombre):
    assert coste.coste_total(1, 1, **{nombre: 0}).total == 1
    with pytest.raises(ValueError, match=rf"{nombre}: -1 .*mayor o igual que 0"):
        coste.coste_total(1, 1, **{nombre: -1})
    with pytest.raises(ValueError, match=rf"{nombre}: nan"):
        coste.coste_total(1, 1, **{nombre: math.nan})


def test_gpu_desconocida_lista_las_validas():
    with pytest.raises(ValueError) as error:
        datos.precio("RTX 5090", "Vast.ai", "comunidad")
    mensaje = str(error.value)
    assert "GPU desconocido: 'RTX 5090'" in mensaje
    for gpu in datos.gpus():
        assert repr(gpu) in mensaje


def test_proveedor_nivel_y_fecha_desconocidos():
    with pytest.raises(ValueError, match="Proveedor desconocido: 'Azure'.*'Vast.ai'"):
        datos.precio("RTX 4090", "Azure", "comunidad")
    with pytest.raises(ValueError, match="Nivel para RTX 4090 en Vast.ai desconocido: 'oro'.*'comunidad'"):
        datos.precio("RTX 4090", "Vast.ai", "oro")
    with pytest.raises(ValueError, match="Fecha .* desconocido: '1999-01'.*'2026-07'"):
        datos.precio("RTX 4090", "Vast.ai", "comunidad", "1999-01")
    with pytest.raises(ValueError, match="GPU desconocido: 'TPU'"):
        compra.horas_para_comprar("TPU", "Vast.ai", "comunidad")
    with pytest.raises(ValueError, match="Concepto con tarifa en Vast.ai desconocido: 'bajada'"):
        datos.tarifa("Vast.ai", "bajada")


def test_precision_desconocida():
    with pytest.raises(ValueError, match="Precisión desconocido: 'fp64'.*'bf16'"):
        memoria.gb_pesos(7, "fp64")


@pytest.mark.parametrize("valor", [math.nan, math.inf, "5"])
def test_formato_rechaza(valor):
    with pytest.raises(ValueError, match="no es un número finito"):
        formato.numero(valor)


def test_formato_mes_rechaza():
    with pytest.raises(ValueError, match="fecha 'julio' no vale; se admite AAAA-MM-DD o AAAA-MM"):
        formato.mes("julio")


@pytest.mark.parametrize(
    "argv",
    [
        ["coste", "--precio-hora", "-1", "--horas", "2"],
        ["coste", "--precio-hora", "abc", "--horas", "2"],
        ["coste", "--precio-hora", "1", "--horas", "nan"],
        ["coste", "--precio-hora", "1", "--horas", "2", "--minutos-arranque", "-5"],
        ["experimento", "--nombre", "no-existe"],
        ["coste", "--horas", "2"],
        ["orden-que-no-existe"],
    ],
)
def test_cli_sale_con_2(argv, capsys):
    try:
        rc = cli.main(argv)
    except SystemExit as salida:
        rc = salida.code
    assert rc == 2
    assert "gpucoste: error:" in capsys.readouterr().err


def test_cli_coste(capsys):
    assert cli.main(["coste", "--precio-hora", "1.87", "--horas", "1.2", "--minutos-arranque", "15"]) == 0
    salida = capsys.readouterr().out
    d = coste.coste_total(1.87, 1.2, minutos_arranque=15)
    assert formato.dolares(d.total) in salida
    assert formato.dolares(d.arranque) in salida


def test_cli_precios(capsys):
    assert cli.main(["precios"]) == 0
    salida = capsys.readouterr().out
    for p in datos.precios():
        assert p.fuente in salida
    assert len(salida.strip().splitlines()) == len(datos.precios()) + 2  # cabecera y separador
