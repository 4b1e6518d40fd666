"""La primera versión de esta guía (julio de 2026) y su fe de erratas, calculada con los datos de hoy.

La guía empezó como un artículo corto, «Alquilar GPUs por horas» (la página ``primera-version.md`` lo
reproduce). Cada afirmación con una cifra se compara aquí con lo que dicen hoy los datos y las calculadoras:
``erratas()`` devuelve una ``Errata`` por afirmación, con la cita, lo que sale hoy y el veredicto. Nada de
lo que se compara está escrito aquí salvo las cifras de la propia cita (``CITA_*``): el resto sale de los CSV.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.base.formato import dolares, fecha, fraccion, lista, mes, nivel, numero, rango, tipo_precio, veces
from gpucoste.base.validacion import Validado, opcion
from gpucoste.calculo import atipicos, compra, experimento, memoria, ocultos, vast
from gpucoste.dinero import proveedores
from gpucoste.guia import decisiones

if TYPE_CHECKING:  # pandas solo para la tabla de la página
    import pandas as pd

__all__ = [
    "CITA_HORAS_COMPRA",
    "CITA_HORAS_H100",
    "CITA_HORAS_LOCAL",
    "FECHA",
    "GPU_16GB",
    "MODELO_70B",
    "PAGINA",
    "VEREDICTOS",
    "Errata",
    "TEMAS",
    "errata",
    "erratas",
    "tabla",
]

FECHA = "2026-07"
"""Mes de la primera versión."""

PAGINA = "primera-version.md"
"""La página que la reproduce (enlace relativo desde ``docs/``)."""

VEREDICTOS = ("se sostiene", "se matiza", "no se sostiene", "era una estimación")
"""Lo que puede decir la fe de erratas de cada afirmación."""

# Las cifras que afirmaba la primera versión (se comparan con las de hoy); las citas van literales en cada Errata
# y tests/guia/test_primera_version.py comprueba que están, tal cual, en el texto publicado de la página.
CITA_HORAS_COMPRA = 2000
CITA_HORAS_LOCAL = 72  # «tres días»
CITA_HORAS_H100 = 2
MODELO_70B = "Llama 3.1 70B"
GPU_16GB = "RTX 4060 Ti 16GB"


@dataclass(frozen=True)
class Errata(Validado):
    """Una afirmación de la primera versión frente a lo que dicen hoy los datos."""

    cita: str
    hoy: str
    veredicto: str
    donde: str  # la página de la guía que hace la cuenta completa (su .md, relativo a docs/, y quizá un #ancla)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.veredicto not in VEREDICTOS:
            raise ValueError(f"veredicto: {self.veredicto!r} no vale; se admite {', '.join(VEREDICTOS)}.")


def _vram() -> Errata:
    cargas = {
        p: memoria.encaja(MODELO_70B, "inferencia", GPU_16GB, precision=p, secuencia=0)
        for p in ("bf16", "int8", "int4", "2bit")
    }
    cabe = [p for p, c in cargas.items() if c.cabe]
    minima = min(c.pesos for c in cargas.values())
    hoy = (
        f"Los pesos de {MODELO_70B} ocupan de {numero(minima, 1)} GB (a 2 bits) a "
        f"{numero(cargas['bf16'].pesos, 0)} GB (bf16): "
        + ("no caben en 16 GB en ninguna precisión." if not cabe else f"a {cabe[-1]} sí caben en 16 GB.")
    )
    return Errata(
        "«Un modelo de 70B no entra en 16 GB de VRAM»",
        hoy,
        "se sostiene" if not cabe else "no se sostiene",
        "calculadoras/cabe.md",
    )


def _tres_dias() -> Errata:
    c = decisiones.local_frente_a_rapida(CITA_HORAS_H100)
    con_horas = [g for g in c.locales if g.horas is not None]
    bajo = min(g.horas.minimo for g in con_horas)
    alto = max(g.horas.maximo for g in con_horas)
    dentro = c.dentro(CITA_HORAS_LOCAL)
    hoy = (
        f"El trabajo que tarda {numero(CITA_HORAS_H100, 0)} horas en una {c.rapida} tarda de "
        f"{numero(bajo, 0)} a {numero(alto, 0)} horas en las GPU de casa de los datos"
        + (
            f"; las que tardan unos tres días (dentro de su rango): {lista(list(dentro))}."
            if dentro
            else "; ninguna tarda tres días."
        )
    )
    # En todas las GPU de casa, se sostiene; en algunas, se matiza (depende de la GPU); en ninguna, no se sostiene.
    veredicto = "se sostiene" if len(dentro) == len(con_horas) else "se matiza" if dentro else "no se sostiene"
    return Errata(
        "«un fine-tuning que en local tardaría tres días en una H100 tarda dos horas»",
        hoy,
        veredicto,
        "calculadoras/cuanto-tarda.md",
    )


def _compra() -> Errata:
    con_precio = {h.gpu: h for h in datos.hardware() if h.precio_compra_usd}
    horas = [
        compra.horas_para_comprar(e.gpu, e.proveedor, e.nivel, e.fecha_precio)
        for e in experimento.escenarios()
        if e.gpu in con_precio
    ]
    gpus = sorted({e.gpu for e in experimento.escenarios() if e.gpu in con_precio})
    hoy = (
        f"Con el precio de compra de la {', '.join(gpus)} y sus precios por hora de entonces, la compra equivale a "
        f"{rango(min(horas), max(horas), 0)} horas de alquiler, sin contar la electricidad."
    )
    sostiene = min(horas) <= CITA_HORAS_COMPRA <= max(horas)
    return Errata(
        "«comprar la GPU cuesta lo que 2.000 horas de alquiler»",
        hoy,
        "se sostiene" if sostiene else "no se sostiene",
        "calculadoras/api-alquilar-o-comprar.md",
    )


def _precios() -> Errata:
    partes = []
    estimaciones = 0
    for e in experimento.escenarios():
        p = experimento.precio(e)
        estimaciones += p.estimacion
        try:
            leido = atipicos.precio_reciente(e.gpu, e.proveedor, e.nivel, estimaciones=False).precio
            ahora = f"{dolares(leido.precio_hora_usd)}/h ({tipo_precio(leido.tipo)}, {fecha(leido.fecha)})"
        except esquema.ErrorDeDatos:  # un CSV roto (atipicos.csv en UTF-16…) no es «sin lectura»: se dice
            raise
        except ValueError:
            ahora = "sin ninguna lectura en los datos"
        partes.append(f"{p.nombre}: {dolares(p.precio_hora_usd)}/h ({tipo_precio(p.tipo)}) → {ahora}")
    return Errata(
        "«Referencias de precio: Vast.ai (marketplace), julio 2026»",
        "; ".join(partes) + ".",
        "era una estimación" if estimaciones else "se sostiene",
        "precios.md#tipos",
    )


def _leccion() -> Errata:
    c = experimento.comparar()
    medidas = [a for a in datos.aceleraciones() if (a.gpu_rapida, a.gpu_lenta) == (c.cara.gpu, c.barata.gpu)]
    necesaria = 1 / c.fraccion_tiempo
    hoy = (
        f"Con los precios y las horas de la primera versión, la cuenta es correcta: {veces(c.veces_precio_hora)} "
        f"por hora, {veces(c.veces_coste, 2)} por trabajo y {fraccion(c.fraccion_tiempo)} del tiempo. Pero sus "
        f"horas suponen que la {c.cara.gpu} termina en {fraccion(c.fraccion_tiempo)} del tiempo de la "
        f"{c.barata.gpu}, una aceleración de {veces(necesaria)}"
    )
    if medidas:
        mayor = max(medidas, key=lambda a: a.veces)
        cual = "la única medida directa" if len(medidas) == 1 else f"la mayor de las {len(medidas)} medidas directas"
        hoy += f", y {cual} de los datos entre las dos es {veces(mayor.veces, 2)}, en {mayor.medida}"
    hoy += "."
    sostiene = bool(medidas) and max(a.veces for a in medidas) >= necesaria
    return Errata(
        "«La H100 cuesta 5,5× más por hora que una 4090 de comunidad, pero termina el mismo fine-tuning por un "
        "precio casi idéntico y en la quinta parte de tiempo»",
        hoy,
        "se sostiene" if sostiene else "se matiza",
        "alquilar-gpus-por-horas.md#aceleracion-medida",
    )


def _almacenamiento() -> Errata:
    t = datos.tarifa("Vast.ai", "almacenamiento")
    olvidada = ocultos.imagen_olvidada("Vast.ai")
    trabajo = max(experimento.tabla()["coste"])
    hoy = (
        f"Vast.ai propone por defecto a sus hosts {rango(t.precio_min_usd, t.precio_max_usd)} US$ por GB y mes, "
        f"pero cada host fija el suyo. La imagen olvidada cuesta {rango(olvidada.minimo, olvidada.maximo)} US$ "
        f"al mes, más que el más caro de los cuatro trabajos del experimento ({dolares(trabajo)})."
    )
    return Errata(
        "«Almacenamiento — se cobra aunque la instancia esté parada (~0,10–0,15 $/GB/mes en Vast.ai). Una imagen "
        "Docker de 40 GB olvidada durante un mes cuesta más que el entrenamiento»",
        hoy,
        "se sostiene" if olvidada.minimo > trabajo else "se matiza",
        "vast-ai.md",
    )


def _arranque() -> Errata:
    cargando = next(e for e in vast.estados() if e.estado == "cargando")
    minutos = datos.supuestos()["minutos_arranque"]
    cobra = [que for que, si in (("la GPU", cargando.gpu), ("el disco", cargando.disco)) if si]
    no_cobra = [que for que, si in (("la GPU", cargando.gpu), ("el disco", cargando.disco)) if not si]
    hoy = (
        f"La guía supone {numero(minutos.valor_min, 0)}–{numero(minutos.valor_max, 0)} minutos de arranque. "
        f"En Vast.ai, mientras la instancia carga, se cobra {' y '.join(cobra) or 'nada'}"
        + (f", no {' ni '.join(no_cobra)}" if no_cobra else "")
        + f" (documentación de Vast.ai, {mes(cargando.fecha)})."
    )
    return Errata(
        "«descargar la imagen y los pesos del modelo puede llevar 10-20 minutos, y se factura»",
        hoy,
        "se sostiene" if cargando.gpu else "se matiza",
        "vast-ai.md",
    )


TEMAS = (
    "vram",
    "tres-dias",
    "compra",
    "precios",
    "leccion",
    "almacenamiento",
    "arranque",
    "transferencia",
    "sla",
    "marketplace",
    "reservada",
)
"""Un nombre corto por afirmación, en el orden de ``erratas``: el que usan las páginas para citar un veredicto
(``errata("tres-dias")``; ``<!-- comprueba: veredicto("tres-dias", "se matiza") -->``)."""


def _transferencia() -> Errata:
    salidas = {t.proveedor: t for t in datos.tarifas() if t.concepto == "bajada"}
    cobran = sorted(p for p, t in salidas.items() if t.precio_max_usd > 0)
    gratis = sorted(p for p, t in salidas.items() if t.precio_max_usd == 0)
    por_host = sorted(
        {p.proveedor for p in proveedores.politicas() if p.aspecto == "transferencia" and "cada host" in p.valor}
        - set(salidas)
    )
    # El verbo concuerda con quien cobra («la cobra AWS», «la cobran AWS y GCP»); sin nadie, «ninguno la cobra».
    quien_cobra = f"la {'cobra' if len(cobran) == 1 else 'cobran'} {lista(cobran)}" if cobran else "ninguno la cobra"
    gratis_en = f"sale gratis en {lista(gratis)}" if gratis else "en ninguno sale gratis"
    hoy = (
        f"De los {len(salidas)} proveedores con la tarifa de salida en los datos, {quien_cobra} y {gratis_en}"
        + (f"; en {lista(por_host)} la fija cada host" if por_host else "")
        + "."
    )
    subidas = [t for t in datos.tarifas() if t.concepto == "subida"]
    if subidas and all(t.precio_max_usd == 0 for t in subidas):
        quienes = lista(sorted(t.proveedor for t in subidas))
        hoy += f" La subida es gratis en los {len(subidas)} que publican su tarifa ({quienes})."
    cuantos = len(cobran) + len(por_host)
    veredicto = "se sostiene" if cuantos >= len(gratis) else "se matiza" if cuantos else "no se sostiene"
    return Errata(
        "«Ancho de banda — subir un dataset de 100 GB y bajar los checkpoints tiene precio en muchos proveedores»",
        hoy,
        veredicto,
        "alternativas.md#como-cobra",
    )


def _sla() -> Errata:
    nube = ("Lambda", "RunPod", "CoreWeave", "AWS", "GCP")  # los que la primera versión llama «cloud tradicional»
    garantias = {p.proveedor: p.valor for p in proveedores.politicas() if p.aspecto == "garantias"}
    con = [p for p in nube if p in garantias]
    otros = [p for p in garantias if p not in nube]
    hoy = (
        f"De {lista(list(nube))}, "
        + (f"solo {lista(con)} tienen" if con else "ninguno tiene")
        + " en los datos una garantía de disponibilidad con fuente"
        + (
            f"; de los demás, los datos dicen algo de las garantías de {lista(otros)} (en «Alternativas a Vast.ai»)"
            if otros
            else ""
        )
        + ". Que no esté en los datos no quiere decir que no exista: léela en su contrato."
    )
    return Errata(
        "«Precio más alto y estable, SLA, hardware homogéneo»",
        hoy,
        "se sostiene" if len(con) == len(nube) else "se matiza",
        "alternativas.md#como-cobra",
    )


def _marketplace() -> Errata:
    from gpucoste.calculo import modalidades, ranking

    gpu = "H100 80GB"  # la GPU de la comparación de «Alternativas»
    vast = sorted(
        (
            p
            for p in ranking.precios_vigentes()
            if p.gpu == gpu and p.proveedor == "Vast.ai" and p.nivel != "interrumpible"
        ),
        key=lambda p: p.precio_hora_usd,
    )
    otro = modalidades.alternativa_bajo_demanda(gpu, "Vast.ai")
    mas_baratos = [p for p in vast if p.precio_hora_usd < otro.precio_hora_usd]
    hoy = (
        f"Con la {gpu} bajo demanda: "
        + "; ".join(f"Vast.ai ({nivel(p.nivel, p.proveedor)}), {dolares(p.precio_hora_usd)}/h" for p in vast)
        + f"; el más barato fuera de Vast.ai, {otro.proveedor} ({nivel(otro.nivel, otro.proveedor)}), "
        f"{dolares(otro.precio_hora_usd)}/h."
    )
    veredicto = "se sostiene" if len(mas_baratos) == len(vast) else "se matiza" if mas_baratos else "no se sostiene"
    return Errata("«Muy barato, calidad variable»", hoy, veredicto, "alternativas.md#comparacion")


def _reservada() -> Errata:
    """«Servir un modelo propio 24/7 con carga alta → GPU reservada»: la fila de «Cuándo compensa» calculada con el
    modelo de capacidad (``decisiones.casos``). Se sostiene si gana la reservada; se matiza si la reservada sale más
    barata que las GPU bajo demanda de la punta todo el mes pero gana otra manera (las que siguen el tráfico)."""
    from gpucoste.calculo import recomendacion, servicio_costes
    from gpucoste.guia import decisiones

    caso = [c for c in decisiones.casos() if c.servir][-1]  # la de la carga alta
    r = caso.recomendacion
    todas = servicio_costes.opciones(decisiones.MODELO, decisiones.MENSAJES_CARGA_ALTA)
    punta = min(o.coste_mes_usd for o in todas if o.opcion == "bajo demanda")
    reservada = next(o.coste for o in r.opciones if o.nombre == recomendacion.RESERVADA)
    if r.opcion == recomendacion.RESERVADA:
        veredicto = "se sostiene"
    elif reservada is not None and reservada < punta:
        veredicto = "se matiza"
    else:
        veredicto = "no se sostiene"
    hoy = f"Para un {caso.entradas}: gana «{r.opcion}», {r.razones[0]}. " + (
        ""
        if reservada is None
        else f"Reservadas, {dolares(reservada, 0)} al mes; las GPU bajo demanda de la hora punta todo el mes, "
        f"{dolares(punta, 0)}."
    )
    return Errata(
        "«Servir un modelo propio 24/7 con carga alta»: «GPU reservada / dedicada»",
        hoy,
        veredicto,
        "alquilar-gpus-por-horas.md#cuando-compensa",
    )


def _por_tema() -> dict[str, Callable[[], Errata]]:
    funciones = (_vram, _tres_dias, _compra, _precios, _leccion, _almacenamiento, _arranque)
    return dict(zip(TEMAS, (*funciones, _transferencia, _sla, _marketplace, _reservada), strict=True))


def errata(tema: str) -> Errata:
    """La errata de la afirmación ``tema`` (uno de ``TEMAS``)."""
    return _por_tema()[opcion(tema, "tema", TEMAS)]()


def erratas() -> list[Errata]:
    """Cada afirmación de la primera versión que los datos pueden comprobar, con lo que dicen hoy y su veredicto."""
    return [f() for f in _por_tema().values()]


def tabla(desde: str = "../") -> pd.DataFrame:
    """``erratas()`` como tabla para una página: afirmación, hoy, veredicto y dónde está la cuenta.

    Los enlaces van a las URL del sitio construido (``calculadoras/cabe/``): la salida de un snippet no pasa
    por la reescritura de enlaces ``.md`` de MkDocs. ``desde``: el camino de la página a la raíz del sitio
    (``"../"`` desde ``/primera-version/``).
    """
    import pandas as pd

    if not isinstance(desde, str) or not re.fullmatch(r"(\.\./)*", desde):
        raise ValueError(f"desde: {desde!r} no vale; se admite '' o '../' (repetido una vez por carpeta).")
    filas = erratas()
    return pd.DataFrame(
        {
            "La primera versión decía": [f'<span class="cita-literal">{e.cita}</span>' for e in filas],
            "Lo que dicen hoy los datos": [e.hoy for e in filas],
            "Veredicto": [f"**{e.veredicto}**" for e in filas],
            "La cuenta": [f"[ver]({desde}{e.donde.replace('.md', '/')})" for e in filas],
        }
    )
