"""¿Cuánto tardará? Horas de entrenamiento y velocidad de generación, estimadas de las especificaciones.

- **Entrenamiento**: FLOPs ≈ 6 · N · D para un entrenamiento completo (N parámetros activos, D tokens):
  2·N por token en la pasada hacia delante y 4·N hacia atrás (EleutherAI, «Transformer Math 101»,
  https://blog.eleuther.ai/transformer-math/). En LoRA y QLoRA el modelo base está congelado: hacia
  atrás solo se propaga el gradiente de las activaciones (2·N) y no el de sus pesos, así que ≈ 4·N·D,
  más 6 por parámetro entrenable de los adaptadores (**estimación**: la regla de repartir la pasada
  hacia atrás a medias es la de Transformer Math; QLoRA además descuantiza, así que tarda más). El
  *gradient checkpointing* repite la pasada hacia delante: + 2·N·D.
- **Tiempo** = FLOPs ÷ (GPUs × TFLOPS densos en bf16 × MFU). La MFU (fracción del pico que se
  aprovecha) es un rango de los supuestos, así que cada tiempo es un ``Rango``: el mínimo con la MFU
  alto.
- **Generación** (lotes de inferencia): decodificar es leer de memoria todos los pesos y la caché KV
  por cada paso, así que los tokens por segundo tienen un techo de ancho de banda ÷ bytes leídos
  por paso (y otro de cómputo, 2·N FLOPs por token). Es una cota alta: las medidas publicadas quedan
  por debajo (ver ``datos.generacion_medida()``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

from . import datos, memoria
from .coste import Rango
from .validacion import entero, numero, opcion, resultado

__all__ = [
    "SEGUNDOS_HORA",
    "flops_6nd",
    "flops_entrenamiento",
    "horas",
    "horas_entrenamiento",
    "mfu",
    "tokens_por_segundo",
]


SEGUNDOS_HORA = 3600.0


def flops_6nd(parametros: float, tokens: float) -> float:
    """FLOPs de entrenar ``parametros`` parámetros sobre ``tokens`` tokens: 6 · N · D (Transformer Math 101)."""
    n, d = numero(parametros, "parametros"), numero(tokens, "tokens")
    return resultado(6 * n * d, "flops_6nd", {"parametros": parametros, "tokens": tokens})


def flops_entrenamiento(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    *,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
) -> float:
    """FLOPs de entrenar ``nombre`` con ``metodo`` (``completo``, ``lora`` o ``qlora``) sobre ``tokens``."""
    m = memoria.modelo(nombre)
    metodo = opcion(metodo, "Método de entrenamiento", ("completo", "lora", "qlora"))
    d = numero(tokens, "tokens")
    memoria.booleano(checkpointing, "checkpointing")
    entero(rango_lora, "rango_lora", minimo=1, maximo=4096)
    n = memoria.parametros(m, activos=True)
    if metodo == "completo":
        flops = flops_6nd(n, d)
    else:  # base congelado: 2·N hacia delante + 2·N hacia atrás; los adaptadores, 6 por parámetro
        flops = flops_6nd(n, d) * 4 / 6 + flops_6nd(memoria.parametros_lora(m, rango_lora), d)
    recomputo = flops_6nd(n, d) * 2 / 6 if checkpointing else 0.0
    return resultado(flops + recomputo, "flops_entrenamiento", {"tokens": tokens})


def mfu() -> Rango:
    """El rango de MFU de los supuestos (``supuestos.csv``, clave ``mfu``)."""
    s = datos.supuestos()["mfu"]
    return Rango(s.valor_min, s.valor_max)


def horas(flops: float, equipo: str | datos.Gpu, n_gpus: int = 1, utilizacion: Rango | None = None) -> Rango:
    """Horas de cómputo de ``flops`` en ``n_gpus`` × ``equipo`` con la MFU de ``utilizacion``.

    El mínimo usa la MFU más alta; el máximo, la más baja. Por defecto, la MFU de los supuestos.
    """
    g = memoria.gpu(equipo)
    f = numero(flops, "flops")
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    if utilizacion is not None and not isinstance(utilizacion, Rango):
        raise ValueError(
            f"utilizacion: {utilizacion!r} no vale; se admite un gpucoste.coste.Rango (MFU mínima y máxima) o None."
        )
    u = mfu() if utilizacion is None else utilizacion
    for valor, nombre in ((u.minimo, "MFU mínima"), (u.maximo, "MFU máxima")):
        if not 0 < numero(valor, nombre) <= 1:
            raise ValueError(f"{nombre}: {valor!r} no vale; se admite una fracción mayor que 0 y hasta 1.")
    pico = n * g.tflops_bf16 * 1e12

    def a_horas(fraccion: float) -> float:
        return resultado(f / (pico * fraccion) / SEGUNDOS_HORA, "horas", {"flops": flops})

    return Rango(a_horas(u.maximo), a_horas(u.minimo))


def horas_entrenamiento(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    equipo: str | datos.Gpu,
    *,
    n_gpus: int = 1,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
) -> Rango:
    """Horas de entrenar ``nombre`` con ``metodo`` sobre ``tokens`` en ``n_gpus`` × ``equipo`` (rango de MFU)."""
    flops = flops_entrenamiento(nombre, metodo, tokens, checkpointing=checkpointing, rango_lora=rango_lora)
    return horas(flops, equipo, n_gpus)


def tokens_por_segundo(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    precision: str = "bf16",
    lote: int = 1,
    contexto: int = 0,
    n_gpus: int = 1,
) -> float:
    """Capacidad de generación de ``n_gpus`` × ``equipo`` con ``nombre``: tokens/s de todo el lote (cota alta).

    Cada paso de decodificación lee los pesos (en una mezcla de expertos, los expertos que toca el
    lote) y la caché KV de ``lote`` secuencias de ``contexto`` tokens: tiempo = bytes ÷ ancho de banda.
    Si el cómputo (2 FLOPs por parámetro activo y token, al pico en bf16) tarda más, manda el cómputo.
    Lanza ``ValueError`` si los pesos y la caché no caben en la memoria de las GPUs.

    Es la función que usan los equilibrios «API frente a GPU alquilada»: tokens/s × 3600 = tokens por hora.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    precision = opcion(precision, "Precisión", memoria.BYTES_POR_PARAMETRO)
    b = entero(lote, "lote", minimo=1, maximo=10**6)
    contexto = entero(contexto, "contexto", minimo=0, maximo=10**8)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    necesaria = memoria.encaja(m, "inferencia", g, n_gpus=n, precision=precision, secuencia=contexto, lote=b)
    if not necesaria.cabe:
        gb = f"{necesaria.total:.1f}".replace(".", ",")
        raise ValueError(
            f"{m.modelo} en {precision} con lote {b} y contexto {contexto} necesita {gb} GB por GPU "
            f"y {g.gpu} tiene {g.vram_gb:g} GB: prueba más GPUs, otra precisión o un lote menor."
        )
    activos = memoria.parametros(m, activos=True)
    tocados = min(m.expertos, m.expertos_activos * b)
    por_experto = 3 * m.dim_oculta * m.dim_intermedia * m.capas
    leidos = activos + (tocados - m.expertos_activos) * por_experto
    bytes_paso = leidos * memoria.BYTES_POR_PARAMETRO[precision] + b * contexto * memoria.bytes_kv_por_token(
        m, precision
    )
    t_memoria = bytes_paso / (n * g.ancho_banda_gbs * 1e9)
    t_computo = 2 * activos * b / (n * g.tflops_bf16 * 1e12)
    return resultado(b / max(t_memoria, t_computo), "tokens_por_segundo", {"lote": lote, "contexto": contexto})
