"""¿Cabe el modelo en la VRAM? Pesos, caché KV, estado de entrenamiento y activaciones.

Cada cifra sale de la arquitectura del modelo (``modelos.csv``, copiada de su ``config.json``) y de
unas reglas con fuente:

- **Pesos**: parámetros × bytes por parámetro de la precisión (``BYTES_POR_PARAMETRO``).
- **Caché KV** por token: 2 (K y V) × capas × cabezas KV × dimensión de cabeza × bytes. Con
  atención agrupada (GQA) cuentan las cabezas KV, no las de consulta.
- **Fine-tuning completo** con AdamW en precisión mixta: 16 bytes por parámetro (pesos y gradientes
  en 16 bits, 2 + 2, y copia en fp32, momento y varianza, 4 + 4 + 4), como en el artículo de ZeRO
  (Rajbhandari et al., https://arxiv.org/abs/1910.02054, sección 3.1). Las activaciones, aparte.
- **LoRA**: el modelo base congelado en su precisión, más los adaptadores (rango ``r`` en todas las
  capas lineales) con sus 16 bytes por parámetro de estado de AdamW.
- **QLoRA**: igual, con el modelo base en NF4: 4 bits por parámetro más las constantes de
  cuantización, 0,127 bits por parámetro con la doble cuantización (Dettmers et al.,
  https://arxiv.org/abs/2305.14314, sección 3).
- **Activaciones** (estimación): 34 bytes por token, capa y unidad de la dimensión oculta sin
  recomputación, la fórmula de Korthikanti et al. (https://arxiv.org/abs/2205.05198, sección 4.1)
  para 16 bits sin el término de la atención (que FlashAttention no guarda); con *gradient
  checkpointing* solo la entrada de cada capa (2 bytes) más una capa entera al recomputarla. Más los
  logits en fp32 (4 bytes × vocabulario por token). La fórmula es de GPT; para otros MLP es una
  estimación.
- **Varias GPUs** (ZeRO-3 / FSDP): pesos, gradientes y estado del optimizador se reparten entre las
  GPUs; cada una guarda las activaciones de su parte del lote.

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.memo import mismos_datos
from gpucoste.base.validacion import Validado, entero, numero, opcion, resultado
from gpucoste.calculo.arquitectura import Arquitectura

__all__ = [
    "BYTES_ACTIVACION",
    "BYTES_ADAMW_MIXTA",
    "BYTES_LOGITS",
    "BYTES_LOGITS_TROZOS",
    "BYTES_NF4",
    "BYTES_POR_PARAMETRO",
    "EMBEDDINGS_16_BITS",
    "FORMATOS_KV",
    "GB",
    "METODOS",
    "Memoria",
    "NOMBRES_METODOS",
    "OPTIMIZADORES",
    "PERDIDAS",
    "RANGO_LORA",
    "SECUENCIA",
    "booleano",
    "bytes_kv_por_token",
    "cabe",
    "describir",
    "encaja",
    "gb_activaciones",
    "gb_kv",
    "gb_pesos",
    "gb_pesos_modelo",
    "gb_sistema",
    "gpu",
    "gpus_necesarias",
    "modelo",
    "parametros",
    "parametros_embeddings",
    "parametros_lora",
    "tokens_kv",
]


BYTES_POR_PARAMETRO = MappingProxyType(
    {
        "fp32": 4.0,
        "bf16": 2.0,
        "fp16": 2.0,
        "fp8": 1.0,
        "int8": 1.0,
        "int4": 0.5,
        "2bit": 0.25,
        "q8_0": 8.5 / 8,
        "q5_k_m": 5.67 / 8,
        "q4_k_m": 4.82 / 8,
        "q4_0": 4.5 / 8,
        "gptq-int8": (8 + 20 / 128) / 8,
        "gptq-int4": (4 + 20 / 128) / 8,
        "awq-int4": (4 + 20 / 128) / 8,
    }
)
"""Bytes por parámetro de cada formato.

Los de 32, 16, 8, 4 y 2 bits, del capítulo de inferencia de stas00/ml-engineering. Los formatos
reales llevan escalas: GGUF de llama.cpp, los bits medios del fichero de Llama 3 70B en cada formato
(GiB × 2³⁰ × 8 ÷ 70.550 millones de parámetros, de la tabla de perplejidad de
https://github.com/XiongjieDai/GPU-Benchmarks-on-LLM-Inference/blob/aa72e0ec86c356c41f8281c9733e9a13c3675800/README.md:
Q8_0 69,83 GiB → 8,50 bits; Q5_K_M 46,52 → 5,67; Q4_K_M 39,60 → 4,82); Q4_0, bloques de 32 pesos de
4 bits con una escala de 16 bits (4,5 bits; ``block_q4_0`` en
https://github.com/ggerganov/llama.cpp/blob/a27dc771c357d802c4599534ac3232d5c105e2bc/ggml/src/ggml-common.h
). GPTQ y AWQ (**estimación**): grupos de 128 pesos con una
escala de 16 bits y un cero de 4 bits, + 20/128 bits por peso; en estos dos formatos los embeddings
y la capa de salida se quedan en 16 bits (``EMBEDDINGS_16_BITS``).
"""

EMBEDDINGS_16_BITS = frozenset({"gptq-int8", "gptq-int4", "awq-int4"})
"""Formatos que solo cuantizan las capas lineales de los bloques: embeddings y salida, en 16 bits."""

FORMATOS_KV = ("bf16", "fp16", "fp8", "q8_0", "fp32")
"""Formatos de la caché KV: 16 bits por defecto; fp8 (vLLM, TensorRT-LLM) o q8_0 (llama.cpp) la reducen a la mitad."""

BYTES_NF4 = 0.5 + 0.127 / 8
"""Bytes por parámetro del modelo base en QLoRA: NF4 más las constantes de la doble cuantización."""

BYTES_ADAMW_MIXTA = 16.0
"""Bytes por parámetro entrenable con AdamW en precisión mixta (ZeRO, arXiv 1910.02054)."""

BYTES_ACTIVACION = 34.0
"""Bytes por token, capa y unidad oculta sin recomputación (Korthikanti et al., arXiv 2205.05198)."""

BYTES_LOGITS = 16.0
"""Bytes por token y palabra del vocabulario que guarda la pérdida sin trocear (estimación).

Así la calculan transformers y PyTorch: logits en bf16 (2), su copia en fp32 (4), el log-softmax en
fp32 que guarda la pasada hacia atrás (4), su gradiente en fp32 (4) y el de los logits en bf16 (2).
"""

BYTES_LOGITS_TROZOS = 2.0
"""Con la pérdida por trozos (``perdida="por_trozos"``: CEWithChunkedOutputLoss de torchtune, Cut Cross
Entropy) solo quedan enteros los logits en bf16 (estimación)."""

PERDIDAS = ("completa", "por_trozos")
"""Cómo se calcula la entropía cruzada: de una vez sobre todos los logits o por trozos."""

OPTIMIZADORES = MappingProxyType({"adamw": 12.0, "adamw_bf16": 8.0, "adamw8bit": 6.0})
"""Bytes por parámetro entrenable del estado del optimizador: AdamW en precisión mixta guarda copia
fp32, momento y varianza (4 + 4 + 4, ZeRO); sobre parámetros en bf16 sin copia fp32 (los adaptadores
del repositorio de QLoRA, que los pasa a bf16), solo los dos momentos (4 + 4); el AdamW de 8 bits de
bitsandbytes, la copia fp32 y los dos momentos en 8 bits (4 + 1 + 1)."""

SECUENCIA = 2048
"""Tokens por secuencia (o de contexto al servir) cuando no se dice otra cosa: el valor por defecto de la
biblioteca, de las calculadoras y de la línea de órdenes."""

METODOS = ("inferencia", "completo", "lora", "qlora")
"""Para qué se carga el modelo: servirlo, o entrenarlo entero, con LoRA o con QLoRA."""

NOMBRES_METODOS = MappingProxyType(
    {
        "inferencia": "inferencia (servir el modelo)",
        "completo": "fine-tuning completo",
        "lora": "LoRA",
        "qlora": "QLoRA",
    }
)
"""Cómo se llama cada método al escribirlo para el lector (formularios): el valor es la clave."""

RANGO_LORA = 16
"""Rango por defecto de los adaptadores LoRA (un valor habitual; el artículo de QLoRA usa 64)."""

GB = 1e9


def describir(
    modelo_: str | datos.Modelo,
    metodo: str,
    *,
    tokens: float | None = None,
    secuencia: int | None = None,
    lote: int | None = None,
    gpu_: str | None = None,
    n_gpus: int = 1,
    precision: str | None = None,
    epocas: int = 1,
) -> str:
    """El trabajo en una frase, para el título de una tabla o de un gráfico: lo que hace falta para saber qué
    describe. ``describir("Llama 3.1 8B", "lora", tokens=50e6, secuencia=2048, gpu_="RTX 4090")`` →
    «LoRA de Llama 3.1 8B con 50 millones de tokens, secuencias de 2048 tokens, en una RTX 4090». Con
    ``epocas`` de más de 1, ``tokens`` son los del dataset y la frase lo dice: «con 20 millones de tokens × 3
    épocas». Solo escribe: los tokens que se entrenan los multiplica ``trabajo.Trabajo.tokens_totales``.
    """
    from gpucoste.base import formato

    modelo_ = modelo(modelo_).modelo
    opcion(metodo, "Método", METODOS)
    if precision is not None:
        opcion(precision, "Precisión", BYTES_POR_PARAMETRO)
    for nombre_, valor, maximo in (("secuencia", secuencia, 10**7), ("lote", lote, 10**5)):
        if valor is not None:
            entero(valor, nombre_, minimo=1, maximo=maximo)
    entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    entero(epocas, "epocas", minimo=1, maximo=10_000)
    if gpu_ is not None:
        gpu_ = gpu(gpu_).gpu
    if metodo == "inferencia":
        frase = f"Servir {modelo_}"
    else:
        nombre = NOMBRES_METODOS[metodo]
        frase = f"{nombre[0].upper()}{nombre[1:]} de {modelo_}"
    if precision is not None:
        frase += f", pesos en {precision}"
    if tokens is not None:
        frase += f" con {formato.tokens(tokens)}"
        if epocas > 1:
            frase += f" × {formato.numero(epocas, 0)} épocas"
    if secuencia is not None:
        que = "contexto" if metodo == "inferencia" else "secuencias"
        frase += f", {que} de {formato.numero(secuencia, 0)} tokens"
    if lote is not None:
        frase += f", tamaño de lote {formato.numero(lote, 0)}"
    if gpu_ is not None:
        frase += f", en una {gpu_}" if n_gpus == 1 else f", en {formato.numero(n_gpus, 0)} × {gpu_}"
    return frase


def booleano(valor: object, nombre: str) -> bool:
    """``valor`` si es ``True`` o ``False`` (no 0, 1, «sí» ni un bool de NumPy)."""
    if not isinstance(valor, bool):
        raise ValueError(f"{nombre}: {valor!r} no vale; se admite True o False.")
    return valor


def gb_pesos(miles_de_millones: float, precision: str) -> float:
    """GB (10⁹ bytes) que ocupan los pesos de un modelo de ``miles_de_millones`` de parámetros."""
    precision = opcion(precision, "Precisión", BYTES_POR_PARAMETRO)
    x = numero(miles_de_millones, "miles_de_millones")
    return resultado(x * BYTES_POR_PARAMETRO[precision], "gb_pesos", {"miles_de_millones": x})


def cabe(miles_de_millones: float, precision: str, vram_gb: float) -> bool:
    """¿Caben solo los pesos en ``vram_gb``? (sin caché KV ni activaciones: es una cota optimista)."""
    return gb_pesos(miles_de_millones, precision) <= numero(vram_gb, "vram_gb")


def modelo(nombre: str | datos.Modelo) -> datos.Modelo:
    """La arquitectura de ``nombre`` (un nombre de ``modelos.csv`` o un ``datos.Modelo`` ya hecho)."""
    if isinstance(nombre, datos.Modelo):
        return nombre
    modelos = datos.modelos()
    return modelos[opcion(nombre, "Modelo", modelos)]


def gpu(nombre: str | datos.Gpu) -> datos.Gpu:
    """Las especificaciones de ``nombre`` (un nombre de ``gpus.csv`` o un ``datos.Gpu`` ya hecho)."""
    if isinstance(nombre, datos.Gpu):
        return nombre
    gpus = datos.especificaciones()
    return gpus[opcion(nombre, "GPU", gpus)]


def _por_capa(m: datos.Modelo, expertos: int) -> float:
    """Parámetros de una capa con ``expertos`` MLP: atención, MLP, router y dos normas."""
    h, q, kv = m.dim_oculta, m.cabezas_atencion * m.dim_cabeza, m.cabezas_kv * m.dim_cabeza
    atencion = h * q + 2 * h * kv + q * h + ((q + 2 * kv) if m.sesgo_qkv else 0)
    router = h * m.expertos if m.expertos > 1 else 0
    return atencion + expertos * 3 * h * m.dim_intermedia + router + 2 * h


def parametros(nombre: str | datos.Modelo, *, activos: bool = False) -> float:
    """Número de parámetros calculado del ``config.json`` (con ``activos``, los que usa cada token).

    Embeddings (por dos si no están atados), atención (q, k, v, o, con sesgo si lo lleva), MLP con
    puerta (3 matrices; una por experto) y normas. En una mezcla de expertos, ``activos`` cuenta solo
    los expertos que usa cada token.
    """
    m = modelo(nombre)
    if isinstance(m, Arquitectura):  # de un config.json: contados según su arquitectura
        return m.parametros_activos if booleano(activos, "activos") else m.parametros_total
    expertos = m.expertos_activos if booleano(activos, "activos") else m.expertos
    embeddings = m.vocabulario * m.dim_oculta * (1 if m.embeddings_atados else 2)
    return float(embeddings + m.capas * _por_capa(m, expertos) + m.dim_oculta)


def parametros_embeddings(nombre: str | datos.Modelo) -> float:
    """Parámetros de los embeddings y de la capa de salida (una vez si están atados)."""
    m = modelo(nombre)
    if isinstance(m, Arquitectura):
        return m.parametros_emb
    return float(m.vocabulario * m.dim_oculta * (1 if m.embeddings_atados else 2))


def gb_pesos_modelo(nombre: str | datos.Modelo, precision: str = "bf16") -> float:
    """GB de los pesos de ``nombre`` en ``precision``, con los embeddings en 16 bits si el formato no los cuantiza."""
    m = modelo(nombre)
    precision = opcion(precision, "Precisión", (*BYTES_POR_PARAMETRO, "nf4"))
    total, embeddings = parametros(m), parametros_embeddings(m)
    if precision == "nf4":  # bitsandbytes cuantiza las capas lineales; embeddings y salida, en bf16
        return ((total - embeddings) * BYTES_NF4 + embeddings * 2.0) / GB
    if precision in EMBEDDINGS_16_BITS:
        return ((total - embeddings) * BYTES_POR_PARAMETRO[precision] + embeddings * 2.0) / GB
    return total * BYTES_POR_PARAMETRO[precision] / GB


def parametros_lora(nombre: str | datos.Modelo, rango: int = RANGO_LORA) -> float:
    """Parámetros entrenables de LoRA de rango ``rango`` en todas las capas lineales (q, k, v, o y MLP).

    Cada matriz de ``d_entrada × d_salida`` recibe ``rango × (d_entrada + d_salida)`` parámetros.
    """
    m = modelo(nombre)
    r = entero(rango, "rango", minimo=1, maximo=4096)
    if isinstance(m, Arquitectura):  # MLA y Mamba tienen otras capas lineales
        return float(r * m.lora_por_rango)
    h, q, kv = m.dim_oculta, m.cabezas_atencion * m.dim_cabeza, m.cabezas_kv * m.dim_cabeza
    por_capa = (h + q) * 2 + (h + kv) * 2 + m.expertos * 3 * (h + m.dim_intermedia)
    return float(r * por_capa * m.capas)


def bytes_kv_por_token(nombre: str | datos.Modelo, precision: str = "bf16") -> float:
    """Bytes de caché KV por token: 2 × capas × cabezas KV × dimensión de cabeza × bytes.

    En un modelo leído de su ``config.json`` (``arquitectura.Arquitectura``): capas de atención × elementos por
    token y capa (con MLA, ``kv_lora_rank + qk_rope_head_dim``; en un híbrido con Mamba, solo las de atención).
    """
    m = modelo(nombre)
    precision = opcion(precision, "Precisión de la caché KV", BYTES_POR_PARAMETRO)
    if isinstance(m, Arquitectura):
        return float(m.capas_atencion * m.kv_por_capa * BYTES_POR_PARAMETRO[precision])
    return 2.0 * m.capas * m.cabezas_kv * m.dim_cabeza * BYTES_POR_PARAMETRO[precision]


def tokens_kv(nombre: str | datos.Modelo, contexto: float) -> float:
    """Tokens que guarda de media cada capa en la caché KV con ``contexto`` tokens de contexto.

    En un modelo con atención de ventana deslizante (``ventanas.csv``, p. ej. Gemma 2), las capas con
    ventana no guardan más de la ventana; las demás, todo el contexto.
    """
    m = modelo(nombre)
    c = numero(contexto, "contexto", cero=True)
    if isinstance(m, Arquitectura):  # la ventana, del config.json
        if not m.capas_con_ventana:
            return c
        con_ventana = m.capas_con_ventana / m.capas_atencion
        return c * (1 - con_ventana) + min(c, m.ventana) * con_ventana
    v = datos.ventanas().get(m.modelo)
    if v is None:
        return c
    con_ventana = min(v.capas_con_ventana, m.capas) / m.capas
    return c * (1 - con_ventana) + min(c, v.ventana) * con_ventana


def gb_kv(nombre: str | datos.Modelo, contexto: int, lote: int = 1, precision: str = "bf16") -> float:
    """GB de caché KV para ``lote`` secuencias de ``contexto`` tokens (con la ventana deslizante, si la hay).

    En un híbrido con Mamba (``arquitectura.Arquitectura``), más el estado fijo de cada secuencia
    (``estado_por_secuencia``), en la misma precisión que la caché (**estimación**: hay motores que guardan el
    del SSM en fp32).
    """
    contexto = entero(contexto, "contexto", minimo=0, maximo=10**8)
    lote = entero(lote, "lote", minimo=1, maximo=10**6)
    kv = bytes_kv_por_token(nombre, precision) * tokens_kv(nombre, contexto) * lote
    m = modelo(nombre)
    if isinstance(m, Arquitectura) and contexto:
        kv += m.estado_por_secuencia * BYTES_POR_PARAMETRO[precision] * lote
    return kv / GB


def gb_activaciones(
    nombre: str | datos.Modelo, secuencia: int, lote: int = 1, *, checkpointing: bool = True, perdida: str = "completa"
) -> float:
    """GB de activaciones de un paso de entrenamiento (estimación; ver el docstring del módulo)."""
    m = modelo(nombre)
    perdida = opcion(perdida, "Pérdida", PERDIDAS)
    bytes_logits = BYTES_LOGITS if perdida == "completa" else BYTES_LOGITS_TROZOS
    s = entero(secuencia, "secuencia", minimo=1, maximo=10**7)
    b = entero(lote, "lote", minimo=1, maximo=10**5)
    booleano(checkpointing, "checkpointing")
    una_capa = BYTES_ACTIVACION * s * b * m.dim_oculta
    capas = m.capas * 2.0 * s * b * m.dim_oculta + una_capa if checkpointing else m.capas * una_capa
    return (capas + bytes_logits * s * b * m.vocabulario) / GB


@dataclass(frozen=True)
class Memoria(Validado):
    """Memoria por GPU de un modelo cargado para ``metodo``, por partidas (GB), frente a su VRAM."""

    modelo: str
    metodo: str
    gpu: str
    n_gpus: int
    vram_gb: float
    pesos: float
    adaptadores: float
    gradientes: float
    optimizador: float
    activaciones: float
    kv: float
    sistema: float = 0.0

    PARTIDAS = ("pesos", "adaptadores", "gradientes", "optimizador", "activaciones", "kv", "sistema")
    GRUPOS = {  # las partidas en los cuatro grupos de los gráficos (página «¿Cabe?» y su calculadora)
        "pesos": ("pesos",),
        "adaptadores, gradientes y AdamW": ("adaptadores", "gradientes", "optimizador"),
        "activaciones": ("activaciones",),
        "caché KV": ("kv",),
        "CUDA y reserva": ("sistema",),
    }

    @property
    def grupos(self) -> dict[str, float]:
        """GB por GPU de cada grupo de ``GRUPOS``, en su orden."""
        return {leyenda: sum(getattr(self, p) for p in partes) for leyenda, partes in self.GRUPOS.items()}

    @property
    def total(self) -> float:
        """GB por GPU, todas las partidas."""
        return sum(getattr(self, p) for p in self.PARTIDAS)

    @property
    def cabe(self) -> bool:
        return self.total <= self.vram_gb

    @property
    def libre(self) -> float:
        """GB que sobran en cada GPU (negativo si no cabe)."""
        return self.vram_gb - self.total


def _precision_base(metodo: str, precision: str | None) -> str:
    """Formato del modelo base según el método (y la precisión, si el método la admite)."""
    if metodo == "qlora":
        if precision not in (None, "nf4"):
            raise ValueError(
                f"precision: {precision!r} no vale con QLoRA; se admite 'nf4' o ninguna (el modelo base va en NF4)."
            )
        return "nf4"
    if metodo == "completo":
        if precision not in (None, "bf16", "fp16"):
            raise ValueError(
                f"precision: {precision!r} no vale con el fine-tuning completo en precisión mixta; "
                "se admite 'bf16' o 'fp16'."
            )
        return "bf16"
    return opcion("bf16" if precision is None else precision, "Precisión", BYTES_POR_PARAMETRO)


def gb_sistema() -> tuple[float, float]:
    """GB por GPU del contexto de CUDA y la reserva del asignador (mínimo y máximo, ``supuestos.csv``)."""
    s = datos.supuestos()["sistema_gb"]
    return s.valor_min, s.valor_max


@mismos_datos
def encaja(
    nombre: str | datos.Modelo,
    metodo: str,
    equipo: str | datos.Gpu,
    *,
    n_gpus: int = 1,
    precision: str | None = None,
    secuencia: int = SECUENCIA,
    lote: int = 1,
    checkpointing: bool = True,
    rango_lora: int = RANGO_LORA,
    precision_kv: str | None = None,
    optimizador: str = "adamw",
    perdida: str = "completa",
) -> Memoria:
    """Desglose de la memoria por GPU de ``nombre`` cargado para ``metodo`` en ``n_gpus`` × ``equipo``.

    ``metodo``: ``"inferencia"`` (pesos y caché KV de ``lote`` secuencias de ``secuencia`` tokens; la
    caché en ``precision_kv``: por defecto bf16 aunque los pesos estén cuantizados),
    ``"completo"``, ``"lora"`` o ``"qlora"``. ``precision``: la de los pesos (por defecto bf16; NF4 en
    QLoRA; en inferencia, cualquiera de ``BYTES_POR_PARAMETRO``, también GGUF, GPTQ y AWQ). Con varias
    GPUs, pesos y estado se reparten (ZeRO-3/FSDP) y cada GPU entrena ``lote`` secuencias.
    ``optimizador``: ``"adamw"`` o ``"adamw8bit"``; ``perdida``: ``"completa"`` o ``"por_trozos"``.
    Cada GPU suma el contexto de CUDA y la reserva del asignador (el punto medio de ``gb_sistema``).
    Devuelve las partidas, no solo sí o no: ``.cabe``, ``.total`` y ``.libre``.
    """
    m, g = modelo(nombre), gpu(equipo)
    metodo = opcion(metodo, "Método", METODOS)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=1024)
    secuencia = entero(secuencia, "secuencia", minimo=0 if metodo == "inferencia" else 1, maximo=10**7)
    lote = entero(lote, "lote", minimo=1, maximo=10**5)
    booleano(checkpointing, "checkpointing")
    entero(rango_lora, "rango_lora", minimo=1, maximo=4096)
    optimizador = opcion(optimizador, "Optimizador", OPTIMIZADORES)
    perdida = opcion(perdida, "Pérdida", PERDIDAS)
    if precision_kv is not None:
        opcion(precision_kv, "Precisión de la caché KV", FORMATOS_KV)
    base = gb_pesos_modelo(m, _precision_base(metodo, precision)) / n
    entrenables = {"completo": parametros(m), "lora": parametros_lora(m, rango_lora)}
    entrenables["qlora"] = entrenables["lora"]
    if metodo == "inferencia":
        kv = precision_kv or (precision if precision in ("fp32", "fp16") else "bf16")
        partes = {"pesos": base, "kv": gb_kv(m, secuencia, lote, kv) / n}
    else:
        p = entrenables[metodo] / GB / n
        partes = {
            "pesos": base,
            "adaptadores": 0.0 if metodo == "completo" else 2 * p,
            "gradientes": 2 * p,
            "optimizador": OPTIMIZADORES[optimizador] * p,
            "activaciones": gb_activaciones(m, secuencia, lote, checkpointing=checkpointing, perdida=perdida),
        }
    if metodo == "qlora":  # descuantizar: una matriz del MLP en bf16, la mayor, mientras se usa
        partes["activaciones"] += 2.0 * m.dim_oculta * m.dim_intermedia / GB
    ceros = dict.fromkeys(Memoria.PARTIDAS, 0.0)
    sistema = sum(gb_sistema()) / 2
    salida = Memoria(m.modelo, metodo, g.gpu, n, g.vram_gb, **{**ceros, **partes, "sistema": sistema})
    resultado(salida.total, "encaja", {"modelo": m.modelo, "n_gpus": n})
    return salida


def gpus_necesarias(
    nombre: str | datos.Modelo, metodo: str, equipo: str | datos.Gpu, *, maximo: int = 8, **opciones
) -> int | None:
    """El menor número de GPUs ``equipo`` (hasta ``maximo``) en que cabe; ``None`` si ni con ``maximo``."""
    maximo = entero(maximo, "maximo", minimo=1, maximo=1024)
    for n in range(1, maximo + 1):
        if encaja(nombre, metodo, equipo, n_gpus=n, **opciones).cabe:
            return n
    return None
