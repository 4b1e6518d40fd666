"""La declaración de cada CSV de precios, costes, hardware y modelos del paquete: una ``esquema.Tabla`` con sus
columnas, tipos, rangos, clave única y referencias a otros ficheros (los de medidas publicadas y de la calibración,
en ``gpucoste.datos.tablas_medidas``).

De cada declaración salen la carga (``gpucoste.datos``), los errores en español (fichero, fila y columna) y
``esquema.datapackage()``. Cada tabla se registra al crearse, en este orden: el de ``esquema.comprobar()``.
"""

from __future__ import annotations

from gpucoste.base import esquema
from gpucoste.base.constantes import NIVELES, TIPOS_PRECIO
from gpucoste.datos.filas import (
    Cuaderno,
    Escenario,
    GestionadoModelo,
    GestionadoPrecio,
    Gpu,
    Hardware,
    Modelo,
    Precio,
    Supuesto,
    Tarifa,
    Ventana,
)

__all__ = [
    "CONCEPTOS",
    "CUADERNOS",
    "ESCENARIOS",
    "ESTADOS_COMPRA",
    "GESTIONADO_MODELOS",
    "GESTIONADO_PRECIOS",
    "METODOS_GESTIONADO",
    "GPUS",
    "HARDWARE",
    "MODELOS",
    "PRECIOS",
    "SUPUESTOS",
    "TARIFAS",
    "VENTANAS",
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
