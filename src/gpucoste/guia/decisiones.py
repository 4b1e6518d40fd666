"""Los ejemplos de las páginas de decisión, en una sola pieza para la página, la calculadora y la CLI.

Entradas de los ejemplos: las de los datos (precios, descuentos, electricidad, escenarios de la primera versión) y unos
pocos supuestos, marcados como estimación y mostrados en la página. Los cálculos son los de
:mod:`gpucoste.calculo.equilibrios`, :mod:`gpucoste.calculo.compra`, :mod:`gpucoste.calculo.interrupciones` y
:mod:`gpucoste.calculo.recomendacion`; aquí solo se juntan en tablas (pandas se importa dentro de cada función: el
cálculo no lo necesita).

El ejemplo interrumpible está en :mod:`gpucoste.guia.interrumpible` y la comparación de «tres días en local, dos horas
en una H100», en :mod:`gpucoste.guia.tres_dias`; este módulo los reexporta con los nombres de siempre.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import formato, paquete
from gpucoste.base.validacion import Validado
from gpucoste.calculo import experimento, modalidades  # modalidades: las anotaciones de EjemploInterrumpible
from gpucoste.calculo.coste import Rango, horas_al_mes
from gpucoste.calculo.recomendacion import Recomendacion
from gpucoste.calculo.servicio import TOKENS_ENTRADA, TOKENS_SALIDA
from gpucoste.calculo.trabajo import Trabajo  # noqa: F401 (las anotaciones de LocalFrenteARapida, publicada aquí)
from gpucoste.dinero import mercado
from gpucoste.guia.interrumpible import EjemploInterrumpible, ejemplo_interrumpible, tabla_interrumpible
from gpucoste.guia.tres_dias import GPUS_LOCALES, EnLocal, LocalFrenteARapida, local_frente_a_rapida

__all__ = [
    "HORAS_DIA_GRAFICO",
    "Caso",
    "ENTRADA_POR_SALIDA",
    "EjemploInterrumpible",
    "EnLocal",
    "GPUS_LOCALES",
    "GPU_ALQUILADA",
    "HORAS_AL_DIA",
    "HORAS_DIA_COMPRA",
    "HorasEn",
    "LocalFrenteARapida",
    "LocalOAlquilada",
    "Luz",
    "PAIS_LUZ",
    "MENSAJES_CARGA_ALTA",
    "MENSAJES_VOLUMEN_MEDIO",
    "MODELO",
    "NIVELES_NO_FIJOS",
    "Rendimiento",
    "SIRVIENDO",
    "api_mas_barata",
    "casos",
    "ejemplo_interrumpible",
    "horas_en",
    "local_frente_a_rapida",
    "local_o_alquilada",
    "luz",
    "luz_del_pais",
    "luz_o_ninguna",
    "precio_gpu_alquilada",
    "precio_vigente",
    "rendimientos",
    "reserva_gpu_alquilada",
    "tabla_api_o_gpu",
    "tabla_comprar",
    "tabla_cuando_compensa",
    "nota_cuando_compensa",
    "tabla_interrumpible",
    "vatios",
]

# Los registros del ejemplo interrumpible y de «tres días en local» se definen en ``guia.interrumpible`` y
# ``guia.tres_dias``; su nombre es el de siempre, «gpucoste.guia.decisiones.EnLocal». Sus anotaciones se resuelven
# aquí: por eso este módulo importa ``Trabajo``.
paquete.publicar(__name__, EjemploInterrumpible, EnLocal, LocalFrenteARapida)


# --- API por token o GPU alquilada -----------------------------------------------------------------

MODELO = "Llama 3.1 8B"
GPU_ALQUILADA = "RTX 4090"
ENTRADA_POR_SALIDA = TOKENS_ENTRADA / TOKENS_SALIDA
"""Tokens de entrada por token generado en los ejemplos: los de un mensaje medio de la traza de conversación de
Azure (``servicio.TOKENS_ENTRADA`` ÷ ``servicio.TOKENS_SALIDA``), los mismos que usa ``gpucoste servir``."""
LOTE_LLENO, CONTEXTO_LLENO = 16, 2048
"""Una GPU «llena» de ``gpucoste api-o-gpu --lote`` sin más (supuesto): 16 conversaciones a la vez de 2048 tokens de
contexto, lo que cabe en los 24 GB de la RTX 4090 con el modelo en bf16. Sin ``--lote``, la orden y los ejemplos usan
el modelo de capacidad (:func:`gpucoste.calculo.servicio_recomendacion.rendimiento_servicio`)."""
MENSAJES_VOLUMEN_MEDIO = 20_000
"""Mensajes al día de «producción con volumen bajo o medio» en «Cuándo compensa cada opción» (supuesto de esta
guía: un servicio pequeño)."""
MENSAJES_CARGA_ALTA = 1_000_000
"""Mensajes al día de «servir un modelo propio 24/7 con carga alta» (supuesto de esta guía)."""


@dataclass(frozen=True)
class Rendimiento(Validado):
    """Tokens por segundo que genera la GPU alquilada con el modelo del ejemplo, y de dónde sale la cifra."""

    nombre: str
    tokens_s: float
    origen: str


def precio_gpu_alquilada() -> datos.Precio:
    """El precio de la GPU del ejemplo (``GPU_ALQUILADA``): el vigente más barato de los datos que es una
    lectura, no una estimación (:func:`precio_vigente`), el mismo que usan por defecto ``gpucoste api-o-gpu`` y
    ``gpucoste comprar``. Así, cada página y la orden que enseña eligen sus entradas con la misma función."""
    return precio_vigente(GPU_ALQUILADA)


def reserva_gpu_alquilada() -> modalidades.PrecioReservado:
    """El precio de la GPU del ejemplo reservada un mes: el del proveedor que ofrece la reserva, con su descuento
    sobre su propio precio (:func:`gpucoste.calculo.modalidades.precio_reservado`), el mismo que usa por defecto
    ``gpucoste recomendar``. El precio por horas (:func:`precio_gpu_alquilada`) puede ser de otro proveedor."""
    return modalidades.precio_reservado(GPU_ALQUILADA, meses=1)


SIRVIENDO = "sirviendo, con la hora punta llena"
"""El nombre del último ``rendimientos()``: la GPU que sirve un tráfico, de media en el día."""


def rendimientos() -> list[Rendimiento]:
    """Medido con lote 1 (si hay medida), el típico calibrado con lote 1 y, el último, lo que genera de media en el
    día la GPU que sirve un tráfico cuya hora punta la llena (el modelo de capacidad de ``gpucoste servir``)."""
    from gpucoste.calculo import tiempo

    salida = [
        Rendimiento(
            "medido, lote 1",
            m.tokens_s,
            f"{m.nota}; {formato.mes(m.fecha)}",
        )
        for m in datos.generacion_medida()
        if m.gpu == GPU_ALQUILADA and m.modelo == MODELO
    ]
    salida.append(
        Rendimiento(
            "típico, lote 1",
            tiempo.rendimiento_tipico(MODELO, GPU_ALQUILADA, lote=1),
            "ancho de banda × eficiencia medida de vLLM (estimación calibrada)",
        )
    )
    from gpucoste.calculo import servicio_recomendacion

    s = servicio_recomendacion.rendimiento_servicio(MODELO, GPU_ALQUILADA)
    salida.append(
        Rendimiento(
            SIRVIENDO,
            s.tokens_s_media,
            f"modelo de capacidad: {s.lote} conversaciones a la vez llenan la GPU en la hora punta "
            f"({formato.numero(s.tokens_s_pico, 0)} tokens/s), que tiene {formato.numero(s.factor_pico, 0)} veces "
            "el tráfico medio del día (estimación calibrada)",
        )
    )
    return salida


def tabla_api_o_gpu():
    """Una fila por API del modelo del ejemplo, de la más barata a la más cara: los tokens por segundo que la GPU
    alquilada tendría que generar todo el mes para empatar, y con la velocidad de la GPU que sirve
    (``rendimientos()[-1]``), los tokens y los mensajes al día del equilibrio y el coste de ambas opciones en él
    (sin equilibrio, ``NaN``: la GPU no llega)."""
    import pandas as pd

    from gpucoste.calculo import equilibrios
    from gpucoste.calculo.coste import HORAS_MES

    precio = precio_gpu_alquilada().precio_hora_usd
    sirviendo = rendimientos()[-1]
    filas = []
    apis = [p for p in mercado.precios_api() if p.modelo == MODELO]
    for api in sorted(apis, key=lambda p: (p.millon_mezclado(ENTRADA_POR_SALIDA), p.proveedor)):
        millon = api.millon_mezclado(ENTRADA_POR_SALIDA)
        e = equilibrios.api_o_gpu(
            precio_hora=precio,
            tokens_s=sirviendo.tokens_s,
            precio_entrada=api.entrada_usd_millon,
            precio_salida=api.salida_usd_millon,
            entrada_por_salida=ENTRADA_POR_SALIDA,
        )
        filas.append(
            {
                "API": api.proveedor,
                "US$ por millón de tokens": millon,
                "tokens por segundo para empatar": equilibrios.tokens_s_minimos(precio, millon),
                "equilibrio (millones de tokens al mes)": None if e.umbral is None else e.umbral / 1e6,
                "equilibrio (mensajes al día)": None
                if e.umbral is None
                else e.umbral / TOKENS_SALIDA / (HORAS_MES / 24),
                "coste en el equilibrio (US$/mes)": e.coste_b,
            }
        )
    return pd.DataFrame(filas)


# --- Comprar o alquilar, local o alquilada ---------------------------------------------------------

HORAS_AL_DIA = (24, 8, 2)
"""Perfiles de uso de los ejemplos de compra: horas al día que la GPU trabaja."""

HORAS_DIA_COMPRA = HORAS_AL_DIA[0]
"""Horas de uso al día por defecto al comparar comprar con alquilar: las del formulario «¿Comprar o alquilar?» y
las de ``gpucoste comprar`` sin ``--horas-mes`` (un mes medio entero, la primera fila de la tabla de su página)."""


@dataclass(frozen=True)
class Luz(Validado):
    """El precio de la electricidad de un hogar, en la moneda de su país y en dólares, con su origen."""

    precio_kwh: float
    """Con los impuestos del hogar, en ``moneda``."""
    moneda: str
    usd_kwh: float
    periodo: str
    fecha: str
    cambio: str
    """El tipo de cambio usado, con su organismo y su fecha (``paises.nota_cambio``)."""
    fecha_cambio: str
    organismo: str = ""
    """Quién publica el precio (y dónde se leyó): lo que citan las páginas."""
    pais: str = ""


PAIS_LUZ = "España"
"""País cuyo kWh se usa si no se elige país (el de la guía)."""


def luz(pais: str = PAIS_LUZ) -> Luz:
    """La electricidad de un hogar de ``pais`` (nombre de ``electricidad.csv``) pasada a dólares al tipo de cambio
    oficial más reciente de los datos (el del BCE para el euro; el del banco central de cada moneda, si no)."""
    from gpucoste.dinero import paises

    e = mercado.precio_kwh(pais)
    c = paises.cambio(e.pais)
    return Luz(
        e.precio_kwh,
        e.moneda,
        e.precio_kwh / c.por_usd,
        e.periodo,
        e.fecha,
        paises.nota_cambio(e.pais),
        c.fecha,
        e.organismo,
        e.pais,
    )


def luz_del_pais(pais: str | None = None) -> Luz:
    """La luz de un hogar de ``pais`` (código o nombre de ``paises.csv``) con que se calcula una GPU propia; sin
    país, o con la entrada neutra, la de ``PAIS_LUZ``. Es lo que usan ``gpucoste comprar`` sin ``--precio-kwh`` y
    el formulario «¿Comprar o alquilar?» con el kWh vacío.

    Un país sin precio con fuente en ``electricidad.csv`` es un ``ValueError`` que lo dice y pide el tuyo: nunca se
    usa en silencio el de otro país.
    """
    from gpucoste.dinero import paises

    nombre = PAIS_LUZ if pais is None else paises.pais(pais).pais
    if nombre == paises.SIN_IMPUESTOS.pais:
        nombre = PAIS_LUZ
    con_luz = sorted({e.pais for e in mercado.electricidad()})
    if nombre not in con_luz:
        raise ValueError(
            f"precio_kwh: no hay precio del kWh con fuente para {nombre} en electricidad.csv (lo hay para "
            f"{formato.lista(con_luz)}); escribe el tuyo, en dólares por kWh (en la línea de órdenes, --precio-kwh)."
        )
    return luz(nombre)


def luz_o_ninguna(pais: str | None = None) -> Luz | None:
    """``luz_del_pais``, o ``None`` si el país no tiene precio del kWh con fuente: lo que usan ``gpucoste servir``
    sin ``--precio-kwh`` y su formulario con el kWh vacío, donde sin luz no hay opción «comprada» (nunca la de otro
    país). Un CSV roto sigue siendo su ``ErrorDeDatos``."""
    from gpucoste.base import esquema
    from gpucoste.dinero import paises

    if pais is not None:
        paises.pais(pais)  # un país que no existe sí es un error: el suyo, que lo nombra
    try:
        return luz_del_pais(pais)
    except esquema.ErrorDeDatos:
        raise
    except ValueError:
        return None


def vatios(gpu: str) -> float:
    """El consumo máximo de ``gpu`` según sus especificaciones."""
    from gpucoste.base.validacion import opcion

    especificaciones = datos.especificaciones()
    v = especificaciones[opcion(gpu, "GPU", especificaciones)].vatios
    if v is None:
        raise ValueError(f"GPU {gpu!r}: sus especificaciones no traen consumo; se admite una GPU con vatios.")
    return v


def tabla_comprar(gpu: str = GPU_ALQUILADA):
    """Meses (y horas de uso) para que comprar ``gpu`` salga más barato que alquilarla, por uso y reventa."""
    import pandas as pd

    from gpucoste.calculo import compra

    equipo = datos.equipo(gpu)
    alquiler = precio_gpu_alquilada().precio_hora_usd
    r, kwh = mercado.reventa(gpu), luz().usd_kwh
    filas = []
    for horas_dia in HORAS_AL_DIA:
        for etiqueta, fraccion in (("sin", 0.0), ("baja", r.fraccion_min), ("alta", r.fraccion_max)):
            e = compra.comprar_o_alquilar(
                precio_compra=equipo.precio_compra_usd,
                precio_hora=alquiler,
                potencia_w=vatios(gpu),
                precio_kwh=kwh,
                horas_mes=horas_al_mes(horas_dia),
                valor_reventa=fraccion * equipo.precio_compra_usd,
            )
            if e.umbral is None:
                continue
            filas.append(
                {
                    "uso (h/día)": horas_dia,
                    "reventa": f"{etiqueta} ({formato.porcentaje(fraccion)})",
                    "meses": e.umbral,
                    "horas de uso": e.umbral * horas_al_mes(horas_dia),
                    "coste en el equilibrio (US$)": e.coste_a,
                }
            )
    return pd.DataFrame(filas)


@dataclass(frozen=True)
class LocalOAlquilada(Validado):
    """El fine-tuning de la primera versión en una GPU propia (solo electricidad) o en otra alquilada más rápida."""

    local: str
    horas_local: float
    alquilada: str
    horas_alquilada: float
    precio_alquilada: float
    coste_local: float
    coste_alquilada: float
    precio_equilibrio: float


def local_o_alquilada(local: str = "RTX 4090", alquilada: str = "H100 80GB") -> LocalOAlquilada:
    """Con las horas estimadas de la primera versión para cada GPU (escenarios verificados) y la luz de un hogar."""
    from gpucoste.base.validacion import opcion
    from gpucoste.calculo import equilibrios

    por_gpu = {e.gpu: e for e in experimento.escenarios() if e.nivel == "verificado"}
    h_local = por_gpu[opcion(local, "GPU con escenario verificado", por_gpu)].horas
    esc = por_gpu[opcion(alquilada, "GPU con escenario verificado", por_gpu)]
    precio = experimento.precio(esc).precio_hora_usd
    e = equilibrios.local_o_alquilar(
        horas_local=h_local, potencia_w=vatios(local), precio_kwh=luz().usd_kwh, horas_alquiler=esc.horas
    )
    return LocalOAlquilada(local, h_local, alquilada, esc.horas, precio, e.coste_b, precio * esc.horas, e.umbral)


# --- Cuándo compensa cada opción -----------------------------------------------------------------


@dataclass(frozen=True)
class Caso(Validado):
    """Una fila de la tabla de la primera versión: la carga que la representa y la opción que recomendaba."""

    escenario: str
    del_articulo: str
    entradas: str
    recomendacion: Recomendacion
    servir: bool = False
    """Una fila de servir un modelo: calculada con el modelo de capacidad (la cuenta de ``gpucoste servir``)."""


def _millones(tokens: float) -> str:
    """``1e6`` → «1 millón»; ``3e7`` → «30 millones»."""
    m = round(tokens / 1e6)
    return f"{formato.numero(m, 0)} {'millón' if m == 1 else 'millones'}"


def _mensajes(mensajes_dia: float) -> str:
    """``20000`` → «20.000 mensajes al día (1155 tokens de entrada y 211 de salida cada uno)»."""
    from gpucoste.calculo import servicio

    return (
        f"{formato.numero(mensajes_dia, 0)} mensajes al día ({formato.numero(servicio.TOKENS_ENTRADA, 0)} tokens de "
        f"entrada y {formato.numero(servicio.TOKENS_SALIDA, 0)} de salida cada uno)"
    )


def casos() -> list[Caso]:
    """Las cuatro filas de «Cuándo compensa cada opción» con una carga concreta cada una, calculadas. Las dos de
    servir un modelo, con el modelo de capacidad (:func:`gpucoste.calculo.servicio_recomendacion.recomendar_servicio`,
    la misma cuenta que ``gpucoste servir``); las otras dos, con :func:`gpucoste.calculo.recomendacion.recomendar`."""
    from gpucoste.calculo import recomendacion, servicio_recomendacion

    precio = precio_gpu_alquilada().precio_hora_usd
    reserva = reserva_gpu_alquilada().precio_hora_usd
    api = api_mas_barata(MODELO).millon_mezclado(ENTRADA_POR_SALIDA)
    r = {x.nombre: x.tokens_s for x in rendimientos()}
    lote1 = next(v for k, v in r.items() if k.startswith("medido")) if any(k.startswith("medido") for k in r) else None
    comun = dict(precio_hora=precio, precio_reservada=reserva)
    n = formato.numero
    salida = []

    tokens = 1e6
    horas_local = recomendacion.horas_para_tokens(tokens, lote1 or r["típico, lote 1"])
    salida.append(
        Caso(
            "Chat ocasional, prototipos, privacidad",
            "Local",
            f"{_millones(tokens)} de tokens al mes, datos privados, una {GPU_ALQUILADA} en casa "
            f"({n(horas_local, 1)} horas generando)",
            recomendacion.recomendar(
                horas_gpu=horas_local,  # la misma GPU, alquilada: la misma velocidad con una conversación
                continuo=False,
                tokens_mes=tokens,
                precio_millon_api=api,
                privado=True,
                horas_local=horas_local,
                potencia_local_w=vatios(GPU_ALQUILADA),
                precio_kwh=luz().usd_kwh,
                **comun,
            ),
        )
    )
    salida.append(
        Caso(
            "Producción con volumen bajo o medio",
            "API por token",
            f"servicio 24/7 de {MODELO} con {_mensajes(MENSAJES_VOLUMEN_MEDIO)}",
            servicio_recomendacion.recomendar_servicio(MODELO, MENSAJES_VOLUMEN_MEDIO),
            servir=True,
        )
    )
    esc = next(e for e in experimento.escenarios() if e.gpu == GPU_ALQUILADA and e.nivel == "comunidad")
    salida.append(
        Caso(
            "Fine-tuning, entrenamiento, procesamiento por lotes a gran escala",
            "GPU alquilada por horas",
            f"el fine-tuning de la primera versión: {n(esc.horas, 1)} horas de {GPU_ALQUILADA}, sin GPU en casa",
            recomendacion.recomendar(horas_gpu=esc.horas, continuo=False, **comun),
        )
    )
    salida.append(
        Caso(
            "Servir un modelo propio 24/7 con carga alta",
            "GPU reservada",
            f"modelo propio (un {MODELO} afinado, que no vende ninguna API) con {_mensajes(MENSAJES_CARGA_ALTA)}",
            servicio_recomendacion.recomendar_servicio(MODELO, MENSAJES_CARGA_ALTA, con_api=False),
            servir=True,
        )
    )
    return salida


def nota_cuando_compensa() -> str:
    """La frase que acompaña a «Cuándo compensa cada opción» en la guía principal y en la calculadora: a qué precio
    se calcula la GPU por horas y a cuál la reservada (cada descuento, solo con el precio de su proveedor)."""
    from gpucoste.calculo import modalidades

    p, r = precio_gpu_alquilada(), reserva_gpu_alquilada()
    con_reserva = modalidades.proveedores_reserva(GPU_ALQUILADA, r.meses)
    cuantos = (
        "el único proveedor de los datos que declara"
        if len(con_reserva) == 1
        else "el más barato de los proveedores que declaran"
    )
    return (
        f"La {GPU_ALQUILADA} por horas, a {formato.dolares(p.precio_hora_usd)}/h ({p.proveedor}, "
        f"{formato.nivel(p.nivel, p.proveedor)}, {formato.tipo_precio(p.tipo)}, {formato.fecha(p.fecha)}); "
        "reservada, a "
        f"{r.describir()}: {r.proveedor} es {cuantos} un descuento por reservar, y ese descuento solo se "
        "aplica a su propio precio. Las dos filas de servir un modelo comparan cada GPU y cada proveedor de los datos "
        "con su número de GPU y su latencia, como «¿Cuántas GPU para servir mi tráfico?»."
    )


def tabla_cuando_compensa():
    """La tabla de la primera versión con la opción calculada y su razón al lado."""
    import pandas as pd

    filas = [
        {
            "Escenario": c.escenario,
            "La primera versión": c.del_articulo,
            "Carga del ejemplo": c.entradas,
            "Calculado": c.recomendacion.opcion,
            "Por qué": c.recomendacion.razones[0],
        }
        for c in casos()
    ]
    return pd.DataFrame(filas)


# --- Gráficos (la construcción guarda la salida de cada bloque: construccion/bloques.py) ---


HORAS_DIA_GRAFICO = 8
"""Horas de uso al día del gráfico de comprar o alquilar."""


# --- Entradas desde los datos: lo que las calculadoras y la CLI sacan de un nombre de modelo o de GPU ------

NIVELES_NO_FIJOS = ("interrumpible",)
"""Niveles de precio que no valen como «precio por hora» de una GPU que se alquila sin cortes."""


def precio_vigente(gpu: str, proveedor: str | None = None) -> datos.Precio:
    """El precio por hora más barato de ``gpu`` entre los vigentes que no son interrumpibles (con ``proveedor``, solo
    entre los suyos): :func:`gpucoste.calculo.modalidades.precio_bajo_demanda`, la misma función en todas partes."""
    return modalidades.precio_bajo_demanda(gpu, proveedor)


def api_mas_barata(modelo: str, entrada_por_salida: float = ENTRADA_POR_SALIDA) -> mercado.PrecioApi:
    """La API por token de los datos que menos cobra por millón de tokens generados de ``modelo``."""
    from gpucoste.base.validacion import opcion
    from gpucoste.calculo import servicio_costes

    modelo = opcion(modelo, "Modelo con precio de API", {p.modelo for p in mercado.precios_api()})
    candidatas = servicio_costes.precios_api_de(modelo)
    return min(candidatas, key=lambda p: (p.millon_mezclado(entrada_por_salida), p.proveedor))


@dataclass(frozen=True)
class HorasEn(Validado):
    """Horas (rango por la MFU) de un entrenamiento en ``n_gpus`` × ``gpu`` (las menos GPUs en que cabe)."""

    gpu: str
    n_gpus: int
    horas: Rango


def horas_en(trabajo, gpu: str, *, maximo: int = 1) -> HorasEn:
    """Horas de ``trabajo`` (un :class:`gpucoste.calculo.trabajo.Trabajo`) en la menor cantidad de ``gpu`` en que cabe.

    ``ValueError`` si no cabe ni en ``maximo`` GPUs (con ``maximo=1``: la GPU que tienes en casa).
    """
    from gpucoste.calculo import memoria, tiempo
    from gpucoste.calculo.trabajo import validar

    t = validar(trabajo)
    g = memoria.gpu(gpu).gpu
    n = memoria.gpus_necesarias(t.modelo, t.metodo, g, maximo=maximo, **t.opciones_memoria)
    if n is None:
        cuantas = "una" if maximo == 1 else f"{maximo}"
        raise ValueError(
            f"{t.modelo} con {t.metodo} no cabe en {cuantas} {g}: se admite un trabajo que quepa "
            "(prueba QLoRA, secuencias más cortas u otra GPU)."
        )
    h = tiempo.horas_entrenamiento(
        t.modelo, t.metodo, t.tokens_totales, g, n_gpus=n, checkpointing=t.checkpointing, rango_lora=t.rango_lora
    )
    return HorasEn(g, n, h)
