"""La rueda de gpucoste que carga Pyodide, sin navegador: el camino de importación de las calculadoras no carga
pandas ni matplotlib (Pyodide no los trae), la instantánea de memoria lleva importado lo que usa un cálculo y es
reproducible, la rueda es reproducible y funciona instalada como zip, y el sitio publica solo los ficheros de
Pyodide necesarios, con su tipo.
"""

from __future__ import annotations

import hashlib
import io
import random
import subprocess
import sys
import zipfile

import pytest
from calculadoras_navegador import SNIPPET, _ejecutar
from conftest import RAIZ
from servidor import servir

NAVEGADOR = "gpucoste.navegador"
"""El módulo que importan las calculadoras en Pyodide: nombrarlo coloca estas pruebas en ``tests/navegador/``
(``tests/proyecto/test_capas.py``)."""


def _modulos_tras(codigo: str, entorno: dict[str, str] | None = None) -> set[str]:
    programa = f"import sys\n{codigo}\nprint('\\n'.join(sys.modules))"
    r = subprocess.run([sys.executable, "-c", programa], capture_output=True, text=True, env=entorno, check=True)
    return set(r.stdout.split())


def test_el_camino_de_las_calculadoras_no_carga_pandas():
    """Lo que importa el navegador (y el código editable) no arrastra pandas, numpy ni matplotlib."""
    codigo = (
        "import json\nfrom gpucoste import navegador\nfrom gpucoste.calculo import memoria, ocultos, ranking, tiempo\n"
        "for n, c in navegador.CALCULADORAS.items():\n"
        "    a = list(c.argumentos)\n"
        "    navegador.calcular_json(n, json.dumps(dict.fromkeys(a, '1')), json.dumps(dict(zip(a, a))))\n"
        f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())"
    )
    pesados = {"pandas", "numpy", "matplotlib"} & _modulos_tras(codigo)
    assert not pesados, f"el camino del navegador importa {pesados}: Pyodide no los trae"


def test_la_prueba_de_pandas_puede_fallar():
    """La prueba anterior detecta un import de pandas (aquí, la línea de órdenes, que sí lo usa)."""
    assert "pandas" in _modulos_tras(f"import {NAVEGADOR}, gpucoste.cli")


def _hook():
    sys.path.insert(0, str(RAIZ / "construccion"))
    try:
        import navegador as hook  # el hook de MkDocs (mismo nombre que el módulo de la biblioteca)
    finally:
        sys.path.pop(0)
    return hook


def _rueda():
    return _hook().rueda()


def test_precargar_importa_lo_que_usa_el_calculo():
    """La instantánea de Pyodide lleva importado lo que importa un cálculo: tras ``precargar``, calcular con
    cada calculadora (y el código editable) no importa ningún módulo más de gpucoste."""
    codigo = (
        "import json, sys\nfrom gpucoste import navegador\nnavegador.precargar()\n"
        "antes = set(sys.modules)\n"
        "for n, c in navegador.CALCULADORAS.items():\n"
        "    a = list(c.argumentos)\n"
        "    navegador.calcular_json(n, json.dumps(dict.fromkeys(a, '1')), json.dumps(dict(zip(a, a))))\n"
        f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())\n"
        "print('NUEVOS', *sorted(m for m in set(sys.modules) - antes if m.startswith('gpucoste')))"
    )
    salida = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, check=True).stdout
    assert salida.split("NUEVOS")[-1].split() == []


def test_la_instantanea_es_reproducible(sitio, tmp_path):
    """Hecha ahora con Node, la instantánea es byte a byte la del sitio (que puede venir de la caché de otra
    construcción): ni la hora ni el azar de este arranque entran en ella."""
    hook = _hook()
    if not (RAIZ / hook.NPM / "pyodide.mjs").is_file():
        pytest.skip("sin Pyodide de npm")
    _, datos = _rueda()
    nueva = tmp_path / "instantanea.bin.gz"
    hook._hacer_instantanea(RAIZ / hook.NPM, datos, nueva)
    # Las huellas, no los bytes: el informe de pytest sobre dos blobs de megas distintos tarda minutos (difflib).
    hecha, publicada = nueva.read_bytes(), (sitio / "assets" / "pyodide" / hook.INSTANTANEA).read_bytes()
    assert hashlib.sha256(hecha).hexdigest() == hashlib.sha256(publicada).hexdigest(), (len(hecha), len(publicada))


def test_si_la_instantanea_falla_la_construccion_falla_al_esperarla(tmp_path, monkeypatch):
    """En «mkdocs build» la instantánea se hace en un hilo mientras sigue on_post_build (el cuaderno): su error
    (en CI, «Node falló» es un PluginError) no se pierde en el hilo, sale al esperarla, al final."""
    hook = _hook()

    def falla(*_argumentos):
        raise hook.PluginError("Sin instantánea de Pyodide (Node falló: prueba)")

    monkeypatch.setattr(hook, "_hacer_instantanea", falla)
    monkeypatch.setitem(hook._persistente, "servir", False)
    for clave, valor in {"instantanea": f"prueba-{random.random()}", "pyodide": tmp_path, "rueda": b""}.items():
        monkeypatch.setitem(hook._estado, clave, valor)
    hook._instantanea_al_sitio(tmp_path / hook.INSTANTANEA)  # vuelve enseguida: el hilo trabaja
    with pytest.raises(hook.PluginError, match="Node falló: prueba"):
        hook._terminar(None)
    assert "hilo_instantanea" not in hook._estado


def test_la_rueda_es_reproducible_y_lleva_lo_que_usan_los_formularios(tmp_path):
    """La rueda lleva todo el paquete menos ``FUERA_DE_LA_RUEDA`` (la CLI, los recolectores y los gráficos de
    matplotlib), y nada de eso."""
    nombre, datos = _rueda()
    assert _rueda() == (nombre, datos)
    assert nombre.startswith("gpucoste-") and nombre.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        dentro = set(z.namelist())
    paquete = RAIZ / "src" / "gpucoste"
    todos = {
        p.relative_to(paquete).as_posix()
        for p in paquete.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    fuera = {r for r in todos if r.startswith(_hook().FUERA_DE_LA_RUEDA)}
    assert {"cli/__init__.py", "recoleccion/precios.py", "graficos/figuras.py"} <= fuera
    assert "graficos/dibujo.py" not in fuera
    assert {f"gpucoste/{r}" for r in todos - fuera} <= dentro
    assert not {f"gpucoste/{r}" for r in fuera} & dentro
    assert any(n.endswith(".csv") for n in dentro), "la rueda no lleva los datos"
    # Instalada como zip (como en Pyodide, solo la rueda: sin src/ ni el .venv del proyecto en la ruta),
    # el código editable da lo mismo que en la página.
    (tmp_path / nombre).write_bytes(datos)
    salida = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(tmp_path / nombre)!r}); "
            f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert salida == _ejecutar(SNIPPET.read_text(encoding="utf-8"))


def test_solo_los_ficheros_de_pyodide_necesarios_y_con_su_tipo(sitio):
    """En el sitio, el arranque de Pyodide y la rueda, nada más (el paquete de npm trae 14 MB con mapas y
    tipos); servidos como GitHub Pages: .wasm como application/wasm y .mjs como JavaScript."""
    import urllib.request

    hook_rueda, _ = _rueda()
    carpeta = sitio / "assets" / "pyodide"
    esperados = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    esperados.add("instantanea.bin.gz")  # la memoria de Pyodide con gpucoste importado (hooks/instantanea.mjs)
    assert {f.name for f in carpeta.iterdir()} == esperados | {hook_rueda}
    with servir(sitio) as base:
        for fichero, tipo in (("pyodide.asm.wasm", "application/wasm"), ("pyodide.mjs", "text/javascript")):
            with urllib.request.urlopen(f"{base}assets/pyodide/{fichero}") as r:
                assert r.headers["Content-Type"].split(";")[0] == tipo, fichero
