"""El experimento de la primera versión con un trabajo definido: qué fine-tuning hace coherentes sus horas.

La primera versión de esta guía estimó las horas de su fine-tuning LoRA «de un modelo 7B» (``escenarios.csv``) sin
decir cuántos tokens ni con qué secuencia. ``TRABAJO`` es la elección de esta guía que las hace
coherentes con el modelo de tiempo (``tiempo``): con ella, las horas de la primera versión caen dentro del rango
calculado para cada GPU. Es una elección, no un dato: cambia ``TRABAJO`` y todo se recalcula.

La lección de la primera versión («la H100 cuesta casi lo mismo por trabajo») depende de cuánto más rápida sea
la H100 que la RTX 4090 en un fine-tuning real: ``aceleracion_equilibrio`` da la aceleración a la que
las dos cuestan lo mismo, para compararla con el cociente de picos y con las medidas publicadas
(``datos.aceleraciones()``).

Python puro (sin pandas).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.validacion import Validado, numero, resultado
from gpucoste.calculo import experimento, memoria, tiempo
from gpucoste.calculo.coste import Rango, coste_trabajo
from gpucoste.calculo.trabajo import Trabajo, validar

__all__ = [
    "DEFINICION",
    "HorasEscenario",
    "TRABAJO",
    "aceleracion_equilibrio",
    "aceleracion_pico",
    "comparar_calibrado",
    "coste_con_aceleracion",
    "horas_por_escenario",
]


DEFINICION = MappingProxyType({"modelo": "Mistral 7B v0.3", "metodo": "lora", "tokens": 30e6, "secuencia": 2048})
"""LoRA de rango 16 de Mistral 7B v0.3 sobre 30 millones de tokens (≈ 15.000 ejemplos de 2048).

``TRABAJO`` es el ``Trabajo`` de esta definición: se construye (y se valida contra ``modelos.csv`` y
``supuestos.csv``) al pedirlo, no al importar el módulo, para que una carpeta de datos rota dé su error
en español al usarla y no un traceback al importar."""


TRABAJO: Trabajo  # sin valor aquí: lo da __getattr__ al pedirlo (Trabajo(**DEFINICION))


def __getattr__(nombre: str) -> Trabajo:
    if nombre == "TRABAJO":
        return Trabajo(**DEFINICION)
    raise AttributeError(f"module {__name__!r} has no attribute {nombre!r}")


@dataclass(frozen=True)
class HorasEscenario(Validado):
    """Las horas de un escenario de la primera versión frente a las del modelo de tiempo para ``TRABAJO``."""

    escenario: datos.Escenario
    calculadas: Rango

    @property
    def dentro(self) -> bool:
        """¿Cae la estimación de la primera versión dentro del rango calculado?"""
        return self.calculadas.minimo <= self.escenario.horas <= self.calculadas.maximo


def horas_por_escenario(trabajo: Trabajo | None = None, nombre: str = experimento.FINETUNING) -> list[HorasEscenario]:
    """Para cada escenario de ``nombre``, sus horas estimadas y las calculadas para ``trabajo`` (``TRABAJO``)."""
    trabajo = Trabajo(**DEFINICION) if trabajo is None else validar(trabajo)
    return [
        HorasEscenario(
            e,
            tiempo.horas_entrenamiento(
                trabajo.modelo,
                trabajo.metodo,
                trabajo.tokens_totales,
                e.gpu,
                checkpointing=trabajo.checkpointing,
                rango_lora=trabajo.rango_lora,
            ),
        )
        for e in experimento.escenarios(nombre)
    ]


def comparar_calibrado(trabajo: Trabajo | None = None, nombre: str = experimento.FINETUNING) -> experimento.Comparacion:
    """Como ``experimento.comparar``, pero con las horas típicas del modelo de tiempo calibrado para ``trabajo``.

    Las horas del artículo eran su estimación; estas salen del MFU medido de cada clase de GPU
    (``tiempo.horas_tipicas``), así que la lección sigue a las medidas publicadas.
    """
    trabajo = Trabajo(**DEFINICION) if trabajo is None else validar(trabajo)
    pares = [(experimento.precio(e), e) for e in experimento.escenarios(nombre)]
    (cara, e_cara), (barata, e_barata) = (
        max(pares, key=lambda par: par[0].precio_hora_usd),
        min(pares, key=lambda par: par[0].precio_hora_usd),
    )

    def horas_de(gpu: str) -> float:
        return tiempo.horas_tipicas(
            trabajo.modelo,
            trabajo.metodo,
            trabajo.tokens_totales,
            gpu,
            checkpointing=trabajo.checkpointing,
            rango_lora=trabajo.rango_lora,
            secuencia=trabajo.secuencia,
        )

    h_cara, h_barata = horas_de(e_cara.gpu), horas_de(e_barata.gpu)
    return experimento.Comparacion(
        cara=cara,
        barata=barata,
        veces_precio_hora=cara.precio_hora_usd / barata.precio_hora_usd,
        veces_coste=coste_trabajo(cara.precio_hora_usd, h_cara) / coste_trabajo(barata.precio_hora_usd, h_barata),
        fraccion_tiempo=h_cara / h_barata,
    )


def aceleracion_pico(rapida: str, lenta: str) -> float:
    """Cuántas veces más TFLOPS densos en bf16 tiene ``rapida`` que ``lenta`` (el techo de la aceleración)."""
    return memoria.gpu(rapida).tflops_bf16 / memoria.gpu(lenta).tflops_bf16


def aceleracion_equilibrio(precio_rapida: float, precio_lenta: float) -> float:
    """La aceleración a la que la GPU cara cuesta por trabajo lo mismo que la barata: el cociente de precios.

    Por encima, la rápida sale más barata por trabajo; por debajo, más cara.
    """
    entradas = {"precio_rapida": precio_rapida, "precio_lenta": precio_lenta}
    cociente = numero(precio_rapida, "precio_rapida") / numero(precio_lenta, "precio_lenta")
    return resultado(cociente, "aceleracion_equilibrio", entradas)


def coste_con_aceleracion(precio_rapida: float, horas_lenta: float, veces: float) -> float:
    """Coste en la GPU rápida de un trabajo que en la lenta dura ``horas_lenta``, si es ``veces`` más rápida."""
    return coste_trabajo(precio_rapida, numero(horas_lenta, "horas_lenta") / numero(veces, "veces"))
