"""Cuadernos en la nube, gratis o baratos (Google Colab, Kaggle…): si el trabajo cabe en su GPU, cuántas horas y
sesiones pide, si cabe en la cuota de la semana y lo que cuesta, con las desconexiones.

Para cada oferta de ``cuadernos.csv`` (la más reciente de cada servicio, plan y GPU):

1. si el trabajo cabe en las GPU de una sesión (``memoria.gpus_necesarias``);
2. las horas de cómputo, un rango por la MFU (``tiempo.horas_entrenamiento``, como en el ranking);
3. las desconexiones, con el mismo modelo que las instancias interrumpibles (``interrupciones.retrabajo``: la tasa,
   la escritura del checkpoint y el reinicio de ``supuestos.csv``; ningún servicio publica cada cuánto desconecta);
4. el límite de la sesión: pasado ``sesion_h``, la sesión se acaba y el trabajo sigue en otra desde el último
   checkpoint, con otro arranque (los minutos de ``minutos_arranque``); así, las sesiones que pide;
5. si hay cuota semanal, las semanas de cuota que pide;
6. el coste: horas facturadas × unidades por hora × dólares por unidad (0 en un plan gratis).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import esquema, formato
from gpucoste.base.validacion import Validado, entero, numero, opcion, resultado
from gpucoste.calculo import interrupciones, memoria, tiempo
from gpucoste.calculo.coste import Rango

__all__ = ["OpcionCuaderno", "ofertas", "opciones_cuaderno", "precio_hora", "sesiones"]


@dataclass(frozen=True)
class OpcionCuaderno(Validado):
    """Una oferta de cuadernos para un trabajo: horas, sesiones, semanas de cuota y coste, o por qué no puede."""

    oferta: datos.Cuaderno
    horas: Rango | None
    """Horas facturadas esperadas: cómputo, trabajo repetido tras las desconexiones y un arranque por sesión."""
    coste: Rango | None
    """Dólares esperados; ``None`` si el trabajo no cabe en sus GPU."""
    sesiones: tuple[int, int] | None
    """Sesiones que pide (mínimo, máximo)."""
    semanas: tuple[int, int] | None
    """Semanas de cuota que pide (mínimo, máximo); ``None`` sin cuota publicada (o si no cabe)."""
    razon: str
    """Por qué no puede; si puede, la sesión, la cuota y lo que no garantiza."""

    @property
    def puede(self) -> bool:
        """¿Cabe el trabajo en las GPU de una sesión?"""
        return self.coste is not None

    @property
    def precio_hora_usd(self) -> float:
        """Dólares por hora de sesión (``precio_hora``)."""
        return precio_hora(self.oferta)

    @property
    def nombre(self) -> str:
        """«Google Colab (unidades de cómputo)»."""
        return f"{self.oferta.servicio} ({self.oferta.plan})"


def precio_hora(oferta: datos.Cuaderno) -> float:
    """Dólares por hora de una sesión de ``oferta``: unidades por hora × dólares por unidad (0 en un plan gratis)."""
    if not isinstance(oferta, datos.Cuaderno):
        raise ValueError(f"oferta: {oferta!r:.80} no vale; se admite un gpucoste.datos.Cuaderno (los de ofertas()).")
    return oferta.unidades_hora * oferta.usd_unidad


def ofertas() -> list[datos.Cuaderno]:
    """La oferta más reciente de cada servicio, plan y GPU de ``cuadernos.csv``."""
    ultimas: dict[tuple[str, str, str], datos.Cuaderno] = {}
    for c in esquema.cargar(datos.CUADERNOS):
        clave = (c.servicio, c.plan, c.gpu)
        if clave not in ultimas or c.fecha > ultimas[clave].fecha:
            ultimas[clave] = c
    return list(ultimas.values())


def sesiones(horas: float, sesion_h: float) -> int:
    """Cuántas sesiones de ``sesion_h`` horas pide un trabajo de ``horas`` horas facturadas (al menos una)."""
    horas = numero(horas, "horas", cero=True)
    sesion_h = numero(sesion_h, "sesion_h")
    cociente = resultado(horas / sesion_h, "sesiones", {"horas": horas, "sesion_h": sesion_h})
    return max(1, math.ceil(cociente - 1e-9))


def _horas_con_sesiones(computo: float, precio: float, sesion_h: float, reinicio_h: float) -> tuple[float, int]:
    """(horas facturadas, sesiones) de ``computo`` horas con desconexiones (Daly) y un arranque por sesión."""
    extra = interrupciones.retrabajo(computo, precio, reinicio_h=reinicio_h).horas_extra
    n = sesiones(computo + extra + reinicio_h, sesion_h)
    for _ in range(100):  # cada arranque de más puede pedir otra sesión: hasta que se estabiliza
        total = computo + extra + n * reinicio_h
        m = sesiones(total, sesion_h)
        if m == n:
            return total, n
        n = m
    return computo + extra + n * reinicio_h, n


def _texto(oferta: datos.Cuaderno, n_sesiones: tuple[int, int], semanas: tuple[int, int] | None) -> str:
    def cuantas(par: tuple[int, int], una: str, varias: str) -> str:
        if par == (1, 1):
            return una
        return f"{par[0]}–{par[1]} {varias}" if par[0] != par[1] else f"{par[0]} {varias}"

    sesion = formato.numero(oferta.sesion_h, 0)
    partes = [
        cuantas(n_sesiones, f"cabe en una sesión de {sesion} horas", f"sesiones de {sesion} horas (con checkpoints)")
    ]
    if semanas is not None:
        cuota = formato.numero(oferta.cuota_semana_h or 0, 0)
        partes.append(
            cuantas(semanas, f"cabe en la cuota de una semana ({cuota} horas)", f"semanas de cuota ({cuota} horas)")
        )
    elif oferta.usd_unidad == 0:
        partes.append("sin cuota publicada: la GPU gratis no está garantizada")
    return "; ".join(partes)


def opciones_cuaderno(
    modelo: str,
    metodo: str,
    tokens: float,
    *,
    secuencia: int = memoria.SECUENCIA,
    lote: int = 1,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
) -> list[OpcionCuaderno]:
    """Cada oferta de cuadernos (``ofertas``) para entrenar ``modelo`` con ``metodo`` sobre ``tokens`` (los de todas
    las épocas): horas, sesiones, semanas de cuota y coste esperados en dólares, o por qué no puede.

    Primero las que pueden, de la más barata a la más cara (y, a igual coste, la más rápida); después las que no.
    """
    m = memoria.modelo(modelo)
    opcion(metodo, "Método de entrenamiento", ("completo", "lora", "qlora"))
    numero(tokens, "tokens")
    entero(rango_lora, "rango_lora", minimo=1, maximo=4096)
    memoria.booleano(checkpointing, "checkpointing")
    entero(secuencia, "secuencia", minimo=1, maximo=10**7)
    entero(lote, "lote", minimo=1, maximo=10**5)
    opciones_memoria = {"secuencia": secuencia, "lote": lote, "checkpointing": checkpointing, "rango_lora": rango_lora}
    s = interrupciones.supuestos()
    salida = []
    for oferta in ofertas():
        g = memoria.gpu(oferta.gpu)
        if memoria.gpus_necesarias(m, metodo, g, maximo=oferta.n_gpus, **opciones_memoria) is None:
            equipo = oferta.gpu if oferta.n_gpus == 1 else f"{oferta.n_gpus} × {oferta.gpu}"
            razon = f"no cabe en {equipo} ({formato.numero(g.vram_gb * oferta.n_gpus, 0)} GB)"
            salida.append(OpcionCuaderno(oferta, None, None, None, None, razon))
            continue
        computo = tiempo.horas_entrenamiento(
            m, metodo, tokens, g, n_gpus=oferta.n_gpus, checkpointing=checkpointing, rango_lora=rango_lora
        )
        precio = precio_hora(oferta)
        bajo = _horas_con_sesiones(computo.minimo, precio, oferta.sesion_h, s.reinicio_min_h)
        alto = _horas_con_sesiones(computo.maximo, precio, oferta.sesion_h, s.reinicio_max_h)
        semanas = None
        if oferta.cuota_semana_h is not None:
            semanas = tuple(max(1, math.ceil(h / oferta.cuota_semana_h - 1e-9)) for h in (bajo[0], alto[0]))
        n = (bajo[1], alto[1])
        salida.append(
            OpcionCuaderno(
                oferta,
                Rango(bajo[0], alto[0]),
                Rango(bajo[0] * precio, alto[0] * precio),
                n,
                semanas,
                _texto(oferta, n, semanas),
            )
        )

    def orden(o: OpcionCuaderno) -> tuple:
        if not o.puede:
            return (1, 0.0, 0.0, o.nombre, o.oferta.gpu)
        return (0, (o.coste.minimo + o.coste.maximo) / 2, (o.horas.minimo + o.horas.maximo) / 2, o.nombre, o.oferta.gpu)

    return sorted(salida, key=orden)
