"""¿Cuánto se equivoca esta guía? Cada medida publicada de ``medidas.csv`` frente a lo que predice la biblioteca.

Lo que usa la calibración (``gpucoste.calculo.calibracion``, que ajusta ``ajustes.csv`` y reexporta todo lo de
aquí) y el informe de su error:

- las medidas que entran (``usadas``) y sus dos mitades deterministas (``mitades``): dentro de cada grupo que se
  ajusta (``clave_grupo``: misma clase de GPU y escala, mismo motor…), ordenadas por ``id``, una sí y otra no;
  la primera va al ajuste (y lo mismo con ``escalado.csv``: ``mitades_escalado``);
- la predicción de la biblioteca para cada medida (``predecir``, ``Prediccion``), con los parámetros de
  ``ajustes.csv``;
- el error en las dos mitades y en todas (``informe``, ``Resumen``): la mediana de |predicho/medido − 1| con el
  valor central y qué fracción de las medidas cae dentro del rango predicho; lo que incumple los umbrales
  (``fallos``) y el informe en texto y en frases para el lector (``texto_informe``, ``frase_banda``…).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.formato import numero, porcentaje
from gpucoste.base.validacion import Validado
from gpucoste.calculo import memoria, tiempo

__all__ = [
    "DENTRO_MINIMO",
    "ERROR_MAXIMO",
    "GIB",
    "Prediccion",
    "Resumen",
    "TIPOS",
    "clave_grupo",
    "fallos",
    "frase_banda",
    "frase_escalado",
    "informe",
    "informe_escalado",
    "mitades",
    "mitades_escalado",
    "predecir",
    "predicciones",
    "predicciones_escalado",
    "texto_escalado",
    "texto_informe",
    "usadas",
    "usadas_escalado",
]


TIPOS = MappingProxyType(
    {
        "entrenamiento": "tiempo de entrenamiento",
        "memoria": "memoria pico",
        "generacion": "generación de una secuencia",
        "servicio": "servidor a carga máxima",
    }
)
"""Los tipos de medida, con su nombre para el lector."""

GIB = 2**30 / memoria.GB
"""GB (10⁹ bytes) en un GiB."""

_PRECISION = {"f16": "fp16", "nf4": "nf4"}
"""Nombres de ``medidas.csv`` que la biblioteca escribe de otro modo (GGUF llama F16 al fp16)."""

_RANGO_LORA = {"torchtune": 8, "transformers+PEFT": 32, "VectorLM": 8}
"""Rango de los adaptadores de cada marco en sus medidas (configuración de torchtune; la tabla de Unsloth dice 32)."""

_PERDIDA = {"torchtune": "por_trozos"}
"""torchtune calcula la pérdida por trozos (CEWithChunkedOutputLoss); los demás, de una vez."""


def usadas() -> tuple[datos.Medida, ...]:
    """Las medidas que entran en la calibración (``rechazada`` vacía)."""
    return tuple(m for m in datos.medidas() if not m.rechazada)


def _n(m: datos.Medida) -> int:
    return m.n_gpus or 1


def _medida(m: object) -> datos.Medida:
    if not isinstance(m, datos.Medida):
        raise ValueError(f"medida: {m!r} no vale; se admite una fila de datos.medidas().")
    return m


def clave_grupo(m: datos.Medida) -> str:
    """El grupo de ``m`` al partir y ajustar: la clave de ``ajustes.csv`` que ajusta (o tipo y marco)."""
    m = _medida(m)
    if m.tipo == "entrenamiento":
        if m.metodo == "qlora":
            return "qlora"
        return f"mfu_{tiempo.clase_gpu(m.gpu)}_{_escala(m)}"
    if m.tipo in ("generacion", "servicio"):
        return f"{m.tipo}_{m.marco.lower()}"
    return f"memoria_{m.marco.lower()}"


def _escala(m: datos.Medida) -> str:
    """La escala del MFU de ``m``: un programa de preentrenamiento entero, una GPU o un nodo (varios nodos
    cuentan como un nodo por la eficiencia de su red, ``_red``)."""
    if m.metodo == "preentrenamiento":
        return "varios_nodos"
    return "1" if _n(m) == 1 else "nodo"


def _red(m: datos.Medida, ajustes: dict | None = None) -> tuple[float, float, float]:
    """El factor de la interconexión de ``m`` sobre el MFU de un nodo (``tiempo.eficiencia_interconexion``)."""
    if m.metodo == "preentrenamiento":
        return 1.0, 1.0, 1.0
    red = m.interconexion if m.interconexion in tiempo.INTERCONEXIONES else None
    return tiempo._factor_red(m.gpu, _n(m), red, ajustes)


def mitades(medidas: tuple[datos.Medida, ...] | None = None) -> tuple[tuple, tuple]:
    """(ajuste, validación): en cada grupo, por ``id``, la 1.ª, 3.ª, 5.ª… al ajuste y el resto a validación."""
    medidas = usadas() if medidas is None else _lista(medidas, datos.Medida, "medidas", "p. ej. calibracion.usadas()")
    grupos: dict[str, list[datos.Medida]] = {}
    for m in medidas:
        grupos.setdefault(clave_grupo(m), []).append(m)
    ajuste, validacion = [], []
    for filas in grupos.values():
        for i, m in enumerate(sorted(filas, key=lambda x: x.id)):
            (ajuste if i % 2 == 0 else validacion).append(m)
    return tuple(sorted(ajuste, key=lambda x: x.id)), tuple(sorted(validacion, key=lambda x: x.id))


def _lista(valores: object, tipo: type, nombre: str, de: str) -> tuple:
    from gpucoste.base.validacion import lista_de

    return tuple(lista_de(valores, tipo, nombre, de=de))


def _resumen_de(resumen: object) -> dict[str, dict[str, Resumen | None]]:
    """``resumen`` si tiene la forma de ``informe()`` (tipo → mitad → ``Resumen`` o ``None``, con cada tipo de
    ``TIPOS`` y «todas»); si no, ``ValueError``."""
    forma = "con la forma de calibracion.informe(): tipo → mitad → Resumen o None"
    ok = (
        isinstance(resumen, dict)
        and all(t in resumen for t in (*TIPOS, "todas"))
        and all(
            isinstance(v, dict) and "todas" in v and all(r is None or isinstance(r, Resumen) for r in v.values())
            for v in resumen.values()
        )
    )
    if not ok:
        raise ValueError(f"resumen: {resumen!r:.80} no vale; se admite un diccionario {forma}.")
    return resumen


def _metodo_flops(m: datos.Medida) -> str:
    return "completo" if m.metodo in ("completo", "preentrenamiento") else "lora"


def _flops_token(m: datos.Medida) -> float:
    return tiempo.flops_por_token(
        m.modelo, _metodo_flops(m), m.secuencia or 2048, rango_lora=_RANGO_LORA.get(m.marco, memoria.RANGO_LORA)
    )


def _sin_recomputo(m: datos.Medida) -> float:
    """Sin checkpointing no se repite la pasada hacia delante (2·N): el mismo hardware rinde (base + 2) ÷ base
    veces más FLOPs del modelo (base: 6·N entero, 4·N con LoRA). Con checkpointing o sin saberlo, 1."""
    if m.checkpointing != "no":
        return 1.0
    base = 6.0 if _metodo_flops(m) == "completo" else 4.0
    return (base + 2.0) / base


def _techo(m: datos.Medida) -> float:
    """El techo de la biblioteca para una medida de generación o de servicio (tokens/s)."""
    precision = _PRECISION.get(m.precision, m.precision)
    if m.tipo == "generacion":
        return tiempo.tokens_por_segundo(
            m.modelo,
            m.gpu,
            precision=precision,
            contexto=m.secuencia or 0,
            n_gpus=_n(m),
            por_capas=tiempo.MOTORES[m.marco],
        )
    return tiempo.techo_servicio(
        m.modelo, m.gpu, precision=precision, entrada=m.secuencia, salida=m.salida, n_gpus=_n(m)
    )


def _es_cuantizado(m: datos.Medida) -> bool:
    return memoria.BYTES_POR_PARAMETRO.get(_PRECISION.get(m.precision, m.precision), 2.0) < 2.0


def usadas_escalado() -> tuple[datos.Escalado, ...]:
    """Las medidas de ``escalado.csv`` que entran en el ajuste (``rechazada`` vacía)."""
    return tuple(e for e in datos.escalado() if not e.rechazada)


def mitades_escalado(filas: tuple[datos.Escalado, ...] | None = None) -> tuple[tuple, tuple]:
    """(ajuste, validación) de ``escalado.csv``: en cada interconexión, por ``id``, una sí y otra no."""
    filas = usadas_escalado() if filas is None else _lista(filas, datos.Escalado, "filas", "p. ej. usadas_escalado()")
    ajuste, validacion = [], []
    for red in tiempo.INTERCONEXIONES:
        for i, e in enumerate(sorted((e for e in filas if e.interconexion == red), key=lambda x: x.id)):
            (ajuste if i % 2 == 0 else validacion).append(e)
    return tuple(sorted(ajuste, key=lambda x: x.id)), tuple(sorted(validacion, key=lambda x: x.id))


@dataclass(frozen=True)
class Prediccion(Validado):
    """Lo que predice la biblioteca para una medida, en su misma unidad."""

    medida: datos.Medida | datos.Escalado
    central: float
    minimo: float
    maximo: float
    techo: float | None = None

    @property
    def error(self) -> float:
        """|predicho/medido − 1| con el valor central."""
        return abs(self.central / self.medida.valor - 1)

    @property
    def dentro(self) -> bool:
        """¿Cae la medida dentro del rango predicho?"""
        return self.minimo * (1 - 1e-3) <= self.medida.valor <= self.maximo * (1 + 1e-3)  # ajustes.csv redondea


def _rango(a: datos.Ajuste) -> tuple[float, float, float]:
    return a.central, a.minimo, a.maximo


def _predecir_entrenamiento(m: datos.Medida) -> tuple[float, float, float]:
    a = datos.ajustes()[tiempo.clave_mfu(tiempo.clase_gpu(m.gpu), _escala(m))]
    u = [x * r for x, r in zip((a.central, a.minimo, a.maximo), _red(m), strict=True)]
    if m.metodo == "qlora":  # más ralentización, menos MFU efectivo
        q = datos.ajustes()["qlora"]
        u = [u[0] / q.central, u[1] / q.maximo, u[2] / q.minimo]
    u = [x * _sin_recomputo(m) for x in u]
    pico = memoria.gpu(m.gpu).tflops_bf16 * 1e12
    f = _flops_token(m)
    if m.unidad == "gpu_horas":  # el mínimo de horas sale del MFU máximo
        central, menos, mas = (f * m.tokens / (pico * x) / tiempo.SEGUNDOS_HORA for x in u)
        return central, mas, menos
    n = 1 if m.unidad == "tokens_s_gpu" else _n(m)
    central, minimo, maximo = (n * pico * x / f for x in u)
    return central, minimo, maximo


def _memoria_fisica(m: datos.Medida) -> tuple[float, float, float]:
    """Memoria que predice ``memoria.encaja`` para ``m`` en su unidad: (central, mínimo, máximo).

    El rango solo recoge el checkpointing desconocido y el contexto de CUDA (``memoria.gb_sistema``).
    """
    opciones = {"secuencia": m.secuencia or 0, "lote": m.lote or 1, "n_gpus": _n(m)}
    if m.metodo == "inferencia":
        opciones["precision"] = _PRECISION.get(m.precision, m.precision)
    else:
        opciones["rango_lora"] = _RANGO_LORA.get(m.marco, memoria.RANGO_LORA)
        opciones["perdida"] = _PERDIDA.get(m.marco, "completa")
    totales = []
    for ck in (True, False) if m.checkpointing == "desconocido" else (m.checkpointing != "no",):
        extra = {} if m.metodo == "inferencia" else {"checkpointing": ck}
        totales.append(memoria.encaja(m.modelo, m.metodo, m.gpu, **opciones, **extra))
    bajo, alto = memoria.gb_sistema()
    minimo = min(t.total - t.sistema for t in totales) + bajo
    maximo = max(t.total - t.sistema for t in totales) + alto
    a_unidad = 1 / GIB if m.unidad == "gib" else 1.0
    return (minimo + maximo) / 2 * a_unidad, minimo * a_unidad, maximo * a_unidad


def _predecir_memoria(m: datos.Medida) -> tuple[float, float, float]:
    central, minimo, maximo = _memoria_fisica(m)
    r = datos.ajustes()["memoria"]
    return central, min(minimo, central * r.minimo), max(maximo, central * r.maximo)


def predecir(m: datos.Medida) -> Prediccion:
    """La predicción de la biblioteca para la medida ``m`` (valor central y rango, en la unidad de ``m``)."""
    m = _medida(m)
    if m.tipo == "entrenamiento":
        return Prediccion(m, *_predecir_entrenamiento(m))
    if m.tipo == "memoria":
        return Prediccion(m, *_predecir_memoria(m))
    techo = _techo(m)
    if m.tipo == "generacion":
        central, rango = tiempo.generacion_tipica(
            m.modelo,
            m.gpu,
            precision=_PRECISION.get(m.precision, m.precision),
            contexto=m.secuencia or 0,
            n_gpus=_n(m),
            motor=m.marco,
        )
        return Prediccion(m, central, rango.minimo, rango.maximo, techo)
    a = datos.ajustes()[clave_grupo(m)]
    return Prediccion(m, techo * a.central, techo * a.minimo, techo * a.maximo, techo)


def predicciones() -> tuple[Prediccion, ...]:
    """La predicción de cada medida usada, en el orden de ``medidas.csv``."""
    return tuple(predecir(m) for m in usadas())


@dataclass(frozen=True)
class Resumen(Validado):
    """Error de un conjunto de predicciones: cuántas, mediana de |predicho/medido − 1| y fracción dentro del rango."""

    n: int
    error_mediano: float
    dentro: float


def _resumen(ps: list[Prediccion]) -> Resumen | None:
    if not ps:
        return None
    return Resumen(len(ps), statistics.median(p.error for p in ps), sum(p.dentro for p in ps) / len(ps))


def informe() -> dict[str, dict[str, Resumen | None]]:
    """Error por tipo de medida (y ``"todas"``) en la mitad de ajuste, en la de validación y en todas."""
    ps = predicciones()
    ajuste, validacion = (set(m.id for m in mitad) for mitad in mitades())
    conjuntos = {"ajuste": ajuste, "validación": validacion, "todas": ajuste | validacion}
    salida: dict[str, dict[str, Resumen | None]] = {}
    for tipo in (*TIPOS, "todas"):
        salida[tipo] = {
            nombre: _resumen([p for p in ps if p.medida.id in ids and tipo in ("todas", p.medida.tipo)])
            for nombre, ids in conjuntos.items()
        }
    return salida


ERROR_MAXIMO = 0.25
"""Mediana máxima de |predicho/medido − 1| en todas las medidas, para el tiempo y para la memoria."""

DENTRO_MINIMO = 0.70
"""Fracción mínima de las medidas (todas) que debe caer dentro del rango predicho."""


def fallos(
    resumen: dict[str, dict[str, Resumen | None]] | None = None, ps: tuple[Prediccion, ...] | None = None
) -> list[str]:
    """Lo que incumple la calibración (vacío si nada): los umbrales de ``ERROR_MAXIMO`` y ``DENTRO_MINIMO``,
    y ninguna medida de generación por encima de su techo de ancho de banda."""
    resumen = informe() if resumen is None else _resumen_de(resumen)
    ps = predicciones() if ps is None else _lista(ps, Prediccion, "ps", "p. ej. calibracion.predicciones()")
    salida = []
    for tipo in ("entrenamiento", "memoria"):
        r = resumen[tipo]["todas"]
        if r is None or r.error_mediano > ERROR_MAXIMO:
            error = "sin medidas" if r is None else porcentaje(r.error_mediano, 1)
            salida.append(f"{TIPOS[tipo]}: error mediano {error}, por encima del {porcentaje(ERROR_MAXIMO)}")
    dentro = resumen["todas"]["todas"]
    if dentro is None or dentro.dentro < DENTRO_MINIMO:
        salida.append(
            f"solo {porcentaje(0 if dentro is None else dentro.dentro)} de las medidas dentro del rango predicho"
        )
    for p in ps:
        if p.medida.tipo == "generacion" and p.techo is not None and p.medida.valor > p.techo:
            salida.append(
                f"{p.medida.id}: {numero(p.medida.valor, 1)} tokens/s medidos superan el techo de {numero(p.techo, 1)}"
            )
    return salida


def texto_informe(resumen: dict[str, dict[str, Resumen | None]] | None = None) -> str:
    """El informe en texto: por tipo, medidas, error mediano y fracción dentro del rango en cada mitad."""
    resumen = informe() if resumen is None else _resumen_de(resumen)
    lineas = []
    for tipo, mitades_tipo in resumen.items():
        partes = []
        for nombre, r in mitades_tipo.items():
            partes.append(
                f"{nombre}: —"
                if r is None
                else f"{nombre}: {r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, "
                f"dentro {porcentaje(r.dentro)}"
            )
        lineas.append(f"{TIPOS.get(tipo, 'todas las medidas')}: " + "; ".join(partes))
    return "\n".join(lineas)


def frase_banda(tipo: str) -> str:
    """Una frase para el lector con el error medido de ``tipo`` (una clave de ``TIPOS``) en todas las medidas."""
    from gpucoste.base.validacion import opcion

    tipo = opcion(tipo, "Tipo de medida", TIPOS)
    r = informe()[tipo]["todas"]
    if r is None:
        return f"No hay medidas publicadas de {TIPOS[tipo]} con que comparar."
    return (
        f"Frente a {r.n} medidas publicadas de {TIPOS[tipo]}, la predicción típica se desvía una mediana del "
        f"{porcentaje(r.error_mediano)} y el {porcentaje(r.dentro)} de las medidas cae dentro del rango que da "
        "la guía."
    )


def predicciones_escalado() -> tuple[Prediccion, ...]:
    """La eficiencia que da ``ajustes.csv`` (mediana y extremos) para cada medida usada de ``escalado.csv``."""
    a = datos.ajustes()
    salida = []
    for e in usadas_escalado():
        v = a[f"escalado_{e.interconexion}"]
        f = 1.0 if e.referencia == "menos_gpus" else 1 / a["escalado_nvlink"].central
        salida.append(Prediccion(e, v.central * f, v.minimo * f, v.maximo * f))
    return tuple(salida)


def informe_escalado() -> dict[str, Resumen | None]:
    """Error de la eficiencia por interconexión en la mitad de ajuste, en la de validación y en todas."""
    ps = predicciones_escalado()
    ajuste, validacion = (set(e.id for e in mitad) for mitad in mitades_escalado())
    conjuntos = {"ajuste": ajuste, "validación": validacion, "todas": ajuste | validacion}
    return {nombre: _resumen([p for p in ps if p.medida.id in ids]) for nombre, ids in conjuntos.items()}


def texto_escalado() -> str:
    """El informe de ``informe_escalado`` en una línea: medidas, error mediano y fracción dentro en cada mitad."""
    partes = [
        f"{nombre}: —"
        if r is None
        else f"{nombre}: {r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, dentro {porcentaje(r.dentro)}"
        for nombre, r in informe_escalado().items()
    ]
    return "eficiencia por interconexión: " + "; ".join(partes)


def frase_escalado() -> str:
    """Una frase para el lector con el error de la eficiencia por interconexión en todas las medidas de escalado."""
    r = informe_escalado()["todas"]
    if r is None:
        return "No hay medidas publicadas de escalado entre GPU con que comparar."
    return (
        f"Frente a {r.n} medidas publicadas de lo que rinde cada GPU al repartir un entrenamiento, la eficiencia "
        f"típica de cada interconexión se desvía una mediana del {porcentaje(r.error_mediano)} y el "
        f"{porcentaje(r.dentro)} de las medidas cae dentro de su rango."
    )
