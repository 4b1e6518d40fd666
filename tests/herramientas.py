"""Herramientas externas de las pruebas de calidad: en local, si faltan, la prueba se salta con el
motivo; con CI=true, falla (CI las instala con «make sistema»)."""

from __future__ import annotations

import os
import shutil

import pytest

EN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def requiere(programa: str, paquete: str | None = None) -> str:
    """Ruta de ``programa``; si no está, falla en CI y se salta en local."""
    ruta = shutil.which(programa)
    if ruta:
        return ruta
    motivo = f"falta «{programa}» (instálalo con «make sistema»{f': {paquete}' if paquete else ''})"
    if EN_CI:
        pytest.fail(f"{motivo}; en CI es obligatorio")
    pytest.skip(motivo)


# Cifras que imprime cada prueba de calidad: conftest.py las repite en el resumen final de pytest,
# porque pytest oculta lo que imprime una prueba que pasa.
CIFRAS: list[str] = []


def informar(texto: str) -> None:
    """Anota una cifra de una prueba de calidad (se imprime al final de ``make test``)."""
    print(texto)
    CIFRAS.append(texto)
