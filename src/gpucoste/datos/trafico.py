"""``trafico_horario.csv``: cuántas peticiones llegan a un servicio de chat en cada hora del día.

Cada fila es una hora (0 a 23, UTC) de un perfil publicado: las peticiones que empiezan en esa hora, sumadas los días
que cubre la fuente. De ahí ``gpucoste.calculo.servicio_escalado`` saca cuántas veces la media hay en cada hora, y
cuántas GPU hacen falta en cada una si se alquilan solo las que pide la hora.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import esquema

__all__ = ["TRAFICO_HORARIO", "TraficoHorario", "trafico_horario"]


@dataclass(frozen=True)
class TraficoHorario(esquema.Registro):
    """Las peticiones de un perfil publicado que empiezan en la hora ``hora`` (UTC), sumadas ``dias_sumados`` días."""

    perfil: str
    hora: int
    peticiones: int
    dias_sumados: int
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


TRAFICO_HORARIO = esquema.Tabla(
    "trafico_horario.csv",
    TraficoHorario,
    "Peticiones de un servicio de inferencia publicado en cada hora del día (UTC), sumadas los días de la fuente: "
    "el perfil del día con que gpucoste.calculo.servicio_escalado reparte el tráfico por horas.",
    columnas=(
        esquema.Columna("perfil", "texto", "Identificador del perfil (una traza y un servicio)."),
        esquema.Columna("hora", "entero", "Hora del día (UTC) en que empiezan las peticiones.", minimo=0, maximo=23),
        esquema.Columna("peticiones", "entero", "Peticiones de esa hora, sumadas todos los días.", minimo=1),
        esquema.Columna("dias_sumados", "entero", "Días que se suman.", minimo=1),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("perfil", "hora"),
)


def trafico_horario() -> tuple[TraficoHorario, ...]:
    """Las filas de ``trafico_horario.csv``: una por perfil y hora del día."""
    return esquema.cargar(TRAFICO_HORARIO)
