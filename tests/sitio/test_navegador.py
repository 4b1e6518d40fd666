"""El sitio en un navegador de verdad (Chromium de Debian, sin cabeza): privacidad (ninguna petición a
otro host) y accesibilidad (axe-core, WCAG 2.1 A/AA) en cada página, en modo claro y oscuro."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass, field
from urllib.parse import urlparse

import pytest
from accesibilidad import auditar, es_propia, violaciones_graves
from bs4 import BeautifulSoup
from herramientas import informar
from servidor import paginas, servir

ESQUEMAS = ("light", "dark")


@dataclass
class Recorrido:
    """Lo que pidió el navegador al cargar unas páginas."""

    paginas: int = 0
    peticiones: list[str] = field(default_factory=list)
    terceros: list[str] = field(default_factory=list)


def recorrer(navegador, sitio: pathlib.Path) -> Recorrido:
    """Carga cada página de ``sitio`` servido en 127.0.0.1 y anota cada petición; las de otro host se
    anotan y se cortan (la prueba no sale a la red)."""
    r = Recorrido()
    contexto = navegador.new_context(service_workers="block")

    def anotar(ruta) -> None:
        url = ruta.request.url
        r.peticiones.append(url)
        if es_propia(url):
            ruta.continue_()
        else:
            r.terceros.append(url)
            ruta.abort()

    contexto.route("**/*", anotar)
    # Lo que no pase por route (p. ej., un websocket) también cuenta.
    contexto.on("websocket", lambda ws: r.terceros.append(ws.url) if not es_propia(ws.url) else None)
    with servir(sitio) as base:
        pagina = contexto.new_page()
        for ruta in [*paginas(sitio), "no-existe/"]:  # la última: la 404 de GitHub Pages
            pagina.goto(base + ruta, wait_until="networkidle")
            pagina.mouse.wheel(0, 100_000)  # lo que cargue al desplazarse
            pagina.wait_for_load_state("networkidle")
            r.paginas += 1
    contexto.close()
    return r


def test_ninguna_peticion_a_otro_host(chromium, sitio):
    r = recorrer(chromium, sitio)
    informar(
        f"Privacidad (Chromium): {r.paginas} páginas, {len(r.peticiones)} peticiones, "
        f"{len(r.terceros)} a otros hosts (127.0.0.1 es el único permitido)"
    )
    assert r.paginas == len(paginas(sitio)) + 1
    assert len(r.peticiones) > r.paginas  # CSS, JS, índice de búsqueda… se registran
    assert r.terceros == [], (
        f"Peticiones a otros hosts: {r.terceros}. Qué hacer: sirve ese recurso desde el propio sitio (cópialo en "
        "docs/ o en docs/.overrides/) o quítalo: ninguna página carga nada de otro host."
    )


def _sitio_de_prueba(tmp_path: pathlib.Path, cuerpo: str, cabeza: str = "") -> pathlib.Path:
    (tmp_path / "404.html").write_text("<!doctype html><title>404</title>", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        f'<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Prueba</title>{cabeza}</head>'
        f"<body><main><h1>Prueba</h1>{cuerpo}</main></body></html>",
        encoding="utf-8",
    )
    return tmp_path


def test_una_fuente_de_google_se_detecta(chromium, tmp_path):
    """La prueba puede fallar: una página que enlaza una fuente de Google da una petición a un tercero."""
    cabeza = '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Roboto&display=swap">'
    r = recorrer(chromium, _sitio_de_prueba(tmp_path, "<p>Texto.</p>", cabeza))
    assert [urlparse(u).hostname for u in r.terceros] == ["fonts.googleapis.com"]


# ---- Accesibilidad ------------------------------------------------------------------------------


@pytest.mark.parametrize("esquema", ESQUEMAS)
def test_accesibilidad_wcag21_aa(chromium, sitio, esquema):
    resultado = auditar(chromium, sitio, esquema)
    graves = violaciones_graves(resultado)
    todas = sum(len(v) for v in resultado.values())
    informar(
        f"Accesibilidad (axe-core, WCAG 2.1 A/AA, modo {'claro' if esquema == 'light' else 'oscuro'}): "
        f"{len(resultado)} páginas, {todas} reglas incumplidas, {len(graves)} graves o críticas"
    )
    for pagina, violaciones in resultado.items():
        for v in violaciones:
            print(f"  {pagina}: {v['impact']} {v['id']} ×{v['n']}")
    assert len(resultado) == len(paginas(sitio))
    assert graves == [], "\n".join(
        [
            *graves,
            "Qué hacer: cada línea dice la regla de axe-core (su id) y los elementos que la incumplen; corrígelo en "
            "docs/ (texto alternativo, títulos), en docs/stylesheets/extra.css (contraste) o en docs/.overrides/.",
        ]
    )


def test_una_pagina_inaccesible_se_detecta(chromium, tmp_path):
    """La prueba puede fallar: una imagen sin alt y un botón sin nombre son violaciones críticas."""
    cuerpo = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>'
    graves = violaciones_graves(auditar(chromium, _sitio_de_prueba(tmp_path, cuerpo), "light"))
    assert any("image-alt" in g for g in graves)
    assert any("button-name" in g for g in graves)


def test_plantillas_propias_en_el_sitio(sitio):
    """Las correcciones de docs/.overrides llegan al sitio: 404 en español, diálogo de búsqueda con nombre,
    enlaces permanentes en español y el enlace al repositorio sin la petición a api.github.com."""
    pagina_404 = BeautifulSoup((sitio / "404.html").read_text(encoding="utf-8"), "html.parser")
    assert pagina_404.find("h1").get_text(strip=True) == "Página no encontrada"
    for html in sitio.rglob("*.html"):
        sopa = BeautifulSoup(html.read_text(encoding="utf-8"), "html.parser")
        assert sopa.find("div", class_="md-search", role="dialog").get("aria-label") == "Buscar", html
        assert not sopa.select('[data-md-component="source"]'), html
        titulos = {a.get("title") for a in sopa.select("a.headerlink")}
        assert titulos <= {"Enlace permanente a este apartado"}, (html, titulos)
