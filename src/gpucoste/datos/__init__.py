"""Datos del paquete (precios, escenarios, hardware, tarifas, supuestos): declaración y consulta.

Cada CSV vive en ``gpucoste/datos/`` y se declara una vez: un tipo de fila (``dataclass``, en ``datos.filas``) y
una ``esquema.Tabla`` con sus columnas, tipos, rangos, clave única y referencias (en ``datos.tablas`` y, las de
medidas y calibración, en ``datos.tablas_medidas``). De esa
declaración salen la carga, los errores en español (fichero, fila y columna) y ``esquema.datapackage()``. Aquí,
la función que carga cada tabla y las consultas (un precio, un precio de compra, una tarifa); todo se importa de
``gpucoste.datos``. Cómo añadir un CSV: ver el docstring de ``gpucoste.base.esquema``.

Toda fila de precio, tarifa o hardware lleva ``fuente`` (https) y ``fecha`` (AAAA-MM o AAAA-MM-DD).
La variable de entorno ``GPUCOSTE_DATOS`` apunta a otra carpeta con los mismos ficheros, para
probar tus propios precios sin tocar el paquete.
"""

from __future__ import annotations

from types import MappingProxyType

from gpucoste.base import esquema, paquete, validacion
from gpucoste.base.constantes import NIVELES, NIVELES_EN_PROSA, TIPOS_PRECIO
from gpucoste.datos import filas
from gpucoste.datos.filas import (
    Aceleracion,
    Ajuste,
    Cuaderno,
    Escalado,
    Escenario,
    GeneracionMedida,
    GestionadoModelo,
    GestionadoPrecio,
    Gpu,
    Hardware,
    Medida,
    Modelo,
    Precio,
    Supuesto,
    Tarifa,
    Ventana,
)
from gpucoste.datos.servicio import SERVICIO_MEDIDO, ServicioMedido, servicio_medido
from gpucoste.datos.tablas import (
    CONCEPTOS,
    CUADERNOS,
    ESCENARIOS,
    ESTADOS_COMPRA,
    GESTIONADO_MODELOS,
    GESTIONADO_PRECIOS,
    GPUS,
    HARDWARE,
    MODELOS,
    PRECIOS,
    SUPUESTOS,
    TARIFAS,
    VENTANAS,
)
from gpucoste.datos.tablas_medidas import (
    ACELERACIONES,
    AJUSTES,
    ESCALADO,
    GENERACION_MEDIDA,
    MEDIDAS,
    ids_de_derivacion,
)
from gpucoste.datos.trafico import TRAFICO_HORARIO, TraficoHorario, trafico_horario

__all__ = [
    "ids_de_derivacion",
    "API_VAST",
    "APIS_EN_LINEA",
    "CATALOGO_GPUHUNT",
    "ORIGENES_RECOLECTOR",
    "ACELERACIONES",
    "AJUSTES",
    "Aceleracion",
    "Ajuste",
    "CUADERNOS",
    "Cuaderno",
    "GESTIONADO_MODELOS",
    "GESTIONADO_PRECIOS",
    "GestionadoModelo",
    "GestionadoPrecio",
    "ESTADOS_COMPRA",
    "CONCEPTOS",
    "ESCALADO",
    "ESCENARIOS",
    "Escenario",
    "GENERACION_MEDIDA",
    "GPUS",
    "GeneracionMedida",
    "Gpu",
    "HARDWARE",
    "Hardware",
    "MEDIDAS",
    "MODELOS",
    "Escalado",
    "Medida",
    "Modelo",
    "NIVELES",
    "NIVELES_EN_PROSA",
    "PRECIOS",
    "Precio",
    "SUPUESTOS",
    "Supuesto",
    "TARIFAS",
    "TIPOS_PRECIO",
    "Tarifa",
    "VENTANAS",
    "Ventana",
    "aceleraciones",
    "ajustes",
    "equipo",
    "escalado",
    "escenarios",
    "especificaciones",
    "generacion_medida",
    "gpus",
    "hardware",
    "limpiar_cache",
    "medidas",
    "modelos",
    "opciones_compra",
    "precio",
    "precios",
    "proveedores",
    "supuestos",
    "tarifa",
    "tarifas",
    "ventanas",
    "SERVICIO_MEDIDO",
    "ServicioMedido",
    "servicio_medido",
    "TRAFICO_HORARIO",
    "TraficoHorario",
    "trafico_horario",
]

# Los tipos de fila se definen en ``datos.filas``; su nombre es el de siempre, «gpucoste.datos.Precio».
paquete.publicar(__name__, *(globals()[nombre] for nombre in filas.__all__))


CATALOGO_GPUHUNT = "https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3"


API_VAST = "https://console.vast.ai/api/v0/bundles/"


APIS_EN_LINEA = MappingProxyType(
    {
        "lium": "https://lium.io/api/public/v1/nodes",
        "vultr": "https://api.vultr.com/v2/plans",
    }
)
"""La API pública (sin cuenta) de cada proveedor que el recolector lee en línea, por su nombre en gpuhunt."""


ORIGENES_RECOLECTOR = (CATALOGO_GPUHUNT, API_VAST, *APIS_EN_LINEA.values())
"""Las ``fuente`` que escribe el recolector semanal (``gpucoste.recoleccion.precios``: catálogos de gpuhunt, la API
de Vast.ai y las de los proveedores en línea). Una fila con otra fuente la añadió una persona."""


class _PorNombre(dict):
    """Un ``dict`` que, ante una clave desconocida, lanza ``ValueError`` con las válidas (no ``KeyError``)."""

    def __init__(self, que: str, filas: dict) -> None:
        super().__init__(filas)
        self.que = que

    def __missing__(self, clave: object):
        validacion.opcion(clave, self.que, self)


def precios() -> tuple[Precio, ...]:
    """Todas las referencias de precio por hora, validadas."""
    return esquema.cargar(PRECIOS)


def escenarios() -> tuple[Escenario, ...]:
    """Escenarios de los experimentos: qué GPU y cuántas horas estimadas."""
    return esquema.cargar(ESCENARIOS)


def hardware() -> tuple[Hardware, ...]:
    """Precio de compra de cada GPU (vacío si no hay uno citable)."""
    return esquema.cargar(HARDWARE)


def tarifas() -> tuple[Tarifa, ...]:
    """Tarifas de almacenamiento y transferencia por proveedor."""
    return esquema.cargar(TARIFAS)


def supuestos() -> dict[str, Supuesto]:
    """Supuestos de los ejemplos por clave; una clave desconocida da ``ValueError`` con las válidas."""
    return _PorNombre("Supuesto", {s.clave: s for s in esquema.cargar(SUPUESTOS)})


def modelos() -> dict[str, Modelo]:
    """Arquitecturas de los modelos por nombre; un nombre desconocido da ``ValueError`` con los válidos."""
    return _PorNombre("Modelo", {m.modelo: m for m in esquema.cargar(MODELOS)})


def especificaciones() -> dict[str, Gpu]:
    """Especificaciones de las GPUs por nombre; un nombre desconocido da ``ValueError`` con los válidos."""
    return _PorNombre("GPU", {g.gpu: g for g in esquema.cargar(GPUS)})


def generacion_medida() -> tuple[GeneracionMedida, ...]:
    """Velocidades de generación publicadas."""
    return esquema.cargar(GENERACION_MEDIDA)


def ventanas() -> dict[str, Ventana]:
    """Los modelos con atención de ventana deslizante, por nombre (los demás ven todo el contexto)."""
    return {v.modelo: v for v in esquema.cargar(VENTANAS)}


def ajustes() -> dict[str, Ajuste]:
    """Parámetros ajustados a las medidas, por clave; una clave desconocida da ``ValueError`` con las válidas."""
    return _PorNombre("Ajuste", {a.clave: a for a in esquema.cargar(AJUSTES)})


def medidas() -> tuple[Medida, ...]:
    """Medidas publicadas para calibrar los modelos de tiempo, memoria y velocidad."""
    return esquema.cargar(MEDIDAS)


def escalado() -> tuple[Escalado, ...]:
    """Medidas publicadas de la eficiencia al repartir un entrenamiento entre GPUs, por interconexión."""
    return esquema.cargar(ESCALADO)


def aceleraciones() -> tuple[Aceleracion, ...]:
    """Aceleraciones publicadas entre GPUs."""
    return esquema.cargar(ACELERACIONES)


def gpus() -> list[str]:
    """Nombres de GPU con algún precio en los datos."""
    return sorted({p.gpu for p in precios()})


def proveedores() -> list[str]:
    return sorted({p.proveedor for p in precios()})


def precio(gpu: str, proveedor: str, nivel: str, fecha: str | None = None) -> Precio:
    """El precio de ``gpu`` en ``proveedor`` y ``nivel``: el de ``fecha``, o el más reciente."""
    gpu = validacion.opcion(gpu, "GPU", gpus())
    proveedor = validacion.opcion(proveedor, "Proveedor", proveedores())
    filas = [p for p in precios() if p.gpu == gpu and p.proveedor == proveedor]
    if not filas:
        validacion.opcion(
            proveedor, f"Proveedor con precio para {gpu}", {p.proveedor for p in precios() if p.gpu == gpu}
        )
    nivel = validacion.opcion(nivel, f"Nivel para {gpu} en {proveedor}", [p.nivel for p in filas])
    filas = [p for p in filas if p.nivel == nivel]
    if fecha is None:
        return max(filas, key=lambda p: p.fecha)
    fecha = validacion.opcion(fecha, f"Fecha del precio de {gpu} en {proveedor} ({nivel})", [p.fecha for p in filas])
    return next(p for p in filas if p.fecha == fecha)


def equipo(gpu: str, estado: str | None = None) -> Hardware:
    """El precio de compra de ``gpu`` (sus especificaciones: ``especificaciones()``), el más reciente de su ``estado``.

    Sin ``estado``, el de referencia: el de lista si la GPU lo tiene (con o sin cifra: «sin precio citable» también
    es un dato), y si no, el más reciente con precio. Con ``estado`` («lista», «nuevo» o «reventa»), el más reciente
    de ese estado; entre filas de la misma fecha, la primera del CSV.
    """
    gpu = validacion.opcion(gpu, "GPU", sorted({h.gpu for h in hardware()}))
    filas = [h for h in hardware() if h.gpu == gpu]
    if estado is None:
        estado = "lista" if any(h.estado == "lista" for h in filas) else None
        candidatas = [h for h in filas if h.estado == estado] if estado else [h for h in filas if h.precio_compra_usd]
        candidatas = candidatas or filas
    else:
        estado = validacion.opcion(estado, f"Estado del precio de compra de {gpu}", [h.estado for h in filas])
        candidatas = [h for h in filas if h.estado == estado]
    ultima = max(h.fecha for h in candidatas)
    return next(h for h in candidatas if h.fecha == ultima)


def opciones_compra(gpu: str) -> tuple[Hardware, ...]:
    """Los precios de compra de ``gpu`` con cifra: el más reciente de cada estado y mercado.

    En el orden de ``ESTADOS_COMPRA`` (lista, nuevo, reventa) y, dentro de cada estado, por mercado. El de lista
    es una opción más: una GPU de hace años puede tener un precio de reventa o en tienda muy distinto. Vacío si
    ninguna fila de ``gpu`` tiene cifra.
    """
    gpu = validacion.opcion(gpu, "GPU", sorted({h.gpu for h in hardware()}))
    ultimas: dict[tuple[str, str], Hardware] = {}
    for h in hardware():
        if h.gpu == gpu and h.precio_compra_usd is not None:
            clave = (h.estado, h.mercado)
            if clave not in ultimas or h.fecha > ultimas[clave].fecha:
                ultimas[clave] = h
    orden = {e: i for i, e in enumerate(ESTADOS_COMPRA)}
    return tuple(sorted(ultimas.values(), key=lambda h: (orden[h.estado], h.mercado)))


def tarifa(proveedor: str, concepto: str) -> Tarifa:
    """La tarifa de ``concepto`` («almacenamiento», «subida» o «bajada») en ``proveedor``."""
    proveedor = validacion.opcion(proveedor, "Proveedor con tarifas", {t.proveedor for t in tarifas()})
    filas = {t.concepto: t for t in tarifas() if t.proveedor == proveedor}
    return filas[validacion.opcion(concepto, f"Concepto con tarifa en {proveedor}", filas)]


def limpiar_cache() -> None:
    """Olvida los datos leídos (tras editar un CSV; cambiar ``GPUCOSTE_DATOS`` ya relee)."""
    esquema.limpiar()
