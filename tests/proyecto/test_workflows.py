"""Los flujos de GitHub Actions (.github/) pasan zizmor sin red: 0 hallazgos."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

from conftest import RAIZ
from herramientas import informar, requiere

MALO = """\
name: malo
on: pull_request_target
jobs:
  saluda:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: ${{ github.event.pull_request.head.sha }}
      - run: echo "${{ github.event.pull_request.title }}"
"""


def auditar(carpeta: pathlib.Path) -> list[dict]:
    """Hallazgos de ``zizmor --offline`` en ``carpeta`` (su .github/)."""
    junto = pathlib.Path(sys.executable).parent / "zizmor"
    zizmor = str(junto) if junto.exists() else requiere("zizmor", "paquete de PyPI zizmor, grupo dev")
    r = subprocess.run(
        [zizmor, "--offline", "--no-progress", "--format", "json", str(carpeta)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # 0: sin hallazgos; 10-14: hallazgos (según su gravedad máxima). Otro código es un fallo de zizmor.
    assert r.returncode == 0 or 10 <= r.returncode <= 14, r.stderr
    return json.loads(r.stdout)


def resumen(hallazgos: list[dict]) -> str:
    lineas = []
    for h in hallazgos:
        lugar = h["locations"][0] if h.get("locations") else {}
        ruta = next(iter(lugar.get("symbolic", {}).get("key", {}).get("Local", {}).values()), "?")
        fila = lugar.get("concrete", {}).get("location", {}).get("start_point", {}).get("row", -1) + 1
        lineas.append(f"{ruta}:{fila}: {h['ident']} ({h['determinations']['severity']}) — {h['desc']}")
    return "\n".join(lineas)


def test_cero_hallazgos():
    ficheros = sorted(p for p in (RAIZ / ".github").rglob("*") if p.suffix in (".yml", ".yaml"))
    hallazgos = auditar(RAIZ / ".github")
    informar(f"Flujos (zizmor --offline): {len(ficheros)} ficheros de .github/ auditados, {len(hallazgos)} hallazgos")
    assert not hallazgos, (
        resumen(hallazgos) + "\nQué hacer: corrige cada flujo según su regla (zizmor --offline .github/ la explica "
        "en detalle); si un hallazgo no aplica, ignóralo en esa línea con un comentario «# zizmor: ignore[regla]» "
        "que diga por qué."
    )


def test_un_flujo_peligroso_se_detecta(tmp_path):
    flujos = tmp_path / ".github" / "workflows"
    flujos.mkdir(parents=True)
    (flujos / "malo.yml").write_text(MALO, encoding="utf-8")
    tipos = {h["ident"] for h in auditar(tmp_path / ".github")}
    # Acción sin fijar por SHA, pull_request_target que ejecuta el código de la PR, inyección en run.
    assert {"unpinned-uses", "dangerous-triggers", "template-injection"} <= tipos, tipos
