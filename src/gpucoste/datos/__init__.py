"""Datos del paquete (precios, escenarios, hardware, tarifas, supuestos): declaración y consulta.

Cada CSV vive en ``gpucoste/datos/`` y se declara aquí una vez: un tipo de fila (``dataclass``) y
una ``esquema.Tabla`` con sus columnas, tipos, rangos, clave única y referencias. De esa declaración
salen la carga, los errores en español (fichero, fila y columna) y ``esquema.datapackage()``.
Cómo añadir un CSV: ver el docstring de ``gpucoste.base.esquema``.

Toda fila de precio, tarifa o hardware lleva ``fuente`` (https) y ``fecha`` (AAAA-MM o AAAA-MM-DD).
La variable de entorno ``GPUCOSTE_DATOS`` apunta a otra carpeta con los mismos ficheros, para
probar tus propios precios sin tocar el paquete.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import esquema, validacion
from gpucoste.base.constantes import NIVELES, NIVELES_EN_PROSA, TIPOS_PRECIO
from gpucoste.base.validacion import Validado

__all__ = [
    "API_VAST",
    "CATALOGO_GPUHUNT",
    "ORIGENES_RECOLECTOR",
    "ACELERACIONES",
    "AJUSTES",
    "Aceleracion",
    "Ajuste",
    "ESTADOS_COMPRA",
    "CONCEPTOS",
    "ESCALADO",
    "ESCENARIOS",
    "Escenario",
    "GENERACION_MEDIDA",
    "GPUS",
    "GeneracionMedida",
    "Gpu",
    "HARDWARE",
    "Hardware",
    "MEDIDAS",
    "MODELOS",
    "Escalado",
    "Medida",
    "Modelo",
    "NIVELES",
    "NIVELES_EN_PROSA",
    "PRECIOS",
    "Precio",
    "SUPUESTOS",
    "Supuesto",
    "TARIFAS",
    "TIPOS_PRECIO",
    "Tarifa",
    "VENTANAS",
    "Ventana",
    "aceleraciones",
    "ajustes",
    "equipo",
    "escalado",
    "escenarios",
    "especificaciones",
    "generacion_medida",
    "gpus",
    "hardware",
    "limpiar_cache",
    "medidas",
    "modelos",
    "opciones_compra",
    "precio",
    "precios",
    "proveedores",
    "supuestos",
    "tarifa",
    "tarifas",
    "ventanas",
]


CATALOGO_GPUHUNT = "https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3"


API_VAST = "https://console.vast.ai/api/v0/bundles/"


ORIGENES_RECOLECTOR = (CATALOGO_GPUHUNT, API_VAST)
"""Las ``fuente`` que escribe el recolector semanal (``gpucoste.recoleccion.precios``: catálogos de gpuhunt y la API
de Vast.ai). Una fila con otra fuente la añadió una persona."""


CONCEPTOS = ("almacenamiento", "subida", "bajada")


def _gpu_y_nivel(gpu: str, nivel: str) -> str:
    return f"{gpu} ({NIVELES_EN_PROSA.get(nivel, nivel)})"


@dataclass(frozen=True)
class Precio(esquema.Registro):
    gpu: str
    proveedor: str
    nivel: str
    precio_hora_usd: float
    fecha: str
    fuente: str
    nota: str = ""
    tipo: str = "estimacion"  # una fila sin tipo declarado se trata como lo más prudente: una estimación

    @property
    def nombre(self) -> str:
        """Nombre corto para tablas: «RTX 4090 (comunidad)»."""
        return _gpu_y_nivel(self.gpu, self.nivel)

    @property
    def estimacion(self) -> bool:
        """¿Es una estimación (no leída en ninguna parte)?"""
        return self.tipo == "estimacion"

    @property
    def proveedor_y_nivel(self) -> str:
        """«Nebius (bajo demanda)»: el proveedor y el nivel como los lee una persona."""
        return f"{self.proveedor} ({NIVELES_EN_PROSA.get(self.nivel, self.nivel)})"


@dataclass(frozen=True)
class Escenario(esquema.Registro):
    experimento: str
    gpu: str
    proveedor: str
    nivel: str
    fecha_precio: str
    horas: float
    origen: str

    @property
    def nombre(self) -> str:
        """El mismo nombre corto que el de su precio: «RTX 4090 (comunidad)»."""
        return _gpu_y_nivel(self.gpu, self.nivel)


ESTADOS_COMPRA = ("lista", "nuevo", "reventa")
"""Qué es cada precio de ``hardware.csv`` (columna ``estado``): ``lista``, el precio oficial de lanzamiento (MSRP);
``nuevo``, lo que costaba nueva en una tienda en esa fecha; ``reventa``, lo que pedían los anuncios de reventa
(eBay y similares, nuevas o usadas) en esa fecha."""


@dataclass(frozen=True)
class Hardware(esquema.Registro):
    gpu: str
    precio_compra_usd: float | None
    fecha: str
    fuente: str
    nota: str = ""
    estado: str = "lista"
    mercado: str = ""

    @property
    def nombre(self) -> str:
        """«RTX 5090, reventa (EE. UU., eBay y Amazon), 2026-09»: qué precio de compra es, dónde y cuándo."""
        donde = f" ({self.mercado})" if self.mercado else ""
        return f"{self.gpu}, {self.estado}{donde}, {self.fecha}"


@dataclass(frozen=True)
class Tarifa(esquema.Registro):
    """Tarifa de almacenamiento (USD por GB y mes) o de transferencia (USD por GB)."""

    proveedor: str
    concepto: str
    unidad: str
    precio_min_usd: float
    precio_max_usd: float
    cobra_parada: bool
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Supuesto(esquema.Registro):
    clave: str
    valor_min: float
    valor_max: float
    unidad: str
    descripcion: str
    fuente: str


@dataclass(frozen=True)
class Ventana(Validado):
    """Atención de ventana deslizante: en ``capas_con_ventana`` capas, la caché KV no pasa de ``ventana`` tokens."""

    modelo: str
    ventana: int
    capas_con_ventana: int
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Ajuste(Validado):
    """Un parámetro de los modelos ajustado a la mitad de ajuste de ``medidas.csv`` (ver
    ``gpucoste.calculo.calibracion``)."""

    clave: str
    central: float
    minimo: float
    maximo: float
    medidas: int
    descripcion: str
    derivacion: str


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
    ),
    clave=("gpu", "proveedor", "nivel", "fecha"),
    referencias=(esquema.Referencia(("gpu",), "gpus.csv", ("gpu",)),),
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
    claves_obligatorias=("imagen_gb", "meses_olvidada", "dataset_gb", "minutos_arranque", "modelo_miles_de_millones"),
    limites=(esquema.Limite(("clave", "mfu"), ("valor_min", "valor_max"), minimo=0, maximo=1, excluye_minimo=True),),
)


@dataclass(frozen=True)
class Modelo(esquema.Registro):
    """Arquitectura de un modelo, tal como la da su ``config.json`` en el Hub de Hugging Face."""

    modelo: str
    hf_id: str
    capas: int
    dim_oculta: int
    cabezas_atencion: int
    cabezas_kv: int
    dim_cabeza: int
    dim_intermedia: int
    vocabulario: int
    embeddings_atados: bool
    sesgo_qkv: bool
    expertos: int
    expertos_activos: int
    contexto_max: int
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Gpu(esquema.Registro):
    """Especificaciones de una GPU (o un chip con memoria unificada) para calcular memoria y tiempo."""

    gpu: str
    vram_gb: float
    tflops_bf16: float
    ancho_banda_gbs: float
    vatios: float | None
    memoria_unificada: bool
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class GeneracionMedida(esquema.Registro):
    """Velocidad de generación publicada (tokens/s con lote 1) de un modelo en una GPU."""

    gpu: str
    modelo: str
    precision: str
    tokens_s: float
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Aceleracion(esquema.Registro):
    """Cuántas veces más rápida es una GPU que otra en una medida publicada."""

    gpu_rapida: str
    gpu_lenta: str
    veces: float
    medida: str
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Medida(Validado):
    """Una medida publicada de entrenamiento, memoria, generación o servicio, para calibrar los modelos.

    ``rechazada`` vacía: la medida entra en la calibración; si no, dice por qué se deja fuera.
    """

    id: str
    tipo: str
    modelo: str
    metodo: str
    gpu: str
    n_gpus: int | None
    interconexion: str
    secuencia: int | None
    salida: int | None
    lote: int | None
    checkpointing: str
    precision: str
    marco: str
    valor: float
    unidad: str
    tokens: float | None
    rechazada: str
    fecha: str
    fuente: str
    nota: str = ""


@dataclass(frozen=True)
class Escalado(Validado):
    """Una medida publicada de cuánto rinde cada GPU al repartir un entrenamiento entre más GPUs.

    ``valor``: tokens/s (o muestras/s) por GPU con ``n_gpus`` ÷ los de ``n_referencia`` GPUs por la misma
    ``interconexion`` (``referencia`` = ``menos_gpus``), o ÷ los de las mismas GPUs unidas por NVLink
    (``referencia`` = ``nvlink``). ``rechazada`` vacía: entra en el ajuste; si no, dice por qué no.
    """

    id: str
    interconexion: str
    referencia: str
    gpu: str
    n_gpus: int
    n_referencia: int
    modelo: str
    metodo: str
    marco: str
    valor: float
    rechazada: str
    fecha: str
    fuente: str
    nota: str = ""


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
            "Unidad del valor: tokens/s del trabajo, tokens/s por GPU, horas de GPU, GiB o GB.",
            valores=("tokens_s", "tokens_s_gpu", "gpu_horas", "gib", "gb"),
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
    ),
    clave=("id",),
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
    ),
    clave=("modelo",),
    referencias=(esquema.Referencia(("modelo",), "modelos.csv", ("modelo",)),),
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
    ),
    clave=("gpu_rapida", "gpu_lenta", "medida"),
    referencias=(
        esquema.Referencia(("gpu_rapida",), "gpus.csv", ("gpu",)),
        esquema.Referencia(("gpu_lenta",), "gpus.csv", ("gpu",)),
    ),
)


class _PorNombre(dict):
    """Un ``dict`` que, ante una clave desconocida, lanza ``ValueError`` con las válidas (no ``KeyError``)."""

    def __init__(self, que: str, filas: dict) -> None:
        super().__init__(filas)
        self.que = que

    def __missing__(self, clave: object):
        validacion.opcion(clave, self.que, self)


def precios() -> tuple[Precio, ...]:
    """Todas las referencias de precio por hora, validadas."""
    return esquema.cargar(PRECIOS)


def escenarios() -> tuple[Escenario, ...]:
    """Escenarios de los experimentos: qué GPU y cuántas horas estimadas."""
    return esquema.cargar(ESCENARIOS)


def hardware() -> tuple[Hardware, ...]:
    """Precio de compra de cada GPU (vacío si no hay uno citable)."""
    return esquema.cargar(HARDWARE)


def tarifas() -> tuple[Tarifa, ...]:
    """Tarifas de almacenamiento y transferencia por proveedor."""
    return esquema.cargar(TARIFAS)


def supuestos() -> dict[str, Supuesto]:
    """Supuestos de los ejemplos por clave; una clave desconocida da ``ValueError`` con las válidas."""
    return _PorNombre("Supuesto", {s.clave: s for s in esquema.cargar(SUPUESTOS)})


def modelos() -> dict[str, Modelo]:
    """Arquitecturas de los modelos por nombre; un nombre desconocido da ``ValueError`` con los válidos."""
    return _PorNombre("Modelo", {m.modelo: m for m in esquema.cargar(MODELOS)})


def especificaciones() -> dict[str, Gpu]:
    """Especificaciones de las GPUs por nombre; un nombre desconocido da ``ValueError`` con los válidos."""
    return _PorNombre("GPU", {g.gpu: g for g in esquema.cargar(GPUS)})


def generacion_medida() -> tuple[GeneracionMedida, ...]:
    """Velocidades de generación publicadas."""
    return esquema.cargar(GENERACION_MEDIDA)


def ventanas() -> dict[str, Ventana]:
    """Los modelos con atención de ventana deslizante, por nombre (los demás ven todo el contexto)."""
    return {v.modelo: v for v in esquema.cargar(VENTANAS)}


def ajustes() -> dict[str, Ajuste]:
    """Parámetros ajustados a las medidas, por clave; una clave desconocida da ``ValueError`` con las válidas."""
    return _PorNombre("Ajuste", {a.clave: a for a in esquema.cargar(AJUSTES)})


def medidas() -> tuple[Medida, ...]:
    """Medidas publicadas para calibrar los modelos de tiempo, memoria y velocidad."""
    return esquema.cargar(MEDIDAS)


def escalado() -> tuple[Escalado, ...]:
    """Medidas publicadas de la eficiencia al repartir un entrenamiento entre GPUs, por interconexión."""
    return esquema.cargar(ESCALADO)


def aceleraciones() -> tuple[Aceleracion, ...]:
    """Aceleraciones publicadas entre GPUs."""
    return esquema.cargar(ACELERACIONES)


def gpus() -> list[str]:
    """Nombres de GPU con algún precio en los datos."""
    return sorted({p.gpu for p in precios()})


def proveedores() -> list[str]:
    return sorted({p.proveedor for p in precios()})


def precio(gpu: str, proveedor: str, nivel: str, fecha: str | None = None) -> Precio:
    """El precio de ``gpu`` en ``proveedor`` y ``nivel``: el de ``fecha``, o el más reciente."""
    gpu = validacion.opcion(gpu, "GPU", gpus())
    proveedor = validacion.opcion(proveedor, "Proveedor", proveedores())
    filas = [p for p in precios() if p.gpu == gpu and p.proveedor == proveedor]
    if not filas:
        validacion.opcion(
            proveedor, f"Proveedor con precio para {gpu}", {p.proveedor for p in precios() if p.gpu == gpu}
        )
    nivel = validacion.opcion(nivel, f"Nivel para {gpu} en {proveedor}", [p.nivel for p in filas])
    filas = [p for p in filas if p.nivel == nivel]
    if fecha is None:
        return max(filas, key=lambda p: p.fecha)
    fecha = validacion.opcion(fecha, f"Fecha del precio de {gpu} en {proveedor} ({nivel})", [p.fecha for p in filas])
    return next(p for p in filas if p.fecha == fecha)


def equipo(gpu: str, estado: str | None = None) -> Hardware:
    """El precio de compra de ``gpu`` (sus especificaciones: ``especificaciones()``), el más reciente de su ``estado``.

    Sin ``estado``, el de referencia: el de lista si la GPU lo tiene (con o sin cifra: «sin precio citable» también
    es un dato), y si no, el más reciente con precio. Con ``estado`` («lista», «nuevo» o «reventa»), el más reciente
    de ese estado; entre filas de la misma fecha, la primera del CSV.
    """
    gpu = validacion.opcion(gpu, "GPU", sorted({h.gpu for h in hardware()}))
    filas = [h for h in hardware() if h.gpu == gpu]
    if estado is None:
        estado = "lista" if any(h.estado == "lista" for h in filas) else None
        candidatas = [h for h in filas if h.estado == estado] if estado else [h for h in filas if h.precio_compra_usd]
        candidatas = candidatas or filas
    else:
        estado = validacion.opcion(estado, f"Estado del precio de compra de {gpu}", [h.estado for h in filas])
        candidatas = [h for h in filas if h.estado == estado]
    ultima = max(h.fecha for h in candidatas)
    return next(h for h in candidatas if h.fecha == ultima)


def opciones_compra(gpu: str) -> tuple[Hardware, ...]:
    """Los precios de compra de ``gpu`` con cifra: el más reciente de cada estado y mercado.

    En el orden de ``ESTADOS_COMPRA`` (lista, nuevo, reventa) y, dentro de cada estado, por mercado. El de lista
    es una opción más: una GPU de hace años puede tener un precio de reventa o en tienda muy distinto. Vacío si
    ninguna fila de ``gpu`` tiene cifra.
    """
    gpu = validacion.opcion(gpu, "GPU", sorted({h.gpu for h in hardware()}))
    ultimas: dict[tuple[str, str], Hardware] = {}
    for h in hardware():
        if h.gpu == gpu and h.precio_compra_usd is not None:
            clave = (h.estado, h.mercado)
            if clave not in ultimas or h.fecha > ultimas[clave].fecha:
                ultimas[clave] = h
    orden = {e: i for i, e in enumerate(ESTADOS_COMPRA)}
    return tuple(sorted(ultimas.values(), key=lambda h: (orden[h.estado], h.mercado)))


def tarifa(proveedor: str, concepto: str) -> Tarifa:
    """La tarifa de ``concepto`` («almacenamiento», «subida» o «bajada») en ``proveedor``."""
    proveedor = validacion.opcion(proveedor, "Proveedor con tarifas", {t.proveedor for t in tarifas()})
    filas = {t.concepto: t for t in tarifas() if t.proveedor == proveedor}
    return filas[validacion.opcion(concepto, f"Concepto con tarifa en {proveedor}", filas)]


def limpiar_cache() -> None:
    """Olvida los datos leídos (tras editar un CSV; cambiar ``GPUCOSTE_DATOS`` ya relee)."""
    esquema.limpiar()
