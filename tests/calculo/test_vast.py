"""Vast.ai, alternativas, moneda y atípicos: la biblioteca contra fuentes independientes y la página contra
la biblioteca."""

from __future__ import annotations

import dataclasses
import datetime as dt
import math

import invariantes
import leidos
import pytest
from bs4 import BeautifulSoup
from conftest import celdas, tabla_que_contiene

from gpucoste import datos
from gpucoste.base.formato import dolares, numero, rango
from gpucoste.calculo import alternativas, atipicos, vast
from gpucoste.calculo.coste import HORAS_MES
from gpucoste.datos import frescura
from gpucoste.dinero import moneda, proveedores


def html(sitio, pagina):
    return BeautifulSoup((sitio / pagina / "index.html").read_text(encoding="utf-8"), "html.parser")


# --- Vast.ai ---------------------------------------------------------------------------------------


def test_reembolso_de_la_reserva_reproduce_el_ejemplo_de_vast():
    """El ejemplo de la documentación de Vast.ai: 1 US$/h, un mes al 20 %: 576 al cancelar ya,
    unos 212 a los 15 días y nada al final del plazo."""
    assert vast.regla("horas_mes_reserva").valor == 720
    assert vast.reembolso_reserva(1, 0.2, 1, 0) == pytest.approx(576)
    assert vast.reembolso_reserva(1, 0.2, 1, 15 * 24) == pytest.approx(212, abs=1)
    assert vast.reembolso_reserva(1, 0.2, 1, 720) == 0
    assert vast.descuento_reserva(1) == 0.2 and vast.descuento_reserva(3) == 0.3


def test_los_descuentos_de_vast_tienen_una_sola_fila(carpeta_datos):
    """El ahorro de la interrumpible y los descuentos de la reserva de Vast.ai viven solo en modalidades.csv: la
    guía de Vast.ai (vast), las calculadoras (mercado) y la regla de respaldo del precio interrumpible
    (modalidades) leen la misma fila. Falta plantada: se cambia esa fila y cambia la regla; vast_reglas.csv no
    guarda otra copia."""
    from gpucoste.calculo import modalidades
    from gpucoste.dinero import mercado

    for meses in (1, 3):
        assert vast.descuento_reserva(meses) == mercado.descuento("Vast.ai", "reservada", meses).descuento
    reglas = (carpeta_datos / "vast_reglas.csv").read_text(encoding="utf-8")
    assert "interrumpible" not in reglas and "descuento_reserva_1" not in reglas
    ruta = carpeta_datos / "modalidades.csv"
    texto = ruta.read_text(encoding="utf-8")
    ruta.write_text(texto.replace("Vast.ai,interrumpible,0,0.5,", "Vast.ai,interrumpible,0,0.6,"), encoding="utf-8")
    datos.limpiar_cache()
    assert mercado.descuento("Vast.ai", "interrumpible").descuento == 0.6
    regla = modalidades.precio_interrumpible("A100 80GB", "Vast.ai")  # sin precio interrumpible leído
    assert regla.origen == modalidades.REGLA and regla.descuento == 0.6
    assert regla.precio_hora_usd == pytest.approx(0.4 * regla.bajo_demanda.precio_hora_usd)


def test_coste_por_estado():
    t = vast.coste_por_estado(0.5, 100, 0.1, 730, precio_disco_parada_gb_mes=0.2).set_index("estado")
    assert list(t.index) == ["cargando", "en marcha", "detenida", "destruida"]
    assert t.loc["en marcha", "gpu"] == pytest.approx(365)  # 0,5 × 730
    assert t.loc["en marcha", "disco"] == pytest.approx(10)  # 100 GB × 0,1 un mes
    assert t.loc["detenida", "gpu"] == 0 and t.loc["detenida", "disco"] == pytest.approx(20)
    assert t.loc["cargando", "gpu"] == 0 and t.loc["cargando", "disco"] == pytest.approx(10)
    assert t.loc["destruida", "total"] == 0 and not t.loc["destruida", "red"]
    assert t["red"].sum() == 3


def test_el_precio_de_la_tarjeta_incluye_el_disco():
    assert vast.precio_oferta(0.45, HORAS_MES, 0.1) == pytest.approx(0.55)
    assert vast.precio_oferta(0.45, 0, 0.1) == pytest.approx(0.45)


def test_tipos_de_alquiler():
    from gpucoste.calculo import interrupciones

    corto = {t.tipo: t for t in vast.tipos_de_alquiler(2.0, 1.5, puja_hora=1.0)}
    assert corto["bajo demanda"].coste == pytest.approx(3)
    # la interrumpible, con el trabajo repetido del modelo de Daly (la misma función que el ranking)
    r = interrupciones.retrabajo(1.5, 1.0)
    assert corto["interrumpible"].coste == pytest.approx(1.5 + r.coste)
    assert corto["interrumpible"].horas_facturadas == pytest.approx(r.esperado.horas) and r.coste > 0
    # Reservar para un trabajo corto y cancelar: el descuento se devuelve con un 5 % encima.
    assert corto["reservada"].coste == pytest.approx(3 * (1 + 0.2 * 0.05))
    assert corto["reservada"].pago_por_adelantado == pytest.approx(720 * 2 * 0.8)
    mes = {t.tipo: t for t in vast.tipos_de_alquiler(2.0, 720, puja_hora=1.0)}
    assert mes["reservada"].coste == pytest.approx(0.8 * mes["bajo demanda"].coste)


def test_coste_por_trabajo_y_dlperf():
    o = vast.Oferta("X", "RTX 4090", 0.5, 0.1, 0.01, 0.02, 50)
    d = vast.coste_por_trabajo(o, 2, gb_disco=HORAS_MES, gb_subida=100, gb_bajada=10, minutos_arranque=30)
    assert d.gpu == pytest.approx(1) and d.arranque == pytest.approx(0.25)
    assert d.almacenamiento == pytest.approx(0.1 * 2.5)
    assert d.transferencia == pytest.approx(100 * 0.01 + 10 * 0.02)
    assert vast.dlperf_por_dolar(o, HORAS_MES) == pytest.approx(50 / 0.6)
    assert vast.horas_por_dlperf(6, 10, 20) == pytest.approx(3)


@pytest.mark.parametrize(
    ("llamada", "mensaje"),
    [
        (lambda: vast.descuento_reserva(2), "meses: 2 no vale; se admite 1 o 3"),
        (lambda: vast.reembolso_reserva(1, 0.9, 1, 0), "descuento: 0.9 no vale"),
        (lambda: vast.coste_por_estado(-1, 10, 0.1, 1), "precio_gpu_hora: -1 no vale"),
        (lambda: vast.tipos_de_alquiler(1, 0, puja_hora=0.5), "horas: 0 no vale"),
        (lambda: vast.regla("gratis"), "Regla de Vast.ai desconocida"),
        (lambda: moneda.a_euros(float("nan")), "usd: nan no es un número finito"),
        (lambda: moneda.dato("yenes"), "Dato de moneda desconocido"),
        (lambda: proveedores.politica("Vast.ai", "precio"), "Aspecto desconocido"),
        (lambda: alternativas.ofertas("RTX 9090"), "GPU desconocida"),
        (lambda: atipicos.precio_reciente("H100 80GB", "Vast.ai", "oro"), "Nivel para H100 80GB"),
    ],
)
def test_entradas_malas(llamada, mensaje):
    with pytest.raises(ValueError, match=mensaje):
        llamada()


# --- Moneda ----------------------------------------------------------------------------------------


def test_moneda():
    """El tipo del BCE y el IVA, los de moneda.csv leído con ``csv`` (una fila nueva correcta no rompe la prueba)."""
    fila = {f["clave"]: f for f in leidos.filas("moneda.csv")}
    t = moneda.tipo_de_cambio()
    assert (t.fuente, t.fecha, t.valor) == (
        fila["usd_por_eur"]["fuente"],
        fila["usd_por_eur"]["fecha"],
        float(fila["usd_por_eur"]["valor"]),
    )
    assert moneda.a_euros(t.valor) == pytest.approx(1)
    assert moneda.con_iva(100) == pytest.approx(100 * (1 + float(fila["iva_general_es"]["valor"])))
    assert moneda.usd_y_eur(t.valor) == f"{numero(t.valor)}\u00a0US$ (1,00\u00a0€)"
    assert dolares(2.04) == "2,04\u00a0US$"


# --- Atípicos y precios recientes ------------------------------------------------------------------


def test_el_atipico_se_salta(carpeta_datos):
    """Dos filas propias más nuevas que todas: la última, marcada atípica, se salta (sea cual sea el resto)."""
    hoy = frescura.referencia()  # ninguna fecha puede ser posterior a hoy
    ayer = (hoy - dt.timedelta(days=1)).isoformat()
    with (carpeta_datos / "precios.csv").open("a", encoding="utf-8") as f:
        f.write(f"H100 80GB,Vast.ai,verificado,9.99,{ayer},https://example.org,prueba,mediana,{hoy.isoformat()}\n")
        f.write(
            f"H100 80GB,Vast.ai,verificado,99.9,{hoy.isoformat()},https://example.org,prueba,mediana,{hoy.isoformat()}\n"
        )
    with (carpeta_datos / "atipicos.csv").open("a", encoding="utf-8") as f:
        f.write(f"H100 80GB,Vast.ai,verificado,{hoy.isoformat()},1,prueba,https://example.org,{hoy.isoformat()}\n")
    datos.limpiar_cache()
    r = atipicos.precio_reciente("H100 80GB", "Vast.ai", "verificado")
    assert r.precio.precio_hora_usd == pytest.approx(9.99) == leidos.reciente("H100 80GB", "Vast.ai", "verificado")[0]
    assert [p.precio_hora_usd for p in r.saltados] == [pytest.approx(99.9)]
    tabla = atipicos.tabla_recientes().set_index("GPU")
    assert tabla.loc["H100 80GB (host verificado)", "reciente"] == pytest.approx(9.99)
    invariantes.recientes_como_el_oraculo()  # y cada escenario, como dice el CSV (también sin estimaciones)


def test_si_todo_es_atipico_lo_dice(carpeta_datos):
    """Se marcan como atípicas todas las filas de la clave, tenga las que tenga hoy."""
    fechas = [p.fecha for p in datos.precios() if (p.gpu, p.proveedor, p.nivel) == ("RTX 4090", "RunPod", "comunidad")]
    with (carpeta_datos / "atipicos.csv").open("a", encoding="utf-8") as f:
        hoy = frescura.referencia().isoformat()
        f.writelines(f"RTX 4090,RunPod,comunidad,{fecha},1,prueba,https://example.org/,{hoy}\n" for fecha in fechas)
    datos.limpiar_cache()
    with pytest.raises(ValueError, match="Todos los precios de RTX 4090 en RunPod"):
        atipicos.precio_reciente("RTX 4090", "RunPod", "comunidad")


# --- Alternativas ----------------------------------------------------------------------------------


def test_comparar_suma_las_partidas_y_no_inventa_ceros():
    grande = alternativas.trabajo_grande()
    c = alternativas.comparar("H100 80GB", grande).set_index(["proveedor", "nivel"])
    aws = c.loc[("AWS", "bajo_demanda")]
    # AWS: la bajada pasa de la franquicia de 100 GB; el resto se paga a 0,09.
    assert aws["transferencia_min"] == pytest.approx((grande.gb_bajada - 100) * 0.09)
    assert aws["transferencia_max"] == pytest.approx(grande.gb_bajada * 0.09)
    assert aws["total_min"] == pytest.approx(
        aws["gpu"] + aws["arranque_min"] + aws["disco_min"] + aws["transferencia_min"]
    )
    assert aws["completo"]
    invariantes.alternativas_sin_ceros_inventados("H100 80GB")  # sin tarifa, NaN (nunca 0); sin atípicos
    assert math.isnan(c.loc[("Vast.ai", "verificado"), "transferencia_min"])  # en Vast.ai la fija cada host
    assert not c.loc[("Vast.ai", "verificado"), "completo"]


def test_cambios_de_precio_salen_de_los_datos():
    cambios = {(c.gpu, c.proveedor, c.nivel, c.despues.fecha): c for c in alternativas.cambios_de_precio()}
    runpod = cambios[("H100 80GB", "RunPod", "seguro", "2026-11-09")]
    assert (runpod.antes.precio_hora_usd, runpod.despues.precio_hora_usd) == (3.49, 3.99)
    assert not any(c.despues.precio_hora_usd == pytest.approx(6.1489) for c in cambios.values())


def test_tabla_de_politicas_dice_sin_dato():
    t = proveedores.tabla(["Vast.ai", "Verda"]).set_index("proveedor")
    assert t.loc["Verda", "garantías"] == "sin dato"
    assert "host" in t.loc["Vast.ai", "transferencia"]


# --- Páginas ---------------------------------------------------------------------------------------


def test_pagina_vast_estados(sitio):
    filas = tabla_que_contiene(html(sitio, "vast-ai"), "un mes así (US$)")
    precio = datos.precio("RTX 4090", "Vast.ai", "verificado")
    from gpucoste.calculo import ocultos

    disco = datos.tarifa("Vast.ai", "almacenamiento")
    esperado = vast.coste_por_estado(
        precio.precio_hora_usd,
        ocultos.gb_en_disco(),
        disco.precio_min_usd,
        HORAS_MES,
        precio_disco_parada_gb_mes=disco.precio_max_usd,
    )
    assert [f[0] for f in filas] == list(esperado["estado"])
    assert [f[3] for f in filas] == [numero(x) for x in esperado["total"]]
    assert [f[4] for f in filas] == [numero(moneda.a_euros(x)) for x in esperado["total"]]


def test_pagina_vast_tipos(sitio):
    sopa = html(sitio, "vast-ai")
    tablas = [celdas(t) for t in sopa.find_all("table") if "por adelantado (US$)" in t.get_text()]
    assert len(tablas) == 2
    filas = tablas[0]
    from gpucoste.calculo import modalidades

    bajo = modalidades.precio_bajo_demanda("H100 80GB", "Vast.ai")
    puja = modalidades.precio_interrumpible("H100 80GB", "Vast.ai")
    tipos = vast.tipos_de_alquiler(bajo.precio_hora_usd, 1.2, puja_hora=puja.precio_hora_usd)
    assert [f[3] for f in filas] == [numero(t.coste) for t in tipos]
    assert "no se puede cambiar" in sopa.get_text() or "se puede convertir" in sopa.get_text()
    assert "vastai prepay instance" in sopa.get_text()


def test_pagina_vast_ofertas(sitio):
    filas = tabla_que_contiene(html(sitio, "vast-ai"), "DLPerf por US$/h")
    assert [f[0] for f in filas] == ["oferta 1 (RTX 4090)", "oferta 2 (A100 80GB)", "oferta 3 (H100 80GB)"]
    texto = html(sitio, "vast-ai").get_text(" ", strip=True)
    assert "la que termina el trabajo por menos dinero, la oferta 3 (H100 80GB), con" in texto


def test_pagina_alternativas(sitio):
    sopa = html(sitio, "alternativas")
    for trabajo in (alternativas.trabajo_del_articulo(), alternativas.trabajo_grande()):
        c = alternativas.comparar("H100 80GB", trabajo)
        tablas = [t for t in sopa.find_all("table") if "total (US$)" in t.get_text()]
        # la columna del total se busca por su cabecera: otra columna nueva (el tipo del precio) no la mueve
        publicadas = [
            (celdas(t), [th.get_text(strip=True) for th in t.find_all("th")].index("total (US$)")) for t in tablas
        ]
        esperadas = [rango(a, b) for a, b in zip(c["total_min"], c["total_max"], strict=True)]
        assert any([f[i].rstrip("*") for f in filas] == esperadas for filas, i in publicadas)
    svg = sopa.find("svg", attrs={"role": "img"})
    assert svg is not None and "trabajo grande" in svg["aria-label"]
    texto = sopa.get_text(" ", strip=True)
    assert "sin dato" in texto and "inversión del sujeto pasivo" in texto
    iva = moneda.con_iva(alternativas.comparar("H100 80GB", alternativas.trabajo_grande())["total_min"].iloc[0])
    assert dolares(iva) in texto


def test_ninguna_pagina_supone_un_ahorro_interrumpible_fijo():
    """El precio interrumpible sale de modalidades.precio_interrumpible (el leído, si lo hay): ningún snippet lo
    calcula con el ahorro de modalidades.csv a mano, y la regla, donde se usa, lo dice."""
    from conftest import RAIZ

    from gpucoste.calculo import modalidades

    for snippet in ("vast-ai/tipos.py", "calculadoras/interrumpible_ejemplo.py"):
        fuente = (RAIZ / "snippets" / snippet).read_text(encoding="utf-8")
        assert '"interrumpible")' not in fuente and "1 - " not in fuente, snippet
    regla = modalidades.precio_interrumpible("A100 80GB", "Vast.ai")
    assert regla.origen == "regla" and "una regla, no un precio leído" in regla.describir()
    leido = modalidades.precio_interrumpible("H100 80GB", "Vast.ai")
    assert leido.origen == "leído" and "leído en `precios.csv`" in leido.describir()


@pytest.mark.parametrize(
    ("campo", "valor"),
    [
        ("precio_gpu_hora", -0.5),
        ("precio_gpu_hora", 0.0),
        ("precio_disco_gb_mes", -0.1),
        ("precio_subida_gb", -1.0),
        ("precio_bajada_gb", -1.0),
        ("dlperf", -50.0),
    ],
)
def test_una_oferta_con_un_precio_negativo_es_un_error(campo, valor):
    """Issue 35: ``vast.Oferta`` aceptaba precios negativos (y daba un DLPerf por dólar negativo)."""
    base = {
        "nombre": "X",
        "gpu": "RTX 4090",
        "precio_gpu_hora": 0.5,
        "precio_disco_gb_mes": 0.1,
        "precio_subida_gb": 0.01,
        "precio_bajada_gb": 0.02,
        "dlperf": 50.0,
    }
    with pytest.raises(ValueError, match=rf"^Oferta: {campo}={valor!r} no vale; se admite un número finito mayor"):
        vast.Oferta(**{**base, campo: valor})


@pytest.mark.parametrize(
    ("campo", "valor"),
    [("precio_hora", -1.0), ("horas_facturadas", -1.0), ("coste", -1.0), ("pago_por_adelantado", -1.0)],
)
def test_un_tipo_con_un_precio_negativo_es_un_error(campo, valor):
    base = {
        "tipo": "bajo demanda",
        "precio_hora": 1.0,
        "horas_facturadas": 2.0,
        "coste": 2.0,
        "pago_por_adelantado": 0.0,
    }
    with pytest.raises(ValueError, match=rf"^Tipo: {campo}={valor!r} no vale"):
        vast.Tipo(**{**base, campo: valor})
    with pytest.raises(ValueError, match=r"^Tipo: tipo='spot' no vale; se admite 'bajo demanda'"):
        vast.Tipo(**{**base, "tipo": "spot"})


def test_los_tipos_de_alquiler_son_los_declarados():
    tipos = vast.tipos_de_alquiler(1.0, 10, puja_hora=0.5)
    assert tuple(t.tipo for t in tipos) == vast.TIPOS_DE_ALQUILER


def test_un_estado_que_su_csv_no_admite_es_un_error():
    """Issue 35: ``vast.Estado`` no era un registro del esquema y aceptaba lo que ``vast_estados.csv`` rechaza."""
    bueno = vast.estados()[0]
    with pytest.raises(ValueError, match=r"^Estado: estado='apagada' no vale; se admite 'cargando'"):
        dataclasses.replace(bueno, estado="apagada")
    with pytest.raises(ValueError, match=r"^Estado: fuente='http://x' no vale"):
        dataclasses.replace(bueno, fuente="http://x")
    with pytest.raises(ValueError, match=r"^Estado: fecha='2026-13' no vale"):
        dataclasses.replace(bueno, fecha="2026-13")
