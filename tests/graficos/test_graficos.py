"""gpucoste.graficos.figuras: SVG reproducible, con texto alternativo y colores que siguen al tema."""

from __future__ import annotations

import re

import pytest

from gpucoste.graficos import figuras as graficos


def _grafico(alt: str = "Coste frente a horas: crece en línea recta.") -> str:
    with graficos.figura() as (fig, ax):
        ax.plot([1, 2, 3], [2.5, 4, 8], label="coste")
        ax.set_xlabel("horas")
        ax.legend()
        graficos.coma_decimal(ax, 1)
    return graficos.svg(fig, alt)


def test_dos_veces_los_mismos_bytes():
    assert _grafico() == _grafico()


def test_sin_fecha_ni_prologo_ni_lineas_en_blanco():
    s = _grafico()
    assert "<?xml" not in s and "DOCTYPE" not in s and "<dc:date>" not in s and "<metadata>" not in s
    assert all(linea.strip() for linea in s.splitlines())


def test_texto_alternativo():
    s = _grafico("Dos < tres & «coste»")
    assert 'role="img"' in s
    assert 'aria-label="Dos &lt; tres &amp; «coste»"' in s
    assert "<title>Dos &lt; tres &amp; «coste»</title>" in s


def test_colores_del_tema_y_fuente_de_la_pagina():
    s = _grafico()
    assert "currentColor" in s
    assert "#010203" not in s and "#040506" not in s
    assert set(re.findall(r"font-family:[^;\"]*", s)) == {"font-family: inherit"}
    assert "DejaVu" not in s


def test_coma_decimal_en_los_ejes():
    s = _grafico()
    assert "2,5" in s or "3,0" in s


@pytest.mark.parametrize("alt", ["", "   ", None, 3])
def test_sin_texto_alternativo_es_un_error(alt):
    with graficos.figura() as (fig, _ax):
        with pytest.raises(ValueError, match="texto alternativo"):
            graficos.svg(fig, alt)


def test_coma_decimal_en_escala_logaritmica():
    """En un eje logarítmico, las marcas son cifras escritas como en la guía («0,01», «1000», «10.000»), no potencias
    de diez compuestas como fórmula («$\\mathdefault{10^{4}}$», que además costaba un análisis de mathtext cada una)."""
    with graficos.figura() as (fig, ax):
        ax.plot([0.01, 100_000], [1, 2])
        ax.set_xscale("log")
        graficos.coma_decimal(ax, 0, eje="x")
        fig.canvas.draw()
        marcas = [t.get_text() for t in ax.get_xticklabels() if t.get_text()]
    assert {"0,01", "0,1", "1", "1000", "10.000"} <= set(marcas), marcas
    assert not any("$" in m for m in marcas), marcas
