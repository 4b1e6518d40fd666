"""«¿Cabe?» en Chromium con un config.json (issue 32): pegado en su campo o elegido como fichero, la cuenta se hace
en el navegador (ninguna petición sale de 127.0.0.1, y el fichero no se envía a ninguna parte) y da las cifras de la
biblioteca en Python; un config.json malo da su error junto al campo y ninguna cifra.
"""

from __future__ import annotations

from pathlib import Path

from calculadoras_navegador import _valores
from calculadoras_navegador import servido as servido
from calculadoras_navegador import sesion as sesion

from gpucoste import navegador

PAGINA = "calculadoras/cabe/"
CONFIGS = Path(__file__).resolve().parents[1] / "calculo" / "configs"


def _filas(tabla: navegador.Tabla) -> list[list[str]]:
    return [list(f) for f in tabla.filas]


def test_pegar_un_config_da_lo_que_da_la_biblioteca(sesion):
    sesion.abrir(PAGINA)
    sesion.pagina.select_option("#gc-cabe-metodo", "inferencia")
    sesion.pagina.fill("#gc-cabe-secuencia", "32768")
    sesion.pagina.fill("#gc-cabe-config", (CONFIGS / "gemma3_4b_it.json").read_text(encoding="utf-8"))
    sesion.enviar("gc-cabe")
    esperada = navegador.calcular("cabe", _valores(sesion, "gc-cabe"))
    assert "google/gemma-3-4b-it" in esperada.titulo
    assert sesion.celdas("gc-cabe") == _filas(esperada)
    # Con el config.json, la orden equivalente lo lee de un fichero; el enlace (y la barra de direcciones) no lo lleva.
    assert "--config config.json" in sesion.pagina.locator("#gc-cabe .gc-orden code").inner_text()
    assert "config" not in sesion.pagina.url and "gemma" not in sesion.pagina.url.lower()
    assert sesion.fuera == []


def test_elegir_el_fichero_lo_copia_en_el_campo_sin_enviarlo(sesion):
    sesion.abrir(PAGINA)
    peticiones = len(sesion.peticiones)
    sesion.pagina.set_input_files("#gc-cabe input[type=file]", str(CONFIGS / "jamba_v01.json"))
    sesion.pagina.wait_for_function("() => document.getElementById('gc-cabe-config').value.includes('jamba')")
    assert sesion.peticiones[peticiones:] == [] or all("jamba" not in p for p in sesion.peticiones[peticiones:])
    sesion.enviar("gc-cabe")
    esperada = navegador.calcular("cabe", _valores(sesion, "gc-cabe"))
    assert "ai21labs/Jamba-v0.1" in esperada.titulo
    assert sesion.celdas("gc-cabe") == _filas(esperada)
    assert sesion.fuera == []


def test_un_config_malo_da_su_error_junto_al_campo(sesion):
    sesion.abrir(PAGINA)
    sesion.pagina.fill("#gc-cabe-config", '{"model_type": "falcon_h1"}')
    sesion.enviar("gc-cabe")
    assert sesion.pagina.get_attribute("#gc-cabe-config", "aria-invalid") == "true"
    error = sesion.pagina.locator("#gc-cabe-config-error").inner_text()
    assert "«model_type» = 'falcon_h1' no se sabe modelar" in error
    assert sesion.celdas("gc-cabe") == []
