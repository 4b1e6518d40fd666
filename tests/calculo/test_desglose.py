"""El error validado por fuentes, desglosado por clase de GPU, escala, método y motor (``calibracion.desglose``)."""

from __future__ import annotations

import statistics

import pytest

from gpucoste.calculo import calibracion, tiempo


def _validadas(tipo: str) -> list:
    v = calibracion.validacion()
    return list(v.escalado) if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]


@pytest.mark.parametrize("tipo", list(calibracion.DIMENSIONES))
def test_cada_dimension_reparte_todas_las_medidas_validadas(tipo):
    filas = calibracion.desglose(tipo)
    for dimension in calibracion.DIMENSIONES[tipo]:
        assert sum(d.n for d in filas if d.dimension == dimension) == len(_validadas(tipo))


def test_el_error_de_cada_clase_de_gpu_es_el_de_sus_medidas():
    # Recalculado aquí desde las predicciones validadas: la mediana de |predicho/medido − 1| y la parte dentro.
    ps = _validadas("entrenamiento")
    for d in calibracion.desglose("entrenamiento"):
        if d.dimension != "clase de GPU":
            continue
        suyas = [p for p in ps if tiempo.CLASES_GPU[tiempo.clase_gpu(p.medida.gpu)] == d.grupo]
        assert d.error_mediano == pytest.approx(statistics.median(abs(p.central / p.medida.valor - 1) for p in suyas))
        assert d.dentro == pytest.approx(sum(p.minimo <= p.medida.valor <= p.maximo for p in suyas) / len(suyas))


def test_en_el_entrenamiento_el_cociente_es_de_tiempo():
    # Medido en tokens/s, predecir más tokens/s es predecir menos tiempo: el cociente es medido ÷ predicho.
    for d in calibracion.desglose("entrenamiento"):
        if d.dimension == "GPU":
            ps = [p for p in _validadas("entrenamiento") if p.medida.gpu == d.grupo]
            tiempos = [
                p.medida.valor / p.central if p.medida.unidad.startswith("tokens") else p.central / p.medida.valor
                for p in ps
            ]
            assert d.cociente == pytest.approx(statistics.median(tiempos))


def test_un_tipo_malo_da_un_error_que_lo_nombra():
    with pytest.raises(ValueError, match="entrenamientos"):
        calibracion.desglose("entrenamientos")


def test_make_calibrar_imprime_el_desglose():
    texto = calibracion.texto_desglose()
    for d in calibracion.desglose("entrenamiento"):
        assert f"{d.dimension} «{d.grupo}»:" in texto
