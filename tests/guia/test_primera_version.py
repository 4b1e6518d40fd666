"""La primera versión de esta guía (julio de 2026) y su fe de erratas: citas fieles al texto publicado y
veredictos que salen de los CSV (leídos con ``csv``), no de lo que imprimió la biblioteca la última vez."""

from __future__ import annotations

import re

import leidos
import pytest
from conftest import RAIZ

from gpucoste import datos
from gpucoste.guia import primera_version

PAGINA = RAIZ / "docs" / primera_version.PAGINA


def _plano(texto: str) -> str:
    texto = re.sub(r"\*([^*]+)\*\{lang=en\}", r"\1", texto)  # las marcas de inglés no son del texto
    return re.sub(r"\s+", " ", texto)


def test_cada_cita_esta_en_el_texto_publicado():
    """Lo que la fe de erratas pone entre comillas está, tal cual, en el texto de julio de 2026 de la página."""
    texto = _plano(PAGINA.read_text(encoding="utf-8").split("{ #texto }", 1)[1])
    for e in primera_version.erratas():
        for cita in re.findall(r"«([^«»]+)»", e.cita):
            trozos = [t.strip() for t in re.split(r"[.:]\s", cita) if t.strip()]
            for trozo in trozos:
                assert trozo.rstrip(".") in texto, f"{trozo!r} no está en {PAGINA.name}"


def test_el_veredicto_de_la_compra_sale_de_los_csv():
    hardware = {h["gpu"]: h for h in leidos.filas("hardware.csv") if h["precio_compra_usd"]}
    precios = {(p["gpu"], p["proveedor"], p["nivel"], p["fecha"]): p for p in leidos.filas("precios.csv")}
    horas = [
        float(hardware[e["gpu"]]["precio_compra_usd"])
        / float(precios[(e["gpu"], e["proveedor"], e["nivel"], e["fecha_precio"])]["precio_hora_usd"])
        for e in leidos.filas("escenarios.csv")
        if e["gpu"] in hardware
    ]
    sostiene = min(horas) <= primera_version.CITA_HORAS_COMPRA <= max(horas)
    compra = next(e for e in primera_version.erratas() if "comprar la GPU" in e.cita)
    assert compra.veredicto == ("se sostiene" if sostiene else "no se sostiene")


def test_los_precios_eran_estimaciones_si_el_csv_lo_dice(carpeta_datos):
    def veredicto() -> str:
        datos.limpiar_cache()
        return next(e for e in primera_version.erratas() if "Referencias de precio" in e.cita).veredicto

    escenarios = {(e["gpu"], e["proveedor"], e["nivel"], e["fecha_precio"]) for e in leidos.filas("escenarios.csv")}
    tipos = {
        p["tipo"]
        for p in leidos.filas("precios.csv")
        if (p["gpu"], p["proveedor"], p["nivel"], p["fecha"]) in escenarios
    }
    assert veredicto() == ("era una estimación" if "estimacion" in tipos else "se sostiene")
    # El fallo plantado: si esas filas dijeran «lista», el veredicto cambiaría.
    ruta = carpeta_datos / "precios.csv"
    lineas = ruta.read_text(encoding="utf-8").splitlines()
    ruta.write_text("\n".join(linea.replace(",estimacion", ",lista") for linea in lineas) + "\n", encoding="utf-8")
    assert veredicto() == "se sostiene"


def test_tabla_y_enlaces_del_sitio():
    t = primera_version.tabla()
    assert len(t) == len(primera_version.erratas())
    assert all(re.fullmatch(r"\[ver\]\(\.\./[a-z/-]+/(#[a-z-]+)?\)", c) for c in t["La cuenta"])
    with pytest.raises(ValueError, match="desde"):
        primera_version.tabla("https://otro.sitio/")


def test_la_reservada_se_juzga_con_la_cuenta_de_servir():
    # «Servir un modelo propio 24/7 con carga alta → GPU reservada»: las opciones de gpucoste servir con esa carga,
    # sin API (un modelo propio) ni compra (un pago inicial): ¿gana la reservada, o al menos baja de la punta?
    from gpucoste.calculo import servicio_costes
    from gpucoste.guia import decisiones

    todas = servicio_costes.opciones(decisiones.MODELO, decisiones.MENSAJES_CARGA_ALTA)
    gpu = [o for o in todas if o.opcion not in ("API", "comprada")]
    ganadora = min(gpu, key=lambda o: o.coste_mes_usd)
    reservada = min(o.coste_mes_usd for o in gpu if o.opcion == "reservada")
    punta = min(o.coste_mes_usd for o in gpu if o.opcion == "bajo demanda")
    if ganadora.opcion == "reservada":
        esperado = "se sostiene"
    else:
        esperado = "se matiza" if reservada < punta else "no se sostiene"
    assert primera_version.errata("reservada").veredicto == esperado
