"""¿Cuánto se equivoca esta guía? Cada medida publicada de ``medidas.csv`` frente a lo que predice la biblioteca.

Lo que usa la calibración (``gpucoste.calculo.calibracion``, que ajusta ``ajustes.csv``, valida por fuentes, da el
informe de su error y reexporta todo lo de aquí):

- las medidas que entran (``usadas``) y sus dos mitades deterministas (``mitades``): dentro de cada grupo que se
  ajusta (``clave_grupo``: misma clase de GPU y escala, mismo motor…), ordenadas por ``id``, una sí y otra no;
  la primera va al ajuste (y lo mismo con ``escalado.csv``: ``mitades_escalado``);
- la fuente de cada medida (``fuente``: su repositorio), que la validación deja fuera por turno;
- la pareja LoRA de cada medida de QLoRA (``pareja_lora``: lo mismo, de la misma publicación, con LoRA) y la
  ralentización que miden las dos (``ralentizacion_medida``), con la que se ajusta ``qlora``;
- la predicción de la biblioteca para cada medida (``predecir``, ``predecir_escalado``, ``Prediccion``), con los
  parámetros de ``ajustes.csv`` o con los de un ajuste hecho sin su fuente;
- el error de un conjunto de predicciones (``Resumen``): la mediana de |predicho/medido − 1| con el valor central
  y qué fracción de las medidas cae dentro del rango predicho, y los umbrales de la prueba (``ERROR_MAXIMO``,
  ``DENTRO_MINIMO``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.validacion import Validado
from gpucoste.calculo import memoria, tiempo, velocidad

__all__ = [
    "DENTRO_MINIMO",
    "ERROR_MAXIMO",
    "GIB",
    "Prediccion",
    "Resumen",
    "TIPOS",
    "clave_grupo",
    "fuente",
    "mitades",
    "mitades_escalado",
    "pareja_lora",
    "predecir",
    "predecir_escalado",
    "predicciones",
    "predicciones_escalado",
    "ralentizacion_medida",
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


_TIEMPOS = ("gpu_horas", "gpu_minutos")
"""Unidades de tiempo (más es más lento); las demás de entrenamiento son tokens/s (más es más rápido)."""


def pareja_lora(m: datos.Medida) -> datos.Medida | None:
    """La medida LoRA que forma pareja con la medida de QLoRA ``m``, o ``None`` si no la hay (o hay más de una).

    La pareja es la fila de ``medidas.csv`` cuyo ``id`` es el de ``m`` con «qlora» cambiado por «lora»
    (``torchtune-8b-qlora-rtx-4090`` → ``torchtune-8b-lora-rtx-4090``), si es de entrenamiento con ``metodo`` lora y
    tiene la misma ``fuente`` (la misma URL, fijada al mismo *commit*), modelo, GPU, número de GPU, secuencia, marco y
    unidad: el mismo trabajo en la misma máquina, con los pesos en bf16 en lugar de nf4. Puede estar rechazada para la
    MFU (sin los tokens del trabajo no da una MFU) y seguir sirviendo de pareja.
    """
    m = _medida(m)
    if m.tipo != "entrenamiento" or m.metodo != "qlora" or "qlora" not in m.id:
        return None
    campos = ("fuente", "modelo", "gpu", "n_gpus", "secuencia", "marco", "unidad")
    nombre = m.id.replace("qlora", "lora", 1)
    parejas = [
        x
        for x in datos.medidas()
        if x.id == nombre
        and x.tipo == "entrenamiento"
        and x.metodo == "lora"
        and all(getattr(x, c) == getattr(m, c) for c in campos)
    ]
    return parejas[0] if len(parejas) == 1 else None


def ralentizacion_medida(m: datos.Medida) -> float | None:
    """Cuántas veces más tarda la medida de QLoRA ``m`` que su pareja LoRA (``pareja_lora``), o ``None`` sin pareja.

    Con tokens/s, los de LoRA ÷ los de QLoRA; con un tiempo (horas o minutos de GPU), el de QLoRA ÷ el de LoRA.
    """
    lora = pareja_lora(m)
    if lora is None:
        return None
    return m.valor / lora.valor if m.unidad in _TIEMPOS else lora.valor / m.valor


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
    def desvio(self) -> float:
        """predicho/medido − 1 con el valor central, con su signo: positivo si la biblioteca predice más que la
        medida, negativo si menos (la columna «error» de «¿Cuánto se equivoca?», «+19 %» o «−4 %»)."""
        return self.central / self.medida.valor - 1

    @property
    def error(self) -> float:
        """|predicho/medido − 1| con el valor central (``desvio`` sin su signo)."""
        return abs(self.desvio)

    @property
    def dentro(self) -> bool:
        """¿Cae la medida dentro del rango predicho?"""
        return self.minimo * (1 - 1e-3) <= self.medida.valor <= self.maximo * (1 + 1e-3)  # ajustes.csv redondea


def _rango(a: datos.Ajuste) -> tuple[float, float, float]:
    return a.central, a.minimo, a.maximo


def fuente(m: datos.Medida | datos.Escalado) -> str:
    """La fuente de una medida al validar: la publicación de la que sale, que es el repositorio de su ``fuente``
    (``github.com/dueño/nombre``: dos ficheros o dos *commits* del mismo repositorio son la misma fuente) o, fuera
    de GitHub, el dominio."""
    if not isinstance(m, datos.Medida | datos.Escalado):
        raise ValueError(f"medida: {m!r:.80} no vale; se admite una fila de datos.medidas() o datos.escalado().")
    partes = m.fuente.split("/")
    dominio = partes[2].removeprefix("www.") if len(partes) > 2 else m.fuente
    if dominio == "github.com" and len(partes) > 4:
        return f"github.com/{partes[3]}/{partes[4]}"
    return dominio


def _de(ajustes: dict | None) -> dict:
    """``ajustes`` (clave → ``datos.Ajuste``) o, si es ``None``, los de ``ajustes.csv``."""
    if ajustes is None:
        return datos.ajustes()
    if not isinstance(ajustes, dict) or not all(isinstance(v, datos.Ajuste) for v in ajustes.values()):
        raise ValueError(
            f"ajustes: {ajustes!r:.80} no vale; se admite None (ajustes.csv) o un diccionario clave → datos.Ajuste."
        )
    return ajustes


def _por_pareja(m: datos.Medida) -> bool:
    """¿Se predice la medida de QLoRA ``m`` desde su pareja LoRA medida? Solo si no da una MFU: un tiempo sin los
    tokens del trabajo. Las demás se predicen como todas, con la MFU de su clase de GPU y escala y la ralentización."""
    return m.metodo == "qlora" and (m.unidad == "gpu_minutos" or (m.unidad == "gpu_horas" and not m.tokens))


def _predecir_entrenamiento(m: datos.Medida, ajustes: dict) -> tuple[float, float, float]:
    if _por_pareja(m):
        # Sin los tokens del trabajo no hay MFU que aplicar: su pareja LoRA medida por la ralentización de QLoRA.
        lora, q = pareja_lora(m), ajustes["qlora"]
        if lora is None:
            raise KeyError("pareja_lora")
        return lora.valor * q.central, lora.valor * q.minimo, lora.valor * q.maximo
    a = ajustes[tiempo.clave_mfu(tiempo.clase_gpu(m.gpu), _escala(m), ajustes)]
    u = [x * r for x, r in zip((a.central, a.minimo, a.maximo), _red(m, ajustes), strict=True)]
    if m.metodo == "qlora":  # más ralentización, menos MFU efectivo
        q = ajustes["qlora"]
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


def _predecir_memoria(m: datos.Medida, ajustes: dict) -> tuple[float, float, float]:
    central, minimo, maximo = _memoria_fisica(m)
    r = ajustes["memoria"]
    return central, min(minimo, central * r.minimo), max(maximo, central * r.maximo)


def predecir(m: datos.Medida, ajustes: dict | None = None) -> Prediccion:
    """La predicción de la biblioteca para la medida ``m`` (valor central y rango, en la unidad de ``m``).

    Con los parámetros de ``ajustes`` (clave → ``datos.Ajuste``; por defecto, los de ``ajustes.csv``): la
    validación por fuentes (``calibracion.validacion``) pasa los de un ajuste hecho sin la fuente de ``m``. Si
    falta un parámetro que la predicción necesita, ``KeyError`` con su clave.
    """
    m = _medida(m)
    ajustes = _de(ajustes)
    if m.tipo == "entrenamiento":
        return Prediccion(m, *_predecir_entrenamiento(m, ajustes))
    if m.tipo == "memoria":
        return Prediccion(m, *_predecir_memoria(m, ajustes))
    techo = _techo(m)
    if m.tipo == "generacion":
        central, rango = velocidad._generacion_tipica(
            m.modelo,
            m.gpu,
            precision=_PRECISION.get(m.precision, m.precision),
            contexto=m.secuencia or 0,
            n_gpus=_n(m),
            motor=m.marco,
            ajustes=ajustes,
        )
        return Prediccion(m, central, rango.minimo, rango.maximo, techo)
    a = ajustes[clave_grupo(m)]
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


ERROR_MAXIMO = 0.25
"""Mediana máxima de |predicho/medido − 1| en todas las medidas, para el tiempo y para la memoria."""

DENTRO_MINIMO = 0.70
"""Fracción mínima de las medidas (todas) que debe caer dentro del rango predicho."""


def predecir_escalado(e: datos.Escalado, ajustes: dict | None = None) -> Prediccion:
    """La eficiencia que da ``ajustes`` (por defecto, ``ajustes.csv``: mediana y extremos de su interconexión) para
    la medida ``e`` de ``escalado.csv``; si falta el parámetro de su interconexión, ``KeyError``."""
    if not isinstance(e, datos.Escalado):
        raise ValueError(f"e: {e!r:.80} no vale; se admite una fila de datos.escalado().")
    a = _de(ajustes)
    v = a[f"escalado_{e.interconexion}"]
    f = 1.0 if e.referencia == "menos_gpus" else 1 / a["escalado_nvlink"].central
    return Prediccion(e, v.central * f, v.minimo * f, v.maximo * f)


def predicciones_escalado() -> tuple[Prediccion, ...]:
    """La eficiencia que da ``ajustes.csv`` (mediana y extremos) para cada medida usada de ``escalado.csv``."""
    return tuple(predecir_escalado(e) for e in usadas_escalado())
