"""Los escenarios de un experimento: su tabla de costes y la comparación entre ellos."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpucoste import datos
from gpucoste.base.validacion import Validado, opcion, resultado
from gpucoste.calculo.coste import coste_trabajo

if TYPE_CHECKING:  # pandas solo al pedir la tabla: el navegador (Pyodide) no lo tiene
    import pandas as pd


__all__ = ["Comparacion", "FINETUNING", "comparar", "escenarios", "precio", "precio_reciente", "tabla"]


def _escenario(escenario: object) -> datos.Escenario:
    if not isinstance(escenario, datos.Escenario):
        raise ValueError(
            f"escenario: {escenario!r} no es un escenario; se admite uno de experimento.escenarios() (datos.Escenario)."
        )
    return escenario


FINETUNING = "finetuning-lora-7b"
"""El experimento de la primera versión: fine-tuning LoRA de un modelo 7B."""


def escenarios(experimento: str = FINETUNING) -> list[datos.Escenario]:
    """Los escenarios de ``experimento``, en el orden del fichero de datos."""
    experimento = opcion(experimento, "Experimento", {e.experimento for e in datos.escenarios()})
    return [e for e in datos.escenarios() if e.experimento == experimento]


def precio(escenario: datos.Escenario) -> datos.Precio:
    """La referencia de precio (con fuente y fecha) que usa ``escenario``."""
    e = _escenario(escenario)
    return datos.precio(e.gpu, e.proveedor, e.nivel, e.fecha_precio)


def precio_reciente(escenario: datos.Escenario) -> datos.Precio:
    """El precio más reciente de los datos para la GPU, el proveedor y el nivel de ``escenario``."""
    e = _escenario(escenario)
    return datos.precio(e.gpu, e.proveedor, e.nivel)


def tabla(experimento: str = FINETUNING, *, recientes: bool = False) -> pd.DataFrame:
    """Una fila por escenario: GPU, US$/h, qué es el precio (``tipo``: «estimación», «precio de lista»…),
    horas, coste del trabajo y fecha del precio.

    Con ``recientes``, cada escenario usa el precio más reciente de los datos en vez del suyo.
    """
    if not isinstance(recientes, bool):
        raise ValueError(f"recientes: {recientes!r} no vale; se admite True o False.")
    import pandas as pd

    from gpucoste.base.formato import tipo_precio

    filas = []
    for esc in escenarios(experimento):
        p = precio_reciente(esc) if recientes else precio(esc)
        filas.append(
            {
                "GPU": p.nombre,
                "US$/h": p.precio_hora_usd,
                "tipo": tipo_precio(p.tipo),
                "horas": esc.horas,
                "coste": coste_trabajo(p.precio_hora_usd, esc.horas),
                "fecha": p.fecha,
            }
        )
    return pd.DataFrame(filas, columns=["GPU", "US$/h", "tipo", "horas", "coste", "fecha"])


@dataclass(frozen=True)
class Comparacion(Validado):
    """Cuánto más cara por hora es una GPU, y qué pasa con el coste y el tiempo del trabajo."""

    cara: datos.Precio
    barata: datos.Precio
    veces_precio_hora: float
    veces_coste: float
    fraccion_tiempo: float


def comparar(experimento: str = FINETUNING) -> Comparacion:
    """Compara el escenario más caro por hora de ``experimento`` con el más barato por hora."""
    pares = [(precio(e), e) for e in escenarios(experimento)]
    (cara, e_cara), (barata, e_barata) = (
        max(pares, key=lambda par: par[0].precio_hora_usd),
        min(pares, key=lambda par: par[0].precio_hora_usd),
    )
    coste_cara = coste_trabajo(cara.precio_hora_usd, e_cara.horas)
    coste_barata = coste_trabajo(barata.precio_hora_usd, e_barata.horas)
    if not coste_barata:  # un coste que la cuenta redondea a 0 (horas o precio diminutos): no hay cociente
        raise ValueError(
            f"escenarios.csv, escenario ({e_barata.experimento}, {e_barata.gpu}, {e_barata.proveedor}, "
            f"{e_barata.nivel}), columna horas: {e_barata.horas!r} h a {barata.precio_hora_usd!r} US$/h cuestan 0 US$ "
            "en la cuenta; se admiten horas y un precio cuyo producto sea mayor que 0."
        )
    entradas = {"experimento": experimento}
    return Comparacion(
        cara=cara,
        barata=barata,
        veces_precio_hora=resultado(cara.precio_hora_usd / barata.precio_hora_usd, "comparar", entradas),
        veces_coste=resultado(coste_cara / coste_barata, "comparar", entradas),
        fraccion_tiempo=resultado(e_cara.horas / e_barata.horas, "comparar", entradas),
    )
