""".ci/run anota cada ejecución (fecha, commit, segundos, código, núcleos, carga) y «make bench» la lee como la fila
de CI (``bench.ultimo_ci``). Con un ``make`` falso en el PATH: ni se instala ni se pasa ninguna prueba."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

RAIZ = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RAIZ / "tests" / "rendimiento"))
import bench  # noqa: E402


def _ci(tmp_path: pathlib.Path, codigo_de_make_test: int) -> pathlib.Path:
    """Ejecuta una copia de .ci/run en un repositorio de git vacío con un ``make`` que no hace nada (``make test``
    sale con ``codigo_de_make_test``); devuelve el registro que escribe."""
    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(RAIZ / ".ci" / "run", repo / ".ci" / "run")
    git = {**os.environ, "GIT_AUTHOR_NAME": "x", "GIT_AUTHOR_EMAIL": "x@x", "GIT_COMMITTER_NAME": "x"}
    git["GIT_COMMITTER_EMAIL"] = "x@x"
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "."], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "ci"], cwd=repo, check=True, env=git)
    falsos = tmp_path / "bin"
    falsos.mkdir()
    make = falsos / "make"
    make.write_text(f'#!/bin/sh\n[ "$1" = test ] && exit {codigo_de_make_test}\nexit 0\n', encoding="utf-8")
    make.chmod(0o755)
    registro = tmp_path / "estado" / "ci.tsv"
    entorno = {**os.environ, "PATH": f"{falsos}{os.pathsep}{os.environ['PATH']}", "GPUCOSTE_REGISTRO_CI": str(registro)}
    r = subprocess.run(["bash", ".ci/run"], cwd=repo, env=entorno, capture_output=True, text=True, timeout=60)
    assert r.returncode == codigo_de_make_test, r.stdout + r.stderr
    return registro


def test_ci_anota_su_tiempo_y_make_bench_lo_lee(tmp_path, monkeypatch):
    registro = _ci(tmp_path, 0)
    assert len(registro.read_text(encoding="utf-8").splitlines()) == 1
    monkeypatch.setenv("GPUCOSTE_REGISTRO_CI", str(registro))
    (fila,) = bench.ultimo_ci()
    assert fila["unidad"] == "min" and 0 <= fila["valor"] < bench.PRESUPUESTO_CI_MINUTOS
    assert fila["cumple"] is True and "FALLÓ" not in fila["medida"]


def test_un_ci_que_falla_no_cumple_aunque_sea_rapido(tmp_path, monkeypatch):
    """El fallo plantado: ``make test`` sale con 1. La fila lo dice y no cuenta como presupuesto cumplido."""
    monkeypatch.setenv("GPUCOSTE_REGISTRO_CI", str(_ci(tmp_path, 1)))
    (fila,) = bench.ultimo_ci()
    assert fila["cumple"] is False and "FALLÓ (código 1)" in fila["medida"]


@pytest.mark.parametrize("contenido", [None, "", "basura sin tabuladores\n"])
def test_sin_registro_la_fila_lo_dice(tmp_path, monkeypatch, contenido):
    registro = tmp_path / "ci.tsv"
    if contenido is not None:
        registro.write_text(contenido, encoding="utf-8")
    monkeypatch.setenv("GPUCOSTE_REGISTRO_CI", str(registro))
    (fila,) = bench.ultimo_ci()
    assert "sin medir" in fila["medida"] and fila["cumple"] is None
