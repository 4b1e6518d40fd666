"""¿Cuánto tardará? Horas de entrenamiento, estimadas de las especificaciones.

- **Entrenamiento**: FLOPs ≈ 6 · N · D para un entrenamiento completo (N parámetros activos, D tokens):
  2·N por token en la pasada hacia delante y 4·N hacia atrás (EleutherAI, «Transformer Math 101»,
  https://blog.eleuther.ai/transformer-math/). En LoRA y QLoRA el modelo base está congelado: hacia
  atrás solo se propaga el gradiente de las activaciones (2·N) y no el de sus pesos, así que ≈ 4·N·D,
  más 6 por parámetro entrenable de los adaptadores (**estimación**: la regla de repartir la pasada
  hacia atrás a medias es la de Transformer Math; QLoRA además descuantiza, así que tarda más). El
  *gradient checkpointing* repite la pasada hacia delante: + 2·N·D.
- **Tiempo** = FLOPs ÷ (GPUs × TFLOPS densos en bf16 × MFU). La MFU (fracción del pico que se
  aprovecha) es un rango de los supuestos, así que cada tiempo es un ``Rango``: el mínimo con la MFU
  alto.
- **Varias GPUs**: el MFU ajustado de un nodo se midió con NVLink; repartir por PCIe rinde lo que mide
  ``escalado.csv`` frente a NVLink, y pasar a varios nodos multiplica por la eficiencia medida de la red
  entre nodos (InfiniBand/RDMA o Ethernet), así que la respuesta se ensancha con ese rango
  (``eficiencia_interconexion``).
- **Generación y servicio**: los tokens por segundo se calculan en ``gpucoste.calculo.velocidad``; este
  módulo los reexporta (``tiempo.velocidad_generacion``, ``tiempo.tokens_por_segundo``…).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.validacion import entero, numero, opcion, resultado
from gpucoste.calculo import memoria
from gpucoste.calculo.coste import Rango
from gpucoste.calculo.velocidad import (
    CONTEXTO_CALCULADORAS,
    FRACCION_MEMORIA_SERVICIO,
    MOTORES,
    generacion_tipica,
    rendimiento_servicio,
    rendimiento_tipico,
    servicio_tipico,
    techo_servicio,
    tokens_por_segundo,
    velocidad_generacion,
)

__all__ = [
    "CLASES_GPU",
    "CONTEXTO_CALCULADORAS",
    "ESCALAS",
    "FLOPS_ADELANTE",
    "FLOPS_POR_PARAMETRO",
    "FRACCION_MEMORIA_SERVICIO",
    "INTERCONEXIONES",
    "METODOS_TIEMPO",
    "MOTORES",
    "SEGUNDOS_HORA",
    "clase_gpu",
    "clave_mfu",
    "eficiencia_interconexion",
    "escala",
    "flops_6nd",
    "flops_entrenamiento",
    "flops_por_token",
    "generacion_tipica",
    "horas",
    "horas_entrenamiento",
    "horas_tipicas",
    "interconexion_por_defecto",
    "mfu",
    "mfu_central",
    "ralentizacion_qlora",
    "rendimiento_servicio",
    "rendimiento_tipico",
    "servicio_tipico",
    "techo_servicio",
    "tokens_por_segundo",
    "velocidad_generacion",
]


SEGUNDOS_HORA = 3600.0


FLOPS_ADELANTE = 2.0
"""FLOPs por parámetro y token de la pasada hacia delante (un producto y una suma por peso); la pasada hacia atrás
cuesta el doble, el gradiente de las activaciones y el de los pesos (Transformer Math 101 de EleutherAI,
https://blog.eleuther.ai/transformer-math/)."""

METODOS_TIEMPO = ("completo", "lora", "qlora")
"""Métodos de entrenamiento con tiempo: entero, con LoRA o con QLoRA."""

FLOPS_POR_PARAMETRO = MappingProxyType(
    {
        "completo": FLOPS_ADELANTE * 3,  # hacia delante y hacia atrás, con el gradiente de los pesos
        "lora": FLOPS_ADELANTE * 2,  # los pesos base no se actualizan: hacia atrás, solo el de las activaciones
        "qlora": FLOPS_ADELANTE * 2,
    }
)
"""FLOPs por parámetro (activo) del modelo base y por token entrenado, según el método; con LoRA o QLoRA se suman
los de los adaptadores, que sí se entrenan (``flops_por_token``). La mitad de la pasada hacia atrás con LoRA es una
estimación de esta guía."""


def flops_6nd(parametros: float, tokens: float) -> float:
    """FLOPs de entrenar ``parametros`` parámetros sobre ``tokens`` tokens: 6 · N · D (Transformer Math 101)."""
    n, d = numero(parametros, "parametros"), numero(tokens, "tokens")
    return resultado(FLOPS_POR_PARAMETRO["completo"] * n * d, "flops_6nd", {"parametros": parametros, "tokens": tokens})


CLASES_GPU = MappingProxyType(
    {"gddr": "GPU con GDDR (consumo, estación de trabajo, L4, L40S)", "hbm": "GPU de centro de datos con HBM"}
)
"""Las dos clases de GPU con su propio rango de MFU ajustado a las medidas."""

ESCALAS = MappingProxyType(
    {"1": "una GPU", "nodo": "de 2 a 8 GPU en un nodo", "varios_nodos": "más de 8 GPU (varios nodos)"}
)
"""Escalas de un trabajo: cada una con su rango de MFU (la pérdida al repartir el trabajo va dentro)."""


def flops_por_token(
    nombre: str | datos.Modelo, metodo: str, secuencia: int = 2048, *, rango_lora: int = memoria.RANGO_LORA
) -> float:
    """FLOPs del modelo por token entrenado (sin recómputo): pesos más el término de la atención.

    Entero: 6·N; LoRA y QLoRA: 4·N más 6 por parámetro de los adaptadores. La atención causal suma
    6 · capas · cabezas · dimensión de cabeza · ``secuencia`` (2 productos de 2 FLOPs sobre la mitad
    de la secuencia hacia delante, por 3 con la pasada hacia atrás; FlashAttention no calcula la mitad
    enmascarada), así que una secuencia larga cuesta más por token.
    """
    m = memoria.modelo(nombre)
    metodo = opcion(metodo, "Método de entrenamiento", METODOS_TIEMPO)
    s = entero(secuencia, "secuencia", minimo=1, maximo=10**7)
    entero(rango_lora, "rango_lora", minimo=1, maximo=4096)
    n = memoria.parametros(m, activos=True)
    pesos = FLOPS_POR_PARAMETRO[metodo] * n
    if metodo != "completo":  # los adaptadores se entrenan enteros
        pesos += FLOPS_POR_PARAMETRO["completo"] * memoria.parametros_lora(m, rango_lora)
    return pesos + 6.0 * m.capas * m.cabezas_atencion * m.dim_cabeza * s


def flops_entrenamiento(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    *,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
    secuencia: int = 2048,
) -> float:
    """FLOPs del modelo para entrenar ``nombre`` con ``metodo`` sobre ``tokens`` (``flops_por_token`` × tokens).

    Son los FLOPs del modelo, los que cuenta el MFU: el recómputo del *gradient checkpointing* no se
    suma aquí (el MFU ajustado a las medidas ya lo lleva dentro; ver ``horas_entrenamiento``).
    """
    d = numero(tokens, "tokens")
    memoria.booleano(checkpointing, "checkpointing")
    flops = flops_por_token(nombre, metodo, secuencia, rango_lora=rango_lora) * d
    return resultado(flops, "flops_entrenamiento", {"tokens": tokens})


def clase_gpu(equipo: str | datos.Gpu) -> str:
    """``"hbm"`` si es de centro de datos (40 GB o más y 1500 GB/s o más), ``"gddr"`` si no."""
    g = memoria.gpu(equipo)
    return "hbm" if g.vram_gb >= 40 and g.ancho_banda_gbs >= 1500 else "gddr"


def escala(n_gpus: int) -> str:
    """``"1"``, ``"nodo"`` (de 2 a 8 GPUs) o ``"varios_nodos"`` (más de 8)."""
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=100_000)
    return "1" if n == 1 else "nodo" if n <= 8 else "varios_nodos"


def _ajuste(clave: str) -> datos.Ajuste:
    ajustes = datos.ajustes()
    if clave not in ajustes:
        # Con medidas válidas solo puede faltar la ralentización de QLoRA: con pocos pares no se ajusta.
        por_que = " (la ralentización de QLoRA necesita pares de medidas QLoRA/LoRA)" if clave == "qlora" else ""
        raise ValueError(
            f"ajustes.csv no tiene «{clave}»: la calibración no lo pudo ajustar{por_que}; añade medidas a "
            "medidas.csv y rehazlo con «make calibrar»."
        )
    return ajustes[clave]


def clave_mfu(clase: str, escala_trabajo: str, ajustes: dict | None = None) -> str:
    """La clave de ``ajustes`` (por defecto, ``ajustes.csv``) con el MFU de ``clase`` y ``escala_trabajo``.

    Si no hay medidas de esa combinación: la misma clase en un nodo, la otra clase en la misma escala y,
    por último, las GPU con HBM en un nodo.
    """
    clase = opcion(clase, "Clase de GPU", CLASES_GPU)
    escala_trabajo = opcion(escala_trabajo, "Escala del trabajo", ESCALAS)
    if ajustes is None:
        ajustes = datos.ajustes()
    elif not isinstance(ajustes, dict):
        raise ValueError(f"ajustes: {ajustes!r} no vale; se admite un dict de clave → ajuste o None (ajustes.csv).")
    otra = "hbm" if clase == "gddr" else "gddr"
    for c, e in ((clase, escala_trabajo), (clase, "nodo"), (otra, escala_trabajo), ("hbm", "nodo")):
        if f"mfu_{c}_{e}" in ajustes:
            return f"mfu_{c}_{e}"
    raise ValueError(
        f"ajustes: {ajustes!r} no tiene ningún MFU ajustado a medidas (se admite un dict con mfu_hbm_nodo, como el "
        "de ajustes.csv; «make calibrar» lo rehace)."
    )


INTERCONEXIONES = MappingProxyType(
    {
        "nvlink": "NVLink o NVSwitch (dentro de un nodo)",
        "pcie": "PCIe (dentro de un nodo, sin NVLink)",
        "infiniband": "InfiniBand o RDMA sobre Ethernet entre nodos",
        "ethernet": "Ethernet TCP entre nodos (sin RDMA)",
    }
)
"""Por dónde se hablan las GPUs de un trabajo: la conexión más lenta que cruza (``escalado.csv`` las mide)."""

_ENTRE_NODOS = ("infiniband", "ethernet")


def interconexion_por_defecto(equipo: str | datos.Gpu, n_gpus: int = 1) -> str:
    """La interconexión que se supone si no se dice: más de 8 GPUs, InfiniBand entre nodos; si no, NVLink en las
    GPU de centro de datos con HBM que no son la versión PCIe, y PCIe en las demás."""
    g = memoria.gpu(equipo)
    if entero(n_gpus, "n_gpus", minimo=1, maximo=100_000) > 8:
        return "infiniband"
    return "nvlink" if clase_gpu(g) == "hbm" and "pcie" not in g.gpu.lower() else "pcie"


def _factor_red(
    equipo: str | datos.Gpu, n_gpus: int, interconexion: str | None, ajustes: dict | None = None
) -> tuple[float, float, float]:
    """(central, mínimo, máximo) por el que se multiplica el MFU de un nodo con NVLink al repartir así."""
    memoria.gpu(equipo)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=100_000)
    if interconexion is not None:
        opcion(interconexion, "Interconexión", INTERCONEXIONES)
    if n == 1:
        return 1.0, 1.0, 1.0
    x = interconexion or interconexion_por_defecto(equipo, n)
    a = datos.ajustes() if ajustes is None else ajustes

    def rango(clave: str) -> tuple[float, float, float]:
        v = a[clave]
        return (v.central, v.minimo, v.maximo) if isinstance(v, datos.Ajuste) else tuple(v[:3])

    if x == "nvlink":
        return 1.0, 1.0, 1.0
    if x == "pcie":  # el MFU de un nodo se ajustó con NVLink: lo que rinde PCIe frente a NVLink, nunca más
        base = rango("escalado_nvlink")[0]
        return tuple(min(1.0, e / base) for e in rango("escalado_pcie"))
    dentro = _factor_red(equipo, 8, None, ajustes)  # los nodos, con su conexión de serie; entre nodos, la medida
    return tuple(d * e for d, e in zip(dentro, rango(f"escalado_{x}"), strict=True))


def eficiencia_interconexion(equipo: str | datos.Gpu, n_gpus: int = 1, interconexion: str | None = None) -> Rango:
    """Cuánto rinde cada GPU de ``n_gpus`` × ``equipo`` unidas por ``interconexion`` frente a un nodo con NVLink.

    Con una GPU o NVLink, 1 (el MFU de un nodo se ajustó con NVLink). Por PCIe, la eficiencia medida por PCIe
    ÷ la típica con NVLink (``escalado.csv``). Entre nodos (más de 8 GPUs, o ``infiniband``/``ethernet``
    con menos), la de los nodos por la eficiencia medida de esa red frente a un solo nodo: un rango, que
    ensancha la respuesta. Sin ``interconexion``, ``interconexion_por_defecto``.
    """
    _, minimo, maximo = _factor_red(equipo, n_gpus, interconexion)
    return Rango(minimo, maximo)


def mfu(equipo: str | datos.Gpu | None = None, n_gpus: int = 1, interconexion: str | None = None) -> Rango:
    """El rango de MFU de ``n_gpus`` × ``equipo``, ajustado a las medidas publicadas (``ajustes.csv``).

    El de un nodo (una GPU, o varias con NVLink) de la clase de ``equipo``, por la eficiencia de
    ``interconexion`` (``eficiencia_interconexion``). Sin ``equipo``, el rango general de los supuestos
    (``supuestos.csv``, clave ``mfu``).
    """
    n = escala(n_gpus)
    if interconexion is not None:
        opcion(interconexion, "Interconexión", INTERCONEXIONES)
    if equipo is None:
        s = datos.supuestos()["mfu"]
        return Rango(s.valor_min, s.valor_max)
    a = _ajuste(clave_mfu(clase_gpu(equipo), "1" if n == "1" else "nodo"))
    _, bajo, alto = _factor_red(equipo, n_gpus, interconexion)
    return Rango(a.minimo * bajo, a.maximo * alto)


def mfu_central(equipo: str | datos.Gpu, n_gpus: int = 1, interconexion: str | None = None) -> float:
    """El MFU típico (la mediana de las medidas de ajuste) de ``n_gpus`` × ``equipo`` unidas por ``interconexion``."""
    n = escala(n_gpus)
    central = _factor_red(equipo, n_gpus, interconexion)[0]
    return _ajuste(clave_mfu(clase_gpu(equipo), "1" if n == "1" else "nodo")).central * central


def ralentizacion_qlora() -> Rango:
    """Cuántas veces más tarda QLoRA que LoRA por descuantizar los pesos (ajustado a las medidas)."""
    a = _ajuste("qlora")
    return Rango(a.minimo, a.maximo)


def horas(
    flops: float,
    equipo: str | datos.Gpu,
    n_gpus: int = 1,
    utilizacion: Rango | None = None,
    *,
    interconexion: str | None = None,
) -> Rango:
    """Horas de cómputo de ``flops`` en ``n_gpus`` × ``equipo`` con la MFU de ``utilizacion``.

    El mínimo usa la MFU más alta; el máximo, la más baja. Por defecto, la MFU ajustada a las medidas
    para la clase de ``equipo``, ``n_gpus`` e ``interconexion`` (``mfu``).
    """
    g = memoria.gpu(equipo)
    f = numero(flops, "flops")
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=100_000)
    if utilizacion is not None and not isinstance(utilizacion, Rango):
        raise ValueError(
            f"utilizacion: {utilizacion!r} no vale; se admite un gpucoste.calculo.coste.Rango (MFU mínima y máxima) "
            "o None."
        )
    if interconexion is not None:
        opcion(interconexion, "Interconexión", INTERCONEXIONES)
    u = mfu(g, n, interconexion) if utilizacion is None else utilizacion
    for valor, nombre in ((u.minimo, "MFU mínima"), (u.maximo, "MFU máxima")):
        if not 0 < numero(valor, nombre) <= 1:
            raise ValueError(f"{nombre}: {valor!r} no vale; se admite una fracción mayor que 0 y hasta 1.")
    pico = n * g.tflops_bf16 * 1e12

    def a_horas(fraccion: float) -> float:
        return resultado(f / (pico * fraccion) / SEGUNDOS_HORA, "horas", {"flops": flops})

    return Rango(a_horas(u.maximo), a_horas(u.minimo))


def _factor_tiempo(m: datos.Modelo, metodo: str, checkpointing: bool) -> Rango:
    """Factor sobre las horas con el MFU ajustado: QLoRA descuantiza; sin checkpointing no se recomputa."""
    ralentiza = ralentizacion_qlora() if metodo == "qlora" else Rango(1.0, 1.0)
    if checkpointing:
        return ralentiza
    base = FLOPS_POR_PARAMETRO[metodo]  # lo que se ahorra: la pasada hacia delante repetida
    f = base / (base + FLOPS_ADELANTE)
    return Rango(ralentiza.minimo * f, ralentiza.maximo * f)


def _horas_trabajo(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    equipo: str | datos.Gpu,
    opciones: dict,
) -> tuple[float, Rango]:
    """(horas típicas, rango de horas) de un entrenamiento: lo que dan ``horas_tipicas`` y ``horas_entrenamiento``."""
    m = memoria.modelo(nombre)
    n, checkpointing = opciones["n_gpus"], opciones["checkpointing"]
    flops = flops_entrenamiento(
        m,
        metodo,
        tokens,
        checkpointing=checkpointing,
        rango_lora=opciones["rango_lora"],
        secuencia=opciones["secuencia"],
    )
    red = opciones["interconexion"]
    h = horas(flops, equipo, n, interconexion=red)
    f = _factor_tiempo(m, metodo, checkpointing)
    u = mfu_central(equipo, n, red)
    q = _ajuste("qlora").central if metodo == "qlora" else 1.0
    sin_qlora = _factor_tiempo(m, "lora" if metodo == "qlora" else metodo, checkpointing).minimo
    tipicas = horas(flops, equipo, n, Rango(u, u)).minimo * q * sin_qlora
    tipicas = resultado(tipicas, "horas_tipicas", {"tokens": tokens})
    if not (tipicas > 0 and h.minimo * f.minimo > 0):  # tan pocos tokens que las horas se redondean a 0
        raise ValueError(
            f"tokens: {tokens!r} no vale: con tan pocos el entrenamiento dura 0 horas al redondear; se admite un "
            "número de tokens mayor."
        )
    return tipicas, Rango(h.minimo * f.minimo, h.maximo * f.maximo)


def horas_entrenamiento(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    equipo: str | datos.Gpu,
    *,
    n_gpus: int = 1,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
    secuencia: int = 2048,
    interconexion: str | None = None,
) -> Rango:
    """Horas de entrenar ``nombre`` con ``metodo`` sobre ``tokens`` en ``n_gpus`` × ``equipo``.

    FLOPs del modelo (``flops_entrenamiento``, con la atención de ``secuencia``) ÷ (GPUs × pico en bf16 ×
    MFU), con el rango de MFU ajustado a las medidas para la clase de la GPU y la escala del trabajo
    (con *gradient checkpointing*, como casi todas las medidas). QLoRA tarda además lo que dice
    ``ralentizacion_qlora``; sin checkpointing se ahorra el recómputo (2·N por token). Con más de 8
    GPUs, o ``interconexion`` PCIe, InfiniBand o Ethernet, el MFU se multiplica por la eficiencia medida
    de esa interconexión (``eficiencia_interconexion``; por defecto, ``interconexion_por_defecto``).
    """
    opciones = {
        "n_gpus": n_gpus,
        "checkpointing": checkpointing,
        "rango_lora": rango_lora,
        "secuencia": secuencia,
        "interconexion": interconexion,
    }
    return _horas_trabajo(nombre, metodo, tokens, equipo, opciones)[1]


def horas_tipicas(
    nombre: str | datos.Modelo,
    metodo: str,
    tokens: float,
    equipo: str | datos.Gpu,
    *,
    n_gpus: int = 1,
    checkpointing: bool = True,
    rango_lora: int = memoria.RANGO_LORA,
    secuencia: int = 2048,
    interconexion: str | None = None,
) -> float:
    """Las horas típicas de ``horas_entrenamiento``: con el MFU central (la mediana de las medidas de ajuste)."""
    opciones = {
        "n_gpus": n_gpus,
        "checkpointing": checkpointing,
        "rango_lora": rango_lora,
        "secuencia": secuencia,
        "interconexion": interconexion,
    }
    return _horas_trabajo(nombre, metodo, tokens, equipo, opciones)[0]
