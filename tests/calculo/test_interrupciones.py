"""Instancias interrumpibles: Young (1974), Daly (2006), una simulación independiente y el equilibrio."""

import math
import random

import pytest

from gpucoste.calculo import interrupciones as i


def test_young_es_raiz_de_dos_por_escritura_por_mtbf():
    # Young, CACM 17(9), 1974: τ = √(2·δ·M). Con δ = 3 min y M = 10 h: √(2 × 0,05 × 10) = 1 h.
    assert i.intervalo_optimo(0.05, 10, "young") == pytest.approx(1.0)
    assert i.intervalo_optimo(5 / 60, 24, "young") == pytest.approx(2.0)  # δ = 5 min, M = 24 h → 2 h


def test_daly_corrige_a_young_y_minimiza_su_ecuacion():
    # Daly, FGCS 22(3), 2006: τ = √(2δM)·[1 + ⅓√(δ/2M) + ⅑(δ/2M)] − δ si δ < 2M; M si no.
    d, m = 0.05, 10
    x = d / (2 * m)
    assert i.intervalo_optimo(d, m) == pytest.approx(math.sqrt(2 * d * m) * (1 + math.sqrt(x) / 3 + x / 9) - d)
    assert i.intervalo_optimo(30, 10) == 10
    # El óptimo de Daly minimiza (casi) el tiempo esperado de su propia ecuación: se busca en una rejilla.
    for d, m, r in [(0.05, 10, 0.25), (0.2, 3, 0.5), (0.01, 100, 1)]:
        rejilla = [0.01 * k for k in range(1, 3000)]
        mejor = min(rejilla, key=lambda t: i._horas(100, 1 / m, t, d, r))
        optimo = i.intervalo_optimo(d, m)
        assert i._horas(100, 1 / m, optimo, d, r) <= i._horas(100, 1 / m, mejor, d, r) * (1 + 1e-3)


def _simular(trabajo, tasa, intervalo, escritura, reinicio, rng):
    """Tiempo de reloj de una ejecución: Poisson de interrupciones, también durante escritura y reinicio."""
    reloj, hecho = 0.0, 0.0
    while hecho < trabajo - 1e-12:
        tramo = min(intervalo, trabajo - hecho) + escritura
        fallo = rng.expovariate(tasa)
        if fallo >= tramo:
            reloj += tramo
            hecho += tramo - escritura
            continue
        reloj += fallo
        while True:  # reinicio: también puede interrumpirse
            fallo = rng.expovariate(tasa)
            if fallo >= reinicio:
                reloj += reinicio
                break
            reloj += fallo
    return reloj


def test_la_ecuacion_coincide_con_una_simulacion():
    rng = random.Random(2006)
    trabajo, tasa, intervalo, escritura, reinicio = 10.0, 0.3, 0.5, 0.05, 0.25
    n = 4000
    media = sum(_simular(trabajo, tasa, intervalo, escritura, reinicio, rng) for _ in range(n)) / n
    e = i.esperado(
        horas_trabajo=trabajo,
        interrupciones_hora=tasa,
        intervalo_h=intervalo,
        escritura_h=escritura,
        reinicio_h=reinicio,
        precio_hora=1,
    )
    assert e.horas == pytest.approx(media, rel=0.02)


def test_sin_interrupciones_solo_cuestan_los_checkpoints():
    e = i.esperado(
        horas_trabajo=10, interrupciones_hora=0, intervalo_h=2, escritura_h=0.1, reinicio_h=1, precio_hora=0.5
    )
    assert e.horas == pytest.approx(10 + 5 * 0.1)
    assert e.coste == pytest.approx(0.5 * 10.5)
    assert e.interrupciones == 0


def test_tasa_de_equilibrio_iguala_costes():
    # Interrumpible a mitad de precio (el «50 %+» de Vast.ai): a la tasa devuelta, cuestan lo mismo.
    eq = i.tasa_equilibrio(
        horas_trabajo=10, precio_interrumpible=0.17, precio_bajo_demanda=0.34, escritura_h=0.05, reinicio_h=0.25
    )
    assert eq.umbral > 0
    assert eq.coste_a == pytest.approx(eq.coste_b, rel=1e-9)
    assert eq.coste_b == pytest.approx(3.4)
    mas = i.esperado(
        horas_trabajo=10, interrupciones_hora=eq.umbral * 1.1, escritura_h=0.05, reinicio_h=0.25, precio_hora=0.17
    )
    assert mas.coste > 3.4
    sin = i.tasa_equilibrio(
        horas_trabajo=10, precio_interrumpible=0.33, precio_bajo_demanda=0.34, escritura_h=2, reinicio_h=0.25
    )
    assert sin.umbral is None


@pytest.mark.parametrize(
    ("kwargs", "mensaje"),
    [
        ({"interrupciones_hora": 1e6}, "no termina en un tiempo finito"),
        ({"escritura_h": 0}, "escritura_h: 0 no vale"),
        ({"interrupciones_hora": -1}, "interrupciones_hora: -1"),
        ({"horas_trabajo": math.inf}, "horas_trabajo: inf"),
    ],
)
def test_esperado_rechaza(kwargs, mensaje):
    base = dict(horas_trabajo=10, interrupciones_hora=0.1, escritura_h=0.05, reinicio_h=0.25, precio_hora=0.2)
    with pytest.raises(ValueError, match=mensaje):
        i.esperado(**{**base, **kwargs})


def test_metodo_desconocido():
    with pytest.raises(ValueError, match="Método desconocido: 'Young'. ¿Quisiste decir 'young'"):
        i.intervalo_optimo(0.1, 10, "Young")
