"""¿Cuántas GPU para servir mi tráfico? El modelo de capacidad de un servidor de inferencia.

De «N mensajes al día» a peticiones por segundo en la hora punta, secuencias a la vez, GPU de cada tipo y la
latencia que ve quien pregunta. Física primero, con tres parámetros ajustados a benchmarks de servicio publicados:

- **Memoria**: cada réplica (``n_gpus`` GPU con paralelismo de tensores) guarda los pesos
  (:func:`gpucoste.calculo.memoria.gb_pesos_modelo`) y, con lo que queda del 90 % de su VRAM
  (:data:`gpucoste.calculo.velocidad.FRACCION_MEMORIA_SERVICIO`), la caché KV de cada secuencia de ``contexto``
  tokens (:func:`gpucoste.calculo.memoria.bytes_kv_por_token`): eso limita el lote.
- **Decodificar** un paso de un lote de ``B`` secuencias lee los pesos y la caché de todas (ancho de banda) o hace
  2·N FLOPs por secuencia (cómputo), lo que tarde más (:func:`gpucoste.calculo.velocidad.tokens_por_segundo`); el
  motor llega a una fracción ``eficiencia`` de ese techo y paga además ``ms_capa`` milisegundos por capa y paso.
- **Prellenar** (procesar la entrada) cuesta 2·N FLOPs por token de entrada a una fracción ``mfu_prellenado`` del
  pico en bf16, y ocupa la GPU: cada petición reparte su prellenado entre sus tokens de salida.

Con ``B`` secuencias a la vez, el tiempo por token de salida es ``t_paso(B) + B·t_prellenado ÷ salida`` y el
servidor genera ``B`` tokens en ese tiempo; las peticiones por segundo son esos tokens ÷ ``salida`` (ley de Little:
concurrencia = peticiones por segundo × lo que dura cada una). Los tres parámetros se ajustan por mínimos
cuadrados del error relativo a las medidas de ``servicio_medido.csv`` y a las de servicio a carga máxima de
``medidas.csv`` (``ajustar``); :func:`gpucoste.calculo.servicio_validacion.validacion` repite el ajuste sin cada
fuente y predice sus medidas.

Python puro (sin pandas) y nada se lee al importar: sirve igual en el navegador.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.base.validacion import ENTERO_MAX, Validado, entero, instancia, numero, opcion, resultado
from gpucoste.calculo import memoria, velocidad
from gpucoste.calculo.servicio_supuestos import (
    FACTOR_PICO,
    OBJETIVO_TPOT_MS,
    OBJETIVO_TTFT_MS,
    TOKENS_ENTRADA,
    TOKENS_MAX,
    TOKENS_SALIDA,
    Supuestos,
)

__all__ = [
    "FACTOR_PICO",
    "OBJETIVO_TPOT_MS",
    "OBJETIVO_TTFT_MS",
    "TOKENS_ENTRADA",
    "TOKENS_SALIDA",
    "Capacidad",
    "Medida",
    "Parametros",
    "Prediccion",
    "Supuestos",
    "ajustar",
    "capacidad",
    "de_peticiones_s",
    "kv_gb_secuencia",
    "mensajes_dia_validos",
    "medidas",
    "predecir",
    "rendimiento",
    "secuencias_max",
]

_SEGUNDOS_DIA = 86400.0
_LOTE_MAX = 10**5
"""Secuencias a la vez por réplica que se consideran como mucho (ningún motor llega)."""


# --- Las medidas y la física de cada una --------------------------------------------------------------------


@dataclass(frozen=True)
class Medida(Validado):
    """Una medida de servicio con lo que la predice: de ``servicio_medido.csv`` o, a carga máxima, de ``medidas.csv``.

    ``concurrencia`` ``None``: a carga máxima (tantas secuencias como quepan en la caché KV).
    """

    id: str
    modelo: str
    gpu: str
    n_gpus: int
    precision: str
    motor: str
    entrada: int
    salida: int
    concurrencia: int | None
    kv_gb: float | None
    tokens_s: float
    tpot_ms: float | None
    fuente: str
    """El repositorio de la medida («github.com/dueño/repo»): lo que la validación deja fuera."""
    enlace: str
    """La URL fijada de la medida."""


def de_peticiones_s(peticiones_s: float) -> float:
    """Mensajes al día que son ``peticiones_s`` peticiones por segundo de media."""
    return resultado(
        numero(peticiones_s, "peticiones_s") * _SEGUNDOS_DIA, "de_peticiones_s", {"peticiones_s": peticiones_s}
    )


def mensajes_dia_validos(mensajes_dia: float) -> float:
    """``mensajes_dia`` si es un número finito mayor que 0. Un cero, con su razón (sin tráfico no hace falta ninguna
    GPU); cualquier otro valor malo, con lo que se admite: un número mayor que 0 (no «mayor o igual que 0», que
    dejaría pasar el cero que luego no vale)."""
    if isinstance(mensajes_dia, int | float) and not isinstance(mensajes_dia, bool) and mensajes_dia == 0:
        raise ValueError(
            f"mensajes_dia: {mensajes_dia!r} no vale: sin tráfico no hace falta ninguna GPU; se admite un número mayor "
            "que 0."
        )
    valor = numero(mensajes_dia, "mensajes_dia")
    if valor / _SEGUNDOS_DIA == 0:  # tan pocos que las peticiones por segundo se redondean a 0 (p. ej. 1e-320)
        raise ValueError(
            f"mensajes_dia: {mensajes_dia!r} no vale: con tan pocos, las peticiones por segundo se redondean a 0; se "
            "admite un número mayor."
        )
    return valor


def _fuente_de(url: str) -> str:
    """El repositorio de una URL de GitHub («github.com/dueño/repo»), o su dominio: lo que la validación deja fuera."""
    partes = url.split("/")
    return "/".join(partes[2:5]) if partes[2:3] == ["github.com"] else partes[2]


def medidas() -> tuple[Medida, ...]:
    """Las medidas con que se ajusta y se valida el modelo: las de ``servicio_medido.csv`` sin ``rechazada`` y las de
    servicio a carga máxima de ``medidas.csv`` (``tipo`` servicio, con entrada y salida, sin ``rechazada``)."""
    return _medidas(datos.servicio_medido(), datos.medidas())


@functools.lru_cache(maxsize=4)
def _medidas(servidas: tuple[datos.ServicioMedido, ...], publicadas: tuple[datos.Medida, ...]) -> tuple[Medida, ...]:
    salida = [
        Medida(
            s.id,
            s.modelo,
            s.gpu,
            s.n_gpus,
            s.precision,
            s.motor,
            s.entrada,
            s.salida,
            s.concurrencia,
            s.kv_gb,
            s.tokens_s,
            s.tpot_ms,
            _fuente_de(s.fuente),
            s.fuente,
        )
        for s in servidas
        if not s.rechazada
    ]
    for m in publicadas:
        if m.tipo == "servicio" and not m.rechazada and m.secuencia and m.salida and m.unidad == "tokens_s":
            salida.append(
                Medida(
                    m.id,
                    m.modelo,
                    m.gpu,
                    m.n_gpus or 1,
                    m.precision,
                    m.marco,
                    m.secuencia,
                    m.salida,
                    None,
                    None,
                    m.valor,
                    None,
                    _fuente_de(m.fuente),
                    m.fuente,
                )
            )
    return tuple(salida)


def _precision_kv(precision: str) -> str:
    """La caché KV: en fp8 si los pesos van en fp8 (vLLM y TensorRT-LLM lo hacen así); si no, en 16 bits."""
    return "fp8" if precision == "fp8" else ("fp16" if precision == "fp16" else "bf16")


def kv_gb_secuencia(nombre: str | datos.Modelo, contexto: int, precision: str = "bf16") -> float:
    """GB de caché KV que ocupa una secuencia de ``contexto`` tokens con los pesos en ``precision``."""
    m = memoria.modelo(nombre)
    contexto = entero(contexto, "contexto", minimo=1, maximo=10**7)
    opcion(precision, "Precisión", memoria.BYTES_POR_PARAMETRO)
    por_token = memoria.bytes_kv_por_token(m, _precision_kv(precision))
    return por_token * memoria.tokens_kv(m, contexto) / memoria.GB


def _kv_libre_gb(m: datos.Modelo, g: datos.Gpu, n_gpus: int, precision: str) -> float:
    """GB para la caché KV en ``n_gpus`` × ``g``: el 90 % de la VRAM menos el sistema de cada GPU y los pesos."""
    sistema = sum(memoria.gb_sistema()) / 2
    por_gpu = g.vram_gb * velocidad.FRACCION_MEMORIA_SERVICIO - sistema
    return n_gpus * por_gpu - memoria.gb_pesos_modelo(m, precision)


def secuencias_max(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    n_gpus: int = 1,
    precision: str = "bf16",
    contexto: int,
    kv_gb: float | None = None,
) -> int:
    """Cuántas secuencias de ``contexto`` tokens caben a la vez en la caché KV de ``n_gpus`` × ``equipo``.

    ``kv_gb``: los GB que el motor reservó para la caché (si se saben); sin ellos, los que dejan los pesos en el 90 %
    de la VRAM. 0 si no cabe ni una.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=64)
    libre = _kv_libre_gb(m, g, n, precision) if kv_gb is None else numero(kv_gb, "kv_gb")
    return max(0, int(libre // kv_gb_secuencia(m, contexto, precision)))


@dataclass(frozen=True)
class _Fisica(Validado):
    """Lo que da la física de ``B`` secuencias: segundos del techo de un paso de decodificación, segundos de
    prellenado de una petición al pico y capas (para la sobrecarga fija por capa)."""

    lote: int
    paso_techo: float
    prellenado_pico: float
    capas: int


def _fisica(
    m: datos.Modelo, g: datos.Gpu, n_gpus: int, precision: str, entrada: int, salida: int, lote: int
) -> _Fisica:
    """El techo de un paso con ``lote`` secuencias a mitad de su respuesta y el prellenado de ``entrada`` tokens."""
    contexto = entrada + salida // 2
    tps = velocidad.tokens_por_segundo(
        m, g, precision=precision, lote=lote, contexto=contexto, n_gpus=n_gpus, precision_kv=_precision_kv(precision)
    )
    activos = memoria.parametros(m, activos=True)
    prellenado = 2 * activos * entrada / (n_gpus * g.tflops_bf16 * 1e12)
    return _Fisica(lote, lote / tps, prellenado, m.capas)


# --- Los parámetros y el rendimiento ------------------------------------------------------------------------


@dataclass(frozen=True)
class Parametros(Validado):
    """Lo que la física no da, ajustado a las medidas (``ajustar``): la fracción del techo de decodificación que
    alcanza el motor, los milisegundos fijos por capa y paso, y la MFU del prellenado."""

    eficiencia: float
    ms_capa: float
    mfu_prellenado: float
    medidas: int
    fuentes: int


def _tiempo_token(f: _Fisica, p: Parametros, salida: int) -> float:
    """Segundos por token de salida de cada secuencia con ``f.lote`` a la vez: un paso más su parte de prellenados."""
    paso = f.paso_techo / p.eficiencia + f.capas * p.ms_capa / 1000
    return paso + f.lote * (f.prellenado_pico / p.mfu_prellenado) / salida


def rendimiento(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    *,
    lote: int,
    entrada: int = TOKENS_ENTRADA,
    salida: int = TOKENS_SALIDA,
    n_gpus: int = 1,
    precision: str = "bf16",
    parametros: Parametros | None = None,
) -> tuple[float, float, float]:
    """(tokens generados por segundo de la réplica, segundos por token de salida, segundos hasta el primer token) con
    ``lote`` secuencias a la vez de ``entrada`` + ``salida`` tokens en ``n_gpus`` × ``equipo``.

    ``parametros``: por defecto, los de ``ajustar()`` con todas las medidas.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    b = entero(lote, "lote", minimo=1, maximo=_LOTE_MAX)
    e = entero(entrada, "entrada", minimo=1, maximo=TOKENS_MAX)
    s = entero(salida, "salida", minimo=1, maximo=TOKENS_MAX)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=64)
    p = ajustar() if parametros is None else instancia(parametros, Parametros, "parametros")
    f = _fisica(m, g, n, precision, e, s, b)
    tpot = _tiempo_token(f, p, s)
    ttft = f.prellenado_pico / p.mfu_prellenado + f.paso_techo / p.eficiencia + f.capas * p.ms_capa / 1000
    return resultado(b / tpot, "rendimiento", {"lote": lote}), tpot, ttft


@dataclass(frozen=True)
class Prediccion(Validado):
    """Una medida frente a lo que predice el modelo (tokens/s y, si la medida lo trae, milisegundos por token)."""

    medida: Medida
    lote: int
    tokens_s: float
    tpot_ms: float


def _lote(m: Medida) -> int:
    """Secuencias a la vez en la medida: su concurrencia, sin pasar de las que caben en la caché KV."""
    cabe = secuencias_max(
        m.modelo, m.gpu, n_gpus=m.n_gpus, precision=m.precision, contexto=m.entrada + m.salida, kv_gb=m.kv_gb
    )
    if cabe < 1:
        raise ValueError(_medida_imposible(m, "no cabe ni una secuencia en la caché KV"))
    return cabe if m.concurrencia is None else min(m.concurrencia, cabe)


def _medida_imposible(m: Medida, motivo: str) -> str:
    """El error de una medida que la física no admite: el fichero, la medida y las columnas que revisar."""
    kv = f"{formato.numero(m.kv_gb)} GB" if m.kv_gb else "vacía"
    return (
        f"{datos.SERVICIO_MEDIDO.fichero}, medida «{m.id}» ({m.modelo} en {m.n_gpus} × {m.gpu}, {m.precision}): "
        f"{motivo.rstrip('.')}. Revisa sus columnas kv_gb ({kv}), "
        f"concurrencia, entrada, salida y precision."
    )


def _fisica_de(m: Medida) -> _Fisica:
    """La física de una medida publicada; si sus cifras no caben en la GPU, un error que nombra la fila que revisar."""
    lote = _lote(m)
    try:
        return _fisica(memoria.modelo(m.modelo), memoria.gpu(m.gpu), m.n_gpus, m.precision, m.entrada, m.salida, lote)
    except ValueError as e:
        raise ValueError(_medida_imposible(m, str(e))) from None


def _datos_de(filas: tuple[Medida, ...]) -> tuple:
    """Lo que la física de ``filas`` lee de los datos (GPU, modelos, ventanas y el supuesto del sistema): la clave de
    la caché del ajuste, para que unos datos cambiados (``GPUCOSTE_DATOS``) nunca den un ajuste viejo."""
    gpus, modelos = datos.especificaciones(), datos.modelos()
    return (
        tuple(sorted({(gpus[m.gpu], modelos[m.modelo]) for m in filas}, key=repr)),
        tuple(sorted(datos.ventanas().items())),
        memoria.gb_sistema(),
    )


def predecir(m: Medida, parametros: Parametros | None = None) -> Prediccion:
    """Lo que predice el modelo para la medida ``m`` con ``parametros`` (por defecto, ``ajustar()``)."""
    instancia(m, Medida, "m", de="de servicio.medidas()")
    p = ajustar() if parametros is None else instancia(parametros, Parametros, "parametros")
    f = _fisica_de(m)
    tpot = _tiempo_token(f, p, m.salida)
    return Prediccion(m, f.lote, f.lote / tpot, tpot * 1000)


def _resolver(filas: list[tuple[list[float], float]], fijos: dict[int, float]) -> list[float]:
    """Mínimos cuadrados ponderados de ``x`` en ``Σ w (a·x − 1)²`` con los índices de ``fijos`` fijados."""
    libres = [i for i in range(3) if i not in fijos]
    n = len(libres)
    ata = [[0.0] * n for _ in range(n)]
    atb = [0.0] * n
    for a, w in filas:
        resto = 1 - sum(a[i] * v for i, v in fijos.items())
        for j, ij in enumerate(libres):
            atb[j] += w * a[ij] * resto
            for k, ik in enumerate(libres):
                ata[j][k] += w * a[ij] * a[ik]
    # Gauss con pivote: 3 × 3 como mucho.
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(ata[r][c]))
        ata[c], ata[piv], atb[c], atb[piv] = ata[piv], ata[c], atb[piv], atb[c]
        if abs(ata[c][c]) < 1e-30:
            raise ValueError("ajustar: las medidas no bastan para ajustar los tres parámetros.")
        for r in range(n):
            if r != c:
                factor = ata[r][c] / ata[c][c]
                ata[r] = [x - factor * y for x, y in zip(ata[r], ata[c], strict=True)]
                atb[r] -= factor * atb[c]
    x = dict(fijos)
    for j, i in enumerate(libres):
        x[i] = atb[j] / ata[j][j]
    return [x[0], x[1], x[2]]


_COTAS = ((1.0, None), (0.0, None), (1.0, None))
"""Cotas de (1 ÷ eficiencia, ms por capa, 1 ÷ MFU de prellenado): ninguna eficiencia pasa de 1, nada resta tiempo."""


def _ajustar(filas: tuple[Medida, ...]) -> Parametros:
    """Mínimos cuadrados del error relativo del tiempo por token (lineal en 1/eficiencia, ms por capa y 1/MFU),
    cada fuente con el mismo peso en total; los parámetros que se salen de sus cotas se fijan en ellas."""
    if not filas:
        raise ValueError("ajustar: no hay medidas de servicio con que ajustar el modelo.")
    por_fuente: dict[str, int] = {}
    for m in filas:
        por_fuente[m.fuente] = por_fuente.get(m.fuente, 0) + 1
    sistema = []
    for m in filas:
        f = _fisica_de(m)
        medido = f.lote / m.tokens_s  # segundos por token de salida de cada secuencia
        a = [f.paso_techo / medido, f.capas / 1000 / medido, f.lote * f.prellenado_pico / m.salida / medido]
        sistema.append((a, 1 / por_fuente[m.fuente]))
    fijos: dict[int, float] = {}
    for _ in range(4):
        x = _resolver(sistema, fijos)
        fuera = {i: lo for i, (lo, _) in enumerate(_COTAS) if i not in fijos and x[i] < lo}
        if not fuera:
            break
        fijos.update(fuera)
    return Parametros(1 / x[0], x[1], 1 / x[2], len(filas), len(por_fuente))


@functools.lru_cache(maxsize=16)
def _ajuste_cacheado(filas: tuple[Medida, ...], _clave: tuple) -> Parametros:
    return _ajustar(filas)


def ajustar(sin: str | None = None) -> Parametros:
    """Los parámetros ajustados a ``medidas()`` (sin las de la fuente ``sin``, si se da): una décima de segundo."""
    filas = medidas()
    if sin is not None:
        sin = opcion(sin, "Fuente", {m.fuente for m in filas})
        filas = tuple(m for m in filas if m.fuente != sin)
    return _ajuste_cacheado(filas, _datos_de(filas))


# --- La capacidad: de mensajes al día a GPU -----------------------------------------------------------------


@dataclass(frozen=True)
class Capacidad(Validado):
    """Lo que hace falta para servir un tráfico con ``gpu`` (``capacidad``)."""

    modelo: str
    gpu: str
    precision: str
    gpus_por_replica: int
    replicas: int
    peticiones_s_media: float
    peticiones_s_pico: float
    concurrencia_pico: float
    """Peticiones en curso en la hora punta (ley de Little: peticiones por segundo × segundos de cada una)."""
    kv_gb_secuencia: float
    secuencias_max: int
    """Secuencias que caben a la vez en la caché KV de una réplica."""
    lote_max: int
    """Secuencias a la vez por réplica sin pasar de los objetivos de latencia ni de la caché."""
    lote_pico: int
    """Secuencias a la vez por réplica en la hora punta."""
    tokens_s_replica: float
    """Tokens generados por segundo de cada réplica en la hora punta."""
    prellenado_tokens_s: float
    """Tokens de entrada por segundo que procesa una réplica al prellenar."""
    ttft_s: float
    tpot_s: float
    uso_medio: float
    """Fracción de la capacidad de las réplicas que se usa de media en el día."""
    peticiones_s_replica: float
    """Peticiones por segundo que atiende como mucho cada réplica sin pasar de los objetivos."""

    @property
    def gpus(self) -> int:
        return self.gpus_por_replica * self.replicas


def _gpus_por_replica(m: datos.Modelo, g: datos.Gpu, precision: str, contexto: int, n_gpus: int | None) -> int:
    if n_gpus is not None:
        n = entero(n_gpus, "n_gpus", minimo=1, maximo=64)
        if secuencias_max(m, g, n_gpus=n, precision=precision, contexto=contexto) < 1:
            raise ValueError(
                f"{m.modelo} en {precision} no deja sitio para una secuencia de {formato.numero(contexto, 0)} "
                f"tokens en {n} × {g.gpu}: prueba más GPU por réplica, una cuantización (fp8, int4) o una GPU con más "
                "memoria."
            )
        return n
    for n in (1, 2, 4, 8):
        if secuencias_max(m, g, n_gpus=n, precision=precision, contexto=contexto) >= 1:
            return n
    raise ValueError(
        f"{m.modelo} en {precision} no cabe con una secuencia de {formato.numero(contexto, 0)} tokens ni en 8 × "
        f"{g.gpu}: prueba una "
        "cuantización (fp8, int4) o una GPU con más memoria."
    )


def capacidad(
    nombre: str | datos.Modelo,
    equipo: str | datos.Gpu,
    mensajes_dia: float,
    *,
    supuestos: Supuestos = Supuestos(),
    contexto: int | None = None,
    n_gpus: int | None = None,
    parametros: Parametros | None = None,
) -> Capacidad:
    """GPU ``equipo`` que hacen falta para servir ``nombre`` a ``mensajes_dia`` mensajes al día (``de_peticiones_s``
    convierte peticiones por segundo) con los ``supuestos`` del tráfico (``Supuestos``; sin ellos, ``Supuestos()``:
    los valores por defecto, cada uno con su fuente).

    Cada mensaje lleva ``supuestos.entrada`` tokens de entrada (conversación previa incluida) y genera
    ``supuestos.salida``; la hora punta tiene ``supuestos.factor_pico`` veces las peticiones por segundo de la media.
    ``contexto``: tokens que reserva cada secuencia en la caché KV (por defecto, entrada + salida). Cada réplica usa
    ``n_gpus`` GPU (por defecto, las menos en que caben los pesos y una secuencia: 1, 2, 4 u 8) y acepta tantas
    secuencias a la vez como quepan en su caché sin pasar de ``supuestos.ttft_ms`` hasta el primer token ni de
    ``supuestos.tpot_ms`` por token de salida; hacen falta las réplicas que atienden la hora punta. Un objetivo que
    ni una sola petición cumple, un modelo que no cabe o un tráfico de cero son un ``ValueError`` que dice qué
    funcionaría.
    """
    m, g = memoria.modelo(nombre), memoria.gpu(equipo)
    supuestos = instancia(supuestos, Supuestos, "supuestos", de="p. ej. servicio.Supuestos(factor_pico=3)")
    e, s, pico, precision = supuestos.entrada, supuestos.salida, supuestos.factor_pico, supuestos.precision
    media = mensajes_dia_validos(mensajes_dia) / _SEGUNDOS_DIA
    c = e + s if contexto is None else entero(contexto, "contexto", minimo=1, maximo=10**7)
    if c < e + s:
        raise ValueError(f"contexto: {contexto!r} no vale; se admite al menos entrada + salida ({e + s} tokens).")
    objetivo_ttft, objetivo_tpot = supuestos.ttft_ms / 1000, supuestos.tpot_ms / 1000
    p = ajustar() if parametros is None else instancia(parametros, Parametros, "parametros")
    n = _gpus_por_replica(m, g, precision, c, n_gpus)
    cabe = min(secuencias_max(m, g, n_gpus=n, precision=precision, contexto=c), _LOTE_MAX)

    @functools.cache
    def punto(b: int) -> tuple[float, float, float]:
        return rendimiento(m, g, lote=b, entrada=e, salida=s, n_gpus=n, precision=precision, parametros=p)

    _, tpot_1, ttft_1 = punto(1)
    if tpot_1 > objetivo_tpot or ttft_1 > objetivo_ttft:
        raise ValueError(
            f"ttft_ms/tpot_ms: con una sola petición, {m.modelo} en {n} × {g.gpu} ya tarda "
            f"{formato.numero(ttft_1 * 1000, 0)} ms hasta el primer token y {formato.numero(tpot_1 * 1000, 1)} ms por "
            "token; se admite un objetivo por encima, o prueba más GPU por réplica, una cuantización o una "
            "GPU más rápida."
        )

    def cumple(b: int) -> bool:
        _, tpot, ttft = punto(b)
        return tpot <= objetivo_tpot and ttft <= objetivo_ttft

    bajo, alto = 1, cabe  # el mayor lote que cumple (la latencia crece con el lote): búsqueda binaria
    while bajo < alto:
        medio = (bajo + alto + 1) // 2
        bajo, alto = (medio, alto) if cumple(medio) else (bajo, medio - 1)
    lote_max = bajo
    tasa_max = punto(lote_max)[0] / s
    pico_s = resultado(media * pico, "capacidad", {"mensajes_dia": mensajes_dia, "factor_pico": pico})
    necesarias = pico_s / tasa_max
    if necesarias > ENTERO_MAX:  # más réplicas de las que un registro puede contar: como un desbordamiento
        necesarias = math.inf
    resultado(necesarias, "capacidad", {"mensajes_dia": mensajes_dia, "factor_pico": pico})
    replicas = max(1, math.ceil(necesarias - 1e-9))
    carga = pico_s / replicas
    bajo, alto = 1, lote_max  # el menor lote que atiende la carga de la hora punta
    while bajo < alto:
        medio = (bajo + alto) // 2
        bajo, alto = (bajo, medio) if punto(medio)[0] / s >= carga else (medio + 1, alto)
    tokens_s, tpot, ttft = punto(bajo)
    f = _fisica(m, g, n, precision, e, s, 1)
    return Capacidad(
        m.modelo,
        g.gpu,
        precision,
        n,
        replicas,
        media,
        pico_s,
        pico_s * (ttft + s * tpot),
        kv_gb_secuencia(m, c, precision),
        cabe,
        lote_max,
        bajo,
        tokens_s,
        e / (f.prellenado_pico / p.mfu_prellenado),
        ttft,
        tpot,
        min(1.0, media / (replicas * tasa_max)),
        tasa_max,
    )
