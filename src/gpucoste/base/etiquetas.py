"""Las etiquetas de las tablas de resultados: las mismas palabras en la tabla de la orden ``gpucoste`` (``--formato
tabla``), en la del formulario de su calculadora (``gpucoste.navegador``) y en la de su página.

Una sola definición para cada etiqueta que comparten: la orden, el formulario y el snippet la toman de aquí y
ninguno la escribe a mano. La orden escribe sus filas y sus columnas en minúscula; el formulario pone la inicial
en mayúscula (``inicial_mayuscula``). ``tests/cli/test_cli_etiquetas.py`` compara, calculadora a calculadora, la tabla
de la orden con la del formulario.

``COLUMNAS`` da el título que se lee de cada clave de una tabla ancha de la orden (las claves de ``--formato csv``
y ``json``, que no cambian); una pareja ``x_min``/``x_max`` cuya clave sin «_min» (``x``) está aquí se lee como
una sola columna con el rango «mín.–máx.» (``cli.Salida``). Solo importa ``base.validacion`` y ``base.formato``:
cualquier capa la usa.
"""

from __future__ import annotations

from types import MappingProxyType

from gpucoste.base import formato, validacion

__all__ = [
    "API_O_GPU",
    "CABE",
    "CHECKPOINT_CADA",
    "CHECKPOINT_DALY",
    "COLUMNAS",
    "COMPRAR",
    "COSTE_EQUILIBRIO",
    "EPOCAS",
    "HORAS_DE_RELOJ",
    "MFU_PROGRAMA",
    "INTERRUMPIBLE",
    "INTERRUMPIBLE_ENTRADAS",
    "PARTIDAS_COSTE",
    "PARTIDAS_MEMORIA",
    "RESERVAR",
    "SERVIR",
    "SERVIR_DECIMALES",
    "SERVIR_PORCENTAJES",
    "TOKENS_ENTRENAMIENTO",
    "cifra_servir",
    "inicial_mayuscula",
    "vram_de",
]


TOKENS_ENTRENAMIENTO = "tokens del dataset, una época"
"""Los tokens de un entrenamiento en una época: los del dataset (el campo de los formularios y la ayuda de
``--tokens``). Las épocas van aparte (``EPOCAS``); lo que se entrena es su producto
(``trabajo.Trabajo.tokens_totales``)."""

EPOCAS = "épocas: veces que se recorre el dataset"
"""Las épocas de un entrenamiento (el campo de los formularios y la ayuda de ``--epocas``): un entero, 1 por
defecto."""


def inicial_mayuscula(texto: str) -> str:
    """«horas esperadas» → «Horas esperadas»: la etiqueta al principio de una fila o de un campo del formulario.
    Un texto que ya empieza por mayúscula («GPU (precio × horas)») o por un signo («¿cabe?») queda igual."""
    texto = validacion.texto(texto, "texto")
    return texto[0].upper() + texto[1:]


# --- ¿Cuánto cuesta? (gpucoste coste) ----------------------------------------------------------------------

PARTIDAS_COSTE = MappingProxyType(
    {
        "gpu": "GPU (precio × horas)",
        "arranque": "arranque facturado",
        "almacenamiento": "disco durante el trabajo",
        "transferencia": "transferencia",
        "total": "coste real del trabajo",
    }
)
"""Cada partida de ``coste.coste_total`` (la clave, la de ``--formato csv``) y cómo se lee."""


# --- ¿Cabe? (gpucoste cabe) ------------------------------------------------------------------------------

PARTIDAS_MEMORIA = MappingProxyType({"kv": "caché KV"})
"""Las partidas de ``memoria.Memoria.PARTIDAS`` que no se leen tal cual («kv»); las demás («pesos»…), sí."""

CABE = "¿cabe?"


def vram_de(gpu: str) -> str:
    """«VRAM de la RTX 4090»: la fila con la memoria de la GPU, frente a la que se compara el total."""
    return f"VRAM de la {validacion.texto(gpu, 'gpu')}"


# --- Las tablas anchas: ¿cuánto tarda?, ¿dónde sale más barato?, precios ----------------------------------

COLUMNAS = MappingProxyType(
    {
        "gpu": "GPU",
        "proveedor": "proveedor",
        "nivel": "nivel",
        "n_gpus": "número de GPU",
        "interconexion": "interconexión",
        "exaflops": "operaciones (exaFLOP)",
        "horas": "horas",
        "horas_tipicas": "horas típicas",
        "mfu": "MFU medida en su clase de GPU",
        "eficiencia_red": "rendimiento por GPU frente a un nodo con NVLink",
        "memoria_gb_por_gpu": "memoria por GPU (GB)",
        "cabe": CABE,
        "tokens_s_generar": "tokens/s al generar (vLLM, bf16, una secuencia)",
        "precio_hora_usd": "US$/h por GPU",
        "precio_hora_todas_usd": "US$/h",
        "tipo": "tipo",
        "tipo_precio": "tipo",
        "fecha": "fecha",
        "fecha_precio": "fecha",
        "precio_antiguo": "precio antiguo",
        "fuente": "fuente",
        "coste_gpu_usd": "GPU (US$)",
        "retrabajo_usd": "checkpoints y trabajo repetido (US$)",
        "arranque_usd": "arranque (US$)",
        "disco_usd": "disco (US$)",
        "transferencia_usd": "transferencia (US$)",
        "coste_usd": "total (US$)",
        "costes_completos": "costes completos",
        "pareto": "Pareto",
        "coste_mes_usd": "coste al mes (US$)",
        "pago_inicial_usd": "pago inicial (US$)",
        "horas_gpu": "horas de GPU",
        "horas_gpu_tipicas": "horas de GPU típicas",
        "coste_tipico_usd": "coste típico (US$)",
        "opcion": "opción",
        "usd_millon_tokens": "US$ por millón de tokens",
        "condiciones": "condiciones o por qué no",
    }
)
"""Clave de una columna (la de ``--formato csv`` y ``json``) → su título al leerla. Las parejas ``_min``/``_max``
van por su clave sin «_min»: ``horas`` para ``horas_min`` y ``horas_max``; ``coste_usd`` para ``coste_min_usd`` y
``coste_max_usd``."""

HORAS_DE_RELOJ = "horas de reloj"
"""Las horas que pasan con las GPU alquiladas trabajando a la vez, frente a las «horas de GPU» (sumadas las de todas):
el título de la columna ``horas`` (``horas_min``/``horas_max``) en «¿Cuánto cuestan N horas de otra GPU?», el mismo en
``gpucoste horas-gpu``, en su formulario y en su página."""

MFU_PROGRAMA = "MFU de un programa entero (fichas de modelos)"
"""El título de la columna ``mfu`` de ``gpucoste cuanto-tarda --programa sí``: la MFU ajustada a las horas de GPU de
las fichas de los modelos (``programa.mfu_programa``), no la medida en la clase de GPU de un trabajo ordinario."""


# --- Las tablas de resultado y valor: interrumpible, API o GPU, comprar ------------------------------------

CHECKPOINT_CADA = "checkpoint cada (minutos de cómputo)"
"""El intervalo entre checkpoints cuando lo da quien calcula; con el óptimo de Daly, ``CHECKPOINT_DALY``."""
CHECKPOINT_DALY = "checkpoint cada (minutos de cómputo, Daly)"

INTERRUMPIBLE = MappingProxyType(
    {
        "horas": "horas esperadas, interrumpible",
        "interrupciones": "interrupciones esperadas",
        "retrabajo": "checkpoints y trabajo repetido, interrumpible (US$)",
        "coste": "coste esperado, interrumpible (US$)",
        "bajo_demanda": "coste bajo demanda (US$)",
        "equilibrio": "deja de compensar a partir de (interrupciones por hora)",
    }
)
"""Los resultados de un trabajo interrumpible (``interrupciones.retrabajo`` y ``tasa_equilibrio``)."""

INTERRUMPIBLE_ENTRADAS = MappingProxyType(
    {
        "precio_interrumpible": "precio interrumpible",
        "precio_bajo_demanda": "precio bajo demanda",
        "interrupciones_hora": "interrupciones por hora, de media",
        "escritura_min": "escribir un checkpoint",
        "reinicio_min": "volver a arrancar tras una interrupción",
    }
)
"""Las entradas de un trabajo interrumpible: los campos del formulario (con su unidad aparte) y las filas de
``gpucoste interrumpible`` (con la unidad entre paréntesis)."""

API_O_GPU = MappingProxyType(
    {
        "millon": "US$ por millón de tokens generados (con su entrada)",
        "empate": "tokens por segundo para empatar",
        "equilibrio": "equilibrio (millones de tokens al mes)",
        "coste": "coste en el equilibrio (US$/mes)",
    }
)
"""Los resultados de ``equilibrios.api_o_gpu``: desde cuántos tokens al mes sale más barata la GPU alquilada."""

COSTE_EQUILIBRIO = "coste en el equilibrio (US$)"

RESERVAR = MappingProxyType(
    {
        "bajo_demanda": "bajo demanda (US$/h)",
        "descuento": "descuento",
        "reservada": "reservada (US$/h)",
        "equilibrio": "reservar compensa con un uso de más del",
        "coste": "coste de un mes en el equilibrio (US$)",
    }
)
"""Las columnas de la tabla de reservas de la página y las filas de ``gpucoste reservar`` (``equilibrios.alquilar_o_
reservar``). La orden da el uso como fracción de las horas (0,8), la página como porcentaje (80 %)."""

COMPRAR = MappingProxyType(
    {
        "precio_compra": "precio de compra (US$)",
        "precio_kwh": "precio del kWh (US$)",
        "meses": "meses hasta el equilibrio",
        "horas": "horas de uso hasta el equilibrio",
        "coste": COSTE_EQUILIBRIO,
        "equivalentes": "horas de alquiler equivalentes a la compra (sin electricidad ni reventa)",
    }
)
"""Los resultados de ``compra.comprar_o_alquilar`` y ``compra.horas_equivalentes``."""


# --- «¿Cuántas GPU para servir mi tráfico?»: la orden servir y su formulario ------------------------------

SERVIR = MappingProxyType(
    {
        "opcion": "opción",
        "proveedor": "proveedor",
        "gpu": "GPU",
        "n_gpus": "número de GPU",
        "concurrencia": "peticiones a la vez en la hora punta",
        "ttft_ms": "hasta el primer token (ms)",
        "tpot_ms": "por token (ms)",
        "carga": "carga media",
        "coste_mes_usd": "coste al mes (US$)",
        "pago_inicial_usd": "pago inicial (US$)",
    }
)
"""Clave de cada columna de ``gpucoste servir`` (``--formato csv``) → su título en la orden y en el formulario."""

SERVIR_DECIMALES = MappingProxyType(
    {"n_gpus": 0, "concurrencia": 1, "ttft_ms": 0, "tpot_ms": 1, "carga": 0, "coste_mes_usd": 2, "pago_inicial_usd": 2}
)
"""Los decimales de cada cifra de ``SERVIR``, los mismos en la orden y en el formulario (los de la carga, en su
porcentaje)."""

SERVIR_PORCENTAJES = frozenset({"carga"})
"""Las cifras de ``SERVIR`` que son una fracción (0,48) y se leen como porcentaje («48 %»): en la orden
(``--formato tabla``; ``csv`` y ``json`` guardan la fracción), en el formulario y en la página."""


def cifra_servir(clave: str, valor: float | None) -> str:
    """Una cifra de ``SERVIR`` como se lee en ``gpucoste servir``, en su formulario y en su página, con los decimales
    de ``SERVIR_DECIMALES``: ``("carga", 0.48)`` → «48 %»; ``("tpot_ms", 58.12)`` → «58,1»; ``None`` → «sin dato»."""
    clave = validacion.opcion(clave, "cifra_servir: clave", SERVIR_DECIMALES)
    return formato.celda(valor, SERVIR_DECIMALES[clave], clave in SERVIR_PORCENTAJES)
