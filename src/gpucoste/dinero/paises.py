"""El dinero en los términos del lector: moneda, impuesto a los servicios digitales del extranjero y tipo de cambio.

La guía calcula en dólares estadounidenses (US$), la moneda en que publican los proveedores. Un particular
que alquila una GPU a un proveedor de fuera paga además el impuesto de su país sobre los servicios digitales
del extranjero (el IVA de España, México, Colombia, Argentina o Chile; el IGV de Perú), y su banco convierte
el cargo a su moneda. Este módulo hace esa cuenta con los datos del paquete:

- ``paises.csv``: un país por fila, con su moneda, el impuesto que paga un consumidor (tasa, cómo se cobra,
  la ley y su fecha), si una empresa lo autoliquida (o lo acredita) en vez de pagarlo como coste, la
  percepción a cuenta que se recupera (Argentina) y el recargo de la tarjeta por pagar en otra divisa
  (una **estimación**, dicha como tal);
- ``cambios.csv``: unidades de cada moneda por dólar, fechadas, del organismo oficial de cada país (el
  recolector semanal añade filas nuevas); el euro sale del tipo de referencia del BCE de ``moneda.csv``;
- ``compras_locales.csv``: el precio de compra de una GPU en la tienda de un país, en su moneda y con su
  impuesto, cuando hay uno con fuente (``compra_local``; ``compra_usd`` lo pasa a dólares sin impuestos).

``en_local(2.04, "CO")`` devuelve un ``Importe``: los dólares, el impuesto, el total en pesos colombianos,
el tipo de cambio usado con su fecha y su organismo. Un tipo de cambio que falta es un ``ValueError`` que
nombra el país y la fecha: nunca se convierte 1:1 en silencio. ``SIN_IMPUESTOS`` es la entrada neutra: la
cifra publicada, en dólares y sin impuestos.

Python puro: sirve igual en la terminal, en las páginas y en el navegador (Pyodide).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from gpucoste.base import formato, validacion
from gpucoste.base.validacion import Validado, numero, resultado
from gpucoste.datos.paises import (
    CAMBIOS,
    COMPRAS_LOCALES,
    PAISES,
    SIN_IMPUESTOS,
    Cambio,
    CompraLocal,
    Pais,
    _pais,
    cambio,
    cambios,
    compra_local,
    compras_locales,
    nombres,
    pais,
    paises,
)

__all__ = [
    "CAMBIOS",
    "COMPRAS_LOCALES",
    "Cambio",
    "CompraLocal",
    "DECIMALES",
    "Importe",
    "PAISES",
    "Pais",
    "SIN_IMPUESTOS",
    "SIN_IMPUESTO_DIGITAL",
    "a_usd",
    "cambio",
    "cambios",
    "cantidad",
    "compra_local",
    "compra_usd",
    "compras_locales",
    "en_local",
    "gravado",
    "importe_local",
    "nombres",
    "nota_cambio",
    "pais",
    "paises",
    "rotulo",
    "texto",
    "vigencia_anticipo",
]


DECIMALES = MappingProxyType({"CLP": 0, "COP": 0})
"""Decimales con que se escribe cada moneda (las demás, con dos)."""


@dataclass(frozen=True)
class Importe(Validado):
    """Un importe en dólares puesto en la moneda de un país, con su impuesto, su tipo de cambio y su fecha."""

    pais: Pais
    usd: float
    """La cifra publicada, sin impuestos."""
    tasa: float
    """Impuesto aplicado (0 para una empresa: lo autoliquida o lo acredita)."""
    empresa: bool
    cambio: Cambio

    @property
    def impuesto_usd(self) -> float:
        return self.usd * self.tasa

    @property
    def total_usd(self) -> float:
        """Dólares con el impuesto."""
        return self.usd + self.impuesto_usd

    @property
    def local(self) -> float:
        """El total con impuesto en la moneda del país."""
        return self.total_usd * self.cambio.por_usd

    @property
    def anticipo_local(self) -> float:
        """La percepción a cuenta (se recupera después), en la moneda del país; 0 si no la hay."""
        return self.usd * (self.pais.anticipo or 0.0) * self.cambio.por_usd

    @property
    def recargo_local(self) -> float:
        """Estimación del recargo de la tarjeta sobre el total, en la moneda del país."""
        return self.local * self.pais.recargo_tarjeta


def _empresa(empresa: object) -> bool:
    if not isinstance(empresa, bool):
        raise ValueError(f"empresa: {empresa!r} no vale; se admite True o False.")
    return empresa


def en_local(usd: float, p: Pais | str = "ES", *, empresa: bool = False, fecha: str | None = None) -> Importe:
    """``usd`` dólares (sin impuestos) en la moneda de ``p``, con el impuesto de un consumidor.

    Con ``empresa=True`` no suma el impuesto: una empresa lo autoliquida o lo acredita, no es un coste.
    ``fecha`` elige el tipo de cambio de ese día o anterior (por defecto, el más reciente).
    """
    usd = numero(usd, "usd", cero=True)
    p = _pais(p)
    i = Importe(p, usd, 0.0 if _empresa(empresa) else p.impuesto, empresa, cambio(p, fecha))
    resultado(i.local, "en_local", {"usd": usd, "pais": p.codigo})
    return i


def importe_local(usd: float, p: Pais | str = "ES", *, empresa: bool = False, fecha: str | None = None) -> float:
    """Solo el total en la moneda de ``p`` (ver ``en_local``)."""
    return en_local(usd, p, empresa=empresa, fecha=fecha).local


def a_usd(local: float, p: Pais | str = "ES", *, empresa: bool = False, fecha: str | None = None) -> float:
    """La inversa de ``en_local``: de un total con impuesto en la moneda de ``p`` a dólares sin impuestos."""
    local = numero(local, "local", cero=True)
    p = _pais(p)
    tasa = 0.0 if _empresa(empresa) else p.impuesto
    return resultado(local / cambio(p, fecha).por_usd / (1 + tasa), "a_usd", {"local": local, "pais": p.codigo})


def cantidad(x: float, codigo_moneda: str) -> str:
    """``9115.9`` y «COP» → «9116 COP»; los dólares como ``formato.dolares``; los euros, con «€»."""
    x = numero(x, "x", cero=True)
    validacion.opcion(codigo_moneda, "Moneda", {p.moneda for p in paises()})
    if codigo_moneda == "USD":
        return formato.dolares(x)
    if codigo_moneda == "EUR":
        return formato.euros(x)
    return f"{formato.numero(x, DECIMALES.get(codigo_moneda, 2))}\N{NO-BREAK SPACE}{codigo_moneda}"


def nota_cambio(p: Pais | str, fecha: str | None = None) -> str:
    """«3773,60 COP/US$ (TRM de la Superintendencia Financiera de Colombia, 28 de noviembre de 2025)».

    El euro, como lo publica el BCE: «1 € = 1,1761 US$ (tipo de referencia del BCE, 8 de mayo de 2026)».
    """
    p = _pais(p)
    c = cambio(p, fecha)
    if p.moneda == "USD":
        return "dólares, sin cambio de moneda"
    cuando = f"({c.organismo}, {formato.fecha(c.fecha)})"
    if p.moneda == "EUR":
        return f"1\N{NO-BREAK SPACE}€ = {formato.dolares(1 / c.por_usd, 4)} {cuando}"
    tipo = formato.numero(c.por_usd, next(d for d in range(2, 5) if d == 4 or round(c.por_usd, d) == c.por_usd))
    return f"{tipo}\N{NO-BREAK SPACE}{p.moneda}/US$ {cuando}"


def compra_usd(c: CompraLocal) -> float:
    """``c`` en dólares y sin el impuesto de un particular, al tipo de cambio más reciente de los datos.

    Es la cifra que se compara con un alquiler en dólares sin impuestos; las páginas y la terminal le vuelven a
    sumar el impuesto del país al mostrarla en su moneda.
    """
    if not isinstance(c, CompraLocal):
        raise ValueError(f"c: {c!r} no es una CompraLocal; se admite lo que devuelve compra_local.")
    return a_usd(c.precio_local, c.pais)


SIN_IMPUESTO_DIGITAL = ("kwh", "luz")
"""Rótulos de electricidad: se convierten sin el impuesto del país, porque el precio del kWh ya lleva los suyos.
La compra de una GPU sí lo lleva: en los seis países el tipo es el del IVA (o IGV) general."""


def gravado(rotulo: str) -> bool:
    """¿Lleva el importe de ``rotulo`` el impuesto de un servicio digital? No, si es de electricidad."""
    rotulo = validacion.texto(rotulo, "rotulo")
    return not any(x in rotulo.casefold() for x in SIN_IMPUESTO_DIGITAL)


def rotulo(p: Pais | str, empresa: bool = False) -> str:
    """El título de una columna en la moneda de ``p``: «COP con IVA 19 %» (o «COP sin IVA», para una empresa)."""
    p = _pais(p)
    if _empresa(empresa):
        return f"{p.moneda} sin {p.nombre_impuesto}"
    return f"{p.moneda} con {p.nombre_impuesto} {formato.porcentaje(p.impuesto)}"


def vigencia_anticipo(p: Pais | str) -> str:
    """Hasta cuándo consta la percepción a cuenta de ``p`` y qué se sabe después; «» si no la hay.

    «confirmada hasta el 31 de diciembre de 2025; desde el 2 de enero de 2026 …: tómala como estimación».
    """
    p = _pais(p)
    if not p.anticipo:
        return ""
    partes = [f"confirmada hasta el {formato.fecha(p.anticipo_hasta)}"] if p.anticipo_hasta else []
    return "; ".join([*partes, p.anticipo_vigencia] if p.anticipo_vigencia else partes)


def texto(i: Importe) -> str:
    """El importe para leer: total local, de dónde sale (dólares + impuesto) y el tipo con su fecha."""
    if not isinstance(i, Importe):
        raise ValueError(f"i: {i!r} no es un Importe; se admite lo que devuelve en_local.")
    p = i.pais
    if p.moneda == "USD":
        return f"{formato.dolares(i.usd)} (sin impuestos)"
    cambio_ = f"a {nota_cambio(p, i.cambio.fecha)}"
    if i.empresa:
        como = "lo autoliquida" if p.empresa_autoliquida else "lo paga y lo acredita"
        sin = f"sin {p.nombre_impuesto} (una empresa {como})"
        return f"{cantidad(i.local, p.moneda)} {sin} = {formato.dolares(i.usd)} {cambio_}"
    partes = [
        f"{cantidad(i.local, p.moneda)} con {p.nombre_impuesto} del {formato.porcentaje(i.tasa)} = "
        f"{formato.dolares(i.total_usd)} ({formato.dolares(i.usd)} + {formato.dolares(i.impuesto_usd)} de "
        f"{p.nombre_impuesto}) {cambio_}"
    ]
    if i.anticipo_local:
        vigencia = vigencia_anticipo(p)
        partes.append(
            f"más {cantidad(i.anticipo_local, p.moneda)} de percepción a cuenta del {formato.porcentaje(p.anticipo)}, "
            "que se recupera después" + (f" ({vigencia})" if vigencia else "")
        )
    return "; ".join(partes)
