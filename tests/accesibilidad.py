"""Accesibilidad en Chromium con axe-core (WCAG 2.1 A/AA; npm, tests/navegador/): lo usan
``tests/sitio/test_navegador.py`` (cada página del sitio) y ``tests/navegador/test_accesibilidad.py``."""

from __future__ import annotations

import pathlib
from urllib.parse import urlparse

import pytest
from herramientas import EN_CI
from servidor import paginas, servir

AXE = pathlib.Path(__file__).parent / "navegador" / "node_modules" / "axe-core" / "axe.min.js"


# WCAG 2.1, niveles A y AA.
ETIQUETAS_WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


GRAVES = {"serious", "critical"}


def es_propia(url: str) -> bool:
    partes = urlparse(url)
    return partes.scheme in ("data", "blob", "about") or partes.hostname == "127.0.0.1"


def ruta_axe() -> pathlib.Path:
    if AXE.is_file():
        return AXE
    motivo = "falta axe-core (se instala con «make test» si hay npm: npm ci --prefix tests/navegador)"
    if EN_CI:
        pytest.fail(f"{motivo}; en CI es obligatorio")
    pytest.skip(motivo)


def auditar(navegador, sitio: pathlib.Path, esquema: str) -> dict[str, list[dict]]:
    """Violaciones de axe-core (WCAG 2.1 A/AA) de cada página, con el esquema de color dado."""
    axe = ruta_axe().read_text(encoding="utf-8")
    resultado = {}
    contexto = navegador.new_context(color_scheme=esquema, service_workers="block")
    contexto.route("**/*", lambda ruta: ruta.continue_() if es_propia(ruta.request.url) else ruta.abort())
    with servir(sitio) as base:
        pagina = contexto.new_page()
        for ruta in paginas(sitio):
            pagina.goto(base + ruta, wait_until="networkidle")
            # Las tablas del texto van en div.gc-tabla con content-visibility: auto (construccion/tablas.py): fuera de
            # la pantalla, el navegador no las pinta, y axe-core calcula el contraste de lo que no se ha pintado con
            # colores que no son los que ve el lector al llegar a ellas (una celda con un <abbr> dio 1,27:1 en
            # «¿Cuánto se equivoca?»). Se audita la página pintada entera, como la ve quien se desplaza por ella.
            pagina.add_style_tag(content=".gc-tabla { content-visibility: visible !important; }")
            pagina.add_script_tag(content=axe)
            resultado[ruta or "/"] = pagina.evaluate(
                """etiquetas => axe.run(document, {runOnly: {type: "tag", values: etiquetas},
                                                   resultTypes: ["violations"]})
                    .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodos: v.nodes.map(n => n.target.join(" ")).slice(0, 5), n: v.nodes.length})))""",
                ETIQUETAS_WCAG,
            )
    contexto.close()
    return resultado


def violaciones_graves(resultado: dict[str, list[dict]]) -> list[str]:
    return [
        f"{pagina}: {v['impact']} {v['id']} ({v['help']}) ×{v['n']}: {v['nodos']}"
        for pagina, violaciones in resultado.items()
        for v in violaciones
        if v["impact"] in GRAVES
    ]
