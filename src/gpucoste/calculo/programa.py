"""¿Cuánto tarda un programa de preentrenamiento entero? Las horas de GPU que publican las fichas de los modelos.

Las horas de GPU que da la ficha de un modelo no son las de un trabajo ordinario a la MFU de un nodo: incluyen los
fallos y los reinicios, las pruebas, las fases de baja eficiencia (contexto largo, recocido) y todo lo que la
publicación cuente dentro. La calibración ajusta a esas fichas (``medidas.csv``, método ``preentrenamiento``) la MFU
efectiva de un programa entero, con todo eso dentro (el *goodput*: la parte del cómputo comprado que acaba en el
modelo): la clave ``mfu_<clase>_varios_nodos`` de ``ajustes.csv``. Este módulo la aplica:

- ``mfu_programa`` y ``mfu_programa_central``: esa MFU, con su rango y su valor típico;
- ``horas_programa`` y ``horas_programa_tipicas``: las horas de un programa entero de ``tokens`` tokens (el modo
  programa de ``gpucoste cuanto-tarda --programa``);
- ``fichas``: cada ficha de ``medidas.csv`` frente al cálculo ordinario y al modo programa;
- ``factor_programa`` y ``factor_programa_tipico``: cuántas veces las horas típicas de un trabajo ordinario
  (``tiempo.horas_tipicas``) tarda un programa entero en las mismas GPU, para convertir unas horas en otras.

Solo se ajusta con fichas de GPU de centro de datos con HBM; en otra clase sin fichas propias se usa esa MFU (una
estimación: nadie publica un preentrenamiento entero en GPU de consumo). Python puro: sirve igual en el navegador.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.base.validacion import Validado
from gpucoste.calculo import tiempo
from gpucoste.calculo.coste import Rango

__all__ = [
    "ESCALA_PROGRAMA",
    "Ficha",
    "factor_programa",
    "factor_programa_tipico",
    "fichas",
    "horas_programa",
    "horas_programa_tipicas",
    "mfu_programa",
    "mfu_programa_central",
]

ESCALA_PROGRAMA = "varios_nodos"
"""La escala de ``ajustes.csv`` cuya MFU se ajusta con programas de preentrenamiento enteros (``mfu_<clase>_<escala>``;
la calibración pone ahí las medidas de método ``preentrenamiento``)."""


def _ajuste_programa(equipo: str | datos.Gpu) -> datos.Ajuste:
    """El ajuste de la MFU de un programa entero en la clase de ``equipo`` o, si esa clase no tiene fichas, en las GPU
    con HBM; si no hay ninguno, un error que dice qué falta."""
    ajustes = datos.ajustes()
    for clase in (tiempo.clase_gpu(equipo), "hbm"):
        clave = f"mfu_{clase}_{ESCALA_PROGRAMA}"
        if clave in ajustes:
            return ajustes[clave]
    raise ValueError(
        f"ajustes.csv no tiene «mfu_hbm_{ESCALA_PROGRAMA}»: la calibración no tiene horas de GPU de programas de "
        "preentrenamiento enteros; añade a medidas.csv las de fichas de modelos (método preentrenamiento) y rehazlo "
        "con «make calibrar»."
    )


def mfu_programa(equipo: str | datos.Gpu) -> Rango:
    """El rango de MFU efectiva de un programa de preentrenamiento entero en ``equipo`` (fallos, reinicios y fases de
    baja eficiencia dentro), ajustado a las horas de GPU de las fichas de los modelos."""
    a = _ajuste_programa(equipo)
    return Rango(a.minimo, a.maximo)


def mfu_programa_central(equipo: str | datos.Gpu) -> float:
    """La MFU efectiva típica (la mediana de las fichas de la mitad de ajuste) de un programa entero en ``equipo``."""
    return _ajuste_programa(equipo).central


def horas_programa(
    nombre: str | datos.Modelo, tokens: float, equipo: str | datos.Gpu, *, n_gpus: int = 1, secuencia: int = 8192
) -> Rango:
    """Horas de reloj de un programa de preentrenamiento entero de ``nombre`` sobre ``tokens`` en ``n_gpus`` ×
    ``equipo``: los FLOPs del modelo entrenado entero (``tiempo.flops_entrenamiento``, con la atención de
    ``secuencia``) ÷ (GPUs × pico en bf16 × ``mfu_programa``). Por ``n_gpus``, las horas de GPU de la ficha.

    La MFU del programa ya lleva dentro el reparto entre nodos, así que no se multiplica por la eficiencia de la
    interconexión (``tiempo.eficiencia_interconexion``), como sí hace ``tiempo.horas_entrenamiento``.
    """
    flops = tiempo.flops_entrenamiento(nombre, "completo", tokens, secuencia=secuencia)
    return tiempo.horas(flops, equipo, n_gpus, mfu_programa(equipo))


def horas_programa_tipicas(
    nombre: str | datos.Modelo, tokens: float, equipo: str | datos.Gpu, *, n_gpus: int = 1, secuencia: int = 8192
) -> float:
    """Las horas típicas de ``horas_programa``: con la MFU efectiva típica (``mfu_programa_central``)."""
    flops = tiempo.flops_entrenamiento(nombre, "completo", tokens, secuencia=secuencia)
    u = mfu_programa_central(equipo)
    return tiempo.horas(flops, equipo, n_gpus, Rango(u, u)).minimo


def factor_programa(equipo: str | datos.Gpu, n_gpus: int = 1, interconexion: str | None = None) -> Rango:
    """Cuántas veces las horas típicas de un trabajo ordinario en ``n_gpus`` × ``equipo`` (``tiempo.horas_tipicas``,
    con la MFU típica de un nodo y la eficiencia de ``interconexion``) tarda un programa de preentrenamiento entero
    con los mismos FLOPs: esa MFU ÷ la de un programa (``mfu_programa``). El mínimo, con la MFU de programa más alta.

    Lo que multiplica las horas de un cálculo ordinario para darlas como las daría la ficha de un modelo.
    """
    u = tiempo.mfu_central(equipo, n_gpus, interconexion)
    p = mfu_programa(equipo)
    return Rango(u / p.maximo, u / p.minimo)


def factor_programa_tipico(equipo: str | datos.Gpu, n_gpus: int = 1, interconexion: str | None = None) -> float:
    """El factor típico de ``factor_programa``: la MFU típica de un trabajo ordinario ÷ la típica de un programa."""
    return tiempo.mfu_central(equipo, n_gpus, interconexion) / mfu_programa_central(equipo)


@dataclass(frozen=True)
class Ficha(Validado):
    """Una ficha de modelo (``medidas.csv``, método ``preentrenamiento``) frente a lo que calcula la biblioteca, en
    horas de GPU: ``publicadas`` (las de la ficha), ``ordinarias`` (``tiempo.horas_tipicas``: la MFU típica de un
    trabajo ordinario con la eficiencia de InfiniBand entre nodos) y las del modo programa (``horas_programa_tipicas``
    y el rango de ``horas_programa``). ``en_ajuste``: si la ficha está en la mitad con que se ajusta la MFU de un
    programa (``calibracion.mitades``). ``fecha`` y ``fuente``: las de su fila de ``medidas.csv``; ``nombre``, cómo
    se lee (el ``id`` es la clave de los datos)."""

    id: str
    modelo: str
    gpu: str
    publicadas: float
    ordinarias: float
    programa: float
    programa_min: float
    programa_max: float
    en_ajuste: bool
    fecha: str
    fuente: str

    @property
    def nombre(self) -> str:
        """La ficha para una persona, de sus datos: el modelo y la fecha de la ficha en palabras
        («Llama 3.1 70B, ficha del 23 de julio de 2024»): dos fichas del mismo modelo se distinguen por la fecha."""
        return f"{self.modelo}, ficha del {formato.fecha(self.fecha)}"


_GPUS_FICHA = 1024
"""GPU de una ficha que no dice cuántas: cualquier número de más de 8 (varios nodos) da las mismas horas de GPU."""


def fichas() -> tuple[Ficha, ...]:
    """Cada ficha de modelo de ``medidas.csv`` que entra en la calibración (método ``preentrenamiento``, con sus
    tokens), por modelo y fecha: sus horas de GPU publicadas frente al cálculo ordinario y al modo programa
    (``Ficha``)."""
    from gpucoste.calculo import calibracion

    ajuste = {m.id for m in calibracion.mitades()[0]}
    salida = []
    for m in sorted(calibracion.usadas(), key=lambda x: (x.modelo, x.fecha, x.id)):
        if m.tipo != "entrenamiento" or m.metodo != "preentrenamiento" or m.unidad != "gpu_horas" or not m.tokens:
            continue
        n = m.n_gpus or _GPUS_FICHA
        comunes = {"n_gpus": n, "secuencia": m.secuencia or 8192}
        ordinarias = tiempo.horas_tipicas(m.modelo, "completo", m.tokens, m.gpu, **comunes) * n
        r = horas_programa(m.modelo, m.tokens, m.gpu, **comunes)
        tipicas = horas_programa_tipicas(m.modelo, m.tokens, m.gpu, **comunes) * n
        salida.append(
            Ficha(
                m.id,
                m.modelo,
                m.gpu,
                m.valor,
                ordinarias,
                tipicas,
                r.minimo * n,
                r.maximo * n,
                m.id in ajuste,
                m.fecha,
                m.fuente,
            )
        )
    return tuple(salida)
