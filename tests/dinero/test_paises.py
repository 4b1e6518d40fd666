"""El dinero en los términos del lector (gpucoste.dinero.paises y ``--pais``): impuesto, tipo de cambio y su fecha.

Las cifras esperadas salen de los CSV leídos aquí con el módulo ``csv`` (no con la biblioteca) y de cuentas
escritas a mano; las propiedades, con hypothesis.
"""

from __future__ import annotations

import csv
import json
import subprocess

import pytest
from conftest import RAIZ, gpucoste
from hypothesis import given
from hypothesis import strategies as st

from gpucoste.base import esquema, etiquetas, formato
from gpucoste.dinero import moneda, paises

DATOS = RAIZ / "src" / "gpucoste" / "datos"
LISTADOS = ("ES", "MX", "CO", "AR", "CL", "PE")


def _filas(fichero: str) -> list[dict]:
    with (DATOS / fichero).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _tipo(moneda_: str) -> tuple[float, str]:
    """Unidades por dólar y fecha del tipo más reciente de ``moneda_``, leídos del CSV."""
    if moneda_ == "EUR":
        fila = next(f for f in _filas("moneda.csv") if f["clave"] == "usd_por_eur")
        return 1 / float(fila["valor"]), fila["fecha"]
    fila = max((f for f in _filas("cambios.csv") if f["moneda"] == moneda_), key=lambda f: f["fecha"])
    return float(fila["por_usd"]), fila["fecha"]


def _gpucoste(*argv: str) -> subprocess.CompletedProcess:
    return gpucoste(*argv)


def test_estan_los_seis_paises_y_el_neutro():
    codigos = {p.codigo for p in paises.paises()}
    assert set(LISTADOS) | {"SIN"} <= codigos
    for p in paises.paises():
        if p.codigo != "SIN":
            assert p.fuente.startswith("https://") and p.fecha and p.ley and p.cobro
            assert "estimación" in p.nota.casefold()  # el recargo de la tarjeta se dice estimación


def test_el_iva_de_espana_es_el_de_moneda_csv():
    assert paises.pais("ES").impuesto == moneda.dato("iva_general_es").valor


@pytest.mark.parametrize("codigo", LISTADOS)
def test_cada_pais_tiene_su_tipo_con_fecha(codigo):
    p = paises.pais(codigo)
    por_usd, fecha = _tipo(p.moneda)
    c = paises.cambio(p)
    assert c.por_usd == pytest.approx(por_usd) and c.fecha == fecha
    assert paises.pais(p.pais) is p  # el nombre también vale


def test_colombia_a_mano():
    # 2,04 US$ + 19 % de IVA = 2,4276 US$; a la TRM del CSV.
    trm, _ = _tipo("COP")
    i = paises.en_local(2.04, "CO")
    assert i.total_usd == pytest.approx(2.4276)
    assert i.local == pytest.approx(2.4276 * trm)
    assert paises.en_local(2.04, "Colombia", empresa=True).local == pytest.approx(2.04 * trm)


def test_sin_impuestos_son_los_dolares():
    i = paises.en_local(2.04, "Sin impuestos")
    assert (i.local, i.total_usd, i.cambio.por_usd) == (2.04, 2.04, 1.0)


def test_argentina_separa_la_percepcion_a_cuenta():
    ars, _ = _tipo("ARS")
    i = paises.en_local(10, "AR")
    assert i.local == pytest.approx(10 * 1.21 * ars)
    assert i.anticipo_local == pytest.approx(10 * 0.30 * ars)
    assert "percepción a cuenta del 30" in paises.texto(i)


def test_la_percepcion_dice_hasta_cuando_consta():
    """La percepción nunca se muestra sin su vigencia: la fecha que consta del CSV y lo que se sabe después."""
    for fila in _filas("paises.csv"):
        texto = paises.vigencia_anticipo(fila["codigo"])
        if not fila["anticipo"]:
            assert texto == ""
            continue
        if fila["anticipo_hasta"]:
            assert formato.fecha(fila["anticipo_hasta"]) in texto
        assert fila["anticipo_vigencia"] in texto
        assert texto in paises.texto(paises.en_local(10, fila["codigo"]))
        orden = ["coste", "--precio-hora", "2", "--horas", "10", "--pais", fila["codigo"]]
        salida = gpucoste(*orden, check=True).stdout
        assert " ".join(texto.split()) in " ".join(salida.split())


@given(
    usd=st.floats(0, 1e7, allow_nan=False),
    codigo=st.sampled_from([*LISTADOS, "SIN"]),
    empresa=st.booleans(),
)
def test_un_impuesto_nunca_baja_un_coste_y_la_vuelta_es_la_identidad(usd, codigo, empresa):
    i = paises.en_local(usd, codigo, empresa=empresa)
    assert i.total_usd >= usd
    assert i.local >= usd * i.cambio.por_usd * (1 - 1e-12)
    assert paises.a_usd(i.local, codigo, empresa=empresa) == pytest.approx(usd, rel=1e-9, abs=1e-9)
    assert i.local >= paises.en_local(usd, codigo, empresa=True).local * (1 - 1e-12)


_PRIMER_MXN = min(f["fecha"] for f in _filas("cambios.csv") if f["moneda"] == "MXN")


@given(fecha=st.dates().map(lambda d: d.isoformat()).filter(lambda f: f < _PRIMER_MXN))
def test_un_tipo_que_falta_es_un_error_que_nombra_pais_y_fecha(fecha):
    with pytest.raises(ValueError) as error:
        paises.en_local(1, "MX", fecha=fecha)
    mensaje = str(error.value)
    assert "México" in mensaje and formato.fecha(fecha) in mensaje and "MXN" in mensaje


def test_sin_filas_de_una_moneda_nunca_convierte_1_a_1(carpeta_datos):
    ruta = carpeta_datos / "cambios.csv"
    lineas = ruta.read_text(encoding="utf-8").splitlines(keepends=True)
    ruta.write_text("".join(x for x in lineas if not x.startswith("PEN,")), encoding="utf-8")
    esquema.limpiar()
    # Desde el issue 35, al cargar (cambios.csv cubre cada moneda de paises.csv), no al convertir: nada calcula.
    with pytest.raises(
        ValueError, match=r"^cambios\.csv: faltan las filas con moneda \['PEN'\], que están en paises\.csv"
    ):
        paises.en_local(1, "PE")
    rc = _gpucoste("coste", "--precio-hora", "1", "--horas", "1", "--pais", "PE")
    assert rc.returncode == 2 and rc.stdout == "" and "faltan las filas con moneda ['PEN']" in rc.stderr


def test_sin_tipo_de_cambio_hasta_una_fecha_nunca_convierte_1_a_1():
    """El error de convertir, que sigue: una fecha anterior al primer tipo de la moneda."""
    with pytest.raises(ValueError, match=r"No hay tipo de cambio de PEN para Perú del .* o anterior"):
        paises.cambio("PE", "2000-01-01")


@pytest.mark.parametrize("codigo", LISTADOS)
def test_coste_con_pais_imprime_moneda_impuesto_tipo_y_fecha(codigo):
    fila = next(f for f in _filas("paises.csv") if f["codigo"] == codigo)
    por_usd, fecha = _tipo(fila["moneda"])
    r = _gpucoste("coste", "--precio-hora", "0,34", "--horas", "6", "--pais", codigo)
    assert r.returncode == 0, r.stderr
    tasa = formato.porcentaje(float(fila["impuesto"]))
    assert f"({fila['moneda']} con {fila['nombre_impuesto']} {tasa})" in r.stdout
    total = 0.34 * 6 * (1 + float(fila["impuesto"])) * por_usd
    decimales = 0 if fila["moneda"] in ("CLP", "COP") else 2
    fila_total = next(x for x in r.stdout.splitlines() if x.startswith(f"| {etiquetas.PARTIDAS_COSTE['total']} "))
    assert fila_total.split("|")[3].strip() == formato.numero(total, decimales)
    assert formato.fecha(fecha) in r.stdout
    assert "2,04" in r.stdout  # la cifra en dólares, al lado
    if fila["moneda"] == "EUR":
        assert formato.dolares(1 / por_usd, 4) in r.stdout
    else:
        assert any(f"{formato.numero(por_usd, d)}\N{NO-BREAK SPACE}{fila['moneda']}/US$" in r.stdout for d in (2, 3, 4))


def test_coste_con_pais_en_csv_lleva_tipo_y_fecha():
    r = _gpucoste("coste", "--precio-hora", "0,34", "--horas", "6", "--pais", "CO", "--formato", "csv")
    filas = list(csv.DictReader(r.stdout.splitlines()))
    trm, fecha = _tipo("COP")
    total = next(f for f in filas if f["partida"] == "total")
    assert float(total["coste (COP con IVA 19\N{NO-BREAK SPACE}%)"]) == pytest.approx(2.04 * 1.19 * trm)
    assert (total["COP por US$"], total["fecha del tipo de cambio"], total["impuesto"]) == (f"{trm:g}", fecha, "0.19")


@pytest.mark.parametrize(
    "argv",
    [
        ["coste", "--precio-hora", "1", "--horas", "1", "--pais", "Colmbia"],
        ["coste", "--precio-hora", "1", "--horas", "1", "--pais", "co"],
        ["experimento", "--pais", "Brasil"],
        ["comprar", "--pais", "XX"],
        ["coste", "--precio-hora", "1", "--horas", "1", "--pais", "CO", "--empresa", "quizá"],
    ],
)
def test_un_pais_desconocido_sale_con_2_en_espanol(argv):
    r = _gpucoste(*argv)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and ("País desconocido" in r.stderr or "--empresa" in r.stderr)


def _sin_luz(carpeta) -> dict[str, str]:
    """Un país de paises.csv sin precio del kWh: el primero de la lista, con sus filas de electricidad.csv quitadas
    en la copia de los datos ``carpeta`` (hoy los seis lo tienen; la prueba no depende de cuáles)."""
    pais = next(p for p in _filas("paises.csv") if p["codigo"] in LISTADOS and p["codigo"] != "ES")
    import plantar

    plantar.quitar(carpeta, "electricidad.csv", lambda f: f["pais"] == pais["pais"])
    return pais


def test_comprar_usa_la_luz_del_pais_o_pide_la_tuya(carpeta_datos):
    p = _sin_luz(carpeta_datos)
    r = _gpucoste("comprar", "--pais", p["codigo"])
    assert r.returncode == 2 and r.stdout == "" and f"no hay precio del kWh con fuente para {p['pais']}" in r.stderr
    assert "--precio-kwh" in r.stderr
    r = _gpucoste("comprar", "--pais", p["codigo"], "--precio-kwh", "0,2")
    assert r.returncode == 0 and f"{p['moneda']} con {p['nombre_impuesto']}" in r.stdout
    r = _gpucoste("comprar", "--pais", "España", "--formato", "csv")
    kwh = next(f for f in csv.DictReader(r.stdout.splitlines()) if f["concepto"] == "precio del kWh (US$)")
    assert "España" in kwh["origen"]
    # La luz ya lleva sus impuestos: se convierte sin el IVA del servicio digital.
    assert float(kwh["valor (EUR con IVA 21\N{NO-BREAK SPACE}%)"]) == pytest.approx(
        float(kwh["valor"]) * paises.cambio("ES").por_usd
    )


def test_cada_pais_listado_tiene_su_kwh():
    """Los seis países tienen precio del kWh doméstico con fuente (issue 30): ``comprar --pais`` no pide el tuyo."""
    con_luz = {f["pais"] for f in _filas("electricidad.csv")}
    assert {p["pais"] for p in _filas("paises.csv") if p["codigo"] in LISTADOS} <= con_luz


def test_empresa_no_suma_el_impuesto():
    r = _gpucoste("coste", "--precio-hora", "1", "--horas", "1", "--pais", "MX", "--empresa", "sí")
    assert r.returncode == 0 and "MXN sin IVA" in r.stdout and "lo paga al proveedor y lo acredita" in r.stdout


def test_recomendar_privado_sin_gpu_local_es_un_error_claro():
    r = _gpucoste("recomendar", "--horas-gpu", "6", "--continuo", "no", "--privado", "sí")
    assert r.returncode == 2 and r.stdout == "" and "datos privados" in r.stderr


# --- El precio de compra en la tienda de un país (compras_locales.csv) -------------------------------------------


def _comprar(*args: str) -> dict[str, dict]:
    orden = ["comprar", "--gpu", "RTX 4090", "--precio-kwh", "0.3", "--formato", "json", *args]
    salida = gpucoste(*orden, check=True)
    return {f["concepto"]: f for f in json.loads(salida.stdout)}


def test_comprar_usa_el_precio_de_la_tienda_del_pais():
    """Con --pais, el precio de compra es el de compras_locales.csv sin el impuesto y al tipo de los datos (leídos
    aquí del CSV); sin fila para ese país, el de hardware.csv."""
    filas = _filas("compras_locales.csv")
    assert filas
    for fila in filas:
        if fila["gpu"] != "RTX 4090":
            continue
        pais = next(x for x in _filas("paises.csv") if x["codigo"] == fila["pais"])
        por_usd, _ = _tipo(fila["moneda"]) if fila["moneda"] != "EUR" else (None, None)
        if por_usd is None:
            usd_por_eur = float(next(x for x in _filas("moneda.csv") if x["clave"] == "usd_por_eur")["valor"])
            por_usd = 1 / usd_por_eur
        esperado = float(fila["precio_local"]) / (1 + float(pais["impuesto"])) / por_usd
        compra = _comprar("--pais", fila["pais"])["precio de compra (US$)"]
        assert compra["valor"] == pytest.approx(esperado, rel=1e-6)
        assert "compras_locales.csv" in compra["origen"] and formato.fecha(fila["fecha"]) in compra["origen"]
    sin_tienda = [p["codigo"] for p in _filas("paises.csv") if p["codigo"] not in {f["pais"] for f in filas}]
    lista = float(
        next(h for h in _filas("hardware.csv") if h["gpu"] == "RTX 4090" and h["estado"] == "lista")[
            "precio_compra_usd"
        ]
    )
    for args in ([], ["--pais", sin_tienda[0]]):
        compra = _comprar(*args)["precio de compra (US$)"]
        assert compra["valor"] == pytest.approx(lista) and "hardware.csv" in compra["origen"]


def test_una_compra_local_en_otra_moneda_no_carga(carpeta_datos):
    """Falta plantada: un precio en una moneda que no es la de su país es un error que nombra fichero y columna."""
    ruta = carpeta_datos / "compras_locales.csv"
    filas = _filas("compras_locales.csv")
    otra = next(p["moneda"] for p in _filas("paises.csv") if p["codigo"] != filas[0]["pais"])
    with ruta.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(filas[0]), lineterminator="\n")
        w.writeheader()
        w.writerow({**filas[0], "moneda": otra})
    esquema.limpiar()
    with pytest.raises(ValueError, match="compras_locales.csv, fila 2, columna moneda"):
        paises.compras_locales()
    esquema.limpiar()


def test_comprar_usa_el_kwh_de_cada_pais_con_fuente():
    """Sin --precio-kwh, cada país de electricidad.csv usa el kWh de su hogar, en su moneda, pasado a dólares al tipo
    más reciente de su moneda (leídos aquí de los CSV); la moneda es la del país."""
    for fila in _filas("electricidad.csv"):
        pais = next(p for p in _filas("paises.csv") if p["pais"] == fila["pais"])
        assert fila["moneda"] == pais["moneda"]
        if fila["moneda"] == "EUR":
            por_usd = 1 / float(next(x for x in _filas("moneda.csv") if x["clave"] == "usd_por_eur")["valor"])
        else:
            por_usd = float(
                max((c for c in _filas("cambios.csv") if c["moneda"] == fila["moneda"]), key=lambda c: c["fecha"])[
                    "por_usd"
                ]
            )
        salida = _gpucoste("comprar", "--pais", pais["codigo"], "--formato", "json")
        assert salida.returncode == 0, salida.stderr
        kwh = next(f for f in json.loads(salida.stdout) if f["concepto"] == "precio del kWh (US$)")
        assert kwh["valor"] == pytest.approx(float(fila["precio_kwh"]) / por_usd, rel=1e-9)
        assert f"electricidad.csv: {fila['pais']}" in kwh["origen"]
