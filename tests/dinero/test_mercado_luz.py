"""Cómo cita la prosa las filas de ``electricidad.csv`` (``gpucoste.dinero.mercado.fuentes_de_luz``)."""

from __future__ import annotations

import dataclasses

import pytest

from gpucoste.dinero import mercado


def _fila(pais: str, organismo: str, periodo: str = "2026-07") -> mercado.Electricidad:
    base = mercado.electricidad()[0]
    return dataclasses.replace(base, pais=pais, organismo=organismo, periodo=periodo)


def test_lo_que_comparten_varias_se_dice_una_vez():
    filas = [_fila("A", "Uno, en una copia"), _fila("B", "Dos, en una copia")]
    texto = mercado.fuentes_de_luz(filas)
    assert texto == "A (Uno, julio de 2026) y B (Dos, julio de 2026), todas en una copia"


def test_si_solo_lo_comparten_algunas_las_nombra():
    filas = [_fila("A", "Uno, en una copia"), _fila("B", "Oficial"), _fila("C", "Tres, en una copia")]
    texto = mercado.fuentes_de_luz(filas)
    assert texto.endswith("y C (Tres, julio de 2026), las de A y C, en una copia")
    assert "B (Oficial, julio de 2026)" in texto


def test_sin_nada_comun_cada_organismo_entero():
    filas = [_fila("A", "Uno, de aquí"), _fila("B", "Dos, de allí")]
    assert mercado.fuentes_de_luz(filas) == "A (Uno, de aquí, julio de 2026) y B (Dos, de allí, julio de 2026)"


@pytest.mark.parametrize("malo", [[], None, ["x"], "España"])
def test_rechaza_lo_que_no_son_filas(malo):
    with pytest.raises(ValueError, match="filas"):
        mercado.fuentes_de_luz(malo)
