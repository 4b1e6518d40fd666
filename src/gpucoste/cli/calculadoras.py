"""Órdenes de las calculadoras de decisión: ``electricidad``, ``api-o-gpu``, ``reservar``, ``comprar``,
``local-o-alquilar``, ``interrumpible`` y ``recomendar``.

Se registran con el decorador ``orden`` de :mod:`gpucoste.cli.opciones` (``gpucoste.cli`` importa este módulo
para que queden registradas; este no importa ``cli``: ningún círculo): cada una llama a la biblioteca y devuelve
una tabla; los errores, el ``--formato`` y el código de salida son los de la CLI.

Los nombres mandan y los números corrigen: ``--gpu``, ``--modelo``, ``--proveedor`` y ``--pais`` son nombres de
los datos del paquete (con «¿Quisiste decir …?» ante una errata) de los que salen los números (precio por
hora, consumo, tokens/s, precio de compra, descuentos, precio del kWh); una opción numérica dada (``--vatios``,
``--precio-hora``…) sustituye al número de los datos. Cada tabla dice en su columna ``origen`` de dónde salió
cada entrada.
"""

from __future__ import annotations

import math

import pandas as pd

from gpucoste import datos
from gpucoste.base import etiquetas, formato
from gpucoste.calculo import compra, equilibrios, interrupciones, memoria, modalidades, recomendacion, tiempo
from gpucoste.calculo.coste import HORAS_MES, horas_al_mes
from gpucoste.calculo.electricidad import coste_electricidad
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.cli.opciones import PAIS, Opcion, Salida, entero_positivo, no_negativo, nombre_de, orden, positivo
from gpucoste.cli.ordenes import EPOCAS
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones
from gpucoste.guia.experimento_definido import DEFINICION

__all__ = ["DADO", "PAIS_LUZ"]

PAIS_LUZ = decisiones.PAIS_LUZ
"""País cuyo kWh se usa si no se da ``--pais`` ni ``--precio-kwh`` (el de la guía)."""

DADO = "dado"
"""Origen de una entrada que viene de la línea de órdenes, no de los datos."""

# --- Opciones con nombres de los datos -----------------------------------------------------------------

_GPUS = nombre_de("GPU", datos.especificaciones)
_MODELOS = nombre_de("Modelo", datos.modelos)
_CON_RESERVA = nombre_de(
    "Proveedor con descuento por reservar",
    lambda: {m.proveedor for m in mercado.modalidades() if m.modalidad == "reservada"},
)
_CON_INTERRUMPIBLE = nombre_de(
    "Proveedor con precio interrumpible",
    lambda: (
        {p.proveedor for p in datos.precios() if p.nivel == modalidades.INTERRUMPIBLE}
        | {m.proveedor for m in mercado.modalidades() if m.modalidad == modalidades.INTERRUMPIBLE}
    ),
)


def _gpu(defecto: str, que: str = "GPU de gpus.csv") -> Opcion:
    return Opcion("--gpu", f"{que}; de ella salen los números que no se den", _GPUS, defecto)


_PAIS = Opcion(
    "--pais",
    f"{PAIS.ayuda}; su kWh de electricidad.csv, pasado a dólares, es el de la luz (sin él, el de {PAIS_LUZ})",
    PAIS.tipo,
)
_PRECIO_KWH = Opcion("--precio-kwh", "dólares por kWh (por defecto, los de --pais)", no_negativo)
_HORAS_DIA = decisiones.HORAS_DIA_COMPRA
_HORAS_MES_USO = horas_al_mes(_HORAS_DIA)
"""Las horas de uso al mes de ``comprar`` sin ``--horas-mes``: las del formulario de su página."""


def _fila(concepto: str, valor: float | None, origen: str) -> dict:
    return {"concepto": concepto, "valor": valor, "origen": origen}


def _tabla(filas: list[dict], decimales: int = 2) -> Salida:
    return Salida(pd.DataFrame(filas, columns=["concepto", "valor", "origen"]), {"valor": decimales})


def _precio_hora(precio_hora: float | None, gpu: str, proveedor: str | None = None) -> tuple[float, str]:
    """El precio dado, o el vigente más barato de ``gpu`` (en ``proveedor``) con su origen."""
    if precio_hora is not None:
        return precio_hora, DADO
    p = decisiones.precio_vigente(gpu, proveedor)
    return p.precio_hora_usd, f"precios.csv: {p.gpu} en {_origen_precio(p)}"


def _origen_precio(p: datos.Precio) -> str:
    """«RunPod (comunidad), 25 de septiembre de 2026, precio de lista»: el proveedor, el nivel, la fecha y el tipo
    de un precio, en palabras como en las páginas."""
    return f"{p.proveedor_y_nivel}, {formato.fecha(p.fecha)}, {formato.tipo_precio(p.tipo)}"


def _kwh(precio_kwh: float | None, pais: str | None) -> tuple[float, str]:
    """El precio del kWh dado, o el de un hogar de ``pais`` (``decisiones.luz_del_pais``) en dólares, con su origen."""
    if precio_kwh is not None:
        return precio_kwh, DADO
    luz = decisiones.luz_del_pais(pais)
    return luz.usd_kwh, f"electricidad.csv: {luz.pais}, {formato.fecha(luz.fecha)}; a {luz.cambio}"


def _vatios(vatios: float | None, gpu: str) -> tuple[float, str]:
    return (vatios, DADO) if vatios is not None else (decisiones.vatios(gpu), f"gpus.csv: {gpu}")


def _equilibrio(e: equilibrios.Equilibrio, umbral: str, coste: str | None = None, factor: float = 1.0) -> list[dict]:
    """Las filas de un ``Equilibrio``: el umbral (con la etiqueta ``umbral``) y lo que cuesta cada opción en él, o
    por qué no lo hay. Con ``coste``, una sola fila con ese nombre (las dos opciones cuestan lo mismo en el umbral),
    como en el formulario de la página; sin él, una por opción."""
    if e.umbral is None:
        return [_fila(umbral, None, f"sin equilibrio: {e.motivo}")]
    if coste is not None:
        origen = f"calculado: {e.opcion_a} y {e.opcion_b} cuestan lo mismo"
        return [_fila(umbral, e.umbral * factor, "calculado"), _fila(coste, e.coste_b, origen)]
    return [
        _fila(umbral, e.umbral * factor, "calculado"),
        _fila(f"coste: {e.opcion_a} (US$)", e.coste_a, "en el umbral"),
        _fila(f"coste: {e.opcion_b} (US$)", e.coste_b, "en el umbral"),
    ]


# --- Órdenes -----------------------------------------------------------------------------------------------


@orden(
    "electricidad",
    "electricidad de una GPU por hora de uso y por millón de tokens generados",
    _gpu(decisiones.GPU_ALQUILADA),
    Opcion("--vatios", "potencia de la GPU (W); por defecto, la de --gpu", positivo),
    _PAIS,
    Opcion(
        "--precio-kwh", "precio del kWh, en la moneda del resultado (por defecto, el de --pais en dólares)", no_negativo
    ),
    Opcion(
        "--modelo", "modelo de modelos.csv: sus tokens/s, del ancho de banda de --gpu y la eficiencia medida", _MODELOS
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
    w, origen_w = _vatios(vatios, gpu)
    kwh, origen_kwh = _kwh(precio_kwh, pais)
    origen_t = DADO
    if tokens_s is None and modelo is not None:
        tokens_s = tiempo.rendimiento_tipico(modelo, gpu)
        origen_t = f"estimación calibrada: ancho de banda de {gpu} × eficiencia medida de vLLM, lote 1"
    e = coste_electricidad(w, kwh, tokens_s)
    usd = "" if origen_kwh == DADO else " (US$)"  # dado: en la moneda de --precio-kwh
    filas = [_fila("potencia (W)", w, origen_w), _fila(f"precio del kWh{usd}", kwh, origen_kwh)]
    if tokens_s is not None:
        filas.append(_fila("tokens por segundo", tokens_s, origen_t))
    filas.append(_fila(f"coste de la luz por hora{usd}", e.por_hora, "calculado"))
    if e.por_millon_tokens is not None:
        filas.append(_fila(f"coste de la luz por millón de tokens{usd}", e.por_millon_tokens, "calculado"))
    return _tabla(filas, 4)


@orden(
    "api-o-gpu",
    "tokens al mes desde los que una GPU alquilada 24/7 sale más barata que una API por token",
    Opcion("--modelo", "modelo de modelos.csv (el que sirve la GPU y vende la API)", _MODELOS, decisiones.MODELO),
    _gpu(decisiones.GPU_ALQUILADA, "GPU alquilada, de gpus.csv"),
    Opcion(
        "--lote",
        "conversaciones a la vez en la GPU (para estimar sus tokens/s)",
        entero_positivo,
        decisiones.LOTE_LLENO,
    ),
    Opcion("--contexto", "tokens de contexto de cada conversación", entero_positivo, decisiones.CONTEXTO_LLENO),
    Opcion(
        "--api",
        "proveedor de api_precios.csv (por defecto, el más barato para --modelo)",
        nombre_de("Proveedor de API", lambda: {p.proveedor for p in mercado.precios_api()}),
    ),
    Opcion("--precio-hora", "dólares por hora de la GPU (por defecto, el precio vigente más barato)", positivo),
    Opcion("--tokens-s", "tokens por segundo que genera la GPU (por defecto, la estimación)", positivo),
    Opcion("--precio-entrada", "dólares por millón de tokens de entrada en la API", positivo),
    Opcion("--precio-salida", "dólares por millón de tokens de salida en la API", positivo),
    Opcion("--entrada-por-salida", "tokens de entrada por token generado", no_negativo, decisiones.ENTRADA_POR_SALIDA),
    ejemplo='--modelo "Llama 3.1 8B" --gpu "RTX 4090"',
    dinero=True,
)
def _api_o_gpu(
    modelo: str,
    gpu: str,
    lote: int,
    contexto: int,
    api: str | None,
    precio_hora: float | None,
    tokens_s: float | None,
    precio_entrada: float | None,
    precio_salida: float | None,
    entrada_por_salida: float,
) -> Salida:
    precio, origen_precio = _precio_hora(precio_hora, gpu)
    origen_t = DADO
    if tokens_s is None:
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
        _fila("precio de la GPU (US$/h)", precio, origen_precio),
        _fila("tokens por segundo de la GPU", tokens_s, origen_t),
        _fila(a["millon"], millon, origen_api),
        _fila(a["empate"], equilibrios.tokens_s_minimos(precio, millon), "calculado"),
        *_equilibrio(e, a["equilibrio"], a["coste"], 1e-6),
    ]
    return _tabla(filas)


@orden(
    "reservar",
    "uso a partir del cual reservar sale más barato que pagar bajo demanda",
    _gpu(decisiones.GPU_ALQUILADA),
    Opcion(
        "--proveedor",
        "proveedor con descuento por reservar en modalidades.csv (su descuento, sobre su propio precio)",
        _CON_RESERVA,
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
    precio, origen_precio = _precio_hora(precio_hora, gpu, proveedor)
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
        _fila(r_["bajo_demanda"], precio, origen_precio),
        _fila(r_["descuento"], descuento, origen_d),
        _fila(r_["reservada"], precio * (1 - descuento), origen_r),
    ]
    # El coste de un mes, como en la página, si las horas son las de un mes medio; si no, el de esas horas.
    coste = r_["coste"] if horas == HORAS_MES else f"coste de {formato.numero(horas, 0)} horas en el equilibrio (US$)"
    umbral = f"{r_['equilibrio']} (fracción de las horas)"
    return _tabla([*filas, *_equilibrio(e, umbral, coste)])


@orden(
    "comprar",
    "meses de uso desde los que comprar la GPU sale más barato que alquilarla",
    _gpu(decisiones.GPU_ALQUILADA, "GPU de gpus.csv y hardware.csv"),
    Opcion(
        "--precio-compra",
        "dólares que cuesta la GPU (por defecto, el de la tienda de --pais en compras_locales.csv, si lo hay, o el de"
        " hardware.csv)",
        positivo,
    ),
    Opcion("--precio-hora", "dólares por hora de alquiler (por defecto, el precio vigente más barato)", positivo),
    Opcion("--vatios", "potencia de la GPU (W); por defecto, la de --gpu", positivo),
    _PAIS,
    _PRECIO_KWH,
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
    precio, origen_precio = _precio_hora(precio_hora, gpu)
    w, origen_w = _vatios(vatios, gpu)
    kwh, origen_kwh = _kwh(precio_kwh, pais)
    e = compra.comprar_o_alquilar(precio_compra, precio, w, kwh, horas_mes, reventa)
    # Los demás precios de compra de la GPU (nueva, de reventa, en otro mercado): el de lista es uno más.
    otras = [
        _fila(
            f"otro precio de compra: {o.estado}, {o.mercado} (US$)",
            o.precio_compra_usd,
            f"hardware.csv: {o.gpu}, {o.estado}{f' ({o.mercado})' if o.mercado else ''}, {formato.fecha(o.fecha)}; "
            "úsalo con --precio-compra",
        )
        for o in datos.opciones_compra(gpu)
        if o != elegida
    ]
    c = etiquetas.COMPRAR
    filas = [
        _fila(c["precio_compra"], precio_compra, origen_compra),
        *otras,
        _fila("precio de alquiler (US$/h)", precio, origen_precio),
        _fila("potencia (W)", w, origen_w),
        _fila(c["precio_kwh"], kwh, origen_kwh),
        _fila("horas de uso al mes", horas_mes, DADO if horas_mes != _HORAS_MES_USO else f"{_HORAS_DIA} h al día"),
    ]
    equilibrio = _equilibrio(e, c["meses"])[:1]  # el coste en el equilibrio, después de sus horas
    horas = [_fila(c["horas"], None if e.umbral is None else e.umbral * horas_mes, "calculado")]
    if e.umbral is not None:
        horas.append(_fila(c["coste"], e.coste_a, f"calculado: {e.opcion_a} y {e.opcion_b} cuestan lo mismo"))
    sin_luz = compra.horas_equivalentes(precio_compra, precio)
    horas.append(_fila(c["equivalentes"], sin_luz, "calculado"))
    return _tabla([*filas, *equilibrio, *horas])


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
    Opcion("--gpu-local", "tu GPU, de gpus.csv", _GPUS, "RTX 4090"),
    _gpu("H100 80GB", "GPU alquilada, de gpus.csv"),
    Opcion("--modelo", "modelo del trabajo (modelos.csv)", _MODELOS, DEFINICION["modelo"]),
    Opcion("--metodo", "cómo se entrena", defecto=DEFINICION["metodo"], valores=("completo", "lora", "qlora")),
    Opcion("--tokens", etiquetas.TOKENS_ENTRENAMIENTO, positivo, DEFINICION["tokens"]),
    EPOCAS,
    Opcion("--secuencia", "tokens por secuencia", entero_positivo, DEFINICION["secuencia"]),
    Opcion("--horas-local", "horas que tarda en tu GPU (por defecto, las del modelo de tiempo)", positivo),
    Opcion("--horas-alquiler", "horas que tarda en la alquilada (por defecto, las del modelo de tiempo)", positivo),
    Opcion("--vatios", "potencia de tu GPU (W); por defecto, la de --gpu-local", positivo),
    _PAIS,
    Opcion("--precio-kwh", "dólares por kWh (por defecto, los de --pais)", positivo),
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
    w, origen_w = _vatios(vatios, gpu_local)
    kwh, origen_kwh = _kwh(precio_kwh, pais)
    alto = equilibrios.local_o_alquilar(local_alto, w, kwh, alq_alto)
    bajo = equilibrios.local_o_alquilar(local_bajo, w, kwh, alq_bajo)
    filas = [
        _fila(f"horas en {gpu_local} (MFU alta)", local_alto, origen_local),
        _fila(f"horas en {gpu_local} (MFU baja)", local_bajo, origen_local),
        _fila(f"horas en {gpu} (MFU alta)", alq_alto, origen_alq),
        _fila(f"horas en {gpu} (MFU baja)", alq_bajo, origen_alq),
        _fila("potencia de tu GPU (W)", w, origen_w),
        _fila("precio del kWh (US$)", kwh, origen_kwh),
    ]
    if alto.umbral is None or bajo.umbral is None:
        filas.append(_fila("umbral por GPU alquilada (US$/h)", None, f"sin equilibrio: {alto.motivo or bajo.motivo}"))
    elif math.isclose(alto.umbral, bajo.umbral, rel_tol=1e-9):
        filas.append(_fila("umbral por GPU alquilada (US$/h)", alto.umbral / n, "calculado"))
    else:
        filas.append(_fila("umbral por GPU alquilada, MFU alta (US$/h)", alto.umbral / n, "calculado"))
        filas.append(_fila("umbral por GPU alquilada, MFU baja (US$/h)", bajo.umbral / n, "calculado"))
    filas.append(_fila("coste de la luz en local, MFU alta (US$)", alto.coste_b, "calculado"))
    filas.append(_fila("coste de la luz en local, MFU baja (US$)", bajo.coste_b, "calculado"))
    if gpu in datos.gpus():
        p = decisiones.precio_vigente(gpu)
        origen = f"precios.csv: {_origen_precio(p)}"
        filas += [
            _fila(f"precio vigente más barato de {gpu} (US$/h)", p.precio_hora_usd, origen),
            _fila("coste alquilada a ese precio, MFU alta (US$)", p.precio_hora_usd * n * alq_alto, "calculado"),
            _fila("coste alquilada a ese precio, MFU baja (US$)", p.precio_hora_usd * n * alq_bajo, "calculado"),
        ]
    return _tabla(filas, 3)


@orden(
    "interrumpible",
    "horas y coste esperados en una instancia interrumpible, y la tasa a la que deja de compensar",
    _gpu(decisiones.GPU_ALQUILADA),
    Opcion(
        "--proveedor",
        "proveedor con precio interrumpible: el leído en precios.csv o, si no lo hay, su bajo demanda con el ahorro "
        "de modalidades.csv (dicho en origen)",
        _CON_INTERRUMPIBLE,
        "Vast.ai",
    ),
    Opcion("--horas", "horas de cómputo del trabajo", positivo, obligatoria=True),
    Opcion(
        "--interrupciones-hora",
        "interrupciones por hora de media (por defecto, la de supuestos.csv: un supuesto de esta guía)",
        no_negativo,
    ),
    Opcion(
        "--escritura-min",
        "minutos que tarda en escribirse un checkpoint (por defecto, la estimación de supuestos.csv)",
        positivo,
    ),
    Opcion(
        "--reinicio-min",
        "minutos para volver tras una interrupción (por defecto, el arranque de supuestos.csv)",
        no_negativo,
    ),
    Opcion(
        "--precio-hora",
        "dólares por hora de la interrumpible (por defecto, el del proveedor: leído o por la regla)",
        positivo,
    ),
    Opcion("--precio-bajo-demanda", "dólares por hora bajo demanda (por defecto, el del proveedor)", positivo),
    Opcion("--intervalo-min", "minutos de cómputo entre checkpoints (sin él, el óptimo de Daly)", positivo),
    ejemplo='--gpu "RTX 4090" --horas 6 --interrupciones-hora 0,25',
    dinero=True,
)
def _interrumpible(
    gpu: str,
    proveedor: str,
    horas: float,
    interrupciones_hora: float | None,
    escritura_min: float | None,
    reinicio_min: float | None,
    precio_hora: float | None,
    precio_bajo_demanda: float | None,
    intervalo_min: float | None,
) -> Salida:
    origen_i = DADO
    if precio_hora is None:
        i = modalidades.precio_interrumpible(gpu, proveedor)
        precio_hora, origen_i = i.precio_hora_usd, i.describir().replace("`", "")
    bajo_demanda, origen_bd = _precio_hora(precio_bajo_demanda, gpu, proveedor)
    s = interrupciones.supuestos()
    origen_t, origen_e, origen_r = DADO, DADO, DADO
    if interrupciones_hora is None:
        interrupciones_hora, origen_t = (
            s.interrupciones_hora,
            "supuestos.csv: interrupciones por hora de media (supuesto de esta guía)",
        )
    if escritura_min is None:
        escritura_min, origen_e = s.escritura_h * 60, "supuestos.csv: minutos en escribir un checkpoint (estimación)"
    if reinicio_min is None:
        reinicio_min, origen_r = s.reinicio_min_h * 60, "supuestos.csv: minutos de arranque (los de la primera versión)"
    intervalo = None if intervalo_min is None else intervalo_min / 60
    r = interrupciones.retrabajo(
        horas, precio_hora, interrupciones_hora, escritura_min / 60, reinicio_min / 60, intervalo
    )
    e = r.esperado
    eq = interrupciones.tasa_equilibrio(
        horas, precio_hora, bajo_demanda, escritura_min / 60, reinicio_min / 60, intervalo
    )
    i = etiquetas.INTERRUMPIBLE
    intervalo = (etiquetas.CHECKPOINT_CADA, DADO) if intervalo_min else (etiquetas.CHECKPOINT_DALY, "óptimo de Daly")
    d = etiquetas.INTERRUMPIBLE_ENTRADAS  # las de los campos del formulario, con su unidad
    filas = [
        _fila(f"{d['precio_interrumpible']} (US$/h)", precio_hora, origen_i),
        _fila(f"{d['precio_bajo_demanda']} (US$/h)", bajo_demanda, origen_bd),
        _fila(d["interrupciones_hora"], interrupciones_hora, origen_t),
        _fila(f"{d['escritura_min']} (minutos)", escritura_min, origen_e),
        _fila(f"{d['reinicio_min']} (minutos)", reinicio_min, origen_r),
        _fila(intervalo[0], e.intervalo * 60, intervalo[1]),
        _fila(i["horas"], e.horas, "calculado"),
        _fila(i["interrupciones"], e.interrupciones, "calculado"),
        _fila(i["retrabajo"], r.coste, "calculado: modelo de Daly"),
        _fila(i["coste"], e.coste, "calculado"),
        _fila(i["bajo_demanda"], bajo_demanda * horas, "calculado"),
        _fila(
            i["equilibrio"],
            eq.umbral,
            "calculado" if eq.umbral is not None else f"sin equilibrio: {eq.motivo}",
        ),
    ]
    return _tabla(filas)


@orden(
    "recomendar",
    "la opción más barata (local, API, GPU por horas o reservada) para una carga mensual, con su razón",
    Opcion("--horas-gpu", "horas de GPU alquilada que necesita el trabajo del mes", no_negativo, obligatoria=True),
    Opcion(
        "--continuo",
        "servicio siempre encendido (sí) o trabajo con principio y fin (no)",
        obligatoria=True,
        valores=("sí", "no"),
    ),
    _gpu(decisiones.GPU_ALQUILADA, "GPU alquilada, de gpus.csv"),
    Opcion("--precio-hora", "dólares por hora de la GPU alquilada (por defecto, el vigente más barato)", positivo),
    Opcion(
        "--proveedor-reserva",
        "proveedor con descuento por reservar un mes en modalidades.csv (por defecto, el más barato para --gpu); "
        "su descuento se aplica a su propio precio, no a --precio-hora",
        _CON_RESERVA,
    ),
    Opcion(
        "--precio-hora-reserva",
        "dólares por hora bajo demanda del proveedor de la reserva, antes del descuento (por defecto, el suyo)",
        positivo,
    ),
    Opcion("--descuento-reserva", "descuento de la reserva, de 0 a 1 (0,2 = 20 %%)", no_negativo),
    Opcion("--tokens-mes", "tokens generados al mes (con una API: opción API)", no_negativo),
    Opcion("--modelo", "modelo de la API (api_precios.csv, la más barata) si no se da --precio-millon-api", _MODELOS),
    Opcion("--precio-millon-api", "dólares por millón de tokens en la API, entrada incluida", no_negativo),
    Opcion("--privado", "los datos no pueden salir de casa", defecto="no", valores=("sí", "no")),
    Opcion("--horas-local", "horas que tarda en tu GPU (sin ella, no hay opción local)", no_negativo),
    Opcion("--gpu-local", "tu GPU, de gpus.csv (su consumo)", _GPUS, "RTX 4090"),
    Opcion("--vatios-local", "potencia de tu GPU (W); por defecto, la de --gpu-local", positivo),
    _PAIS,
    _PRECIO_KWH,
    ejemplo="--horas-gpu 6 --continuo no",
    dinero=True,
)
def _recomendar(
    horas_gpu: float,
    continuo: str,
    gpu: str,
    precio_hora: float | None,
    proveedor_reserva: str | None,
    precio_hora_reserva: float | None,
    descuento_reserva: float | None,
    tokens_mes: float | None,
    modelo: str | None,
    precio_millon_api: float | None,
    privado: str,
    horas_local: float | None,
    gpu_local: str,
    vatios_local: float | None,
    pais: str | None,
    precio_kwh: float | None,
) -> Salida:
    precio, _ = _precio_hora(precio_hora, gpu)
    # La reserva: el descuento de su proveedor sobre el precio de ese mismo proveedor (modalidades.precio_reservado).
    pie: tuple[str, ...] = ()
    sin_reserva = proveedor_reserva is None and not modalidades.proveedores_reserva(gpu, 1)
    if sin_reserva and (precio_hora_reserva is None or descuento_reserva is None):
        precio_reservada = None  # ningún proveedor de los datos ofrece reservar esta GPU: la opción se descarta
    elif precio_hora_reserva is None or descuento_reserva is None:
        r = modalidades.precio_reservado(gpu, proveedor_reserva, 1)
        if precio_hora_reserva is None and descuento_reserva is None:
            pie = (f"GPU reservada: {r.describir().replace('`', '')}.",)
        precio_hora_reserva = r.bajo_demanda.precio_hora_usd if precio_hora_reserva is None else precio_hora_reserva
        descuento_reserva = r.descuento if descuento_reserva is None else descuento_reserva
    if sin_reserva and (precio_hora_reserva is None or descuento_reserva is None):
        pie = ("GPU reservada: ningún proveedor de los datos con descuento por reservar tiene precio de esta GPU.",)
    else:
        if not 0 <= descuento_reserva < 1:
            raise ValueError(
                f"--descuento-reserva: {descuento_reserva!r} no vale; se admite un número de 0 a menos de 1."
            )
        precio_reservada = precio_hora_reserva * (1 - descuento_reserva)
    if tokens_mes is not None and precio_millon_api is None and modelo is not None:
        precio_millon_api = decisiones.api_mas_barata(modelo).millon_mezclado(decisiones.ENTRADA_POR_SALIDA)
    if horas_local is not None:
        vatios_local = _vatios(vatios_local, gpu_local)[0]
        precio_kwh = _kwh(precio_kwh, pais)[0]
    r = recomendacion.recomendar(
        horas_gpu,
        continuo == "sí",
        precio,
        precio_reservada,
        tokens_mes,
        precio_millon_api,
        privado == "sí",
        horas_local,
        vatios_local,
        precio_kwh,
    )
    posibles = sorted((o for o in r.opciones if o.coste is not None), key=lambda o: o.nombre != r.opcion)
    tabla = pd.DataFrame([{"opción": o.nombre, "coste al mes (US$)": o.coste, "razón": o.razon} for o in posibles])
    return Salida(tabla, {"coste al mes (US$)": 2}, pie)
