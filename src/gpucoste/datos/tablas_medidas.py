"""La declaración de los CSV de medidas publicadas y de la calibración: ``generacion_medida.csv``, ``medidas.csv``,
``escalado.csv``, ``ajustes.csv`` y ``aceleraciones.csv``, cada uno una ``esquema.Tabla``.

Son las cifras medidas por otros (tokens/s, horas de GPU, memoria pico, eficiencia al repartir entre GPUs,
aceleraciones) y los parámetros que ``gpucoste.calculo.calibracion`` ajusta a ellas; las tablas de precios, costes y
hardware están en ``gpucoste.datos.tablas``. Todo se importa de ``gpucoste.datos``.
"""

from __future__ import annotations

from gpucoste.base import esquema, validacion
from gpucoste.datos.filas import Aceleracion, Ajuste, Escalado, GeneracionMedida, Medida
from gpucoste.datos.tablas import GPUS, MODELOS  # noqa: F401  (las tablas a las que remiten, registradas antes)

__all__ = ["ACELERACIONES", "AJUSTES", "ESCALADO", "GENERACION_MEDIDA", "MEDIDAS", "ids_de_derivacion"]


_GPU_Y_MODELO = (
    esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),
    esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),
)
"""La GPU y el modelo de una medida deben estar en gpus.csv y en modelos.csv."""

GENERACION_MEDIDA = esquema.Tabla(
    "generacion_medida.csv",
    GeneracionMedida,
    "Velocidades de generación publicadas (tokens/s, lote 1), para contrastar la estimación por ancho de banda.",
    columnas=(
        esquema.Columna("gpu", "texto", "GPU medida (como en gpus.csv)."),
        esquema.Columna("modelo", "texto", "Modelo medido (como en modelos.csv)."),
        esquema.Columna("precision", "enum", "Formato de los pesos.", valores=("fp16", "bf16", "fp8", "int8")),
        esquema.Columna("tokens_s", "numero", "Tokens generados por segundo.", minimo=0, excluye_minimo=True),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("gpu", "modelo", "precision"),
    referencias=_GPU_Y_MODELO,
)

MEDIDAS = esquema.Tabla(
    "medidas.csv",
    Medida,
    "Medidas publicadas (tiempo de entrenamiento, memoria pico, tokens/s) con las que se calibran los modelos.",
    columnas=(
        esquema.Columna("id", "texto", "Identificador corto de la medida."),
        esquema.Columna(
            "tipo",
            "enum",
            "Qué se midió: entrenamiento (tokens/s u horas de GPU), memoria (pico), generación (tokens/s de una "
            "secuencia) o servicio (tokens/s de todas las peticiones a carga máxima).",
            valores=("entrenamiento", "memoria", "generacion", "servicio"),
        ),
        esquema.Columna("modelo", "texto", "Modelo medido (como en modelos.csv)."),
        esquema.Columna(
            "metodo",
            "enum",
            "Para qué se cargó el modelo.",
            valores=("preentrenamiento", "completo", "lora", "qlora", "inferencia"),
        ),
        esquema.Columna("gpu", "texto", "GPU medida (como en gpus.csv)."),
        esquema.Columna("n_gpus", "entero", "Número de GPU (vacío si no se publica).", requerida=False, minimo=1),
        esquema.Columna(
            "interconexion",
            "enum",
            "Cómo se hablan las GPU.",
            valores=("ninguna", "pcie", "nvlink", "infiniband", "ethernet", "desconocida"),
        ),
        esquema.Columna(
            "secuencia",
            "entero",
            "Tokens por secuencia (entrenamiento y memoria) o de contexto medio (generación) o de entrada (servicio).",
            requerida=False,
            minimo=1,
        ),
        esquema.Columna("salida", "entero", "Tokens generados por petición.", requerida=False, minimo=1),
        esquema.Columna("lote", "entero", "Secuencias por paso y GPU.", requerida=False, minimo=1),
        esquema.Columna("checkpointing", "enum", "¿Gradient checkpointing?", valores=("sí", "no", "desconocido")),
        esquema.Columna(
            "precision",
            "enum",
            "Precisión o formato de los pesos.",
            valores=("bf16", "fp16", "f16", "fp8", "nf4", "q4_k_m", "gptq-int8", "gptq-int4", "awq-int4"),
        ),
        esquema.Columna("marco", "texto", "Biblioteca de entrenamiento o motor de inferencia."),
        esquema.Columna("valor", "numero", "Valor medido.", minimo=0, excluye_minimo=True),
        esquema.Columna(
            "unidad",
            "enum",
            "Unidad del valor: tokens/s del trabajo, tokens/s por GPU, horas o minutos de GPU, GiB o GB.",
            valores=("tokens_s", "tokens_s_gpu", "gpu_horas", "gpu_minutos", "gib", "gb"),
        ),
        esquema.Columna(
            "tokens",
            "numero",
            "Tokens del entrenamiento (en horas de GPU).",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.Columna(
            "rechazada", "texto", "Vacía si la medida entra en la calibración; si no, por qué no.", requerida=False
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("id",),
    referencias=_GPU_Y_MODELO,
)

ESCALADO = esquema.Tabla(
    "escalado.csv",
    Escalado,
    "Eficiencia medida al repartir un entrenamiento entre GPU, por interconexión (NVLink o PCIe dentro de un "
    "nodo, InfiniBand/RDMA o Ethernet entre nodos): la calibran gpucoste.calculo.calibracion y la usa "
    "gpucoste.calculo.tiempo.",
    columnas=(
        esquema.Columna("id", "texto", "Identificador corto de la medida."),
        esquema.Columna(
            "interconexion",
            "enum",
            "Por dónde se hablan las GPU: NVLink o PCIe dentro de un nodo; InfiniBand (o RDMA sobre Ethernet) o "
            "Ethernet TCP entre nodos.",
            valores=("nvlink", "pcie", "infiniband", "ethernet"),
        ),
        esquema.Columna(
            "referencia",
            "enum",
            "Frente a qué se mide: menos_gpus (los tokens/s por GPU con n_referencia GPU por la misma red) o nvlink "
            "(las mismas GPU unidas por NVLink).",
            valores=("menos_gpus", "nvlink"),
        ),
        esquema.Columna("gpu", "texto", "GPU medida, como la llama la fuente."),
        esquema.Columna("n_gpus", "entero", "GPU del trabajo medido.", minimo=2),
        esquema.Columna("n_referencia", "entero", "GPU de la configuración de referencia.", minimo=1),
        esquema.Columna("modelo", "texto", "Modelo entrenado, como lo llama la fuente."),
        esquema.Columna("metodo", "enum", "Cómo se entrenaba.", valores=("preentrenamiento", "completo", "lora")),
        esquema.Columna("marco", "texto", "Biblioteca de entrenamiento."),
        esquema.Columna(
            "valor",
            "numero",
            "Rendimiento por GPU ÷ el de la referencia (1 = sin pérdida).",
            minimo=0,
            maximo=2,
            excluye_minimo=True,
        ),
        esquema.Columna(
            "rechazada", "texto", "Vacía si la medida entra en el ajuste; si no, por qué no.", requerida=False
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("id",),
    nombres=("gpu", "modelo"),
    reglas=(
        esquema.Regla(
            "n_referencia",
            "un entero menor que n_gpus si referencia es 'menos_gpus', e igual a n_gpus si es 'nvlink' (las mismas "
            "GPU unidas por NVLink)",
            lambda f: (
                f["n_referencia"] < f["n_gpus"] if f["referencia"] == "menos_gpus" else f["n_referencia"] == f["n_gpus"]
            ),
        ),
        esquema.Regla(
            "referencia",
            "'menos_gpus' si interconexion es 'nvlink' (NVLink no se mide frente a sí mismo)",
            lambda f: f["interconexion"] != "nvlink" or f["referencia"] == "menos_gpus",
        ),
    ),
)


def ids_de_derivacion(derivacion: str) -> list[str]:
    """Los id de las medidas que nombra la ``derivacion`` de una fila de ``ajustes.csv``: lo que sigue a los dos
    puntos, sin la aclaración final entre paréntesis («mediana y extremos de: a b (rango: …)» → ``["a", "b"]``)."""
    _, _, lista = validacion.texto(derivacion, "derivacion").partition(": ")
    return lista.split(" (", 1)[0].split()


_RANGOS_AJUSTE = (
    # (prefijo de la clave, qué es, mínimo, ¿excluido?, máximo): lo que significa cada parámetro ajustado.
    ("mfu_", "la MFU (FLOPs del modelo ÷ pico)", 0, True, 1),
    ("generacion_", "una eficiencia frente al ancho de banda", 0, True, 1),
    ("servicio_", "una eficiencia frente al techo de servicio", 0, True, 1),
    ("escalado_", "una eficiencia al repartir entre GPU (como el valor de escalado.csv)", 0, True, 2),
    ("qlora", "cuántas veces tarda QLoRA lo que LoRA", 0.5, False, 10),
    ("dispersion_", "un cociente medido ÷ predicho", 0, True, 10),
    ("memoria", "un cociente medido ÷ predicho", 0, True, 10),
    ("sobrecarga_", "milisegundos por capa y token", 0, False, 100),
)
"""Cotas de cordura, no medidas: la MFU y las eficiencias no pasan de 1 (el escalado, de 2, como en escalado.csv);
QLoRA no tarda menos de la mitad de LoRA ni más de 10 veces; un cociente medido ÷ predicho, de 10 veces."""


def _rango_ajuste(prefijo: str, que: str, minimo: float, excluido: bool, maximo: float) -> tuple[esquema.Regla, ...]:
    def aplica(fila) -> bool:
        return fila["clave"] == prefijo or (prefijo.endswith("_") and fila["clave"].startswith(prefijo))

    donde = f"si clave {'empieza por' if prefijo.endswith('_') else 'es'} {prefijo!r}: {que}"
    bajo = f"mayor {'que' if excluido else 'o igual que'} {minimo:g}"
    return (
        esquema.Regla(
            "minimo",
            f"un número {bajo} ({donde})",
            lambda f: not aplica(f) or (f["minimo"] > minimo if excluido else f["minimo"] >= minimo),
        ),
        esquema.Regla(
            "maximo",
            f"un número menor o igual que {maximo:g} ({donde})",
            lambda f: not aplica(f) or f["maximo"] <= maximo,
        ),
    )


AJUSTES = esquema.Tabla(
    "ajustes.csv",
    Ajuste,
    "Parámetros ajustados a las medidas publicadas (MFU, ralentización de QLoRA, eficiencia de cada motor): "
    "los escribe gpucoste.calculo.calibracion y una prueba comprueba que siguen saliendo de medidas.csv.",
    columnas=(
        esquema.Columna("clave", "texto", "Nombre del parámetro, como lo usa la biblioteca."),
        esquema.Columna("central", "numero", "Valor típico: la mediana de las medidas de ajuste.", minimo=0),
        esquema.Columna("minimo", "numero", "La menor de las medidas de ajuste.", minimo=0),
        esquema.Columna("maximo", "numero", "La mayor de las medidas de ajuste.", minimo=0),
        esquema.Columna("medidas", "entero", "Cuántas medidas de ajuste hay detrás.", minimo=1),
        esquema.Columna("descripcion", "texto", "Qué es."),
        esquema.Columna("derivacion", "texto", "De qué medidas sale (sus id en medidas.csv)."),
    ),
    clave=("clave",),
    orden=(("minimo", "central"), ("central", "maximo")),
    reglas=(
        *(r for rango in _RANGOS_AJUSTE for r in _rango_ajuste(*rango)),
        esquema.Regla(
            "medidas",
            "el número de id de medidas que nombra derivacion",
            lambda f: f["medidas"] == len(ids_de_derivacion(f["derivacion"])),
        ),
    ),
)

ACELERACIONES = esquema.Tabla(
    "aceleraciones.csv",
    Aceleracion,
    "Aceleraciones medidas y publicadas entre dos GPU (cuántas veces más rápida es la primera).",
    columnas=(
        esquema.Columna("gpu_rapida", "texto", "GPU más rápida (como en gpus.csv)."),
        esquema.Columna("gpu_lenta", "texto", "GPU de referencia (como en gpus.csv)."),
        esquema.Columna("veces", "numero", "Cuántas veces más rápida.", minimo=0, excluye_minimo=True),
        esquema.Columna("medida", "texto", "Qué se midió."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("gpu_rapida", "gpu_lenta", "medida"),
    referencias=(
        esquema.Referencia(("gpu_rapida",), "gpus.csv", ("gpu",)),
        esquema.Referencia(("gpu_lenta",), "gpus.csv", ("gpu",)),
    ),
)
