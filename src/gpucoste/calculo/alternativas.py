"""El mismo trabajo en cada proveedor: GPU, arranque, disco y transferencia, con las tarifas de los datos.

Usa el precio más reciente no atípico de cada proveedor y nivel para una GPU (``atipicos``), el coste
de ``coste.coste_total`` y la transferencia de ``ocultos`` (con las franquicias mensuales). Donde un
proveedor no publica una tarifa en los datos, la partida queda como ``NaN`` y el total no la incluye:
nunca un cero inventado.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from gpucoste import datos
from gpucoste.base.validacion import Validado, instancia, opcion
from gpucoste.base.validacion import numero as valido
from gpucoste.calculo import atipicos, experimento, interrupciones, ocultos
from gpucoste.calculo.coste import coste_total

__all__ = ["Cambio", "Trabajo", "cambios_de_precio", "comparar", "ofertas", "trabajo_del_articulo", "trabajo_grande"]


@dataclass(frozen=True)
class Trabajo(Validado):
    """Un trabajo: horas de GPU, GB en disco mientras dura, GB que se suben y GB que se bajan."""

    nombre: str
    horas: float
    gb_disco: float
    gb_subida: float
    gb_bajada: float


def trabajo_del_articulo(gpu: str = "H100 80GB") -> Trabajo:
    """El fine-tuning de la primera versión en ``gpu``: sus horas, y disco y transferencia de los supuestos."""
    gpu = opcion(gpu, "GPU con escenario en el experimento", {e.gpu for e in experimento.escenarios()})
    esc = next(e for e in experimento.escenarios() if e.gpu == gpu)
    s = datos.supuestos()
    return Trabajo(
        "fine-tuning de la primera versión",
        esc.horas,
        ocultos.gb_en_disco(),
        s["dataset_gb"].valor_min,
        ocultos.gb_checkpoint(),
    )


def trabajo_grande() -> Trabajo:
    """El trabajo grande de los supuestos (``grande_*`` en ``supuestos.csv``)."""
    s = datos.supuestos()
    return Trabajo(
        "trabajo grande",
        s["grande_horas"].valor_min,
        s["grande_disco_gb"].valor_min,
        s["grande_subida_gb"].valor_min,
        s["grande_bajada_gb"].valor_min,
    )


def ofertas(gpu: str) -> list[datos.Precio]:
    """El precio más reciente no atípico de cada proveedor y nivel que alquila ``gpu``."""
    gpu = opcion(gpu, "GPU", datos.gpus())
    claves = sorted({(p.proveedor, p.nivel) for p in datos.precios() if p.gpu == gpu})
    return [atipicos.precio_reciente(gpu, proveedor, nivel).precio for proveedor, nivel in claves]


def _tarifa_disco(proveedor: str) -> datos.Tarifa | None:
    return next((t for t in datos.tarifas() if (t.proveedor, t.concepto) == (proveedor, "almacenamiento")), None)


def comparar(gpu: str, trabajo: Trabajo) -> pd.DataFrame:
    """Una fila por proveedor y nivel con ``gpu``: precio, fecha y cada partida como mínimo y máximo.

    En una oferta interrumpible, ``retrabajo_min/max`` es el coste esperado del trabajo repetido tras las
    interrupciones (``interrupciones.retrabajo``, el mismo que usa el ranking; 0 en las demás) y el disco se cobra
    también durante esas horas.

    Columnas: ``proveedor``, ``nivel``, ``precio``, ``fecha``, ``gpu`` (sin interrupciones), ``retrabajo_min/max``,
    ``arranque_min/max``,
    ``disco_min/max`` y ``transferencia_min/max`` (``NaN`` si no hay tarifa), ``total_min/max`` (sin
    las partidas sin tarifa) y ``completo`` (todas las partidas tienen tarifa). Ordenada por total.
    """
    valido(instancia(trabajo, Trabajo, "trabajo", de="p. ej. alternativas.trabajo_grande()").horas, "horas")
    arranque = datos.supuestos()["minutos_arranque"]
    filas = []
    for p in ofertas(gpu):
        disco = _tarifa_disco(p.proveedor)
        red = ocultos.transferencia(p.proveedor, trabajo.gb_subida, trabajo.gb_bajada)
        extremos, repetido = [], []
        for minutos, lado in ((arranque.valor_min, "min"), (arranque.valor_max, "max")):
            tarifa = getattr(disco, f"precio_{lado}_usd") if disco else 0.0
            # En una interrumpible, el trabajo repetido tras las interrupciones (Daly), como en el ranking.
            r = (
                interrupciones.retrabajo(trabajo.horas, p.precio_hora_usd, reinicio_h=minutos / 60)
                if p.nivel == "interrumpible"
                else None
            )
            repetido.append(r.coste if r else 0.0)
            extremos.append(
                coste_total(
                    p.precio_hora_usd,
                    trabajo.horas + (r.horas_extra if r else 0.0),
                    minutos_arranque=minutos,
                    gb_disco=trabajo.gb_disco,
                    precio_gb_mes=tarifa,
                )
            )
        bajo, alto = extremos
        red_min, red_max = (red.minimo, red.maximo) if red else (math.nan, math.nan)
        filas.append(
            {
                "proveedor": p.proveedor,
                "nivel": p.nivel,
                "precio": p.precio_hora_usd,
                "tipo": p.tipo,
                "fecha": p.fecha,
                "gpu": p.precio_hora_usd * trabajo.horas,
                "retrabajo_min": repetido[0],
                "retrabajo_max": repetido[1],
                "arranque_min": bajo.arranque,
                "arranque_max": alto.arranque,
                "disco_min": bajo.almacenamiento if disco else math.nan,
                "disco_max": alto.almacenamiento if disco else math.nan,
                "transferencia_min": red_min,
                "transferencia_max": red_max,
                "total_min": bajo.total + (red.minimo if red else 0.0),
                "total_max": alto.total + (red.maximo if red else 0.0),
                "completo": disco is not None and red is not None,
            }
        )
    return pd.DataFrame(filas).sort_values("total_min", kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class Cambio(Validado):
    """Un precio que cambió entre dos lecturas fechadas de los datos."""

    gpu: str
    proveedor: str
    nivel: str
    antes: datos.Precio
    despues: datos.Precio

    @property
    def variacion(self) -> float:
        return self.despues.precio_hora_usd / self.antes.precio_hora_usd - 1


def cambios_de_precio(proveedores: tuple[str, ...] | None = None) -> list[Cambio]:
    """Cada cambio entre lecturas consecutivas no atípicas de un mismo proveedor, GPU y nivel."""
    if proveedores is not None:
        if not isinstance(proveedores, list | tuple) or not proveedores:
            raise ValueError(
                f"proveedores: {proveedores!r} no vale; se admite None o una tupla no vacía de proveedores de "
                f"precios.csv: {', '.join(map(repr, datos.proveedores()))}."
            )
        proveedores = tuple(opcion(p, "Proveedor", datos.proveedores()) for p in proveedores)
    cambios = []
    grupos = sorted({(p.gpu, p.proveedor, p.nivel) for p in datos.precios()})
    for gpu, proveedor, nivel in grupos:
        if proveedores is not None and proveedor not in proveedores:
            continue
        serie = sorted(
            (
                p
                for p in datos.precios()
                if (p.gpu, p.proveedor, p.nivel) == (gpu, proveedor, nivel) and atipicos.atipico(p) is None
            ),
            key=lambda p: p.fecha,
        )
        for antes, despues in zip(serie, serie[1:], strict=False):
            if antes.precio_hora_usd != despues.precio_hora_usd:
                cambios.append(Cambio(gpu, proveedor, nivel, antes, despues))
    return cambios
