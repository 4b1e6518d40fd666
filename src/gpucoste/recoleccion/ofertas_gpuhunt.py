"""Las ofertas de gpuhunt que cuenta el recolector de precios: de qué GPU de la guía y de qué nivel es cada una.

``GPUS`` (GPU de la guía → nombre en gpuhunt) y ``PROVEEDORES`` declaran qué se recoge; ``ofertas`` filtra las de
un proveedor (bajo demanda, una GPU, nombre y VRAM de una GPU de la guía) y las deja como ``Oferta``. Lo usan las
fuentes (``fuente_vast``, ``fuente_catalogo``) y ``gpucoste.recoleccion.precios``, de donde se importa todo.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.base.validacion import Validado

__all__ = [
    "ACCESOS",
    "GPUS",
    "MARGEN_VRAM",
    "NO_LEIDOS",
    "Oferta",
    "PROVEEDORES",
    "Proveedor",
    "Resultado",
    "es_pcie",
    "gpu_de",
    "nivel",
    "ofertas",
]


GPUS = MappingProxyType(
    {
        "RTX 3060 12GB": "RTX3060",
        "RTX 4060 Ti 16GB": "RTX4060Ti",
        "RTX 3090": "RTX3090",
        "RTX 4090": "RTX4090",
        "RTX 5090": "RTX5090",
        "RTX A6000": "A6000",
        "RTX 6000 Ada": "RTX6000Ada",
        "L4": "L4",
        "A10": "A10",
        "A10G": "A10G",
        "L40S": "L40S",
        "A100 40GB": "A100",
        "A100 80GB": "A100",
        "A100 80GB PCIe": "A100",
        "H100 80GB": "H100",
        "H100 PCIe": "H100",
        "H200 141GB": "H200",
        "B200": "B200",
        "MI300X": "MI300X",
    }
)
"""GPU de la guía → nombre en gpuhunt. El sitio declarado donde se añade una GPU nueva al recolector.

gpuhunt da un solo nombre a variantes que la guía separa: «A100» (40 y 80 GB, SXM y PCIe) y «H100» (SXM y PCIe).
Se distinguen por la VRAM (la de ``gpus.csv``) y por la forma: una oferta es PCIe si su nombre de instancia
(«gpu_1x_h100_pcie», «NVIDIA A100 80GB PCIe») o su modelo en Vast.ai («A100 PCIE») lo dice (``es_pcie``)."""

MARGEN_VRAM = 0.1
"""Diferencia relativa de VRAM admitida (A100 de 80 GB sí, la de 40 GB no; H100 NVL de 94 GB no)."""


ACCESOS = ("catalogo", "en_linea", "vast")
"""Cómo se leen las ofertas de un proveedor: ``catalogo``, el catálogo que gpuhunt publica cada día
(``fuente_catalogo``); ``en_linea``, su API pública sin cuenta, con el código de gpuhunt (``fuente_en_linea``);
``vast``, la de Vast.ai, dos veces (``fuente_vast``)."""


@dataclass(frozen=True)
class Proveedor(Validado):
    """Un proveedor que el recolector sabe leer con gpuhunt."""

    gpuhunt: str  # nombre en gpuhunt: «vastai», «runpod»…
    nombre: str  # como en precios.csv: «Vast.ai», «RunPod»…
    origen: str  # de dónde salen las ofertas, para la nota
    mercado: bool = False  # marketplace: el precio lo fija cada host (se marcan las medianas con pocas ofertas)
    acceso: str = "catalogo"  # uno de ACCESOS
    interrumpible: bool = False  # sus ofertas spot son el nivel «interrumpible» (si no, no cuentan)

    def __post_init__(self) -> None:
        super().__post_init__()
        validacion.opcion(self.acceso, "acceso", ACCESOS)


PROVEEDORES = MappingProxyType(
    {
        p.gpuhunt: p
        for p in (
            Proveedor("vastai", "Vast.ai", "la API pública de Vast.ai", mercado=True, acceso="vast"),
            Proveedor("runpod", "RunPod", "el catálogo de RunPod de gpuhunt"),
            Proveedor("aws", "AWS", "el catálogo de AWS de gpuhunt"),
            Proveedor("gcp", "GCP", "el catálogo de GCP de gpuhunt", interrumpible=True),
            Proveedor("lambdalabs", "Lambda", "el catálogo de Lambda de gpuhunt"),
            Proveedor("azure", "Azure", "el catálogo de Azure de gpuhunt", interrumpible=True),
            Proveedor("verda", "Verda", "el catálogo de Verda de gpuhunt", interrumpible=True),
            Proveedor("nebius", "Nebius", "el catálogo de Nebius de gpuhunt", interrumpible=True),
            Proveedor("oci", "Oracle Cloud", "el catálogo de Oracle Cloud (OCI) de gpuhunt"),
            Proveedor("cloudrift", "CloudRift", "el catálogo de CloudRift de gpuhunt"),
            Proveedor("lium", "Lium", "el listado público de nodos de Lium", mercado=True, acceso="en_linea"),
            Proveedor("vultr", "Vultr", "la API pública de planes de Vultr", acceso="en_linea"),
        )
    }
)
"""Proveedores de gpuhunt que el recolector lee, por su nombre en gpuhunt."""

NO_LEIDOS = MappingProxyType(
    {
        "crusoe": ("Crusoe", "su API pide una cuenta"),
        "daytona": ("Daytona", "sin cuenta solo da precios estimados, sin disponibilidad"),
        "digitalocean": ("DigitalOcean", "su API pide una cuenta"),
        "hotaisle": ("Hot Aisle", "su API pide una cuenta"),
        "jarvislabs": ("Jarvis Labs", "su API pide una cuenta"),
        "seeweb": ("Seeweb", "su API pide una cuenta"),
    }
)
"""Los proveedores de gpuhunt que el recolector no lee (nombre en gpuhunt → su nombre y el motivo). Con
``PROVEEDORES``, todos los de gpuhunt: una prueba falla si una versión nueva de gpuhunt trae uno que no está en
ninguno de los dos."""


@dataclass(frozen=True)
class Oferta(Validado):
    gpu: str
    proveedor: str
    nivel: str
    precio: float


@dataclass(frozen=True)
class Resultado(Validado):
    """Lo que devolvió un proveedor: sus ofertas (objetos con los campos de ``gpuhunt.CatalogItem``) o un error."""

    proveedor: str  # nombre en gpuhunt
    fuente: str = ""
    ofertas: Sequence = ()
    """Una lista o una tupla de ofertas de gpuhunt: cada una, con los campos que lee el recolector."""
    error: str = ""
    avisos: Sequence = ()
    """Lo que gpuhunt avisó al leerlas (una oferta que no entiende, un nodo sin GPU conocida…): van al informe."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for i, oferta in enumerate(self.ofertas):
            _de_gpuhunt(oferta, f"Resultado: ofertas[{i}]")


_CAMPOS_DE_GPUHUNT = {
    "provider": (str,),
    "instance_name": (str, type(None)),
    "location": (str, type(None)),
    "gpu_count": (int,),
    "gpu_name": (str, type(None)),
    "gpu_memory": (int, float, type(None)),
    "spot": (bool,),
    "flags": (list, tuple),
    "provider_data": (dict, type(None)),
}
"""Los campos de ``gpuhunt.CatalogItem`` que lee el recolector, con sus tipos (el precio lo filtra ``ofertas``)."""


def _de_gpuhunt(oferta: object, nombre: str = "oferta") -> object:
    """``oferta`` si tiene los campos de una oferta de gpuhunt (``_CAMPOS_DE_GPUHUNT``); si no, ``ValueError``."""
    for campo, tipos in _CAMPOS_DE_GPUHUNT.items():
        if not hasattr(oferta, campo):
            falla = f"no tiene {campo}"
        elif not isinstance(getattr(oferta, campo), tipos) or (
            isinstance(getattr(oferta, campo), bool) and bool not in tipos
        ):
            falla = f"{campo}={validacion.corto(getattr(oferta, campo))}"
        else:
            continue
        raise ValueError(
            f"{nombre}: {validacion.corto(oferta)} no vale ({falla}); se admite una oferta de gpuhunt "
            "(gpuhunt.CatalogItem), como las de Resultado.ofertas."
        )
    return oferta


def nivel(oferta) -> str | None:
    """El ``nivel`` de precios.csv de una oferta de gpuhunt (``None`` si el proveedor no se recoge)."""
    _de_gpuhunt(oferta)
    if oferta.provider not in PROVEEDORES:
        return None
    if oferta.spot:  # spot: el nivel interrumpible, donde el proveedor lo tiene; si no, no cuenta
        return "interrumpible" if PROVEEDORES[oferta.provider].interrumpible else None
    if oferta.provider == "vastai":
        return "verificado" if (oferta.provider_data or {}).get("verificada") else "comunidad"
    if oferta.provider == "runpod":
        # gpuhunt pone en location el centro de datos (Secure Cloud, «EU-RO-1») o el país (Community, «US»).
        return "seguro" if "-" in (oferta.location or "") else "comunidad"
    return "bajo_demanda"


def es_pcie(oferta) -> bool:
    """¿Es PCIe la GPU de una oferta de gpuhunt? Lo dice su nombre de instancia o, en Vast.ai, su modelo; en Azure,
    su serie: las NC (``Standard_NC24ads_A100_v4``) llevan la A100 PCIe y las ND, la SXM (la documentación de la serie
    NC A100 v4 de Azure; así se leyó también la fila de Azure de ``precios.csv``)."""
    _de_gpuhunt(oferta)
    texto = f"{oferta.instance_name or ''} {(oferta.provider_data or {}).get('modelo', '')}"
    if oferta.provider == "azure" and (oferta.instance_name or "").startswith("Standard_NC"):
        return True
    return "pcie" in texto.lower()


def gpu_de(oferta, gpus: dict[str, str], vram: dict[str, float]) -> str | None:
    """La GPU de la guía de una oferta de gpuhunt: su nombre en ``gpus``, su VRAM y, si hace falta, su forma."""
    _de_gpuhunt(oferta)
    gpus = _gpus_de_gpuhunt(gpus)
    vram = {
        g: validacion.numero(v, f"vram[{g!r}]") for g, v in validacion.tabla_de(vram, "vram", "de GPU → GB").items()
    }
    if set(gpus) - set(vram):
        raise ValueError(
            f"vram: {validacion.corto(vram)} no vale: faltan {sorted(set(gpus) - set(vram))}; se admite la VRAM "
            "de cada GPU de gpus."
        )
    if oferta.gpu_memory is None:
        return None
    nombre = (oferta.gpu_name or "").lower()
    candidatas = [
        gpu
        for gpu, suyo in gpus.items()
        if suyo.lower() == nombre and abs(oferta.gpu_memory / vram[gpu] - 1) <= MARGEN_VRAM
    ]
    if len(candidatas) > 1:  # «A100» de 80 GB o «H100»: SXM o PCIe según la oferta
        candidatas = [gpu for gpu in candidatas if ("pcie" in gpu.lower()) == es_pcie(oferta)]
    return candidatas[0] if len(candidatas) == 1 else None


def _gpus_de_gpuhunt(gpus: object) -> dict[str, str]:
    """``gpus`` (GPU de la guía → nombre en gpuhunt, como ``GPUS``) comprobado: claves y valores, textos no vacíos."""
    gpus = validacion.tabla_de(gpus, "gpus", "de GPU de la guía → nombre en gpuhunt (como recolector.GPUS)")
    for g, suyo in gpus.items():
        validacion.texto(suyo, f"gpus[{g!r}]")
    return gpus


def ofertas(items: Iterable, gpus: dict[str, str] = GPUS) -> list[Oferta]:
    """Las ofertas de gpuhunt que cuentan: de un nivel (``nivel``: bajo demanda o, donde el proveedor lo tiene, spot),
    una GPU, nombre y VRAM (y forma) de una GPU de ``gpus``."""
    gpus = _gpus_de_gpuhunt(gpus)
    if isinstance(items, str | bytes | dict) or not isinstance(items, Iterable):
        raise ValueError(f"items: {validacion.corto(items)} no vale; se admite una lista de ofertas de gpuhunt.")
    items = [_de_gpuhunt(item, f"items[{i}]") for i, item in enumerate(items)]
    vram = {g: ficha.vram_gb for g, ficha in datos.especificaciones().items()}
    sin_vram = sorted(set(gpus) - set(vram))
    if sin_vram:
        raise ValueError(
            f"recolector: las GPU {sin_vram} de gpus no tienen fila en gpus.csv (su VRAM); se admiten las GPU de "
            "gpus.csv."
        )
    salida = []
    for item in items:
        n = nivel(item)
        if n is None or item.gpu_count != 1 or item.flags:
            continue
        gpu = gpu_de(item, gpus, vram)
        if gpu is None:
            continue
        precio = item.price
        if isinstance(precio, bool) or not isinstance(precio, int | float) or not math.isfinite(precio) or precio <= 0:
            continue  # nunca un precio cero, negativo o vacío
        salida.append(Oferta(gpu, PROVEEDORES[item.provider].nombre, n, float(precio)))
    return salida
