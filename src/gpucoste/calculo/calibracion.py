"""¿Cuánto se equivoca esta guía? Las predicciones de tiempo, memoria y velocidad frente a medidas publicadas.

Cada fila de ``medidas.csv`` sin ``rechazada`` es una medida publicada (con su fuente fijada a un
commit): tokens/s u horas de GPU de un entrenamiento, memoria pico de un fine-tuning o de la
inferencia, tokens/s de una secuencia o de un servidor a carga máxima. Este módulo:

1. **parte** las medidas en dos mitades deterministas (``mitades``): dentro de cada grupo que se
   ajusta (misma clase de GPU y escala, mismo motor…), ordenadas por ``id``, una sí y otra no; la
   primera va al ajuste;
2. **ajusta** con la mitad de ajuste lo que la física no da (``ajustar``): el MFU de cada clase de GPU
   y escala, cuánto más tarda QLoRA que LoRA y la eficiencia de cada motor de inferencia frente a su
   techo de ancho de banda. Cada parámetro es la mediana (valor central) y los extremos (rango) de lo
   que implican sus medidas; también la eficiencia de cada interconexión al repartir un entrenamiento
   entre GPUs (``escalado.csv``, con sus propias mitades). ``ajustes.csv`` guarda el resultado, y una
   prueba comprueba que sigue saliendo de las medidas;
3. **predice** cada medida con la biblioteca (``predecir``) y **mide el error** en las dos mitades y
   en todas (``informe``): la mediana de |predicho/medido − 1| con el valor central y qué fracción de
   las medidas cae dentro del rango predicho. La memoria no se ajusta: sale solo de la arquitectura,
   de las reglas de ``memoria`` y del supuesto ``sistema_gb``.

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base.formato import numero, porcentaje
from gpucoste.base.validacion import Validado, texto_de_campo
from gpucoste.calculo import memoria, tiempo

__all__ = [
    "DENTRO_MINIMO",
    "ERROR_MAXIMO",
    "GIB",
    "GRUPO_MINIMO",
    "Prediccion",
    "Resumen",
    "TIPOS",
    "ajustar",
    "ajustar_escalado",
    "clave_grupo",
    "escribir_ajustes",
    "fallos",
    "filas_ajustes",
    "frase_banda",
    "frase_escalado",
    "gpus_medidas_entrenamiento",
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

TIPOS = {
    "entrenamiento": "tiempo de entrenamiento",
    "memoria": "memoria pico",
    "generacion": "generación de una secuencia",
    "servicio": "servidor a carga máxima",
}
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


def gpus_medidas_entrenamiento() -> list[str]:
    """Las GPU con alguna medida de entrenamiento entre las ``usadas``, por orden alfabético.

    El MFU de cada clase (``tiempo.clase_gpu``) se ajusta y se valida con ellas; en cualquier otra GPU, el tiempo
    de entrenamiento es una estimación con el MFU de su clase, sin una medida propia que lo confirme.
    """
    return sorted({m.gpu for m in usadas() if m.tipo == "entrenamiento"})


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


GRUPO_MINIMO = 3
"""Medidas de ajuste que necesita un grupo de MFU para dar su propio rango; con menos, el de la dispersión de los
demás (dos medidas de la misma fuente darían una precisión que nadie ha medido)."""


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


def _mfu_implicito(m: datos.Medida, ajustes: dict | None = None) -> float:
    """El MFU de un nodo que implica una medida de entrenamiento (FLOPs del modelo ÷ tiempo ÷ pico en bf16),
    quitada la pérdida típica de su interconexión (``_red``) y, sin checkpointing, el recómputo que se ahorró
    (el MFU ajustado es con checkpointing, como casi todas las medidas)."""
    pico = memoria.gpu(m.gpu).tflops_bf16 * 1e12 * _red(m, ajustes)[0] * _sin_recomputo(m)
    if m.unidad == "gpu_horas":
        return _flops_token(m) * m.tokens / (m.valor * tiempo.SEGUNDOS_HORA * pico)
    por_gpu = m.valor if m.unidad == "tokens_s_gpu" else m.valor / _n(m)
    return _flops_token(m) * por_gpu / pico


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


def _generacion_datos(m: datos.Medida) -> tuple[float, float, float]:
    """(segundos por token medidos, segundos del techo de ancho de banda, capas) de una medida de generación."""
    return 1 / m.valor, 1 / _techo(m), float(memoria.modelo(m.modelo).capas)


def _minimos_cuadrados(filas: list[tuple[float, float, float]]) -> tuple[float, float]:
    """(eficiencia, milisegundos por capa) que minimizan el error relativo de t = techo/eficiencia + capas·c.

    Mínimos cuadrados de dos incógnitas (1/eficiencia y c) con cada fila dividida por su tiempo medido;
    la eficiencia no pasa de 1 (nada lee la memoria más rápido que su ancho de banda) y c no baja de 0.
    """
    xs = [(techo / t, capas / t) for t, techo, capas in filas]
    sxx = sum(x * x for x, _ in xs)
    syy = sum(y * y for _, y in xs)
    sxy = sum(x * y for x, y in xs)
    sx, sy = sum(x for x, _ in xs), sum(y for _, y in xs)
    det = sxx * syy - sxy * sxy
    a, c = ((sx * syy - sy * sxy) / det, (sy * sxx - sx * sxy) / det) if det > 0 else (sx / sxx, 0.0)
    if c < 0:
        a, c = sx / sxx, 0.0
    if a < 1:
        a = 1.0
        c = max(0.0, (sy - sxy) / syy)
    return 1 / a, c * 1000


def ajustar(
    ajuste: tuple[datos.Medida, ...] | None = None, escalado: tuple[datos.Escalado, ...] | None = None
) -> dict[str, tuple[float, float, float, tuple[str, ...]]]:
    """Parámetros ajustados a ``ajuste`` (por defecto, la mitad de ajuste): clave → (central, mínimo, máximo, ids).

    - ``escalado_<interconexión>``: ``ajustar_escalado`` sobre ``escalado`` (por defecto, su mitad de ajuste);
      el MFU de cada medida con varias GPUs se divide por la eficiencia típica de su interconexión.

    - ``mfu_<clase>_<escala>``: el MFU que implica cada medida de entrenamiento no QLoRA (mediana y
      extremos). Un grupo con menos de ``GRUPO_MINIMO`` medidas toma como rango su mediana por la
      dispersión relativa (extremo ÷ mediana) de los grupos con más.
    - ``qlora``: el MFU central de su clase y escala ÷ el que implica la medida de QLoRA contada como LoRA.
    - ``generacion_<motor>`` y ``sobrecarga_<motor>``: eficiencia frente al ancho de banda y milisegundos
      fijos por capa y token (``_minimos_cuadrados``); ``dispersion_generacion_<motor>``: medido ÷ predicho.
    - ``servicio_<motor>``: medido ÷ techo de servicio.
    - ``memoria``: medido ÷ predicho de las medidas de memoria (el rango de toda predicción de memoria).
    """
    ajuste = mitades()[0] if ajuste is None else _lista(ajuste, datos.Medida, "ajuste", "p. ej. mitades()[0]")
    if escalado is not None:
        escalado = _lista(escalado, datos.Escalado, "escalado", "p. ej. mitades_escalado()[0]")
    salida = ajustar_escalado(mitades_escalado()[0] if escalado is None else escalado)
    mfu: dict[str, list[tuple[str, float]]] = {}
    for m in ajuste:
        if m.tipo == "entrenamiento" and m.metodo != "qlora":
            mfu.setdefault(clave_grupo(m), []).append((m.id, _mfu_implicito(m, salida)))
    varias = [v / statistics.median(x for _, x in vs) for vs in mfu.values() if len(vs) >= GRUPO_MINIMO for _, v in vs]
    for clave, valores in mfu.items():
        central, minimo, maximo, ids = _resumir(valores)
        if len(valores) < GRUPO_MINIMO and varias:
            minimo, maximo = central * min(varias), central * max(varias)
        salida[clave] = (central, minimo, maximo, ids)
    qlora = []
    for m in ajuste:
        if m.tipo == "entrenamiento" and m.metodo == "qlora":
            clave = tiempo.clave_mfu(tiempo.clase_gpu(m.gpu), _escala(m), salida)
            qlora.append((m.id, salida[clave][0] / _mfu_implicito(m, salida)))
    if qlora:
        salida["qlora"] = _resumir(qlora)
    generacion: dict[str, list[datos.Medida]] = {}
    for m in ajuste:
        if m.tipo == "generacion":
            generacion.setdefault(m.marco.lower(), []).append(m)
    for motor, filas in generacion.items():
        ids = tuple(m.id for m in filas)
        datos_filas = [_generacion_datos(m) for m in filas]
        eficiencia, ms_capa = _minimos_cuadrados(datos_filas)
        salida[f"generacion_{motor}"] = (eficiencia, eficiencia, eficiencia, ids)
        salida[f"sobrecarga_{motor}"] = (ms_capa, ms_capa, ms_capa, ids)
        cocientes = [(t_techo / eficiencia + capas * ms_capa / 1000) / t for t, t_techo, capas in datos_filas]
        salida[f"dispersion_generacion_{motor}"] = _resumir(list(zip(ids, cocientes, strict=True)))
    servicio = [(m.id, m.valor / _techo(m)) for m in ajuste if m.tipo == "servicio"]
    for motor in {clave_grupo(m) for m in ajuste if m.tipo == "servicio"}:
        salida[motor] = _resumir([(i, v) for i, v in servicio if clave_grupo(_por_id(i)) == motor])
    memorias = [(m.id, m.valor / _memoria_fisica(m)[0]) for m in ajuste if m.tipo == "memoria"]
    if memorias:
        salida["memoria"] = _resumir(memorias)
    return salida


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


def _eficiencia(e: datos.Escalado, nvlink: float) -> float:
    """La eficiencia de ``e`` frente a menos GPUs por la misma red; si se midió frente a NVLink, por ``nvlink``."""
    return e.valor if e.referencia == "menos_gpus" else e.valor * nvlink


def ajustar_escalado(filas: tuple[datos.Escalado, ...]) -> dict[str, tuple[float, float, float, tuple[str, ...]]]:
    """``escalado_<interconexión>``: mediana y extremos de la eficiencia de cada interconexión en ``filas``.

    NVLink y PCIe, frente a una GPU; InfiniBand y Ethernet, frente a menos nodos. Una medida de PCIe
    frente a NVLink se pasa a «frente a una GPU» con la eficiencia típica de NVLink.
    """
    if not isinstance(filas, tuple | list) or not filas or not all(isinstance(e, datos.Escalado) for e in filas):
        raise ValueError(f"filas: {filas!r} no vale; se admite una tupla no vacía de filas de datos.escalado().")
    salida: dict[str, tuple[float, float, float, tuple[str, ...]]] = {}
    nvlink = [(e.id, e.valor) for e in filas if e.interconexion == "nvlink"]
    if nvlink:
        salida["escalado_nvlink"] = _resumir(nvlink)
    base = salida["escalado_nvlink"][0] if nvlink else 1.0
    for red in tiempo.INTERCONEXIONES:
        valores = [(e.id, _eficiencia(e, base)) for e in filas if e.interconexion == red and red != "nvlink"]
        if valores:
            salida[f"escalado_{red}"] = _resumir(valores)
    return salida


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


def _resumir(valores: list[tuple[str, float]]) -> tuple[float, float, float, tuple[str, ...]]:
    numeros = [v for _, v in valores]
    return statistics.median(numeros), min(numeros), max(numeros), tuple(i for i, _ in valores)


def _por_id(identificador: str) -> datos.Medida:
    return next(m for m in datos.medidas() if m.id == identificador)


_DESCRIPCIONES = {
    "mfu": "MFU (FLOPs del modelo ÷ pico en bf16) de {clase}, {escala}, con gradient checkpointing",
    "qlora": "Cuántas veces más tarda QLoRA que LoRA (descuantizar los pesos en cada paso)",
    "generacion": "Eficiencia de {motor} frente al ancho de banda al generar una secuencia (mínimos cuadrados)",
    "sobrecarga": "Milisegundos fijos por capa y token de {motor} al generar una secuencia (mínimos cuadrados)",
    "dispersion": "Tokens/s medidos ÷ predichos al generar con {motor}: el rango de la predicción",
    "servicio": "Eficiencia de {motor} a carga máxima: tokens/s medidos ÷ techo de servicio",
    "memoria": "Memoria medida ÷ predicha: el rango de toda predicción de memoria",
    "escalado": "Eficiencia al repartir un entrenamiento por {motor}: rendimiento por GPU ÷ el {base}",
}

_BASE_ESCALADO = {
    "nvlink": "de una GPU",
    "pcie": "de una GPU",
    "infiniband": "de menos nodos",
    "ethernet": "de menos nodos",
}


def filas_ajustes(ajustes: dict | None = None) -> list[dict[str, str]]:
    """Las filas de ``ajustes.csv`` (texto) que salen de ``ajustar``: para escribir el fichero o comprobarlo."""
    if ajustes is not None and (
        not isinstance(ajustes, dict)
        or not ajustes
        or not all(isinstance(k, str) and isinstance(v, tuple) and len(v) == 4 for k, v in ajustes.items())
    ):
        raise ValueError(
            f"ajustes: {ajustes!r:.80} no vale; se admite el diccionario de calibracion.ajustar(): clave → "
            "(central, mínimo, máximo, ids)."
        )
    ajustes = ajustar() if ajustes is None else ajustes
    motores = {m.lower(): m for m in tiempo.MOTORES}
    filas = []
    for clave in sorted(ajustes):
        central, minimo, maximo, ids = ajustes[clave]
        tipo, _, resto = clave.partition("_")
        if tipo == "dispersion":
            resto = resto.partition("_")[2]
        if tipo == "mfu":
            clase, _, escala = resto.partition("_")
            texto = _DESCRIPCIONES["mfu"].format(clase=tiempo.CLASES_GPU[clase], escala=tiempo.ESCALAS[escala])
            if escala == "varios_nodos":
                texto = texto.replace(tiempo.ESCALAS[escala], "un programa de preentrenamiento entero en varios nodos")
            elif escala == "nodo":
                texto = texto.replace(
                    tiempo.ESCALAS[escala], "varias GPU, con la eficiencia medida de su interconexión descontada"
                )
        elif tipo == "escalado":
            texto = _DESCRIPCIONES["escalado"].format(motor=tiempo.INTERCONEXIONES[resto], base=_BASE_ESCALADO[resto])
        else:
            texto = _DESCRIPCIONES[tipo].format(motor=motores.get(resto, resto))
        filas.append(
            {
                "clave": clave,
                "central": f"{central:.4g}",
                "minimo": f"{minimo:.4g}",
                "maximo": f"{maximo:.4g}",
                "medidas": str(len(ids)),
                "descripcion": texto,
                "derivacion": (
                    "mínimos cuadrados sobre: " if tipo in ("generacion", "sobrecarga") else "mediana y extremos de: "
                )
                + " ".join(ids)
                + (
                    " (rango: su mediana por la dispersión de los grupos con más medidas)"
                    if tipo == "mfu" and len(ids) < GRUPO_MINIMO
                    else ""
                ),
            }
        )
    return filas


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


def escribir_ajustes(ruta: str) -> None:
    """Escribe en ``ruta`` el ``ajustes.csv`` que sale de la mitad de ajuste de ``medidas.csv``."""
    import csv
    import os
    import pathlib

    texto = str(ruta) if isinstance(ruta, str | os.PathLike) else None
    if not texto_de_campo(texto) or not pathlib.Path(texto).parent.is_dir():
        raise ValueError(f"ruta: {ruta!r} no vale; se admite la ruta de un fichero en una carpeta que existe.")

    filas = filas_ajustes()
    with open(ruta, "w", newline="", encoding="utf-8") as f:
        escritor = csv.DictWriter(f, list(filas[0]), lineterminator="\n")
        escritor.writeheader()
        escritor.writerows(filas)


if __name__ == "__main__":  # python -m gpucoste.calculo.calibracion: rehace ajustes.csv tras cambiar medidas.csv
    from importlib import resources

    escribir_ajustes(str(resources.files("gpucoste") / "datos" / "ajustes.csv"))
