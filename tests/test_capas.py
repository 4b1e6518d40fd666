"""Las capas del paquete: cada subpaquete importa solo de los de debajo (también dentro de una función).

``base`` → ``datos`` → ``dinero`` → ``calculo`` → ``guia`` → ``graficos``, ``cli`` y ``navegador`` (arriba, sin
importarse entre sí salvo ``navegador``, que dibuja con ``graficos.dibujo``); ``recoleccion`` solo usa ``base`` y
``datos``, y nada de la biblioteca la importa. El ``__init__.py`` del paquete (la API de ``from gpucoste import …``)
solo usa la ruta del cálculo, y ``__main__`` solo la CLI.
"""

from __future__ import annotations

import pathlib
import shutil

import pytest
from alcance import importaciones

from gpucoste.base import paquete

_CALCULO = ("base", "datos", "dinero", "calculo")
PERMITIDAS: dict[str, tuple[str, ...]] = {
    "base": (),
    "datos": ("base",),
    "dinero": ("base", "datos"),
    "calculo": ("base", "datos", "dinero"),
    "guia": _CALCULO,
    "graficos": (*_CALCULO, "guia"),
    "cli": (*_CALCULO, "guia"),
    "navegador": (*_CALCULO, "guia", "graficos"),
    "recoleccion": ("base", "datos"),
    "__init__": _CALCULO,
    "__main__": ("cli",),
}
"""Subpaquete → los otros subpaquetes de los que puede importar (del suyo, siempre)."""


def capa(modulo: str) -> str:
    """«calculo.memoria» → «calculo»; «datos» → «datos»; el ``__init__.py`` raíz, «__init__»."""
    return modulo.split(".")[0]


def violaciones(grafo: dict[str, set[str]]) -> list[str]:
    """Cada importación que sube de capa: «calculo.ranking → guia.decisiones»."""
    salida = []
    for modulo, deps in sorted(grafo.items()):
        propia = capa(modulo)
        for d in sorted(deps):
            if capa(d) != propia and capa(d) not in PERMITIDAS[propia]:
                salida.append(f"{modulo} → {d}")
    return salida


def test_cada_subpaquete_tiene_su_capa():
    """Un subpaquete nuevo se coloca aquí, en ``PERMITIDAS``: si no, esta prueba lo dice."""
    capas = {capa(m.removeprefix("gpucoste.")) for m in paquete.modulos() if m != "gpucoste"} | {"__init__"}
    assert capas <= set(PERMITIDAS), f"añade a PERMITIDAS (tests/test_capas.py): {sorted(capas - set(PERMITIDAS))}"


def test_ninguna_importacion_sube_de_capa():
    malas = violaciones(importaciones(paquete.RAIZ))
    assert not malas, (
        "estas importaciones van de una capa a otra de encima (ver el docstring de tests/test_capas.py); mueve lo "
        f"que se importa a la capa de abajo o la función a la de arriba: {malas}"
    )


@pytest.mark.parametrize(
    ("fichero", "linea", "esperada"),
    [
        # Un cálculo que importa una página (dentro de una función, como hacían los gráficos).
        (
            "calculo/ranking.py",
            "def _f():\n    from gpucoste.guia import decisiones\n",
            "calculo.ranking → guia.decisiones",
        ),
        # La biblioteca importa el recolector.
        ("guia/publicacion.py", "from gpucoste.recoleccion import precios\n", "guia.publicacion → recoleccion.precios"),
        # El recolector usa el dinero (solo puede base y datos).
        ("recoleccion/cambios.py", "from gpucoste.dinero import paises\n", "recoleccion.cambios → dinero.paises"),
        # base importa datos (el círculo que había entre formato y datos).
        ("base/formato.py", "from gpucoste import datos\n", "base.formato → datos"),
    ],
)
def test_la_prueba_de_capas_pilla_una_importacion_plantada(tmp_path, fichero, linea, esperada):
    """Fallo plantado en una copia del paquete: cada línea añadida sube de capa, y la prueba la nombra."""
    copia = tmp_path / "gpucoste"
    shutil.copytree(paquete.RAIZ, copia, ignore=shutil.ignore_patterns("__pycache__", "*.csv"))
    ruta = copia / pathlib.Path(fichero)
    ruta.write_text(ruta.read_text(encoding="utf-8") + "\n\n" + linea, encoding="utf-8")
    assert esperada in violaciones(importaciones(copia))
    assert esperada not in violaciones(importaciones(paquete.RAIZ))
