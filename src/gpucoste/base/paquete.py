"""Los módulos de ``gpucoste``, leídos del disco sin importarlos: los recorren el registro de tablas del esquema y
las pruebas que miran todo el paquete (la API declarada, las importaciones entre capas, la robustez).

Las capas, de abajo arriba: ``base`` → ``datos`` → ``dinero`` → ``calculo`` → ``guia`` → ``graficos``, ``cli`` y
``navegador``; ``recoleccion`` solo usa ``base`` y ``datos`` (``tests/proyecto/test_capas.py`` lo exige)."""

from __future__ import annotations

import pathlib

__all__ = ["RAIZ", "fichero", "modulos", "publicar"]

RAIZ = pathlib.Path(__file__).resolve().parent.parent
"""La carpeta del paquete ``gpucoste``."""


def modulos() -> list[str]:
    """Cada módulo del paquete por su nombre completo («gpucoste.calculo.memoria»; un ``__init__.py`` es su
    paquete, «gpucoste.datos»), en orden alfabético, sin ``__main__``."""
    salida = []
    for p in sorted(RAIZ.rglob("*.py")):
        partes = p.relative_to(RAIZ.parent).with_suffix("").parts
        if partes[-1] == "__init__":
            partes = partes[:-1]
        if partes[-1] != "__main__" and "__pycache__" not in partes:
            salida.append(".".join(partes))
    return sorted(salida)


def fichero(modulo: str) -> pathlib.Path:
    """El fichero de ``modulo`` («gpucoste.calculo.memoria» → …/calculo/memoria.py; un paquete, su ``__init__.py``)."""
    ruta = RAIZ.parent.joinpath(*modulo.split("."))
    return ruta / "__init__.py" if ruta.is_dir() else ruta.with_suffix(".py")


def publicar(modulo: str, *clases: type) -> None:
    """Da a ``clases``, definidas en un módulo que ``modulo`` reexporta, el nombre de ``modulo``: el de siempre, desde
    el que se importan y el que dicen los errores («se admite un gpucoste.datos.Precio», ``validacion.instancia``)
    aunque la clase se defina en ``gpucoste.datos.filas``. Lo llama el módulo que las reexporta, con ``__name__``."""
    for clase in clases:
        if not isinstance(clase, type) or not isinstance(modulo, str) or not modulo.startswith("gpucoste."):
            raise ValueError(
                f"publicar: {clase!r:.80} en {modulo!r:.80} no vale; se admite una clase y un módulo de gpucoste."
            )
        clase.__module__ = modulo
