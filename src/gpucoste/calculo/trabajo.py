"""El trabajo de entrenamiento con principio y fin: modelo, método, tokens, épocas, secuencia… (``Trabajo``).

Es la pregunta de «¿Dónde sale más barato terminarlo?» (``gpucoste.calculo.ranking``), de «¿Cuánto tarda?» y de
«¿Local o alquilar?»: cada orden y cada formulario lo construye con lo que da el lector y lo pasa al cálculo. Aquí
vive lo que es del trabajo mismo y no de dónde se hace: los tokens que se entrenan (``tokens_totales``, tokens ×
épocas), las opciones de memoria, y los GB del dataset, del checkpoint y en disco mientras dura.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from gpucoste import datos
from gpucoste.base.validacion import Validado, entero, numero, opcion, resultado
from gpucoste.calculo import memoria

__all__ = ["BYTES_TEXTO_POR_TOKEN", "MAX_EPOCAS", "Trabajo", "validar"]


MAX_EPOCAS = 10_000
"""Como mucho, las épocas de un ``Trabajo`` (un entero): más es una errata, no un fine-tuning."""

BYTES_TEXTO_POR_TOKEN = 4.0
"""Bytes de texto por token para estimar el tamaño del dataset (≈ 4 caracteres por token en inglés,
https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them; estimación)."""


@dataclass(frozen=True)
class Trabajo(Validado):
    """Un trabajo de entrenamiento con principio y fin.

    ``tokens``: los del dataset (una época); ``epocas``: cuántas veces se recorre (un entero de 1 a
    ``MAX_EPOCAS``). Lo que se entrena, y lo que cuentan las horas, es ``tokens_totales`` (tokens × épocas): la
    multiplicación vive aquí, y cada orden y formulario la toma de aquí. El disco y la transferencia usan
    ``tokens`` (el dataset se sube y se guarda una vez, se recorra las veces que se recorra).
    """

    modelo: str | datos.Modelo  # un nombre de modelos.csv o un modelo ya hecho (su config.json: calculo.arquitectura)
    metodo: str
    tokens: float
    secuencia: int = memoria.SECUENCIA
    lote: int = 1
    checkpointing: bool = True
    rango_lora: int = memoria.RANGO_LORA
    dataset_gb: float | None = None
    checkpoint_gb: float | None = None
    epocas: int = 1

    def __post_init__(self) -> None:
        # Primero cada campo con su nombre y lo que admite («tokens: 'abc' no es un número; se admite un número finito
        # mayor que 0»), que el formulario pone junto a su campo; después, los tipos del registro entero.
        memoria.modelo(self.modelo)
        opcion(self.metodo, "Método de entrenamiento", ("completo", "lora", "qlora"))
        numero(self.tokens, "tokens")
        entero(self.secuencia, "secuencia", minimo=1, maximo=10**7)
        entero(self.lote, "lote", minimo=1, maximo=10**5)
        entero(self.rango_lora, "rango_lora", minimo=1, maximo=4096)
        memoria.booleano(self.checkpointing, "checkpointing")
        entero(self.epocas, "epocas", minimo=1, maximo=MAX_EPOCAS)
        super().__post_init__()
        resultado(self.tokens_totales, "tokens_totales", {"tokens": self.tokens, "epocas": self.epocas})
        for nombre in ("dataset_gb", "checkpoint_gb"):
            if getattr(self, nombre) is not None:
                numero(getattr(self, nombre), nombre, cero=True)
        resultado(self.gb_disco, "Trabajo", {"tokens": self.tokens, "dataset_gb": self.dataset_gb})

    def descripcion(self) -> str:
        """El trabajo en una frase, para el título de su tabla o su gráfico (``memoria.describir``)."""
        return memoria.describir(
            self.modelo,
            self.metodo,
            tokens=self.tokens,
            secuencia=self.secuencia,
            lote=None if self.lote == 1 else self.lote,
            epocas=self.epocas,
        )

    def tokens_y_epocas(self) -> str:
        """Los tokens que se entrenan, en palabras: «20 millones de tokens × 3 épocas = 60 millones de tokens»; con
        una época, «50 millones de tokens»."""
        from gpucoste.base import formato

        if self.epocas == 1:
            return formato.tokens(self.tokens)
        return (
            f"{formato.tokens(self.tokens)} × {formato.numero(self.epocas, 0)} épocas = "
            f"{formato.tokens(self.tokens_totales)}"
        )

    @property
    def tokens_totales(self) -> float:
        """Tokens que se entrenan: los del dataset por las épocas (lo que cuentan las horas y los FLOPs)."""
        return float(self.tokens) * self.epocas

    @property
    def opciones_memoria(self) -> dict:
        return {"secuencia": self.secuencia, "lote": self.lote, "checkpointing": self.checkpointing} | (
            {"rango_lora": self.rango_lora}
        )

    @property
    def gb_dataset(self) -> float:
        """GB del dataset: el dado o, si no, tokens × ``BYTES_TEXTO_POR_TOKEN`` (estimación)."""
        if self.dataset_gb is not None:
            return float(self.dataset_gb)
        return float(self.tokens) * BYTES_TEXTO_POR_TOKEN / memoria.GB

    @cached_property  # el trabajo no cambia: se calcula (y se resuelve su modelo) una vez
    def gb_checkpoint(self) -> float:
        """GB del resultado: el dado o, si no, los adaptadores (LoRA) o el modelo entero en bf16."""
        if self.checkpoint_gb is not None:
            return float(self.checkpoint_gb)
        parametros = (
            memoria.parametros(self.modelo)
            if self.metodo == "completo"
            else memoria.parametros_lora(self.modelo, self.rango_lora)
        )
        return parametros * memoria.BYTES_POR_PARAMETRO["bf16"] / memoria.GB

    @cached_property  # el trabajo no cambia: se calcula (y se resuelve su modelo) una vez
    def gb_disco(self) -> float:
        """GB en disco mientras dura: imagen de los supuestos, pesos en bf16, dataset y checkpoint."""
        pesos = memoria.parametros(self.modelo) * memoria.BYTES_POR_PARAMETRO["bf16"] / memoria.GB
        return datos.supuestos()["imagen_gb"].valor_min + pesos + self.gb_dataset + self.gb_checkpoint


def validar(trabajo: object) -> Trabajo:
    """``trabajo`` si es un ``Trabajo``; si no, ``ValueError``."""
    if not isinstance(trabajo, Trabajo):
        raise ValueError(f"trabajo: {trabajo!r} no vale; se admite un gpucoste.calculo.trabajo.Trabajo.")
    return trabajo
