"""«Un fine-tuning que en local tardaría tres días en una H100 tarda dos horas» (artículo original), calculado: el
trabajo del experimento con los tokens que tardan esas horas en la GPU rápida, y sus horas en cada GPU de casa.

:mod:`gpucoste.guia.decisiones` lo reexporta con los nombres de siempre.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base.validacion import Validado
from gpucoste.calculo.coste import Rango
from gpucoste.calculo.trabajo import Trabajo

__all__ = ["EnLocal", "GPUS_LOCALES", "LocalFrenteARapida", "local_frente_a_rapida"]


GPUS_LOCALES = ("RTX 3060 12GB", "RTX 4060 Ti 16GB", "RTX 4090", "RTX 5090", "Apple M2 Ultra 192GB")
"""Las GPUs que un lector puede tener en casa (las locales de ``gpus.csv``), para comparar con una alquilada."""


@dataclass(frozen=True)
class EnLocal(Validado):
    """Un trabajo en una GPU local: el método que cabe en ella (o ``None``), sus horas y cuánto más lenta es."""

    gpu: str
    metodo: str | None
    horas: Rango | None
    veces: float  # TFLOPS densos en bf16 de la GPU rápida ÷ los de esta

    @property
    def dias(self) -> Rango | None:
        return None if self.horas is None else Rango(self.horas.minimo / 24, self.horas.maximo / 24)


@dataclass(frozen=True)
class LocalFrenteARapida(Validado):
    """El trabajo que tarda ``horas_rapida`` en la GPU rápida y lo que tarda en cada GPU local."""

    trabajo: Trabajo
    """El del experimento (``experimento_definido.TRABAJO``), con los tokens que dan esas horas."""
    rapida: str
    horas_rapida: Rango
    locales: tuple[EnLocal, ...]

    def dentro(self, horas: float) -> list[str]:
        """Las GPU locales en cuyo rango de horas cae ``horas`` (p. ej. 72, «tres días»)."""
        from gpucoste.base.validacion import numero

        horas = numero(horas, "horas")
        return [g.gpu for g in self.locales if g.horas is not None and g.horas.minimo <= horas <= g.horas.maximo]

    def por_debajo(self, horas: float) -> list[str]:
        """Las GPU locales que terminan antes de ``horas`` incluso en lo alto de su rango."""
        from gpucoste.base.validacion import numero

        horas = numero(horas, "horas")
        return [g.gpu for g in self.locales if g.horas is not None and g.horas.maximo < horas]


def local_frente_a_rapida(
    horas_rapida: float = 2.0, rapida: str = "H100 80GB", locales: tuple[str, ...] = GPUS_LOCALES
) -> LocalFrenteARapida:
    """El trabajo del experimento (``experimento_definido.TRABAJO``) con los tokens que hacen que tarde
    ``horas_rapida`` en ``rapida`` (con la MFU media), y sus horas en cada GPU de ``locales``.

    En cada local se usa el método del trabajo si cabe en una GPU; si no, QLoRA (el base en NF4); si ni así,
    ``metodo`` y ``horas`` son ``None``. Con el mismo MFU, el cociente de horas es el de TFLOPS (``veces``).
    """
    from gpucoste.base.validacion import numero
    from gpucoste.calculo import memoria, tiempo
    from gpucoste.guia.experimento_definido import TRABAJO

    objetivo = numero(horas_rapida, "horas_rapida")
    g = memoria.gpu(rapida).gpu
    if not isinstance(locales, list | tuple) or not locales:
        raise ValueError(f"locales: {locales!r} no vale; se admite una lista no vacía de GPUs de gpus.csv.")
    base = tiempo.horas_entrenamiento(TRABAJO.modelo, TRABAJO.metodo, TRABAJO.tokens_totales, g)
    escala = objetivo / ((base.minimo + base.maximo) / 2)
    trabajo = Trabajo(TRABAJO.modelo, TRABAJO.metodo, TRABAJO.tokens * escala, secuencia=TRABAJO.secuencia)
    filas = []
    for nombre in locales:
        local = memoria.gpu(nombre)
        metodo = next(
            (
                m
                for m in dict.fromkeys((trabajo.metodo, "qlora"))
                if memoria.encaja(trabajo.modelo, m, local, **trabajo.opciones_memoria).cabe
            ),
            None,
        )
        horas = (
            None
            if metodo is None
            else tiempo.horas_entrenamiento(trabajo.modelo, metodo, trabajo.tokens_totales, local)
        )
        filas.append(EnLocal(local.gpu, metodo, horas, memoria.gpu(g).tflops_bf16 / local.tflops_bf16))
    horas_g = tiempo.horas_entrenamiento(trabajo.modelo, trabajo.metodo, trabajo.tokens_totales, g)
    return LocalFrenteARapida(trabajo, g, horas_g, tuple(filas))
