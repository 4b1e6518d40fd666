"""«N horas de GPU X»: lo que tarda y cuesta ese mismo trabajo en cada GPU y proveedor que se alquila.

Una ficha de modelo o un artículo declaran a menudo su entrenamiento en horas de GPU de un tipo («184.320 horas
de A100-80GB»). Con el mismo modelo de velocidad que ``tiempo`` (horas = FLOPs ÷ (GPU × pico en bf16 × MFU)), esas
horas son un trabajo de ``horas × pico_X × MFU_X`` operaciones, y en otra GPU Y tardan

    horas_Y = horas × goodput × (pico_X × MFU_X) ÷ (pico_Y × MFU_Y)

horas de GPU (``razon``). La MFU de cada lado es la de ``tiempo.mfu`` y ``tiempo.mfu_central``: la ajustada a las
medidas publicadas (``ajustes.csv``) para la clase de la GPU (HBM o GDDR) y la escala (una GPU, un nodo, varios
nodos), por la eficiencia de su interconexión de serie. El rango:

- si los dos lados usan el mismo ajuste de MFU (la misma clase y escala: ``tiempo.clave_mfu``), lo que no se sabe
  de esa MFU es lo mismo a los dos lados y se cancela; queda la razón de los picos y, si las interconexiones
  difieren, la de sus eficiencias medidas (un rango). La misma GPU a la misma escala da las mismas horas;
- si no, las dos MFU salen de ajustes distintos y nada ata una a la otra: el rango combina sus extremos (el
  mínimo, la MFU más alta de Y frente a la más baja de X), y el valor típico, sus medianas.

``goodput`` es la fracción de las horas declaradas que fue cómputo útil (1, por defecto: todas). Una ficha que
cuenta un programa entero, con sus fallos, reinicios y evaluaciones, declara más horas que las del cálculo; quien
sepa (o estime) esa fracción la pasa aquí.

Qué no incluye: si el modelo cabe en la VRAM de cada GPU (la ficha no dice el trabajo: para eso, ``memoria`` y
«¿Cabe?»), el arranque, el disco y la transferencia (``ranking`` los suma para un trabajo definido) y las
instancias interrumpibles (sin el trabajo que se repite no se comparan: quedan fuera).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.validacion import Validado, entero, numero, opcion, resultado
from gpucoste.calculo import memoria, ranking, tiempo
from gpucoste.calculo.coste import Rango

__all__ = [
    "ESCALAS_ORIGEN",
    "INCLUYE",
    "NO_INCLUYE",
    "FICHA_LLAMA_2_7B",
    "Equivalente",
    "Ficha",
    "Razon",
    "equivalencias",
    "razon",
    "registros",
]


ESCALAS_ORIGEN = MappingProxyType({"1": 1, "nodo": 8, "varios_nodos": 16})
"""Cuántas GPU se suponen en cada escala de ``tiempo.ESCALAS`` para el trabajo de origen: solo cuenta la escala (la
MFU y la interconexión de serie son las mismas con 9 que con 16 GPU)."""


INCLUYE = (
    "el tiempo de GPU: las horas declaradas, pasadas a cada GPU con su pico en bf16 y la MFU medida de su clase y "
    "escala, con el rango de esa MFU",
    "la interconexión de serie de cada lado (NVLink, PCIe o InfiniBand entre nodos), con su eficiencia medida",
    "el precio por hora más reciente de cada GPU, proveedor y nivel, en tu moneda si das tu país",
)
"""Lo que cuenta la conversión, en frases para la página, la nota del formulario y la ayuda de la orden."""

NO_INCLUYE = (
    "si el modelo cabe en la VRAM de cada GPU: la ficha no dice el trabajo (para eso, «¿Cabe mi modelo?»)",
    "el arranque, el disco y la transferencia (los suma «¿Dónde sale más barato terminarlo?» para un trabajo definido)",
    "las instancias interrumpibles: sin el trabajo que se repite tras cada interrupción no se comparan",
    "lo que la ficha cuente de más: si sus horas son las de un programa entero, con fallos, reinicios y "
    "evaluaciones, la conversión las toma todas como cómputo y el coste sale por arriba (si se sabe qué fracción "
    "fue cómputo útil, la descuenta `equivalencia.equivalencias`)",
)
"""Lo que no cuenta la conversión."""


@dataclass(frozen=True)
class Ficha(Validado):
    """Las horas de GPU que declara la ficha de un modelo, con su fuente: el ejemplo de la página."""

    modelo: str
    horas: float
    gpu: str
    escala: str
    """La escala del trabajo (``tiempo.ESCALAS``): lo que dice la ficha de dónde se entrenó."""
    fuente: str
    fecha: str
    cita: str
    """Lo que dice la ficha, copiado tal cual."""


FICHA_LLAMA_2_7B = Ficha(
    modelo="Llama 2 7B",
    horas=184_320.0,
    gpu="A100 80GB",
    escala="varios_nodos",
    fuente="https://github.com/meta-llama/llama/blob/8b266e477e66bf86f28f1fca3222037b90f61906/MODEL_CARD.md",
    fecha="2023-07",
    cita=(
        "Pretraining utilized a cumulative 3.3M GPU hours of computation on hardware of type A100-80GB […] "
        "Llama 2 7B | 184320 […] Time: total GPU time required for training each model. […] We used custom "
        "training libraries, Meta's Research Super Cluster, and production clusters for pretraining."
    ),
)
"""La ficha de Llama 2 (``MODEL_CARD.md`` de meta-llama/llama, fijada a un commit): 184.320 horas de GPU A100-80GB
para preentrenar el 7B, en los clústeres de Meta (varios nodos)."""


@dataclass(frozen=True)
class Razon(Validado):
    """Horas de GPU en la GPU de destino por cada hora de GPU en la de origen: la típica y su rango."""

    tipica: float
    rango: Rango
    mismo_ajuste: bool
    """¿Usan los dos lados el mismo ajuste de MFU? (entonces su incertidumbre se cancela)."""


def _lado(equipo: datos.Gpu, n_gpus: int) -> tuple[str, tuple[float, float, float]]:
    """(clave del ajuste de MFU, (central, mínimo, máximo) de la eficiencia de su interconexión de serie)."""
    clave = tiempo.clave_mfu(tiempo.clase_gpu(equipo), "1" if n_gpus == 1 else "nodo")
    return clave, tiempo._factor_red(equipo, n_gpus, None)


def razon(gpu_origen: str, gpu: str, *, escala_origen: str = "1", n_gpus: int = 1) -> Razon:
    """Horas de GPU de ``gpu`` (en ``n_gpus`` GPU) por cada hora de GPU de ``gpu_origen`` (a ``escala_origen``).

    Típica: (pico_X × MFU típica de X) ÷ (pico_Y × MFU típica de Y), con ``tiempo.mfu_central``. Rango: el de la
    razón de las eficiencias de las interconexiones si las dos MFU salen del mismo ajuste (se cancela); si no, el
    de las dos MFU, extremo contra extremo (``tiempo.mfu``). Más de 1: la de destino tarda más.
    """
    x = memoria.gpu(gpu_origen)
    y = memoria.gpu(gpu)
    escala_origen = opcion(escala_origen, "Escala del trabajo de origen", ESCALAS_ORIGEN)
    n = entero(n_gpus, "n_gpus", minimo=1, maximo=100_000)
    nx = ESCALAS_ORIGEN[escala_origen]
    picos = x.tflops_bf16 / y.tflops_bf16
    tipica = picos * tiempo.mfu_central(x, nx) / tiempo.mfu_central(y, n)
    (clave_x, red_x), (clave_y, red_y) = _lado(x, nx), _lado(y, n)
    if clave_x == clave_y:
        # La MFU de un nodo es la misma a los dos lados: solo cuentan los picos y las interconexiones.
        if red_x == red_y:
            rango = Rango(tipica, tipica)
        else:
            rango = Rango(picos * red_x[1] / red_y[2], picos * red_x[2] / red_y[1])
    else:
        u_x, u_y = tiempo.mfu(x, nx), tiempo.mfu(y, n)
        rango = Rango(picos * u_x.minimo / u_y.maximo, picos * u_x.maximo / u_y.minimo)
    entradas = {"gpu_origen": gpu_origen, "gpu": gpu}
    resultado(tipica, "razon", entradas)
    return Razon(tipica, Rango(min(rango.minimo, tipica), max(rango.maximo, tipica)), clave_x == clave_y)


@dataclass(frozen=True)
class Equivalente(Validado):
    """Una opción para repetir las horas declaradas: una GPU en un proveedor y nivel, con su tiempo y su coste."""

    precio: datos.Precio
    n_gpus: int
    horas_gpu: Rango
    """Horas de GPU en total (todas las GPU): el mínimo con la MFU alta."""
    horas_gpu_tipicas: float
    horas: Rango
    """Horas de reloj: las de GPU entre ``n_gpus`` (se supone que el trabajo se reparte sin más pérdida que la de su
    interconexión, que ya está en la MFU)."""
    coste: Rango
    """Solo la GPU: horas de GPU × precio por hora de una GPU (sin arranque, disco ni transferencia)."""
    coste_tipico: float


def equivalencias(
    horas: float,
    gpu: str,
    *,
    escala_origen: str = "1",
    n_gpus: int = 1,
    goodput: float = 1.0,
    estimaciones: bool = False,
) -> list[Equivalente]:
    """Lo que tardan y cuestan ``horas`` horas de GPU de ``gpu`` (a ``escala_origen``) en cada GPU y proveedor.

    Un precio por GPU, proveedor y nivel (``ranking.precios_vigentes``: el más reciente no atípico; sin
    ``estimaciones``, solo los leídos), salvo los interrumpibles; en cada uno, ``n_gpus`` GPU. Horas de GPU =
    ``horas`` × ``goodput`` × ``razon``; coste = horas de GPU × precio por hora. De la más barata (coste típico) a
    la más cara. ``goodput``: la fracción de ``horas`` que fue cómputo útil, mayor que 0 y hasta 1.
    """
    h = numero(horas, "horas")
    g = numero(goodput, "goodput")
    if g > 1:
        raise ValueError(
            f"goodput: {goodput!r} no vale; se admite la fracción de las horas que fue cómputo útil, mayor que 0 y "
            "hasta 1."
        )
    origen = memoria.gpu(gpu).gpu
    memoria.booleano(estimaciones, "estimaciones")
    filas = []
    razones: dict[str, Razon] = {}
    for p in ranking.precios_vigentes(estimaciones):
        if p.nivel == "interrumpible":
            continue
        if p.gpu not in razones:
            razones[p.gpu] = razon(origen, p.gpu, escala_origen=escala_origen, n_gpus=n_gpus)
        r = razones[p.gpu]
        base = h * g
        # Antes de crear los registros (su validación solo sabría nombrar su campo, «minimo=inf»): la cota alta de
        # horas y de coste, finitas, o el error que nombra lo que se escribió.
        for cota in (base * r.rango.maximo, base * r.rango.maximo * p.precio_hora_usd):
            resultado(cota, "equivalencias", {"horas": horas, "gpu": gpu})
        horas_gpu = Rango(base * r.rango.minimo, base * r.rango.maximo)
        tipicas = resultado(base * r.tipica, "equivalencias", {"horas": horas, "gpu": gpu})
        filas.append(
            Equivalente(
                precio=p,
                n_gpus=n_gpus,
                horas_gpu=horas_gpu,
                horas_gpu_tipicas=tipicas,
                horas=Rango(horas_gpu.minimo / n_gpus, horas_gpu.maximo / n_gpus),
                coste=Rango(horas_gpu.minimo * p.precio_hora_usd, horas_gpu.maximo * p.precio_hora_usd),
                coste_tipico=tipicas * p.precio_hora_usd,
            )
        )
    filas.sort(key=lambda e: (e.coste_tipico, e.horas_gpu_tipicas, e.precio.gpu, e.precio.proveedor, e.precio.nivel))
    return filas


def registros(
    horas: float,
    gpu: str,
    *,
    escala_origen: str = "1",
    n_gpus: int = 1,
    goodput: float = 1.0,
    estimaciones: bool = False,
) -> list[dict]:
    """``equivalencias`` como registros planos (números sin formato): para la línea de órdenes, JSON y CSV."""
    return [
        {
            "gpu": e.precio.gpu,
            "proveedor": e.precio.proveedor,
            "nivel": e.precio.nivel,
            "n_gpus": e.n_gpus,
            "precio_hora_usd": e.precio.precio_hora_usd,
            "tipo_precio": e.precio.tipo,
            "fecha_precio": e.precio.fecha,
            "horas_gpu_min": e.horas_gpu.minimo,
            "horas_gpu_tipicas": e.horas_gpu_tipicas,
            "horas_gpu_max": e.horas_gpu.maximo,
            "horas_min": e.horas.minimo,
            "horas_max": e.horas.maximo,
            "coste_min_usd": e.coste.minimo,
            "coste_tipico_usd": e.coste_tipico,
            "coste_max_usd": e.coste.maximo,
        }
        for e in equivalencias(
            horas, gpu, escala_origen=escala_origen, n_gpus=n_gpus, goodput=goodput, estimaciones=estimaciones
        )
    ]
