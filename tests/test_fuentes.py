"""Las fuentes de los datos: todo enlace a GitHub es un permalink a un commit, nunca a una rama.

Una rama (``main``, ``master``) o ``raw.githubusercontent.com`` cambian bajo la cifra: el enlace deja
de mostrar lo que citamos. Vale para la columna ``fuente`` y para las URL que cite una ``nota``, en
todos los CSV del paquete.
"""

from __future__ import annotations

import csv
import re
from importlib import resources

import pytest

PERMALINK = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+$")
URL = re.compile(r"https://\S+?(?=[\s,;)»]|$)")


def problemas(nombre: str, texto: str) -> list[str]:
    """Enlaces a GitHub de ``texto`` (un CSV) que no son permalinks a un commit."""
    salida = []
    for n, fila in enumerate(csv.DictReader(texto.splitlines()), start=2):
        for columna, valor in fila.items():
            if columna not in ("fuente", "nota") or not valor:
                continue
            for url in URL.findall(valor):
                # En una nota, solo cuentan los enlaces a un fichero (una página de un repositorio
                # no muestra ninguna cifra); en fuente, todos.
                if columna == "nota" and not re.search(r"/(blob|raw|tree)/|githubusercontent", url):
                    continue
                if ("github.com" in url or "githubusercontent.com" in url) and not PERMALINK.match(url):
                    salida.append(f"{nombre}, fila {n}, {columna}: {url}")
    return salida


def _csvs() -> dict[str, str]:
    carpeta = resources.files("gpucoste") / "datos"
    return {f.name: f.read_text(encoding="utf-8") for f in carpeta.iterdir() if f.name.endswith(".csv")}


def test_hay_csvs_con_fuentes_de_github():
    textos = _csvs()
    assert len(textos) >= 5
    assert sum(t.count("https://github.com/") for t in textos.values()) >= 10


@pytest.mark.parametrize("nombre", sorted(_csvs()))
def test_fuentes_de_github_son_permalinks(nombre):
    assert problemas(nombre, _csvs()[nombre]) == []


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/README.md",
        "https://github.com/api-evangelist/runpod/blob/main/plans/runpod-plans-pricing.yml",
        "https://raw.githubusercontent.com/tgarg01/silybench-data/main/derived/cost.json",
        "https://raw.githubusercontent.com/x/y/1e0041cbb1e6a0c46e8294291bc8bb82dff3312b/a.csv",
        "https://github.com/vast-ai/vast-cli/blob/278a167/docs/cli/host/machines.md",
    ],
)
def test_la_prueba_caza_un_enlace_movil(url):
    """Falta plantada: cada enlace que cambia bajo la cifra se detecta, en fuente y en nota."""
    texto = f'gpu,fuente,nota\nX,{url},ok\nY,https://example.org/,"ver {url}; y más"\n'
    assert len(problemas("plantado.csv", texto)) == 2


def test_un_permalink_pasa():
    url = "https://github.com/vast-ai/vast-cli/blob/071e96880fef1a014d8cb17bb34864847a09ca13/vastai/cli/commands/machines.py"
    assert problemas("bueno.csv", f"gpu,fuente,nota\nX,{url},\n") == []
