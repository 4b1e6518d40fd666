"""La fuente de los precios de Vast.ai: su API pública, leída con gpuhunt dos veces (ofertas verificadas y sin
verificar), de la red o de respuestas guardadas (las pruebas).
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable

from gpucoste.datos import API_VAST
from gpucoste.recoleccion.ofertas_gpuhunt import Resultado

__all__ = ["consultar_vast"]


class _Respuesta:
    """Una respuesta HTTP guardada, con lo que gpuhunt usa de ``requests.Response``."""

    def __init__(self, cuerpo: dict):
        self._cuerpo = cuerpo

    def raise_for_status(self) -> None:
        pass

    def json(self) -> dict:
        return self._cuerpo


def _grabando(post: Callable, cuerpos: list) -> Callable:
    """``post`` (el de ``requests``) que además guarda en ``cuerpos`` el JSON de cada respuesta."""

    def leer(*args, **kwargs):
        respuesta = post(*args, **kwargs)
        cuerpos.append(respuesta.json())
        return respuesta

    return leer


def consultar_vast(gpus: dict[str, str], guardadas: pathlib.Path | None) -> Resultado:
    from unittest import mock

    from gpuhunt import QueryFilter
    from gpuhunt.providers import vastai

    # Disco mínimo (1 GB): gpuhunt suma al precio el disco pedido; sin él sumaría todo el disco del host.
    filtro = QueryFilter(gpu_name=sorted(set(gpus.values())), min_gpu_count=1, max_gpu_count=1, min_disk_size=1)
    items = []
    for verificada, fichero in ((True, "vastai-verificadas.json"), (False, "vastai-sin-verificar.json")):
        proveedor = vastai.VastAIProvider(extra_filters={"verified": {"eq": verificada}})
        cuerpos = []  # las respuestas de la API: el modelo de cada oferta («A100 PCIE»), que gpuhunt no guarda
        if guardadas is None:
            with mock.patch.object(vastai.requests, "post", _grabando(vastai.requests.post, cuerpos)):
                ofertas_vast = proveedor.get(filtro)
        else:  # la respuesta guardada de la API pasa por el mismo código de gpuhunt
            cuerpos.append(json.loads((guardadas / fichero).read_text(encoding="utf-8")))
            falso = mock.Mock(post=mock.Mock(return_value=_Respuesta(cuerpos[0])))
            with mock.patch.object(vastai, "requests", falso):
                ofertas_vast = proveedor.get(filtro)
        modelos = {str(o.get("id")): o.get("gpu_name", "") for c in cuerpos for o in c.get("offers", [])}
        for item in ofertas_vast:
            extra = {"verificada": verificada, "modelo": modelos.get(item.instance_name, "")}
            item.provider_data = {**(item.provider_data or {}), **extra}
            items.append(item)
    return Resultado("vastai", API_VAST, items)
