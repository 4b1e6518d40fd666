"""La fuente de los precios de los proveedores de acceso ``en_linea`` (Lium, Vultr): su API pública, sin cuenta,
leída con el código de gpuhunt, de la red o de respuestas guardadas (las pruebas).

Una respuesta guardada es ``<proveedor>.json``: un objeto con la URL de cada petición que hace gpuhunt y el cuerpo
JSON que devolvió. Con ella, gpuhunt pide lo mismo que en la red y recibe esos cuerpos: una URL que falta en el
fichero es un error que nombra el proveedor y la URL.
"""

from __future__ import annotations

import importlib
import json
import pathlib

from gpucoste.datos import APIS_EN_LINEA
from gpucoste.recoleccion.ofertas_gpuhunt import Resultado

__all__ = ["consultar_en_linea"]


class _Respuesta:
    """Una respuesta HTTP guardada, con lo que gpuhunt usa de ``requests.Response``."""

    def __init__(self, cuerpo: object):
        self._cuerpo = cuerpo

    def raise_for_status(self) -> None:
        pass

    def json(self) -> object:
        return self._cuerpo


class _Guardadas:
    """Lo que gpuhunt usa de ``requests`` (``get``, ``post``, ``request``), servido desde las respuestas guardadas."""

    RequestException = Exception

    def __init__(self, nombre: str, cuerpos: dict):
        self._nombre, self._cuerpos = nombre, cuerpos

    def request(self, method: str, url: str, **_) -> _Respuesta:
        if url not in self._cuerpos:
            raise ValueError(
                f"{self._nombre}: gpuhunt pidió {method} {url} y no está en {self._nombre}.json; "
                "se admite una respuesta guardada por cada URL que pide "
                f"({', '.join(sorted(self._cuerpos)) or 'ninguna'})."
            )
        return _Respuesta(self._cuerpos[url])

    def get(self, url: str, **kwargs) -> _Respuesta:
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs) -> _Respuesta:
        return self.request("POST", url, **kwargs)


def _proveedor(nombre: str):
    """El proveedor de gpuhunt, sin credenciales (las API que se leen son públicas)."""
    if nombre == "lium":
        from gpuhunt.providers.lium import LiumProvider

        return LiumProvider()
    if nombre == "vultr":
        from gpuhunt.providers.vultr import VultrProvider

        return VultrProvider(api_key=None)
    raise ValueError(f"proveedor en línea {nombre!r} no vale; se admite uno de {sorted(APIS_EN_LINEA)}.")


def consultar_en_linea(nombre: str, guardadas: pathlib.Path | None) -> Resultado:
    """Las ofertas de un proveedor en línea: de su API (sin ``guardadas``) o de ``guardadas/<nombre>.json``."""
    from unittest import mock

    proveedor = _proveedor(nombre)
    if guardadas is None:
        items = proveedor.get()
    else:
        cuerpos = json.loads((guardadas / f"{nombre}.json").read_text(encoding="utf-8"))
        if not isinstance(cuerpos, dict):
            raise ValueError(f"{nombre}.json no vale; se admite un objeto {{URL: cuerpo JSON}}.")
        modulo = importlib.import_module(f"gpuhunt.providers.{nombre}")
        with mock.patch.object(modulo, "requests", _Guardadas(nombre, cuerpos)):
            items = proveedor.get()
    return Resultado(nombre, APIS_EN_LINEA[nombre], items)
