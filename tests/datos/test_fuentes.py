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
from herramientas import informar

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
    carpeta = resources.files("gpucoste.datos")
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


# --- Enlaces vivos: fuentes sin copia fijada (issue 19) -------------------------------------------------------
# Una fuente está fijada si apunta a una revisión que no cambia: un permalink de GitHub a un commit o un fichero
# del Hub de Hugging Face en una revisión (blob, resolve o commit con su hash), o una versión publicada de un paquete
# de PyPI (pypi.org/project/<nombre>/<versión>/: PyPI no deja volver a subir un fichero de una versión, así que lo
# que trae no cambia). Las demás son páginas vivas: la
# cifra puede cambiar o desaparecer bajo el enlace. El issue 19 pide 10 como mucho; hoy quedan 8 (páginas de
# precios y de documentación sin copia en un repositorio, un diario, un blog), y el tope es el de hoy, para que no
# crezca: bájalo cuando fijes una.
FIJADA = re.compile(
    r"^https://(github\.com/[\w.-]+/[\w.-]+/blob/[0-9a-f]{40}/\S+"
    r"|huggingface\.co/\S+/(blob|resolve|commit)/[0-9a-f]{40}(/\S*)?"
    r"|pypi\.org/project/[\w.-]+/\d[\w.!+-]*/)$"
)
# Un trinquete por debajo de los 10 que pide el issue 19. Cada enlace vivo dice su motivo en `nota`. Baja este
# número cuando fijes una fuente; no lo subas.
MAX_ENLACES_VIVOS = 8
PROPIA = "https://gpucoste.github.io/gpucoste/"  # la propia guía: su texto está en docs/, versionado con los datos


def enlaces_vivos(textos: dict[str, str]) -> dict[str, list[str]]:
    """Cada URL de la columna ``fuente`` que no está fijada, con los ficheros y filas que la citan."""
    vivos: dict[str, list[str]] = {}
    for nombre, texto in sorted(textos.items()):
        for n, fila in enumerate(csv.DictReader(texto.splitlines()), start=2):
            url = next(iter((fila.get("fuente") or "").split()), "")  # supuestos.csv: la URL y un comentario
            if url.startswith("https://") and not FIJADA.match(url) and not url.startswith(PROPIA):
                vivos.setdefault(url, []).append(f"{nombre}:{n}")
    return vivos


def test_enlaces_vivos_contados():
    textos = _csvs()
    vivos = enlaces_vivos(textos)
    total = sum(
        1 for t in textos.values() for f in csv.DictReader(t.splitlines()) if f.get("fuente", "").startswith("https://")
    )
    informar(
        f"Fuentes: {len(vivos)} enlaces vivos distintos (sin copia fijada) en {sum(map(len, vivos.values()))} de "
        f"{total} filas con fuente https; el issue 19 pide 10 como mucho"
        + "".join(f"\n  - {url} ({', '.join(sitios)})" for url, sitios in vivos.items())
    )
    assert len(vivos) <= MAX_ENLACES_VIVOS


def test_la_cuenta_caza_un_enlace_vivo():
    """Falta plantada: una página viva cuenta; un permalink a un commit y una revisión del Hub, no."""
    fijadas = (
        "https://github.com/vast-ai/vast-cli/blob/071e96880fef1a014d8cb17bb34864847a09ca13/vastai/cli/commands/machines.py",
        "https://huggingface.co/Qwen/Qwen2.5-7B/blob/d149729398750b98c0af14eb82c78cfe92750796/config.json",
        "https://huggingface.co/thejaminator/qwen-hook-layer-9/commit/478fb720f1f3ced834fce0275b55b2732d438edc",
        "https://pypi.org/project/CurrencyConverter/0.18.23/",
    )
    vivas = (
        "https://vast.ai/pricing",
        "https://huggingface.co/datasets/x/y",
        "https://github.com/a/b/blob/main/c.md",
        "https://pypi.org/project/CurrencyConverter/",  # sin versión: la última, que cambia
    )
    texto = "gpu,fuente\n" + "".join(f"X,{u}\n" for u in fijadas + vivas)
    assert set(enlaces_vivos({"plantado.csv": texto})) == set(vivas)


# Cada enlace vivo dice por qué lo es: su fila lleva «Enlace vivo: <motivo>» en `nota`, en todos los ficheros.
MOTIVO = re.compile(r"Enlace vivo: \S")


def vivos_sin_motivo(textos: dict[str, str]) -> list[str]:
    """Las filas con una fuente viva cuya ``nota`` no dice «Enlace vivo: …» (fichero:fila)."""
    faltan = []
    for nombre, texto in sorted(textos.items()):
        for n, fila in enumerate(csv.DictReader(texto.splitlines()), start=2):
            if f"{nombre}:{n}" in sum(enlaces_vivos({nombre: texto}).values(), []) and not MOTIVO.search(
                fila.get("nota") or ""
            ):
                faltan.append(f"{nombre}:{n}")
    return faltan


def test_cada_enlace_vivo_dice_su_motivo():
    assert vivos_sin_motivo(_csvs()) == []


def test_la_prueba_caza_un_enlace_vivo_sin_motivo():
    """Falta plantada: una página viva sin motivo se detecta; con motivo, o fijada, pasa."""
    fijada = "https://github.com/vast-ai/vast-cli/blob/071e96880fef1a014d8cb17bb34864847a09ca13/vastai/cli/commands/machines.py"
    texto = (
        "gpu,fuente,nota\n"
        "A,https://vast.ai/pricing,leído a mano\n"
        "B,https://vast.ai/pricing,Enlace vivo: la página no tiene copia\n"
        f"C,{fijada},\n"
    )
    assert vivos_sin_motivo({"plantado.csv": texto}) == ["plantado.csv:2"]
    assert vivos_sin_motivo({"cambios.csv": texto}) == ["cambios.csv:2"]  # los países y cambios, también
