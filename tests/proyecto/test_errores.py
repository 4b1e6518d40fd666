"""Entrada mala → ValueError en español que nombra el valor y lo admitido; la CLI sale con 2."""

import math
import re

import numpy as np
import pytest

from gpucoste import cli, datos
from gpucoste.base import formato
from gpucoste.calculo import compra, coste, experimento, memoria, ocultos
from gpucoste.datos import frescura

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
        datos.precio("RTX 9999", "Vast.ai", "comunidad")
    mensaje = str(error.value)
    assert "GPU desconocida: 'RTX 9999'" in mensaje
    for gpu in datos.gpus():
        assert repr(gpu) in mensaje


def test_proveedor_nivel_y_fecha_desconocidos():
    with pytest.raises(ValueError, match="Proveedor desconocido: 'Nube Inexistente'.*'Vast.ai'"):
        datos.precio("RTX 4090", "Nube Inexistente", "comunidad")
    with pytest.raises(ValueError, match="Nivel para RTX 4090 en Vast.ai desconocido: 'oro'.*'comunidad'"):
        datos.precio("RTX 4090", "Vast.ai", "oro")
    with pytest.raises(ValueError, match="Fecha .* desconocida: '1999-01'.*'2026-07'"):
        datos.precio("RTX 4090", "Vast.ai", "comunidad", "1999-01")
    with pytest.raises(ValueError, match="GPU desconocida: 'TPU'"):
        compra.horas_para_comprar("TPU", "Vast.ai", "comunidad")
    with pytest.raises(ValueError, match="Concepto con tarifa en Vast.ai desconocido: 'bajada'"):
        datos.tarifa("Vast.ai", "bajada")


def test_precision_desconocida():
    with pytest.raises(ValueError, match="Precisión desconocida: 'fp64'.*'bf16'"):
        memoria.gb_pesos(7, "fp64")


@pytest.mark.parametrize(
    ("valor", "motivo"),
    [(math.nan, "no es un número finito"), (math.inf, "no es un número finito"), ("5", "no es un número")],
)
def test_formato_rechaza(valor, motivo):
    with pytest.raises(ValueError, match=motivo):
        formato.numero(valor)


def test_formato_mes_rechaza():
    with pytest.raises(ValueError, match="fecha 'julio' no vale; se admite AAAA-MM-DD o AAAA-MM"):
        formato.mes("julio")


@pytest.mark.parametrize(
    ("argv", "mensaje"),
    [
        (
            ["coste", "--precio-hora", "-1", "--horas", "2"],
            "--precio-hora: '-1' no vale; se admite un número",
        ),
        (["coste", "--precio-hora", "-1e5", "--horas", "2"], "--precio-hora: '-1e5' no vale"),
        (["coste", "--precio-hora", "abc", "--horas", "2"], "--precio-hora: 'abc' no es un número"),
        (["coste", "--precio-hora", "1", "--horas", "nan"], "--horas: 'nan' no es un número"),
        (
            ["coste", "--precio-hora", "1", "--horas", "2", "--minutos-arranque", "-5"],
            "--minutos-arranque: '-5'",
        ),
        (["coste", "--precio-hora", "1.500", "--horas", "2"], "--precio-hora: '1.500' es ambiguo: ¿1,500 o 1500\\?"),
        (
            ["coste", "--precio-hora", "1e308", "--horas", "10"],
            "resultado no es un número finito.*--precio-hora 1e308",
        ),
        (
            ["experimento", "--nombre", "no-existe"],
            "--nombre: Experimento desconocido: 'no-existe'. Valores admitidos: 'finetuning-lora-7b'",
        ),
        (["coste", "--horas", "2"], "faltan opciones obligatorias: --precio-hora"),
        (["orden-que-no-existe"], "orden: 'orden-que-no-existe' no vale; se admite: 'coste'"),
        ([], "faltan opciones obligatorias: orden"),
        (["precios", "--formato", "xml"], "--formato: 'xml' no vale; se admite: 'tabla', 'csv', 'json'"),
        (["precios", "--sobra", "1"], "opciones desconocidas: --sobra 1"),
        (["coste", "--precio-hora"], "--precio-hora: falta su valor"),
    ],
)
def test_cli_sale_con_2_una_linea_en_espanol_y_nada_en_stdout(argv, mensaje, capsys):
    assert cli.main(argv) == 2
    salida = capsys.readouterr()
    assert salida.out == ""
    assert salida.err.startswith("gpucoste") and salida.err.count("\n") == 1, salida.err
    assert re.search(mensaje, salida.err), salida.err


def test_cli_datos_rotos_sin_traceback(monkeypatch, capsys, tmp_path):
    """GPUCOSTE_DATOS=/no/existe gpucoste precios terminaba en un traceback con código 1."""
    monkeypatch.setenv("GPUCOSTE_DATOS", str(tmp_path / "no-existe"))
    assert cli.main(["precios"]) == 2
    salida = capsys.readouterr()
    assert salida.out == "" and "la carpeta no existe" in salida.err


def test_cli_ayuda_en_espanol(capsys):
    for argv in (["-h"], ["coste", "-h"]):
        assert cli.main(argv) == 0
        ayuda = capsys.readouterr().out
        assert ayuda.startswith("uso: gpucoste") and "muestra esta ayuda y sale" in ayuda and "opciones:" in ayuda
        assert not re.search(r"\b(usage|options|show this help)\b", ayuda)


def test_catalogo_cubre_todos_los_mensajes_de_argparse():
    """Si una versión nueva de Python añade un mensaje a argparse, esta prueba pide su traducción."""
    import argparse
    import inspect

    fuente = inspect.getsource(argparse)
    mensajes = {m[1].replace("\\n", "\n") for m in re.findall(r"\b_\((['\"])(.+?)\1\)", fuente)}
    mensajes |= {m for par in re.findall(r"ngettext\(\s*'(.+?)',\s*'(.+?)'", fuente) for m in par}
    assert mensajes - set(cli.CATALOGO) == set()


@pytest.mark.parametrize("texto", ["1,5", "1.5", " 1,5", "+1.5", "1,5e0", "15e-1"])
def test_cli_coma_o_punto_decimal(texto):
    assert cli.decimal(texto) == 1.5


def test_cli_lee_su_propia_salida():
    assert cli.decimal(formato.numero(1234567.891)) == pytest.approx(1234567.89)
    assert cli.decimal("1.000.000") == 1e6
    assert cli.decimal(formato.numero(-12345.5, 1)) == -12345.5  # «−12.345,5», con el signo menos


def test_cli_coste(capsys):
    assert cli.main(["coste", "--precio-hora", "1,87", "--horas", "1.2", "--minutos-arranque", "15"]) == 0
    salida = capsys.readouterr().out
    d = coste.coste_total(1.87, 1.2, minutos_arranque=15)
    assert f"| {formato.numero(d.total)} |" in salida.replace(" ", "").replace("|", " | ").replace("  ", " ")
    assert formato.numero(d.arranque) in salida


def test_cli_formatos_para_maquinas(capsys):
    import csv
    import io
    import json

    assert cli.main(["coste", "--precio-hora", "1,87", "--horas", "1.2", "--formato", "json"]) == 0
    filas = json.loads(capsys.readouterr().out)
    assert filas[-1] == {"partida": "total", "coste (US$)": pytest.approx(1.87 * 1.2)}
    assert cli.main(["experimento", "--formato", "csv"]) == 0
    filas = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert float(filas[0]["coste (US$)"]) == pytest.approx(0.34 * 6)


def test_cli_tuberia_cerrada_sin_traza():
    """«gpucoste precios | head -1»: si el lector cierra la tubería, ni traza ni «Exception ignored» en stderr."""
    import os
    import subprocess
    import sys

    lectura, escritura = os.pipe()
    os.close(lectura)  # nadie lee: la primera escritura da EPIPE, siempre (sin carreras)
    try:
        r = subprocess.run(
            [sys.executable, "-m", "gpucoste", "precios"], stdout=escritura, stderr=subprocess.PIPE, text=True
        )
    finally:
        os.close(escritura)
    assert (r.returncode, r.stderr) == (1, "")


def test_cli_precios(capsys):
    assert cli.main(["precios"]) == 0
    salida = capsys.readouterr().out
    for p in datos.precios():
        assert p.fuente in salida
    assert len(salida.strip().splitlines()) == len(datos.precios()) + 2  # cabecera y separador


# --- Regresiones del issue: cada caso, a mano ----------------------------------------------------


@pytest.mark.parametrize(
    ("llamada", "mensaje"),
    [
        (
            lambda: coste.coste_trabajo(1e308, 10),
            "coste_trabajo: el resultado no es un número finito con precio_hora",
        ),
        (lambda: compra.horas_equivalentes(1599, 1e-308), "horas_equivalentes: el resultado no es un número finito"),
        (lambda: coste.coste_trabajo(10**400, 1), "precio_hora: 1000.* es demasiado grande"),
        (lambda: coste.coste_trabajo(np.True_, 1), "precio_hora: np.True_ no es un número"),
        (lambda: coste.coste_trabajo(1, np.bool_(False)), "horas: np.False_ no es un número"),
        (lambda: formato.rango(5, 1), "rango: el mínimo 5 es mayor que el máximo 1"),
        (lambda: formato.numero(1, "2"), "decimales: '2' no es un entero"),
        (lambda: formato.fecha(None), "fecha None no vale; se admite AAAA-MM-DD o AAAA-MM"),
        (lambda: formato.fecha("2026-W39-4"), "fecha '2026-W39-4' no vale"),
        (lambda: formato.tabla(None, {}), "tabla: se admite un DataFrame"),
        (lambda: experimento.precio(None), "escenario: None no es un escenario"),
        (lambda: experimento.tabla(recientes="sí"), "recientes: 'sí' no vale"),
        (lambda: frescura.antiguos("2027-01"), None),
        (lambda: frescura.antiguos("julio"), "hoy 'julio' no vale"),
        (lambda: frescura.antiguos(umbral_dias=-1), "umbral_dias: -1 no vale"),
        (lambda: ocultos.transferencia("runpod"), "Proveedor desconocido: 'runpod'. ¿Quisiste decir 'RunPod'\\?"),
        (lambda: ocultos.transferencia(None), "Proveedor desconocido: None"),
        (lambda: datos.supuestos()["no_existe"], "Supuesto desconocido: 'no_existe'"),
        (lambda: memoria.gb_pesos(1e308, "fp32"), "gb_pesos: el resultado no es un número finito"),
    ],
)
def test_regresiones(llamada, mensaje):
    if mensaje is None:
        assert isinstance(llamada(), list)  # «2027-01-01» como texto vale: se lee como fecha
        return
    with pytest.raises(ValueError, match=mensaje):
        llamada()


def test_un_factor_nulo_da_cero_no_nan():
    assert coste.coste_almacenamiento(1e308, 1e308, 0) == 0
    assert coste.coste_total(1, 1, gb_transferencia=1e308, precio_gb_transferencia=0).total == 1


def test_sin_dato_solo_para_proveedores_conocidos():
    assert ocultos.transferencia("Vast.ai") is None  # conocido, sin tarifa publicada: «sin dato»
    assert ocultos.transferencia("RunPod") == ocultos.Rango(0, 0)


def test_cero_negativo_sin_signo():
    assert formato.dolares(-0.0) == "0,00\u00a0US$"
    assert formato.numero(-0.001) == "0,00"


@pytest.mark.parametrize(
    ("nombre", "esperado"),
    [("GPU", "GPU desconocida"), ("Precisión de la caché KV", "desconocida"), ("Proveedor", "Proveedor desconocido")],
)
def test_desconocido_concuerda_con_el_nombre(nombre, esperado):
    """«GPU desconocida», «Proveedor desconocido»: el adjetivo concuerda con el nombre de la opción."""
    from gpucoste.base import validacion

    with pytest.raises(ValueError, match=esperado):
        validacion.opcion("x", nombre, ["a"])
