"""Una instalación limpia de la biblioteca (como en «Usa los ejemplos en tu máquina») ejecuta cada snippet
con la misma salida que publica la guía (tests/snapshots/), fuera de la construcción del sitio."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from conftest import RAIZ, RAPIDO, UN_PROCESO
from herramientas import EN_CI

UV = RAIZ / ".tools" / "bin" / "uv"
SNIPPETS = sorted((RAIZ / "snippets").rglob("*.py"))
SNAPSHOTS = RAIZ / "tests" / "snapshots"


def _entorno_limpio() -> dict[str, str]:
    """Sin GPUCOSTE_DATOS ni PYTHONPATH: solo lo que trae el paquete instalado."""
    quitar = {"GPUCOSTE_DATOS", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}
    return {k: v for k, v in os.environ.items() if k not in quitar}


@pytest.fixture(scope="module")
def instalacion(tmp_path_factory) -> tuple[pathlib.Path, pathlib.Path]:
    """Un venv nuevo con ``pip install .`` del repositorio (con uv, por velocidad) y una carpeta de trabajo
    que, como una copia del repositorio sin src/, solo tiene snippets/."""
    if not UV.exists():
        motivo = f"falta {UV.relative_to(RAIZ)} (lo crea «make install»)"
        if EN_CI:
            pytest.fail(motivo)
        pytest.skip(motivo)
    base = tmp_path_factory.mktemp("instalacion")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    r = subprocess.run(
        [str(UV), "pip", "install", "--quiet", "--python", str(python), str(RAIZ)],
        env=_entorno_limpio(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    trabajo = base / "copia"
    shutil.copytree(RAIZ / "snippets", trabajo / "snippets")
    return python, trabajo


def test_importa_el_paquete_instalado(instalacion):
    """gpucoste sale del venv nuevo (no de src/) y trae sus datos."""
    python, trabajo = instalacion
    r = subprocess.run(
        [str(python), "-c", "import gpucoste, gpucoste.datos as d; print(gpucoste.__file__); print(len(d.precios()))"],
        cwd=trabajo,
        env=_entorno_limpio(),
        capture_output=True,
        text=True,
        check=True,
    )
    ruta, filas = r.stdout.split()
    assert pathlib.Path(ruta).is_relative_to(python.parent.parent), ruta
    assert int(filas) > 0


@pytest.fixture(scope="module")
def en_un_proceso(instalacion, request) -> dict[str, list] | None:
    """Con ``GPUCOSTE_RAPIDO`` (make check): lo que imprime cada snippet que pasa esta sesión, todos en un solo
    proceso del venv nuevo, como los ejecuta la construcción (arrancar Python con la biblioteca cuesta más que un
    snippet). Sin él (make test), None: cada snippet en su propio proceso."""
    if not RAPIDO:
        return None
    python, trabajo = instalacion
    rutas = sorted(
        {
            str(item.callspec.params["ruta"].relative_to(RAIZ))
            for item in request.session.items
            if getattr(item, "originalname", "") == "test_cada_snippet_da_la_salida_de_la_pagina"
        }
    )
    r = subprocess.run(
        [str(python), "-c", UN_PROCESO],
        input="".join(json.dumps(["snippet", ruta]) + "\n" for ruta in rutas),
        cwd=trabajo,
        env=_entorno_limpio(),
        capture_output=True,
        text=True,
        timeout=60 * len(rutas),
    )
    assert r.returncode == 0, r.stderr
    return dict(zip(rutas, (json.loads(linea) for linea in r.stdout.splitlines()), strict=True))


@pytest.mark.parametrize("ruta", SNIPPETS, ids=lambda r: str(r.relative_to(RAIZ / "snippets")))
def test_cada_snippet_da_la_salida_de_la_pagina(instalacion, en_un_proceso, ruta):
    python, trabajo = instalacion
    relativa = ruta.relative_to(RAIZ)
    if en_un_proceso is not None:
        r = subprocess.CompletedProcess([str(python), str(relativa)], *en_un_proceso[str(relativa)])
    else:
        r = subprocess.run(
            [str(python), str(relativa)],
            cwd=trabajo,
            env=_entorno_limpio(),
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert r.returncode == 0, r.stderr
    snapshot = SNAPSHOTS / ruta.relative_to(RAIZ / "snippets").with_suffix(".txt")
    assert r.stdout == snapshot.read_text(encoding="utf-8")


def test_la_orden_gpucoste(instalacion):
    python, trabajo = instalacion
    orden = python.parent / "gpucoste"
    bien = subprocess.run(
        [str(orden), "experimento"], cwd=trabajo, env=_entorno_limpio(), capture_output=True, text=True
    )
    assert bien.returncode == 0 and "H100" in bien.stdout
    mal = subprocess.run(
        [str(orden), "coste", "--precio-hora", "-1", "--horas", "1"],
        cwd=trabajo,
        env=_entorno_limpio(),
        capture_output=True,
        text=True,
    )
    assert mal.returncode == 2 and "error" in mal.stderr
