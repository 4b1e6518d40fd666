"""«Última actualización» de cada página: la fecha del último commit que cambió la página o un snippet que incluye.

Sustituye al plugin mkdocs-git-revision-date-localized (1.6.3), que pregunta a git por cada página con
``git log --diff-filter=r -n 1 … <página>`` (solo una letra minúscula: «todo menos renombrados»). Con git 2.39
(Debian 12, estas máquinas) esa consulta no devuelve nada, así que cada página mostraba la fecha de la
construcción; con un git más nuevo (el de los runners de GitHub) sí responde, pero solo mira el .md: una página
cuyas cifras cambian porque cambió su snippet seguía con la fecha vieja. Aquí se lee la historia una vez por
construcción (un solo ``git log``, sin filtros que dependan de la versión de git) y cada página toma la fecha más
reciente entre su fichero y los ``--8<--`` que incluye. Material la muestra al pie («Última actualización»,
``page.meta.revision_date``).

Sin fecha conocida (fuera de git, un fichero aún sin commit, o un clon superficial, donde todas las fechas serían
la del único commit) no se inventa una: con SOURCE_DATE_EPOCH (construcciones reproducibles) se usa esa; si no,
la página no muestra fecha. No escribe nada en el registro de la construcción.
"""

from __future__ import annotations

import datetime as dt
import os
import pathlib
import re
import subprocess

INCLUDE = re.compile(r"""^\s*;?--8<--\s*["']([^"']+)["']""", re.M)
_FECHAS: dict[str, int] = {}
_RAIZ: list[pathlib.Path] = []


def historia(raiz: pathlib.Path) -> dict[str, int]:
    """Ruta (relativa a la raíz de git) → época del último commit que la cambió; vacío sin historia completa."""

    def git(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", *args], cwd=raiz, capture_output=True, text=True)

    try:
        base = git("rev-parse", "--show-toplevel")
        if base.returncode != 0 or git("rev-parse", "--is-shallow-repository").stdout.strip() == "true":
            return {}
        log = git("log", "--format=%x00%ct", "--name-only", "--no-renames", "--", ".")
    except OSError:  # sin git
        return {}
    prefijo = pathlib.Path(base.stdout.strip())
    fechas: dict[str, int] = {}
    epoca = 0
    for linea in log.stdout.splitlines():
        if linea.startswith("\0"):
            epoca = int(linea[1:])
        elif linea and linea not in fechas:  # la historia va del commit más reciente al más antiguo
            fechas[str((prefijo / linea).resolve())] = epoca
    return fechas


def on_config(config):
    raiz = pathlib.Path(config.config_file_path).resolve().parent
    _RAIZ[:] = [raiz]
    _FECHAS.clear()
    _FECHAS.update(historia(raiz))
    return config


def fecha(epoca: int) -> str:
    from gpucoste.base.formato import MESES

    d = dt.datetime.fromtimestamp(epoca, dt.UTC).date()
    return f"{d.day} de {MESES[d.month - 1]} de {d.year}"


def on_page_context(context, page, config, nav):
    """Antes de la plantilla (también en los cuadernos, que no pasan por on_page_markdown)."""
    raiz = _RAIZ[0] if _RAIZ else pathlib.Path.cwd()
    fuentes = [pathlib.Path(page.file.abs_src_path)] + [raiz / m for m in INCLUDE.findall(page.markdown or "")]
    conocidas = [_FECHAS[str(f.resolve())] for f in fuentes if str(f.resolve()) in _FECHAS]
    epoca = max(conocidas) if conocidas else None
    if epoca is None and os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        epoca = int(os.environ["SOURCE_DATE_EPOCH"])
    if epoca is not None:
        page.meta["revision_date"] = fecha(epoca)
    return context
