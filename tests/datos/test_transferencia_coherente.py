"""La transferencia en ``tarifas.csv`` (la cifra que usa el cálculo) y en ``politicas.csv`` (la frase de la tabla de
políticas) no se contradicen.

Las dos tablas responden a preguntas distintas: ``tarifas.csv`` da dólares por GB para el coste de un trabajo;
``politicas.csv`` resume con palabras cómo cobra cada proveedor, con matices que una cifra no recoge («la fija cada
host», «dentro de la región», «más cara en Asia»). El cálculo no lee la frase. Lo que sí se exige es que una
política que dice, con una de las frases de ``GRATIS``, que la entrada o la salida no se cobran no conviva con una
tarifa mayor que cero de ese mismo concepto. Las frases se comparan enteras: una política con matices no cuenta como
gratis, así que una fila nueva y correcta no rompe la prueba.
"""

from __future__ import annotations

import csv

from gpucoste import datos
from gpucoste.dinero import proveedores

# Frase exacta de politicas.csv (aspecto «transferencia») → conceptos de tarifas.csv que no se cobran.
GRATIS = {
    "sin cargos de entrada ni de salida": ("subida", "bajada"),
    "sin cargos de salida": ("bajada",),
    "salida gratis": ("bajada",),
    "incluida en el precio por hora": ("subida", "bajada"),
}


def contradicciones() -> list[str]:
    """Cada tarifa de transferencia mayor que cero de un proveedor cuya política dice que ese concepto es gratis."""
    gratis = {
        (p.proveedor, concepto)
        for p in proveedores.politicas()
        if p.aspecto == "transferencia"
        for concepto in GRATIS.get(p.valor, ())
    }
    return [
        f"{t.proveedor}, {t.concepto}: {t.precio_min_usd}–{t.precio_max_usd} US$/GB en tarifas.csv, "
        "y politicas.csv dice que no se cobra"
        for t in datos.tarifas()
        if (t.proveedor, t.concepto) in gratis and t.precio_max_usd > 0
    ]


def test_tarifas_y_politicas_de_transferencia_no_se_contradicen():
    assert contradicciones() == []


def test_la_prueba_caza_una_tarifa_que_contradice_la_politica(carpeta_datos):
    """Con una salida de pago plantada en un proveedor cuya política dice «sin cargos», la prueba lo dice."""
    politica = next(
        p for p in proveedores.politicas() if p.aspecto == "transferencia" and "bajada" in GRATIS.get(p.valor, ())
    )
    ruta = carpeta_datos / "tarifas.csv"
    with ruta.open(encoding="utf-8", newline="") as f:
        filas = list(csv.DictReader(f))
    columnas = list(filas[0])
    filas = [r for r in filas if (r["proveedor"], r["concepto"]) != (politica.proveedor, "bajada")]
    filas.append(
        {
            **{c: "" for c in columnas},
            "proveedor": politica.proveedor,
            "concepto": "bajada",
            "unidad": "GB",
            "precio_min_usd": "0.05",
            "precio_max_usd": "0.05",
            "cobra_parada": "no",
            "fecha": "2026-09-01",
            "fuente": "https://example.org/tarifa-plantada",
            "leida": "2026-09-01",
        }
    )
    with ruta.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.DictWriter(f, fieldnames=columnas, lineterminator="\n")
        escritor.writeheader()
        escritor.writerows(filas)
    datos.limpiar_cache()
    assert contradicciones() == [
        f"{politica.proveedor}, bajada: 0.05–0.05 US$/GB en tarifas.csv, y politicas.csv dice que no se cobra"
    ]
