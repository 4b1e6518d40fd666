"""La calculadora «horas-gpu»: «N horas de GPU X» (lo que declara la ficha de un modelo o un artículo) → horas y
coste en cada GPU y proveedor que se alquila (``gpucoste.calculo.equivalencia.equivalencias``, lo mismo que
«gpucoste horas-gpu»). Los valores por defecto son los de la ficha de Llama 2 7B (``equivalencia.FICHA_LLAMA_2_7B``),
el ejemplo de su página."""

from __future__ import annotations

from gpucoste.base.etiquetas import COLUMNAS, HORAS_DE_RELOJ
from gpucoste.base.formato import numero, rango, tipo_precio
from gpucoste.base.validacion import opcion
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["HORAS_GPU", "N_GPUS_EJEMPLO"]

N_GPUS_EJEMPLO = 8
"""Las GPU que se alquilan en el ejemplo: un nodo."""


def _campos_horas_gpu() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import equivalencia, tiempo

    f = equivalencia.FICHA_LLAMA_2_7B
    return (
        Campo(
            "horas",
            "Horas de GPU que declara la ficha",
            "h",
            f.horas,
        ),
        Campo("gpu", "GPU de la ficha", "", f.gpu, tuple(datos.especificaciones())),
        Campo(
            "escala_origen",
            "Dónde se entrenó, según la ficha",
            "",
            f.escala,
            tuple(equivalencia.ESCALAS_ORIGEN),
            dict(tiempo.ESCALAS),
        ),
        Campo("n_gpus", "GPU que alquilas a la vez", "", N_GPUS_EJEMPLO),
        Campo("sin_estimaciones", "Sin estimaciones (solo precios leídos)", "", "sí", ("sí", "no")),
    )


def _tabla_horas_gpu(*, horas: float, gpu: str, escala_origen: str, n_gpus: int, sin_estimaciones: str = "sí") -> Tabla:
    from gpucoste.calculo import equivalencia, tiempo

    opcion(sin_estimaciones, "Sin estimaciones", ("sí", "no"))
    filas = equivalencia.equivalencias(
        horas, gpu, escala_origen=escala_origen, n_gpus=n_gpus, estimaciones=sin_estimaciones == "no"
    )
    if not filas:
        raise ValueError("sin_estimaciones: ningún precio leído se puede comparar; prueba con «no».")
    c = COLUMNAS  # los títulos de «gpucoste horas-gpu»
    columnas = (
        c["gpu"],
        c["proveedor"],
        c["coste_tipico_usd"],
        c["coste_usd"],
        c["horas_gpu_tipicas"],
        HORAS_DE_RELOJ,
        c["precio_hora_usd"],
        c["tipo_precio"],
        c["fecha_precio"],
    )
    celdas = tuple(
        (
            e.precio.gpu if e.n_gpus == 1 else f"{e.n_gpus} × {e.precio.gpu}",
            e.precio.proveedor_y_nivel,
            numero(e.coste_tipico),
            rango(e.coste.minimo, e.coste.maximo),
            numero(e.horas_gpu_tipicas, 0),
            rango(e.horas.minimo, e.horas.maximo, 0),
            numero(e.precio.precio_hora_usd),
            tipo_precio(e.precio.tipo),
            _fecha(e.precio.fecha),
        )
        for e in filas
    )
    titulo = (
        f"{numero(horas, 0)} horas de GPU de {gpu}, {tiempo.ESCALAS[escala_origen]}, en "
        f"{'una GPU alquilada' if n_gpus == 1 else f'{numero(n_gpus, 0)} GPU alquiladas a la vez'}"
    )
    numericas = (False, False, True, True, True, True, True, False, False)
    # Sin nota: lo que la cuenta no incluye está en la página, bajo el ejemplo (y al pie de la orden); con ella, en un
    # móvil la respuesta no cabría con el formulario en la primera pantalla.
    return Tabla(columnas, celdas, numericas, "", titulo)


def _fecha(fecha: str) -> str:
    from gpucoste.datos import frescura

    return frescura.fecha_con_aviso(fecha)


HORAS_GPU = Calculadora(
    "horas-gpu",
    "Calcula tu caso: ¿cuánto cuestan N horas de otra GPU?",
    {"horas": "decimal", "gpu": "opcion", "escala_origen": "opcion", "n_gpus": "entero", "sin_estimaciones": "opcion"},
    _campos_horas_gpu,
    _tabla_horas_gpu,
    "horas-gpu",
)
"""La calculadora «horas-gpu» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``)."""
