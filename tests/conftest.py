"""Fixtures compartidas: la raíz del proyecto, datos propios y el sitio construido."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from herramientas import CIFRAS

from gpucoste import datos

RAIZ = pathlib.Path(__file__).resolve().parent.parent
DATOS = RAIZ / "src" / "gpucoste" / "datos"


def epoca_fuente(raiz: pathlib.Path = RAIZ) -> str:
    """SOURCE_DATE_EPOCH: la fecha del último commit; fuera de git, la del fichero fuente más reciente."""
    r = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=raiz, capture_output=True, text=True)
    if r.returncode == 0 and r.stdout.strip():
        return r.stdout.strip()
    carpetas = ("docs", "snippets", "src")
    fuentes = [raiz / "mkdocs.yml", *(f for d in carpetas for f in (raiz / d).rglob("*") if f.is_file())]
    return str(int(max(f.stat().st_mtime for f in fuentes if f.exists())))


def pytest_terminal_summary(terminalreporter) -> None:
    """Repite al final las cifras de las pruebas de calidad (enlaces, ortografía, HTML…)."""
    if CIFRAS:
        terminalreporter.section("Cifras de las pruebas de calidad")
        for linea in CIFRAS:
            terminalreporter.write_line(linea)


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
    """``mkdocs build --strict`` (sin -q ni -v: ver executable-docs) en ``destino``.

    Con SOURCE_DATE_EPOCH fijado (el último commit), dos construcciones dan los mismos bytes.
    """
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoca_fuente(), **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(destino)],
        cwd=raiz,
        env=entorno,
        capture_output=True,
        text=True,
        timeout=300,
    )


def celdas(tabla) -> list[list[str]]:
    """Texto de cada celda de una tabla HTML (BeautifulSoup), fila a fila, sin la cabecera."""
    return [[td.get_text(strip=True) for td in tr.find_all("td")] for tr in tabla.find_all("tr")[1:]]


def tabla_que_contiene(sopa, texto: str) -> list[list[str]]:
    """Celdas de la única tabla de ``sopa`` cuyo texto contiene ``texto``."""
    tablas = [t for t in sopa.find_all("table") if texto in t.get_text()]
    assert len(tablas) == 1, f"{len(tablas)} tablas contienen {texto!r}"
    return celdas(tablas[0])


def copiar_proyecto(destino: pathlib.Path) -> pathlib.Path:
    """Copia mínima del proyecto (mkdocs.yml, docs/, snippets/), sin git, donde romper cosas."""
    destino.mkdir(parents=True)
    shutil.copy(RAIZ / "mkdocs.yml", destino)
    shutil.copytree(RAIZ / "docs", destino / "docs")
    shutil.copytree(RAIZ / "snippets", destino / "snippets")
    return destino


@pytest.fixture
def copia(tmp_path) -> pathlib.Path:
    """Una copia mínima del proyecto en ``tmp_path/proyecto``."""
    return copiar_proyecto(tmp_path / "proyecto")


def sitio_con(sitio: pathlib.Path, destino: pathlib.Path, html: str, pagina: str = "index.html") -> pathlib.Path:
    """Copia el sitio construido en ``destino`` e inserta ``html`` al final del artículo de ``pagina``."""
    shutil.copytree(sitio, destino)
    ruta = destino / pagina
    ruta.write_text(ruta.read_text(encoding="utf-8").replace("</article>", html + "</article>", 1), encoding="utf-8")
    return destino


@pytest.fixture(scope="session")
def sitio(tmp_path_factory) -> pathlib.Path:
    """El sitio construido una vez, en modo estricto, con los datos del paquete."""
    destino = tmp_path_factory.mktemp("sitio")
    r = construir(destino, env={"GPUCOSTE_DATOS": ""})
    assert r.returncode == 0, r.stdout + r.stderr
    return destino
