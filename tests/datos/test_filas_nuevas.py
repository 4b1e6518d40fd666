"""Una fila nueva correcta no rompe ninguna prueba (issue 19, punto 5).

``hypothesis`` genera filas válidas para cada CSV declarado, a partir de una fila existente con una clave
nueva (una lectura con otra fecha, una GPU o un modelo con otro nombre, otra cifra dentro de su rango), y a
veces una GPU nueva con sus precios. Las escribe en una copia de los datos (``GPUCOSTE_DATOS``) y repite
todas las comprobaciones de ``invariantes``, las que derivan de los datos lo que esperan.
"""

from __future__ import annotations

import csv
import datetime as dt
import importlib
import shutil

import invariantes
import pytest
from conftest import DATOS
from herramientas import informar
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpucoste import datos
from gpucoste.base import esquema, paquete
from gpucoste.base.constantes import TIPOS_PRECIO
from gpucoste.datos import frescura

for _m in paquete.modulos():  # cada módulo registra sus tablas en esquema.TABLAS al importarse
    if not _m.startswith("gpucoste.recoleccion"):
        importlib.import_module(_m)

GENERADAS: list[int] = []

ATADAS_A_LA_FISICA = {"servicio_medido.csv": {"kv_gb"}}
"""Cifras que no se mueven: la caché KV que reservó el motor cabe en la VRAM menos los pesos y da para al menos una
secuencia; movida, la medida ya no es posible y el ajuste la rechaza nombrándola
(``tests/calculo/test_servicio.py::test_una_medida_imposible_nombra_su_fila``), que es lo correcto."""


def _leer(carpeta, fichero):
    with (carpeta / fichero).open(encoding="utf-8") as f:
        lector = csv.DictReader(f)
        return list(lector.fieldnames or []), [fila for fila in lector if any(fila.values())]


def _referenciadas(tabla: esquema.Tabla) -> set[str]:
    return {c for r in tabla.referencias for c in r.columnas}


def _clave_libre(tabla: esquema.Tabla) -> esquema.Columna | None:
    """La columna de la clave que se puede cambiar sin romper una referencia: una fecha o un nombre libre."""
    libres = [tabla.columna(c) for c in tabla.clave if c not in _referenciadas(tabla)]
    return next((c for c in libres if c.tipo == "fecha"), None) or next((c for c in libres if c.tipo == "texto"), None)


def _numero(columna: esquema.Columna, valor: str, factor: float) -> str:
    x = float(valor) * factor
    if columna.maximo is not None:
        x = min(x, columna.maximo)
    if columna.minimo is not None and x <= columna.minimo:
        return valor
    return f"{x:.4f}"


def _cumple_reglas(tabla: esquema.Tabla, fila: dict, columna: str) -> bool:
    """¿Cumple ``fila`` (texto, como en el CSV) las ``reglas`` de ``tabla`` que nombran ``columna``?"""
    valores = {
        c.nombre: (c.convertir(fila[c.nombre]) if fila[c.nombre] else ("" if c.tipo == "texto" else None))
        for c in tabla.columnas
    }
    return all(r.cumple(valores) for r in tabla.reglas if r.columna == columna)


@st.composite
def fila_nueva(draw, tabla: esquema.Tabla, filas: list[dict], n: int) -> dict | None:
    """Una fila válida de ``tabla``: una existente con la clave cambiada y sus cifras movidas."""
    libre = _clave_libre(tabla)
    if libre is None or not filas:
        return None  # una tabla de claves fijas (supuestos, reglas): no admite filas nuevas
    fila = dict(draw(st.sampled_from(filas)))
    if libre.tipo == "fecha":
        dia = draw(st.dates(dt.date(2026, 1, 1), frescura.referencia()))  # nunca posterior a hoy
        fila[libre.nombre] = dia.isoformat()
        if "leida" in fila:  # leída ese día o después, hasta hoy
            fila["leida"] = draw(
                st.dates(max(dia, dt.date.fromisoformat(fila["fecha"][:7] + "-01")), frescura.referencia())
            ).isoformat()
    else:
        fila[libre.nombre] = f"Prueba {n}"
        if not _cumple_reglas(tabla, fila, libre.nombre):  # un código con forma: XA–XZ, los de uso privado de ISO 3166
            fila[libre.nombre] = f"X{chr(ord('A') + n % 26)}"
    for c in tabla.unicas:  # lo que no se repite en el fichero (el nombre de un país), también nuevo
        fila[c] = f"{fila[c]} {n}"
    factor = draw(st.floats(0.5, 2.0))  # un mismo factor para todas las cifras conserva su orden (mín. ≤ máx.)
    # Una cifra que va en orden con una de la clave (hasta_b ≥ desde_b), que no se mueve, tampoco se mueve.
    atadas = {c for par in tabla.orden if set(par) & set(tabla.clave) for c in par}
    atadas |= ATADAS_A_LA_FISICA.get(tabla.fichero, set())
    for columna in tabla.columnas:
        if (
            columna.tipo == "numero"
            and fila.get(columna.nombre)
            and columna.nombre not in tabla.clave
            and columna.nombre not in atadas
        ):
            fila[columna.nombre] = _numero(columna, fila[columna.nombre], factor)
        elif columna.tipo == "enum" and columna.nombre == "tipo" and set(columna.valores) == set(TIPOS_PRECIO):
            # Qué es la cifra de un precio (lectura, mediana…): otra no cambia qué se midió. El ``tipo`` de una
            # medida (entrenamiento, servicio…) sí: cambiarlo da una fila falsa, no una nueva.
            fila[columna.nombre] = draw(st.sampled_from(columna.valores))
    return fila


@st.composite
def altas(draw):
    """Filas nuevas para cada CSV (o para algunos), y quizá una GPU nueva con especificaciones y precios."""
    salida: dict[str, list[dict]] = {}
    for n, tabla in enumerate(sorted(esquema.TABLAS.values(), key=lambda t: t.fichero)):
        _, filas = _leer(DATOS, tabla.fichero)
        claves = {tuple(f[c].casefold() for c in tabla.clave) for f in filas}
        nuevas = []
        for i in range(draw(st.integers(0, 2))):
            fila = draw(fila_nueva(tabla, filas, 100 * n + i))
            if fila is not None and (clave := tuple(fila[c].casefold() for c in tabla.clave)) not in claves:
                claves.add(clave)
                nuevas.append(fila)
        if nuevas:
            salida[tabla.fichero] = nuevas
    if draw(st.booleans()):  # una GPU nueva: su ficha en gpus.csv y sus precios en precios.csv
        _, gpus = _leer(DATOS, "gpus.csv")
        _, precios = _leer(DATOS, "precios.csv")
        ficha = dict(draw(st.sampled_from(gpus)), gpu="GPU de prueba")
        salida.setdefault("gpus.csv", []).append(ficha)
        for base in draw(st.lists(st.sampled_from(precios), min_size=1, max_size=3, unique_by=lambda p: p["nivel"])):
            salida.setdefault("precios.csv", []).append(dict(base, gpu="GPU de prueba", tipo="lista"))
    return salida


def _escribir(carpeta, nuevas: dict[str, list[dict]]) -> None:
    for fichero, filas in nuevas.items():
        cabecera, _ = _leer(carpeta, fichero)
        with (carpeta / fichero).open("a", encoding="utf-8", newline="") as f:
            if not (carpeta / fichero).read_bytes().endswith(b"\n"):
                f.write("\n")
            csv.DictWriter(f, fieldnames=cabecera, lineterminator="\n").writerows(filas)


def test_las_comprobaciones_valen_con_los_datos_del_paquete():
    invariantes.comprobar_todo()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(nuevas=altas())
def test_una_fila_nueva_correcta_no_rompe_nada(tmp_path_factory, monkeypatch, nuevas):
    copia = tmp_path_factory.mktemp("filas-nuevas") / "datos"
    shutil.copytree(DATOS, copia)
    _escribir(copia, nuevas)
    monkeypatch.setenv("GPUCOSTE_DATOS", str(copia))
    try:
        datos.limpiar_cache()
        invariantes.comprobar_todo()
    finally:
        monkeypatch.delenv("GPUCOSTE_DATOS")
        datos.limpiar_cache()
    GENERADAS.append(sum(len(f) for f in nuevas.values()))


def test_cuenta_lo_generado():
    if GENERADAS:
        informar(
            f"Filas nuevas (hypothesis): {len(GENERADAS)} casos, {sum(GENERADAS)} filas generadas "
            f"(de {min(GENERADAS)} a {max(GENERADAS)} por caso)"
        )


@pytest.mark.parametrize("fichero", sorted(esquema.TABLAS))
def test_cada_csv_admite_o_declara_sus_filas(fichero):
    """Cada CSV o admite filas nuevas (tiene una clave libre) o tiene claves fijas (``claves_obligatorias``
    o una clave de valores cerrados): ninguno queda sin probar por descuido."""
    tabla = esquema.TABLAS[fichero]
    assert _clave_libre(tabla) is not None or all(
        c in _referenciadas(tabla) or tabla.columna(c).tipo in ("enum", "entero") for c in tabla.clave
    )


def test_un_recuento_de_hoy_falla_con_una_fila_nueva_y_las_comprobaciones_no(tmp_path, monkeypatch):
    """El fallo plantado: una prueba con el recuento de hoy escrito a mano («assert 37 == 36») se rompe con una
    fila nueva correcta; las de ``invariantes``, no."""
    hoy = len(datos.precios())
    copia = tmp_path / "datos"
    shutil.copytree(DATOS, copia)
    _, precios = _leer(copia, "precios.csv")
    _escribir(
        copia,
        {
            "precios.csv": [
                dict(
                    precios[-1],
                    fecha=frescura.referencia().isoformat(),
                    leida=frescura.referencia().isoformat(),
                    tipo="lista",
                )
            ]
        },
    )
    monkeypatch.setenv("GPUCOSTE_DATOS", str(copia))
    datos.limpiar_cache()
    with pytest.raises(AssertionError):
        assert len(datos.precios()) == hoy
    invariantes.comprobar_todo()
    datos.limpiar_cache()
