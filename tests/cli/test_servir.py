"""``gpucoste servir``: GPU, latencia y coste al mes de servir un modelo (issue 31)."""

from __future__ import annotations

import contextlib
import csv
import io

import pytest

from gpucoste import cli
from gpucoste.calculo import servicio, servicio_costes
from gpucoste.dinero import paises


def _ejecutar(*argv: str) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(["servir", *argv])
    return rc, salida.getvalue(), errores.getvalue()


def test_el_ejemplo_de_la_issue_en_pesos_con_iva():
    rc, salida, errores = _ejecutar("--modelo", "Llama 3.1 8B", "--mensajes-dia", "200000", "--pais", "MX")
    assert (rc, errores) == (0, "")
    p = paises.pais("MX")
    assert f"coste al mes ({paises.rotulo(p)})" in salida
    for titulo in ("peticiones a la vez en la hora punta", "hasta el primer token (ms)", "por token (ms)", "GPU"):
        assert titulo in salida
    # cada API que vende el modelo (de los datos, no una lista de hoy) tiene su fila
    for api in servicio_costes.precios_api_de("Llama 3.1 8B"):
        assert f"| {api.proveedor} " in salida


def test_csv_con_una_fila_por_opcion_y_costes_no_negativos():
    rc, salida, _ = _ejecutar("--mensajes-dia", "50000", "--formato", "csv")
    assert rc == 0
    filas = list(csv.DictReader(io.StringIO(salida)))
    opciones = servicio_costes.opciones("Llama 3.1 8B", 50_000, precio_kwh=0.3)
    assert {f["opcion"] for f in filas} <= set(servicio_costes.OPCIONES)
    assert all(float(f["coste_mes_usd"]) >= 0 for f in filas)
    assert sum(f["opcion"] == "API" for f in filas) == sum(o.opcion == "API" for o in opciones)


def test_peticiones_s_es_lo_mismo_que_sus_mensajes_al_dia():
    a = _ejecutar("--peticiones-s", "2", "--gpu", "L40S", "--formato", "csv")
    b = _ejecutar("--mensajes-dia", str(servicio.de_peticiones_s(2)), "--gpu", "L40S", "--formato", "csv")
    assert a[0] == b[0] == 0
    assert a[1] == b[1]


@pytest.mark.parametrize(
    ("argv", "dice"),
    [
        (("--mensajes-dia", "0"), "sin tráfico no hace falta ninguna GPU"),
        (("--peticiones-s", "0"), "sin tráfico no hace falta ninguna GPU"),
        (("--tpot-ms", "0,5"), "se admite un objetivo por encima"),
        (("--tpot-ms", "0,5", "--gpu", "H100 80GB"), "se admite un objetivo por encima"),
        (("--modelo", "Qwen 2.5 72B", "--entrada", "200000", "--gpu", "RTX 4090"), "no cabe"),
        (("--precision", "q9"), "--precision"),
        (("--gpu", "H100"), "¿Quisiste decir"),
    ],
)
def test_una_entrada_mala_sale_2_con_lo_que_funcionaria(argv, dice):
    rc, salida, errores = _ejecutar(*argv)
    assert rc == 2
    assert salida == ""
    assert dice in errores
    assert errores.count("\n") == 1


def test_mas_trafico_nunca_sale_mas_barato_en_la_orden():
    costes = []
    for mensajes in ("1000", "100000", "1000000"):
        rc, salida, _ = _ejecutar("--mensajes-dia", mensajes, "--gpu", "A100 80GB", "--formato", "csv")
        assert rc == 0
        costes.append(
            {(f["opcion"], f["proveedor"]): float(f["coste_mes_usd"]) for f in csv.DictReader(io.StringIO(salida))}
        )
    for menos, mas in zip(costes, costes[1:], strict=False):
        for clave, coste in menos.items():
            assert mas[clave] >= coste


def test_las_gpu_que_siguen_el_trafico_son_las_de_la_biblioteca_y_el_pie_dice_como():
    rc, salida, _ = _ejecutar("--gpu", "L4", "--formato", "csv")
    assert rc == 0
    filas = [f for f in csv.DictReader(io.StringIO(salida)) if f["opcion"] == "sigue el tráfico"]
    o = next(o for o in servicio_costes.opciones("Llama 3.1 8B", 200_000, gpu="L4") if o.opcion == "sigue el tráfico")
    assert len(filas) == 1 and filas[0]["proveedor"] == o.proveedor
    assert float(filas[0]["coste_mes_usd"]) == pytest.approx(o.coste_mes_usd)
    rc, tabla, _ = _ejecutar("--gpu", "L4")
    assert rc == 0 and "GPU que siguen el tráfico (su número de GPU es el de la hora punta)" in tabla


def test_una_punta_que_no_cabe_en_el_dia_lo_dice_en_el_pie():
    rc, salida, _ = _ejecutar("--gpu", "L4", "--factor-pico", "30")
    assert rc == 0
    assert "| sigue el tráfico" not in salida
    assert "Sin GPU que siguen el tráfico: una hora punta de 30 veces la media no cabe" in salida


def test_el_pie_del_error_repite_las_opciones_como_se_escriben():
    """«(con --mensajes-dia 0)», no «0.0»: lo que se dio, en una forma que se puede volver a escribir."""
    rc, _, errores = _ejecutar("--mensajes-dia", "0")
    assert rc == 2 and errores.rstrip().endswith("(con --mensajes-dia 0)")
    rc, _, errores = _ejecutar("--mensajes-dia", "0", "--gpu", "L40S")
    assert rc == 2 and "--gpu 'L40S'" in errores


def test_con_pais_la_luz_de_la_gpu_comprada_no_suma_otra_vez_el_impuesto():
    """La luz de una GPU comprada sale del precio del kWh de un hogar, que ya trae sus impuestos: en la moneda del
    país, su coste al mes es el de dólares al tipo de cambio, sin el IVA; su pago inicial y todo lo demás, con él
    (antes, la luz lo sumaba otra vez: un 16 % de más en México)."""
    rc, salida, errores = _ejecutar(
        "--modelo", "Llama 3.1 8B", "--mensajes-dia", "200000", "--pais", "MX", "--formato", "csv"
    )
    assert (rc, errores) == (0, "")
    filas = list(csv.DictReader(io.StringIO(salida)))
    local = next(k for k in filas[0] if k.startswith("coste_mes (MXN"))
    inicial = next(k for k in filas[0] if k.startswith("pago_inicial (MXN"))
    compradas = [f for f in filas if f["opcion"] == "comprada"]
    assert compradas and len(compradas) < len(filas)
    for f in filas:
        cambio, impuesto = float(f["MXN por US$"]), float(f["impuesto"])
        con = 1.0 if f["opcion"] == "comprada" else 1 + impuesto
        assert float(f[local]) == pytest.approx(float(f["coste_mes_usd"]) * cambio * con), f
        if f["opcion"] == "comprada":
            assert float(f[inicial]) == pytest.approx(float(f["pago_inicial_usd"]) * cambio * (1 + impuesto)), f
