"""Las dos fechas de cada fila citada: ``fecha`` (la que da la fuente) y ``leida`` (cuándo la leyó este proyecto).

Cada CSV con ``fuente`` y ``fecha`` tiene también ``leida``; el cargador rechaza una fila sin ella, con un mes en
lugar de un día o leída antes de la fecha de su fuente (las dos cambiadas), con el fichero, la fila y la columna.
"""

import csv
import re

import pytest

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.base.columnas import dos_fechas


def _citadas():
    return {f: t for f, t in esquema.declaradas().items() if {"fecha", "fuente"} <= {c.nombre for c in t.columnas}}


def test_cada_csv_citado_tiene_las_dos_fechas():
    citadas = _citadas()
    assert citadas  # hay tablas citadas que mirar
    sin = [f for f, t in citadas.items() if "leida" not in {c.nombre for c in t.columnas}]
    assert not sin, f"estos CSV tienen fuente y fecha pero no leida: {sin}"


def test_cada_fila_cargada_se_leyo_no_antes_que_su_fuente():
    for fichero, tabla in _citadas().items():
        for fila in esquema.cargar(tabla):
            assert len(fila.leida) == 10 and fila.leida >= fila.fecha, (fichero, fila)


@pytest.mark.parametrize(
    ("fecha", "leida", "falla"),
    [
        ("2026-09-09", "2026-09-09", None),  # el mismo día
        ("2026-09", "2026-09-01", None),  # un mes: cualquier día de él
        ("2026-09", "2026-10-15", None),
        ("2026-09-10", "2026-09-09", "anterior a fecha (2026-09-10)"),  # cambiadas
        ("2026-09", "2026-08-31", "anterior a fecha (2026-09)"),
        ("2026-09-09", None, "la celda está vacía"),
        ("2026-09-09", "", "la celda está vacía"),
        ("2026-09-09", "2026-09", "es un mes"),
    ],
)
def test_dos_fechas(fecha, leida, falla):
    resultado = dos_fechas(fecha, leida)
    assert (resultado is None) if falla is None else (falla in resultado)


def _plantar(carpeta, fichero, cambios):
    """Cambia celdas de la primera fila de datos de ``fichero`` en la copia (``cambios``: columna → valor)."""
    ruta = carpeta / fichero
    filas = list(csv.DictReader(ruta.open(encoding="utf-8")))
    filas[0].update(cambios)
    with ruta.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.DictWriter(f, fieldnames=list(filas[0]), lineterminator="\n")
        escritor.writeheader()
        escritor.writerows(filas)


@pytest.mark.parametrize("fichero", ["precios.csv", "gpus.csv", "moneda.csv", "politicas.csv"])
@pytest.mark.parametrize(
    ("cambios", "mensaje"),
    [
        ({"fecha": "2026-09-10", "leida": "2026-09-09"}, "columna leida: 2026-09-09 es anterior a fecha (2026-09-10)"),
        ({"leida": ""}, "columna leida: la celda está vacía"),
        ({"leida": "2026-09"}, "columna leida: 2026-09 es un mes"),
    ],
)
def test_una_pareja_mala_no_carga(carpeta_datos, fichero, cambios, mensaje):
    _plantar(carpeta_datos, fichero, cambios)
    esquema.limpiar()
    with pytest.raises(esquema.ErrorDeDatos, match="^" + re.escape(f"{fichero}, fila 2, {mensaje}")):
        esquema.cargar(esquema.declaradas()[fichero])
    datos.limpiar_cache()


def test_sin_la_columna_leida_no_carga(carpeta_datos):
    ruta = carpeta_datos / "tarifas.csv"
    filas = list(csv.DictReader(ruta.open(encoding="utf-8")))
    with ruta.open("w", encoding="utf-8", newline="") as f:
        campos = [c for c in filas[0] if c != "leida"]
        escritor = csv.DictWriter(f, fieldnames=campos, lineterminator="\n", extrasaction="ignore")
        escritor.writeheader()
        escritor.writerows(filas)
    esquema.limpiar()
    with pytest.raises(esquema.ErrorDeDatos, match=r"tarifas.csv: faltan las columnas \['leida'\]"):
        esquema.cargar(esquema.declaradas()["tarifas.csv"])
    datos.limpiar_cache()
