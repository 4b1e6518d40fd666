"""Las calculadoras en Python, sin navegador: ``leer`` entiende la coma decimal sin inventar cifras; a cualquier
texto, ``calcular_json`` responde con una tabla o con un error en español junto a su campo; cada campo es una opción
de su orden de ``gpucoste`` y la orden imprime las cifras del formulario; el enlace y el CSV; la frase de la GPU más
barata sin medidas, la misma en el formulario, el ejemplo y la orden; y el país del lector (issue 22).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import io
import json
import random
import re

import pytest
from bs4 import BeautifulSoup
from calculadoras_navegador import (
    OTROS_VALORES,
    _cifras_que_faltan,
    _compra_local_esperada,
    _ejecutar,
    _ejecutar_orden,
    _otros,
    _por_defecto,
    _responder,
    _rotulos,
)
from conftest import RAIZ, RAPIDO

from gpucoste import navegador
from gpucoste.base.formato import numero
from gpucoste.calculo.coste import coste_total
from gpucoste.calculo.trabajo import Trabajo


@pytest.mark.parametrize(
    ("texto", "valor"),
    [
        ("0,39", 0.39),
        ("0.39", 0.39),
        ("6", 6.0),
        ("2.000", 2000.0),
        ("1.234,5", 1234.5),
        ("0.390", 0.39),
        ("-1", -1.0),
        ("\u22121,5", -1.5),  # el signo menos, copiado de una tabla de la página
        (" 7,5 ", 7.5),
        ("abc", "abc"),
        ("", ""),
        ("1,2,3", "1,2,3"),
    ],
)
def test_leer(texto, valor):
    assert navegador.leer(texto) == valor


# Sin hypothesis en el lock todavía: valores generados con semilla fija (los mismos en cada ejecución).
_AZAR = random.Random(12)
_FLOTANTES = [
    *(_AZAR.uniform(1e-4, 10) for _ in range(300)),
    *(10 ** _AZAR.uniform(-4, 9) for _ in range(300)),
    *(round(_AZAR.uniform(0, 5000), _AZAR.randint(0, 4)) or 1.0 for _ in range(300)),
]
_TEXTOS = ["".join(_AZAR.choice("0123456789,.-+eE nainf_ $") for _ in range(_AZAR.randint(0, 10))) for _ in range(300)]


def test_escribir_y_leer_dan_el_mismo_numero():
    for x in _FLOTANTES:
        assert navegador.leer(navegador.escribir(x)) == x, x


def test_un_texto_cualquiera_da_tabla_o_error_en_espanol():
    """Nunca una excepción distinta de ValueError ni un NaN: la respuesta es una tabla o un error."""
    for nombre, calc in navegador.CALCULADORAS.items():
        defecto = {c.nombre: navegador.escribir(c.defecto) for c in calc.campos()}
        for campo in defecto:
            for entrada in _TEXTOS[::10] if RAPIDO else _TEXTOS:  # make check: una muestra fija, uno de cada diez
                respuesta = _responder(nombre, {**defecto, campo: entrada})
                assert ("tabla" in respuesta) != ("error" in respuesta), (campo, entrada)
                if "tabla" in respuesta:
                    # «nan» o «inf» como palabra (un número roto), no dentro de «InfiniBand»
                    assert not re.search(r"\b(nan|-?inf(inity)?)\b", respuesta["tabla"].lower()), (campo, entrada)


def test_los_campos_son_los_argumentos():
    for calc in navegador.CALCULADORAS.values():
        assert tuple(c.nombre for c in calc.campos()) == tuple(calc.argumentos)
    with pytest.raises(ValueError, match="se admiten exactamente"):
        navegador.calcular("coste", {"horas": "1"})
    with pytest.raises(ValueError, match="Calculadora desconocida"):
        navegador.calcular("no-existe", {})


def test_error_de_la_biblioteca_con_su_campo():
    valores = {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS["coste"].campos()}
    valores["horas"] = "-1"
    respuesta = _responder("coste", valores)
    with pytest.raises(ValueError) as error:
        coste_total(1.0, -1.0)
    # El mensaje de la biblioteca, con el rótulo del campo en vez del nombre del argumento y el valor como lo escribió
    # el lector («-1», no «-1.0»).
    assert str(error.value).startswith("horas: -1.0 no vale")
    rotulo = _rotulos("coste")["horas"]
    assert respuesta == {"error": str(error.value).replace("horas: -1.0", f"{rotulo}: «-1»", 1), "campo": "horas"}
    # ``calcular``, la función de Python, sigue nombrando el argumento (su clave en ``valores``), como la orden.
    with pytest.raises(ValueError, match=r"^horas: '-1' no vale"):
        navegador.calcular("coste", valores)


@pytest.mark.parametrize("malo", ["abc", "-5"])
@pytest.mark.parametrize(
    ("nombre", "campo"),
    [
        (n, campo)
        for n, c in navegador.CALCULADORAS.items()
        for campo, tipo in c.argumentos.items()
        if tipo in ("decimal", "entero", "decimal_o_vacio")
    ],
)
def test_un_valor_malo_se_nombra_junto_a_su_campo_como_se_escribio(nombre, campo, malo):
    """Cada campo numérico de cada formulario, con un valor malo: el error va junto al campo (el script lo pone allí)
    y empieza por su rótulo, el que lee el lector en el formulario, y el valor tal como se escribió. Antes, «tokens»
    daba «Trabajo: tokens='abc' no vale» (lejos del campo), «precio_interrumpible» se quejaba de «precio_hora», un
    «-5» se leía «-5.0» y el mensaje empezaba por el nombre del argumento («horas: '-5'»)."""
    valores = _por_defecto(nombre)
    valores[campo] = f" {malo} "  # con espacios a los lados: se nombra sin ellos, como se ve
    respuesta = _responder(nombre, valores)
    assert respuesta["campo"] == campo, respuesta
    assert respuesta["error"].startswith(f"{_rotulos(nombre)[campo]}: «{malo}» "), respuesta
    assert "se admite" in respuesta["error"]


_MALOS = ("abc", "-5", "0", "{", "1,5")
"""Valores malos para cualquier campo: un texto que no es un número ni una opción ni un JSON, y números de más o de
menos para los campos que los leen; cada campo rechaza al menos «abc»."""


@pytest.mark.parametrize(
    ("nombre", "campo"), [(n, campo) for n, c in navegador.CALCULADORAS.items() for campo in c.argumentos]
)
def test_ningun_error_empieza_por_el_nombre_interno_del_campo(nombre, campo):
    """Cualquier campo de cualquier calculadora registrada (números, opciones, el config.json), con un valor malo: el
    lector lee, junto al campo, su rótulo (el del formulario), nunca el nombre del argumento («precio_hora: …»),
    que no sabe qué es. Un error de dos campos a la vez (los dos objetivos de latencia de «servir») nombra los dos
    rótulos, separados por « / », y va junto al primero."""
    rotulos = _rotulos(nombre)
    errores = []
    for malo in _MALOS:
        respuesta = _responder(nombre, _por_defecto(nombre) | {campo: malo})
        if "tabla" in respuesta:  # un valor que vale en este campo («0» minutos de arranque)
            continue
        error = respuesta["error"]
        assert not re.match(rf"{re.escape(campo)}\b", error), (malo, error)
        # Un rótulo no lleva «:» (es el nombre del dato, antes de su aclaración): lo que va delante del primero son
        # los rótulos de los campos del error.
        nombrados = error.split(": ", 1)[0].split(" / ")
        assert rotulos[campo] in nombrados and rotulos[respuesta["campo"]] == nombrados[0], (malo, respuesta)
        if len(nombrados) == 1:
            assert respuesta["campo"] == campo, (malo, respuesta)
        errores.append(error)
    assert errores, f"ningún valor de {_MALOS!r} es malo para {nombre}.{campo}"


@pytest.mark.parametrize("nombre", sorted(navegador.CALCULADORAS))
def test_el_rotulo_del_error_es_el_principio_de_la_etiqueta_del_campo(nombre):
    """El ``data-rotulo`` que pasa el script es lo que el lector lee al principio del ``<label>`` de su campo (el nombre
    del dato y su unidad, sin la aclaración que siga): el mismo texto, de la misma fuente (``Campo.rotulo``)."""
    sopa = BeautifulSoup(navegador.formulario_html(nombre, pyodide="p/", rueda="r.whl", peso="1 MB"), "html.parser")
    campos = {c.nombre: c for c in navegador.CALCULADORAS[nombre].campos()}
    for control in sopa.select("[name][data-rotulo]"):
        etiqueta = " ".join(sopa.select_one(f'label[for="{control["id"]}"]').get_text().split())
        campo = campos[control["name"]]
        assert control["data-rotulo"] == campo.rotulo, control["name"]
        assert etiqueta == " ".join(f"{campo.rotulo}{campo.aclaracion}".split()), control["name"]
        assert etiqueta.startswith(control["data-rotulo"]) and control["data-rotulo"] != control["name"]
    assert set(campos) == {c["name"] for c in sopa.select("[name][data-rotulo]")}


def test_sin_los_rotulos_del_formulario_no_responde():
    """Sin un rótulo por campo, ``calcular_json`` no calcula (un error diría entonces el nombre del argumento)."""
    valores = json.dumps(_por_defecto("coste"))
    for rotulos in ("{}", json.dumps(dict.fromkeys(_por_defecto("coste"), "")), "[]"):
        with pytest.raises(ValueError, match="rotulos_json=.* no vale; se admite"):
            navegador.calcular_json("coste", valores, rotulos)


def test_metodos_con_su_nombre_y_su_valor():
    """La lista de métodos muestra «LoRA», «QLoRA», «fine-tuning completo» (de la biblioteca) y envía el valor."""
    from gpucoste.calculo import memoria

    html = navegador.formulario_html("cabe", pyodide="p/", rueda="r.whl", peso="1 MB")
    opciones = {o["value"]: o.get_text() for o in BeautifulSoup(html, "html.parser").select("#gc-cabe-metodo option")}
    assert opciones == memoria.NOMBRES_METODOS
    assert opciones["lora"] == "LoRA" and opciones["completo"] == "fine-tuning completo"
    assert 'value="lora" selected' in html


# ---- La más barata sin medidas de entrenamiento: la misma frase en el ejemplo, el formulario y la orden ---------


BARATO_TABLA = RAIZ / "snippets" / "calculadoras" / "barato_tabla.py"
ORDEN_BARATO = ["donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "lora", "--tokens", "50e6"]


def _medidas_de_entrenamiento() -> set[str]:
    """Las GPU con alguna medida de entrenamiento aceptada, leídas de medidas.csv (no de la función que se prueba)."""
    from gpucoste import datos

    return {m.gpu for m in datos.medidas() if m.tipo == "entrenamiento" and not m.rechazada}


def _la_mas_barata_en_tres_sitios() -> tuple[str, str, str, str]:
    """La GPU más barata del ejemplo de la página (LoRA de Llama 3.1 8B con 50 millones de tokens), la tabla del
    formulario con esos valores (su HTML), lo que imprime el ejemplo y lo que imprime la orden (tabla)."""
    from gpucoste import cli

    valores = _por_defecto("donde-mas-barato")
    assert (valores["modelo"], valores["metodo"], navegador.leer(valores["tokens"])) == ("Llama 3.1 8B", "lora", 50e6)
    tabla = navegador.calcular("donde-mas-barato", valores)
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        assert cli.main(ORDEN_BARATO) == 0
    ejemplo = _ejecutar(BARATO_TABLA.read_text(encoding="utf-8"))
    return tabla.filas[0][0], navegador.tabla_html(tabla), ejemplo, salida.getvalue()


@pytest.mark.parametrize("medida", [False, True], ids=["sin-medidas", "con-medidas"])
def test_la_mas_barata_sin_medidas_lo_dice_igual_en_el_formulario_el_ejemplo_y_la_orden(monkeypatch, medida):
    """Si la GPU de la opción más barata no tiene medidas de entrenamiento, sus horas son una estimación con la MFU
    de su clase: lo dice el ejemplo de la página, la nota de la tabla del formulario y el pie de
    ``gpucoste donde-mas-barato``, con la misma frase (``ranking.aviso_mas_barata``). Con medidas, ninguno lo dice.
    Los dos casos, sean cuales sean los datos: la lista de GPU medidas se fija aquí, con o sin la más barata."""
    from gpucoste.calculo import calibracion, ranking

    gpu = ranking.ranking(Trabajo("Llama 3.1 8B", "lora", 50e6))[0].precio.gpu
    medidas = (_medidas_de_entrenamiento() - {gpu}) | ({gpu} if medida else set())
    monkeypatch.setattr(calibracion, "gpus_medidas_entrenamiento", lambda: sorted(medidas))
    primera, formulario, ejemplo, orden = _la_mas_barata_en_tres_sitios()
    assert primera == gpu
    aviso = ranking.aviso_mas_barata(gpu)
    if medida:
        assert aviso == ""
        for texto_ in (formulario, ejemplo, orden):
            assert "Horas estimadas en la más barata" not in texto_
        return
    assert gpu in aviso and "estimadas" in aviso and "MFU" in aviso
    assert formulario.startswith(f'<p class="gc-nota">{html.escape(aviso)}')  # detrás, el del precio antiguo
    assert f"\n{aviso}\n" in ejemplo
    assert aviso in orden.splitlines()


def test_la_mas_barata_de_los_datos_lo_dice_si_no_tiene_medidas():
    """Con los datos de hoy (sin fijar nada): el aviso sale si y solo si la GPU más barata no está entre las que tienen
    una medida de entrenamiento en medidas.csv."""
    gpu, formulario, ejemplo, orden = _la_mas_barata_en_tres_sitios()
    sin_medidas = gpu not in _medidas_de_entrenamiento()
    assert ("Horas estimadas" in formulario) == sin_medidas
    assert ("Horas estimadas en la más barata" in ejemplo) == sin_medidas
    assert any("Horas estimadas" in linea and gpu in linea for linea in orden.splitlines()) == sin_medidas


@pytest.mark.parametrize("antiguo", [False, True], ids=["reciente", "antiguo"])
def test_el_precio_antiguo_de_la_mas_barata_lo_dicen_igual_el_formulario_el_ejemplo_y_la_orden(monkeypatch, antiguo):
    """Si el precio de la opción más barata tiene más de ``frescura.UMBRAL_DIAS`` días (respecto al precio más
    reciente de los datos), el ejemplo, la nota del formulario y el pie de la orden lo dicen con la misma frase
    (``ranking.aviso_precio_antiguo``) y nombran la más barata con un precio reciente; si no, ninguno lo dice. Los dos
    casos con cualesquiera datos: la fecha de referencia se fija aquí, a partir de la fecha de la más barata."""
    from gpucoste.calculo import ranking
    from gpucoste.datos import frescura

    filas = ranking.ranking(Trabajo("Llama 3.1 8B", "lora", 50e6))
    dia = frescura.dia(filas[0].precio.fecha)
    referencia = dia + dt.timedelta(days=frescura.UMBRAL_DIAS + (1 if antiguo else 0))
    monkeypatch.setattr(frescura, "ultima_lectura", lambda: referencia)
    _, formulario, ejemplo, orden = _la_mas_barata_en_tres_sitios()
    aviso = ranking.aviso_precio_antiguo(filas)
    if not antiguo:
        assert aviso == ""
        for texto_ in (formulario, ejemplo, orden):
            assert "Precio antiguo" not in texto_
        return
    # La más barata de precio reciente, contada aquí: la primera fila con fecha dentro del umbral.
    limite = referencia - dt.timedelta(days=frescura.UMBRAL_DIAS)
    reciente = next((f for f in filas if frescura.dia(f.precio.fecha) >= limite), None)
    assert f"Precio antiguo: el de la {filas[0].precio.gpu} en {filas[0].precio.proveedor_y_nivel} es del" in aviso
    assert f"{frescura.UMBRAL_DIAS + 1} días antes" in aviso
    if reciente is None:
        assert "Ninguna otra opción" in aviso
    else:
        assert f"la más barata es la {reciente.precio.gpu} en {reciente.precio.proveedor_y_nivel}, del" in aviso
    assert html.escape(aviso) in formulario
    assert f"\n{aviso}\n" in ejemplo
    assert aviso in orden.splitlines()
    assert f"{frescura.dia(filas[0].precio.fecha).day} de" in ejemplo and ", antiguo" in ejemplo


def test_la_frase_de_la_mas_barata_pide_una_gpu_de_los_datos():
    from gpucoste.calculo import ranking

    with pytest.raises(ValueError, match="GPU desconocida: 'mi300x'. ¿Quisiste decir 'MI300X'?"):
        ranking.aviso_mas_barata("mi300x")


# ---- Resultados que viajan: enlace, orden de gpucoste y CSV (issue 20) --------------------------------------


def test_hay_otros_valores_para_cada_calculadora_y_son_otros():
    assert set(OTROS_VALORES) == set(navegador.CALCULADORAS)
    for nombre, valores in OTROS_VALORES.items():
        assert set(valores) <= set(navegador.CALCULADORAS[nombre].argumentos), nombre
        assert all(v != _por_defecto(nombre)[c] for c, v in valores.items()), nombre


def test_cada_campo_es_una_opcion_de_su_orden():
    """Cada calculadora nombra una orden de la CLI y cada campo, una opción de esa orden (la misma declaración)."""
    from gpucoste import cli

    for nombre, c in navegador.CALCULADORAS.items():
        assert c.orden in cli.ORDENES, nombre
        opciones = {o.bandera for o in cli.ORDENES[c.orden].opciones}
        for campo in c.argumentos:
            assert navegador.bandera(nombre, campo) in opciones, f"{nombre}: {campo}"
        obligatorias = {o.bandera for o in cli.ORDENES[c.orden].opciones if o.obligatoria}
        assert obligatorias <= {navegador.bandera(nombre, campo) for campo in c.argumentos}, nombre


@pytest.mark.parametrize("nombre", sorted(OTROS_VALORES))
def test_la_orden_imprime_las_cifras_del_formulario(nombre):
    """La orden de «copiar como orden» (otros valores que los de la página), ejecutada, imprime cada cifra de la
    tabla de la calculadora."""
    valores = _otros(nombre)
    tabla = navegador.calcular(nombre, valores)
    salida = _ejecutar_orden(navegador.orden_cli(nombre, valores))
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, salida) == []


@pytest.mark.parametrize("nombre", sorted(OTROS_VALORES))
def test_la_prueba_de_la_orden_puede_fallar(nombre):
    """Fallo plantado: la orden de los valores de la página frente a la tabla de otros valores. La comparación lo
    ve: faltan cifras."""
    tabla = navegador.calcular(nombre, _otros(nombre))
    salida = _ejecutar_orden(navegador.orden_cli(nombre, _por_defecto(nombre)))
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, salida) != []


def test_enlace_y_csv_sin_navegador():
    valores = _otros("cabe")
    enlace = navegador.enlace("cabe", valores)
    assert enlace.startswith("?cabe.modelo=Qwen%202.5%2032B&") and enlace.endswith("#gc-cabe")
    from urllib.parse import parse_qsl, urlsplit

    consulta = dict(parse_qsl(urlsplit(enlace).query))
    # Todos los campos menos el config.json pegado, que no sale del navegador (tests/navegador/test_cabe_config.py).
    assert consulta == {f"cabe.{c}": v for c, v in valores.items() if c != "config"}
    tabla = navegador.calcular("donde-mas-barato", _otros("donde-mas-barato"))
    import csv

    assert list(csv.reader(io.StringIO(navegador.tabla_csv(tabla)))) == [list(tabla.columnas), *map(list, tabla.filas)]
    with pytest.raises(ValueError, match="se admiten exactamente"):
        navegador.orden_cli("cabe", {"modelo": "Llama 3.1 8B"})


# --- El país del lector en cada calculadora con dinero (issue 22) ------------------------------------------


@pytest.mark.parametrize("nombre", navegador.CON_DINERO)
def test_cada_calculadora_con_dinero_tiene_el_campo_pais_y_viaja_con_el(nombre):
    c = navegador.CALCULADORAS[nombre]
    campo = next(f for f in c.campos() if f.nombre == "pais")
    assert campo.defecto == "SIN" and {"ES", "MX", "CO", "AR", "CL", "PE"} <= set(campo.opciones)
    valores = {f.nombre: navegador.escribir(f.defecto) for f in c.campos()}
    neutra = navegador.calcular(nombre, valores)
    assert "--pais" not in navegador.orden_cli(nombre, valores)  # la neutra: la orden de siempre
    valores["pais"] = "CO"
    if valores.get("precio_kwh") == "":  # un kWh escrito: no depende de que Colombia tenga el suyo en los datos
        valores["precio_kwh"] = "0,3"
    tabla = navegador.calcular(nombre, valores)
    assert "COP/US$" in tabla.titulo and "TRM" in tabla.titulo
    assert any("COP con IVA 19" in c for c in tabla.columnas) and len(tabla.columnas) > len(neutra.columnas)
    assert navegador.orden_cli(nombre, valores).endswith("--pais CO")
    assert f"{navegador.clave_url(c.nombre, 'pais')}=CO" in navegador.enlace(nombre, valores)
    assert "COP con IVA 19" in navegador.tabla_csv(tabla).splitlines()[0]


def test_el_coste_en_colombia_es_el_de_la_biblioteca():
    from gpucoste.dinero import paises

    c = navegador.CALCULADORAS["coste"]
    valores = {f.nombre: navegador.escribir(f.defecto) for f in c.campos()} | {"pais": "CO"}
    filas = navegador.calcular("coste", valores).filas
    total = next(f for f in filas if f[0].startswith("Coste real"))
    usd = navegador.leer(total[1])
    assert total[2] == numero(paises.en_local(usd, "CO").local, 0)


def test_comprar_con_pais_y_sin_precio_usa_la_tienda_como_la_orden():
    """Sin precio escrito, el formulario toma el de la tienda del país (la misma función que «gpucoste comprar
    --pais»); «copiar como orden» va sin --precio-compra y la orden imprime la misma cifra; un precio escrito manda."""
    from gpucoste.base import formato
    from gpucoste.calculo import compra
    from gpucoste.guia import decisiones

    fila, esperado = _compra_local_esperada()
    valores = _por_defecto("comprar") | {"pais": fila["pais"]}
    assert valores["precio_compra"] == ""
    tabla = navegador.calcular("comprar", valores)
    celdas_ = {f[0]: f[1] for f in tabla.filas}
    assert celdas_["Precio de compra (US$)"] == numero(esperado)
    assert celdas_["Precio de compra (US$)"] == numero(
        compra.precio_de_compra(decisiones.GPU_ALQUILADA, fila["pais"]).usd
    )
    assert formato.fecha(fila["fecha"]) in tabla.titulo and "según" in tabla.titulo
    orden = navegador.orden_cli("comprar", valores)
    assert "--precio-compra" not in orden and orden.endswith(f"--pais {fila['pais']}")
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, _ejecutar_orden(orden)) == []
    # Sin país (la entrada neutra), el de lista; con uno escrito, ese, que va en la orden.
    neutra = {f[0]: f[1] for f in navegador.calcular("comprar", valores | {"pais": "SIN"}).filas}
    assert neutra["Precio de compra (US$)"] == numero(compra.precio_compra(decisiones.GPU_ALQUILADA))
    escrito = valores | {"precio_compra": "1.750"}
    assert navegador.calcular("comprar", escrito).filas[0][1] == numero(1750)
    assert "--precio-compra 1750" in navegador.orden_cli("comprar", escrito)
    assert "comprar.precio_compra=&" in navegador.enlace("comprar", valores)


def test_comprar_con_pais_y_sin_kwh_usa_la_luz_del_pais_como_la_orden():
    """Con el kWh vacío, el del hogar del país (decisiones.luz_del_pais, como «gpucoste comprar» sin --precio-kwh),
    calculado aquí desde los CSV; la orden va sin --precio-kwh e imprime las mismas cifras. Un país sin precio con
    fuente da el error junto al campo, que pide el tuyo."""
    import csv

    def filas(nombre: str) -> list[dict[str, str]]:
        with (RAIZ / "src" / "gpucoste" / "datos" / nombre).open(encoding="utf-8") as f:
            return list(csv.DictReader(f))

    todos = filas("paises.csv")
    for luz in filas("electricidad.csv"):
        pais = next(p for p in todos if p["pais"] == luz["pais"])
        if luz["moneda"] == "EUR":
            por_usd = 1 / float(next(x for x in filas("moneda.csv") if x["clave"] == "usd_por_eur")["valor"])
        else:
            cambios = [c for c in filas("cambios.csv") if c["moneda"] == luz["moneda"]]
            por_usd = float(max(cambios, key=lambda c: c["fecha"])["por_usd"])
        valores = _por_defecto("comprar") | {"pais": pais["codigo"]}
        assert valores["precio_kwh"] == ""
        tabla = navegador.calcular("comprar", valores)
        assert dict(f[:2] for f in tabla.filas)["Precio del kWh (US$)"] == numero(float(luz["precio_kwh"]) / por_usd, 4)
        assert f"Electricidad de un hogar de {luz['pais']}" in tabla.titulo
        orden = navegador.orden_cli("comprar", valores)
        assert "--precio-kwh" not in orden
        assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, _ejecutar_orden(orden)) == []
    con_luz = {f["pais"] for f in filas("electricidad.csv")}
    sin = next((p for p in todos if p["pais"] not in con_luz), None)
    if sin is not None:
        respuesta = _responder("comprar", _por_defecto("comprar") | {"pais": sin["codigo"]})
        assert respuesta["campo"] == "precio_kwh" and sin["pais"] in respuesta["error"]


@pytest.mark.parametrize("nombre", sorted(navegador.CALCULADORAS))
def test_ninguna_etiqueta_lleva_un_parentesis_tras_otro_ni_dentro_de_otro(nombre):
    """La unidad va tras el nombre del dato y antes de su aclaración, «Precio de la GPU (US$/h): RTX 4090, …»:
    nunca «… (estimación) (US$/h)» ni «(RTX 4090 (comunidad))» (la ortografía de la RAE pide corchetes dentro)."""
    from gpucoste.navegador import formularios

    sopa = BeautifulSoup(formularios.formulario_html(nombre, pyodide="p", rueda="r", peso="1 MB"), "html.parser")
    for etiqueta in sopa.find_all("label"):
        texto = " ".join(etiqueta.get_text().split())
        assert not re.search(r"\)\s*\(", texto), texto
        assert not re.search(r"\([^()]*\(", texto), texto


@pytest.mark.parametrize("nombre", sorted(navegador.CALCULADORAS))
def test_un_resultado_que_se_desborda_nombra_los_campos_por_su_rotulo(nombre):
    """Un valor enorme («1e308») en un campo numérico desborda una cuenta (``validacion.resultado``): el lector lee los
    campos que entran en ella por su rótulo y con lo que escribió («Precio de la GPU (US$/h): «1e308»»), junto al
    primero, nunca «coste_total: … con precio_hora=1e+308, horas=6.0»."""
    rotulos = _rotulos(nombre)
    desbordes = []
    for campo, tipo in navegador.CALCULADORAS[nombre].argumentos.items():
        if tipo not in ("decimal", "entero", "decimal_o_vacio"):
            continue
        respuesta = _responder(nombre, _por_defecto(nombre) | {campo: "1e308"})
        error = respuesta.get("error", "")
        assert not re.search(r"\b\w+=\S", error), (campo, error)
        if "no es un número finito" in error:
            desbordes.append(campo)
            assert error.startswith("Con estos valores"), error
            if respuesta["campo"] is not None:
                assert f"{rotulos[respuesta['campo']]}: «" in error, error
    if nombre in ("coste", "comprar", "api-o-gpu"):  # cuentas que se desbordan con 1e308 en un campo (fuzzer)
        assert desbordes, f"ningún campo de {nombre} desborda con 1e308"


def test_api_gratis_no_es_un_error():
    """Los dos precios de la API a 0 (el formulario admite 0 en cada uno): no hay ritmo que empate con una API gratis;
    la tabla lo dice, en lugar de un error que nombraba una cuenta interna («precio_millon: 0.0 no vale»)."""
    respuesta = _responder("api-o-gpu", _por_defecto("api-o-gpu") | {"precio_entrada": "0", "precio_salida": "0"})
    assert "error" not in respuesta, respuesta
    assert "la API es gratuita" in respuesta["tabla"]
