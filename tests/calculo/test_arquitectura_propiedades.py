"""Propiedades de gpucoste.calculo.arquitectura con hypothesis: config.json malos generados.

Un config.json real con un campo quitado, cambiado por cualquier valor JSON o con otro ``model_type`` da o un
modelo con cifras finitas y positivas, o un ``ValueError`` en español que empieza por «config.json:» y nombra un
campo entre comillas; nunca otra excepción ni un número malo en silencio.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from gpucoste.calculo import arquitectura, memoria  # noqa: E402

CARPETA = Path(__file__).parent / "configs"
CONFIGS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in CARPETA.glob("*.json")}
NOMBRES = st.sampled_from(sorted(CONFIGS))
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda hijos: st.lists(hijos, max_size=3) | st.dictionaries(st.text(max_size=5), hijos, max_size=3),
    max_leaves=6,
)
VARIOS = settings(max_examples=60, deadline=None)


def comprobar(cfg: object) -> None:
    """O cifras finitas y positivas, o un ValueError que nombra un campo del config.json."""
    try:
        m = arquitectura.desde_config(cfg)
    except ValueError as error:
        texto = str(error)
        assert texto.startswith("config.json:"), texto
        assert re.search(r"«[A-Za-z_]+»|objeto JSON", texto), texto
        return
    cifras = [
        memoria.parametros(m),
        memoria.parametros(m, activos=True),
        memoria.parametros_lora(m),
        memoria.gb_kv(m, 32_768),
        memoria.gb_pesos_modelo(m, "nf4"),
    ]
    assert all(math.isfinite(x) and x >= 0 for x in cifras), cifras
    assert 0 < memoria.parametros(m, activos=True) <= memoria.parametros(m)
    assert memoria.tokens_kv(m, 32_768) <= 32_768


def _texto(cfg: dict) -> dict:
    return cfg["text_config"] if "text_config" in cfg else cfg


@VARIOS
@given(NOMBRES, st.data())
def test_un_campo_quitado(nombre, data):
    cfg = json.loads(json.dumps(CONFIGS[nombre]))
    campos = _texto(cfg)
    del campos[data.draw(st.sampled_from(sorted(campos)))]
    comprobar(cfg)


@VARIOS
@given(NOMBRES, st.data(), JSON)
def test_un_campo_cambiado_por_cualquier_valor(nombre, data, valor):
    cfg = json.loads(json.dumps(CONFIGS[nombre]))
    campos = _texto(cfg)
    campos[data.draw(st.sampled_from(sorted(campos)))] = valor
    comprobar(cfg)


@VARIOS
@given(NOMBRES, st.sampled_from(sorted({*arquitectura.FAMILIAS, "gemma3", "falcon_h1", "zamba2", "bamba", "gpt2"})))
def test_otro_model_type(nombre, tipo):
    cfg = json.loads(json.dumps(CONFIGS[nombre]))
    _texto(cfg)["model_type"] = tipo
    comprobar(cfg)


@VARIOS
@given(JSON)
def test_cualquier_json(valor):
    comprobar(valor)
