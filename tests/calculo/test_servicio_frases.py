"""Las frases del modelo de capacidad (``gpucoste.calculo.servicio_frases``)."""

from __future__ import annotations

import pytest

from gpucoste.calculo import servicio_frases


@pytest.mark.parametrize(("factor", "texto"), [(2, "2"), (2.0, "2"), (1.5, "1,5"), (30, "30")])
def test_cifra_factor_pico_sin_coma_cero_de_mas(factor, texto):
    # «2 veces la media», no «2,0× la media»: la página, el formulario y gpucoste servir lo escriben igual.
    assert servicio_frases.cifra_factor_pico(factor) == texto


@pytest.mark.parametrize("malo", [0, -2, float("nan"), "dos", None])
def test_cifra_factor_pico_rechaza_lo_que_no_es_un_factor(malo):
    with pytest.raises(ValueError, match="factor_pico"):
        servicio_frases.cifra_factor_pico(malo)


def test_el_perfil_y_los_supuestos_dicen_el_factor_con_veces():
    assert "con 2 veces la media" in servicio_frases.frase_perfil(2.0, markdown=False)
    assert "**Hora punta**: 2 veces las peticiones" in servicio_frases.frase_supuestos()
