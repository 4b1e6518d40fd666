"""La calibración: cada medida publicada de medidas.csv frente a lo que predice la biblioteca.

Los umbrales (mediana de |predicho/medido − 1| ≤ 25 % para el tiempo y la memoria, 70 % de las medidas
dentro del rango, ninguna generación por encima de su techo) son los de la issue 18. Las cifras se
imprimen en la mitad de ajuste, en la de validación y en todas.
"""

from __future__ import annotations

import csv
import dataclasses
from importlib import resources

import pytest

from gpucoste import datos
from gpucoste.calculo import calibracion, tiempo


def test_la_calibracion_cumple_los_umbrales(capsys):
    resumen = calibracion.informe()
    with capsys.disabled():
        print("\nCalibración frente a medidas publicadas (medidas.csv):\n" + calibracion.texto_informe(resumen))
    assert calibracion.fallos(resumen) == []


def test_ajustes_csv_sale_de_la_mitad_de_ajuste():
    # ajustes.csv es un resultado, no un dato a mano: si cambia medidas.csv, «make snapshots» (o «make calibrar»)
    # lo rehace, como rehace los snapshots.
    ruta = resources.files("gpucoste") / "datos" / "ajustes.csv"
    with ruta.open(encoding="utf-8") as f:
        guardado = list(csv.DictReader(f))
    assert guardado == calibracion.filas_ajustes(), (
        "ajustes.csv no sale de medidas.csv: ejecuta «make snapshots» (o «make calibrar») y revisa el diff"
    )


def test_las_mitades_son_disjuntas_y_cubren_todas():
    ajuste, validacion = calibracion.mitades()
    ids_a, ids_v = {m.id for m in ajuste}, {m.id for m in validacion}
    assert not ids_a & ids_v
    assert ids_a | ids_v == {m.id for m in calibracion.usadas()}
    assert calibracion.mitades() == (ajuste, validacion)  # determinista


def test_el_ajuste_no_ve_la_validacion():
    # Cambiar una medida de validación no mueve ningún parámetro ajustado.
    ajuste, validacion = calibracion.mitades()
    antes = calibracion.ajustar(ajuste)
    assert calibracion.ajustar(ajuste) == antes
    assert all(m.id not in ids for *_, ids in antes.values() for m in validacion)


def test_una_medida_de_generacion_sobre_el_techo_falla():
    ps = calibracion.predicciones()
    p = next(p for p in ps if p.medida.tipo == "generacion")
    imposible = dataclasses.replace(p, medida=dataclasses.replace(p.medida, valor=p.techo * 1.01))
    avisos = calibracion.fallos(ps=(imposible,))
    assert any("superan el techo" in a for a in avisos)


def test_contar_dos_veces_el_recomputo_rompe_la_calibracion(monkeypatch):
    # El fallo que corrigió la issue 18: sumar el recómputo (2·N por token) a los FLOPs del modelo.
    original = tiempo.flops_por_token

    def con_recomputo(nombre, metodo, secuencia=2048, **opciones):
        return original(nombre, metodo, secuencia, **opciones) * 4 / 3

    monkeypatch.setattr(tiempo, "flops_por_token", con_recomputo)
    avisos = calibracion.fallos()
    assert any("tiempo de entrenamiento" in a for a in avisos), avisos


def test_olvidar_las_activaciones_rompe_la_calibracion(monkeypatch):
    # Un fallo de memoria grande: contar solo pesos y estado, sin activaciones ni logits.
    from gpucoste.calculo import memoria

    monkeypatch.setattr(memoria, "gb_activaciones", lambda *a, **k: 0.0)
    avisos = calibracion.fallos()
    assert any("memoria pico" in a for a in avisos), avisos


@pytest.mark.parametrize("medida", calibracion.usadas(), ids=lambda m: m.id)
def test_cada_medida_tiene_prediccion_finita(medida):
    p = calibracion.predecir(medida)
    assert 0 < p.minimo <= p.central * (1 + 1e-9) and p.central <= p.maximo * (1 + 1e-9)


def test_las_rechazadas_dicen_por_que():
    rechazadas = [m for m in datos.medidas() if m.rechazada]
    assert all(len(m.rechazada) > 20 for m in rechazadas)


def test_un_qlora_de_0_en_ajustes_da_el_error_del_fichero(carpeta_datos):
    """El reproductor del issue 35: con ``qlora`` 0 en ``ajustes.csv``, ``texto_informe`` daba ZeroDivisionError; ahora
    la carga dice el fichero, la fila y la columna."""
    from gpucoste.base import esquema

    ruta = carpeta_datos / "ajustes.csv"
    texto = ruta.read_text(encoding="utf-8")
    qlora = next(linea for linea in texto.splitlines() if linea.startswith("qlora,"))
    fila = texto.splitlines().index(qlora) + 1
    celdas = qlora.split(",")
    ruta.write_text(texto.replace(qlora, ",".join([celdas[0], "0", "0", "0", *celdas[4:]])), encoding="utf-8")
    with pytest.raises(esquema.ErrorDeDatos, match=rf"^ajustes\.csv, fila {fila}, columna minimo: 0 no vale"):
        calibracion.texto_informe(calibracion.informe())


def test_lo_que_escribe_make_calibrar_cumple_lo_que_se_comprueba_al_leerlo(tmp_path):
    """``escribir_ajustes`` y la carga, de acuerdo: lo que escribe ``make calibrar`` lo lee el cargador sin error."""
    from gpucoste.base import esquema

    ruta = tmp_path / "ajustes.csv"
    calibracion.escribir_ajustes(str(ruta))
    for fila in csv.DictReader(ruta.open(encoding="utf-8")):
        convertida = {c.nombre: c.convertir(fila[c.nombre]) for c in datos.AJUSTES.columnas}
        datos.AJUSTES.comprobar(datos.Ajuste(**convertida))
    assert esquema.cargar(datos.AJUSTES)
