"""La comparación del experimento con escenarios extremos: un error claro, nunca ZeroDivisionError (issue 35)."""

from __future__ import annotations

import csv

import pytest

from gpucoste import datos
from gpucoste.calculo import experimento


def _editar(carpeta, fichero, cambiar) -> int:
    """Aplica ``cambiar`` a la primera fila de ``fichero`` que lo acepta; devuelve su fila (la cabecera es la 1)."""
    with (carpeta / fichero).open(encoding="utf-8", newline="") as f:
        filas = list(csv.DictReader(f))
    i = next(i for i, f in enumerate(filas) if cambiar(f))
    with (carpeta / fichero).open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(filas[0]))
        w.writeheader()
        w.writerows(filas)
    datos.limpiar_cache()
    return i + 2


def _barata() -> datos.Escenario:
    return min(experimento.escenarios(), key=lambda e: experimento.precio(e).precio_hora_usd)


def test_horas_subnormales_en_escenarios_son_un_error_del_fichero(carpeta_datos):
    """El reproductor del issue 35: ``horas=5e-324`` daba ZeroDivisionError en ``comparar``."""
    barata = _barata()

    def cambiar(f):
        if (f["gpu"], f["proveedor"], f["nivel"]) == (barata.gpu, barata.proveedor, barata.nivel):
            f["horas"] = "5e-324"
            return True
        return False

    fila = _editar(carpeta_datos, "escenarios.csv", cambiar)
    with pytest.raises(ValueError, match=rf"^escenarios\.csv, fila {fila}, columna horas: '5e-324' es tan pequeño"):
        experimento.comparar()


def test_un_coste_que_la_cuenta_redondea_a_0_es_un_error_claro(carpeta_datos):
    """Horas y precio diminutos pero normales (1e-200 cada uno): su producto es 0 en coma flotante."""
    barata = _barata()
    fecha = barata.fecha_precio

    def horas(f):
        if (f["gpu"], f["proveedor"], f["nivel"]) == (barata.gpu, barata.proveedor, barata.nivel):
            f["horas"] = "1e-200"
            return True
        return False

    def precio(f):
        if (f["gpu"], f["proveedor"], f["nivel"], f["fecha"]) == (barata.gpu, barata.proveedor, barata.nivel, fecha):
            f["precio_hora_usd"] = "1e-200"
            return True
        return False

    _editar(carpeta_datos, "escenarios.csv", horas)
    _editar(carpeta_datos, "precios.csv", precio)
    with pytest.raises(ValueError, match=r"^escenarios\.csv, escenario \(.*\), columna horas: 1e-200 h .* cuestan 0"):
        experimento.comparar()


def test_la_comparacion_de_los_datos_es_finita():
    c = experimento.comparar()
    assert c.veces_precio_hora >= 1 and c.veces_coste > 0 and c.fraccion_tiempo > 0
