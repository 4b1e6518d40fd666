"""El tipo de fila de cada CSV del paquete: una ``dataclass`` cuyos campos se llaman como las columnas.

Cada tipo se comprueba al crearse, también a mano (``datos.Gpu(...)``): con las reglas de su tabla si es un
``esquema.Registro`` (su declaración, en ``gpucoste.datos.tablas``), o con el tipo de cada campo si es un
``Validado``. Se importan, como siempre, de ``gpucoste.datos``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste.base import esquema, formato

__all__ = [
    "Aceleracion",
    "Ajuste",
    "Cuaderno",
    "Escalado",
    "Escenario",
    "GeneracionMedida",
    "GestionadoModelo",
    "GestionadoPrecio",
    "Gpu",
    "Hardware",
    "Medida",
    "Modelo",
    "Precio",
    "Supuesto",
    "Tarifa",
    "Ventana",
]


def _gpu_y_nivel(gpu: str, nivel: str, proveedor: str) -> str:
    return f"{gpu} ({formato.nivel(nivel, proveedor)})"


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
    leida: str | None = None

    @property
    def nombre(self) -> str:
        """Nombre corto para tablas: «RTX 4090 (comunidad)»."""
        return _gpu_y_nivel(self.gpu, self.nivel, self.proveedor)

    @property
    def estimacion(self) -> bool:
        """¿Es una estimación (no leída en ninguna parte)?"""
        return self.tipo == "estimacion"

    @property
    def proveedor_y_nivel(self) -> str:
        """«Nebius (bajo demanda)», «Vast.ai (todos los hosts)»: el proveedor y el nivel como los lee una persona
        (``formato.nivel`` con el proveedor)."""
        return f"{self.proveedor} ({formato.nivel(self.nivel, self.proveedor)})"


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
        return _gpu_y_nivel(self.gpu, self.nivel, self.proveedor)


@dataclass(frozen=True)
class Hardware(esquema.Registro):
    gpu: str
    precio_compra_usd: float | None
    fecha: str
    fuente: str
    nota: str = ""
    estado: str = "lista"
    mercado: str = ""
    leida: str | None = None

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
    leida: str | None = None


@dataclass(frozen=True)
class Supuesto(esquema.Registro):
    clave: str
    valor_min: float
    valor_max: float
    unidad: str
    descripcion: str
    fuente: str


@dataclass(frozen=True)
class Ventana(esquema.Registro):
    """Atención de ventana deslizante: en ``capas_con_ventana`` capas, la caché KV no pasa de ``ventana`` tokens."""

    modelo: str
    ventana: int
    capas_con_ventana: int
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


@dataclass(frozen=True)
class Ajuste(esquema.Registro):
    """Un parámetro de los modelos ajustado a la mitad de ajuste de ``medidas.csv`` (ver
    ``gpucoste.calculo.calibracion``)."""

    clave: str
    central: float
    minimo: float
    maximo: float
    medidas: int
    descripcion: str
    derivacion: str


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
    leida: str | None = None


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
    leida: str | None = None


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
    leida: str | None = None


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
    leida: str | None = None


@dataclass(frozen=True)
class Medida(esquema.Registro):
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
    leida: str | None = None


@dataclass(frozen=True)
class Escalado(esquema.Registro):
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
    leida: str | None = None


@dataclass(frozen=True)
class GestionadoPrecio(esquema.Registro):
    """Precio de un fine-tuning gestionado por millón de tokens de entrenamiento, para un método y un tramo de tamaño
    (más de ``desde_b`` y hasta ``hasta_b`` miles de millones de parámetros); ``minimo_usd``, el cargo mínimo por
    trabajo (``None``: sin dato)."""

    proveedor: str
    metodo: str
    desde_b: float
    hasta_b: float
    usd_millon: float
    minimo_usd: float | None
    fecha: str
    fuente: str
    nota: str
    tipo: str
    leida: str | None = None


@dataclass(frozen=True)
class GestionadoModelo(esquema.Registro):
    """Un modelo de ``modelos.csv`` que un servicio de fine-tuning gestionado afina, y con qué métodos."""

    proveedor: str
    modelo: str
    lora: bool
    completo: bool
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None


@dataclass(frozen=True)
class Cuaderno(esquema.Registro):
    """Una oferta de cuadernos en la nube (Colab, Kaggle…): GPU, precio por hora en unidades, sesión y cuota."""

    servicio: str
    plan: str
    gpu: str
    n_gpus: int
    unidades_hora: float
    usd_unidad: float
    sesion_h: float
    cuota_semana_h: float | None
    fecha: str
    fuente: str
    nota: str = ""
    leida: str | None = None
