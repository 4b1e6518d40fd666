"""El formulario de «¿Cabe?» con un config.json pegado o elegido (issue 32), en Python (sin navegador): las mismas
cifras que ``gpucoste cabe --config``, el error junto al campo, la orden con ``--config`` y un enlace sin el texto.

En Chromium, tests/navegador/test_cabe_config_navegador.py (pegar y elegir el fichero).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from calculadoras_navegador import _cifras_que_faltan, _ejecutar_orden, _por_defecto, _responder, _rotulos

from gpucoste import navegador

CONFIGS = Path(__file__).resolve().parents[1] / "calculo" / "configs"


def _con_config(fichero: str, **otros: str) -> dict[str, str]:
    return _por_defecto("cabe") | {"config": (CONFIGS / fichero).read_text(encoding="utf-8")} | otros


def test_el_config_pegado_manda_sobre_el_modelo():
    valores = _con_config("deepseek_v2_lite.json", metodo="inferencia", secuencia="32768", gpu="H100 80GB")
    tabla = navegador.calcular("cabe", valores)
    filas = dict(tabla.filas)
    # MLA: (512 + 64) × 27 capas × 2 bytes por token × 32.768 tokens = 1,02 GB (artículo de DeepSeek-V2, tabla 1).
    assert filas["caché KV"] == "1,0"
    assert "deepseek-ai/DeepSeek-V2-Lite" in tabla.titulo and "Llama" not in tabla.titulo


def test_la_orden_con_config_imprime_las_cifras_del_formulario(tmp_path, monkeypatch):
    valores = _con_config("jamba_v01.json", metodo="inferencia", secuencia="262144", gpu="H100 80GB")
    orden = navegador.orden_cli("cabe", valores)
    assert "--config config.json" in orden and "--modelo" not in orden
    (tmp_path / "config.json").write_text(valores["config"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # la orden lee config.json de la carpeta en que se pega
    tabla = navegador.calcular("cabe", valores)
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, _ejecutar_orden(orden)) == []


def test_el_enlace_no_lleva_el_config():
    valores = _con_config("mixtral_8x7b.json")
    enlace = navegador.enlace("cabe", valores)
    assert "config" not in enlace and "mixtral" not in enlace.lower()


@pytest.mark.parametrize(
    ("texto", "esperado"),
    [
        ('{"model_type": "llama",}', "no es un JSON válido (línea 1, columna 24)"),
        ('{"model_type": "falcon_h1"}', "«model_type» = 'falcon_h1' no se sabe modelar"),
        ('{"model_type": "mistral", "hidden_size": 4096}', "falta «num_hidden_layers»"),
        ("[1]", "objeto JSON"),
    ],
)
def test_config_malo_da_el_error_junto_al_campo(texto, esperado):
    respuesta = _responder("cabe", _por_defecto("cabe") | {"config": texto})
    assert respuesta["campo"] == "config" and esperado in respuesta["error"], respuesta
    # Con el rótulo del campo, el que lee el lector, no con «config.json:» (el nombre que le da la biblioteca).
    assert respuesta["error"].startswith(f"{_rotulos('cabe')['config']}: "), respuesta
    assert "tabla" not in respuesta


def test_el_formulario_tiene_el_campo_y_el_fichero():
    html = navegador.formulario_html("cabe", pyodide="p/", rueda="r.whl", peso="1 MB")
    assert 'name="config"' in html and "<textarea" in html
    assert 'type="file"' in html and 'data-para="config"' in html
    assert 'name="config" ' in html and html.count('type="file"') == 1
    # El campo de fichero no tiene «name»: el navegador no lo envía con nada.
    assert 'type="file" name=' not in html
