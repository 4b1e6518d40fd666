"""Fixtures compartidas: la raíz del proyecto, datos propios y el sitio construido."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from gpucoste import datos

RAIZ = pathlib.Path(__file__).resolve().parent.parent
DATOS = RAIZ / "src" / "gpucoste" / "datos"


@pytest.fixture
def carpeta_datos(tmp_path, monkeypatch):
    """Una copia de los datos del paquete en ``tmp_path`` activada con GPUCOSTE_DATOS."""
    copia = tmp_path / "datos"
    shutil.copytree(DATOS, copia)
    monkeypatch.setenv("GPUCOSTE_DATOS", str(copia))
    datos.limpiar_cache()
    yield copia
    monkeypatch.delenv("GPUCOSTE_DATOS")
    datos.limpiar_cache()


def construir(destino: pathlib.Path, *, raiz: pathlib.Path = RAIZ, env: dict[str, str] | None = None):
    """``mkdocs build --strict`` (sin -q ni -v: ver executable-docs) en ``destino``."""
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(destino)],
        cwd=raiz,
        env=entorno,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="session")
def sitio(tmp_path_factory) -> pathlib.Path:
    """El sitio construido una vez, en modo estricto, con los datos del paquete."""
    destino = tmp_path_factory.mktemp("sitio")
    r = construir(destino, env={"GPUCOSTE_DATOS": ""})
    assert r.returncode == 0, r.stdout + r.stderr
    return destino
