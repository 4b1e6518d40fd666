"""El ajuste de la calibración (``gpucoste.calculo.calibracion``): lo que la física no da, sacado de las medidas.

Con la mitad de ajuste de ``medidas.csv`` y ``escalado.csv`` (``contraste.mitades``): el MFU de cada clase de GPU y
escala, cuánto más tarda QLoRA que LoRA, la eficiencia y el coste fijo por capa de cada motor de inferencia, la de
cada motor a carga máxima, la dispersión de la memoria y la eficiencia de cada interconexión (``ajustar``); las filas
de ``ajustes.csv`` que salen de ahí (``filas_ajustes``) y su escritura (``escribir_ajustes``, ``make calibrar``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import statistics

from gpucoste import datos
from gpucoste.base.validacion import texto_de_campo
from gpucoste.calculo import memoria, tiempo
from gpucoste.calculo.contraste import (
    _flops_token,
    _lista,
    _memoria_fisica,
    _n,
    _por_pareja,
    _red,
    _sin_recomputo,
    _techo,
    clave_grupo,
    mitades,
    mitades_escalado,
    ralentizacion_medida,
    usadas,
)

__all__ = [
    "GRUPO_MINIMO",
    "ajustar",
    "ajustar_escalado",
    "escribir_ajustes",
    "filas_ajustes",
    "gpus_medidas_entrenamiento",
]


def gpus_medidas_entrenamiento() -> list[str]:
    """Las GPU con alguna medida de entrenamiento entre las ``usadas`` que implica una MFU, por orden alfabético (no
    cuentan las de QLoRA que solo se comparan con su pareja LoRA: un tiempo sin los tokens del trabajo).

    El MFU de cada clase (``tiempo.clase_gpu``) se ajusta y se valida con ellas; en cualquier otra GPU, el tiempo
    de entrenamiento es una estimación con el MFU de su clase, sin una medida propia que lo confirme.
    """
    return sorted({m.gpu for m in usadas() if m.tipo == "entrenamiento" and not _por_pareja(m)})


GRUPO_MINIMO = 3
"""Medidas de ajuste que necesita un grupo de MFU para dar su propio rango; con menos, el de la dispersión de los
demás (dos medidas de la misma fuente darían una precisión que nadie ha medido)."""


def _mfu_implicito(m: datos.Medida, ajustes: dict | None = None) -> float:
    """El MFU de un nodo que implica una medida de entrenamiento (FLOPs del modelo ÷ tiempo ÷ pico en bf16),
    quitada la pérdida típica de su interconexión (``_red``) y, sin checkpointing, el recómputo que se ahorró
    (el MFU ajustado es con checkpointing, como casi todas las medidas)."""
    pico = memoria.gpu(m.gpu).tflops_bf16 * 1e12 * _red(m, ajustes)[0] * _sin_recomputo(m)
    if m.unidad == "gpu_horas":
        return _flops_token(m) * m.tokens / (m.valor * tiempo.SEGUNDOS_HORA * pico)
    por_gpu = m.valor if m.unidad == "tokens_s_gpu" else m.valor / _n(m)
    return _flops_token(m) * por_gpu / pico


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
    - ``qlora``: cuántas veces más tarda cada medida de QLoRA que su pareja LoRA de la misma publicación
      (``ralentizacion_medida``; mediana y extremos de los pares). Una medida de QLoRA sin pareja no entra; con
      menos de ``GRUPO_MINIMO`` pares no hay ``qlora`` (no se presta una dispersión de otra magnitud).
    - ``generacion_<motor>`` y ``sobrecarga_<motor>``: eficiencia frente al ancho de banda y milisegundos
      fijos por capa y token (``_minimos_cuadrados``); ``dispersion_generacion_<motor>``: medido ÷ predicho. Un motor
      con menos de ``GRUPO_MINIMO`` medidas no se ajusta (dos incógnitas darían una recta sin error que nadie midió).
    - ``servicio_<motor>``: medido ÷ techo de servicio.
    - ``memoria``: medido ÷ predicho de las medidas de memoria (el rango de toda predicción de memoria).
    """
    ajuste = mitades()[0] if ajuste is None else _lista(ajuste, datos.Medida, "ajuste", "p. ej. mitades()[0]")
    if escalado is not None:
        escalado = _lista(escalado, datos.Escalado, "escalado", "p. ej. mitades_escalado()[0]")
    return _ajustar(ajuste, ajustar_escalado(mitades_escalado()[0] if escalado is None else escalado))


def _ajustar(
    ajuste: tuple[datos.Medida, ...], salida: dict[str, tuple[float, float, float, tuple[str, ...]]]
) -> dict[str, tuple[float, float, float, tuple[str, ...]]]:
    """``ajustar`` con la eficiencia de cada interconexión ya ajustada (``salida``, que se completa y se devuelve)."""
    salida = dict(salida)
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
    qlora = [(m.id, r) for m in ajuste if (r := ralentizacion_medida(m)) is not None]
    if len(qlora) >= GRUPO_MINIMO:
        salida["qlora"] = _resumir(qlora)
    generacion: dict[str, list[datos.Medida]] = {}
    for m in ajuste:
        if m.tipo == "generacion":
            generacion.setdefault(m.marco.lower(), []).append(m)
    for motor, filas in generacion.items():
        if len(filas) < GRUPO_MINIMO:  # dos incógnitas: con menos filas, una recta que pasa por ellas sin error
            continue
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


def _resumir(valores: list[tuple[str, float]]) -> tuple[float, float, float, tuple[str, ...]]:
    numeros = [v for _, v in valores]
    return statistics.median(numeros), min(numeros), max(numeros), tuple(i for i, _ in valores)


def _por_id(identificador: str) -> datos.Medida:
    return next(m for m in datos.medidas() if m.id == identificador)


_DESCRIPCIONES = {
    "mfu": "MFU (FLOPs del modelo ÷ pico en bf16) de {clase}, {escala}, con gradient checkpointing",
    "qlora": "Cuántas veces más tarda QLoRA que LoRA (descuantizar los pesos en cada paso): cada medida de QLoRA ÷ su "
    "pareja LoRA",
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
