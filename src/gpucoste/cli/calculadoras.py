"""Órdenes de las calculadoras de decisión con un umbral: ``electricidad``, ``api-o-gpu``, ``reservar``, ``comprar``
y ``local-o-alquilar``.

Se registran con el decorador ``orden`` de :mod:`gpucoste.cli.opciones` (``gpucoste.cli`` importa este módulo
para que queden registradas; este no importa ``cli``: ningún círculo): cada una llama a la biblioteca y devuelve
una tabla; los errores, el ``--formato`` y el código de salida son los de la CLI. Las de ``interrumpible`` y
``recomendar`` están en ``cli.interrumpible`` y ``cli.recomendar``.

Los nombres mandan y los números corrigen: ``--gpu``, ``--modelo``, ``--proveedor`` y ``--pais`` son nombres de
los datos del paquete (con «¿Quisiste decir …?» ante una errata) de los que salen los números (precio por
hora, consumo, tokens/s, precio de compra, descuentos, precio del kWh); una opción numérica dada (``--vatios``,
``--precio-hora``…) sustituye al número de los datos (``cli.entradas``). Cada tabla dice en su columna ``origen`` de
dónde salió cada entrada.
"""

from __future__ import annotations

import math

from gpucoste import datos
from gpucoste.base import etiquetas, formato
from gpucoste.calculo import compra, equilibrios, memoria, modalidades, servicio_recomendacion, tiempo
from gpucoste.calculo.coste import HORAS_MES, horas_al_mes
from gpucoste.calculo.electricidad import coste_electricidad
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.cli.entradas import (
    CON_RESERVA,
    DADO,
    GPUS,
    MODELOS,
    PAIS_KWH,
    PRECIO_KWH,
    fila,
    kwh_de,
    opcion_gpu,
    origen_precio,
    precio_hora_de,
    tabla,
    vatios_de,
)
from gpucoste.cli.opciones import Opcion, Salida, entero_positivo, no_negativo, nombre_de, orden, positivo
from gpucoste.cli.ordenes import EPOCAS
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones
from gpucoste.guia.experimento_definido import DEFINICION

__all__ = []

_HORAS_DIA = decisiones.HORAS_DIA_COMPRA
_HORAS_MES_USO = horas_al_mes(_HORAS_DIA)
"""Las horas de uso al mes de ``comprar`` sin ``--horas-mes``: las del formulario de su página."""


def _equilibrio(e: equilibrios.Equilibrio, umbral: str, coste: str | None = None, factor: float = 1.0) -> list[dict]:
    """Las filas de un ``Equilibrio``: el umbral (con la etiqueta ``umbral``) y lo que cuesta cada opción en él, o
    por qué no lo hay. Con ``coste``, una sola fila con ese nombre (las dos opciones cuestan lo mismo en el umbral),
    como en el formulario de la página; sin él, una por opción."""
    if e.umbral is None:
        return [fila(umbral, None, f"sin equilibrio: {e.motivo}")]
    if coste is not None:
        origen = f"calculado: {e.opcion_a} y {e.opcion_b} cuestan lo mismo"
        return [fila(umbral, e.umbral * factor, "calculado"), fila(coste, e.coste_b, origen)]
    return [
        fila(umbral, e.umbral * factor, "calculado"),
        fila(f"coste: {e.opcion_a} (US$)", e.coste_a, "en el umbral"),
        fila(f"coste: {e.opcion_b} (US$)", e.coste_b, "en el umbral"),
    ]


# --- Órdenes -----------------------------------------------------------------------------------------------


@orden(
    "electricidad",
    "electricidad de una GPU por hora de uso y por millón de tokens generados",
    opcion_gpu(decisiones.GPU_ALQUILADA),
    Opcion("--vatios", "potencia de la GPU (W); por defecto, la de --gpu", positivo),
    PAIS_KWH,
    Opcion(
        "--precio-kwh", "precio del kWh, en la moneda del resultado (por defecto, el de --pais en dólares)", no_negativo
    ),
    Opcion(
        "--modelo", "modelo de modelos.csv: sus tokens/s, del ancho de banda de --gpu y la eficiencia medida", MODELOS
    ),
    Opcion("--tokens-s", "tokens generados por segundo (para el coste por millón)", positivo),
    ejemplo='--gpu "RTX 4090" --modelo "Llama 3.1 8B"',
    dinero=True,
)
def _electricidad(
    gpu: str,
    vatios: float | None,
    pais: str | None,
    precio_kwh: float | None,
    modelo: str | None,
    tokens_s: float | None,
) -> Salida:
    w, origen_w = vatios_de(vatios, gpu)
    kwh, origen_kwh = kwh_de(precio_kwh, pais)
    origen_t = DADO
    if tokens_s is None and modelo is not None:
        tokens_s = tiempo.rendimiento_tipico(modelo, gpu)
        origen_t = f"estimación calibrada: ancho de banda de {gpu} × eficiencia medida de vLLM, lote 1"
    e = coste_electricidad(w, kwh, tokens_s)
    usd = "" if origen_kwh == DADO else " (US$)"  # dado: en la moneda de --precio-kwh
    filas = [fila("potencia (W)", w, origen_w), fila(f"precio del kWh{usd}", kwh, origen_kwh)]
    if tokens_s is not None:
        filas.append(fila("tokens por segundo", tokens_s, origen_t))
    filas.append(fila(f"coste de la luz por hora{usd}", e.por_hora, "calculado"))
    if e.por_millon_tokens is not None:
        filas.append(fila(f"coste de la luz por millón de tokens{usd}", e.por_millon_tokens, "calculado"))
    return tabla(filas, 4)


@orden(
    "api-o-gpu",
    "tokens al mes desde los que una GPU alquilada 24/7 sale más barata que una API por token",
    Opcion("--modelo", "modelo de modelos.csv (el que sirve la GPU y vende la API)", MODELOS, decisiones.MODELO),
    opcion_gpu(decisiones.GPU_ALQUILADA, "GPU alquilada, de gpus.csv"),
    Opcion(
        "--lote",
        "conversaciones a la vez en la GPU, para estimar sus tokens/s con su ancho de banda (con --contexto y sin "
        f"--lote, {decisiones.LOTE_LLENO}; sin ninguno de los dos, los tokens/s son los de media en el día de una GPU "
        "que sirve con la hora punta llena, del modelo de capacidad de gpucoste servir)",
        entero_positivo,
    ),
    Opcion(
        "--contexto",
        "tokens de contexto de cada conversación en la estimación de --lote (por defecto, "
        f"{decisiones.CONTEXTO_LLENO})",
        entero_positivo,
    ),
    Opcion(
        "--api",
        "proveedor de api_precios.csv (por defecto, el más barato para --modelo)",
        nombre_de("Proveedor de API", lambda: {p.proveedor for p in mercado.precios_api()}),
    ),
    Opcion("--precio-hora", "dólares por hora de la GPU (por defecto, el precio vigente más barato)", positivo),
    Opcion("--tokens-s", "tokens por segundo que genera la GPU (por defecto, la estimación)", positivo),
    Opcion("--precio-entrada", "dólares por millón de tokens de entrada en la API", positivo),
    Opcion("--precio-salida", "dólares por millón de tokens de salida en la API", positivo),
    Opcion(
        "--entrada-por-salida",
        "tokens de entrada por token generado; por defecto, los de un mensaje medio de la traza de conversación de "
        "Azure que usa gpucoste servir",
        no_negativo,
        decisiones.ENTRADA_POR_SALIDA,
    ),
    ejemplo='--modelo "Llama 3.1 8B" --gpu "RTX 4090"',
    dinero=True,
)
def _api_o_gpu(
    modelo: str,
    gpu: str,
    lote: int | None,
    contexto: int | None,
    api: str | None,
    precio_hora: float | None,
    tokens_s: float | None,
    precio_entrada: float | None,
    precio_salida: float | None,
    entrada_por_salida: float,
) -> Salida:
    precio, origen_precio = precio_hora_de(precio_hora, gpu)
    origen_t = DADO
    if tokens_s is None and lote is None and contexto is None:
        s = servicio_recomendacion.rendimiento_servicio(modelo, gpu)
        tokens_s = s.tokens_s_media
        replica = "" if s.gpus_por_replica == 1 else f", por GPU de una réplica de {s.gpus_por_replica}"
        origen_t = (
            f"modelo de capacidad: {gpu}, {modelo}, de media en el día con la hora punta llena ({s.lote} "
            f"conversaciones a la vez{replica})"
        )
    elif tokens_s is None:
        lote = decisiones.LOTE_LLENO if lote is None else lote
        contexto = decisiones.CONTEXTO_LLENO if contexto is None else contexto
        tokens_s = tiempo.rendimiento_tipico(modelo, gpu, lote=lote, contexto=contexto)
        origen_t = f"estimación calibrada: {gpu}, {modelo}, lote {lote}, contexto {contexto}"
    origen_api = DADO
    if precio_entrada is None or precio_salida is None:
        p = mercado.precio_api(modelo, api) if api else decisiones.api_mas_barata(modelo, entrada_por_salida)
        origen_api = f"api_precios.csv: {p.proveedor}, {modelo}, {formato.fecha(p.fecha)}"
        precio_entrada = p.entrada_usd_millon if precio_entrada is None else precio_entrada
        precio_salida = p.salida_usd_millon if precio_salida is None else precio_salida
    e = equilibrios.api_o_gpu(precio, tokens_s, precio_entrada, precio_salida, entrada_por_salida)
    millon = mercado.precio_millon_mezclado(precio_entrada, precio_salida, entrada_por_salida)
    a = etiquetas.API_O_GPU
    filas = [
        fila("precio de la GPU (US$/h)", precio, origen_precio),
        fila("tokens por segundo de la GPU", tokens_s, origen_t),
        fila(a["millon"], millon, origen_api),
        fila(a["empate"], equilibrios.tokens_s_minimos(precio, millon), "calculado"),
        *_equilibrio(e, a["equilibrio"], a["coste"], 1e-6),
    ]
    return tabla(filas)


@orden(
    "reservar",
    "uso a partir del cual reservar sale más barato que pagar bajo demanda",
    opcion_gpu(decisiones.GPU_ALQUILADA),
    Opcion(
        "--proveedor",
        "proveedor con descuento por reservar en modalidades.csv (su descuento, sobre su propio precio)",
        CON_RESERVA,
        "Vast.ai",
    ),
    Opcion("--meses", "meses de la reserva", entero_positivo, 1),
    Opcion("--precio-hora", "dólares por hora bajo demanda (por defecto, el del proveedor)", positivo),
    Opcion("--descuento", "descuento de la reserva, de 0 a 1 (0,2 = 20 %%)", no_negativo),
    Opcion("--horas", "horas del periodo reservado (como mucho 744)", positivo, HORAS_MES),
    ejemplo='--gpu "RTX 4090" --proveedor Vast.ai --meses 3',
    dinero=True,
)
def _reservar(
    gpu: str, proveedor: str, meses: int, precio_hora: float | None, descuento: float | None, horas: float
) -> Salida:
    precio, origen_precio = precio_hora_de(precio_hora, gpu, proveedor)
    # Sin números dados, el precio reservado de la biblioteca (el descuento del proveedor sobre su propio precio).
    r = modalidades.precio_reservado(gpu, proveedor, meses) if precio_hora is None else None
    origen_d = DADO
    if descuento is None:
        d = mercado.descuento(proveedor, "reservada", meses)
        descuento, origen_d = (
            d.descuento,
            f"modalidades.csv: {proveedor}, {meses} {'mes' if meses == 1 else 'meses'}, {formato.fecha(d.fecha)}",
        )
    e = equilibrios.alquilar_o_reservar(precio, descuento, horas)
    del_proveedor = r is not None and origen_d != DADO  # sin --precio-hora ni --descuento: el de la biblioteca
    origen_r = r.describir().replace("`", "") if del_proveedor else "calculado"
    r_ = etiquetas.RESERVAR
    filas = [
        fila(r_["bajo_demanda"], precio, origen_precio),
        fila(r_["descuento"], descuento, origen_d),
        fila(r_["reservada"], precio * (1 - descuento), origen_r),
    ]
    # El coste de un mes, como en la página, si las horas son las de un mes medio; si no, el de esas horas.
    coste = r_["coste"] if horas == HORAS_MES else f"coste de {formato.numero(horas, 0)} horas en el equilibrio (US$)"
    umbral = f"{r_['equilibrio']} (fracción de las horas)"
    return tabla([*filas, *_equilibrio(e, umbral, coste)])


@orden(
    "comprar",
    "meses de uso desde los que comprar la GPU sale más barato que alquilarla",
    opcion_gpu(decisiones.GPU_ALQUILADA, "GPU de gpus.csv y hardware.csv"),
    Opcion(
        "--precio-compra",
        "dólares que cuesta la GPU (por defecto, el de la tienda de --pais en compras_locales.csv, si lo hay, o el de"
        " hardware.csv)",
        positivo,
    ),
    Opcion("--precio-hora", "dólares por hora de alquiler (por defecto, el precio vigente más barato)", positivo),
    Opcion("--vatios", "potencia de la GPU (W); por defecto, la de --gpu", positivo),
    PAIS_KWH,
    PRECIO_KWH,
    Opcion(
        "--horas-mes",
        f"horas de uso al mes, como mucho 744; por defecto, {formato.numero(_HORAS_MES_USO, 0)} "
        f"({_HORAS_DIA} h al día)",
        positivo,
        _HORAS_MES_USO,
    ),
    Opcion("--reventa", "dólares que se recuperan al venderla (como mucho, lo que costó)", no_negativo, 0.0),
    ejemplo='--gpu "RTX 4090" --horas-mes 243',
    dinero=True,
)
def _comprar(
    gpu: str,
    precio_compra: float | None,
    precio_hora: float | None,
    vatios: float | None,
    pais: str | None,
    precio_kwh: float | None,
    horas_mes: float,
    reventa: float,
) -> Salida:
    origen_compra = DADO
    elegida = None
    if precio_compra is None:
        pc = compra.precio_de_compra(gpu, pais)
        precio_compra = pc.usd
        origen_compra = f"{'compras_locales.csv' if pc.local else 'hardware.csv'}: {gpu}, {pc.origen}"
        elegida = None if pc.local else datos.equipo(gpu)
    precio, origen_precio = precio_hora_de(precio_hora, gpu)
    w, origen_w = vatios_de(vatios, gpu)
    kwh, origen_kwh = kwh_de(precio_kwh, pais)
    e = compra.comprar_o_alquilar(precio_compra, precio, w, kwh, horas_mes, reventa)
    # Los demás precios de compra de la GPU (nueva, de reventa, en otro mercado): el de lista es uno más.
    otras = [
        fila(
            # La unidad delante: «(US$): nuevo, EE. UU. (Amazon)», no un paréntesis pegado a otro.
            f"otro precio de compra (US$): {o.estado}{f', {o.mercado}' if o.mercado else ''}",
            o.precio_compra_usd,
            f"hardware.csv: {o.gpu}, {o.estado}{f', {o.mercado}' if o.mercado else ''}, {formato.fecha(o.fecha)}; "
            "úsalo con --precio-compra",
        )
        for o in datos.opciones_compra(gpu)
        if o != elegida
    ]
    c = etiquetas.COMPRAR
    filas = [
        fila(c["precio_compra"], precio_compra, origen_compra),
        *otras,
        fila("precio de alquiler (US$/h)", precio, origen_precio),
        fila("potencia (W)", w, origen_w),
        fila(c["precio_kwh"], kwh, origen_kwh),
        fila("horas de uso al mes", horas_mes, DADO if horas_mes != _HORAS_MES_USO else f"{_HORAS_DIA} h al día"),
    ]
    equilibrio = _equilibrio(e, c["meses"])[:1]  # el coste en el equilibrio, después de sus horas
    horas = [fila(c["horas"], None if e.umbral is None else e.umbral * horas_mes, "calculado")]
    if e.umbral is not None:
        horas.append(fila(c["coste"], e.coste_a, f"calculado: {e.opcion_a} y {e.opcion_b} cuestan lo mismo"))
    sin_luz = compra.horas_equivalentes(precio_compra, precio)
    horas.append(fila(c["equivalentes"], sin_luz, "calculado"))
    return tabla([*filas, *equilibrio, *horas])


def _horas(dadas: float | None, trabajo: Trabajo, gpu: str, maximo: int) -> tuple[float, float, int, str]:
    """Horas (MFU alta, MFU baja), número de GPU y origen: las dadas, o las del modelo de tiempo para ``trabajo``."""
    if dadas is not None:
        return dadas, dadas, 1, DADO
    h = decisiones.horas_en(trabajo, gpu, maximo=maximo)
    metodo = memoria.NOMBRES_METODOS.get(trabajo.metodo, trabajo.metodo)
    origen = f"modelo de tiempo: {trabajo.modelo}, {metodo}, {trabajo.tokens_y_epocas()}, {h.n_gpus} × {gpu}"
    return h.horas.minimo, h.horas.maximo, h.n_gpus, origen


@orden(
    "local-o-alquilar",
    "precio por hora por debajo del cual una GPU alquilada cuesta menos que la luz de la tuya",
    Opcion("--gpu-local", "tu GPU, de gpus.csv", GPUS, "RTX 4090"),
    opcion_gpu("H100 80GB", "GPU alquilada, de gpus.csv"),
    Opcion("--modelo", "modelo del trabajo (modelos.csv)", MODELOS, DEFINICION["modelo"]),
    Opcion("--metodo", "cómo se entrena", defecto=DEFINICION["metodo"], valores=("completo", "lora", "qlora")),
    Opcion("--tokens", etiquetas.TOKENS_ENTRENAMIENTO, positivo, DEFINICION["tokens"]),
    EPOCAS,
    Opcion("--secuencia", "tokens por secuencia", entero_positivo, DEFINICION["secuencia"]),
    Opcion("--horas-local", "horas que tarda en tu GPU (por defecto, las del modelo de tiempo)", positivo),
    Opcion("--horas-alquiler", "horas que tarda en la alquilada (por defecto, las del modelo de tiempo)", positivo),
    Opcion("--vatios", "potencia de tu GPU (W); por defecto, la de --gpu-local", positivo),
    PAIS_KWH,
    Opcion("--precio-kwh", "dólares por kWh (por defecto, el de un hogar de --pais)", positivo),
    ejemplo='--gpu-local "RTX 4090" --gpu "H100 80GB" --modelo "Mistral 7B v0.3" --metodo lora --tokens 30e6',
    dinero=True,
)
def _local(
    gpu_local: str,
    gpu: str,
    modelo: str,
    metodo: str,
    tokens: float,
    epocas: int,
    secuencia: int,
    horas_local: float | None,
    horas_alquiler: float | None,
    vatios: float | None,
    pais: str | None,
    precio_kwh: float | None,
) -> Salida:
    trabajo = Trabajo(modelo, metodo, tokens, secuencia=secuencia, epocas=epocas)
    local_alto, local_bajo, _, origen_local = _horas(horas_local, trabajo, gpu_local, 1)
    alq_alto, alq_bajo, n, origen_alq = _horas(horas_alquiler, trabajo, gpu, 8)
    w, origen_w = vatios_de(vatios, gpu_local)
    kwh, origen_kwh = kwh_de(precio_kwh, pais)
    alto = equilibrios.local_o_alquilar(local_alto, w, kwh, alq_alto)
    bajo = equilibrios.local_o_alquilar(local_bajo, w, kwh, alq_bajo)
    filas = [
        fila(f"horas en {gpu_local} (MFU alta)", local_alto, origen_local),
        fila(f"horas en {gpu_local} (MFU baja)", local_bajo, origen_local),
        fila(f"horas en {gpu} (MFU alta)", alq_alto, origen_alq),
        fila(f"horas en {gpu} (MFU baja)", alq_bajo, origen_alq),
        fila("potencia de tu GPU (W)", w, origen_w),
        fila("precio del kWh (US$)", kwh, origen_kwh),
    ]
    if alto.umbral is None or bajo.umbral is None:
        filas.append(fila("umbral por GPU alquilada (US$/h)", None, f"sin equilibrio: {alto.motivo or bajo.motivo}"))
    elif math.isclose(alto.umbral, bajo.umbral, rel_tol=1e-9):
        filas.append(fila("umbral por GPU alquilada (US$/h)", alto.umbral / n, "calculado"))
    else:
        filas.append(fila("umbral por GPU alquilada, MFU alta (US$/h)", alto.umbral / n, "calculado"))
        filas.append(fila("umbral por GPU alquilada, MFU baja (US$/h)", bajo.umbral / n, "calculado"))
    filas.append(fila("coste de la luz en local, MFU alta (US$)", alto.coste_b, "calculado"))
    filas.append(fila("coste de la luz en local, MFU baja (US$)", bajo.coste_b, "calculado"))
    if gpu in datos.gpus():
        p = decisiones.precio_vigente(gpu)
        origen = f"precios.csv: {origen_precio(p)}"
        filas += [
            fila(f"precio vigente más barato de {gpu} (US$/h)", p.precio_hora_usd, origen),
            fila("coste alquilada a ese precio, MFU alta (US$)", p.precio_hora_usd * n * alq_alto, "calculado"),
            fila("coste alquilada a ese precio, MFU baja (US$)", p.precio_hora_usd * n * alq_bajo, "calculado"),
        ]
    return tabla(filas, 3)
