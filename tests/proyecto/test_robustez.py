"""Cada ejemplo del issue 21 («nunca una traza, nunca un dato malo aceptado») es una prueba de regresión.

Cada caso fallaba antes (una excepción que no era ``ValueError``, un mensaje en inglés, una lista vacía por un
nombre desconocido, un rango con el mínimo por encima del máximo); ahora da un resultado correcto o un
``ValueError`` en español que nombra el valor y lo que se admite.
"""

from __future__ import annotations

import dataclasses
import math
import re

import pytest

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.calculo import alternativas, coste, electricidad, tiempo
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.dinero import mercado
from gpucoste.graficos import dibujo
from gpucoste.guia import publicacion

ADMITE = re.compile(r"se admite|[Vv]alores admitidos|usa valores")


def _error(funcion, *args, **kwargs) -> str:
    with pytest.raises(ValueError) as error:
        funcion(*args, **kwargs)
    mensaje = str(error.value)
    assert ADMITE.search(mensaje), mensaje
    assert "Valores admitidos: ." not in mensaje
    assert not re.search(r"invalid literal|arg is an empty|math domain|division by zero|object has no", mensaje)
    return mensaje


def test_un_nombre_en_nfd_es_el_mismo_que_en_nfc():
    """«Espan\\u0303a» (la ñ descompuesta) pasaba la validación y luego no encontraba ninguna fila: «max() arg is
    an empty sequence»."""
    assert mercado.precio_kwh("Espan\u0303a") == mercado.precio_kwh("España")


def test_un_rango_con_el_minimo_por_encima_del_maximo_no_se_puede_crear():
    """``tiempo.horas(1e18, 'RTX 4090', 1, Rango(0.9, 0.1))`` devolvía un rango al revés."""
    assert "mayor o igual que el mínimo (0.9)" in _error(coste.Rango, 0.9, 0.1)
    _error(coste.Rango, float("nan"), 1)
    _error(coste.Rango, 0, math.inf)
    _error(coste.Rango, "0", 1)
    assert coste.Rango(0.1, 0.9).maximo == 0.9
    h = tiempo.horas(1e18, "RTX 4090", 1, coste.Rango(0.1, 0.9))
    assert 0 < h.minimo <= h.maximo


def test_un_proveedor_desconocido_no_da_una_lista_vacia():
    """``alternativas.cambios_de_precio(('vast.ai',))`` devolvía ``[]``."""
    assert "¿Quisiste decir 'Vast.ai'?" in _error(alternativas.cambios_de_precio, ("vast.ai",))
    _error(alternativas.cambios_de_precio, "Vast.ai")  # un texto no es una tupla de proveedores
    _error(alternativas.cambios_de_precio, ())
    assert alternativas.cambios_de_precio(("Vast.ai",)) == [
        c for c in alternativas.cambios_de_precio() if c.proveedor == "Vast.ai"
    ]


def test_la_fecha_de_la_tabla_de_precios():
    """``tabla_precios('2027-01-01')`` daba TypeError y ``tabla_precios(0)`` se aceptaba."""
    assert len(publicacion.tabla_precios("2027-01-01")) == len(datos.precios())
    _error(publicacion.tabla_precios, 0)
    _error(publicacion.tabla_tarifas, "mañana")


def test_tokens_por_segundo_diminutos():
    """``coste_electricidad(1, 0, 5e-324)``: ZeroDivisionError."""
    assert "tokens_s: 5e-324" in _error(electricidad.coste_electricidad, 1, 0, 5e-324)


@pytest.mark.parametrize("x", [1e308, -1e308, 1.7e308, 0.0, 5e-324])
def test_marcas_de_un_intervalo_de_un_solo_punto(x):
    """``dibujo.marcas(1e308, 1e308)``: «math domain error»."""
    marcas = dibujo.marcas(x, x)
    assert marcas and all(math.isfinite(m) for m in marcas)
    assert min(marcas) <= x <= max(marcas)


def test_source_date_epoch_que_no_es_un_numero(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    assert "SOURCE_DATE_EPOCH='abc'" in _error(validacion.hoy)


def test_nunca_valores_admitidos_vacio():
    """``datos.precio('RTX 4090', 'AWS', 'bajo_demanda')`` acababa en «Valores admitidos: .»."""
    mensaje = _error(datos.precio, "RTX 4090", "AWS", "bajo_demanda")
    assert "'AWS'" in mensaje and "'Vast.ai'" in mensaje
    assert "ningún valor" in str(pytest.raises(ValueError, validacion.opcion, "x", "Cosa", []).value)


@pytest.mark.parametrize(
    ("cambio", "campo"),
    [
        ({"vram_gb": -1}, "vram_gb"),
        ({"tflops_bf16": float("nan")}, "tflops_bf16"),
        ({"ancho_banda_gbs": "1000"}, "ancho_banda_gbs"),
        ({"gpu": ""}, "gpu"),
        ({"gpu": "RTX\x004090"}, "gpu"),
        ({"memoria_unificada": "no"}, "memoria_unificada"),
        ({"fuente": "http://sin-tls.example"}, "fuente"),
        ({"fecha": "ayer"}, "fecha"),
    ],
)
def test_una_gpu_hecha_a_mano_se_valida(cambio, campo):
    g = datos.especificaciones()["RTX 4090"]
    assert _error(dataclasses.replace, g, **cambio).startswith(f"Gpu: {campo}=")
    assert dataclasses.replace(g, vram_gb=25, vatios=None).vram_gb == 25


@pytest.mark.parametrize(
    ("cambio", "campo"),
    [
        ({"capas": 0}, "capas"),
        ({"capas": True}, "capas"),
        ({"capas": 32.0}, "capas"),
        ({"cabezas_kv": 64}, "cabezas_atencion"),
        ({"expertos_activos": 2}, "expertos"),
        ({"embeddings_atados": 1}, "embeddings_atados"),
    ],
)
def test_un_modelo_hecho_a_mano_se_valida(cambio, campo):
    m = datos.modelos()["Llama 3.1 8B"]
    assert _error(dataclasses.replace, m, **cambio).startswith(f"Modelo: {campo}=")


def test_un_precio_hecho_a_mano_se_valida():
    p = datos.precios()[0]
    _error(dataclasses.replace, p, precio_hora_usd=0)
    _error(dataclasses.replace, p, nivel="gratis")
    assert dataclasses.replace(p, precio_hora_usd=9.5).precio_hora_usd == 9.5


def test_ayudas_de_las_paginas_con_entradas_malas():
    """Ayudas de páginas que daban AttributeError, TypeError o una tabla vacía con una entrada mala."""
    from gpucoste.datos import historial
    from gpucoste.dinero import proveedores

    assert "lista no vacía" in _error(proveedores.tabla, "Vast.ai")  # un texto se recorría letra a letra
    _error(proveedores.tabla, [])
    assert "¿Quisiste decir 'Vast.ai'?" in _error(proveedores.tabla, ["vast.ai"])
    _error(historial.series, "x")
    _error(historial.series, None, 0)
    _error(publicacion.enlace, 5)
    _error(publicacion.precio, "x")
    assert publicacion.precio(2.5) == "2,50"


# --- Cada registro se comprueba al crearse (issue 21: «Rango, Gpu, Modelo y los demás registros») -----------


def _registros() -> list[type]:
    import importlib
    import inspect

    from gpucoste.base import paquete

    salida = []
    for m in paquete.modulos():
        modulo = importlib.import_module(m)
        for nombre in modulo.__all__:
            v = getattr(modulo, nombre)
            if inspect.isclass(v) and dataclasses.is_dataclass(v) and v.__module__ == modulo.__name__:
                salida.append(v)
    return salida


@pytest.mark.parametrize("clase", _registros(), ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_cada_registro_publico_se_comprueba_al_crearse(clase):
    """Todo ``dataclass`` de la API declarada hereda de ``validacion.Validado`` (o de ``esquema.Registro``, que la
    extiende): un registro nuevo que no lo haga hace fallar esta prueba."""
    assert issubclass(clase, validacion.Validado), f"{clase.__name__}: hereda de validacion.Validado"


def _con(registro, campo, valor):
    return lambda: dataclasses.replace(registro, **{campo: valor})


def _ejemplos_de_registros():
    from gpucoste.calculo import electricidad, memoria, ranking
    from gpucoste.dinero import mercado

    trabajo = Trabajo("Llama 3.1 8B", "lora", 50e6)
    fila = ranking.ranking(trabajo)[0]
    return [
        ("Desglose", _con(coste.coste_total(1, 2), "gpu", math.nan)),
        ("Desglose", _con(coste.coste_total(1, 2), "arranque", "0")),
        ("Fila", _con(fila, "precio", None)),
        ("Fila", _con(fila, "horas", (1, 2))),
        ("Memoria", _con(memoria.encaja("Llama 3.1 8B", "lora", "RTX 4090"), "modelo", math.inf)),
        ("CosteElectrico", _con(electricidad.coste_electricidad(300, 0.2), "kwh_hora", math.nan)),
        ("PrecioApi", _con(mercado.precios_api()[0], "modelo", None)),
        # Trabajo comprueba primero cada campo con su nombre (el formulario pone el error junto a su campo).
        ("secuencia", _con(trabajo, "secuencia", 2048.0)),
        ("Ajuste", _con(next(iter(datos.ajustes().values())), "clave", 1)),
    ]


@pytest.mark.parametrize("caso", range(9))
def test_un_registro_hecho_a_mano_con_un_campo_malo_da_value_error(caso):
    """``coste.Desglose(nan, …)``, un ``ranking.Fila`` sin precio o una ``memoria.Memoria`` con ``modelo=inf`` se
    creaban sin queja: el número malo salía después, lejos de su origen. El mensaje empieza por la clase (o por el
    campo, si el registro lo comprueba con su nombre)."""
    clase, crear = _ejemplos_de_registros()[caso]
    mensaje = _error(crear)
    assert mensaje.startswith(f"{clase}: "), mensaje


# --- La segunda ronda del fuzz (todas las funciones de __all__, con valores hostiles) ---------------------------


def _hostiles():
    from gpucoste import navegador
    from gpucoste.base import esquema
    from gpucoste.calculo import alternativas, vast
    from gpucoste.cli import opciones as cli_opciones

    tabla = navegador.calcular("coste", {"precio_hora": "2", "horas": "10"} | _resto_coste())
    sin_formulario = {"pyodide": "", "rueda": "", "peso": ""}
    return [
        # (función, argumentos, nombrados, lo que el mensaje dice): antes, otra excepción o un número malo
        (cli_opciones.decimal, (None,), {}, "None no es un texto"),  # AttributeError
        (cli_opciones.decimal, (b"1",), {}, "b'1'"),  # TypeError
        (cli_opciones.decimal, ("1e999",), {}, "demasiado grande"),  # devolvía inf
        (cli_opciones.positivo, ("abc",), {}, "'abc' no es un número"),  # ArgumentTypeError, no ValueError
        (cli_opciones.entero_positivo, (math.nan,), {}, "nan"),
        (vast.dlperf_por_dolar, (math.nan, 1), {}, "gpucoste.calculo.vast.Oferta"),  # AttributeError
        (vast.coste_por_trabajo, ("x", 1), {"gb_disco": 1, "gb_subida": 0, "gb_bajada": 0}, "Oferta"),
        (alternativas.comparar, ("RTX 4090", "x"), {}, "gpucoste.calculo.alternativas.Trabajo"),  # AttributeError
        (esquema.cargar, ("precios.csv",), {}, "gpucoste.base.esquema.Tabla"),  # AttributeError
        (dibujo.lineas, (math.nan, {"a": [1]}), {"eje_x": "x", "eje_y": "y", "alt": "a"}, "lista no vacía"),
        (dibujo.lineas, ([1], {"a": 1}), {"eje_x": "x", "eje_y": "y", "alt": "a"}, "series['a']"),  # TypeError
        (dibujo.barras, (["a"], math.nan), {"eje": "e", "alt": "a"}, "diccionario no vacío"),
        (validacion.resultado, ("", "f", {}), {}, "no es un número finito"),  # TypeError
        (validacion.resultado, (10**400, "f", {}), {}, "no es un número finito"),  # OverflowError
        (validacion.invisibles, (math.nan,), {}, "se admite un texto"),  # TypeError
        (validacion.opcion, ("a", "Cosa", math.nan), {}, "lista de nombres"),  # TypeError
        (validacion.texto, ("RTX\u200b4090", "gpu"), {}, "sin caracteres de control"),  # aceptado
        (validacion.campos, (1,), {}, "registro"),  # TypeError
        (navegador.leer, (math.nan,), {}, "texto de un campo"),  # AttributeError
        (navegador.leer_entero, (b"x",), {}, "texto de un campo"),  # TypeError
        (navegador.escribir, (None,), {}, "None"),  # TypeError
        (navegador.escribir, (math.nan,), {}, "nan"),  # «nan» en un campo
        (navegador.calcular_json, ("coste", "{", "{}"), {}, "objeto JSON"),  # JSONDecodeError en inglés
        (navegador.tabla_html, (math.nan,), {}, "gpucoste.navegador.Tabla"),  # AttributeError
        (navegador.tabla_csv, ("x",), {}, "gpucoste.navegador.Tabla"),
        (navegador.formulario_html, ("RTX 4090",), sin_formulario, "Calculadora desconocida"),  # KeyError
        (navegador.codigo_html, ("a", math.nan, ""), sin_formulario, "codigo: nan"),  # AttributeError
        (navegador.clave_url, (math.nan, "x"), {}, "Calculadora desconocida"),  # aceptado: «nan.x»
        (navegador.Tabla, (("a",), (("1", "2"),), (True,)), {}, "filas[0] tiene 2 celdas"),  # zip() en inglés
        (navegador.tabla_csv, (tabla,), {"x": 1}, ""),  # (comprobación del caso bueno, abajo)
    ]


def _resto_coste():
    from gpucoste import navegador

    c = navegador.CALCULADORAS["coste"]
    return {k.nombre: navegador.escribir(k.defecto) for k in c.campos() if k.nombre not in ("precio_hora", "horas")}


@pytest.mark.parametrize("caso", range(29))
def test_entradas_hostiles_de_la_segunda_ronda(caso):
    funcion, args, kwargs, texto = _hostiles()[caso]
    assert texto in _error(funcion, *args, **kwargs)


def test_los_casos_buenos_siguen_valiendo():
    from gpucoste import navegador
    from gpucoste.cli import opciones as cli_opciones

    assert cli_opciones.decimal("12.345,5") == 12345.5 and cli_opciones.entero_positivo("2048,0") == 2048
    tabla = navegador.calcular("coste", {"precio_hora": "2", "horas": "10"} | _resto_coste())
    assert navegador.tabla_csv(tabla).startswith(",".join(tabla.columnas))
    assert navegador.leer("0,39") == 0.39 and navegador.escribir(50e6) == "50.000.000"
    assert validacion.texto("línea uno\nlínea dos", "rótulo")  # un salto de línea no es un carácter invisible
    assert validacion.resultado(2, "f", {}) == 2


# --- Los nombres se resuelven una vez, en la frontera pública ---------------------------------------------------


def _resoluciones(llamar) -> dict[str, int]:
    """Cuántas veces ``llamar()`` resuelve un nombre de modelo o de GPU (``memoria.modelo``/``memoria.gpu`` con un
    texto; con un registro ya resuelto, esas funciones lo devuelven tal cual y no cuentan)."""
    import collections
    import sys

    from gpucoste.calculo import memoria

    codigos = {memoria.modelo.__code__: "modelo", memoria.gpu.__code__: "gpu"}
    cuenta: collections.Counter = collections.Counter()

    def perfil(frame, evento, _arg):
        if evento == "call" and frame.f_code in codigos and isinstance(frame.f_locals.get("nombre"), str):
            cuenta[codigos[frame.f_code]] += 1

    sys.setprofile(perfil)
    try:
        llamar()
    finally:
        sys.setprofile(None)
    return dict(cuenta)


def test_un_ranking_resuelve_cada_nombre_una_vez():
    """Un ``Trabajo`` que entra en ``ranking.ranking`` resolvía su modelo 464 veces y las GPU 385 (6 y 5 por fila,
    en cada capa: ``gpus_necesarias``, ``horas_entrenamiento``, ``encaja`` y las propiedades del trabajo). Ahora el
    modelo, una vez, y cada GPU distinta, una vez."""
    from gpucoste.calculo import ranking

    trabajo = Trabajo("Llama 3.1 8B", "lora", 50e6)
    filas = ranking.ranking(trabajo)
    gpus = len({p.gpu for p in ranking.precios_vigentes()})
    cuenta = _resoluciones(lambda: ranking.ranking(trabajo))
    assert cuenta.get("modelo", 0) <= 1, cuenta
    assert cuenta.get("gpu", 0) <= gpus < len(filas), cuenta
    assert ranking.ranking(trabajo) == filas  # y el resultado, el mismo


def test_la_cuenta_de_resoluciones_puede_fallar():
    """Fallo plantado: una función que resuelve el mismo nombre en cada vuelta se cuenta entera."""
    from gpucoste.calculo import memoria

    assert _resoluciones(lambda: [memoria.modelo("Llama 3.1 8B") for _ in range(5)]) == {"modelo": 5}
    m = memoria.modelo("Llama 3.1 8B")
    assert _resoluciones(lambda: [memoria.modelo(m) for _ in range(5)]) == {}


def _hostiles_de_las_paginas():
    from gpucoste import navegador
    from gpucoste.cli import opciones as cli_opciones
    from gpucoste.datos import historial

    tabla_mala = "x"
    return [
        (navegador.en_moneda, (tabla_mala, "ES"), {}, "gpucoste.navegador.Tabla"),  # AttributeError
        (navegador.calcular_json, ("coste", "1", "{}"), {}, "objeto JSON"),  # TypeError: un JSON que no es un objeto
        (validacion.instancia, (1, math.nan, "x"), {}, "una clase"),  # TypeError
        (cli_opciones.nombre_de, (math.nan, datos.gpus), {}, "que: nan"),  # TypeError
        (historial.atipico, (math.nan,), {}, "gpucoste.datos.Precio"),  # AttributeError
        (historial.del_, (math.nan,), {}, "dia nan"),  # TypeError
        (historial.descripcion, ("A10", "Lambda", {"": 1}), {}, "lista no vacía de datos.Precio"),  # TypeError
        (historial.series, ([],), {}, "lista no vacía"),  # {} callado
    ]


@pytest.mark.parametrize("caso", range(8))
def test_entradas_hostiles_de_las_ayudas_de_paginas(caso):
    funcion, args, kwargs, texto = _hostiles_de_las_paginas()[caso]
    assert texto in _error(funcion, *args, **kwargs)


def test_un_numero_que_no_cabe_no_sale_del_campo_como_inf():
    """``navegador.leer('1e999')`` devolvía ``inf``: ahora el texto tal cual, que la biblioteca rechaza nombrándolo."""
    import json

    from gpucoste import navegador

    assert navegador.leer("1e999") == "1e999" and navegador.leer("nan") == "nan"
    rotulos = json.dumps({c.nombre: c.rotulo for c in navegador.CALCULADORAS["coste"].campos()})
    assert "«1e999»" in navegador.calcular_json("coste", _json_coste(horas="1e999"), rotulos)


def _json_coste(**cambios) -> str:
    import json

    return json.dumps({"precio_hora": "2", "horas": "10"} | _resto_coste() | cambios)


def test_minimo_por_encima_del_maximo_en_cualquier_registro():
    """``datos.Ajuste`` (y todo registro con ``minimo`` y ``maximo``) aceptaba un mínimo por encima del máximo."""
    from gpucoste import navegador

    ajuste = next(iter(datos.ajustes().values()))
    assert re.search(r"^Ajuste: (central|maximo)=.* no vale", _error(dataclasses.replace, ajuste, minimo=1e308))
    assert "un diccionario" in _error(dataclasses.replace, navegador.CALCULADORAS["coste"], banderas=math.nan)


@pytest.mark.parametrize("respuesta", [math.nan, "1", "{}", "[]", "abc", '{"results": 5}', '{"periods": [{}]}'])
def test_una_respuesta_de_la_red_mal_formada_es_un_error_en_espanol(respuesta):
    """Los lectores de tipos de cambio daban KeyError, TypeError, IndexError o el JSONDecodeError en inglés con una
    respuesta que no era la de su API: ahora, un ValueError que nombra el organismo."""
    from gpucoste.recoleccion import cambios as recolector_cambios

    for leer in (recolector_cambios.leer_bce, recolector_cambios.leer_banxico, recolector_cambios.leer_trm):
        with pytest.raises(ValueError) as error:
            leer(respuesta)
        assert not re.search(r"Expecting|object|subscriptable|index", str(error.value)), error.value
    for leer in (recolector_cambios.leer_bcra, recolector_cambios.leer_bcch, recolector_cambios.leer_bcrp):
        with pytest.raises(ValueError):
            leer(respuesta)


def test_el_recolector_comprueba_sus_entradas(tmp_path):
    """``recolector.medianas(' ')``, ``ultimas(nan)``, ``linea_csv('x')``, ``nota(nan, …)``, ``resumen('x')`` y
    ``anadir(' ', …)`` daban AttributeError, TypeError o NotADirectoryError."""
    from gpucoste.recoleccion import precios as recolector

    assert "lista de Oferta" in _error(recolector.medianas, " ")
    assert "historial[0]" in _error(recolector.ultimas, [math.nan])
    assert "gpucoste.datos.Precio" in _error(recolector.linea_csv, "x")
    assert "gpucoste.recoleccion.precios.Lectura" in _error(recolector.nota, math.nan, "gpuhunt")
    assert "gpucoste.recoleccion.precios.Lectura" in _error(recolector.pocas_ofertas, math.nan)
    assert "gpucoste.recoleccion.precios.Informe" in _error(recolector.resumen, "x")
    assert "carpeta de los datos" in _error(recolector.anadir, tmp_path, [])
    assert "lista de Precio" in _error(recolector.anadir, tmp_path, "x")
    assert recolector.medianas([]) == [] and recolector.ultimas(datos.precios()[:1])


def test_los_graficos_comprueban_su_entrada():
    """``graficos.figura(nan)`` devolvía un gestor que fallaba después; ``coma_decimal('x')`` y ``svg(nan, …)``
    daban AttributeError."""
    from gpucoste.graficos import figuras as graficos

    assert "ancho: nan" in _error(graficos.figura, math.nan)
    assert "hasta 50" in _error(graficos.figura, 7, 1e308)
    assert "graficos.figura()" in _error(graficos.coma_decimal, "x")
    assert "graficos.figura()" in _error(graficos.svg, math.nan, "Un gráfico")
    with graficos.figura() as (fig, ax):
        assert "Eje desconocido" in _error(graficos.coma_decimal, ax, 0, "z")


def test_la_calibracion_comprueba_lo_que_recibe():
    """``calibracion.mitades(nan)``, ``ajustar(' ')``, ``filas_ajustes(b'x')``, ``fallos({})``,
    ``texto_informe(nan)`` y ``escribir_ajustes('')`` daban TypeError, AttributeError, IndexError, KeyError o
    FileNotFoundError."""
    from gpucoste.calculo import calibracion

    assert "lista de Medida" in _error(calibracion.mitades, math.nan)
    assert "lista de Medida" in _error(calibracion.ajustar, " ")
    assert "calibracion.ajustar()" in _error(calibracion.filas_ajustes, b"x")
    assert "calibracion.informe()" in _error(calibracion.fallos, {})
    assert "lista de Prediccion" in _error(calibracion.fallos, None, " ")
    assert "calibracion.informe()" in _error(calibracion.texto_informe, math.nan)
    assert "carpeta que existe" in _error(calibracion.escribir_ajustes, "")


def test_una_barra_invertida_en_el_texto_alternativo():
    """``graficos.svg(fig, 'a \\O b')`` daba ``re.error: bad escape \\O`` (el texto iba en la sustitución)."""
    from gpucoste.graficos import figuras as graficos

    with graficos.figura() as (fig, ax):
        ax.plot([1, 2], [1, 2])
        assert "<title>a \\O b</title>" in graficos.svg(fig, "a \\O b")


def test_mitades_de_escalado_y_resumen_de_cambios_con_entradas_malas():
    from gpucoste.calculo import calibracion
    from gpucoste.recoleccion import cambios as recolector_cambios

    assert "lista de Escalado" in _error(calibracion.mitades_escalado, " ")
    assert "lista de Lectura" in _error(recolector_cambios.resumen, math.nan)


# --- La tercera ronda del fuzz (issue 21): textos de registros, no finitos en cualquier campo, enteros enormes ----


def _registro_de(clase):
    """Un registro bueno de ``clase`` (de los datos o de una función que lo devuelve)."""
    from gpucoste.calculo import calibracion
    from gpucoste.cli import opciones as cli_opciones
    from gpucoste.dinero import mercado

    return {
        "Ajuste": lambda: next(iter(datos.ajustes().values())),
        "PrecioApi": lambda: mercado.precios_api()[0],
        "Precio": lambda: datos.precios()[0],
        "Opcion": lambda: cli_opciones.Opcion("--x", "Una opción."),
        "Resumen": lambda: calibracion.Resumen(3, 0.1, 0.5),
    }[clase]()


@pytest.mark.parametrize(
    ("clase", "campo", "valor"),
    [
        ("Ajuste", "clave", ""),  # un texto obligatorio de un registro no va vacío…
        ("Ajuste", "clave", " "),
        ("PrecioApi", "modelo", "\t"),
        ("PrecioApi", "modelo", "Llama\u200b3"),  # …ni lleva caracteres invisibles o de control
        ("Precio", "nota", " "),  # una nota puede ir vacía, pero no con solo espacios
        ("Precio", "nota", "a\x00b"),
        ("Opcion", "defecto", math.nan),  # un campo sin tipo (object) tampoco guarda NaN ni infinitos
        ("Opcion", "defecto", (1.0, math.inf)),
        ("Resumen", "n", 10**400),  # un entero que no cabe sin perder cifras en un float
        ("Opcion", "defecto", -(10**400)),
    ],
)
def test_un_registro_rechaza_textos_vacios_no_finitos_y_enteros_enormes(clase, campo, valor):
    registro = _registro_de(clase)
    assert _error(dataclasses.replace, registro, **{campo: valor}).startswith(f"{clase}: {campo}=")


def test_los_textos_que_pueden_ir_vacios():
    """Elegido por campo: puede ir vacío un texto que vale ``""`` por defecto (nota, motivo, ejemplo…), una columna no
    obligatoria de su CSV (``rechazada`` de medidas.csv) o lo que declara ``validacion.admite_vacio`` (la unidad de un
    número sin unidad, la entrada neutra de países)."""
    from gpucoste import navegador
    from gpucoste.dinero import paises

    assert dataclasses.replace(datos.precios()[0], nota="").nota == ""
    assert dataclasses.replace(datos.medidas()[0], rechazada="").rechazada == ""
    campo = next(c for c in navegador.CALCULADORAS["coste"].campos())
    assert dataclasses.replace(campo, unidad="").unidad == ""
    assert paises.SIN_IMPUESTOS.ley == ""
    _error(dataclasses.replace, campo, etiqueta="")
    _error(validacion.admite_vacio, navegador.Campo, "no_existe")


def test_las_claves_de_un_diccionario_de_un_registro_no_van_vacias():
    from gpucoste.cli import opciones as cli_opciones

    salida = cli_opciones.Salida(_tabla())
    _error(dataclasses.replace, salida, decimales={"": 1})
    _error(dataclasses.replace, salida, constantes={"x": math.nan})


def _tabla():
    import pandas as pd

    return pd.DataFrame({"a": [1]})


def test_enteros_que_no_caben_en_un_float():
    """``frescura.antiguos(umbral_dias=10**400)`` o ``historial.series(minimo=10**400)`` se aceptaban."""
    from gpucoste.datos import frescura, historial

    assert "9.007.199.254.740.992" in _error(validacion.entero, 10**400, "n")
    _error(frescura.antiguos, None, 10**400)
    _error(historial.series, None, 10**400)
    _error(dataclasses.replace, datos.modelos()["Llama 3.1 8B"], capas=10**300)
    assert validacion.entero(2**53, "n") == 2**53


class _SinCampos:
    provider = "vastai"


@pytest.mark.parametrize("oferta", [None, "x", 1.5, _SinCampos()])
def test_las_ayudas_del_recolector_piden_una_oferta_de_gpuhunt(oferta):
    """``recolector.nivel``, ``es_pcie``, ``gpu_de`` y ``ofertas`` daban AttributeError o TypeError con algo que no es
    una oferta de gpuhunt."""
    from gpucoste.recoleccion import precios as recolector

    for llamar in (
        lambda: recolector.nivel(oferta),
        lambda: recolector.es_pcie(oferta),
        lambda: recolector.gpu_de(oferta, recolector.GPUS, {"RTX 4090": 24}),
        lambda: recolector.ofertas([oferta]),
    ):
        assert "oferta de gpuhunt" in _error(llamar)
    _error(recolector.ofertas, "x")
    _error(recolector.ofertas, [], {"RTX 4090": ""})


def test_otros_hallazgos_de_la_tercera_ronda():
    from gpucoste import cli
    from gpucoste.base import esquema, formato
    from gpucoste.calculo import calibracion
    from gpucoste.cli import opciones as cli_opciones
    from gpucoste.graficos import figuras as graficos

    assert "cli.opciones.Salida" in _error(cli.localizar, "x", "ES")  # AttributeError
    precios = esquema.TABLAS["precios.csv"]
    assert "esquema.tabla_de_valores" in _error(esquema.valor, precios, "x", "Clave")  # AttributeError
    assert "sin caracteres de control" in _error(formato.total, "a\x1bb", True)
    assert "sin caracteres de control" in _error(dibujo.barras, ["a"], {"x": [1]}, eje="e", alt="\u200b")
    assert "Orden: nombre=nan" in _error(cli_opciones.orden, math.nan, "Una orden.")
    _error(calibracion.escribir_ajustes, "a\x00b")  # «embedded null byte», en inglés
    _error(dibujo.marcas, 0, 1e308)  # decía qué estaba mal, no qué se admite
    _error(esquema.Columna, "x", "texto", "Una columna.", valores=("a",))
    assert "df=None" in _error(formato.tabla, None, {})  # decía «no 'NoneType'»
    _error(dataclasses.replace, precios, clave=())
    with graficos.figura() as (fig, _ax):
        _error(graficos.svg, fig, "a\x07")


def test_los_recolectores_comprueban_sus_argumentos():
    """``recolector.orden`` daba TypeError, IndexError o el «dest supplied twice» de argparse en inglés;
    ``recolector_cambios.guardadas(nan)`` se aceptaba; una ``Lectura`` escrita sin tipo rompía ``resumen``
    (TypeError al formatear None); los lectores de respuestas decían qué faltaba pero no qué se admite."""
    from gpucoste.recoleccion import cambios as recolector_cambios
    from gpucoste.recoleccion import precios as recolector

    textos = {k: "Un texto." for k in ("prog", "descripcion", "ayuda_datos", "ayuda_fecha", "ayuda_resumen")}
    buenos = {"opcion_guardadas": ("--ofertas", "Carpeta."), "hacer": lambda *a: ""} | textos
    for malo in ({"opcion_guardadas": ("ofertas", "x")}, {"opcion_guardadas": math.nan}, {"hacer": 1}):
        _error(recolector.orden, [], **(buenos | malo))
    _error(recolector.orden, math.nan, **buenos)
    _error(recolector_cambios.guardadas, math.nan)
    assert "resultados[0]" in _error(recolector.planificar, datos.precios(), ["x"], "2026-07-01")  # AttributeError
    _error(recolector.planificar, datos.precios(), math.nan, "2026-07-01")
    _error(recolector_cambios.Lectura, "EUR", escrita=True)
    assert "tal como la publica BCE" in _error(recolector_cambios.leer_bce, "<xml/>")


def test_los_campos_de_cada_calculadora_se_crean():
    """Con la regla de los textos vacíos, un campo que el lector puede dejar vacío (el precio de compra: el de la
    tienda de su país) empieza con ``defecto=""``: ``admite_vacio`` lo declara, y cada formulario se construye."""
    from gpucoste import navegador

    for nombre, calculadora in navegador.CALCULADORAS.items():
        assert calculadora.campos(), nombre
    assert any(c.defecto == "" for c in navegador.CALCULADORAS["comprar"].campos())


# --- La cuarta ronda del fuzz (issue 21): campos sin tipo preciso, una lista que era un texto, un mes futuro -----


def _caso_y_comparacion():
    from gpucoste.guia import decisiones

    return decisiones.casos()[0], decisiones.local_frente_a_rapida()


@pytest.mark.parametrize("valor", [object(), b"x", [None], {"": 1}])
def test_un_campo_sin_tipo_preciso_ya_no_admite_cualquier_cosa(valor):
    """``Opcion(defecto=…)``, ``Caso(recomendacion=…)`` y ``LocalFrenteARapida(trabajo=…)`` estaban anotados como
    ``object``: cualquier valor pasaba. Ahora, un texto o un número (el defecto de una opción), una
    ``recomendacion.Recomendacion`` o un ``trabajo.Trabajo``."""
    from gpucoste.cli import opciones as cli_opciones

    caso, comparacion = _caso_y_comparacion()
    assert "se admite un texto o un número finito o None" in _error(cli_opciones.Opcion, "--x", "Una.", defecto=valor)
    assert "gpucoste.calculo.recomendacion.Recomendacion" in _error(dataclasses.replace, caso, recomendacion=valor)
    assert "gpucoste.calculo.trabajo.Trabajo" in _error(dataclasses.replace, comparacion, trabajo=valor)


def test_los_campos_de_tipo_preciso_siguen_admitiendo_lo_suyo():
    from gpucoste import cli
    from gpucoste.cli import opciones as cli_opciones

    caso, comparacion = _caso_y_comparacion()
    assert dataclasses.replace(caso, recomendacion=caso.recomendacion) == caso
    assert dataclasses.replace(comparacion, trabajo=comparacion.trabajo) == comparacion
    for defecto in ("sí", 1024, 0.0, None):
        assert cli_opciones.Opcion("--x", "Una.", defecto=defecto).defecto == defecto
    # Cada opción de cada orden de la línea de órdenes se crea con su defecto (texto, número o nada).
    assert {type(op.defecto) for o in cli.ORDENES.values() for op in o.opciones} <= {str, int, float, type(None)}


@pytest.mark.parametrize(("ofertas", "texto"), [(b"x", "ofertas=b'x'"), ("ab", "ofertas='ab'"), ([None], "ofertas[0]")])
def test_las_ofertas_de_un_resultado_son_una_lista_de_ofertas_de_gpuhunt(ofertas, texto):
    """``recolector.Resultado(ofertas=b'x')`` o ``[None]`` se creaban (``Sequence`` admite unos bytes o un texto);
    el error salía después, al recorrer las ofertas."""
    from gpucoste.recoleccion import precios as recolector

    mensaje = _error(recolector.Resultado, "vastai", ofertas=ofertas)
    assert mensaje.startswith("Resultado: ") and texto in mensaje
    assert recolector.Resultado("vastai", ofertas=()).ofertas == ()


def test_un_periodo_que_empieza_despues_de_hoy(monkeypatch):
    """``formato.periodo('2099-01')`` daba «enero de 2099»: un precio de un periodo que no ha empezado. Como una fecha
    de un CSV, el periodo empieza como tarde hoy (``esquema.fecha_limite``)."""
    from gpucoste.base import esquema, formato

    hoy = esquema.fecha_limite()
    siguiente = f"{hoy.year + 1}-01"
    assert f"periodo: {siguiente} (enero de {hoy.year + 1}) es posterior a hoy" in _error(formato.periodo, siguiente)
    assert "es posterior a hoy" in _error(formato.periodo, f"{hoy.year + 1}-S1")
    assert formato.periodo(f"{hoy.year}-{hoy.month:02d}") == formato.mes(hoy.isoformat())  # el mes de hoy sí
    assert formato.periodo(f"{hoy.year}-S1") == f"primer semestre de {hoy.year}"
    _error(formato.periodo, "0000-S1")  # un año que no existe
    _error(formato.periodo, "\uff12\uff10\uff12\uff15-S1")  # cifras de ancho completo: «２０２５»


def test_resultado_pide_el_nombre_de_la_funcion_y_sus_entradas():
    """``validacion.resultado(1, nan, {})`` devolvía 1: el nombre de la función es una etiqueta del mensaje."""
    assert "resultado: funcion: nan" in _error(validacion.resultado, 1.0, math.nan, {})
    assert "resultado: entradas=nan" in _error(validacion.resultado, 1.0, "f", math.nan)
    assert validacion.resultado(1.0, "f", {"x": 1}) == 1.0
