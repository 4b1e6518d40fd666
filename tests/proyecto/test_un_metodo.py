"""Un método por pregunta (issue 29): el mismo trabajo da el mismo precio interrumpible, el mismo coste del trabajo
repetido y el mismo precio reservado en la función que llama la página (la del snippet), en la línea de órdenes (la
orden ``gpucoste``, su salida en JSON leída aquí) y en la función que llama el formulario del navegador
(``gpucoste.navegador.calcular``, sin navegador).

Las cifras esperadas se derivan de los CSV leídos con ``csv`` (``leidos``), no de la biblioteca: una fila nueva
correcta no rompe nada. No hay formulario de reservas en el navegador: la reserva se compara entre las páginas
(«Cuándo compensa», «¿Alquilar por horas o reservar?», Vast.ai) y las órdenes ``recomendar`` y ``reservar``.
"""

from __future__ import annotations

import json

import leidos
import pytest
from conftest import gpucoste
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste import navegador
from gpucoste.base.etiquetas import INTERRUMPIBLE, RESERVAR
from gpucoste.base.formato import numero, rango
from gpucoste.calculo import alternativas, interrupciones, modalidades, ranking, recomendacion, vast
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.guia import decisiones


def _orden(*argv: str) -> list[dict]:
    """Las filas de ``gpucoste argv --formato json``: sale 0 y nada en stderr."""
    r = gpucoste(*argv, "--formato", "json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _concepto(filas: list[dict], concepto: str) -> float:
    return next(f["valor"] for f in filas if f["concepto"] == concepto)


def _formulario(nombre: str, **cambios: str) -> dict[str, str]:
    """La tabla del formulario ``nombre`` con sus valores por defecto (y ``cambios``): etiqueta → texto."""
    calc = navegador.CALCULADORAS[nombre]
    valores = {c.nombre: navegador.escribir(c.defecto) for c in calc.campos()} | cambios
    return {fila[0]: fila[1] for fila in navegador.calcular(nombre, valores).filas}


def _defecto(nombre: str, campo: str) -> float:
    return next(c.defecto for c in navegador.CALCULADORAS[nombre].campos() if c.nombre == campo)


def _interrumpible_leido(gpu: str, proveedor: str) -> float:
    """El precio interrumpible más reciente leído (no atípico, no estimación) de ``precios.csv``, con ``csv``."""
    return leidos.reciente(gpu, proveedor, "interrumpible", estimaciones=False)[0]


# --- El precio interrumpible: el leído donde lo hay --------------------------------------------------------


@pytest.mark.parametrize(("gpu", "horas"), [("RTX 4090", 6), ("H100 80GB", 1.2)])
def test_el_precio_interrumpible_es_el_leido_en_la_pagina_la_orden_el_formulario_y_el_ranking(gpu, horas):
    leido = _interrumpible_leido(gpu, "Vast.ai")
    p = modalidades.precio_interrumpible(gpu, "Vast.ai")
    assert p.origen == modalidades.LEIDO and p.precio_hora_usd == pytest.approx(leido)
    filas = _orden("interrumpible", "--gpu", gpu, "--proveedor", "Vast.ai", "--horas", str(horas))
    assert _concepto(filas, "precio interrumpible (US$/h)") == pytest.approx(leido)
    assert "leído en precios.csv" in next(f["origen"] for f in filas if f["concepto"].startswith("precio interr"))
    # el ranking de «¿Dónde sale más barato?» y la comparación de «Alternativas»
    vigentes = [
        x for x in ranking.precios_vigentes() if (x.gpu, x.proveedor, x.nivel) == (gpu, "Vast.ai", "interrumpible")
    ]
    assert [x.precio_hora_usd for x in vigentes] == [pytest.approx(leido)]
    if gpu == "H100 80GB":
        c = alternativas.comparar(gpu, alternativas.trabajo_del_articulo(gpu))
        fila = c[(c["proveedor"] == "Vast.ai") & (c["nivel"] == "interrumpible")].iloc[0]
        assert fila["precio"] == pytest.approx(leido)
    else:  # el ejemplo de «Instancias interrumpibles» y su formulario
        e = decisiones.ejemplo_interrumpible()
        assert e.precio_interrumpible == pytest.approx(leido) and e.interrumpible.origen == "leído"
        assert _defecto("interrumpibles", "precio_interrumpible") == pytest.approx(leido)


def test_sin_precio_leido_la_regla_se_dice_en_el_registro_y_en_la_orden():
    """La A100 80GB no tiene precio interrumpible leído en Vast.ai: su bajo demanda menos el ahorro que anuncia
    Vast.ai en modalidades.csv, marcado como regla en el registro y en la columna origen de la orden."""
    assert not any(
        (f["gpu"], f["proveedor"], f["nivel"]) == ("A100 80GB", "Vast.ai", "interrumpible")
        for f in leidos.filas("precios.csv")
    )
    ahorro = next(
        float(m["descuento"])
        for m in leidos.filas("modalidades.csv")
        if (m["proveedor"], m["modalidad"]) == ("Vast.ai", "interrumpible")
    )
    p = modalidades.precio_interrumpible("A100 80GB", "Vast.ai")
    assert p.origen == modalidades.REGLA and p.descuento == ahorro
    assert p.precio_hora_usd == pytest.approx(p.bajo_demanda.precio_hora_usd * (1 - ahorro))
    filas = _orden("interrumpible", "--gpu", "A100 80GB", "--horas", "2,5")
    fila = next(f for f in filas if f["concepto"] == "precio interrumpible (US$/h)")
    assert fila["valor"] == pytest.approx(p.precio_hora_usd) and "una regla, no un precio leído" in fila["origen"]


# --- El trabajo repetido tras las interrupciones: Daly, una sola función -------------------------------------


def test_el_trabajo_repetido_es_el_mismo_en_la_pagina_la_orden_y_el_formulario():
    e = decisiones.ejemplo_interrumpible()
    esperado = interrupciones.retrabajo(e.horas_trabajo, e.precio_interrumpible)
    # La página: la fila de la tabla del ejemplo con la tasa por defecto (el snippet llama a tabla_interrumpible).
    tabla = decisiones.tabla_interrumpible((e.interrupciones_hora,))
    assert tabla["checkpoints y trabajo repetido (US$)"].iloc[0] == pytest.approx(esperado.coste)
    # La orden, con sus valores por defecto (los de supuestos.csv).
    filas = _orden("interrumpible", "--gpu", e.gpu, "--proveedor", e.proveedor, "--horas", str(e.horas_trabajo))
    assert _concepto(filas, INTERRUMPIBLE["retrabajo"]) == pytest.approx(esperado.coste)
    assert _concepto(filas, INTERRUMPIBLE["coste"]) == pytest.approx(esperado.esperado.coste)
    # El formulario del navegador, con los suyos.
    formulario = _formulario("interrumpibles")
    assert formulario["Checkpoints y trabajo repetido, interrumpible (US$)"] == numero(esperado.coste)
    assert formulario["Coste esperado, interrumpible (US$)"] == numero(esperado.esperado.coste)
    # La página de Vast.ai: la interrumpible de tipos_de_alquiler cuesta lo mismo.
    tipos = {
        t.tipo: t
        for t in vast.tipos_de_alquiler(e.precio_bajo_demanda, e.horas_trabajo, puja_hora=e.precio_interrumpible)
    }
    assert tipos["interrumpible"].coste == pytest.approx(esperado.esperado.coste)


def test_el_ranking_ordena_las_interrumpibles_por_su_coste_esperado():
    """«¿Dónde sale más barato?»: cada fila interrumpible lleva el trabajo repetido de interrupciones.retrabajo
    (reinicio corto en el extremo bajo, largo en el alto) y el orden es el del coste esperado; la orden y el
    formulario dan las mismas cifras en el mismo orden."""
    trabajo = Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
    filas = ranking.ranking(trabajo)
    s = interrupciones.supuestos()
    interrumpibles = [f for f in filas if f.precio.nivel == "interrumpible"]
    assert interrumpibles and all(f.retrabajo is not None for f in interrumpibles)
    assert all(f.retrabajo is None for f in filas if f.precio.nivel != "interrumpible")
    for f in interrumpibles:
        precio = f.precio.precio_hora_usd * f.n_gpus
        horas = f.gpu.minimo / precio  # las horas de cómputo, sin interrupciones
        r = interrupciones.retrabajo(horas, precio, reinicio_h=s.reinicio_min_h)
        assert f.retrabajo.minimo == pytest.approx(r.coste) and f.horas.minimo == pytest.approx(r.esperado.horas)
        assert f.coste.minimo > f.gpu.minimo + f.arranque.minimo  # el trabajo repetido suma
    medios = [(f.coste.minimo + f.coste.maximo) / 2 for f in filas]
    assert medios == sorted(medios)
    cli = _orden("donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "lora", "--tokens", "50e6")
    # Detrás de las GPU alquiladas van el fine-tuning gestionado y los cuadernos (ranking.otras).
    cli = [c for c in cli if c["opcion"] == ranking.OPCIONES[0]]
    assert [(c["gpu"], c["proveedor"], c["nivel"]) for c in cli] == [
        (f.precio.gpu, f.precio.proveedor, f.precio.nivel) for f in filas
    ]
    for c, f in zip(cli, filas, strict=True):
        assert c["coste_min_usd"] == pytest.approx(f.coste.minimo)
        esperado = None if f.retrabajo is None else pytest.approx(f.retrabajo.minimo)
        assert c["retrabajo_min_usd"] == esperado
    calc = navegador.CALCULADORAS["donde-mas-barato"]
    valores = {c.nombre: navegador.escribir(c.defecto) for c in calc.campos()}
    tabla = navegador.calcular("donde-mas-barato", valores)
    i = tabla.columnas.index("total (US$)")
    alquiladas = tabla.filas[: len(filas)]
    assert [t[i].rstrip("*") for t in alquiladas] == [rango(f.coste.minimo, f.coste.maximo) for f in filas]


# --- La reserva: el descuento de su proveedor, sobre el precio de ese proveedor ------------------------------


def test_la_reserva_usa_el_precio_del_proveedor_que_la_ofrece():
    gpu = decisiones.GPU_ALQUILADA
    reservas = [m for m in leidos.filas("modalidades.csv") if m["modalidad"] == "reservada" and m["meses"] == "1"]
    proveedores = {m["proveedor"] for m in reservas}
    r = decisiones.reserva_gpu_alquilada()
    assert r.proveedor in proveedores and r.bajo_demanda.proveedor == r.proveedor
    d = float(next(m["descuento"] for m in reservas if m["proveedor"] == r.proveedor))
    assert r.precio_hora_usd == pytest.approx(r.bajo_demanda.precio_hora_usd * (1 - d))
    # La página («Cuándo compensa»): la fila de la carga alta es la cuenta de «gpucoste servir» con ese tráfico, y su
    # reservada, el descuento de su proveedor sobre el precio de ese mismo proveedor.
    caso = decisiones.casos()[-1]
    reservada = next(o for o in caso.recomendacion.opciones if o.nombre == recomendacion.RESERVADA)
    servir = _orden("servir", "--mensajes-dia", str(decisiones.MENSAJES_CARGA_ALTA))
    mejor = min((f for f in servir if f["opcion"] == "reservada"), key=lambda f: f["coste_mes_usd"])
    assert reservada.coste == pytest.approx(mejor["coste_mes_usd"])
    propia = modalidades.precio_reservado(mejor["gpu"], mejor["proveedor"], 1)
    assert propia.bajo_demanda.proveedor == mejor["proveedor"]
    assert mejor["coste_mes_usd"] == pytest.approx(mejor["n_gpus"] * 730 * propia.precio_hora_usd)
    # Y su «GPU alquilada por horas», la más barata bajo demanda de la misma orden.
    horas = next(o for o in caso.recomendacion.opciones if o.nombre == recomendacion.POR_HORAS)
    demanda = [f["coste_mes_usd"] for f in servir if f["opcion"] not in ("API", "reservada", "comprada")]
    assert horas.coste == pytest.approx(min(demanda))
    # La orden reservar y la página de Vast.ai: el mismo precio reservado.
    filas = _orden("reservar", "--gpu", gpu, "--proveedor", r.proveedor)
    assert _concepto(filas, RESERVAR["reservada"]) == pytest.approx(r.precio_hora_usd)
    tipos = {t.tipo: t for t in vast.tipos_de_alquiler(r.bajo_demanda.precio_hora_usd, 6, puja_hora=0.1)}
    assert tipos["reservada"].precio_hora == pytest.approx(r.precio_hora_usd)


def test_un_proveedor_sin_descuento_no_reserva_ni_en_la_biblioteca_ni_en_la_orden():
    sin = sorted(
        {p["proveedor"] for p in leidos.filas("precios.csv") if p["gpu"] == "RTX 4090"}
        - {m["proveedor"] for m in leidos.filas("modalidades.csv") if m["modalidad"] == "reservada"}
    )
    assert sin
    with pytest.raises(ValueError, match=f"'{sin[0]}'.*Valores admitidos"):
        modalidades.precio_reservado("RTX 4090", sin[0])
    r = gpucoste("recomendar", "--horas-gpu", "6", "--continuo", "no", "--proveedor-reserva", sin[0])
    assert r.returncode == 2 and r.stdout == "" and sin[0] in r.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ("interrumpible", "--gpu", "RTX 4090", "--proveedor", "RunPod", "--horas", "6"),
        ("interrumpible", "--gpu", "RTX 4090", "--horas", "6", "--interrupciones-hora", "-1"),
        ("recomendar", "--horas-gpu", "6", "--continuo", "no", "--descuento-reserva", "1,5"),
    ],
)
def test_una_entrada_mala_sale_2_con_un_error_en_espanol(argv):
    r = gpucoste(*argv)
    assert r.returncode == 2 and r.stdout == ""
    assert "no vale" in r.stderr or "desconocido" in r.stderr


# --- Propiedades ------------------------------------------------------------------------------------------------

_HORAS = st.floats(0.05, 500)
_PRECIO = st.floats(0.01, 50)
_TASA = st.floats(0, 3)


@settings(max_examples=60, deadline=None)
@given(_HORAS, st.floats(1e-3, 5), _PRECIO, _TASA)
def test_mas_horas_nunca_sale_mas_barato(horas, mas, precio, tasa):
    """El coste esperado (y el trabajo repetido) no baja al alargar el trabajo, y nunca es negativo."""
    corto = interrupciones.retrabajo(horas, precio, tasa)
    largo = interrupciones.retrabajo(horas + mas, precio, tasa)
    assert 0 <= corto.coste and 0 <= corto.horas_extra
    assert largo.esperado.coste >= corto.esperado.coste * (1 - 1e-9)
    assert largo.coste >= corto.coste * (1 - 1e-9) - 1e-12


@settings(max_examples=60, deadline=None)
@given(_HORAS, _PRECIO, st.floats(0, 1), st.floats(0, 1))
def test_mas_interrupciones_nunca_sale_mas_barato(horas, precio, a, b):
    baja, alta = sorted((a, b))
    assert interrupciones.retrabajo(horas, precio, alta).coste >= interrupciones.retrabajo(
        horas, precio, baja
    ).coste * (1 - 1e-9)


def test_cada_precio_interrumpible_es_el_leido_o_la_regla_dicha():
    """Para cada GPU y proveedor con precio interrumpible: el leído de precios.csv si lo hay; si no, la regla."""
    for gpu in {p["gpu"] for p in leidos.filas("precios.csv")}:
        for proveedor in modalidades.proveedores_interrumpibles(gpu):
            p = modalidades.precio_interrumpible(gpu, proveedor)
            assert p.precio_hora_usd > 0
            try:
                leido = _interrumpible_leido(gpu, proveedor)
            except LookupError:
                assert p.origen == modalidades.REGLA and "una regla" in p.describir()
            else:
                assert p.origen == modalidades.LEIDO and p.precio_hora_usd == pytest.approx(leido)
