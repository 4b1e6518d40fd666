"""Resultados que viajan (issue 20), en Chromium: un enlace con otros valores rellena el formulario y calcula lo
mismo que Python, y la barra de direcciones guarda cada cálculo; «Copiar como orden» copia la orden de ``gpucoste``
que imprime las cifras de la página; «Descargar la tabla en CSV» baja la tabla de la página. Cada comprobación, con su
fallo plantado.
"""

from __future__ import annotations

import io
import pathlib
import urllib.parse

import pytest
from calculadoras_navegador import (
    Sesion,
    SesionSaboteada,
    _cifras_que_faltan,
    _ejecutar_orden,
    _filas,
    _otros,
    _pagina_de,
    _rellenar,
    _valores,
)
from calculadoras_navegador import servido as servido
from calculadoras_navegador import sesion as sesion

from gpucoste import navegador

# Un fallo plantado es el script de la página con una línea quitada (lo sirve la prueba en lugar del publicado): la
# comprobación que da por buena la página de verdad ha de fallar con él.
QUITAR_LECTURA_DE_LA_URL = "if (form.dataset.calculadora && desdeLaUrl(form)) form.requestSubmit();"
QUITAR_ORDEN = 'zona.querySelector(".gc-orden code").textContent = respuesta.orden;'
QUITAR_CSV = 'zona.querySelector(".gc-csv").href = respuesta.csv;'


def _comprobar_enlace(sesion: Sesion, ruta: str, nombre: str, timeout: float = 180_000) -> None:
    """Abrir un enlace con otros valores rellena el formulario y calcula solo, con el resultado de Python; y tras
    calcular con otros más, la URL de la barra de direcciones los reproduce en otra carga."""
    id_ = f"gc-{nombre}"
    valores = _otros(nombre)
    sesion.pagina.goto("about:blank")
    sesion.pagina.goto(sesion.base + ruta + navegador.enlace(nombre, valores), wait_until="networkidle")
    sesion.pagina.wait_for_function(
        "id => Number(document.getElementById(id).dataset.calculos || 0) > 0", arg=id_, timeout=timeout
    )
    assert _valores(sesion, id_) == valores
    assert sesion.celdas(id_) == _filas(navegador.calcular(nombre, valores))
    # Otro cambio, calculado a mano: la barra de direcciones lo guarda.
    cambio = dict(valores)
    campo = [c for c, t in navegador.CALCULADORAS[nombre].argumentos.items() if t != "opcion"][-1]
    cambio[campo] = navegador.escribir(navegador.leer(valores[campo]) + 1)
    _rellenar(sesion, nombre, {campo: cambio[campo]})
    sesion.enviar(id_)
    url = sesion.pagina.url
    # (El fragmento no cuenta: el tema lo cambia al apartado que se lee, «navigation.tracking».)
    assert _consulta(url) == _consulta(navegador.enlace(nombre, cambio))
    sesion.pagina.goto("about:blank")
    sesion.pagina.goto(url, wait_until="networkidle")
    sesion.pagina.wait_for_function(
        "id => Number(document.getElementById(id).dataset.calculos || 0) > 0", arg=id_, timeout=timeout
    )
    assert sesion.celdas(id_) == _filas(navegador.calcular(nombre, cambio))


def _consulta(url: str) -> dict[str, str]:
    from urllib.parse import parse_qsl, urlsplit

    return dict(parse_qsl(urlsplit(url).query))


def test_un_enlace_reproduce_el_resultado(sitio, sesion):
    # Dos calculadoras en la misma página (sus campos comparten nombres: «precio_hora») y una con listas.
    for nombre in ("comprar", "api-o-gpu", "donde-mas-barato"):
        _comprobar_enlace(sesion, _pagina_de(sitio, nombre), nombre)
    assert sesion.fuera == []


def test_la_prueba_del_enlace_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no lee la URL. La comprobación lo ve (nada se calcula al abrir el enlace)."""
    s = SesionSaboteada(chromium, servido, QUITAR_LECTURA_DE_LA_URL)
    try:
        with pytest.raises(Exception, match="Timeout|assert"):
            _comprobar_enlace(s, _pagina_de(sitio, "cabe"), "cabe", timeout=20_000)
    finally:
        s.contexto.close()


def _comprobar_orden(sesion: Sesion, ruta: str, nombre: str) -> None:
    """Con otros valores en el formulario, «Copiar como orden» copia la orden de la biblioteca, y esa orden,
    ejecutada, imprime las cifras que muestra la página."""
    id_ = f"gc-{nombre}"
    sesion.abrir(ruta)
    _rellenar(sesion, nombre, _otros(nombre))
    sesion.enviar(id_)
    sesion.pagina.click(f"#{id_} .gc-copiar")
    copiada = sesion.pagina.evaluate("navigator.clipboard.readText()")
    assert copiada == sesion.pagina.inner_text(f"#{id_} .gc-orden")
    assert "Orden copiada" in sesion.pagina.inner_text(f"#{id_} .gc-estado")
    tabla = navegador.calcular(nombre, _otros(nombre))
    assert sesion.celdas(id_) == _filas(tabla)
    assert _cifras_que_faltan(sesion.celdas(id_), tabla.numericas, _ejecutar_orden(copiada)) == []


@pytest.fixture(scope="module")
def con_portapapeles(chromium, servido):
    s = Sesion(chromium, servido, permissions=["clipboard-read", "clipboard-write"])
    yield s
    s.contexto.close()


def test_copiar_como_orden_da_la_orden_que_imprime_lo_mismo(sitio, con_portapapeles):
    # Una con listas, una con opciones de otro nombre que sus campos («--vatios», «--reventa»).
    for nombre in ("cuanto-tarda", "comprar"):
        _comprobar_orden(con_portapapeles, _pagina_de(sitio, nombre), nombre)
    assert con_portapapeles.fuera == []


def test_la_prueba_de_la_orden_en_el_navegador_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no cambia la orden al calcular (se queda la de los valores de la página)."""
    s = SesionSaboteada(chromium, servido, QUITAR_ORDEN, permissions=["clipboard-read", "clipboard-write"])
    try:
        with pytest.raises(AssertionError):
            _comprobar_orden(s, _pagina_de(sitio, "cuanto-tarda"), "cuanto-tarda")
    finally:
        s.contexto.close()


def _csv_del_enlace(sesion: Sesion, id_: str) -> tuple[str, str]:
    """El nombre del fichero (``download``) y el texto del CSV del enlace «Descargar la tabla en CSV» del formulario
    ``id_``, leídos de la página: su ``href`` es una URL ``data:`` con el CSV codificado con «%»."""
    enlace = sesion.pagina.locator(f"#{id_} .gc-csv")
    tipo, _, datos = enlace.get_attribute("href").partition(",")
    assert tipo == "data:text/csv;charset=utf-8", tipo
    return enlace.get_attribute("download"), urllib.parse.unquote(datos)


def _comprobar_csv(sesion: Sesion, ruta: str, nombre: str) -> str:
    """Con otros valores, «Descargar la tabla en CSV» lleva la tabla que muestra la página, cabecera incluida, en
    ``gpucoste-<nombre>.csv``; devuelve ese CSV. Se lee del enlace, sin descargarlo: el evento de la descarga a veces
    no llega (y la prueba esperaba 180 s). La descarga de verdad, una vez, en la prueba de abajo."""
    import csv

    id_ = f"gc-{nombre}"
    sesion.abrir(ruta)
    _rellenar(sesion, nombre, _otros(nombre))
    sesion.enviar(id_)
    fichero, texto = _csv_del_enlace(sesion, id_)
    assert fichero == f"gpucoste-{nombre}.csv"
    cabecera = [th.inner_text() for th in sesion.pagina.locator(f"#{id_} .gc-resultado th").all()]
    tabla = [cabecera, *sesion.celdas(id_)]
    assert list(csv.reader(io.StringIO(texto))) == tabla, "el CSV del enlace no es la tabla de la página"
    return texto


def test_descargar_csv_da_la_tabla_de_la_pagina(sitio, chromium, servido):
    s = Sesion(chromium, servido, accept_downloads=True)
    try:
        for nombre in ("donde-mas-barato", "interrumpibles"):
            texto = _comprobar_csv(s, _pagina_de(sitio, nombre), nombre)
        # Una descarga de verdad, la de la última: el clic baja ese CSV con ese nombre.
        with s.pagina.expect_download(timeout=30_000) as descarga:
            s.pagina.click(f"#gc-{nombre} .gc-csv")
        assert descarga.value.suggested_filename == f"gpucoste-{nombre}.csv"
        assert pathlib.Path(descarga.value.path()).read_text(encoding="utf-8") == texto
        assert s.fuera == []
    finally:
        s.contexto.close()


def test_la_prueba_del_csv_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no cambia el CSV al calcular (se queda el de los valores de la página)."""
    s = SesionSaboteada(chromium, servido, QUITAR_CSV)
    try:
        with pytest.raises(AssertionError, match="el CSV del enlace no es la tabla de la página"):
            _comprobar_csv(s, _pagina_de(sitio, "donde-mas-barato"), "donde-mas-barato")
    finally:
        s.contexto.close()
