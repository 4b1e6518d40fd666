"""Los datos de las decisiones: precios de la API por token, descuentos por reservar o interrumpir,
precio de la electricidad de un hogar y valor de reventa de una GPU.

Cada CSV se declara con :mod:`gpucoste.base.esquema` (tipos, rangos, clave, fuente https y fecha) y se lee con
una función de una línea. Los cálculos que los usan están en :mod:`gpucoste.calculo.equilibrios`,
:mod:`gpucoste.calculo.compra`, :mod:`gpucoste.calculo.interrupciones` y :mod:`gpucoste.calculo.recomendacion`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos  # noqa: F401  (datos y paises declaran los CSV a los que se refieren)
from gpucoste.base import esquema, validacion
from gpucoste.base.validacion import Validado, numero, resultado
from gpucoste.dinero import (
    paises,  # noqa: F401  (datos y paises declaran los CSV a los que se refieren)
    proveedores,  # noqa: F401  (declara politicas.csv, al que se refiere api_precios.csv)
)

__all__ = [
    "precio_millon_mezclado",
    "API_PRECIOS",
    "ELECTRICIDAD",
    "Electricidad",
    "MODALIDADES",
    "MODALIDADES_TABLA",
    "Modalidad",
    "PrecioApi",
    "REVENTA",
    "Reventa",
    "descuento",
    "electricidad",
    "fuentes_de_luz",
    "modalidades",
    "precio_api",
    "precio_kwh",
    "precios_api",
    "reventa",
    "reventas",
]


MODALIDADES = ("reservada", "interrumpible")


def precio_millon_mezclado(precio_entrada: float, precio_salida: float, entrada_por_salida: float = 1.0) -> float:
    """Lo que cuesta en la API cada millón de tokens **generados**, contando los de entrada que los acompañan.

    ``entrada_por_salida`` es cuántos tokens de entrada (la pregunta, el contexto) se envían por cada token
    de salida. Precios en dólares por millón de tokens.
    """
    entrada = numero(precio_entrada, "precio_entrada", cero=True)
    salida = numero(precio_salida, "precio_salida", cero=True)
    total = salida + numero(entrada_por_salida, "entrada_por_salida", cero=True) * entrada
    return resultado(
        total, "precio_millon_mezclado", {"precio_entrada": precio_entrada, "precio_salida": precio_salida}
    )


@dataclass(frozen=True)
class PrecioApi(Validado):
    modelo: str
    proveedor: str
    entrada_usd_millon: float
    salida_usd_millon: float
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None

    def millon_mezclado(self, entrada_por_salida: float = 1.0) -> float:
        """Dólares por millón de tokens generados, con ``entrada_por_salida`` tokens de entrada por cada uno."""
        return precio_millon_mezclado(self.entrada_usd_millon, self.salida_usd_millon, entrada_por_salida)


@dataclass(frozen=True)
class Electricidad(Validado):
    pais: str
    consumidor: str
    precio_kwh: float
    """Con los impuestos de un hogar, en ``moneda``."""
    moneda: str
    periodo: str
    organismo: str
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


@dataclass(frozen=True)
class Modalidad(Validado):
    proveedor: str
    modalidad: str
    meses: int
    descuento: float
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


@dataclass(frozen=True)
class Reventa(Validado):
    gpu: str
    fraccion_min: float
    fraccion_max: float
    origen: str
    nota: str = ""


API_PRECIOS = esquema.Tabla(
    "api_precios.csv",
    PrecioApi,
    "Precio de la API por token de cada modelo abierto en cada proveedor (dólares por millón de tokens).",
    columnas=(
        esquema.Columna("modelo", "texto", "Modelo, como en los datos de modelos."),
        esquema.Columna("proveedor", "texto", "Proveedor de la API."),
        esquema.Columna("entrada_usd_millon", "numero", "Dólares por millón de tokens de entrada.", minimo=0),
        esquema.Columna("salida_usd_millon", "numero", "Dólares por millón de tokens de salida.", minimo=0),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("modelo", "proveedor", "fecha"),
    referencias=(
        esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),
        # Un proveedor de API puede no alquilar GPU (ni tener políticas), pero si es uno de ellos, con su nombre.
        esquema.Referencia(("proveedor",), "politicas.csv", ("proveedor",), parcial=True),
        esquema.Referencia(("proveedor",), "precios.csv", ("proveedor",), parcial=True),
    ),
    nombres=("proveedor",),
)

ELECTRICIDAD = esquema.Tabla(
    "electricidad.csv",
    Electricidad,
    "Precio de la electricidad de un hogar (por kWh, impuestos incluidos, en la moneda del país) en un periodo, del "
    "organismo oficial; la nota dice qué tramo o región se eligió y por qué.",
    columnas=(
        esquema.Columna("pais", "texto", "País (como en paises.csv)."),
        esquema.Columna("consumidor", "enum", "Tipo de consumidor.", valores=("hogar",)),
        esquema.Columna(
            "precio_kwh", "numero", "Precio por kWh, impuestos incluidos, en moneda.", minimo=0, excluye_minimo=True
        ),
        esquema.Columna("moneda", "texto", "Código ISO 4217 de la moneda del precio (la del país en paises.csv)."),
        esquema.Columna(
            "periodo",
            "texto",
            "Periodo del precio: un semestre (2025-S1: primer semestre de 2025) o un mes (2026-07: julio de 2026).",
        ),
        esquema.Columna(
            "organismo",
            "texto",
            "Quién publica el precio y, si la fuente es otra, dónde se leyó (lo que citan las páginas).",
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("pais", "consumidor", "periodo"),
    referencias=(esquema.Referencia(("pais", "moneda"), "paises.csv", ("pais", "moneda")),),
)

MODALIDADES_TABLA = esquema.Tabla(
    "modalidades.csv",
    Modalidad,
    "Descuento sobre el precio bajo demanda de una instancia reservada (por meses) o interrumpible.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Proveedor."),
        esquema.Columna("modalidad", "enum", "Reservada o interrumpible.", valores=MODALIDADES),
        esquema.Columna("meses", "entero", "Meses de compromiso (0 si no hay).", minimo=0),
        esquema.Columna("descuento", "numero", "Fracción de descuento (0,2 = 20 %).", minimo=0, maximo=0.99),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("proveedor", "modalidad", "meses"),
    referencias=(esquema.Referencia(("proveedor",), "precios.csv", ("proveedor",)),),
)

REVENTA = esquema.Tabla(
    "reventa.csv",
    Reventa,
    "Fracción del precio de compra que se recupera al revender una GPU (estimación salvo que se cite fuente).",
    columnas=(
        esquema.Columna("gpu", "texto", "GPU."),
        esquema.Columna("fraccion_min", "numero", "Fracción mínima recuperada.", minimo=0, maximo=1),
        esquema.Columna("fraccion_max", "numero", "Fracción máxima recuperada.", minimo=0, maximo=1),
        esquema.Columna("origen", "texto", "De dónde sale («estimación» si no hay fuente)."),
        esquema.NOTA,
    ),
    clave=("gpu",),
    orden=(("fraccion_min", "fraccion_max"),),
    referencias=(esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),),
)


def precios_api() -> tuple[PrecioApi, ...]:
    """Todos los precios de la API por token."""
    return esquema.cargar(API_PRECIOS)


def precio_api(modelo: str, proveedor: str) -> PrecioApi:
    """El precio más reciente de la API de ``proveedor`` para ``modelo``."""
    filas = precios_api()
    modelo = validacion.opcion(modelo, "Modelo con precio de API", {p.modelo for p in filas})
    filas = [p for p in filas if p.modelo == modelo]
    proveedor = validacion.opcion(proveedor, f"Proveedor de API para {modelo}", {p.proveedor for p in filas})
    return max((p for p in filas if p.proveedor == proveedor), key=lambda p: p.fecha)


def electricidad() -> tuple[Electricidad, ...]:
    return esquema.cargar(ELECTRICIDAD)


def fuentes_de_luz(filas: list[Electricidad] | tuple[Electricidad, ...]) -> str:
    """Las filas de ``electricidad.csv`` como las cita la prosa, en una lista: «México (CFE, julio de 2026)». Lo que
    varias filas dicen detrás de su organismo, tras una coma («CFE, en la transcripción de un proyecto público»),
    se dice una sola vez al final («…, todas en la transcripción de un proyecto público»), no en cada paréntesis."""
    from gpucoste.base.formato import lista, periodo

    filas = validacion.lista_de(filas, Electricidad, "filas")
    if not filas:
        raise ValueError("filas: [] no vale; se admite una lista no vacía de mercado.Electricidad.")
    colas = [e.organismo.split(", ", 1)[1] if ", " in e.organismo else "" for e in filas]
    repetidas = {c for c in colas if c and colas.count(c) > 1}
    comun = repetidas.pop() if len(repetidas) == 1 else ""
    con = [e.pais for e, c in zip(filas, colas, strict=True) if comun and c == comun]
    texto = lista(
        [
            f"{e.pais} ({e.organismo.removesuffix(f', {comun}') if comun else e.organismo}, {periodo(e.periodo)})"
            for e in filas
        ]
    )
    if not con:
        return texto
    return f"{texto}, {'todas' if len(con) == len(filas) else f'las de {lista(con)},'} {comun}"


def precio_kwh(pais: str = "España") -> Electricidad:
    """El precio de la electricidad de un hogar de ``pais`` más reciente de los datos."""
    filas = electricidad()
    pais = validacion.opcion(pais, "País con precio de la electricidad", {e.pais for e in filas})
    return max((e for e in filas if e.pais == pais), key=lambda e: e.fecha)


def modalidades() -> tuple[Modalidad, ...]:
    return esquema.cargar(MODALIDADES_TABLA)


def descuento(proveedor: str, modalidad: str, meses: int = 0) -> Modalidad:
    """El descuento de ``proveedor`` para una instancia ``modalidad`` (reservada: a ``meses`` meses)."""
    filas = modalidades()
    proveedor = validacion.opcion(proveedor, "Proveedor con descuentos", {m.proveedor for m in filas})
    modalidad = validacion.opcion(modalidad, "Modalidad", MODALIDADES)
    filas = {m.meses: m for m in filas if m.proveedor == proveedor and m.modalidad == modalidad}
    n = validacion.entero(meses, "meses")
    if n not in filas:
        validas = ", ".join(str(k) for k in sorted(filas))
        raise ValueError(f"meses: {meses!r} no vale para {modalidad} en {proveedor}; se admite: {validas}.")
    return filas[n]


def reventas() -> tuple[Reventa, ...]:
    return esquema.cargar(REVENTA)


def reventa(gpu: str) -> Reventa:
    """La fracción del precio que se recupera al revender ``gpu`` (una estimación, ver ``origen``)."""
    filas = {r.gpu: r for r in reventas()}
    return filas[validacion.opcion(gpu, "GPU con valor de reventa", filas)]
