"""Las etiquetas que comparten la orden ``gpucoste``, los formularios y las páginas (``gpucoste.base.etiquetas``).

Que la orden y el formulario las usen de verdad lo prueba ``tests/cli/test_cli_etiquetas.py``, comparando sus tablas.
"""

from __future__ import annotations

import pytest

from gpucoste.base import etiquetas


def test_inicial_mayuscula():
    assert etiquetas.inicial_mayuscula("horas esperadas") == "Horas esperadas"
    assert etiquetas.inicial_mayuscula("GPU (precio × horas)") == "GPU (precio × horas)"
    assert etiquetas.inicial_mayuscula("¿cabe?") == "¿cabe?"


@pytest.mark.parametrize("malo", ["", "   ", None, 3])
def test_inicial_mayuscula_con_un_texto_malo(malo):
    with pytest.raises(ValueError, match="texto"):
        etiquetas.inicial_mayuscula(malo)


def test_vram_de():
    assert etiquetas.vram_de("RTX 4090") == "VRAM de la RTX 4090"
    with pytest.raises(ValueError, match="gpu"):
        etiquetas.vram_de("")


def test_los_tokens_de_entrenamiento_dicen_que_son_de_una_epoca():
    """C15 de la revisión editorial (y el issue 32): el campo de los formularios y la ayuda de ``--tokens`` dicen
    que son los del dataset, una época; las épocas tienen su propio campo (``--epocas``)."""
    assert "una época" in etiquetas.TOKENS_ENTRENAMIENTO
    assert "dataset" in etiquetas.TOKENS_ENTRENAMIENTO
    assert etiquetas.EPOCAS.startswith("épocas")


def test_ningun_titulo_deja_una_clave_cruda():
    """Un título que se lee no lleva «_» (la clave de ``--formato csv``) y una pareja mínimo/máximo no se titula
    por separado: su clave sin «_min» es la que tiene título."""
    for clave, titulo in etiquetas.COLUMNAS.items():
        assert "_" not in titulo, (clave, titulo)
        assert "_min" not in clave and "_max" not in clave, clave


def test_las_etiquetas_de_cada_tabla_son_distintas():
    """Dos filas con la misma etiqueta no se distinguirían en la orden (``--formato json`` va por concepto)."""
    for tabla in (etiquetas.PARTIDAS_COSTE, etiquetas.INTERRUMPIBLE, etiquetas.API_O_GPU, etiquetas.COMPRAR):
        assert len(set(tabla.values())) == len(tabla)


def test_la_carga_de_servir_se_lee_como_porcentaje():
    """El formulario de «servir» y ``gpucoste servir`` daban la carga como fracción («0,48») y la página como
    porcentaje («48 %»): una sola forma, la de ``cifra_servir``, en los tres sitios."""
    assert etiquetas.cifra_servir("carga", 0.48) == "48\u00a0%"
    assert etiquetas.cifra_servir("carga", 0.475) == "48\u00a0%"  # la mitad, hacia arriba
    assert etiquetas.cifra_servir("carga", None) == "sin dato"
    assert etiquetas.cifra_servir("tpot_ms", 58.12) == "58,1"
    assert etiquetas.cifra_servir("coste_mes_usd", 341.644) == "341,64"
    assert etiquetas.SERVIR_PORCENTAJES <= set(etiquetas.SERVIR_DECIMALES)
    with pytest.raises(ValueError, match="cifra_servir: clave"):
        etiquetas.cifra_servir("uso", 0.48)
