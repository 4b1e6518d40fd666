"""La página de precios, el historial y los datos publicados con el sitio.

- Cada fila de los CSV aparece en la página con su fecha y su fuente enlazada; las antiguas y las atípicas, marcadas.
- El recolector, con las respuestas guardadas de tests/recoleccion/respuestas/, añade filas que la construcción
muestra: en la
  tabla de precios, en el gráfico de historial y en «¿Y con precios más recientes?» de la página principal.
- Los CSV se descargan del sitio construido (``datos/``), idénticos a los del paquete.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import math
import re
import shutil

import leidos
import pytest
from bs4 import BeautifulSoup
from conftest import DATOS, RAIZ, construir, copiar_proyecto, solo_estas_paginas, tabla_que_contiene

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.base.formato import tipo_precio
from gpucoste.datos import frescura, historial
from gpucoste.graficos import historial as grafico_historial
from gpucoste.guia import publicacion
from gpucoste.recoleccion import precios as recolector

FECHA = "2026-11-30"


def _sopa(sitio, pagina: str) -> BeautifulSoup:
    return BeautifulSoup((sitio / pagina / "index.html").read_text(encoding="utf-8"), "html.parser")


def test_historial_agrupa_y_ordena_por_fecha():
    filas = [
        datos.Precio("X", "P", "comunidad", 2.0, "2026-10-07", "https://e.org", "mediana de solo 3: valor atípico"),
        datos.Precio("X", "P", "comunidad", 1.0, "2026-07", "https://e.org", ""),
        datos.Precio("X", "P", "verificado", 3.0, "2026-08-01", "https://e.org", ""),
        datos.Precio("Y", "P", "comunidad", 3.0, "2026-08-01", "https://e.org", ""),
    ]
    series = historial.series(filas)
    assert list(series) == [("X", "P")]  # Y tiene una sola fecha: sin gráfico
    assert [p.fecha for p in series[("X", "P")]["comunidad"]] == ["2026-07", "2026-10-07"]
    assert [historial.atipico(p) for p in series[("X", "P")]["comunidad"]] == [False, True]
    alt = historial.descripcion("X", "P", series[("X", "P")])
    assert "comunidad: 2 precios de julio de 2026 al 7 de octubre de 2026" in alt
    assert "(atípico: 7 de octubre de 2026; estimaciones" in alt and "verificado: un solo precio" in alt
    assert ") (" not in alt, "las marcas de una serie, en un solo paréntesis (nunca uno detrás de otro)"


def test_solo_tienen_grafico_las_series_en_las_que_cambio_un_precio():
    """0,34 y 0,3401 se escriben igual: no es un cambio. Una serie sin cambios va a la tabla con sus niveles de
    varias fechas (no el de una sola lectura)."""
    filas = [
        datos.Precio("X", "P", "comunidad", 0.34, "2026-07", "https://e.org", ""),
        datos.Precio("X", "P", "comunidad", 0.3401, "2026-09-25", "https://e.org", ""),
        datos.Precio("X", "P", "seguro", 0.74, "2026-09-25", "https://e.org", ""),
        datos.Precio("Y", "P", "comunidad", 1.0, "2026-07", "https://e.org", ""),
        datos.Precio("Y", "P", "comunidad", 1.2, "2026-09-25", "https://e.org", ""),
    ]
    assert list(historial.con_cambios(filas)) == [("Y", "P")]
    iguales = historial.sin_cambios(filas)
    assert list(iguales) == [("X", "P")] and list(iguales[("X", "P")]) == ["comunidad"]
    assert set(historial.con_cambios()) | set(historial.sin_cambios()) == set(historial.series())
    assert not set(historial.con_cambios()) & set(historial.sin_cambios())
    with pytest.raises(ValueError, match="lista no vacía de datos.Precio"):
        historial.cambia({"comunidad": []})


def test_descripcion_del_historial_con_precios_iguales_da_una_cifra():
    """Nunca «entre 0,34 US$ y 0,34 US$»: con todos los precios iguales (a dos decimales), una sola cifra."""
    filas = [
        datos.Precio("X", "P", "comunidad", 0.34, "2026-07", "https://e.org", ""),
        datos.Precio("X", "P", "comunidad", 0.3401, "2026-09-25", "https://e.org", ""),
        datos.Precio("X", "P", "seguro", 0.34, "2026-07", "https://e.org", ""),
        datos.Precio("X", "P", "seguro", 0.74, "2026-09-25", "https://e.org", ""),
    ]
    alt = historial.descripcion("X", "P", historial.series(filas)[("X", "P")])
    assert "comunidad: 2 precios de julio de 2026 al 25 de septiembre de 2026, los dos de 0,34\u00a0US$ por hora" in alt
    assert "entre 0,34\u00a0US$ y 0,74\u00a0US$" in alt
    assert "entre 0,34\u00a0US$ y 0,34" not in alt


def test_meses_abreviados_con_punto():
    rotulos = _rotulos_x(
        grafico_historial.grafico(
            "X",
            "P",
            [
                datos.Precio("X", "P", "comunidad", 1.0, "2026-07-01", "https://e.org", ""),
                datos.Precio("X", "P", "comunidad", 2.0, "2026-12-01", "https://e.org", ""),
            ],
        )
    )
    assert rotulos and all(
        re.fullmatch(r"(ene|feb|mar|abr|may|jun|jul|ago|sept|oct|nov|dic)\. 2026", r) for r in rotulos
    )


def test_grafico_de_historial_reproducible_y_con_texto_alternativo():
    uno = grafico_historial.grafico("H100 80GB", "Vast.ai")
    grafico_historial._dibujo.cache_clear()  # el segundo, dibujado de nuevo, no el guardado del primero
    dos = grafico_historial.grafico("H100 80GB", "Vast.ai")
    assert uno == dos and grafico_historial._dibujo.cache_info().misses == 1
    svg = BeautifulSoup(uno, "html.parser").find("svg")
    assert svg["role"] == "img" and svg["aria-label"].startswith("Precio por hora de la H100 80GB en Vast.ai")
    with pytest.raises(ValueError, match="Historial desconocido: 'H100 80GB en Nadie'"):
        grafico_historial.grafico("H100 80GB", "Nadie")


def _rotulos_x(svg: str) -> list[str]:
    """Los rótulos de las marcas del eje x del dibujo ancho: los textos centrados a una misma altura (la del
    rótulo del eje va más abajo y es uno solo)."""
    from collections import defaultdict

    primero = BeautifulSoup(svg, "html.parser").find("svg")
    por_altura = defaultdict(list)
    for t in primero.find_all("text"):
        if "text-anchor: middle" in t.get("style", ""):
            por_altura[float(t["y"])].append(t.get_text())
    return max(por_altura.values(), key=len)


@pytest.mark.parametrize("dias", [1, 5, 13, 20, 45, 89, 120, 400, 1500])
def test_eje_del_historial_sin_rotulos_repetidos(dias):
    """Cada marca del eje x nombra otra fecha (antes, «oct 2026» salía cuatro veces con un mes de datos)."""
    inicio = dt.date(2026, 7, 10)
    fechas = [inicio, inicio + dt.timedelta(days=dias // 2), inicio + dt.timedelta(days=dias)]
    filas = [
        datos.Precio("X", "P", "comunidad", 1.0 + i, f.isoformat(), "https://e.org", "") for i, f in enumerate(fechas)
    ]
    rotulos = _rotulos_x(grafico_historial.grafico("X", "P", filas))
    assert len(rotulos) >= 2 and len(set(rotulos)) == len(rotulos), rotulos


def test_eje_del_historial_de_los_datos_sin_rotulos_repetidos():
    for gpu, proveedor in historial.series():
        rotulos = _rotulos_x(grafico_historial.grafico(gpu, proveedor))
        assert len(set(rotulos)) == len(rotulos) >= 2, (gpu, proveedor, rotulos)


def test_enlace_corto_a_la_fuente():
    assert (
        publicacion.enlace("https://github.com/a/b/blob/1234/x.csv")
        == "[`a/b`](https://github.com/a/b/blob/1234/x.csv)"
    )
    assert publicacion.enlace("https://www.pcgamer.com/x") == "[`pcgamer.com`](https://www.pcgamer.com/x)"
    # Dos decimales siempre, redondeando la mitad hacia arriba (6,155 → 6,16); una mediana, también.
    assert [publicacion.precio(x) for x in (2.7, 1.1378, 6.155, 3.4309)] == ["2,70", "1,14", "6,16", "3,43"]


def test_avisos_de_antiguo_y_atipico(carpeta_datos):
    tabla = publicacion.tabla_precios(dt.date(2026, 11, 9))
    # 2026-07 cuenta desde el día 1: el 9 de noviembre son 131 días (> 90). El 2026-10-07 de H100 en Vast.ai es
    # atípico (otro proveedor puede tener una lectura de la H100 de ese mismo día, y no lo es).
    fila = tabla[(tabla["GPU"] == "H100 80GB") & (tabla["Fecha"] == "julio de 2026")].iloc[0]
    assert fila["Aviso"] == "antiguo (131 días)"
    vast = (tabla["GPU"] == "H100 80GB") & (tabla["Proveedor"] == "Vast.ai")
    fila = tabla[vast & (tabla["Fecha"] == "7 de octubre de 2026")].iloc[0]
    assert fila["Aviso"] == "atípico"
    # Las mismas filas antiguas que lista gpucoste.datos.frescura.
    antiguas = {
        (formato.fecha(a.fecha), a.dias) for a in frescura.antiguos(dt.date(2026, 11, 9)) if a.fichero == "precios.csv"
    }
    marcadas = {
        (f, int(a.split("(")[1].split()[0]))
        for f, a in zip(tabla["Fecha"], tabla["Aviso"], strict=True)
        if "antiguo" in a
    }
    assert marcadas == antiguas


def test_la_pagina_lista_cada_fila_con_fecha_y_fuente(sitio):
    sopa = _sopa(sitio, "precios")
    precios = tabla_que_contiene(sopa, "Nivel", "Aviso")
    assert len(precios) == len(datos.precios())
    enlaces = {a["href"] for a in sopa.select("table a[href^='https://']")}
    assert {p.fuente for p in datos.precios()} <= enlaces
    assert {t.fuente for t in datos.tarifas()} <= enlaces
    assert {h.fuente for h in datos.hardware()} <= enlaces
    assert {formato.fecha(p.fecha) for p in datos.precios()} == {fila[5] for fila in precios}  # en palabras
    assert {tipo_precio(p.tipo) for p in datos.precios()} == {fila[4] for fila in precios}  # el tipo de cada cifra
    # Un gráfico por serie en la que cambió algún precio; las demás, una fila por nivel en su tabla.
    assert len(sopa.select("figure.grafico svg.grafico-ancho[role=img]")) == len(historial.con_cambios())
    iguales = tabla_que_contiene(sopa, "Lecturas")
    assert len(iguales) == sum(len(niveles) for niveles in historial.sin_cambios().values())
    assert all(int(fila[4]) >= 2 for fila in iguales)
    ids = [n["id"] for n in sopa.select("[id]")]
    assert len(ids) == len(set(ids)), "ids repetidos: los gráficos de una página deben tener ids propios"
    # Las descargas son enlaces de este sitio: una fuente de otro sitio puede llevar «/datos/» en su URL.
    descargas = {a["href"] for a in sopa.find_all("a") if "/datos/" in a["href"] and "://" not in a["href"]}
    assert descargas == {f"../datos/{nombre}" for nombre in publicacion.ficheros()}
    for enlace in descargas:  # el enlace, resuelto desde /precios/, lleva al fichero publicado
        assert (sitio / "precios" / enlace).resolve().is_file()
    assert sopa.find("a", href=lambda h: h and "precio-desactualizado.yml" in h) is not None
    assert "CC BY 4.0" in sopa.get_text()
    assert "bajo_demanda" not in sopa.get_text(), "el nivel se escribe como en la prosa: «bajo demanda»"


def test_otros_datos_citados_cada_fila_con_su_fuente(sitio):
    """«Otros datos citados»: cada fila de cada CSV declarado que no tiene tabla propia, con fecha y fuente."""
    from gpucoste.base import esquema

    sopa = _sopa(sitio, "precios")
    seccion = sopa.find(id="otros-datos").find_next("table")
    filas = [[" ".join(td.get_text().split()) for td in tr.find_all("td")] for tr in seccion.find_all("tr")[1:]]
    esquema.datapackage()
    otros = sorted(set(esquema.TABLAS) - set(publicacion.TABLAS_PROPIAS))
    assert {"modelos.csv", "api_precios.csv", "vast_reglas.csv", "electricidad.csv", "moneda.csv"} <= set(otros)
    esperadas = sum(len(esquema.cargar(esquema.TABLAS[f])) for f in otros)
    assert len(filas) == esperadas
    assert {f[0] for f in filas} == set(otros)
    enlaces = {a["href"] for a in seccion.select("a[href^='https://']")}
    for fichero in otros:
        for fila in esquema.cargar(esquema.TABLAS[fichero]):
            url = re.match(r"https://\S+", getattr(fila, "fuente", "") or "")
            if url:  # una fuente puede llevar una aclaración detrás del enlace
                assert url[0] in enlaces, f"{fichero}: {url[0]} sin enlace en «Otros datos citados»"
    assert all(" " not in href for href in enlaces)
    # El tipo de cambio del BCE y el precio de la luz, con su fecha, tal como los usan las páginas.
    bce = next(f for f in filas if f[1] == "usd_por_eur")
    leida = next(m for m in leidos.filas("moneda.csv") if m["clave"] == "usd_por_eur")  # la fila de hoy, con csv
    assert bce[3] == formato.fecha(leida["fecha"]) and bce[2].startswith(f"valor: {leida['valor'].replace('.', ',')}")


def test_los_csv_se_descargan_del_sitio(sitio):
    for fichero in sorted(DATOS.glob("*.csv")):
        assert (sitio / publicacion.CARPETA / fichero.name).read_bytes() == fichero.read_bytes()


def test_datapackage_publicado_valida_los_csv_publicados(sitio):
    """Lee datapackage.json y los CSV del sitio construido y comprueba cada celda con el esquema publicado.

    Un validador independiente de gpucoste.base.esquema: solo usa lo que dice el JSON (tipos, required, pattern,
    enum, mínimos y máximos, primaryKey y foreignKeys), como haría cualquiera que descargue los datos.
    """
    carpeta = sitio / publicacion.CARPETA
    paquete = json.loads((carpeta / "datapackage.json").read_text(encoding="utf-8"))
    assert paquete["licenses"][0]["name"] == "CC-BY-4.0"
    assert {r["path"] for r in paquete["resources"]} == {f.name for f in DATOS.glob("*.csv")}
    tablas = {}
    for recurso in paquete["resources"]:
        with (carpeta / recurso["path"]).open(encoding="utf-8", newline="") as f:
            filas = list(csv.DictReader(f))
        campos = recurso["schema"]["fields"]
        assert list(filas[0]) == [c["name"] for c in campos], recurso["path"]
        for n, fila in enumerate(filas, start=2):
            for campo in campos:
                errores = _errores_de_celda(fila[campo["name"]], campo)
                assert not errores, f"{recurso['path']}, fila {n}, {campo['name']}: {errores}"
        clave = recurso["schema"]["primaryKey"]
        claves = [tuple(f[c] for c in clave) for f in filas]
        assert len(claves) == len(set(claves)), f"{recurso['path']}: clave primaria repetida"
        tablas[recurso["name"]] = (recurso, filas)
    for recurso, filas in tablas.values():
        for ref in recurso["schema"].get("foreignKeys", []):
            destino = tablas[ref["reference"]["resource"]][1]
            validos = {tuple(f[c] for c in ref["reference"]["fields"]) for f in destino}
            for fila in filas:
                valor = tuple(fila[c] for c in ref["fields"])
                assert all(v == "" for v in valor) or valor in validos, f"{recurso['path']}: {valor} sin referencia"


def _errores_de_celda(texto: str, campo: dict) -> list[str]:
    reglas = campo.get("constraints", {})
    if texto == "":
        return ["vacía y obligatoria"] if reglas.get("required") else []
    errores = []
    tipo = campo.get("type", "string")
    if tipo in ("number", "integer"):
        try:
            valor = int(texto) if tipo == "integer" else float(texto)
        except ValueError:
            return [f"{texto!r} no es {tipo}"]
        if not math.isfinite(valor):
            errores.append(f"{texto!r} no es finito")
        if "minimum" in reglas and valor < reglas["minimum"]:
            errores.append(f"{valor} < {reglas['minimum']}")
        if "exclusiveMinimum" in reglas and valor <= reglas["exclusiveMinimum"]:
            errores.append(f"{valor} <= {reglas['exclusiveMinimum']}")
        if "maximum" in reglas and valor > reglas["maximum"]:
            errores.append(f"{valor} > {reglas['maximum']}")
    elif tipo == "boolean":
        if texto not in campo.get("trueValues", ["true"]) + campo.get("falseValues", ["false"]):
            errores.append(f"{texto!r} no es booleano")
    elif tipo == "date":
        dt.date.fromisoformat(texto)
    if "pattern" in reglas and not re.fullmatch(reglas["pattern"], texto):
        errores.append(f"{texto!r} no cumple {reglas['pattern']}")
    if "enum" in reglas and texto not in reglas["enum"]:
        errores.append(f"{texto!r} no está en {reglas['enum']}")
    return errores


def test_el_validador_del_datapackage_detecta_celdas_malas():
    assert _errores_de_celda("", {"constraints": {"required": True}}) == ["vacía y obligatoria"]
    assert _errores_de_celda("0", {"type": "number", "constraints": {"exclusiveMinimum": 0}}) == ["0.0 <= 0"]
    assert _errores_de_celda("1,5", {"type": "number"}) == ["'1,5' no es number"]
    assert _errores_de_celda("http://x", {"constraints": {"pattern": "https://[^/?#\\s]+\\S*"}})
    assert _errores_de_celda("platino", {"constraints": {"enum": ["comunidad"]}})


@pytest.fixture(scope="module")
def sitio_recolectado(tmp_path_factory):
    """El sitio construido con los datos del paquete más lo que el recolector añade con las respuestas guardadas."""
    base = tmp_path_factory.mktemp("recolectado")
    copia = base / "datos"
    shutil.copytree(DATOS, copia)
    informe = recolector.recolectar(
        copia, FECHA, lambda: recolector.consultar(recolector.GPUS, RAIZ / "tests" / "recoleccion" / "respuestas")
    )
    # Solo las dos páginas que miran sus pruebas (conftest.solo_estas_paginas).
    proyecto = solo_estas_paginas(copiar_proyecto(base / "proyecto"), "precios.md", "alquilar-gpus-por-horas.md")
    r = construir(base / "sitio", raiz=proyecto, env={"GPUCOSTE_DATOS": str(copia)})
    assert r.returncode == 0, r.stdout + r.stderr
    return base / "sitio", informe


def test_la_construccion_muestra_lo_recolectado(sitio_recolectado):
    sitio, informe = sitio_recolectado
    assert informe.filas  # cuántas, depende de las claves que ya tienen los datos: el CSV publicado lo confirma
    sopa = _sopa(sitio, "precios")
    filas = tabla_que_contiene(sopa, "Nivel", "Aviso")
    mediana, dia = "mediana de ofertas", formato.fecha(FECHA)  # en las tablas, la fecha en palabras
    assert ["RTX 4090", "Vast.ai", "host verificado", "0,45", mediana, dia, "console.vast.ai", ""] in filas
    assert ["H100 80GB", "Vast.ai", "host verificado", "2,20", mediana, dia, "console.vast.ai", "atípico"] in filas
    # La última lectura de Vast.ai es ahora la del recolector, y la página lo dice.
    frescas = {f[0]: f for f in tabla_que_contiene(sopa, "La tomó")}
    assert frescas["Vast.ai"][1:4] == [dia, mediana, "el recolector semanal"]
    # El historial de la RTX 4090 en Vast.ai ya tiene dos fechas por nivel: su gráfico llega al 30 de noviembre.
    alt = sopa.find(
        "svg", attrs={"aria-label": lambda t: t and t.startswith("Precio por hora de la RTX 4090 en Vast.ai")}
    )
    assert "comunidad: 2 precios de julio de 2026 al 30 de noviembre de 2026" in alt["aria-label"]
    # «¿Y con precios más recientes?» de la página principal usa el precio nuevo y su fecha.
    recientes = tabla_que_contiene(_sopa(sitio, "alquilar-gpus-por-horas"), "(reciente)")
    assert any(f[0].startswith("RTX 4090") and "0,33" in f and "noviembre de 2026" in f for f in recientes), recientes
    # Y el CSV publicado es el que tiene las filas nuevas.
    publicado = (sitio / "datos" / "precios.csv").read_text(encoding="utf-8")
    assert publicado.count(f",{FECHA},") == len(informe.filas)
