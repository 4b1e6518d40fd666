"""Plantillas de GitHub (pull request, formularios de issues) y .pre-commit-config.yaml: bien formados, en
español y con versiones fijadas que no se separan de las de uv.lock."""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import RAIZ

GITHUB = RAIZ / ".github"
FORMULARIOS = sorted((GITHUB / "ISSUE_TEMPLATE").glob("*.yml"))


def test_estan_los_tres_formularios():
    nombres = {f.name for f in FORMULARIOS}
    assert {"error-en-la-guia.yml", "precio-desactualizado.yml", "nueva-pagina.yml", "config.yml"} <= nombres


@pytest.mark.parametrize("ruta", [f for f in FORMULARIOS if f.name != "config.yml"], ids=lambda f: f.name)
def test_formulario_bien_formado(ruta):
    forma = yaml.safe_load(ruta.read_text(encoding="utf-8"))
    assert forma["name"] and forma["description"]
    campos = [c for c in forma["body"] if c["type"] != "markdown"]
    ids = [c["id"] for c in campos]
    assert len(ids) == len(set(ids)), f"ids repetidos en {ruta.name}"
    assert all(re.fullmatch(r"[a-z0-9_-]+", i) for i in ids)
    assert any(c.get("validations", {}).get("required") for c in campos), "ningún campo obligatorio"
    assert all(c["attributes"]["label"] for c in campos)


def test_precio_desactualizado_pide_fuente_y_fecha():
    forma = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "precio-desactualizado.yml").read_text(encoding="utf-8"))
    obligatorios = {c["id"] for c in forma["body"] if c.get("validations", {}).get("required")}
    assert {"fuente", "fecha"} <= obligatorios


def test_plantilla_del_pull_request():
    texto = (GITHUB / "PULL_REQUEST_TEMPLATE.md").read_text(encoding="utf-8")
    casillas = re.findall(r"^- \[ \] (.+)$", texto, re.M)
    assert len(casillas) >= 5
    for imprescindible in ("make test", "make snapshots", "fuente", "fecha"):
        assert imprescindible in texto


def test_pre_commit_con_versiones_fijadas():
    config = yaml.safe_load((RAIZ / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    remotos = [r for r in config["repos"] if r["repo"] not in ("local", "meta")]
    assert remotos
    for repo in remotos:
        assert re.fullmatch(r"v?\d+(\.\d+)+|[0-9a-f]{40}", repo["rev"]), f"{repo['repo']}: rev sin fijar"
    ids = {h["id"] for r in config["repos"] for h in r["hooks"]}
    assert {"ruff-check", "ruff-format", "end-of-file-fixer", "check-yaml", "ortografia"} <= ids


def test_pre_commit_usa_el_ruff_de_uv_lock():
    config = yaml.safe_load((RAIZ / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    rev = next(r["rev"] for r in config["repos"] if r["repo"].endswith("/ruff-pre-commit"))
    pin = re.search(r'"ruff==([^"]+)"', (RAIZ / "pyproject.toml").read_text(encoding="utf-8")).group(1)
    assert rev == f"v{pin}", "actualiza a la vez el rev de ruff-pre-commit y ruff en pyproject.toml"
