"""Quien sigue CONTRIBUTING.md al pie de la letra añade una página con un ejemplo ejecutado y pasa las pruebas
de los snippets y la construcción estricta, sin leer nada más."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

from bs4 import BeautifulSoup
from conftest import RAIZ, construir, copiar_proyecto

from gpucoste import experimento
from gpucoste.formato import dolares

CONTRIBUTING = RAIZ / "CONTRIBUTING.md"
NOMBRE = "mi-pagina"  # el nombre que usa CONTRIBUTING.md en su ejemplo


def _apartado(titulo: str) -> str:
    texto = CONTRIBUTING.read_text(encoding="utf-8")
    inicio = texto.index(f"## {titulo}")
    fin = texto.find("\n## ", inicio + 1)
    return texto[inicio : fin if fin != -1 else None]


def _pytest_snippets(copia, **env) -> subprocess.CompletedProcess:
    """Lo que hace «make snapshots» (con GPUCOSTE_ACTUALIZAR_SNAPSHOTS=1) y la parte de «make test» de los snippets."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_snippets.py", "-q", "-p", "no:cacheprovider"],
        cwd=copia,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_anadir_una_pagina_siguiendo_contributing(tmp_path):
    copia = tmp_path / "proyecto"
    copia.mkdir()
    shutil.copy(RAIZ / "mkdocs.yml", copia)
    for carpeta in ("docs", "snippets", "tests/snapshots"):
        shutil.copytree(RAIZ / carpeta, copia / carpeta)
    for fichero in ("conftest.py", "herramientas.py", "test_snippets.py"):
        shutil.copy(RAIZ / "tests" / fichero, copia / "tests")

    apartado = _apartado("Añadir una página con un ejemplo ejecutado")
    # Las órdenes del bloque bash, tal cual.
    ordenes = re.search(r"```bash\n(.*?)```", apartado, re.S).group(1)
    subprocess.run(["bash", "-euc", ordenes], cwd=copia, check=True)
    # Paso 1: el nombre en la página (donde dice CONTRIBUTING que aparece).
    pagina = copia / "docs" / f"{NOMBRE}.md"
    assert pagina.read_text(encoding="utf-8").count("nombre-de-la-pagina") == 3
    pagina.write_text(pagina.read_text(encoding="utf-8").replace("nombre-de-la-pagina", NOMBRE), encoding="utf-8")
    # Paso 3: la línea de nav que da CONTRIBUTING, encima del glosario.
    linea = re.search(r"`(  - [^`]+: " + NOMBRE + r"\.md)`", apartado).group(1)
    config = copia / "mkdocs.yml"
    texto = config.read_text(encoding="utf-8")
    assert texto.count("  - Glosario: glosario.md\n") == 1
    config.write_text(texto.replace("  - Glosario: glosario.md\n", f"{linea}\n  - Glosario: glosario.md\n"))

    # Paso 4: make snapshots, y las pruebas de los snippets pasan.
    assert "make snapshots" in apartado
    r = _pytest_snippets(copia, GPUCOSTE_ACTUALIZAR_SNAPSHOTS="1")
    assert r.returncode == 0, r.stdout
    assert (copia / "tests" / "snapshots" / NOMBRE / "ejemplo.txt").is_file()
    r = _pytest_snippets(copia)
    assert r.returncode == 0, r.stdout
    # «make lint»: el snippet nuevo cumple las reglas de ruff de snippets/ (líneas cortas, para la página).
    ruff = pathlib.Path(sys.executable).with_name("ruff")
    r = subprocess.run(
        [str(ruff), "check", "--config", str(RAIZ / "snippets" / "ruff.toml"), str(copia / "snippets" / NOMBRE)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout

    # Y la construcción estricta publica la cifra que calcula la biblioteca.
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode == 0, r.stderr
    html = BeautifulSoup((tmp_path / "sitio" / NOMBRE / "index.html").read_text(encoding="utf-8"), "html.parser")
    tabla = experimento.tabla(experimento.FINETUNING)
    assert dolares(tabla["coste"].min()) in html.find("article").get_text()


def test_sin_la_entrada_de_nav_la_construccion_falla(tmp_path):
    """El paso 3 no sobra: una página fuera de nav rompe la construcción estricta."""
    copia = copiar_proyecto(tmp_path / "proyecto")
    shutil.copy(RAIZ / "docs" / ".plantillas" / "pagina.md", copia / "docs" / "huerfana.md")
    (copia / "snippets" / "nombre-de-la-pagina").mkdir()
    shutil.copy(RAIZ / "docs" / ".plantillas" / "ejemplo.py", copia / "snippets" / "nombre-de-la-pagina")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "huerfana.md" in r.stderr
