"""Validez del HTML del sitio construido con el validador de W3C (vnu, paquete de npm vnu-jar, con Java).

Los errores aceptados están en un solo fichero, tests/calidad/filtros-vnu.txt, cada uno con su motivo."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess

import pytest
from conftest import RAIZ
from herramientas import EN_CI, informar, requiere

VNU = RAIZ / "tests" / "calidad" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
FILTROS = RAIZ / "tests" / "calidad" / "filtros-vnu.txt"


def filtros(ruta: pathlib.Path = FILTROS) -> dict[str, str]:
    """Expresión regular → motivo (las líneas «#» que la preceden)."""
    salida, motivo = {}, []
    for linea in ruta.read_text(encoding="utf-8").splitlines():
        if linea.startswith("#"):
            motivo.append(linea.lstrip("# "))
        elif linea.strip():
            salida[linea.strip()] = " ".join(motivo)
            motivo = []
        else:
            motivo = []
    return salida


def validar(sitio: pathlib.Path) -> list[dict]:
    """Errores de vnu en las páginas HTML de ``sitio`` (sin filtrar)."""
    java = requiere("java", "paquete de Debian default-jre-headless")
    if not VNU.exists():
        motivo = "falta vnu.jar (make test lo instala con «npm ci» en tests/calidad/)"
        pytest.fail(motivo) if EN_CI else pytest.skip(motivo)
    r = subprocess.run(
        [java, "-jar", str(VNU), "--errors-only", "--format", "json", "--skip-non-html", str(sitio)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    # vnu escribe el informe JSON en stderr; sale con 1 si hay errores.
    assert r.returncode in (0, 1), r.stderr
    mensajes = json.loads(r.stderr)["messages"]
    return [m for m in mensajes if m.get("type") in ("error", "non-document-error")]


def separar(errores: list[dict], reglas: dict[str, str]) -> tuple[list[dict], dict[str, int]]:
    """Errores que ningún filtro acepta, y cuántos acepta cada filtro."""
    usos = dict.fromkeys(reglas, 0)
    quedan = []
    for e in errores:
        regla = next((r for r in reglas if re.search(r, e.get("message", ""))), None)
        if regla is None:
            quedan.append(e)
        else:
            usos[regla] += 1
    return quedan, usos


def describir(errores: list[dict]) -> str:
    return "\n".join(f"{e.get('url', '')}:{e.get('lastLine', '')}: {e.get('message')}" for e in errores)


QUE_HACER = (
    "Qué hacer: corrige el HTML que lo produce (el Markdown de docs/, una plantilla de docs/.overrides/ o lo que "
    "imprime un snippet). Si es un falso positivo del validador, añade a tests/calidad/filtros-vnu.txt una "
    "expresión regular del mensaje, precedida de una línea «# motivo» que explique por qué se acepta."
)


def test_cada_filtro_tiene_motivo():
    reglas = filtros()
    assert reglas
    for regla, motivo in reglas.items():
        re.compile(regla)
        assert len(motivo) > 40, f"el filtro {regla!r} necesita un motivo"


def test_html_valido(sitio):
    errores = validar(sitio)
    quedan, usos = separar(errores, filtros())
    paginas = len(list(sitio.rglob("*.html")))
    informar(
        f"HTML (vnu): {paginas} páginas validadas, {len(quedan)} errores "
        f"({len(errores) - len(quedan)} aceptados por {len(usos)} filtros documentados)"
    )
    assert not quedan, f"{len(quedan)} error(es) de HTML:\n{describir(quedan)}\n{QUE_HACER}"
    sobran = [r for r, n in usos.items() if not n]
    assert not sobran, f"Filtros de tests/calidad/filtros-vnu.txt que ya no filtran nada; bórralos: {sobran}"


def test_una_pagina_invalida_se_detecta(tmp_path):
    """vnu encuentra el fallo puesto a propósito en una página aislada (no en el sitio real, cuyos errores de
    verdad los cuenta test_html_valido), y los filtros no lo tapan."""
    (tmp_path / "index.html").write_text(
        '<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Prueba</title></head>'
        "<body><p><div>mal anidado</p></span></body></html>",
        encoding="utf-8",
    )
    quedan, _ = separar(validar(tmp_path), filtros())
    assert quedan and all(e["url"].endswith("/index.html") for e in quedan), describir(quedan)
    assert any("span" in e["message"] for e in quedan), describir(quedan)
