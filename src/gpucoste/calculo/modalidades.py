"""El precio de cada modalidad de alquiler de una GPU en un proveedor: bajo demanda, interrumpible y reservada.

Una sola función por pregunta, la que usan todas las páginas, la línea de órdenes, las calculadoras del navegador y
el ranking:

- :func:`precio_bajo_demanda`: el precio por hora sin cortes más barato de los vigentes (no interrumpible).
- :func:`precio_interrumpible`: el precio interrumpible **leído** (``precios.csv``) donde los datos lo tienen; si
  no, y solo si el proveedor declara un ahorro interrumpible en ``modalidades.csv``, su precio bajo demanda con ese
  ahorro, marcado como regla (``origen`` ``"regla"``), no como lectura.
- :func:`precio_reservado`: el descuento por reservar (prepagar) de ``modalidades.csv`` aplicado solo al proveedor
  que lo ofrece, sobre el precio bajo demanda de ese mismo proveedor.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import esquema, formato
from gpucoste.base.validacion import Validado, entero, opcion, resultado
from gpucoste.calculo import atipicos
from gpucoste.dinero import mercado

__all__ = [
    "INTERRUMPIBLE",
    "LEIDO",
    "ORIGENES",
    "PrecioInterrumpible",
    "PrecioReservado",
    "REGLA",
    "alternativa_bajo_demanda",
    "alternativas_bajo_demanda",
    "gpus_bajo_demanda",
    "precio_bajo_demanda",
    "precio_interrumpible",
    "precio_reservado",
    "proveedores_interrumpibles",
    "proveedores_reserva",
]

INTERRUMPIBLE = "interrumpible"
"""El nivel de ``precios.csv`` (y la modalidad de ``modalidades.csv``) de una instancia interrumpible."""

LEIDO = "leído"
REGLA = "regla"
ORIGENES = (LEIDO, REGLA)
"""De dónde sale un precio interrumpible: una fila leída de ``precios.csv`` o la regla de ``modalidades.csv``."""


def _vigentes(gpu: str, estimaciones: bool) -> list[datos.Precio]:
    return [p for p in atipicos._vigentes(estimaciones) if p.gpu == gpu]


def precio_bajo_demanda(gpu: str, proveedor: str | None = None) -> datos.Precio:
    """El precio por hora más barato de ``gpu`` entre los vigentes que no son interrumpibles (con ``proveedor``, solo
    entre los suyos).

    Vigente: el más reciente de cada proveedor y nivel que no está marcado como atípico
    (:func:`gpucoste.calculo.ranking.precios_vigentes`). Solo precios leídos; las estimaciones cuentan únicamente si
    no hay otra cosa para ``gpu`` (en ``proveedor``, si se da): quien muestre el precio dice su ``tipo``.
    """
    gpu = opcion(gpu, "GPU con precio", datos.gpus())

    def fijos(estimaciones: bool) -> list[datos.Precio]:
        return [p for p in _vigentes(gpu, estimaciones) if p.nivel != INTERRUMPIBLE]

    filas = fijos(False)
    if proveedor is not None:
        todas = fijos(True)
        proveedor = opcion(proveedor, f"Proveedor con precio de {gpu}", {p.proveedor for p in todas})
        filas = [p for p in filas if p.proveedor == proveedor] or [p for p in todas if p.proveedor == proveedor]
    if not filas:
        filas = fijos(True)
    if not filas:
        raise ValueError(f"gpu: {gpu!r} no tiene precio bajo demanda en los datos; se admite una GPU con uno.")
    return min(filas, key=lambda p: (p.precio_hora_usd, p.proveedor, p.nivel))


def gpus_bajo_demanda() -> list[str]:
    """Las GPU con algún precio vigente que no es interrumpible, en orden: las que admite ``precio_bajo_demanda``
    (una GPU que solo se alquila interrumpible no sirve para un servidor encendido todo el mes)."""
    return sorted({p.gpu for p in atipicos._vigentes(True) if p.nivel != INTERRUMPIBLE})


def alternativa_bajo_demanda(gpu: str, proveedor: str) -> datos.Precio:
    """El precio bajo demanda más barato de ``gpu`` fuera de ``proveedor``: con qué se compara la oferta de
    ``proveedor`` (p. ej. Inference Endpoints de Hugging Face). Como ``precio_bajo_demanda``, sin interrumpibles."""
    gpu = opcion(gpu, "GPU con precio", datos.gpus())
    fijos = [p for p in _vigentes(gpu, True) if p.nivel != INTERRUMPIBLE]
    proveedor = opcion(proveedor, f"Proveedor con precio de {gpu}", {p.proveedor for p in fijos})
    otros = sorted({p.proveedor for p in fijos} - {proveedor})
    if not otros:
        raise ValueError(
            f"gpu: {gpu!r} solo tiene precio bajo demanda en {proveedor}; se admite una GPU con precio en otro."
        )
    return min((precio_bajo_demanda(gpu, o) for o in otros), key=lambda p: (p.precio_hora_usd, p.proveedor, p.nivel))


def alternativas_bajo_demanda(proveedor: str) -> list[tuple[datos.Precio, datos.Precio | None]]:
    """Cada GPU con precio bajo demanda en ``proveedor`` (en el orden de ``precios.csv``): su precio allí
    (:func:`precio_bajo_demanda` con ``proveedor``) y el más barato de la misma GPU fuera de él
    (:func:`alternativa_bajo_demanda`), o ``None`` si ningún otro proveedor de los datos la tiene bajo demanda.

    Es la tabla que compara Inference Endpoints de Hugging Face con alquilar la misma GPU en otro sitio: una GPU que
    solo tiene precio en ``proveedor`` sale también, sin alternativa, en vez de romper la tabla.
    """
    proveedor = opcion(
        proveedor,
        "Proveedor con precio bajo demanda",
        {p.proveedor for p in datos.precios() if p.nivel != INTERRUMPIBLE},
    )
    salida: list[tuple[datos.Precio, datos.Precio | None]] = []
    for gpu in dict.fromkeys(p.gpu for p in datos.precios() if p.proveedor == proveedor and p.nivel != INTERRUMPIBLE):
        suyo = precio_bajo_demanda(gpu, proveedor)
        otros = {p.proveedor for p in _vigentes(gpu, True) if p.nivel != INTERRUMPIBLE} - {proveedor}
        salida.append((suyo, alternativa_bajo_demanda(gpu, proveedor) if otros else None))
    return salida


@dataclass(frozen=True)
class PrecioInterrumpible(Validado):
    """El precio interrumpible de una GPU en un proveedor y de dónde sale: leído o, a falta de lectura, la regla."""

    gpu: str
    proveedor: str
    precio_hora_usd: float
    origen: str
    """``"leído"`` (una fila de ``precios.csv``) o ``"regla"`` (bajo demanda × (1 − ahorro de ``modalidades.csv``))."""
    fecha: str
    """La fecha de la lectura o, con la regla, la del precio bajo demanda al que se aplica."""
    tipo: str
    """El ``tipo`` de la fila leída (``mediana``, ``lista``…) o ``"regla"``."""
    fuente: str
    """La fuente de la lectura, o la de la regla (``modalidades.csv``)."""
    bajo_demanda: datos.Precio | None
    """El precio bajo demanda del mismo proveedor (la base de la regla; con una lectura, para comparar), si lo hay."""
    descuento: float | None = None
    """Con la regla, el ahorro que aplica; con una lectura, ``None``."""

    @property
    def leido(self) -> bool:
        return self.origen == LEIDO

    @property
    def ahorro(self) -> float | None:
        """Fracción por debajo del precio bajo demanda del mismo proveedor (``None`` si no lo hay)."""
        if self.bajo_demanda is None:
            return None
        return 1 - self.precio_hora_usd / self.bajo_demanda.precio_hora_usd

    def describir(self) -> str:
        """De dónde sale la cifra, en una frase (Markdown: los ficheros van entre comillas invertidas, que la línea de
        órdenes quita) para la página, el formulario y la línea de órdenes."""
        base = self.bajo_demanda
        if self.leido:
            texto = f"leído en `precios.csv` ({formato.tipo_precio(self.tipo)}, {formato.fecha(self.fecha)})"
            if base is not None and self.ahorro is not None:
                relacion = "por debajo" if self.ahorro >= 0 else "por encima"
                texto += (
                    f", un {formato.porcentaje(abs(self.ahorro))} {relacion} de su bajo demanda "
                    f"({formato.dolares(base.precio_hora_usd)}/h, {formato.tipo_precio(base.tipo)}, "
                    f"{formato.fecha(base.fecha)})"
                )
            return texto
        return (
            f"sin precio interrumpible leído de la {self.gpu} en {self.proveedor}: su bajo demanda "
            f"({formato.dolares(base.precio_hora_usd)}/h, {formato.tipo_precio(base.tipo)}, "
            f"{formato.fecha(base.fecha)}) menos el ahorro habitual que anuncia {self.proveedor} "
            f"({formato.porcentaje(self.descuento)}, `modalidades.csv`): una regla, no un precio leído"
        )


def _regla_interrumpible(proveedor: str) -> mercado.Modalidad | None:
    return next(
        (m for m in mercado.modalidades() if m.proveedor == proveedor and m.modalidad == INTERRUMPIBLE),
        None,
    )


def proveedores_interrumpibles(gpu: str) -> list[str]:
    """Los proveedores con un precio interrumpible para ``gpu``: leído o por la regla de ``modalidades.csv`` (con un
    precio bajo demanda de ``gpu`` al que aplicarla)."""
    gpu = opcion(gpu, "GPU con precio", datos.gpus())
    leidos = {p.proveedor for p in _vigentes(gpu, False) if p.nivel == INTERRUMPIBLE}
    con_base = {p.proveedor for p in _vigentes(gpu, True) if p.nivel != INTERRUMPIBLE}
    por_regla = {m.proveedor for m in mercado.modalidades() if m.modalidad == INTERRUMPIBLE} & con_base
    return sorted(leidos | por_regla)


def precio_interrumpible(gpu: str, proveedor: str) -> PrecioInterrumpible:
    """El precio interrumpible de ``gpu`` en ``proveedor``: el leído más reciente no atípico de ``precios.csv`` (solo
    lecturas, nunca estimaciones) o, si no hay, el bajo demanda del proveedor (:func:`precio_bajo_demanda`) menos el
    ahorro interrumpible que declara en ``modalidades.csv``, con ``origen`` ``"regla"``.

    Un proveedor sin lectura ni regla para ``gpu`` es un ``ValueError`` que lista los que sí la tienen.
    """
    gpu = opcion(gpu, "GPU con precio", datos.gpus())
    proveedor = opcion(proveedor, f"Proveedor con precio interrumpible de {gpu}", proveedores_interrumpibles(gpu))
    try:
        base = precio_bajo_demanda(gpu, proveedor)
    except esquema.ErrorDeDatos:
        raise
    except ValueError:  # sin precio bajo demanda: solo vale la lectura interrumpible
        base = None
    leidos = [p for p in _vigentes(gpu, False) if p.nivel == INTERRUMPIBLE and p.proveedor == proveedor]
    if leidos:
        p = leidos[0]
        return PrecioInterrumpible(gpu, proveedor, p.precio_hora_usd, LEIDO, p.fecha, p.tipo, p.fuente, base)
    regla = _regla_interrumpible(proveedor)
    precio = resultado(
        base.precio_hora_usd * (1 - regla.descuento), "precio_interrumpible", {"gpu": gpu, "proveedor": proveedor}
    )
    return PrecioInterrumpible(gpu, proveedor, precio, REGLA, base.fecha, REGLA, regla.fuente, base, regla.descuento)


@dataclass(frozen=True)
class PrecioReservado(Validado):
    """El precio por hora de una GPU reservada (prepagada) en el proveedor que ofrece el descuento."""

    gpu: str
    proveedor: str
    meses: int
    descuento: float
    """El descuento de ``modalidades.csv`` para ``meses`` meses."""
    fecha_descuento: str
    fuente_descuento: str
    bajo_demanda: datos.Precio
    """El precio bajo demanda del mismo proveedor, al que se aplica el descuento."""
    precio_hora_usd: float
    """``bajo_demanda × (1 − descuento)``."""

    def describir(self) -> str:
        """La cifra con su origen, en una frase (Markdown, como :meth:`PrecioInterrumpible.describir`): proveedor,
        precio bajo demanda y descuento."""
        b = self.bajo_demanda
        plazo = "un mes" if self.meses == 1 else f"{self.meses} meses"
        return (
            f"{formato.dolares(self.precio_hora_usd)}/h: el precio bajo demanda de {self.proveedor} "
            f"({formato.dolares(b.precio_hora_usd)}/h, {formato.tipo_precio(b.tipo)}, {formato.fecha(b.fecha)}) "
            f"con su descuento del {formato.porcentaje(self.descuento)} por prepagar {plazo} (`modalidades.csv`)"
        )


def proveedores_reserva(gpu: str, meses: int = 1) -> list[str]:
    """Los proveedores que declaran en ``modalidades.csv`` un descuento por reservar ``meses`` meses y tienen un
    precio bajo demanda de ``gpu``."""
    gpu = opcion(gpu, "GPU con precio", datos.gpus())
    meses = entero(meses, "meses", minimo=1, maximo=120)
    con_base = {p.proveedor for p in _vigentes(gpu, True) if p.nivel != INTERRUMPIBLE}
    return sorted(
        {m.proveedor for m in mercado.modalidades() if m.modalidad == "reservada" and m.meses == meses} & con_base
    )


def precio_reservado(gpu: str, proveedor: str | None = None, meses: int = 1) -> PrecioReservado:
    """El precio de ``gpu`` reservada ``meses`` meses: el descuento de ``proveedor`` en ``modalidades.csv`` sobre el
    precio bajo demanda del mismo ``proveedor`` (:func:`precio_bajo_demanda`). Sin ``proveedor``, el más barato de
    los que ofrecen ese descuento. Nunca se aplica el descuento de un proveedor al precio de otro.

    Un proveedor sin descuento para ``meses`` (o sin precio de ``gpu``) es un ``ValueError`` que lista los que sí.
    """
    gpu = opcion(gpu, "GPU con precio", datos.gpus())
    meses = entero(meses, "meses", minimo=1, maximo=120)
    validos = proveedores_reserva(gpu, meses)
    if not validos:
        filas = [m for m in mercado.modalidades() if m.modalidad == "reservada"]
        plazos = sorted({m.meses for m in filas})
        if meses not in plazos:
            raise ValueError(
                f"meses: {meses!r} no vale; ningún proveedor de los datos declara un descuento por reservar ese plazo; "
                f"se admite {' o '.join(str(p) for p in plazos)}."
            )
        con_descuento = formato.lista(sorted({m.proveedor for m in filas if m.meses == meses}))
        raise ValueError(
            f"gpu: {gpu!r} no vale para reservar: no tiene precio bajo demanda en ningún proveedor con descuento por "
            f"reservar en modalidades.csv ({con_descuento}); se admite una GPU con precio en alguno de ellos."
        )
    candidatos = validos if proveedor is None else [opcion(proveedor, f"Proveedor con reserva de {gpu}", validos)]
    salida = []
    for nombre in candidatos:
        d = mercado.descuento(nombre, "reservada", meses)
        base = precio_bajo_demanda(gpu, nombre)
        precio = resultado(base.precio_hora_usd * (1 - d.descuento), "precio_reservado", {"gpu": gpu, "meses": meses})
        salida.append(PrecioReservado(gpu, nombre, meses, d.descuento, d.fecha, d.fuente, base, precio))
    return min(salida, key=lambda r: (r.precio_hora_usd, r.proveedor))
