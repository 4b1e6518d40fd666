"""La calculadora «cuanto-tarda»: ¿cuánto tardará? (``gpucoste.calculo.tiempo.horas_entrenamiento``), con sus
campos y su tabla."""

from __future__ import annotations

from gpucoste.base import esquema
from gpucoste.base.etiquetas import COLUMNAS, EPOCAS, TOKENS_ENTRENAMIENTO, inicial_mayuscula
from gpucoste.base.formato import numero, rango
from gpucoste.navegador.ejemplo import EJEMPLO_GPU, EJEMPLO_MODELO, EJEMPLO_TOKENS, _metodo_entrenamiento
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["CUANTO_TARDA", "INTERCONEXION_DE_SERIE"]


def _campos_tarda() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import tiempo

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        _metodo_entrenamiento(),
        Campo("tokens", inicial_mayuscula(TOKENS_ENTRENAMIENTO), "", EJEMPLO_TOKENS),
        Campo("epocas", inicial_mayuscula(EPOCAS), "", 1),
        Campo("gpu", "GPU", "", EJEMPLO_GPU, tuple(datos.especificaciones())),
        Campo("n_gpus", "Número de GPU", "", 1),
        Campo(
            "interconexion",
            "Conexión entre las GPU",
            "",
            INTERCONEXION_DE_SERIE,
            (INTERCONEXION_DE_SERIE, *tiempo.INTERCONEXIONES),
            {INTERCONEXION_DE_SERIE: "la de serie (según la GPU y cuántas)"} | tiempo.INTERCONEXIONES,
        ),
    )


INTERCONEXION_DE_SERIE = "serie"
"""Valor del campo de interconexión que deja la de serie (``interconexion=None``:
``tiempo.interconexion_por_defecto``)."""


def _tabla_tarda(
    *,
    modelo: str,
    metodo: str,
    tokens: float,
    gpu: str,
    n_gpus: int,
    interconexion: str = INTERCONEXION_DE_SERIE,
    epocas: int = 1,
) -> Tabla:
    from gpucoste.calculo import memoria, tiempo
    from gpucoste.calculo.trabajo import Trabajo

    trabajo = Trabajo(modelo, metodo, tokens, epocas=epocas)
    tokens = trabajo.tokens_totales  # lo que se entrena: tokens × épocas (trabajo.Trabajo)
    red = None if interconexion == INTERCONEXION_DE_SERIE else interconexion
    h = tiempo.horas_entrenamiento(modelo, metodo, tokens, gpu, n_gpus=n_gpus, interconexion=red)
    tipicas = tiempo.horas_tipicas(modelo, metodo, tokens, gpu, n_gpus=n_gpus, interconexion=red)
    m = memoria.encaja(modelo, metodo, gpu, n_gpus=n_gpus)
    u = tiempo.mfu(gpu, n_gpus, red)
    # Cada fila con el título de su columna en «gpucoste cuanto-tarda» (etiquetas.COLUMNAS).
    c = COLUMNAS
    filas = [
        (c["horas"], rango(h.minimo, h.maximo, 1)),
        (c["horas_tipicas"], numero(tipicas, 1)),
        (c["mfu"], rango(u.minimo, u.maximo, 2)),
        (c["memoria_gb_por_gpu"], numero(m.total, 1)),
        (c["cabe"], "sí" if m.cabe else "no"),
    ]
    if n_gpus > 1:  # con varias GPU, por dónde se hablan y lo que eso cuesta (escalado.csv)
        e = tiempo.eficiencia_interconexion(gpu, n_gpus, red)
        filas[3:3] = [
            (c["interconexion"], tiempo.INTERCONEXIONES[red or tiempo.interconexion_por_defecto(gpu, n_gpus)]),
            (c["eficiencia_red"], rango(e.minimo, e.maximo, 2)),
        ]
    try:
        v = tiempo.velocidad_generacion(modelo, gpu, n_gpus=n_gpus, contexto=tiempo.CONTEXTO_CALCULADORAS)
        filas.append((c["tokens_s_generar"], rango(v.minimo, v.maximo, 0)))
    except esquema.ErrorDeDatos:
        raise
    except ValueError:  # no cabe en bf16
        filas.append((c["tokens_s_generar"], "no cabe en bf16"))
    titulo = memoria.describir(
        modelo, metodo, tokens=trabajo.tokens, secuencia=memoria.SECUENCIA, gpu_=gpu, n_gpus=n_gpus, epocas=epocas
    )
    return Tabla(("Resultado", "Valor"), tuple(filas), (False, True), "", titulo)


CUANTO_TARDA = Calculadora(
    "cuanto-tarda",
    "Calcula tu caso: ¿cuánto tardará?",
    {
        "modelo": "opcion",
        "metodo": "opcion",
        "tokens": "decimal",
        "epocas": "entero",
        "gpu": "opcion",
        "n_gpus": "entero",
        "interconexion": "opcion",
    },
    _campos_tarda,
    _tabla_tarda,
    "cuanto-tarda",
)
"""La calculadora «cuanto-tarda», la de ``CALCULADORAS``."""
