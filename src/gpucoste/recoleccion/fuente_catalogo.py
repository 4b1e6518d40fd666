"""La fuente de los precios de los proveedores de acceso ``catalogo`` (RunPod, AWS, GCP, Lambda, Azure, Verda…): el
catálogo que gpuhunt publica cada día (un fichero por proveedor y versión), de la red o de una carpeta de catálogos
guardados (las pruebas).
"""

from __future__ import annotations

import functools
import os
import pathlib

from gpucoste.datos import CATALOGO_GPUHUNT
from gpucoste.recoleccion.ofertas_gpuhunt import Resultado

__all__ = ["consultar_catalogo"]


@functools.cache
def _publicado():
    """Los catálogos que gpuhunt publica, descargados una vez (la última versión de cada proveedor)."""
    from gpuhunt import Catalog

    catalogo = Catalog(balance_resources=False, auto_reload=False)
    catalogo.load()
    return catalogo


def consultar_catalogo(nombre: str, guardadas: pathlib.Path | None) -> Resultado:
    """Un catálogo de gpuhunt: el publicado (versión del día) o, con ``guardadas``, ``<nombre>.csv`` de esa carpeta."""
    from gpuhunt import Catalog

    if guardadas is None:
        catalogo = _publicado()
        cargado = catalogo.catalog.get(nombre)
        if cargado is None:
            return Resultado(nombre, error="gpuhunt no pudo descargar su catálogo")
        version = cargado.version
    else:  # GPUHUNT_CATALOG_DIR: la forma de gpuhunt de leer catálogos locales
        catalogo = Catalog(balance_resources=False, auto_reload=False)
        version = (guardadas / "version").read_text(encoding="utf-8").strip()
        os.environ["GPUHUNT_CATALOG_DIR"] = str(guardadas)
    try:
        # Con las spot: ``ofertas_gpuhunt.nivel`` las cuenta como «interrumpible» donde el proveedor lo tiene.
        items = catalogo.query(provider=nombre, min_gpu_count=1, max_gpu_count=1)
    finally:
        os.environ.pop("GPUHUNT_CATALOG_DIR", None)
    return Resultado(nombre, f"{CATALOGO_GPUHUNT}/{nombre}/{version}/catalog.zip", items)
