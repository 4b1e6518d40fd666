"""``memo.mismos_datos``: la misma pregunta con los mismos datos, la misma respuesta sin calcularla otra vez; con
otro tipo de argumento, otros datos o tras olvidar, se calcula de nuevo; un error nunca se guarda."""

from __future__ import annotations

import csv

import pytest

from gpucoste import datos
from gpucoste.base import memo
from gpucoste.calculo import memoria, velocidad


def _contada():
    llamadas = []

    @memo.mismos_datos
    def doble(x, *, y=0):
        llamadas.append((x, y))
        if x == "malo":
            raise ValueError("x: 'malo' no vale; se admite un número.")
        return (x, y)

    return doble, llamadas


def test_la_misma_pregunta_se_calcula_una_vez():
    doble, llamadas = _contada()
    assert doble(2, y=3) == doble(2, y=3) == (2, 3)
    assert llamadas == [(2, 3)]


def test_el_tipo_de_cada_argumento_cuenta():
    # 1, 1.0 y True son iguales para un dict, pero no para la validación: True puede ser un error y 1 no.
    doble, llamadas = _contada()
    assert [type(doble(v)[0]) for v in (1, 1.0, True, 1)] == [int, float, bool, int]
    assert [type(doble(1, y=v)[1]) for v in (1, 1.0, True, 1.0)] == [int, float, bool, float]
    assert len(llamadas) == 6  # la cuarta de cada grupo repite la primera: no se calcula


def test_un_error_no_se_guarda():
    doble, llamadas = _contada()
    for _ in range(2):
        with pytest.raises(ValueError, match="malo"):
            doble("malo")
    assert len(llamadas) == 2


def test_otros_datos_u_olvidar_calculan_de_nuevo(carpeta_datos, monkeypatch, tmp_path):
    doble, llamadas = _contada()
    doble(1)
    datos.limpiar_cache()  # tras editar un CSV
    doble(1)
    monkeypatch.setenv("GPUCOSTE_DATOS", str(tmp_path))  # otra carpeta
    doble(1)
    memo.olvidar()
    doble(1)
    doble.cache_clear()
    doble(1)
    assert len(llamadas) == 5


def test_un_argumento_sin_hash_se_calcula_sin_memo():
    doble, llamadas = _contada()
    assert doble([1]) == doble([1]) == ([1], 0)
    assert len(llamadas) == 2


def test_encaja_con_memo_sigue_rechazando_lo_que_no_vale():
    # El fallo que el tipo en la clave evita: n_gpus=1 guardado no hace buena la pregunta n_gpus=True.
    assert memoria.encaja("Llama 3.1 8B", "inferencia", "RTX 4090", n_gpus=1).cabe
    with pytest.raises(ValueError, match="n_gpus"):
        memoria.encaja("Llama 3.1 8B", "inferencia", "RTX 4090", n_gpus=True)
    with pytest.raises(ValueError, match="lote"):
        velocidad.tokens_por_segundo("Llama 3.1 8B", "RTX 4090", lote=1.0)
    assert velocidad.tokens_por_segundo("Llama 3.1 8B", "RTX 4090", lote=1) > 0


def test_encaja_con_otros_datos_da_otra_respuesta(carpeta_datos):
    # Editar la VRAM de una GPU en la carpeta de datos y olvidar lo leído cambia la respuesta (no la guardada).
    antes = memoria.encaja("Llama 3.1 8B", "inferencia", "RTX 4090")
    gpus = carpeta_datos / "gpus.csv"
    with gpus.open(encoding="utf-8", newline="") as f:
        filas = list(csv.DictReader(f))
    for fila in filas:
        if fila["gpu"] == "RTX 4090":
            fila["vram_gb"] = "48"
    with gpus.open("w", encoding="utf-8", newline="") as f:
        escritor = csv.DictWriter(f, fieldnames=list(filas[0]))
        escritor.writeheader()
        escritor.writerows(filas)
    datos.limpiar_cache()
    despues = memoria.encaja("Llama 3.1 8B", "inferencia", "RTX 4090")
    assert (antes.vram_gb, despues.vram_gb) == (24, 48)
