"""Los supuestos del tráfico de un servicio (``calculo.servicio_supuestos.Supuestos``): un registro inmutable que se
comprueba al crearse, y el único modo de dar esos supuestos a las funciones de servir."""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

from gpucoste.calculo import servicio, servicio_costes, servicio_recomendacion, servicio_supuestos

SUELTOS = ("entrada", "salida", "factor_pico", "precision", "ttft_ms", "tpot_ms")
"""Los campos de ``Supuestos``, que ninguna función de servir debe volver a tomar sueltos."""


def test_servicio_reexporta_el_registro_y_sus_valores_por_defecto():
    assert servicio.Supuestos is servicio_supuestos.Supuestos
    for nombre in ("TOKENS_ENTRADA", "TOKENS_SALIDA", "FACTOR_PICO", "OBJETIVO_TTFT_MS", "OBJETIVO_TPOT_MS"):
        assert getattr(servicio, nombre) is getattr(servicio_supuestos, nombre)
    assert tuple(f.name for f in dataclasses.fields(servicio.Supuestos)) == SUELTOS


@pytest.mark.parametrize(
    "funcion",
    [
        servicio.capacidad,
        servicio_costes.opciones,
        servicio_costes.costes_segun_volumen,
        servicio_recomendacion.recomendar_servicio,
        servicio_recomendacion.rendimiento_servicio,
    ],
)
def test_las_funciones_de_servir_toman_el_registro_y_no_los_supuestos_sueltos(funcion):
    parametros = inspect.signature(funcion).parameters
    assert parametros["supuestos"].default == servicio.Supuestos()
    assert not set(SUELTOS) & set(parametros)
    assert all(p.kind is not p.VAR_KEYWORD for p in parametros.values())


def test_es_inmutable():
    s = servicio.Supuestos(entrada=512)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.entrada = 1024  # type: ignore[misc]
    assert dataclasses.replace(s, salida=64) == servicio.Supuestos(entrada=512, salida=64)


def test_guarda_lo_comprobado():
    s = servicio.Supuestos(entrada=np.int64(300), factor_pico=3, ttft_ms=np.float64(500), precision="fp8")
    assert (type(s.entrada), type(s.factor_pico), type(s.ttft_ms)) == (int, float, float)
    assert (s.entrada, s.factor_pico, s.ttft_ms) == (300, 3.0, 500.0)


@pytest.mark.parametrize(
    ("campos", "dice"),
    [
        ({"entrada": 0}, "entrada: 0 no vale; se admite un entero mayor o igual que 1"),
        ({"salida": 1.5}, "salida: 1.5 no es un entero"),
        ({"entrada": 10**6 + 1}, "menor o igual que 1.000.000"),
        ({"factor_pico": 0.5}, "factor_pico: 0.5 no vale; se admite un número mayor o igual que 1."),
        ({"factor_pico": -5}, "factor_pico: -5 no vale; se admite un número mayor o igual que 1."),
        ({"factor_pico": "2"}, "factor_pico: '2' no es un número"),
        ({"precision": "BF16"}, "Precisión desconocida: 'BF16'. ¿Quisiste decir 'bf16'?"),
        ({"ttft_ms": 0}, "ttft_ms: 0 no vale; se admite un número finito mayor que 0"),
        ({"tpot_ms": float("nan")}, "tpot_ms: nan no es un número finito"),
    ],
)
def test_un_campo_malo_da_un_error_que_lo_nombra(campos, dice):
    with pytest.raises(ValueError) as error:
        servicio.Supuestos(**campos)
    assert dice in str(error.value)


@pytest.mark.parametrize("malo", [None, {"factor_pico": 3}, (1155, 211)])
def test_otra_cosa_que_el_registro_da_un_error_que_dice_como_hacerlo(malo):
    with pytest.raises(ValueError, match=r"supuestos: .* no vale; se admite un .*Supuestos \(p\. ej\. servicio\.Sup"):
        servicio.capacidad("Llama 3.1 8B", "A100 80GB", 1000, supuestos=malo)
