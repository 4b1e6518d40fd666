"""Ningún módulo de ``src/gpucoste/`` pasa de ``LIMITE`` líneas (issue 34): uno más largo se parte por asunto, en
módulos del mismo subpaquete (como ``base/tabla.py`` y ``base/lector.py`` salieron de ``base/esquema.py``).

``PENDIENTES`` lista los que aún pasan, cada uno con las líneas que tenía al entrar en la lista: no puede crecer, y
la entrada sobra (y esta prueba lo dice) en cuanto el módulo baja del límite. El fallo plantado, en ``tmp_path``.
"""

from __future__ import annotations

import pathlib
from types import MappingProxyType

from gpucoste.base import paquete

LIMITE = 600
"""Líneas como mucho de un módulo de la biblioteca (las de ``wc -l``)."""

PENDIENTES = MappingProxyType({})
"""Módulos que aún pasan de ``LIMITE``, con las líneas que tenían al entrar aquí (hoy, ninguno)."""


def lineas(ruta: pathlib.Path) -> int:
    """Las líneas de un fichero, como las cuenta ``wc -l`` en uno que acaba en salto de línea."""
    return len(ruta.read_text(encoding="utf-8").splitlines())


def largos(raiz: pathlib.Path, limite: int = LIMITE) -> dict[str, int]:
    """Cada ``.py`` de ``raiz`` (y sus subcarpetas) con más de ``limite`` líneas: ruta relativa → líneas."""
    salida = {}
    for ruta in sorted(raiz.rglob("*.py")):
        if "__pycache__" not in ruta.parts and (n := lineas(ruta)) > limite:
            salida[ruta.relative_to(raiz).as_posix()] = n
    return salida


def demasiado_largos(raiz: pathlib.Path, pendientes=PENDIENTES) -> list[str]:
    """Los módulos de ``raiz`` que pasan de ``LIMITE`` (o, si están en ``pendientes``, de sus líneas de entonces)."""
    return [
        f"{ruta}: {n} líneas (como mucho {pendientes.get(ruta, LIMITE)})"
        for ruta, n in largos(raiz).items()
        if n > pendientes.get(ruta, LIMITE)
    ]


def test_ningun_modulo_pasa_del_limite():
    malos = demasiado_largos(paquete.RAIZ)
    assert not malos, (
        f"estos módulos de src/gpucoste/ pasan de {LIMITE} líneas: pártelos por asunto en módulos del mismo subpaquete "
        f"(cada uno con su docstring y __all__; ver CONTRIBUTING.md): {malos}"
    )


def test_cada_pendiente_sigue_pasando_del_limite():
    """Una entrada de ``PENDIENTES`` cuyo módulo ya no pasa del límite (o ya no existe) sobra: se quita."""
    sobran = [r for r in PENDIENTES if r not in largos(paquete.RAIZ)]
    assert not sobran, f"quita de PENDIENTES (tests/proyecto/test_tamano_modulos.py), ya no pasan de {LIMITE}: {sobran}"


def test_la_prueba_de_tamano_pilla_un_modulo_largo(tmp_path):
    """Fallo plantado: un módulo de ``LIMITE`` + 1 líneas en una subcarpeta; uno de ``LIMITE`` justas no cuenta, y uno
    pendiente solo si crece."""
    (tmp_path / "calculo").mkdir()
    (tmp_path / "calculo" / "largo.py").write_text("x = 1\n" * (LIMITE + 1), encoding="utf-8")
    (tmp_path / "calculo" / "justo.py").write_text("x = 1\n" * LIMITE, encoding="utf-8")
    (tmp_path / "viejo.py").write_text("x = 1\n" * (LIMITE + 5), encoding="utf-8")
    assert largos(tmp_path) == {"calculo/largo.py": LIMITE + 1, "viejo.py": LIMITE + 5}
    assert demasiado_largos(tmp_path, {"viejo.py": LIMITE + 5}) == [
        f"calculo/largo.py: {LIMITE + 1} líneas (como mucho {LIMITE})"
    ]
    assert demasiado_largos(tmp_path, {"viejo.py": LIMITE + 4}) == [
        f"calculo/largo.py: {LIMITE + 1} líneas (como mucho {LIMITE})",
        f"viejo.py: {LIMITE + 5} líneas (como mucho {LIMITE + 4})",
    ]
