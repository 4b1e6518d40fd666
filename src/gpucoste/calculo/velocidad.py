"""¿A qué velocidad genera? Tokens por segundo de una secuencia, de un lote y de un servidor, de las especificaciones.

- **Generación** (lotes de inferencia): decodificar es leer de memoria todos los pesos y la caché KV
  por cada paso, así que los tokens por segundo tienen un techo de ancho de banda ÷ bytes leídos
  por paso (y otro de cómputo, 2·N FLOPs por token). Es una cota alta: las medidas publicadas quedan
  por debajo (ver ``datos.generacion_medida()``); ``velocidad_generacion`` aplica la eficiencia medida
  de cada motor (``ajustes.csv``).
- **Servicio** (un servidor 24/7 a carga máxima, con lotes continuos): ``techo_servicio`` por la
  eficiencia medida a carga máxima (``rendimiento_servicio``).

``gpucoste.calculo.tiempo`` lo reexporta: ``tiempo.velocidad_generacion`` sigue valiendo.

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.formato import numero
from gpucoste.base.memo import mismos_datos
from gpucoste.base.validacion import entero, opcion, resultado
from gpucoste.calculo import memoria
from gpucoste.calculo.coste import Rango

__all__ = [
    "CONTEXTO_CALCULADORAS",
    "FRACCION_MEMORIA_SERVICIO",
    "MOTORES",
    "generacion_tipica",
    "rendimiento_servicio",
    "rendimiento_tipico",
    "servicio_tipico",
    "techo_servicio",
    "tokens_por_segundo",
    "velocidad_generacion",
]


def _bytes_pesos_leidos(m: datos.Modelo, precision: str, lote: int) -> tuple[float, float]:
    """Bytes de pesos que lee cada paso de decodificación de ``lote`` secuencias, y parámetros activos."""
    activos = memoria.parametros(m, activos=True)
    tocados = min(m.expertos, m.expertos_activos * lote)
    por_experto = 3 * m.dim_oculta * m.dim_intermedia * m.capas
    leidos = activos + (tocados - m.expertos_activos) * por_experto
    return memoria.gb_pesos_modelo(m, precision) * memoria.GB * leidos / memoria.parametros(m), activos


@mismos_datos
def tokens_por_segundo(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    lote: int = 1,
    contexto: int = 0,
    n_gpus: int = 1,
    por_capas: bool = False,
    precision_kv: str | None = None,
) -> float:
    """Techo de generación de ``n_gpus`` × ``equipo`` con ``nombre``: tokens/s de todo el lote (cota alta).

    Cada paso de decodificación lee los pesos (en una mezcla de expertos, los expertos que toca el
    lote) y la caché KV de ``lote`` secuencias de ``contexto`` tokens: tiempo = bytes ÷ ancho de banda.
    Si el cómputo (2 FLOPs por parámetro activo y token, al pico en bf16) tarda más, manda el cómputo.
    ``precision``: el formato de los pesos, con sus bits reales (``memoria.BYTES_POR_PARAMETRO``).
    Con ``por_capas`` (llama.cpp y transformers reparten las capas entre las GPUs y las recorren una
    tras otra) el ancho de banda no se suma; con paralelismo de tensores (vLLM, TensorRT-LLM), sí.
    Lanza ``ValueError`` si los pesos y la caché no caben en la memoria de las GPUs.

    Ninguna medida lo alcanza: ``velocidad_generacion`` aplica la eficiencia medida de cada motor.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    precision = opcion(precision, "Precisión", memoria.BYTES_POR_PARAMETRO)
    b = entero(lote, "lote", minimo=1, maximo=10**6)
    contexto = entero(contexto, "contexto", minimo=0, maximo=10**8)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    memoria.booleano(por_capas, "por_capas")
    if precision_kv is not None:
        opcion(precision_kv, "Precisión de la caché KV", memoria.FORMATOS_KV)
    kv = precision_kv or (precision if precision in ("fp32", "fp16") else "bf16")
    necesaria = memoria.encaja(
        m, "inferencia", g, n_gpus=n, precision=precision, secuencia=contexto, lote=b, precision_kv=kv
    )
    if not necesaria.cabe:
        raise ValueError(
            f"{m.modelo} en {precision} con lote {b} y contexto de {numero(contexto, 0)} tokens necesita "
            f"{numero(necesaria.total, 1)} GB por GPU y la {g.gpu} tiene {numero(g.vram_gb, 0)} GB: prueba más GPU, "
            "otra precisión o un lote menor."
        )
    pesos, activos = _bytes_pesos_leidos(m, precision, b)
    bytes_paso = pesos + b * memoria.tokens_kv(m, contexto) * memoria.bytes_kv_por_token(m, kv)
    ancho = (1 if por_capas else n) * g.ancho_banda_gbs * 1e9
    t_memoria = bytes_paso / ancho
    t_computo = 2 * activos * b / (n * g.tflops_bf16 * 1e12)
    return resultado(b / max(t_memoria, t_computo), "tokens_por_segundo", {"lote": lote, "contexto": contexto})


MOTORES = MappingProxyType(
    {"llama.cpp": True, "transformers": True, "vLLM": False, "SGLang": False, "TensorRT-LLM": False}
)
"""Motores de inferencia y si reparten el modelo por capas (``True``) o por tensores entre varias GPUs."""


def _eficiencia(tipo: str, motor: str, ajustes: dict | None = None) -> datos.Ajuste:
    """El ajuste ``tipo`` de ``motor`` (``generacion``, ``sobrecarga``, ``dispersion_generacion`` o
    ``servicio``); si ese motor no tiene medidas, el del más parecido (mismo reparto entre GPUs).

    ``ajustes``: por defecto, ``ajustes.csv``; la validación de la calibración pasa los de un ajuste hecho sin
    una fuente (``calibracion.validacion``)."""
    ajustes = datos.ajustes() if ajustes is None else ajustes
    clave = f"{tipo}_{motor.lower()}"
    if clave in ajustes:
        return ajustes[clave]
    if tipo == "servicio":  # solo hay medidas de servicio de TensorRT-LLM con la entrada y la salida conocidas
        return ajustes["servicio_tensorrt-llm"]
    parecido = "llama.cpp" if MOTORES[motor] else "vllm"
    return ajustes[f"{tipo}_{parecido}"]


def generacion_tipica(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    contexto: int = 0,
    n_gpus: int = 1,
    motor: str = "vLLM",
    precision_kv: str | None = None,
) -> tuple[float, Rango]:
    """Tokens/s de una secuencia con ``motor``: (valor típico, rango). Ver ``velocidad_generacion``."""
    return _generacion_tipica(
        nombre,
        equipo,
        precision=precision,
        contexto=contexto,
        n_gpus=n_gpus,
        motor=motor,
        precision_kv=precision_kv,
    )


def _generacion_tipica(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    contexto: int = 0,
    n_gpus: int = 1,
    motor: str = "vLLM",
    precision_kv: str | None = None,
    ajustes: dict | None = None,
) -> tuple[float, Rango]:
    """``generacion_tipica`` con los parámetros de ``ajustes`` (por defecto, ``ajustes.csv``)."""
    motor = opcion(motor, "Motor", MOTORES)
    m = memoria.modelo(nombre)
    techo = tokens_por_segundo(
        m,
        equipo,
        precision=precision,
        contexto=contexto,
        n_gpus=n_gpus,
        por_capas=MOTORES[motor],
        precision_kv=precision_kv,
    )
    eficiencia = _eficiencia("generacion", motor, ajustes).central
    ms_capa = _eficiencia("sobrecarga", motor, ajustes).central
    tipico = 1 / (1 / (techo * eficiencia) + m.capas * ms_capa / 1000)
    d = _eficiencia("dispersion_generacion", motor, ajustes)
    return tipico, Rango(tipico * d.minimo, min(techo, tipico * d.maximo))


CONTEXTO_CALCULADORAS = 1024
"""Tokens de contexto con que «¿Cuánto tardará?» (el formulario y ``gpucoste cuanto-tarda``) da los tokens/s de
generación de una secuencia: un valor típico de una conversación corta."""


def velocidad_generacion(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    contexto: int = 0,
    n_gpus: int = 1,
    motor: str = "vLLM",
    precision_kv: str | None = None,
) -> Rango:
    """Tokens/s de una sola secuencia con ``motor``, ajustados a las medidas publicadas de ese motor.

    Cada token lee los pesos y la caché a una fracción del ancho de banda (la eficiencia del motor) y
    paga además unos milisegundos fijos por capa (lanzar los núcleos de la GPU: pesa más cuanto más
    rápida es la GPU y más pequeño el modelo). Eficiencia y milisegundos salen de las medidas de ese
    motor (``ajustes.csv``); el rango, de cuánto se desviaron de esa fórmula, y nunca pasa del techo.
    """
    return generacion_tipica(
        nombre,
        equipo,
        precision=precision,
        contexto=contexto,
        n_gpus=n_gpus,
        motor=motor,
        precision_kv=precision_kv,
    )[1]


def rendimiento_tipico(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    lote: int = 1,
    contexto: int = 0,
    n_gpus: int = 1,
    motor: str = "vLLM",
) -> float:
    """Tokens/s típicos de todo el lote: lo que usan el equilibrio con una API y la electricidad por token.

    Con ``lote`` 1, la generación típica del motor (``generacion_tipica``); con más, el techo de ancho de
    banda de ese lote (``tokens_por_segundo``) por la eficiencia típica medida a carga máxima
    (``ajustes.csv``, ``servicio_…``). Nunca el techo: ninguna medida lo alcanza.
    """
    motor = opcion(motor, "Motor", MOTORES)
    b = entero(lote, "lote", minimo=1, maximo=10**6)
    if b == 1:
        return generacion_tipica(nombre, equipo, precision=precision, contexto=contexto, n_gpus=n_gpus, motor=motor)[0]
    techo = tokens_por_segundo(
        nombre, equipo, precision=precision, lote=b, contexto=contexto, n_gpus=n_gpus, por_capas=MOTORES[motor]
    )
    return techo * _eficiencia("servicio", motor).central


FRACCION_MEMORIA_SERVICIO = 0.9
"""Fracción de la VRAM que reserva un servidor para pesos y caché (``gpu_memory_utilization`` de vLLM: 0,9)."""


def techo_servicio(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    entrada: int = 1024,
    salida: int = 1024,
    n_gpus: int = 1,
) -> float:
    """Techo de tokens generados por segundo de un servidor a carga máxima (lotes continuos).

    Caben tantas peticiones a la vez como secuencias de ``entrada`` + ``salida`` tokens quepan en la
    caché KV (en fp8 si los pesos van en fp8; si no, en bf16) con el 90 % de la VRAM menos los pesos.
    Cada paso lee los pesos y la caché media (entrada + salida/2) de todas (memoria) o hace 2·N FLOPs
    por petición (cómputo), lo que tarde más; cada petición suma además su prellenado (2·N·entrada
    FLOPs al pico en bf16) repartido entre sus tokens de salida.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    opcion(precision, "Precisión", memoria.BYTES_POR_PARAMETRO)
    e = entero(entrada, "entrada", minimo=1, maximo=10**7)
    s = entero(salida, "salida", minimo=1, maximo=10**7)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    kv = memoria.bytes_kv_por_token(m, "fp8" if precision == "fp8" else "bf16")
    pesos_total = memoria.gb_pesos_modelo(m, precision) * memoria.GB
    sistema = sum(memoria.gb_sistema()) / 2 * memoria.GB
    libre = n * (g.vram_gb * memoria.GB * FRACCION_MEMORIA_SERVICIO - sistema) - pesos_total
    por_peticion = kv * memoria.tokens_kv(m, e + s)
    if libre < por_peticion:
        raise ValueError(
            f"{m.modelo} en {precision} no deja sitio en {n} × {g.gpu} para una petición de {e} + {s} tokens: "
            "prueba más GPU o una precisión menor."
        )
    b = int(libre // por_peticion)
    pesos, activos = _bytes_pesos_leidos(m, precision, b)
    pico, ancho = n * g.tflops_bf16 * 1e12, n * g.ancho_banda_gbs * 1e9
    t_paso = max((pesos + b * memoria.tokens_kv(m, e + s / 2) * kv) / ancho, 2 * activos * b / pico)
    prellenado = 2 * activos * e / pico / s
    return resultado(1 / (t_paso / b + prellenado), "techo_servicio", {"entrada": entrada, "salida": salida})


def servicio_tipico(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    entrada: int = 1024,
    salida: int = 1024,
    n_gpus: int = 1,
    motor: str = "vLLM",
) -> tuple[float, Rango]:
    """Tokens/s generados por un servidor a carga máxima: (valor típico, rango). Ver ``rendimiento_servicio``."""
    motor = opcion(motor, "Motor", MOTORES)
    techo = techo_servicio(nombre, equipo, precision=precision, entrada=entrada, salida=salida, n_gpus=n_gpus)
    e = _eficiencia("servicio", motor)
    return techo * e.central, Rango(techo * e.minimo, techo * e.maximo)


def rendimiento_servicio(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    entrada: int = 1024,
    salida: int = 1024,
    n_gpus: int = 1,
    motor: str = "vLLM",
) -> Rango:
    """Tokens generados por segundo de un servidor 24/7 a carga máxima: ``techo_servicio`` × la eficiencia medida.

    Es lo que decide «servir 24/7» y el equilibrio con una API. Solo hay medidas publicadas de
    TensorRT-LLM con la entrada y la salida conocidas: los demás motores usan su rango.
    """
    return servicio_tipico(
        nombre, equipo, precision=precision, entrada=entrada, salida=salida, n_gpus=n_gpus, motor=motor
    )[1]
