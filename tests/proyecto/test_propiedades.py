"""Propiedades con hypothesis: cada función pública y cada orden, con entradas generadas buenas y malas,
y cada CSV declarado, con corrupciones generadas. Las funciones y órdenes se registran en
``tests/propiedades.py`` (una línea cada una). Deterministas (``derandomize``): CI ve los mismos casos.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import math
import os
import re
import shutil
import time
import unicodedata
from decimal import Decimal

import pytest
from conftest import ejemplos
from herramientas import informar
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from propiedades import FUNCIONES, NO_NEGATIVO, ORDENES, POSITIVO, Numero, comprobar_resultado

from gpucoste import cli, datos
from gpucoste.base import esquema, formato, lector, memo

# Un desbordamiento de numpy (inf con un aviso, sin excepción) es un número malo callado: aquí es un fallo.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

CASOS: dict[str, int] = {}


def _contar(grupo: str) -> None:
    CASOS[grupo] = CASOS.get(grupo, 0) + 1


def _ajustes(n: int):
    """``n`` ejemplos (con ``GPUCOSTE_RAPIDO``, en make check, menos: ``conftest.ejemplos``)."""
    return settings(
        max_examples=ejemplos(n),
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )


@pytest.fixture(scope="module", autouse=True)
def _informar():
    inicio = time.perf_counter()
    yield
    total = sum(CASOS.values())
    detalle = ", ".join(f"{n} {grupo}" for grupo, n in CASOS.items())
    informar(f"Propiedades (hypothesis): {total} casos generados en {time.perf_counter() - inicio:.1f} s ({detalle})")


ADMITE = re.compile(r"se admite|admitidos|usa valores|lo tienen|como mucho|al menos")
INGLES = re.compile(r"\b(usage|argument|arguments|invalid|required|expected|could not|object|NoneType|Traceback)\b")


def _mensaje_bueno(mensaje: str) -> None:
    assert ADMITE.search(mensaje), f"el mensaje no dice qué se admite: {mensaje}"
    assert not INGLES.search(mensaje), f"mensaje en inglés: {mensaje}"


def _nombra(mensaje: str, valor: object) -> bool:
    return repr(valor)[:20] in mensaje


# --- Funciones públicas ---------------------------------------------------------------------------

POR_FUNCION = {"buenos": 30, "extremos": 20, "malos": 40}  # ejemplos por función; los malos, uno por argumento


@pytest.mark.parametrize("f", FUNCIONES, ids=lambda f: f.nombre)
def test_buenos_dan_un_resultado_finito(f):
    @_ajustes(POR_FUNCION["buenos"])
    @given(f.argumentos())
    def prueba(entrada):
        _contar("funciones")
        args, kwargs = entrada
        comprobar_resultado(f.funcion(*args, **kwargs), f)

    prueba()


@pytest.mark.parametrize("f", FUNCIONES, ids=lambda f: f.nombre)
def test_extremos_dan_un_resultado_finito_o_un_error(f):
    @_ajustes(POR_FUNCION["extremos"])
    @given(f.argumentos(extremos=True))
    def prueba(entrada):
        _contar("funciones")
        args, kwargs = entrada
        try:
            resultado = f.funcion(*args, **kwargs)
        except ValueError as error:
            _mensaje_bueno(str(error))
            return
        comprobar_resultado(resultado, f)

    prueba()


@pytest.mark.parametrize("f", FUNCIONES, ids=lambda f: f.nombre)
def test_un_argumento_malo_da_value_error_que_lo_nombra(f):
    @_ajustes(POR_FUNCION["malos"])
    @given(f.con_malos())
    def prueba(casos):
        for args, kwargs, malo in casos:
            _contar("funciones")
            with pytest.raises(ValueError) as error:  # cualquier otra excepción hace fallar la prueba
                f.funcion(*args, **kwargs)
            mensaje = str(error.value)
            assert _nombra(mensaje, malo), f"{f.nombre}: el mensaje no nombra {malo!r}: {mensaje}"
            _mensaje_bueno(mensaje.replace(repr(malo), "«valor»"))

    prueba()


# --- Órdenes de la CLI ----------------------------------------------------------------------------


def _ejecutar(argv: list[str]) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    return rc, salida.getvalue(), errores.getvalue()


def _texto(valor: object, coma: bool) -> str:
    texto = repr(float(valor)) if not isinstance(valor, str) else valor
    if not isinstance(valor, str) and not coma and re.fullmatch(r"[+-]?[1-9][0-9]{0,2}\.[0-9]{3}", texto):
        texto += "0"  # «1.125» es ambiguo para la CLI (¿1,125 o 1125?); «1.1250» no, y vale lo mismo
    return texto.replace(".", ",") if coma and not isinstance(valor, str) else texto


def _argv(o, data, *, malo: tuple[str, str] | None = None) -> list[str]:
    argv = [o.nombre]
    coma = data.draw(st.booleans())
    opcionales = data.draw(st.lists(st.sampled_from(sorted(o.opcionales)), unique=True)) if o.opcionales else []
    for bandera in [*o.obligatorias, *opcionales]:
        spec = {**o.obligatorias, **o.opcionales}[bandera]
        valor = malo[1] if malo and malo[0] == bandera else _texto(data.draw(spec.buenos()), coma)
        argv += [bandera, valor]
    if malo and malo[0] not in argv:
        argv += list(malo)
    return argv


def _rechaza(spec, texto: str) -> bool:
    tipo = cli.positivo if spec == POSITIVO else cli.no_negativo if spec == NO_NEGATIVO else None
    if tipo is None:
        return texto not in spec.validas()
    try:
        tipo(texto)
    except Exception:
        return True
    return False


NUMEROS_MALOS = ["-1", "0", "-0", "abc", "nan", "inf", "-inf", "1e309", "", " ", "1,5,3", "1..5", "１", "0x10"]
NUMEROS_MALOS += ["1_000", "-", "1e", ",5", "1.5.", "5 $", "1.000.000", "True", "None", "-1e5", "- 1"]


@pytest.mark.parametrize("o", ORDENES, ids=lambda o: o.nombre)
def test_orden_con_valores_buenos(o):
    @_ajustes(40)
    @given(st.data(), st.sampled_from(cli.FORMATOS))
    def prueba(data, formato_salida):
        _contar("órdenes")
        rc, salida, errores = _ejecutar([*_argv(o, data), "--formato", formato_salida])
        assert (rc, errores) == (0, ""), errores
        assert salida.strip()
        if formato_salida == "json":
            for fila in json.loads(salida):
                for v in fila.values():
                    assert not isinstance(v, float) or math.isfinite(v)
        elif formato_salida == "csv":
            filas = list(csv.reader(io.StringIO(salida)))
            assert len({len(f) for f in filas}) == 1
            assert not any(c.lower() in ("nan", "inf", "-inf") for f in filas for c in f)

    prueba()


@pytest.mark.parametrize("o", ORDENES, ids=lambda o: o.nombre)
def test_orden_con_un_valor_malo_sale_con_2_y_nada_en_stdout(o):
    opciones = {**o.obligatorias, **o.opcionales}

    def malos():
        casos = [
            st.just(("--formato", "xml")),
            st.just(("--no-existe", "1")),
            st.just(("--formato", "")),
        ]
        for bandera, spec in opciones.items():
            textos = st.one_of(st.sampled_from(NUMEROS_MALOS), st.text(max_size=8)).filter(
                lambda t, spec=spec: _rechaza(spec, t)
            )
            if not isinstance(spec, Numero):
                textos = st.one_of(st.sampled_from(["", "x", "FINETUNING-LORA-7B", "finetuning-lora-7b "]), textos)
            casos.append(textos.map(lambda t, b=bandera: (b, t)))
        return st.one_of(casos)

    @_ajustes(60)
    @given(st.data())
    def prueba(data):
        _contar("órdenes")
        malo = data.draw(malos())
        argv = _argv(o, data, malo=malo)
        if o.obligatorias and data.draw(st.booleans()) and malo[0] not in o.obligatorias:
            falta = data.draw(st.sampled_from(sorted(o.obligatorias)))  # además, falta una obligatoria
            i = argv.index(falta)
            del argv[i : i + 2]
        rc, salida, errores = _ejecutar(argv)
        assert rc == 2, (argv, salida, errores)
        assert salida == "", argv
        assert errores.count("\n") == 1 and errores.startswith("gpucoste"), errores
        # El valor malo generado puede ser una palabra inglesa («required»): se mira el resto del mensaje.
        sin_valor = errores.replace(malo[1], "«valor»") if malo[1].strip() else errores
        assert not INGLES.search(sin_valor), errores

    prueba()


def test_orden_sin_nada_y_orden_desconocida():
    for argv in ([], ["no-existe"], ["COSTE"], ["--formato", "csv"]):
        rc, salida, errores = _ejecutar(argv)
        assert (rc, salida) == (2, ""), argv
        assert errores.startswith("gpucoste: error: ") and not INGLES.search(errores), errores


# --- CSV corrompidos ------------------------------------------------------------------------------

NEUTRAS = ("bom", "crlf", "nfd", "en_blanco", "comillas")
DESTRUCTIVAS = ("comilla", "coma_de_mas", "coma_de_menos", "celda", "repetida", "borrada", "latin1")
DESTRUCTIVAS += ("utf16", "subnormal")
"""``utf16`` (guardado así por una hoja de cálculo) y ``subnormal`` (un número que una cuenta convierte en 0,
5e-324): los que encontró el fuzz del issue 35 (el primero, callado por primera_version; el otro, ZeroDivisionError)."""


def _fila(celdas: list[str], **opciones) -> str:
    salida = io.StringIO()
    csv.writer(salida, lineterminator="", **opciones).writerow(celdas)
    return salida.getvalue()


def _corromper(texto: str, tipo: str, data, numericas: tuple[str, ...] = ()) -> str:
    lineas = texto.splitlines()
    i = data.draw(st.integers(1, len(lineas) - 1), label="fila")
    if tipo == "bom":
        return "\ufeff" + texto
    if tipo == "crlf":
        return texto.replace("\n", "\r\n")
    if tipo == "nfd":
        return unicodedata.normalize("NFD", texto)
    if tipo == "en_blanco":
        return texto + data.draw(st.sampled_from(["\n", ",,,\n", "\r\n\r\n", " \n"]))
    if tipo == "comillas":  # la fila con cada celda entre comillas: mismos valores
        lineas[i] = _fila(next(csv.reader([lineas[i]])), quoting=csv.QUOTE_ALL)
        return "\n".join(lineas) + "\n"
    if tipo in ("comilla", "coma_de_mas"):
        k = data.draw(st.integers(0, len(lineas[i])))
        lineas[i] = lineas[i][:k] + ('"' if tipo == "comilla" else ",") + lineas[i][k:]
    elif tipo == "coma_de_menos":
        comas = [k for k, c in enumerate(lineas[i]) if c == ","]
        k = data.draw(st.sampled_from(comas))
        lineas[i] = lineas[i][:k] + lineas[i][k + 1 :]
    elif tipo == "celda":
        celdas = next(csv.reader([lineas[i]]))
        j = data.draw(st.integers(0, len(celdas) - 1))
        celdas[j] = data.draw(st.text(max_size=10))
        lineas[i] = _fila(celdas)
    elif tipo == "subnormal":  # una celda numérica, 5e-324 (con su signo si el número lo llevaba)
        cabecera = next(csv.reader([lineas[0]]))
        celdas = next(csv.reader([lineas[i]]))
        j = cabecera.index(data.draw(st.sampled_from(numericas)))
        celdas[j] = data.draw(st.sampled_from(["5e-324", "-5e-324", "1e-320"]))
        lineas[i] = _fila(celdas)
    elif tipo == "repetida":
        lineas.insert(data.draw(st.integers(1, len(lineas))), lineas[i])
    elif tipo == "borrada":
        del lineas[i]
    return "\n".join(lineas) + "\n"


@pytest.fixture(scope="module")
def carpeta_corrupta(tmp_path_factory):
    return tmp_path_factory.mktemp("corrupta")


@pytest.mark.parametrize("fichero", sorted(esquema.TABLAS))
def test_csv_corrompido_carga_bien_o_falla_con_fichero_y_fila(fichero, carpeta_corrupta):
    tabla = esquema.TABLAS[fichero]
    original = esquema.cargar(tabla)
    carpeta = carpeta_corrupta / fichero.removesuffix(".csv")
    shutil.copytree(lector._del_paquete(), carpeta)
    texto = (carpeta / fichero).read_text(encoding="utf-8")

    numericas = tuple(c.nombre for c in tabla.columnas if c.tipo in ("numero", "entero"))
    tipos = [t for t in NEUTRAS + DESTRUCTIVAS if t != "subnormal" or numericas]

    @_ajustes(max(40, 1200 // len(esquema.TABLAS)))  # unos 1.200 casos de CSV en total, crezca o no el número de tablas
    @given(st.sampled_from(tipos), st.data())
    def prueba(tipo, data):
        _contar("CSV")
        roto = _corromper(texto, tipo, data, numericas)
        if tipo == "latin1":
            (carpeta / fichero).write_bytes(roto.encode("latin-1", errors="replace"))
        elif tipo == "utf16":
            (carpeta / fichero).write_bytes(roto.encode("utf-16"))
        else:
            (carpeta / fichero).write_text(roto, encoding="utf-8", newline="")
        esquema.limpiar()
        try:
            filas = esquema.cargar(tabla)
        except ValueError as error:
            mensaje = str(error)
            assert tipo not in NEUTRAS, f"{tipo}: {mensaje}"
            assert mensaje.startswith(fichero), mensaje
            assert re.search(r"fila \d+|línea \d+|faltan las|no tiene filas", mensaje), mensaje
            return
        if tipo in NEUTRAS or (tipo == "latin1" and texto.isascii()):
            assert filas == original, tipo
        elif tipo == "borrada":
            assert len(filas) == len(original) - 1 and set(filas) < set(original)
        else:
            assert tipo not in ("repetida", "latin1", "utf16", "subnormal"), f"{tipo}: se cargó"
            assert len(filas) == len(original), f"{tipo}: {len(original)} filas → {len(filas)}"
            assert sum(a != b for a, b in zip(filas, original, strict=True)) <= 1

    antes = os.environ.get("GPUCOSTE_DATOS")
    os.environ["GPUCOSTE_DATOS"] = str(carpeta)
    try:
        prueba()
    finally:
        os.environ.pop("GPUCOSTE_DATOS")
        if antes is not None:
            os.environ["GPUCOSTE_DATOS"] = antes
        esquema.limpiar()


# --- Formato: redondeo decimal y vuelta por la CLI --------------------------------------------------


def _espanol(entero: int, decimales: int) -> str:
    """``entero`` / 10**decimales escrito a mano en español (implementación independiente): punto de millares
    solo desde cinco cifras en la parte entera (RAE: «1599», «50.000»), y el signo menos (U+2212) si es negativo."""
    signo = "\u2212" if entero < 0 else ""
    texto = str(abs(entero)).rjust(decimales + 1, "0")
    parte, resto = texto[: len(texto) - decimales], texto[len(texto) - decimales :]
    if len(parte) <= 4:
        return signo + parte + ("," + resto if decimales else "")
    grupos = []
    while parte:
        grupos.insert(0, parte[-3:])
        parte = parte[:-3]
    return signo + ".".join(grupos) + ("," + resto if decimales else "")


@_ajustes(300)
@given(st.integers(0, 10**9), st.integers(0, 4), st.booleans())
def test_la_mitad_se_redondea_hacia_arriba(n, decimales, negativo):
    """(2n+1)/(2·10^d) está justo en la mitad: se escribe (n+1)/10^d (hacia arriba en valor absoluto)."""
    _contar("formato")
    x = float(Decimal(2 * n + 1) / (2 * 10**decimales))
    if len(repr(x).replace(".", "").lstrip("0")) > 15:
        return  # el float no guarda ya la escritura decimal exacta
    x = -x if negativo else x
    assert formato.numero(x, decimales) == _espanol(-(n + 1) if negativo else n + 1, decimales)


@_ajustes(300)
@given(st.floats(-1e12, 1e12, allow_nan=False), st.integers(0, 6))
def test_numero_y_vuelta_por_la_cli(x, decimales):
    """Lo que escribe ``formato.numero`` lo lee la CLI; nunca «-0»."""
    _contar("formato")
    texto = formato.numero(x, decimales)
    if re.fullmatch(r"[-−]?[1-9][0-9]{0,2}\.[0-9]{3}", texto):  # «1.500»: ¿1,5 o 1500? La CLI lo rechaza
        with pytest.raises(argparse.ArgumentTypeError, match="ambiguo"):
            cli.decimal(texto)
        return
    assert abs(cli.decimal(texto) - x) <= 0.5 * 10**-decimales + abs(x) * 1e-15
    assert not re.fullmatch(r"[-−][0.,]+", texto)
    assert "-" not in texto  # un negativo, con el signo menos (formato.MENOS), no con el guion
    assert formato.dolares(x, decimales) == f"{texto}\u00a0US$"


def test_casos_de_la_mitad_a_mano():
    assert formato.numero(450 * 10 * 0.15 / 1000) == "0,68"  # 450 W × 10 h × 0,15 €/kWh
    assert formato.numero(0.125) == "0,13"
    assert formato.numero(2.675) == "2,68"  # f"{2.675:.2f}" da 2.67 (el binario es 2,67499…)
    assert formato.numero(1.005) == "1,01"
    assert formato.porcentaje(0.00675, 2) == "0,68\u00a0%"
    assert formato.porcentaje(0.125) == "13\u00a0%"
    assert formato.numero(-0.004) == "0,00"
    assert formato.dolares(-0.0) == "0,00\u00a0US$"
    assert datos.precios()  # los datos del paquete siguen cargando tras las corrupciones


# --- Un CSV roto nunca se calla: cada función que lo lee da el error del cargador (issue 35) -------------------------

_SIN_ARGUMENTOS = [f for f in FUNCIONES if not f.posicionales and not f.nombrados and f.validos is None]
"""Las funciones del arnés que se llaman sin argumentos: las tablas y cifras de las páginas."""


def _registrar_cargas(monkeypatch) -> list[tuple[str, BaseException | None]]:
    """Envuelve ``esquema.cargar``: cada llamada deja (fichero, el error que dio o None) en la lista devuelta."""
    cargas: list[tuple[str, BaseException | None]] = []
    original = esquema.cargar

    def cargar(tabla):
        try:
            filas = original(tabla)
        except Exception as error:
            cargas.append((tabla.fichero, error))
            raise
        cargas.append((tabla.fichero, None))
        return filas

    monkeypatch.setattr(esquema, "cargar", cargar)
    return cargas


@pytest.fixture(scope="module")
def que_lee_cada_funcion() -> dict[str, set[str]]:
    """Con los datos buenos: los CSV que pide cada función sin argumentos (lo que no pide, no puede romperla)."""
    salida = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        cargas = _registrar_cargas(monkeypatch)
        for f in _SIN_ARGUMENTOS:
            cargas.clear()
            memo.olvidar()  # lo que lee, no lo que otra función ya dejó guardado
            f.funcion()
            salida[f.nombre] = {fichero for fichero, _ in cargas}
    return salida


@pytest.mark.parametrize("fichero", sorted(esquema.TABLAS))
def test_un_csv_roto_nunca_se_calla(fichero, tmp_path, monkeypatch, que_lee_cada_funcion):
    """Con ``fichero`` guardado en UTF-16 (como lo guarda a veces una hoja de cálculo), cada función que lo lee da un
    ``esquema.ErrorDeDatos`` que nombra un fichero roto: ni un resultado (``primera_version`` convertía el error de
    ``atipicos.csv`` en «sin ninguna lectura en los datos») ni otro ``ValueError`` sin fichero."""
    lectoras = [f for f in _SIN_ARGUMENTOS if fichero in que_lee_cada_funcion[f.nombre]]
    carpeta = tmp_path / "datos"
    shutil.copytree(lector._del_paquete(), carpeta)
    (carpeta / fichero).write_text((carpeta / fichero).read_text(encoding="utf-8"), encoding="utf-16")
    monkeypatch.setenv("GPUCOSTE_DATOS", str(carpeta))
    esquema.limpiar()
    cargas = _registrar_cargas(monkeypatch)
    try:
        for f in lectoras:
            _contar("CSV rotos")
            cargas.clear()
            try:
                f.funcion()
            except esquema.ErrorDeDatos as error:
                assert re.match(r"[a-z_]+\.csv(, | \(|: )", str(error)), f"{f.nombre}: {error}"
                continue
            except ValueError as error:
                pytest.fail(f"{f.nombre}: con {fichero} roto, un ValueError sin el error del fichero: {error}")
            rotas = [c for c, error in cargas if error is not None]
            assert not rotas, f"{f.nombre} calló el error de {rotas[0]} y devolvió un resultado"
    finally:
        monkeypatch.delenv("GPUCOSTE_DATOS")
        esquema.limpiar()


def test_la_prueba_de_csv_rotos_pilla_un_error_callado(tmp_path, monkeypatch):
    """El fallo de la primera versión, plantado: una función que calla el error de atipicos.csv."""
    from gpucoste.calculo import atipicos

    def callada():
        try:
            return len(atipicos.atipicos())
        except ValueError:
            return 0

    carpeta = tmp_path / "datos"
    shutil.copytree(lector._del_paquete(), carpeta)
    (carpeta / "atipicos.csv").write_text("gpu\n", encoding="utf-16")
    monkeypatch.setenv("GPUCOSTE_DATOS", str(carpeta))
    esquema.limpiar()
    cargas = _registrar_cargas(monkeypatch)
    try:
        assert callada() == 0
        assert [c for c, error in cargas if error is not None] == ["atipicos.csv"]
    finally:
        monkeypatch.delenv("GPUCOSTE_DATOS")
        esquema.limpiar()
