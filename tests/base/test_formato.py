"""Números en español, sin depender del locale de la máquina."""

import locale

import pandas as pd
import pytest

from gpucoste.base import formato


@pytest.mark.parametrize(
    ("valor", "decimales", "esperado"),
    [
        (5.5, 1, "5,5"),
        # RAE (Ortografía de la lengua española, 2010, § 4.2.2.1.1; DPD, «números»): los de cuatro cifras no se
        # separan («1999», «2048»); desde cinco, en grupos de tres (la guía usa el punto: «50.000»).
        (2000, 0, "2000"),
        (1599, 0, "1599"),
        (2048, 0, "2048"),
        (4702.94, 0, "4703"),
        (2000.28, 2, "2000,28"),
        (-1599, 0, "\u22121599"),  # el signo menos (U+2212), no el guion
        (9999.6, 0, "10.000"),  # cinco cifras una vez redondeado
        (9999.4, 0, "9999"),
        (10000, 0, "10.000"),
        (50000, 0, "50.000"),
        (32768, 0, "32.768"),
        (-12345.5, 1, "\u221212.345,5"),
        (1234567.891, 2, "1.234.567,89"),
        (50_000_000, 0, "50.000.000"),
        (0.1, 2, "0,10"),
        (-3.25, 1, "\u22123,3"),  # la mitad, hacia arriba en valor absoluto
        (0.675, 2, "0,68"),  # 450 W × 10 h × 0,15 €/kWh: f"{0.675:.2f}" da 0.67
        (2.5, 0, "3"),
        (0.125, 2, "0,13"),
        (1.005, 2, "1,01"),
        (-0.0, 2, "0,00"),
        (-0.004, 2, "0,00"),
    ],
)
def test_numero(valor, decimales, esperado):
    assert formato.numero(valor, decimales) == esperado


def test_no_depende_del_locale(monkeypatch):
    monkeypatch.setattr(locale, "localeconv", lambda: {"decimal_point": "#", "thousands_sep": "@"})
    assert formato.numero(2000.5, 1) == "2000,5"
    assert formato.numero(20000.5, 1) == "20.000,5"


def test_porcentaje_redondea_el_valor_decimal():
    assert formato.porcentaje(0.00675, 2) == "0,68\u00a0%"
    assert formato.porcentaje(0.125) == "13\u00a0%"
    assert formato.porcentaje(0.005) == "1\u00a0%"


def test_celda():
    assert formato.celda(0.48, 0, porcentaje_=True) == "48\u00a0%"
    assert formato.celda(0.48, 2) == "0,48"
    assert formato.celda(None, 2) == "sin dato"
    with pytest.raises(ValueError, match="nan"):
        formato.celda(float("nan"), 0, porcentaje_=True)
    with pytest.raises(ValueError, match="porcentaje_"):
        formato.celda(0.48, 0, porcentaje_="sí")


def test_un_negativo_lleva_el_signo_menos_y_no_el_guion():
    # «¿Cuánto se equivoca?» escribía «-4 %» con el guion: el signo es U+2212 en cada función que escribe un número.
    assert formato.porcentaje(-0.04) == "\u22124\u00a0%"
    assert formato.dolares(-2.04) == "\u22122,04\u00a0US$"
    assert formato.euros(-1.5) == "\u22121,50\u00a0€"
    assert formato.veces(-0.5) == "\u22120,5×"
    assert formato.rango(-0.2, -0.1) == "\u22120,20–\u22120,10"
    assert formato.MENOS == "\u2212"
    # Una diferencia o un error, con su signo: «+19 %», «−4 %», «0 %» (un cero, también redondeado, sin signo).
    assert formato.porcentaje(0.19, signo=True) == "+19\u00a0%"
    assert formato.porcentaje(-0.04, signo=True) == "\u22124\u00a0%"
    assert formato.porcentaje(0.001, signo=True) == "0\u00a0%"
    assert formato.porcentaje(-0.001, 1, signo=True) == "\u22120,1\u00a0%"
    with pytest.raises(ValueError, match="signo"):
        formato.porcentaje(0.1, signo="sí")
    assert "-" not in formato.numero(-12345.5, 1)


def test_unidades():
    assert formato.veces(5.5) == "5,5×"
    assert formato.dolares(2.04) == "2,04\u00a0US$"
    assert formato.euros(1.73) == "1,73\u00a0€"
    assert formato.porcentaje(0.1) == "10\u00a0%"
    assert formato.rango(0.1, 0.15) == "0,10–0,15"
    assert formato.rango(2, 2, 0) == "2"


@pytest.mark.parametrize(
    ("x", "texto"),
    [(0.2, "la quinta parte"), (0.5, "la mitad"), (1 / 3, "la tercera parte"), (0.37, "el 37\u00a0%")],
)
def test_fraccion(x, texto):
    assert formato.fraccion(x) == texto


def test_mes():
    assert formato.mes("2026-07") == "julio de 2026"
    assert formato.mes("2022-10-12") == "octubre de 2022"


def test_tabla_en_espanol():
    md = formato.tabla(pd.DataFrame({"GPU": ["A", "B"], "coste": [1234.5, 12345.5]}), {"coste": 2})
    assert "1234,50" in md and "12.345,50" in md and "| GPU" in md


def test_tabla_alinea_a_la_derecha_las_cifras_ya_escritas():
    """Un rango ya escrito («4,6–9,3») se alinea como las demás cifras; una columna que no existe es un error."""
    df = pd.DataFrame({"GPU": ["A"], "horas": ["4,6–9,3"]})
    assert "|--------:|" in formato.tabla(df, {}, ("horas",))
    assert "|:--------|" in formato.tabla(df, {})
    with pytest.raises(ValueError, match="columna"):
        formato.tabla(df, {}, ("minutos",))
    with pytest.raises(ValueError, match="tupla"):
        formato.tabla(df, {}, "horas")


def test_fecha():
    assert formato.fecha("2026-10-29") == "29 de octubre de 2026"
    assert formato.fecha("2026-07") == "julio de 2026"


def test_entre_fechas_pone_la_preposicion_de_cada_extremo():
    """«del 7 de marzo … a noviembre»: «del»/«al» solo ante un día; ante un mes, «de»/«a» («al noviembre» no)."""
    assert formato.entre_fechas("2023-03-07", "2026-11") == "del 7 de marzo de 2023 a noviembre de 2026"
    assert formato.entre_fechas("2026-07", "2026-11-09") == "de julio de 2026 al 9 de noviembre de 2026"
    assert formato.entre_fechas("2026-04-28", "2026-11-09") == "del 28 de abril de 2026 al 9 de noviembre de 2026"
    for malo in (None, "2026-13", "ayer"):
        with pytest.raises(ValueError, match="AAAA-MM"):
            formato.entre_fechas(malo, "2026-11")


def test_periodo_en_palabras():
    assert formato.periodo("2025-S1") == "primer semestre de 2025"
    assert formato.periodo("2024-S2") == "segundo semestre de 2024"
    assert formato.periodo("2026-07") == "julio de 2026"  # un mes: la cuota de una tarifa


@pytest.mark.parametrize("malo", ["2025-S3", "2025", "25-S1", "2025-s1", "2026-13", "2026-7", None, 2025])
def test_periodo_rechaza(malo):
    with pytest.raises(ValueError, match="periodo"):
        formato.periodo(malo)


def test_lista_en_espanol():
    assert formato.lista(["julio de 2026"]) == "julio de 2026"
    assert formato.lista(["a", "b"]) == "a y b"
    assert formato.lista(["a", "b", "c"]) == "a, b y c"


@pytest.mark.parametrize("malo", [[], "ab", ["a", ""], [1, 2], None])
def test_lista_rechaza(malo):
    with pytest.raises(ValueError, match="lista"):
        formato.lista(malo)


def test_nivel_en_la_prosa():
    """La guía de estilo: «bajo demanda» (Fundéu), nunca «bajo_demanda» ni «on-demand»; el resto, tal cual."""
    assert formato.nivel("bajo_demanda") == "bajo demanda"
    assert formato.nivel("comunidad") == "comunidad"
    with pytest.raises(ValueError, match="nivel"):
        formato.nivel("bajo demanda")


def test_el_nivel_de_un_proveedor_con_su_nombre_propio():
    """En Vast.ai, «bajo_demanda» es la mediana de todos los hosts: un host verificado también es bajo demanda, así
    que «(bajo demanda)» junto a «(host verificado)» no distinguiría nada. En otro proveedor, «bajo demanda»."""
    assert formato.nivel("bajo_demanda", "Vast.ai") == "todos los hosts"
    assert formato.nivel("bajo_demanda", "Nebius") == "bajo demanda"
    assert formato.nivel("verificado", "Vast.ai") == "host verificado"
    with pytest.raises(ValueError, match="proveedor"):
        formato.nivel("bajo_demanda", "")


def test_tabla_escribe_sin_dato_donde_falta_un_texto():
    # Un texto que falta (None, o el NaN que pone pandas en una columna de texto) no sale como «None» ni «nan».
    df = pd.DataFrame({"tipo": ["precio de lista", None, float("nan")], "coste": [1.5, None, 2.0]})
    salida = formato.tabla(df, {"coste": 2})
    assert "nan" not in salida and "None" not in salida
    assert salida.count("sin dato") == 3  # dos textos y una cifra
