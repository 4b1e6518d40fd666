"""Frescura de los precios: el umbral (gpucoste.datos.frescura.UMBRAL_DIAS), la lista de precios antiguos, el
aviso de la construcción y la fecha de los precios en cada página que los muestra."""

from __future__ import annotations

import datetime as dt
import re

from bs4 import BeautifulSoup
from conftest import construir
from herramientas import informar

from gpucoste import datos
from gpucoste.base.formato import MESES, mes
from gpucoste.calculo import experimento
from gpucoste.datos import frescura

PRECIO = re.compile(r"\d,\d\d\s?(?:US)?\$|\$/h\b")
FECHA = re.compile(rf"\b(?:{'|'.join(MESES)}) de \d{{4}}\b")
CABECERAS = {
    "precios.csv": "gpu,proveedor,nivel,precio_hora_usd,fecha,fuente,nota,tipo,leida\n",
    "tarifas.csv": "proveedor,concepto,unidad,precio_min_usd,precio_max_usd,cobra_parada,fecha,fuente,nota,leida\n",
}


def _datos_fijos(carpeta):
    """Dos precios y una tarifa con fechas conocidas (sin escenarios que dependan de otros precios)."""
    (carpeta / "precios.csv").write_text(
        CABECERAS["precios.csv"]
        + "RTX 4090,Vast.ai,comunidad,0.34,2026-07,https://vast.ai/pricing,mes sin día,estimacion,2026-07-01\n"
        + "H100 80GB,RunPod,seguro,3.99,2026-09-25,https://docs.runpod.io/pods/pricing,con día,lista,2026-09-25\n",
        encoding="utf-8",
    )
    (carpeta / "tarifas.csv").write_text(
        CABECERAS["tarifas.csv"]
        + "RunPod,bajada,GB,0.09,0.09,no,2026-09-29,https://docs.runpod.io/pods/pricing,,2026-09-29\n",
        encoding="utf-8",
    )
    (carpeta / "escenarios.csv").write_text(
        "experimento,gpu,proveedor,nivel,fecha_precio,horas,origen\n"
        + "finetuning-lora-7b,RTX 4090,Vast.ai,comunidad,2026-07,6.0,prueba\n",
        encoding="utf-8",
    )
    datos.limpiar_cache()


def test_un_mes_sin_dia_cuenta_desde_el_dia_1():
    assert frescura.dia("2026-07") == dt.date(2026, 7, 1)
    assert frescura.dia("2026-09-25") == dt.date(2026, 9, 25)


def test_la_referencia_es_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(dt.datetime(2026, 7, 31, 23, 0, tzinfo=dt.UTC).timestamp())))
    assert frescura.referencia() == dt.date(2026, 7, 31)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert frescura.referencia() == dt.datetime.now(dt.UTC).date()


def test_antiguos_con_fechas_fijas(carpeta_datos):
    _datos_fijos(carpeta_datos)
    # 2026-07-01 + 90 días = 2026-09-29: ese día aún no es antiguo; al siguiente, sí.
    assert frescura.antiguos(dt.date(2026, 9, 29)) == []
    assert [(p.fichero, p.fecha, p.dias) for p in frescura.antiguos(dt.date(2026, 9, 30))] == [
        ("precios.csv", "2026-07", 91)
    ]
    # Más tarde caen los demás, del más antiguo al más reciente; el umbral se puede cambiar en la llamada.
    todos = frescura.antiguos(dt.date(2027, 1, 1))
    assert [(p.fichero, p.dias) for p in todos] == [("precios.csv", 184), ("precios.csv", 98), ("tarifas.csv", 94)]
    assert frescura.antiguos(dt.date(2027, 1, 1), umbral_dias=365) == []
    assert (
        str(todos[0]) == "precios.csv: RTX 4090 en Vast.ai (comunidad), 0,34\N{NO-BREAK SPACE}US$/h, 2026-07 (184 días)"
    )


def test_antiguo_respecto_al_precio_mas_reciente_de_los_datos(carpeta_datos):
    """Lo que se publica (ranking, formulario, orden, tablas de precios) cuenta los días hasta el precio más reciente
    de los datos, no hasta hoy: con los dos precios fijos, el 25 de septiembre de 2026."""
    _datos_fijos(carpeta_datos)
    assert frescura.ultima_lectura() == dt.date(2026, 9, 25)
    # De 2026-07-01 a 2026-09-25: 86 días, no es antiguo; respecto al 30 de septiembre, 91, sí.
    assert frescura.dias_antes("2026-07") == 86 and not frescura.es_antiguo("2026-07")
    assert frescura.dias_antes("2026-07", dt.date(2026, 9, 30)) == 91 and frescura.es_antiguo("2026-07", "2026-09-30")
    assert frescura.fecha_con_aviso("2026-09-25") == "25 de septiembre de 2026"
    assert frescura.fecha_con_aviso("2026-06-26") == "26 de junio de 2026, antiguo"  # 91 días antes


def test_lista_de_precios_antiguos():
    """La lista de hoy (no falla: un precio antiguo se avisa y se fecha en la página, no rompe nada)."""
    antiguos = frescura.antiguos()
    informar(
        f"Frescura: {len(antiguos)} precios con más de {frescura.UMBRAL_DIAS} días "
        f"(referencia {frescura.referencia().isoformat()})" + "".join(f"\n  - {p}" for p in antiguos)
    )
    assert all(p.dias > frescura.UMBRAL_DIAS for p in antiguos)


def test_la_construccion_avisa_sin_fallar(tmp_path):
    # Referencia 2027-06-01: todos los precios de los datos pasan del umbral, y la construcción estricta pasa.
    r = construir(tmp_path / "sitio", env={"GPUCOSTE_DATOS": "", "SOURCE_DATE_EPOCH": "1811808000"})
    assert r.returncode == 0, r.stderr
    aviso = f"Aviso: {len(datos.precios()) + len(datos.tarifas())} precios con más de {frescura.UMBRAL_DIAS} días"
    # El aviso es un INFO: no está en r.stderr (solo WARNING/ERROR), sí en el registro completo.
    assert f"{aviso} (referencia 2027-06-01)" in r.registro, r.registro
    assert "RTX 4090 en Vast.ai (comunidad), 0,34\N{NO-BREAK SPACE}US$/h, 2026-07 (335 días)" in r.registro


def _prosa(sitio, pagina) -> str:
    """Texto visible de la página sin código ni la fecha de «Última actualización» del plugin de git."""
    articulo = BeautifulSoup((sitio / pagina).read_text(encoding="utf-8"), "html.parser").find("article")
    if articulo is None:
        return ""
    for nodo in articulo.find_all(["code", "pre", "script"]):
        nodo.decompose()
    for nodo in articulo.select(".md-source-file, [class*=git-revision]"):
        nodo.decompose()
    return articulo.get_text(" ")


def test_cada_pagina_con_precios_los_fecha(sitio):
    con_precios, sin_fecha = [], []
    for pagina in sorted(sitio.rglob("*.html")):
        texto = _prosa(sitio, pagina)
        if PRECIO.search(texto):
            nombre = str(pagina.relative_to(sitio))
            con_precios.append(nombre)
            if not FECHA.search(texto):
                sin_fecha.append(nombre)
    informar(f"Fechas de precios: {len(con_precios)} páginas muestran precios, {len(sin_fecha)} sin su fecha")
    assert not sin_fecha, (
        f"Páginas que muestran precios sin decir de cuándo son: {sin_fecha}. Qué hacer: que la página (su snippet) "
        "imprima el mes de los precios con gpucoste.base.formato.mes (p. ej. «precios de julio de 2026»)."
    )
    # La página principal de la guía fecha cada precio del experimento («julio de 2026»).
    texto = _prosa(sitio, "alquilar-gpus-por-horas/index.html")
    for esc in experimento.escenarios():
        assert mes(experimento.precio(esc).fecha) in texto
