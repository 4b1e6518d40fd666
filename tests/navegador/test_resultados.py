"""Las cifras de cada calculadora en Chromium (la rueda de gpucoste en Pyodide, con toda petición a otra dirección
que 127.0.0.1 cortada):

- Con los valores por defecto, exactamente las publicadas al construir, que son las de las tablas de su página.
- Con otro valor, lo mismo que la biblioteca en Python, gráfico incluido; con un valor malo, su ValueError junto al
  campo y ninguna cifra.
- El código editable del experimento da la salida publicada y, editado, la de Python.
- Con el país del lector, su moneda y el precio de su tienda (issue 22).
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from calculadoras_navegador import (
    PAGINA_BARATO,
    PAGINA_COSTE,
    PAGINA_INTERRUMPIBLES,
    SNIPPET,
    Sesion,
    _compra_local_esperada,
    _con_formularios,
    _ejecutar,
    _grafico,
    _pagina_de,
    _por_defecto,
    _rellenar,
    _responder,
    _sopa,
    _valores,
)
from calculadoras_navegador import servido as servido
from calculadoras_navegador import sesion as sesion
from conftest import celdas, tabla_que_contiene, texto

from gpucoste import navegador
from gpucoste.base.formato import numero
from gpucoste.calculo import equilibrios
from gpucoste.calculo.coste import coste_total
from gpucoste.calculo.trabajo import Trabajo


def test_cada_calculadora_con_sus_valores_por_defecto_da_las_cifras_publicadas(sitio, sesion):
    for ruta, ids in _con_formularios(sitio).items():
        sesion.abrir(ruta)
        for id_ in ids:
            if not id_.startswith("gc-codigo-"):
                publicada = sesion.celdas(id_)
                assert publicada, f"{ruta}#{id_}: sin tabla al construir"
                sesion.enviar(id_)
                assert sesion.celdas(id_) == publicada, f"{ruta}#{id_}"
    assert sesion.fuera == []


def test_el_coste_por_defecto_es_el_de_la_tabla_de_costes_ocultos(sitio, sesion):
    """Fuente independiente: la fila más barata de la tabla de costes ocultos (snippet de la página), extremo
    bajo de cada rango. La calculadora, en el navegador, con sus valores por defecto, da esas cifras."""
    sopa = _sopa(sitio, PAGINA_COSTE)
    filas = tabla_que_contiene(sopa, "coste real")
    fila = next(f for f in filas if f[0] == "RTX 4090 (comunidad)")
    esperado = [fila[1], *(c.split("–")[0] for c in fila[2:4])]
    sesion.abrir(PAGINA_COSTE)
    sesion.enviar("gc-coste")
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-coste")}
    assert [
        calculado["GPU (precio × horas)"],
        calculado["Arranque facturado"],
        calculado["Disco durante el trabajo"],
    ] == esperado
    # La columna del coste real sin impuestos: la tabla sigue con el impuesto de un particular y el total con él.
    assert calculado["Coste real del trabajo"] == fila[5].strip("*").split("–")[0]


def _cabecera_y_filas(sopa, contiene: str) -> list[dict[str, str]]:
    """Las filas de la primera tabla de un snippet (no la de un formulario) que contiene ``contiene``."""
    tabla = next(t for t in sopa.find_all("table") if contiene in t.get_text() and not t.find_parent("form"))
    cabecera = [texto(th) for th in tabla.find_all("th")]
    return [dict(zip(cabecera, fila, strict=True)) for fila in celdas(tabla)]


def test_otro_valor_da_lo_que_da_la_biblioteca_en_python(sesion):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.fill("#gc-coste-precio_hora", "0,5")
    sesion.pagina.fill("#gc-coste-horas", "7.25")
    sesion.pagina.fill("#gc-coste-gb_transferencia", "30")
    sesion.pagina.fill("#gc-coste-precio_gb_transferencia", "0,02")
    valores = _valores(sesion, "gc-coste")
    sesion.enviar("gc-coste")
    d = coste_total(
        0.5,
        7.25,
        minutos_arranque=float(valores["minutos_arranque"].replace(",", ".")),
        gb_disco=float(valores["gb_disco"].replace(",", ".")),
        precio_gb_mes=float(valores["precio_gb_mes"].replace(",", ".")),
        gb_transferencia=30.0,
        precio_gb_transferencia=0.02,
    )
    esperado = [numero(x) for x in (d.gpu, d.arranque, d.almacenamiento, d.transferencia, d.total)]
    assert [f[1] for f in sesion.celdas("gc-coste")] == esperado
    # Restablecer: vuelven los valores y la tabla de la construcción.
    sesion.pagina.click("#gc-coste button[type=reset]")
    assert sesion.pagina.input_value("#gc-coste-horas") == sesion.pagina.get_attribute(
        "#gc-coste-horas", "data-defecto"
    )


@pytest.mark.parametrize("malo", ["-1", "abc", "0"])
def test_un_valor_malo_muestra_el_error_de_la_biblioteca_y_ninguna_cifra(sesion, malo):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.fill("#gc-coste-horas", malo)
    valores = _valores(sesion, "gc-coste")
    with pytest.raises(ValueError):
        navegador.calcular("coste", valores)
    sesion.enviar("gc-coste")
    # El mensaje de la biblioteca, con el rótulo que se lee en el formulario y el valor como se escribió.
    error = sesion.pagina.inner_text("#gc-coste-horas-error")
    assert error.startswith(f"{_rotulo(sesion, 'gc-coste', 'horas')}: «{malo}» ")
    assert error == _responder("coste", valores)["error"]
    assert sesion.pagina.get_attribute("#gc-coste-horas", "aria-invalid") == "true"
    assert sesion.pagina.inner_text("#gc-coste .gc-resultado").strip() == ""


def test_el_codigo_editable_da_la_salida_publicada_y_la_de_python_al_editarlo(sitio, sesion):
    original = SNIPPET.read_text(encoding="utf-8")
    publicada = _sopa(sitio, PAGINA_COSTE).select_one("#gc-codigo-experimento .gc-salida").get_text()
    assert publicada == _ejecutar(original)
    sesion.abrir(PAGINA_COSTE)
    sesion.enviar("gc-codigo-experimento")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == publicada.rstrip("\n")
    editado = original.replace("# Prueba, por ejemplo: ", "")
    assert editado != original
    sesion.pagina.fill("#gc-codigo-experimento-fuente", editado)
    sesion.enviar("gc-codigo-experimento")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == _ejecutar(editado).rstrip("\n")
    # Un valor malo en el código: el ValueError de la biblioteca, en la salida.
    sesion.pagina.fill(
        "#gc-codigo-experimento-fuente", original.replace("# Prueba, por ejemplo: ", "").replace("= 1.5", "= -2")
    )
    sesion.enviar("gc-codigo-experimento")
    assert "Error: ValueError: precio_hora: -2 no vale" in sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida")
    sesion.pagina.click("#gc-codigo-experimento button[type=reset]")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == publicada.rstrip("\n")
    assert sesion.fuera == []


def test_interrumpibles_por_defecto_da_la_fila_publicada(sitio, sesion):
    """Fuente independiente: la tabla del ejemplo (snippet de la página), fila de la tasa por defecto, y el
    umbral de la prosa con el reinicio corto."""
    sopa = _sopa(sitio, PAGINA_INTERRUMPIBLES)
    from gpucoste.calculo import interrupciones

    tasa = numero(interrupciones.supuestos().interrupciones_hora)
    fila = next(f for f in _cabecera_y_filas(sopa, "interrupciones/h") if f["interrupciones/h"] == tasa)
    sesion.abrir(PAGINA_INTERRUMPIBLES)
    sesion.enviar("gc-interrumpibles")
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-interrumpibles")}
    assert calculado["Checkpoint cada (minutos de cómputo, Daly)"] == fila["checkpoint cada (minutos)"]
    assert calculado["Horas esperadas, interrumpible"] == fila["horas"]
    coste = next(v for k, v in fila.items() if k.startswith("coste (") and "largo" not in k)
    assert calculado["Coste esperado, interrumpible (US$)"] == coste
    umbral = calculado["Deja de compensar a partir de (interrupciones por hora)"]
    assert f"{umbral} interrupciones por hora" in sopa.get_text()
    assert sesion.fuera == []


def test_interrumpibles_con_otros_valores_y_un_valor_malo(sesion):
    from gpucoste.calculo import interrupciones

    sesion.abrir(PAGINA_INTERRUMPIBLES)
    sesion.pagina.fill("#gc-interrumpibles-interrupciones_hora", "0,5")
    sesion.pagina.fill("#gc-interrumpibles-escritura_min", "2")
    valores = {k: navegador.leer(v) for k, v in _valores(sesion, "gc-interrumpibles").items()}
    sesion.enviar("gc-interrumpibles")
    e = interrupciones.esperado(
        horas_trabajo=valores["horas_trabajo"],
        interrupciones_hora=0.5,
        escritura_h=2 / 60,
        reinicio_h=valores["reinicio_min"] / 60,
        precio_hora=valores["precio_interrumpible"],
    )
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-interrumpibles")}
    assert calculado["Horas esperadas, interrumpible"] == numero(e.horas)
    assert calculado["Coste esperado, interrumpible (US$)"] == numero(e.coste)
    # El gráfico, también el de la biblioteca en Python con esos valores.
    esperado = navegador.calcular("interrumpibles", _valores(sesion, "gc-interrumpibles")).grafico
    assert BeautifulSoup(_grafico(sesion, "gc-interrumpibles"), "html.parser") == BeautifulSoup(esperado, "html.parser")
    sesion.pagina.fill("#gc-interrumpibles-escritura_min", "-1")
    sesion.enviar("gc-interrumpibles")
    rotulo = _rotulo(sesion, "gc-interrumpibles", "escritura_min")
    assert sesion.pagina.inner_text("#gc-interrumpibles-escritura_min-error").startswith(f"{rotulo}: «-1» no vale")
    assert sesion.pagina.inner_text("#gc-interrumpibles .gc-resultado").strip() == ""


# ---- Las calculadoras de la cadena de decisión: por defecto, las cifras de la tabla publicada en su página ----


def _calcular_por_defecto(sesion: Sesion, ruta: str, id_: str) -> list[list[str]]:
    sesion.abrir(ruta)
    sesion.enviar(id_)
    assert sesion.fuera == []
    return sesion.celdas(id_)


def test_cabe_por_defecto_da_la_fila_lora_publicada(sitio, sesion):
    fila = next(
        f
        for f in _cabecera_y_filas(_sopa(sitio, "calculadoras/cabe/"), "caché KV")
        if f["método"] == "LoRA con checkpointing"
    )
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, "calculadoras/cabe/", "gc-cabe")}
    for partida in ("pesos", "adaptadores", "gradientes", "optimizador", "activaciones", "caché KV"):
        assert calculado[partida] == fila[partida], partida
    assert calculado["total"] == fila["total (GB)"]
    assert calculado["¿cabe?"] == fila["¿cabe?"]


def test_cabe_con_otros_valores_redibuja_el_grafico_y_con_un_valor_malo_no_lo_hay(sesion):
    """El gráfico de barras cambia con los datos y es el que da la biblioteca en Python; sin cifras, no hay."""
    sesion.abrir("calculadoras/cabe/")
    de_la_pagina, grafico = _redibujar(sesion, "gc-cabe", {"metodo": "completo", "secuencia": "4096"})
    assert "VRAM de la RTX 4090" in de_la_pagina and "No cabe" in grafico
    _sin_grafico_con(sesion, "gc-cabe", "lote", "0")


def _redibujar(sesion: Sesion, id_: str, cambios: dict[str, str]) -> tuple[str, str]:
    """Cambia los campos de ``cambios`` y calcula: el gráfico de la página y el nuevo, que es el que da la
    biblioteca en Python con esos valores y no el de la página."""
    de_la_pagina = _grafico(sesion, id_)
    assert "<svg" in de_la_pagina
    _rellenar(sesion, id_.removeprefix("gc-"), cambios)
    valores = _valores(sesion, id_)
    sesion.enviar(id_)
    grafico = _grafico(sesion, id_)
    esperado = navegador.calcular(id_.removeprefix("gc-"), valores).grafico
    assert BeautifulSoup(grafico, "html.parser") == BeautifulSoup(esperado, "html.parser")
    assert grafico != de_la_pagina
    return de_la_pagina, grafico


def _rotulo(sesion: Sesion, id_: str, campo: str) -> str:
    """El rótulo del campo en la página (su ``data-rotulo``), que es el principio de lo que se lee en su ``<label>``."""
    rotulo = sesion.pagina.get_attribute(f"#{id_}-{campo}", "data-rotulo")
    assert rotulo and rotulo != campo
    assert " ".join(sesion.pagina.inner_text(f'label[for="{id_}-{campo}"]').split()).startswith(rotulo)
    return rotulo


def _sin_grafico_con(sesion: Sesion, id_: str, campo: str, malo: str) -> None:
    """Con ``malo`` en ``campo``: el error de la biblioteca junto al campo, y ni tabla ni gráfico."""
    sesion.pagina.fill(f"#{id_}-{campo}", malo)
    sesion.enviar(id_)
    assert sesion.pagina.inner_text(f"#{id_}-{campo}-error").startswith(f"{_rotulo(sesion, id_, campo)}: «{malo}» ")
    assert _grafico(sesion, id_) == ""
    assert sesion.pagina.inner_text(f"#{id_} .gc-resultado").strip() == ""
    assert sesion.fuera == []


def test_cuanto_tarda_por_defecto_da_la_fila_publicada(sitio, sesion):
    fila = next(
        f
        for f in _cabecera_y_filas(_sopa(sitio, "calculadoras/cuanto-tarda/"), "método")
        if f["GPU"] == navegador.EJEMPLO_GPU
    )
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, "calculadoras/cuanto-tarda/", "gc-cuanto-tarda")}
    assert calculado["horas"] == fila["horas"]


def test_donde_mas_barato_por_defecto_da_la_tabla_publicada(sitio, sesion):
    """Las filas del formulario son las del ejemplo publicado; y el título y la nota de su tabla, calculados en el
    navegador, son los de la biblioteca: si la más barata no tiene medidas de entrenamiento o su precio es antiguo,
    la nota son las frases que también imprime el ejemplo de la página (``ranking.avisos``)."""
    from gpucoste.calculo import ranking

    sopa = _sopa(sitio, "calculadoras/donde-mas-barato/")
    publicada = _cabecera_y_filas(sopa, "Pareto")
    calculada = _calcular_por_defecto(sesion, "calculadoras/donde-mas-barato/", "gc-donde-mas-barato")
    tabla = navegador.calcular("donde-mas-barato", _por_defecto("donde-mas-barato"))
    columnas = tabla.columnas
    assert sesion.pagina.inner_text("#gc-donde-mas-barato .gc-resultado caption") == tabla.titulo
    valores = _por_defecto("donde-mas-barato")
    numeros = {c: navegador.leer(valores[c]) for c in ("tokens", "secuencia")}
    trabajo = Trabajo(valores["modelo"], valores["metodo"], numeros["tokens"], int(numeros["secuencia"]))
    # Las GPU alquiladas, las del ejemplo publicado; detrás, una fila por opción de ranking.otras.
    assert len(calculada) == len(publicada) + len(ranking.otras(trabajo))
    calculada = calculada[: len(publicada)]
    filas = ranking.ranking(trabajo)
    assert calculada[0][0] == filas[0].precio.gpu
    aviso = " ".join(ranking.avisos(filas))
    assert tabla.nota == aviso
    notas = sesion.pagina.locator("#gc-donde-mas-barato .gc-resultado .gc-nota")
    assert [n.strip() for n in notas.all_inner_texts()] == ([aviso] if aviso else [])
    if aviso:  # el ejemplo de la página (fuera del formulario) dice lo mismo
        ejemplo = " ".join(p.get_text() for p in sopa.select("article p") if not p.find_parent("form"))
        assert aviso in ejemplo
    for mia, suya in zip(calculada, publicada, strict=True):
        mia = dict(zip(columnas, mia, strict=True))
        total = next(v for k, v in suya.items() if k.startswith("total"))
        assert [mia["GPU"], mia["proveedor"], mia["horas"], mia["total (US$)"], mia["Pareto"]] == [
            suya["GPU"],
            suya["proveedor"],
            suya["horas"],
            total,
            suya["Pareto"],
        ]


def test_donde_mas_barato_con_otros_valores_redibuja_el_grafico_y_con_un_valor_malo_no_lo_hay(sesion):
    """El gráfico de coste frente a horas cambia con los datos y es el que da la biblioteca en Python: un punto
    por GPU alquilada de la tabla y un anillo por cada ★ de la frontera de Pareto (en cada uno de sus dos dibujos, el
    ancho y el estrecho); el fine-tuning gestionado y los cuadernos (las filas con «condiciones o por qué no»
    detrás) no son puntos; sin cifras, no hay gráfico."""

    def alquiladas() -> list:
        return [f for f in sesion.celdas("gc-donde-mas-barato") if not f[-1]]

    sesion.abrir(PAGINA_BARATO)
    puntos = _grafico(sesion, "gc-donde-mas-barato").count('class="punto"')
    assert puntos == 2 * len(alquiladas())
    cambios = {"modelo": "Qwen 2.5 32B", "metodo": "qlora", "tokens": "200.000.000"}
    de_la_pagina, grafico = _redibujar(sesion, "gc-donde-mas-barato", cambios)
    filas = alquiladas()
    assert grafico.count('class="punto"') == 2 * len(filas) > 0
    assert grafico.count('class="destacado"') == 2 * sum(f[-2] == "★" for f in filas) > 0
    _sin_grafico_con(sesion, "gc-donde-mas-barato", "secuencia", "0")
    sesion.pagina.click("#gc-donde-mas-barato button[type=reset]")
    assert _grafico(sesion, "gc-donde-mas-barato") == de_la_pagina


# ---- La página de API, alquilar o comprar: dos calculadoras con tabla y gráfico ----------------------------


PAGINA_API = "calculadoras/api-alquilar-o-comprar/"


def test_api_y_comprar_por_defecto_dan_las_cifras_publicadas(sitio, sesion):
    """Fuente independiente: las tablas de los snippets de la página (fila con equilibrio de la API; fila de
    24 h al día sin reventa de la compra) y la frase de las horas equivalentes."""
    sopa = _sopa(sitio, PAGINA_API)
    api = _cabecera_y_filas(sopa, "tokens por segundo para empatar")[0]  # la más barata: la del formulario
    compra = next(f for f in _cabecera_y_filas(sopa, "uso (h/día)") if f["uso (h/día)"] == "24")
    assert compra["reventa"].startswith("sin")
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, PAGINA_API, "gc-api-o-gpu")}
    assert calculado["US$ por millón de tokens generados (con su entrada)"] == api["US$ por millón de tokens"]
    assert calculado["Tokens por segundo para empatar"] == api["tokens por segundo para empatar"]
    if api["equilibrio (millones de tokens al mes)"] == "sin equilibrio":  # el formulario dice también por qué
        motivo = equilibrios.api_o_gpu(100.0, 1.0, 0.01, 0.01, 1.0).motivo  # el texto sin equilibrio de la biblioteca
        assert calculado["Equilibrio (millones de tokens al mes)"] == motivo
        assert calculado["Coste en el equilibrio (US$/mes)"] == "—"
    else:
        assert calculado["Equilibrio (millones de tokens al mes)"] == api["equilibrio (millones de tokens al mes)"]
        assert calculado["Coste en el equilibrio (US$/mes)"] == api["coste en el equilibrio (US$/mes)"]
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, PAGINA_API, "gc-comprar")}
    assert calculado["Meses hasta el equilibrio"] == compra["meses"]
    assert calculado["Horas de uso hasta el equilibrio"] == compra["horas de uso"]
    assert calculado["Coste en el equilibrio (US$)"] == compra["coste en el equilibrio (US$)"]
    horas = calculado["Horas de alquiler equivalentes a la compra (sin electricidad ni reventa)"]
    assert f"la compra equivale a {horas} horas de alquiler" in sopa.get_text()


def test_comprar_con_otros_valores_da_la_tabla_y_el_grafico_de_python(sitio, sesion):
    from gpucoste.calculo import compra

    sesion.abrir(PAGINA_API)
    de_la_pagina = _grafico(sesion, "gc-comprar")
    assert "<svg" in de_la_pagina
    sesion.pagina.fill("#gc-comprar-precio_compra", "1900")
    sesion.pagina.fill("#gc-comprar-precio_kwh", "0,3")
    sesion.pagina.fill("#gc-comprar-horas_mes", "200")
    sesion.pagina.fill("#gc-comprar-valor_reventa", "600")
    valores = _valores(sesion, "gc-comprar")
    sesion.enviar("gc-comprar")
    v = {k: navegador.leer(t) for k, t in valores.items()}
    e = compra.comprar_o_alquilar(v["precio_compra"], v["precio_hora"], v["potencia_w"], v["precio_kwh"], 200.0, 600.0)
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-comprar")}
    assert calculado["Meses hasta el equilibrio"] == numero(e.umbral, 1)
    assert calculado["Coste en el equilibrio (US$)"] == numero(e.coste_a)
    # El gráfico cambia con los datos y es el que da la biblioteca en Python, con sus dos compras.
    grafico = _grafico(sesion, "gc-comprar")
    esperado = navegador.calcular("comprar", valores).grafico
    assert BeautifulSoup(grafico, "html.parser") == BeautifulSoup(esperado, "html.parser")
    assert grafico != de_la_pagina and "con tu reventa" in grafico
    sesion.pagina.click("#gc-comprar button[type=reset]")
    assert _grafico(sesion, "gc-comprar") == de_la_pagina


@pytest.mark.parametrize(
    ("id_", "campo", "malo"),
    [("gc-comprar", "valor_reventa", "5000"), ("gc-comprar", "horas_mes", "abc"), ("gc-api-o-gpu", "tokens_s", "0")],
)
def test_api_y_comprar_con_un_valor_malo(sesion, id_, campo, malo):
    sesion.abrir(PAGINA_API)
    sesion.pagina.fill(f"#{id_}-{campo}", malo)
    valores = _valores(sesion, id_)
    with pytest.raises(ValueError) as error:
        navegador.calcular(id_.removeprefix("gc-"), valores)
    assert str(error.value).startswith(f"{campo}:")
    sesion.enviar(id_)
    # Junto al campo, el mensaje empieza por su rótulo, no por «{campo}:».
    en_pantalla = sesion.pagina.inner_text(f"#{id_}-{campo}-error")
    assert en_pantalla.startswith(f"{_rotulo(sesion, id_, campo)}: «{malo}» ")
    assert en_pantalla == _responder(id_.removeprefix("gc-"), valores)["error"]
    assert sesion.pagina.inner_text(f"#{id_} .gc-resultado").strip() == ""
    assert _grafico(sesion, id_) == ""


# --- El país del lector (issue 22) ---------------------------------------------------------------------------


def test_el_selector_de_pais_en_el_navegador_da_la_columna_local_y_la_orden(sesion):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.locator("#gc-coste-pais").select_option("MX")
    valores = _valores(sesion, "gc-coste")
    assert valores["pais"] == "MX"
    sesion.enviar("gc-coste")
    assert sesion.fuera == []
    esperado = navegador.calcular("coste", valores)
    assert [list(f) for f in esperado.filas] == sesion.celdas("gc-coste")
    assert "MXN con IVA 16" in sesion.pagina.inner_text("#gc-coste .gc-resultado")
    assert "MXN/US$" in sesion.pagina.inner_text("#gc-coste .gc-resultado")


def test_comprar_con_la_tienda_del_pais_en_el_navegador(sesion):
    """En Chromium: el país elegido y el precio vacío dan el precio de la tienda (con su fuente, su fecha y el tipo
    de cambio en el título), el de la biblioteca en Python y el calculado aquí desde los CSV; viaja en la URL y en
    la orden; un precio escrito lo sustituye."""
    from urllib.parse import parse_qs, urlsplit

    from gpucoste.base import formato
    from gpucoste.calculo import compra
    from gpucoste.dinero import paises
    from gpucoste.guia import decisiones

    fila, esperado = _compra_local_esperada()
    sesion.abrir(PAGINA_API)
    sesion.pagina.locator("#gc-comprar-pais").select_option(fila["pais"])
    assert sesion.pagina.input_value("#gc-comprar-precio_compra") == ""
    valores = _valores(sesion, "gc-comprar")
    sesion.enviar("gc-comprar")
    assert sesion.fuera == []
    calculado = {f[0]: f[1:] for f in sesion.celdas("gc-comprar")}
    biblioteca = compra.precio_de_compra(decisiones.GPU_ALQUILADA, fila["pais"]).usd
    assert calculado["Precio de compra (US$)"][0] == numero(esperado) == numero(biblioteca)
    assert [list(f) for f in navegador.calcular("comprar", valores).filas] == sesion.celdas("gc-comprar")
    # El precio local, con el impuesto, en la columna de la moneda del país (redondeado a sus decimales).
    local = navegador.leer(calculado["Precio de compra (US$)"][1])
    assert local == pytest.approx(float(fila["precio_local"]), abs=0.02)
    titulo = sesion.pagina.inner_text("#gc-comprar .gc-resultado caption")
    assert formato.fecha(fila["fecha"]) in titulo and paises.nota_cambio(fila["pais"]) in titulo
    assert fila["tienda"] in titulo  # quién da el precio, no el dominio de la copia que se cita
    consulta = parse_qs(urlsplit(sesion.pagina.url).query, keep_blank_values=True)
    assert consulta["comprar.pais"] == [fila["pais"]] and consulta["comprar.precio_compra"] == [""]
    orden = sesion.pagina.inner_text("#gc-comprar .gc-orden code")
    assert "--precio-compra" not in orden and f"--pais {fila['pais']}" in orden
    # El enlace, abierto en otra pestaña, calcula lo mismo.
    otra = sesion.contexto.new_page()
    try:
        otra.goto(sesion.pagina.url, wait_until="networkidle")
        otra.wait_for_function("Number(document.getElementById('gc-comprar').dataset.calculos || 0) > 0")
        html = otra.locator("#gc-comprar .gc-resultado").inner_html()
        assert celdas(BeautifulSoup(html, "html.parser").find("table")) == sesion.celdas("gc-comprar")
    finally:
        otra.close()
    # El lector escribe su precio: manda sobre el de la tienda.
    sesion.pagina.fill("#gc-comprar-precio_compra", "1750")
    sesion.enviar("gc-comprar")
    assert {f[0]: f[1] for f in sesion.celdas("gc-comprar")}["Precio de compra (US$)"] == numero(1750)
    assert "--precio-compra 1750" in sesion.pagina.inner_text("#gc-comprar .gc-orden code")
    # Otro país con el kWh de su hogar en los datos (el último de electricidad.csv): su luz, la de la biblioteca.
    from gpucoste.dinero import mercado

    otro = paises.pais(mercado.electricidad()[-1].pais)
    sesion.pagina.locator("#gc-comprar-pais").select_option(otro.codigo)
    valores = _valores(sesion, "gc-comprar")
    assert valores["precio_kwh"] == ""
    sesion.enviar("gc-comprar")
    esperado = decisiones.luz_del_pais(otro.codigo).usd_kwh
    assert {f[0]: f[1] for f in sesion.celdas("gc-comprar")}["Precio del kWh (US$)"] == numero(esperado, 4)
    assert [list(f) for f in navegador.calcular("comprar", valores).filas] == sesion.celdas("gc-comprar")
    assert f"Electricidad de un hogar de {otro.pais}" in sesion.pagina.inner_text("#gc-comprar .gc-resultado caption")


def test_una_opcion_retocada_en_el_enlace_se_nombra_junto_a_su_lista(sitio, sesion):
    """Un enlace con un modelo que no está en la lista: el error va junto a la lista, con su rótulo y el valor del
    enlace («Modelo: «Llama 9» no vale. …»), no bajo el resultado como «Modelo desconocido: 'Llama 9'»."""
    ruta = _pagina_de(sitio, "cabe")
    sesion.pagina.goto(f"{sesion.base}{ruta}?cabe.modelo=Llama%209#gc-cabe", wait_until="networkidle")
    sesion.pagina.wait_for_function(
        "id => Number(document.getElementById(id).dataset.calculos || 0) > 0", arg="gc-cabe", timeout=180_000
    )
    rotulo = _rotulo(sesion, "gc-cabe", "modelo")
    assert sesion.pagina.inner_text("#gc-cabe-modelo-error").startswith(f"{rotulo}: «Llama 9» no vale.")
    assert sesion.pagina.get_attribute("#gc-cabe-modelo", "aria-invalid") == "true"
    assert sesion.celdas("gc-cabe") == []
    assert sesion.fuera == []
