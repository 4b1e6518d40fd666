"""Los supuestos del tráfico de un servicio (``Supuestos``): tokens de entrada y de salida de cada mensaje, la hora
punta, el formato de los pesos y los objetivos de latencia, con sus valores por defecto y de dónde sale cada uno.

Un solo registro para todo lo que sirve un tráfico: :func:`gpucoste.calculo.servicio.capacidad`,
:func:`gpucoste.calculo.servicio_costes.opciones`, :func:`gpucoste.calculo.servicio_recomendacion.recomendar_servicio`
y las demás lo reciben entero (``supuestos=``), y ``gpucoste servir`` y su formulario lo construyen una vez con lo que
da el lector. :mod:`gpucoste.calculo.servicio` lo reexporta (``servicio.Supuestos``, ``servicio.TOKENS_ENTRADA``…).

Python puro (sin pandas) y nada se lee al importar, como :mod:`gpucoste.calculo.servicio`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.validacion import Validado, corto, entero, numero, opcion, real
from gpucoste.calculo import memoria

__all__ = [
    "FACTOR_PICO",
    "OBJETIVO_TPOT_MS",
    "OBJETIVO_TTFT_MS",
    "PRECISION",
    "PRECISIONES",
    "TOKENS_ENTRADA",
    "TOKENS_SALIDA",
    "TOKENS_MAX",
    "Supuestos",
]

TOKENS_ENTRADA = 1155
"""Tokens de entrada de un mensaje si no se dice otra cosa: la media (1154,7) de las 19.366 peticiones de la traza
de conversación de Azure del 16 de noviembre de 2023 (``ContextTokens`` de ``data/AzureLLMInferenceTrace_conv.csv``,
https://github.com/Azure/AzurePublicDataset/blob/b469a113cedca53ddc3bdea71a143dc4b7d8700c/data/AzureLLMInferenceTrace_conv.csv,
la traza del artículo Splitwise, ISCA 2024); la media la calcula esta guía. La mediana es 1020."""

TOKENS_SALIDA = 211
"""Tokens generados por mensaje si no se dice otra cosa: la media (211,1) de ``GeneratedTokens`` en la misma traza
de conversación de Azure (``TOKENS_ENTRADA``); la mediana es 129."""

FACTOR_PICO = 2.0
"""Peticiones por segundo en la hora punta ÷ la media del día, si no se dice otra cosa: un supuesto de esta guía
(estimación), no una medida; cámbialo con el perfil de tu tráfico."""

OBJETIVO_TTFT_MS = 2000.0
"""Milisegundos hasta el primer token que se exigen si no se dice otra cosa: los del escenario de servidor de
Llama 2 70B en MLPerf Inference (``llama2-70b.Server.ttft_latency = 2000`` en
https://github.com/mlcommons/inference/blob/982b2063398dc2d4fb606eacbfa73e54404ecc1e/loadgen/mlperf.conf)."""

OBJETIVO_TPOT_MS = 200.0
"""Milisegundos por token de salida que se exigen si no se dice otra cosa: los del mismo escenario de MLPerf
(``llama2-70b.Server.tpot_latency = 200``; su escenario interactivo pide 450 ms y 40 ms)."""

PRECISION = "bf16"
"""Formato de los pesos si no se dice otra cosa: bf16, sin cuantizar, el mismo que toman por defecto las funciones de
memoria y de servicio (``memoria.gb_pesos_modelo``, ``servicio.secuencias_max``, ``servicio.rendimiento``)."""

PRECISIONES = ("bf16", "fp16", "fp8", "int8", "int4", "awq-int4", "gptq-int4")
"""Formatos de los pesos que ofrecen ``gpucoste servir --precision`` y su formulario, los mismos en los dos: los de
servir con vLLM, SGLang o TensorRT-LLM (``Supuestos`` admite cualquiera de ``memoria.BYTES_POR_PARAMETRO``)."""

TOKENS_MAX = 10**6
"""Tokens de entrada o de salida de un mensaje que se admiten como mucho (el tope de ``Supuestos.entrada`` y
``Supuestos.salida``, como el de ``servicio.rendimiento``)."""


@dataclass(frozen=True)
class Supuestos(Validado):
    """Los supuestos del tráfico de un servicio: cada mensaje lleva ``entrada`` tokens de entrada (conversación previa
    incluida) y genera ``salida``; la hora punta tiene ``factor_pico`` veces las peticiones por segundo de la media;
    los pesos van en ``precision``, y se exigen como mucho ``ttft_ms`` hasta el primer token y ``tpot_ms`` por token
    de salida.

    Los valores por defecto, y de dónde sale cada uno:

    - ``entrada`` y ``salida``: ``TOKENS_ENTRADA`` y ``TOKENS_SALIDA``, la media de las peticiones de la traza de
      conversación de Azure del 16 de noviembre de 2023 (la del artículo Splitwise);
    - ``factor_pico``: ``FACTOR_PICO``, un supuesto de esta guía (estimación), no una medida;
    - ``precision``: ``PRECISION``, bf16, los pesos sin cuantizar;
    - ``ttft_ms`` y ``tpot_ms``: ``OBJETIVO_TTFT_MS`` y ``OBJETIVO_TPOT_MS``, los del escenario de servidor de
      Llama 2 70B en MLPerf Inference.

    Se comprueba al crearse: un valor malo da un ``ValueError`` que lo nombra y dice lo que se admite (``entrada`` y
    ``salida``, enteros de 1 a ``TOKENS_MAX``; ``factor_pico``, un número de 1 en adelante; ``precision``, uno de
    ``memoria.BYTES_POR_PARAMETRO``; los objetivos, números mayores que 0). Lo que guarda es lo comprobado (un
    ``numpy.int64`` se guarda como ``int``; un número, como ``float``).
    """

    entrada: int = TOKENS_ENTRADA
    """Tokens de entrada de cada mensaje, con la conversación previa que se reenvía (``TOKENS_ENTRADA``: Azure)."""
    salida: int = TOKENS_SALIDA
    """Tokens generados por mensaje (``TOKENS_SALIDA``: la misma traza de Azure)."""
    factor_pico: float = FACTOR_PICO
    """Peticiones por segundo en la hora punta ÷ la media del día (``FACTOR_PICO``: supuesto de esta guía)."""
    precision: str = PRECISION
    """Formato de los pesos, una clave de ``memoria.BYTES_POR_PARAMETRO`` (``PRECISION``: bf16)."""
    ttft_ms: float = OBJETIVO_TTFT_MS
    """Milisegundos como mucho hasta el primer token (``OBJETIVO_TTFT_MS``: MLPerf Inference)."""
    tpot_ms: float = OBJETIVO_TPOT_MS
    """Milisegundos como mucho por token de salida (``OBJETIVO_TPOT_MS``: MLPerf Inference)."""

    def __post_init__(self) -> None:
        # Cada campo con su propio mensaje (el rango que se admite) antes que el genérico de ``Validado``.
        fijar = object.__setattr__
        fijar(self, "entrada", entero(self.entrada, "entrada", minimo=1, maximo=TOKENS_MAX))
        fijar(self, "salida", entero(self.salida, "salida", minimo=1, maximo=TOKENS_MAX))
        # «-5» y «0,5» dicen lo mismo (de 1 en adelante), no «mayor que 0» el uno y «mayor o igual que 1» el otro.
        pico = real(self.factor_pico, "factor_pico")
        if pico < 1:
            raise ValueError(
                f"factor_pico: {corto(self.factor_pico)} no vale; se admite un número mayor o igual que 1."
            )
        fijar(self, "factor_pico", pico)
        fijar(self, "precision", opcion(self.precision, "Precisión", memoria.BYTES_POR_PARAMETRO))
        fijar(self, "ttft_ms", numero(self.ttft_ms, "ttft_ms"))
        fijar(self, "tpot_ms", numero(self.tpot_ms, "tpot_ms"))
        super().__post_init__()
