"""Avisa, al construir, de los precios más antiguos que el umbral de ``gpucoste.datos.frescura``.

Se informa con nivel INFO, no WARNING: con ``strict: true`` un WARNING rompe la construcción, y un precio
antiguo no es un error de la página (cada página muestra la fecha de sus precios, así que el lector lo ve).
Romper la construcción bloquearía cualquier otro arreglo hasta actualizar los datos; el aviso, en cambio,
sale en cada ``make build``/``make serve`` y en la prueba ``tests/datos/test_frescura.py``.
"""

from __future__ import annotations

import logging

log = logging.getLogger("mkdocs.hooks.frescura")


def on_pre_build(config) -> None:
    from gpucoste.datos import frescura

    antiguos = frescura.antiguos()
    if antiguos:
        lineas = "\n".join(f"  - {p}" for p in antiguos)
        log.info(
            f"Aviso: {len(antiguos)} precios con más de {frescura.UMBRAL_DIAS} días "
            f"(referencia {frescura.referencia().isoformat()}); actualízalos en src/gpucoste/datos/:\n{lineas}"
        )
