"""``paises.csv``, ``cambios.csv`` y ``compras_locales.csv``: cada país con su moneda y su impuesto, los tipos de
cambio oficiales fechados y el precio de compra de una GPU en una tienda del país.

Las declaraciones y sus consultas (un país por su nombre, el tipo de cambio de una fecha, la compra local más
reciente); las cuentas con ellos (un importe en la moneda del lector, con su impuesto) están en
``gpucoste.dinero.paises``, que también publica estos nombres.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import esquema, formato, validacion
from gpucoste.base.validacion import Validado
from gpucoste.datos import moneda

__all__ = [
    "CAMBIOS",
    "COMPRAS_LOCALES",
    "Cambio",
    "CompraLocal",
    "PAISES",
    "Pais",
    "SIN_IMPUESTOS",
    "cambio",
    "cambios",
    "compra_local",
    "compras_locales",
    "nombres",
    "pais",
    "paises",
]


def _iso(texto: str, letras: int) -> bool:
    """¿Es ``texto`` un código ISO de ``letras`` letras mayúsculas (ES, EUR)?"""
    return len(texto) == letras and texto.isascii() and texto.isalpha() and texto.isupper()


@dataclass(frozen=True)
class Pais(Validado):
    """Un país de ``paises.csv``: su moneda y lo que paga un particular por un servicio digital del extranjero."""

    codigo: str
    pais: str
    moneda: str
    impuesto: float
    """Tasa que paga un consumidor sobre el precio sin impuestos (0,19 = 19 %)."""
    nombre_impuesto: str
    cobro: str
    """Cómo se cobra: lo repercute el proveedor, lo retiene el banco…"""
    empresa_autoliquida: bool
    """Una empresa lo autoliquida (inversión del sujeto pasivo) en vez de pagarlo al proveedor."""
    ley: str
    ley_fecha: str
    vigente_desde: str | None
    anticipo: float | None
    """Percepción a cuenta de otro impuesto que se recupera después (Argentina), sobre el precio sin impuestos."""
    anticipo_hasta: str | None
    """Último día en que una fuente confirma que la percepción se cobra (vacía: sin fecha de fin conocida)."""
    anticipo_vigencia: str
    """Lo que el lector debe saber de la percepción después de ``anticipo_hasta`` (vacía si no hay percepción)."""
    recargo_tarjeta: float
    """Estimación del recargo de la tarjeta por pagar en otra divisa."""
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


@dataclass(frozen=True)
class Cambio(Validado):
    """Un tipo de cambio: cuántas unidades de ``moneda`` vale un dólar, con su fecha y su organismo."""

    moneda: str
    por_usd: float
    fecha: str
    organismo: str
    fuente: str
    nota: str = ""
    leida: str | None = None


PAISES = esquema.Tabla(
    "paises.csv",
    Pais,
    "Cada país con su moneda y el impuesto que paga un consumidor por un servicio digital de un proveedor "
    "extranjero (tasa, cómo se cobra, ley y fecha), si una empresa lo autoliquida, la percepción a cuenta "
    "que se recupera y una estimación del recargo de la tarjeta.",
    columnas=(
        esquema.Columna("codigo", "texto", "Código ISO 3166 de dos letras (ES, MX, CO…)."),
        esquema.Columna("pais", "texto", "Nombre del país en español."),
        esquema.Columna("moneda", "texto", "Código ISO 4217 de su moneda (EUR, MXN…)."),
        esquema.Columna("impuesto", "numero", "Tasa que paga un consumidor (0,21 = 21 %).", minimo=0, maximo=1),
        esquema.Columna("nombre_impuesto", "texto", "Nombre del impuesto (IVA, IGV)."),
        esquema.Columna("cobro", "texto", "Cómo se cobra a un consumidor."),
        esquema.Columna("empresa_autoliquida", "booleano", "Una empresa lo autoliquida en vez de pagarlo."),
        esquema.Columna("ley", "texto", "Ley que lo establece."),
        esquema.Columna("ley_fecha", "fecha", "Fecha de publicación de la ley."),
        esquema.Columna("vigente_desde", "fecha", "Desde cuándo se cobra (vacía si no consta).", requerida=False),
        esquema.Columna(
            "anticipo",
            "numero",
            "Percepción a cuenta de otro impuesto que se recupera después (vacía si no hay).",
            requerida=False,
            minimo=0,
            excluye_minimo=True,  # 0 es «no hay»: se escribe vacía (issue 35)
            maximo=1,
        ),
        esquema.Columna(
            "anticipo_hasta",
            "fecha",
            "Último día en que una fuente confirma la percepción (vacía si no hay o no se le conoce fin).",
            requerida=False,
        ),
        esquema.Columna(
            "anticipo_vigencia",
            "texto",
            "Lo que se sabe de la percepción después de esa fecha, para el lector (vacía si no hay).",
            requerida=False,
        ),
        esquema.Columna(
            "recargo_tarjeta",
            "numero",
            "Estimación del recargo de la tarjeta por pagar en otra divisa.",
            minimo=0,
            maximo=0.2,
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("codigo",),
    orden=(("ley_fecha", "vigente_desde"),),
    unicas=("pais",),
    reglas=(
        esquema.Regla("codigo", "dos letras mayúsculas (ISO 3166: ES, MX…)", lambda f: _iso(f["codigo"], 2)),
        esquema.Regla("moneda", "tres letras mayúsculas (ISO 4217: EUR, MXN…)", lambda f: _iso(f["moneda"], 3)),
        esquema.Regla(
            "pais",
            "el nombre del país en español, no un código (el código va en codigo)",
            lambda f: not _iso(f["pais"], 2) and not _iso(f["pais"], 3),
        ),
        esquema.Regla(
            "anticipo_hasta",
            "una fecha solo si hay anticipo (vacía si no)",
            lambda f: f["anticipo"] is not None or f["anticipo_hasta"] is None,
        ),
        esquema.Regla(
            "anticipo_vigencia",
            "un texto si hay anticipo, y vacía si no",
            lambda f: (f["anticipo"] is None) == (f["anticipo_vigencia"] == ""),
        ),
    ),
)


CAMBIOS = esquema.Tabla(
    "cambios.csv",
    Cambio,
    "Tipo de cambio oficial de cada moneda (unidades por dólar estadounidense), fechado; el euro está en moneda.csv.",
    columnas=(
        esquema.Columna("moneda", "texto", "Código ISO 4217 de la moneda."),
        esquema.Columna("por_usd", "numero", "Unidades de la moneda por un dólar.", minimo=0, excluye_minimo=True),
        esquema.FECHA,
        esquema.Columna("organismo", "texto", "Quién publica el tipo (banco central, regulador…)."),
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("moneda", "fecha"),
    referencias=(esquema.Referencia(("moneda",), "paises.csv", ("moneda",)),),
    cubre=(esquema.Cobertura("moneda", "paises.csv", "moneda", ("EUR", "USD")),),
    reglas=(
        esquema.Regla(
            "moneda",
            "una moneda de paises.csv que no sea EUR (su tipo, el del BCE, está en moneda.csv) ni USD (vale 1)",
            lambda f: f["moneda"] not in ("EUR", "USD"),
        ),
    ),
)


@dataclass(frozen=True)
class CompraLocal(Validado):
    """El precio de compra de ``gpu`` en la tienda de un país: en su moneda y con su impuesto."""

    gpu: str
    pais: str
    """Código del país (``paises.csv``)."""
    precio_local: float
    moneda: str
    tienda: str
    """Quién da el precio, para leer: la tienda o el medio (la ``fuente`` puede ser una copia de un tercero)."""
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


COMPRAS_LOCALES = esquema.Tabla(
    "compras_locales.csv",
    CompraLocal,
    "Precio de compra de una GPU en un país, en su moneda y con su impuesto (el de EE. UU. está en hardware.csv).",
    columnas=(
        esquema.Columna("gpu", "texto", "Nombre de la GPU (como en gpus.csv)."),
        esquema.Columna("pais", "texto", "Código del país (como en paises.csv)."),
        esquema.Columna(
            "precio_local", "numero", "Precio con impuestos, en la moneda del país.", minimo=0, excluye_minimo=True
        ),
        esquema.Columna("moneda", "texto", "Código ISO 4217 de la moneda del precio (la del país)."),
        esquema.Columna(
            "tienda", "texto", "Quién da el precio: la tienda o el medio (la fuente puede ser una copia de un tercero)."
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("gpu", "pais", "fecha"),
    referencias=(
        esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),
        esquema.Referencia(("pais", "moneda"), "paises.csv", ("codigo", "moneda")),
    ),
)


validacion.admite_vacio(Pais, "ley", "ley_fecha", "fecha", "fuente")  # la entrada neutra, abajo: sin ley ni fuente
validacion.admite_vacio(Cambio, "fecha", "fuente")  # el del dólar: 1 por definición, sin fecha ni fuente (cambio())

SIN_IMPUESTOS = Pais(
    codigo="SIN",
    pais="Sin impuestos",
    moneda="USD",
    impuesto=0.0,
    nombre_impuesto="ninguno",
    cobro="La cifra que publica el proveedor: en dólares y sin impuestos",
    empresa_autoliquida=False,
    ley="",
    ley_fecha="",
    vigente_desde=None,
    anticipo=None,
    anticipo_hasta=None,
    anticipo_vigencia="",
    recargo_tarjeta=0.0,
    fecha="",
    fuente="",
)
"""La entrada neutra: dólares sin impuestos ni cambio (el tipo es 1 por definición, no por falta de dato)."""


def paises() -> tuple[Pais, ...]:
    """Los países de ``paises.csv`` y, al final, la entrada neutra ``SIN_IMPUESTOS``."""
    return (*esquema.cargar(PAISES), SIN_IMPUESTOS)


def nombres() -> dict[str, Pais]:
    """Cada forma admitida de nombrar un país, tal cual (código o nombre) → su ``Pais``."""
    return {forma: p for p in paises() for forma in (p.codigo, p.pais)}


def pais(nombre: str) -> Pais:
    """El país ``nombre``: su código («CO») o su nombre («Colombia»); «Sin impuestos» (o «SIN») es el neutro.

    Se escriben como en los datos, igual que las GPU y los modelos; uno desconocido es un ``ValueError`` en
    español con los admitidos y, ante una errata («Mexico», «co»), «¿Quisiste decir …?».
    """
    formas = nombres()
    return formas[validacion.opcion(nombre, "País", formas)]


def cambios() -> tuple[Cambio, ...]:
    """Todas las filas de ``cambios.csv``."""
    return esquema.cargar(CAMBIOS)


def cambio(p: Pais | str, fecha: str | None = None) -> Cambio:
    """El tipo de cambio de la moneda de ``p`` más reciente (el de ``fecha`` o anterior, si se da).

    El euro sale del tipo de referencia del BCE de ``moneda.csv``; el dólar vale 1. Si no hay tipo para esa
    moneda (o ninguno hasta ``fecha``): ``ValueError`` que nombra el país, la moneda y la fecha.
    """
    p = _pais(p)
    if fecha is not None:
        validacion.fecha(fecha)
    if p.moneda == "USD":
        return Cambio("USD", 1.0, fecha or "", "sin cambio: la moneda de los precios", "")
    if p.moneda == "EUR":
        bce = moneda.tipo_de_cambio()
        filas = [Cambio("EUR", 1 / bce.valor, bce.fecha, "tipo de referencia del BCE", bce.fuente)]
    else:
        filas = [c for c in cambios() if c.moneda == p.moneda]
    validas = [c for c in filas if fecha is None or c.fecha <= fecha]
    if not validas:
        cuando = f" del {formato.fecha(fecha)} o anterior" if fecha else ""
        desde = f"una fecha desde el {formato.fecha(min(c.fecha for c in filas))}, " if filas else ""
        raise ValueError(
            f"No hay tipo de cambio de {p.moneda} para {p.pais}{cuando} en los datos "
            f"({'moneda.csv' if p.moneda == 'EUR' else 'cambios.csv'}); se admite {desde}o añade la fila del "
            "organismo oficial con su fecha y su fuente, o usa --pais «sin impuestos» para ver dólares."
        )
    return max(validas, key=lambda c: c.fecha)


def _pais(p: object) -> Pais:
    """Un ``Pais`` o su nombre; cualquier otra cosa, ``ValueError`` (como un nombre desconocido)."""
    return p if isinstance(p, Pais) else pais(p)


def compras_locales() -> tuple[CompraLocal, ...]:
    """Todas las filas de ``compras_locales.csv``."""
    return esquema.cargar(COMPRAS_LOCALES)


def compra_local(gpu: str, p: Pais | str) -> CompraLocal | None:
    """El precio de compra más reciente de ``gpu`` en la tienda de ``p``, o ``None`` si no hay uno con fuente.

    ``gpu`` ha de ser un nombre de ``gpus.csv`` tal cual (``ValueError`` si no); ``p``, un país como en ``pais``.
    """
    from gpucoste import datos

    p = _pais(p)
    gpu = validacion.opcion(gpu, "GPU", datos.especificaciones())
    filas = [c for c in compras_locales() if c.gpu == gpu and c.pais == p.codigo]
    return max(filas, key=lambda c: c.fecha) if filas else None
