"""Datos del paquete (precios, escenarios, hardware, tarifas): carga y validación.

Cada CSV vive en ``gpucoste/datos/``. Toda fila de precio o tarifa lleva ``fuente`` (URL) y
``fecha``. La variable de entorno ``GPUCOSTE_DATOS`` apunta a otra carpeta con los mismos
ficheros, para probar tus propios precios sin tocar el paquete.
"""

from __future__ import annotations

import csv
import io
import os
import pathlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from . import validacion

NIVELES = ("comunidad", "verificado", "seguro", "bajo_demanda", "interrumpible")


@dataclass(frozen=True)
class Precio:
    gpu: str
    proveedor: str
    nivel: str
    precio_hora_usd: float
    fecha: str
    fuente: str
    nota: str = ""

    @property
    def nombre(self) -> str:
        """Nombre corto para tablas: «RTX 4090 - comunidad»."""
        return f"{self.gpu} - {self.nivel}"


@dataclass(frozen=True)
class Escenario:
    experimento: str
    gpu: str
    proveedor: str
    nivel: str
    fecha_precio: str
    horas: float
    origen: str


@dataclass(frozen=True)
class Hardware:
    gpu: str
    vram_gb: float
    precio_compra_usd: float | None
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Tarifa:
    """Tarifa de almacenamiento (USD por GB y mes) o de transferencia (USD por GB)."""

    proveedor: str
    concepto: str
    unidad: str
    precio_min_usd: float
    precio_max_usd: float
    cobra_parada: bool
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Supuesto:
    clave: str
    valor_min: float
    valor_max: float
    unidad: str
    descripcion: str
    fuente: str


def _carpeta() -> pathlib.Path | resources.abc.Traversable:
    propia = os.environ.get("GPUCOSTE_DATOS")
    return pathlib.Path(propia) if propia else resources.files("gpucoste") / "datos"


def _filas(nombre: str, columnas: tuple[str, ...]) -> list[tuple[str, int, dict[str, str]]]:
    """Lee un CSV y devuelve (fichero, nº de fila, fila); comprueba la cabecera."""
    fichero = _carpeta() / nombre
    texto = fichero.read_text(encoding="utf-8")
    lector = csv.DictReader(io.StringIO(texto))
    faltan = [c for c in columnas if c not in (lector.fieldnames or [])]
    if faltan:
        raise ValueError(f"{nombre}: faltan las columnas {faltan}; se esperan {list(columnas)}.")
    # La fila 1 es la cabecera: la primera fila de datos es la 2, como la ve un editor.
    return [(nombre, n, fila) for n, fila in enumerate(lector, start=2)]


def _campo(nombre: str, n: int, fila: dict[str, str], columna: str) -> str:
    valor = (fila.get(columna) or "").strip()
    if not valor:
        raise ValueError(f"{nombre}, fila {n}: la columna {columna!r} está vacía.")
    return valor


def _numero(nombre: str, n: int, fila: dict[str, str], columna: str, *, cero: bool = False) -> float:
    try:
        return validacion.numero(_campo(nombre, n, fila, columna), columna, cero=cero)
    except ValueError as error:
        raise ValueError(f"{nombre}, fila {n}: {error}") from None


def _fuente_y_fecha(nombre: str, n: int, fila: dict[str, str]) -> tuple[str, str]:
    fuente = _campo(nombre, n, fila, "fuente")
    if not fuente.startswith("https://"):
        raise ValueError(f"{nombre}, fila {n}: fuente {fuente!r} no es una URL https://.")
    fecha = _campo(nombre, n, fila, "fecha")
    try:
        validacion.fecha(fecha)
    except ValueError as error:
        raise ValueError(f"{nombre}, fila {n}: {error}") from None
    return fuente, fecha


@cache
def precios() -> tuple[Precio, ...]:
    """Todas las referencias de precio por hora, validadas."""
    columnas = ("gpu", "proveedor", "nivel", "precio_hora_usd", "fecha", "fuente", "nota")
    salida = []
    for nombre, n, fila in _filas("precios.csv", columnas):
        nivel = _campo(nombre, n, fila, "nivel")
        if nivel not in NIVELES:
            raise ValueError(f"{nombre}, fila {n}: nivel {nivel!r} desconocido; se admite {list(NIVELES)}.")
        fuente, fecha = _fuente_y_fecha(nombre, n, fila)
        salida.append(
            Precio(
                gpu=_campo(nombre, n, fila, "gpu"),
                proveedor=_campo(nombre, n, fila, "proveedor"),
                nivel=nivel,
                precio_hora_usd=_numero(nombre, n, fila, "precio_hora_usd"),
                fecha=fecha,
                fuente=fuente,
                nota=(fila.get("nota") or "").strip(),
            )
        )
    claves = [(p.gpu, p.proveedor, p.nivel, p.fecha) for p in salida]
    repetidas = sorted({c for c in claves if claves.count(c) > 1})
    if repetidas:
        raise ValueError(f"precios.csv: filas repetidas para (gpu, proveedor, nivel, fecha): {repetidas}.")
    return tuple(salida)


@cache
def escenarios() -> tuple[Escenario, ...]:
    """Escenarios de los experimentos: qué GPU y cuántas horas estimadas."""
    columnas = ("experimento", "gpu", "proveedor", "nivel", "fecha_precio", "horas", "origen")
    salida = []
    for nombre, n, fila in _filas("escenarios.csv", columnas):
        esc = Escenario(
            experimento=_campo(nombre, n, fila, "experimento"),
            gpu=_campo(nombre, n, fila, "gpu"),
            proveedor=_campo(nombre, n, fila, "proveedor"),
            nivel=_campo(nombre, n, fila, "nivel"),
            fecha_precio=_campo(nombre, n, fila, "fecha_precio"),
            horas=_numero(nombre, n, fila, "horas"),
            origen=_campo(nombre, n, fila, "origen"),
        )
        try:
            precio(esc.gpu, esc.proveedor, esc.nivel, esc.fecha_precio)
        except ValueError as error:
            raise ValueError(f"{nombre}, fila {n}: {error}") from None
        salida.append(esc)
    return tuple(salida)


@cache
def hardware() -> tuple[Hardware, ...]:
    """Especificaciones y precio de compra de cada GPU."""
    columnas = ("gpu", "vram_gb", "precio_compra_usd", "fecha", "fuente", "nota")
    salida = []
    for nombre, n, fila in _filas("hardware.csv", columnas):
        fuente, fecha = _fuente_y_fecha(nombre, n, fila)
        compra = (fila.get("precio_compra_usd") or "").strip()
        salida.append(
            Hardware(
                gpu=_campo(nombre, n, fila, "gpu"),
                vram_gb=_numero(nombre, n, fila, "vram_gb"),
                precio_compra_usd=_numero(nombre, n, fila, "precio_compra_usd") if compra else None,
                fecha=fecha,
                fuente=fuente,
                nota=(fila.get("nota") or "").strip(),
            )
        )
    return tuple(salida)


@cache
def tarifas() -> tuple[Tarifa, ...]:
    """Tarifas de almacenamiento y transferencia por proveedor."""
    columnas = (
        "proveedor",
        "concepto",
        "unidad",
        "precio_min_usd",
        "precio_max_usd",
        "cobra_parada",
        "fecha",
        "fuente",
        "nota",
    )
    unidades = ("GB-mes", "GB")
    salida = []
    for nombre, n, fila in _filas("tarifas.csv", columnas):
        fuente, fecha = _fuente_y_fecha(nombre, n, fila)
        unidad = _campo(nombre, n, fila, "unidad")
        if unidad not in unidades:
            raise ValueError(f"{nombre}, fila {n}: unidad {unidad!r} desconocida; se admite {list(unidades)}.")
        parada = _campo(nombre, n, fila, "cobra_parada")
        if parada not in ("sí", "no"):
            raise ValueError(f"{nombre}, fila {n}: cobra_parada {parada!r} no vale; se admite 'sí' o 'no'.")
        minimo = _numero(nombre, n, fila, "precio_min_usd", cero=True)
        maximo = _numero(nombre, n, fila, "precio_max_usd", cero=True)
        if maximo < minimo:
            raise ValueError(f"{nombre}, fila {n}: precio_max_usd {maximo} es menor que precio_min_usd {minimo}.")
        salida.append(
            Tarifa(
                proveedor=_campo(nombre, n, fila, "proveedor"),
                concepto=_campo(nombre, n, fila, "concepto"),
                unidad=unidad,
                precio_min_usd=minimo,
                precio_max_usd=maximo,
                cobra_parada=parada == "sí",
                fecha=fecha,
                fuente=fuente,
                nota=(fila.get("nota") or "").strip(),
            )
        )
    return tuple(salida)


@cache
def supuestos() -> dict[str, Supuesto]:
    """Supuestos de los ejemplos (tamaño de la imagen, minutos de arranque…), con su origen."""
    columnas = ("clave", "valor_min", "valor_max", "unidad", "descripcion", "fuente")
    salida = {}
    for nombre, n, fila in _filas("supuestos.csv", columnas):
        minimo = _numero(nombre, n, fila, "valor_min", cero=True)
        maximo = _numero(nombre, n, fila, "valor_max", cero=True)
        if maximo < minimo:
            raise ValueError(f"{nombre}, fila {n}: valor_max {maximo} es menor que valor_min {minimo}.")
        clave = _campo(nombre, n, fila, "clave")
        salida[clave] = Supuesto(
            clave,
            minimo,
            maximo,
            _campo(nombre, n, fila, "unidad"),
            _campo(nombre, n, fila, "descripcion"),
            _campo(nombre, n, fila, "fuente"),
        )
    return salida


def gpus() -> list[str]:
    """Nombres de GPU con algún precio en los datos."""
    return sorted({p.gpu for p in precios()})


def proveedores() -> list[str]:
    return sorted({p.proveedor for p in precios()})


def precio(gpu: str, proveedor: str, nivel: str, fecha: str | None = None) -> Precio:
    """El precio de ``gpu`` en ``proveedor`` y ``nivel``: el de ``fecha``, o el más reciente."""
    validacion.opcion(gpu, "GPU", gpus())
    validacion.opcion(proveedor, "Proveedor", proveedores())
    filas = [p for p in precios() if p.gpu == gpu and p.proveedor == proveedor]
    validacion.opcion(nivel, f"Nivel para {gpu} en {proveedor}", [p.nivel for p in filas])
    filas = [p for p in filas if p.nivel == nivel]
    if fecha is None:
        return max(filas, key=lambda p: p.fecha)
    validacion.opcion(fecha, f"Fecha del precio de {gpu} en {proveedor} ({nivel})", [p.fecha for p in filas])
    return next(p for p in filas if p.fecha == fecha)


def equipo(gpu: str) -> Hardware:
    """Especificaciones de ``gpu``."""
    filas = {h.gpu: h for h in hardware()}
    return filas[validacion.opcion(gpu, "GPU", filas)]


def tarifa(proveedor: str, concepto: str) -> Tarifa:
    """La tarifa de ``concepto`` («almacenamiento», «subida» o «bajada») en ``proveedor``."""
    validacion.opcion(proveedor, "Proveedor con tarifas", {t.proveedor for t in tarifas()})
    filas = {t.concepto: t for t in tarifas() if t.proveedor == proveedor}
    return filas[validacion.opcion(concepto, f"Concepto con tarifa en {proveedor}", filas)]


def limpiar_cache() -> None:
    """Olvida los datos leídos (tras cambiar ``GPUCOSTE_DATOS``)."""
    for funcion in (precios, escenarios, hardware, tarifas, supuestos):
        funcion.cache_clear()
