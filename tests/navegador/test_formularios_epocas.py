"""El campo de las épocas en los formularios que toman tokens de entrenamiento («cuanto-tarda» y
«donde-mas-barato»): el título lo dice («20 millones de tokens × 3 épocas»), las horas cuentan tokens × épocas y
una época mala da un ``ValueError`` en español que la nombra."""

from __future__ import annotations

import pytest

from gpucoste import navegador

CON_TOKENS = ("cuanto-tarda", "donde-mas-barato")


def _valores(nombre: str, **cambios: str) -> dict[str, str]:
    return {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS[nombre].campos()} | cambios


def test_cada_formulario_con_tokens_tiene_epocas():
    for nombre, c in navegador.CALCULADORAS.items():
        campos = {x.nombre: x for x in c.campos()}
        if "tokens" in campos:
            assert nombre in CON_TOKENS
            assert campos["epocas"].defecto == 1
            assert c.argumentos["epocas"] == "entero"
            # «Copiar como orden» lleva --epocas.
            assert "--epocas 3" in navegador.orden_cli(nombre, _valores(nombre, epocas="3"))


@pytest.mark.parametrize("nombre", CON_TOKENS)
def test_tres_epocas_son_el_triple_de_tokens(nombre):
    tres = navegador.calcular(nombre, _valores(nombre, tokens="20.000.000", epocas="3"))
    una = navegador.calcular(nombre, _valores(nombre, tokens="60.000.000"))
    assert "con 20 millones de tokens × 3 épocas" in tres.titulo
    assert "época" not in una.titulo
    horas = tres.columnas.index("horas") if "horas" in tres.columnas else None
    if horas is None:  # «cuanto-tarda»: filas de resultado y valor
        assert tres.filas == una.filas
    else:
        # «donde-mas-barato»: las mismas horas en cada opción (el disco y la transferencia cuentan el dataset una vez)
        assert [f[horas] for f in tres.filas] == [f[horas] for f in una.filas]


@pytest.mark.parametrize("nombre", CON_TOKENS)
@pytest.mark.parametrize("malo", ["0", "-2", "1,5", "tres", "10001"])
def test_epocas_malas(nombre, malo):
    with pytest.raises(ValueError, match="epocas"):
        navegador.calcular(nombre, _valores(nombre, epocas=malo))
