"""La declaración de cada CSV del paquete: una ``esquema.Tabla`` con sus columnas, tipos, rangos, clave única y
referencias a otros ficheros.

De cada declaración salen la carga (``gpucoste.datos``), los errores en español (fichero, fila y columna) y
``esquema.datapackage()``. Cada tabla se registra al crearse, en este orden: el de ``esquema.comprobar()``.
"""

from __future__ import annotations

from gpucoste.base import esquema, validacion
from gpucoste.base.constantes import NIVELES, TIPOS_PRECIO
from gpucoste.datos.filas import (
    Aceleracion,
    Ajuste,
    Cuaderno,
    Escalado,
    Escenario,
    GeneracionMedida,
    GestionadoModelo,
    GestionadoPrecio,
    Gpu,
    Hardware,
    Medida,
    Modelo,
    Precio,
    Supuesto,
    Tarifa,
    Ventana,
)

__all__ = [
    "ACELERACIONES",
    "AJUSTES",
    "CONCEPTOS",
    "CUADERNOS",
    "ESCALADO",
    "ESCENARIOS",
    "ESTADOS_COMPRA",
    "GENERACION_MEDIDA",
    "GESTIONADO_MODELOS",
    "GESTIONADO_PRECIOS",
    "METODOS_GESTIONADO",
    "GPUS",
    "HARDWARE",
    "MEDIDAS",
    "MODELOS",
    "PRECIOS",
    "SUPUESTOS",
    "TARIFAS",
    "VENTANAS",
    "ids_de_derivacion",
]


CONCEPTOS = ("almacenamiento", "subida", "bajada")

ESTADOS_COMPRA = ("lista", "nuevo", "reventa")
"""Qué es cada precio de ``hardware.csv`` (columna ``estado``): ``lista``, el precio oficial de lanzamiento (MSRP);
``nuevo``, lo que costaba nueva en una tienda en esa fecha; ``reventa``, lo que pedían los anuncios de reventa
(eBay y similares, nuevas o usadas) en esa fecha."""


PRECIOS = esquema.Tabla(
    "precios.csv",
    Precio,
    "Precio por hora de alquilar cada GPU en cada proveedor y nivel, en una fecha.",
    columnas=(
        esquema.Columna("gpu", "texto", "Nombre de la GPU (como en gpus.csv)."),
        esquema.Columna("proveedor", "texto", "Proveedor que la alquila."),
        esquema.Columna("nivel", "enum", "Nivel de servicio del proveedor.", valores=NIVELES),
        esquema.Columna("precio_hora_usd", "numero", "Dólares por hora de GPU.", minimo=0, excluye_minimo=True),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.Columna(
            "tipo",
            "enum",
            "Qué es la cifra: «lectura» (una oferta leída), «mediana» (mediana de varias ofertas), "
            "«lista» (precio de lista en la página del proveedor) o «estimacion» (una estimación).",
            valores=TIPOS_PRECIO,
        ),
        esquema.LEIDA,
    ),
    clave=("gpu", "proveedor", "nivel", "fecha"),
    referencias=(esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),),
    nombres=("proveedor",),
)

ESCENARIOS = esquema.Tabla(
    "escenarios.csv",
    Escenario,
    "Escenarios de cada experimento: qué GPU, con qué precio de precios.csv y cuántas horas estimadas.",
    columnas=(
        esquema.Columna("experimento", "texto", "Identificador del experimento."),
        esquema.Columna("gpu", "texto", "GPU del escenario."),
        esquema.Columna("proveedor", "texto", "Proveedor del escenario."),
        esquema.Columna("nivel", "enum", "Nivel de servicio.", valores=NIVELES),
        esquema.Columna("fecha_precio", "fecha", "Fecha del precio de precios.csv que usa el escenario."),
        esquema.Columna("horas", "numero", "Horas de cómputo estimadas.", minimo=0, excluye_minimo=True),
        esquema.Columna("origen", "texto", "De dónde sale la estimación de horas."),
    ),
    clave=("experimento", "gpu", "proveedor", "nivel"),
    referencias=(
        esquema.Referencia(
            ("gpu", "proveedor", "nivel", "fecha_precio"), "precios.csv", ("gpu", "proveedor", "nivel", "fecha")
        ),
    ),
)

HARDWARE = esquema.Tabla(
    "hardware.csv",
    Hardware,
    "Precio de compra de cada GPU, de lista, nueva o de reventa, por mercado y fecha (sus especificaciones, VRAM"
    " incluida, están en gpus.csv).",
    columnas=(
        esquema.Columna("gpu", "texto", "Nombre de la GPU (como en gpus.csv)."),
        esquema.Columna(
            "precio_compra_usd",
            "numero",
            "Precio de compra (dólares); vacío si no hay uno citable.",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.Columna(
            "estado",
            "enum",
            "Qué precio es: «lista» (el oficial de lanzamiento), «nuevo» (en una tienda) o «reventa» (anuncios de"
            " segunda mano o reventa).",
            valores=ESTADOS_COMPRA,
        ),
        esquema.Columna(
            "mercado", "texto", "Dónde: país y tiendas o sitios de anuncios (vacío si no hay precio).", requerida=False
        ),
        esquema.LEIDA,
    ),
    clave=("gpu", "estado", "mercado", "fecha"),
    referencias=(esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),),
)

TARIFAS = esquema.Tabla(
    "tarifas.csv",
    Tarifa,
    "Tarifas de almacenamiento (USD por GB y mes) y de transferencia (USD por GB) de cada proveedor.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Proveedor."),
        esquema.Columna("concepto", "enum", "Qué se cobra.", valores=CONCEPTOS),
        esquema.Columna("unidad", "enum", "Unidad de la tarifa.", valores=("GB-mes", "GB")),
        esquema.Columna("precio_min_usd", "numero", "Tarifa mínima (dólares por unidad).", minimo=0),
        esquema.Columna("precio_max_usd", "numero", "Tarifa máxima (dólares por unidad).", minimo=0),
        esquema.Columna("cobra_parada", "booleano", "¿Se cobra con la instancia parada? «sí» o «no»."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("proveedor", "concepto"),
    orden=(("precio_min_usd", "precio_max_usd"),),
    referencias=(esquema.Referencia(("proveedor",), "precios.csv", ("proveedor",)),),
)

SUPUESTOS = esquema.Tabla(
    "supuestos.csv",
    Supuesto,
    "Supuestos de los ejemplos (tamaño de la imagen, minutos de arranque…), con su origen.",
    columnas=(
        esquema.Columna("clave", "texto", "Nombre del supuesto, como lo usa la biblioteca."),
        esquema.Columna("valor_min", "numero", "Valor mínimo.", minimo=0),
        esquema.Columna("valor_max", "numero", "Valor máximo.", minimo=0),
        esquema.Columna("unidad", "texto", "Unidad del valor."),
        esquema.Columna("descripcion", "texto", "Qué supone."),
        esquema.Columna("fuente", "texto", "De dónde sale el supuesto."),
    ),
    clave=("clave",),
    orden=(("valor_min", "valor_max"),),
    claves_obligatorias=(
        "imagen_gb",
        "meses_olvidada",
        "dataset_gb",
        "minutos_arranque",
        "modelo_miles_de_millones",
        "interrupciones_hora",
        "minutos_checkpoint",
    ),
    limites=(esquema.Limite(("clave", "mfu"), ("valor_min", "valor_max"), minimo=0, maximo=1, excluye_minimo=True),),
)


def _entero(nombre: str, descripcion: str, minimo: int = 1) -> esquema.Columna:
    return esquema.Columna(nombre, "entero", descripcion, minimo=minimo)


MODELOS = esquema.Tabla(
    "modelos.csv",
    Modelo,
    "Arquitectura de cada modelo (de su config.json en el Hub): capas, dimensiones, cabezas y expertos.",
    columnas=(
        esquema.Columna("modelo", "texto", "Nombre corto del modelo."),
        esquema.Columna("hf_id", "texto", "Repositorio del modelo en el Hub de Hugging Face."),
        _entero("capas", "num_hidden_layers."),
        _entero("dim_oculta", "hidden_size."),
        _entero("cabezas_atencion", "num_attention_heads."),
        _entero("cabezas_kv", "num_key_value_heads (atención agrupada: menos cabezas K y V que de consulta)."),
        _entero("dim_cabeza", "head_dim."),
        _entero("dim_intermedia", "intermediate_size (la del MLP; en una mezcla de expertos, la de cada experto)."),
        _entero("vocabulario", "vocab_size."),
        esquema.Columna(
            "embeddings_atados", "booleano", "tie_word_embeddings: ¿comparten pesos la entrada y la salida?"
        ),
        esquema.Columna("sesgo_qkv", "booleano", "¿Llevan sesgo las proyecciones q, k y v? (Qwen2 sí)."),
        _entero("expertos", "num_local_experts (1 si no es una mezcla de expertos)."),
        _entero("expertos_activos", "num_experts_per_tok (1 si no es una mezcla de expertos)."),
        _entero("contexto_max", "max_position_embeddings."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("modelo",),
    orden=(("expertos_activos", "expertos"), ("cabezas_kv", "cabezas_atencion")),
)

GPUS = esquema.Tabla(
    "gpus.csv",
    Gpu,
    "Especificaciones de cada GPU: memoria, TFLOPS densos en bf16, ancho de banda de memoria y consumo.",
    columnas=(
        esquema.Columna("gpu", "texto", "Nombre de la GPU (como en precios.csv)."),
        esquema.Columna(
            "vram_gb", "numero", "Memoria (GB; en un chip unificado, la total).", minimo=0, excluye_minimo=True
        ),
        esquema.Columna(
            "tflops_bf16", "numero", "Pico de TFLOPS densos en bf16 (sin dispersión).", minimo=0, excluye_minimo=True
        ),
        esquema.Columna(
            "ancho_banda_gbs", "numero", "Ancho de banda de memoria (GB/s).", minimo=0, excluye_minimo=True
        ),
        esquema.Columna(
            "vatios",
            "numero",
            "Consumo máximo (W); vacío si no hay uno citable.",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.Columna("memoria_unificada", "booleano", "¿Comparten la memoria la CPU y la GPU? (Apple M)."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("gpu",),
)

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
        esquema.Columna("n_gpus", "entero", "Número de GPUs (vacío si no se publica).", requerida=False, minimo=1),
        esquema.Columna(
            "interconexion",
            "enum",
            "Cómo se hablan las GPUs.",
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
    "Eficiencia medida al repartir un entrenamiento entre GPUs, por interconexión (NVLink o PCIe dentro de un "
    "nodo, InfiniBand/RDMA o Ethernet entre nodos): la calibran gpucoste.calculo.calibracion y la usa "
    "gpucoste.calculo.tiempo.",
    columnas=(
        esquema.Columna("id", "texto", "Identificador corto de la medida."),
        esquema.Columna(
            "interconexion",
            "enum",
            "Por dónde se hablan las GPUs: NVLink o PCIe dentro de un nodo; InfiniBand (o RDMA sobre Ethernet) o "
            "Ethernet TCP entre nodos.",
            valores=("nvlink", "pcie", "infiniband", "ethernet"),
        ),
        esquema.Columna(
            "referencia",
            "enum",
            "Frente a qué se mide: menos_gpus (los tokens/s por GPU con n_referencia GPUs por la misma red) o nvlink "
            "(las mismas GPUs unidas por NVLink).",
            valores=("menos_gpus", "nvlink"),
        ),
        esquema.Columna("gpu", "texto", "GPU medida, como la llama la fuente."),
        esquema.Columna("n_gpus", "entero", "GPUs del trabajo medido.", minimo=2),
        esquema.Columna("n_referencia", "entero", "GPUs de la configuración de referencia.", minimo=1),
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
            "GPUs unidas por NVLink)",
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

VENTANAS = esquema.Tabla(
    "ventanas.csv",
    Ventana,
    "Modelos con atención de ventana deslizante: en esas capas la caché KV no pasa de la ventana.",
    columnas=(
        esquema.Columna("modelo", "texto", "Modelo (como en modelos.csv)."),
        esquema.Columna("ventana", "entero", "sliding_window: tokens que ve cada capa con ventana.", minimo=1),
        esquema.Columna("capas_con_ventana", "entero", "Cuántas capas usan la ventana (las demás ven todo).", minimo=1),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("modelo",),
    referencias=(esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),),
)


METODOS_GESTIONADO = ("lora", "completo")
"""Los métodos de ``gestionado_precios.csv``: LoRA (un servicio no distingue QLoRA) y fine-tuning completo."""

GESTIONADO_PRECIOS = esquema.Tabla(
    "gestionado_precios.csv",
    GestionadoPrecio,
    "Precio de cada servicio de fine-tuning gestionado por millón de tokens de entrenamiento, por método y tramo de "
    "tamaño del modelo, con su cargo mínimo por trabajo.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Servicio de fine-tuning gestionado."),
        esquema.Columna("metodo", "enum", "Método: LoRA o fine-tuning completo.", valores=METODOS_GESTIONADO),
        esquema.Columna(
            "desde_b", "numero", "El tramo empieza por encima de estos miles de millones de parámetros.", minimo=0
        ),
        esquema.Columna(
            "hasta_b", "numero", "El tramo acaba en estos miles de millones de parámetros (incluidos).", minimo=0
        ),
        esquema.Columna(
            "usd_millon", "numero", "Dólares por millón de tokens de entrenamiento (dataset × épocas).", minimo=0
        ),
        esquema.Columna(
            "minimo_usd",
            "numero",
            "Cargo mínimo por trabajo (dólares); vacío si no hay dato.",
            requerida=False,
            minimo=0,
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.Columna(
            "tipo",
            "enum",
            "Qué es la cifra, como en precios.csv (lectura, mediana, lista o estimacion).",
            valores=TIPOS_PRECIO,
        ),
        esquema.LEIDA,
    ),
    clave=("proveedor", "metodo", "desde_b", "fecha"),
    orden=(("desde_b", "hasta_b"),),
    nombres=("proveedor",),
)

GESTIONADO_MODELOS = esquema.Tabla(
    "gestionado_modelos.csv",
    GestionadoModelo,
    "Los modelos de modelos.csv que afina cada servicio de fine-tuning gestionado, y con qué métodos.",
    columnas=(
        esquema.Columna("proveedor", "texto", "Servicio, como en gestionado_precios.csv."),
        esquema.Columna("modelo", "texto", "Modelo, como en modelos.csv."),
        esquema.Columna("lora", "booleano", "¿Lo afina con LoRA? «sí» o «no»."),
        esquema.Columna("completo", "booleano", "¿Lo afina entero (fine-tuning completo)? «sí» o «no»."),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("proveedor", "modelo"),
    referencias=(
        esquema.Referencia(("proveedor",), "gestionado_precios.csv", ("proveedor",)),
        esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),
    ),
)

CUADERNOS = esquema.Tabla(
    "cuadernos.csv",
    Cuaderno,
    "Ofertas de cuadernos en la nube (Colab, Kaggle…): GPU, precio en unidades por hora, sesión máxima y cuota.",
    columnas=(
        esquema.Columna("servicio", "texto", "Servicio de cuadernos."),
        esquema.Columna("plan", "texto", "Plan o forma de pago («gratis», «unidades de cómputo»…)."),
        esquema.Columna("gpu", "texto", "GPU (como en gpus.csv)."),
        esquema.Columna("n_gpus", "entero", "Cuántas de esas GPU da una sesión.", minimo=1),
        esquema.Columna("unidades_hora", "numero", "Unidades que consume cada hora (0 si es gratis).", minimo=0),
        esquema.Columna("usd_unidad", "numero", "Dólares por unidad (0 si es gratis).", minimo=0),
        esquema.Columna("sesion_h", "numero", "Horas máximas de una sesión.", minimo=0, excluye_minimo=True),
        esquema.Columna(
            "cuota_semana_h",
            "numero",
            "Horas de GPU a la semana; vacío si no publica una cuota.",
            requerida=False,
            minimo=0,
            excluye_minimo=True,
        ),
        esquema.FECHA,
        esquema.FUENTE,
        esquema.NOTA,
        esquema.LEIDA,
    ),
    clave=("servicio", "plan", "gpu", "fecha"),
    referencias=(esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),),
    nombres=("servicio",),
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
    ("escalado_", "una eficiencia al repartir entre GPUs (como el valor de escalado.csv)", 0, True, 2),
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
    "Aceleraciones medidas y publicadas entre dos GPUs (cuántas veces más rápida es la primera).",
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
