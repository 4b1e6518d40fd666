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
from alcance import importaciones, importaciones_de_prueba, pruebas_de
from conftest import RAIZ

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
    assert capas <= set(PERMITIDAS), (
        f"añade a PERMITIDAS (tests/proyecto/test_capas.py): {sorted(capas - set(PERMITIDAS))}"
    )


def test_ninguna_importacion_sube_de_capa():
    malas = violaciones(importaciones(paquete.RAIZ))
    assert not malas, (
        "estas importaciones van de una capa a otra de encima (ver el docstring de tests/proyecto/test_capas.py); "
        "mueve lo "
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


# --- Las pruebas siguen al paquete ------------------------------------------------------------------------

CARPETAS_SIN_CAPA = {
    "sitio": "el sitio construido (páginas, enlaces, HTML, ortografía, navegador)",
    "construccion": "la maquinaria de la construcción (construccion/, make check)",
    "proyecto": "lo que abarca todo el paquete: API, capas, entradas malas, propiedades, CONTRIBUTING, CI",
    "rendimiento": "make bench y su registro del tiempo de CI (tests/rendimiento/bench.py)",
}
"""Las carpetas de ``tests/`` con pruebas que no son de un subpaquete, cada una con lo que prueba."""


def sin_su_capa(tests: pathlib.Path, capas: set[str]) -> list[str]:
    """Las pruebas mal colocadas: una ``tests/<carpeta>/test_x.py`` cuya carpeta no es un subpaquete ni de
    ``CARPETAS_SIN_CAPA``, o que, en la carpeta de un subpaquete, no importa nada de él (ni lee sus ficheros,
    ``resources.files("gpucoste.datos")``); y una prueba suelta en ``tests/``."""
    salida = []
    for nombre, ruta in pruebas_de(tests).items():
        carpeta = nombre.split("/")[0] if "/" in nombre else None
        if carpeta is None:
            salida.append(f"{nombre}.py: suelta en tests/; va en tests/<subpaquete>/ o en {sorted(CARPETAS_SIN_CAPA)}")
        elif carpeta in capas:
            usadas = {capa(m) for m in importaciones_de_prueba(ruta)}
            if carpeta not in usadas and f'"gpucoste.{carpeta}"' not in ruta.read_text(encoding="utf-8"):
                salida.append(f"{nombre}.py: en tests/{carpeta}/ sin importar nada de gpucoste.{carpeta}")
        elif carpeta not in CARPETAS_SIN_CAPA:
            salida.append(f"{nombre}.py: tests/{carpeta}/ no es un subpaquete de gpucoste ni de CARPETAS_SIN_CAPA")
    return salida


def _capas() -> set[str]:
    return {capa(m.removeprefix("gpucoste.")) for m in paquete.modulos() if m != "gpucoste"} - {"__init__", "__main__"}


def test_las_pruebas_siguen_al_paquete():
    """Las pruebas de ``gpucoste.<capa>`` están en ``tests/<capa>/``: quien busca las de un módulo las encuentra por
    su ruta (las de ``gpucoste.calculo.vram``, en ``tests/calculo/test_vram.py``)."""
    assert not sin_su_capa(RAIZ / "tests", _capas())


@pytest.mark.parametrize(
    ("fichero", "texto", "esperada"),
    [
        ("test_suelta.py", "def test_a():\n    pass\n", "test_suelta.py: suelta en tests/"),
        ("calculo/test_sin_calculo.py", "from gpucoste import datos\n", "en tests/calculo/ sin importar nada"),
        ("varios/test_x.py", "from gpucoste.calculo import vram\n", "tests/varios/ no es un subpaquete"),
    ],
)
def test_una_prueba_mal_colocada_se_detecta(tmp_path, fichero, texto, esperada):
    tests = tmp_path / "tests"
    shutil.copytree(RAIZ / "tests", tests, ignore=shutil.ignore_patterns("node_modules", "__pycache__", "snapshots"))
    (tests / fichero).parent.mkdir(exist_ok=True)
    (tests / fichero).write_text(texto, encoding="utf-8")
    assert any(esperada in f for f in sin_su_capa(tests, _capas()))
    assert not any(esperada in f for f in sin_su_capa(RAIZ / "tests", _capas()))
