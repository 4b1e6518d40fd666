"""¿Cuánto se equivoca esta guía? Las predicciones de tiempo, memoria y velocidad frente a medidas publicadas.

Cada fila de ``medidas.csv`` sin ``rechazada`` es una medida publicada (con su fuente fijada a un
commit): tokens/s u horas de GPU de un entrenamiento, memoria pico de un fine-tuning o de la
inferencia, tokens/s de una secuencia o de un servidor a carga máxima. Este módulo:

1. **parte** las medidas en dos mitades deterministas (``mitades``): dentro de cada grupo que se
   ajusta (misma clase de GPU y escala, mismo motor…), ordenadas por ``id``, una sí y otra no; la
   primera va al ajuste;
2. **ajusta** con la mitad de ajuste lo que la física no da (``ajustar``): el MFU de cada clase de GPU
   y escala, cuánto más tarda QLoRA que LoRA (cada medida de QLoRA frente a su pareja LoRA,
   ``ralentizacion_medida``) y la eficiencia de cada motor de inferencia frente a su techo de ancho de banda.
   Cada parámetro es la mediana (valor central) y los extremos (rango) de lo
   que implican sus medidas; también la eficiencia de cada interconexión al repartir un entrenamiento
   entre GPUs (``escalado.csv``, con sus propias mitades). ``ajustes.csv`` guarda el resultado, y una
   prueba comprueba que sigue saliendo de las medidas;
3. **predice** cada medida con la biblioteca (``predecir``) y **mide el error** en las dos mitades y
   en todas (``informe``): la mediana de |predicho/medido − 1| con el valor central y qué fracción de
   las medidas cae dentro del rango predicho. La memoria no se ajusta: sale solo de la arquitectura,
   de las reglas de ``memoria`` y del supuesto ``sistema_gb``;
4. **valida por fuentes** (``validacion``): deja fuera cada fuente por turno (``fuente``: el repositorio de cada
   medida, en ``medidas.csv`` y ``escalado.csv``), repite el ajuste entero sin sus filas (``ajustar_sin``) y
   predice esas filas. La otra mitad de (1) sale de las mismas fuentes que el ajuste; esta validación no, y es la
   cifra que citan las páginas (``frase_error``, la frase del margen de error de cada calculadora). Tarda
   décimas de segundo: se calcula al construir, sin fichero intermedio.

Las mitades (1) y las predicciones (3) están en ``gpucoste.calculo.contraste``, y este módulo los reexporta: aquí
quedan el ajuste (2), la validación por fuentes (4), el informe del error (``informe``, ``fallos``,
``texto_informe``), la frase de cada página (``frase_error``, ``frase_cobertura``) y la escritura de
``ajustes.csv`` (``escribir_ajustes``; ``python -m gpucoste.calculo.calibracion``, que es lo que hace
``make calibrar``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base import paquete
from gpucoste.base.formato import numero, porcentaje
from gpucoste.base.validacion import Validado, texto_de_campo
from gpucoste.calculo import memoria, tiempo
from gpucoste.calculo.contraste import (
    DENTRO_MINIMO,
    ERROR_MAXIMO,
    GIB,
    TIPOS,
    Prediccion,
    Resumen,
    _escala,
    _flops_token,
    _lista,
    _memoria_fisica,
    _n,
    _por_pareja,
    _red,
    _resumen,
    _sin_recomputo,
    _techo,
    clave_grupo,
    fuente,
    mitades,
    mitades_escalado,
    pareja_lora,
    predecir,
    predecir_escalado,
    predicciones,
    predicciones_escalado,
    ralentizacion_medida,
    usadas,
    usadas_escalado,
)

__all__ = [
    "DENTRO_MINIMO",
    "ERROR_MAXIMO",
    "GIB",
    "GRUPO_MINIMO",
    "MITADES",
    "Prediccion",
    "Resumen",
    "TIPOS",
    "Validacion",
    "ajustar",
    "ajustar_escalado",
    "ajustar_sin",
    "clave_grupo",
    "ensanche",
    "escribir_ajustes",
    "fallos",
    "filas_ajustes",
    "frase_cobertura",
    "frase_error",
    "frase_qlora",
    "fuente",
    "fuentes",
    "gpus_medidas_entrenamiento",
    "grupo",
    "informe",
    "informe_escalado",
    "mitades",
    "mitades_escalado",
    "pareja_lora",
    "predecir",
    "predecir_escalado",
    "predicciones",
    "predicciones_escalado",
    "ralentizacion_medida",
    "texto_escalado",
    "texto_informe",
    "texto_validacion",
    "usadas",
    "usadas_escalado",
    "validacion",
    "validacion_qlora",
]

# Las predicciones y los resúmenes se definen en ``calculo.contraste``; su nombre es el de siempre,
# «gpucoste.calculo.calibracion.Prediccion». Con el nombre escrito, no ``__name__``: con «python -m» (make calibrar)
# este módulo se llama «__main__».
paquete.publicar("gpucoste.calculo.calibracion", Prediccion, Resumen)


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
      fijos por capa y token (``_minimos_cuadrados``); ``dispersion_generacion_<motor>``: medido ÷ predicho.
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


# La validación por fuentes: cada fuente, predicha con un ajuste hecho sin ella.

_OTRA_RED = {"infiniband": "ethernet", "ethernet": "infiniband"}
"""Sin medidas de una red entre nodos, la validación usa la de la otra (las dos reparten entre nodos)."""


def fuentes() -> list[str]:
    """Las fuentes (``contraste.fuente``: el repositorio de cada medida) de ``usadas`` y ``usadas_escalado``."""
    return sorted({fuente(m) for m in usadas()} | {fuente(e) for e in usadas_escalado()})


def _como_ajustes(ajustes: dict, sin: str) -> dict[str, datos.Ajuste]:
    """Los parámetros de ``ajustar`` como los daría ``ajustes.csv`` (cuatro cifras significativas)."""
    return {
        clave: datos.Ajuste(
            clave,
            *(float(f"{x:.4g}") for x in (central, minimo, maximo)),
            len(ids or ["ninguna"]),
            f"ajustado sin {sin}",
            # «…: id1 id2», como en ajustes.csv: la carga comprueba que ``medidas`` es el número de id que nombra.
            f"ajuste sin esa fuente: {' '.join(ids or ['ninguna'])}",
        )
        for clave, (central, minimo, maximo, ids) in ajustes.items()
    }


def _ajuste_sin(fuente_fuera: str) -> tuple[dict[str, datos.Ajuste], set[str]]:
    """(``ajustar_sin``, las claves que no salen de medidas propias sino de la otra red entre nodos)."""
    medidas = tuple(m for m in usadas() if fuente(m) != fuente_fuera)
    escalado = tuple(e for e in usadas_escalado() if fuente(e) != fuente_fuera)
    mitad_escalado = mitades_escalado(escalado)[0]
    redes = ajustar_escalado(mitad_escalado) if mitad_escalado else {}
    sustituidas = set()
    for red, otra in _OTRA_RED.items():
        if f"escalado_{red}" not in redes and f"escalado_{otra}" in redes:
            redes[f"escalado_{red}"] = redes[f"escalado_{otra}"]
            sustituidas.add(f"escalado_{red}")
    return _como_ajustes(_ajustar(mitades(medidas)[0], redes), fuente_fuera), sustituidas


def ajustar_sin(fuente_fuera: str) -> dict[str, datos.Ajuste]:
    """Los parámetros (clave → ``datos.Ajuste``) que da el ajuste entero repetido sin las filas de ``fuente_fuera``.

    Lo mismo que ``ajustes.csv``: ``ajustar`` sobre la mitad de ajuste (``mitades``, ``mitades_escalado``) de las
    medidas de ``medidas.csv`` y ``escalado.csv`` de las demás fuentes. Si sin ella no queda ninguna medida de una
    red entre nodos, la de la otra (InfiniBand ↔ Ethernet), para poder ajustar la MFU de los trabajos entre nodos.
    """
    from gpucoste.base.validacion import opcion

    return _ajuste_sin(opcion(fuente_fuera, "Fuente", fuentes()))[0]


def grupo(m: datos.Medida | datos.Escalado) -> str:
    """La clave de ``ajustes.csv`` que ajustan las medidas como ``m`` y que su predicción usa: la MFU de su clase de
    GPU y escala, ``qlora``, la eficiencia de su motor, ``memoria`` o la eficiencia de su interconexión."""
    if isinstance(m, datos.Escalado):
        return f"escalado_{m.interconexion}"
    clave = clave_grupo(m)
    if m.tipo == "memoria":
        return "memoria"
    return clave


@dataclass(frozen=True)
class Validacion(Validado):
    """La validación por fuentes (``validacion``): cada medida predicha con un ajuste hecho sin su fuente.

    ``predicciones`` y ``escalado``: las de ``medidas.csv`` y ``escalado.csv`` cuyo grupo (``grupo``) se pudo ajustar
    con otras fuentes; ``sin_otra_fuente``: los ``id`` de las demás (todas las medidas de su grupo, de su motor por
    ejemplo, salen de su misma fuente, o las de otras fuentes no bastan para ajustarlo: QLoRA necesita
    ``GRUPO_MINIMO`` pares).
    """

    predicciones: tuple[Prediccion, ...]
    escalado: tuple[Prediccion, ...]
    sin_otra_fuente: tuple[str, ...]


def _grupos(m: datos.Medida | datos.Escalado) -> tuple[str, ...]:
    """Los grupos de ``ajustes.csv`` que la predicción de ``m`` necesita ajustados con otras fuentes: el suyo
    (``grupo``) y, en una medida de QLoRA que se predice con la MFU, también la MFU de su clase de GPU y escala (sin
    ella, la biblioteca tomaría la de otra clase)."""
    if isinstance(m, datos.Medida) and m.tipo == "entrenamiento" and m.metodo == "qlora" and not _por_pareja(m):
        return grupo(m), f"mfu_{tiempo.clase_gpu(m.gpu)}_{_escala(m)}"
    return (grupo(m),)


def validacion() -> Validacion:
    """Deja una fuente fuera, para cada fuente: ajusta sin sus filas (``ajustar_sin``) y predice esas filas.

    Es el error que cabe esperar en una medida de una publicación que el ajuste no ha visto, el que citan las
    calculadoras (``frase_error``). Una medida cuyo grupo (``grupo``: su motor, QLoRA, la MFU de su clase de GPU y
    escala…) solo tiene medidas de su misma fuente (o, en QLoRA, menos de ``GRUPO_MINIMO`` pares de otras) no se
    puede validar así: va a ``sin_otra_fuente``, no a una
    cifra con los parámetros de otro grupo. Tarda lo que una docena de ajustes (décimas de segundo): se calcula al
    construir.
    """
    ps, esc, sin = [], [], []
    for f in fuentes():
        ajustes, sustituidas = _ajuste_sin(f)
        for m in (*usadas(), *usadas_escalado()):
            if fuente(m) != f:
                continue
            try:
                for clave in _grupos(m):
                    if clave not in ajustes or clave in sustituidas:
                        raise KeyError(clave)
                if isinstance(m, datos.Escalado):
                    esc.append(predecir_escalado(m, ajustes))
                else:
                    ps.append(predecir(m, ajustes))
            except KeyError:  # falta su grupo o algo que su predicción necesita
                sin.append(m.id)
    orden = {m.id: i for i, m in enumerate((*usadas(), *usadas_escalado()))}
    return Validacion(
        tuple(sorted(ps, key=lambda p: orden[p.medida.id])),
        tuple(sorted(esc, key=lambda p: orden[p.medida.id])),
        tuple(sorted(sin, key=orden.__getitem__)),
    )


# El informe de su error: las dos mitades, todas y la validación por fuentes.


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


MITADES = MappingProxyType(
    {
        "ajuste": "la mitad de ajuste",
        "validación": "la otra mitad, que no interviene en el ajuste",
        "todas": "las dos mitades",
        "otras fuentes": "cada fuente, con un ajuste hecho sin ella",
    }
)
"""Los conjuntos de medidas de ``informe``: las dos mitades, todas y la validación por fuentes
(``calibracion.validacion``), la que citan las calculadoras."""


def informe() -> dict[str, dict[str, Resumen | None]]:
    """Error por tipo de medida (y ``"todas"``) en cada conjunto de ``MITADES``: la mitad de ajuste, la de
    validación, todas y, con «otras fuentes», cada medida predicha con un ajuste hecho sin su fuente."""
    ps = predicciones()
    ajuste, mitad_validacion = (set(m.id for m in mitad) for mitad in mitades())
    conjuntos = {"ajuste": ajuste, "validación": mitad_validacion, "todas": ajuste | mitad_validacion}
    fuera = validacion().predicciones
    salida: dict[str, dict[str, Resumen | None]] = {}
    for tipo in (*TIPOS, "todas"):
        salida[tipo] = {
            nombre: _resumen([p for p in ps if p.medida.id in ids and tipo in ("todas", p.medida.tipo)])
            for nombre, ids in conjuntos.items()
        }
        salida[tipo]["otras fuentes"] = _resumen([p for p in fuera if tipo in ("todas", p.medida.tipo)])
    return salida


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


def informe_escalado() -> dict[str, Resumen | None]:
    """Error de la eficiencia por interconexión en cada conjunto de ``MITADES`` (como ``informe``)."""
    ps = predicciones_escalado()
    ajuste, mitad_validacion = (set(e.id for e in mitad) for mitad in mitades_escalado())
    conjuntos = {"ajuste": ajuste, "validación": mitad_validacion, "todas": ajuste | mitad_validacion}
    salida = {nombre: _resumen([p for p in ps if p.medida.id in ids]) for nombre, ids in conjuntos.items()}
    salida["otras fuentes"] = _resumen(list(validacion().escalado))
    return salida


def texto_escalado() -> str:
    """El informe de ``informe_escalado`` en una línea: medidas, error mediano y fracción dentro en cada mitad."""
    partes = [
        f"{nombre}: —"
        if r is None
        else f"{nombre}: {r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, dentro {porcentaje(r.dentro)}"
        for nombre, r in informe_escalado().items()
    ]
    informe = "; ".join(partes)
    return "Eficiencia por interconexión. " + informe[:1].upper() + informe[1:]


def texto_validacion() -> str:
    """Las cifras de la validación por fuentes (``validacion``) por tipo de medida, una línea cada uno: medidas,
    error mediano y fracción dentro del rango, y cuántas no se pueden validar así (``make calibrar`` lo imprime)."""
    v = validacion()
    por_id = {m.id: m for m in (*usadas(), *usadas_escalado())}
    lineas = [f"Validación por fuentes: cada una de las {len(fuentes())}, predicha con un ajuste hecho sin ella."]
    for tipo, nombre in (*TIPOS.items(), ("escalado", "eficiencia por interconexión")):
        ps = v.escalado if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]
        sin = sum(
            1
            for i in v.sin_otra_fuente
            if (isinstance(por_id[i], datos.Escalado) if tipo == "escalado" else getattr(por_id[i], "tipo", "") == tipo)
        )
        r = _resumen(list(ps))
        cifras = (
            "ninguna medida"
            if r is None
            else f"{r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, dentro {porcentaje(r.dentro)}"
        )
        lineas.append(f"  {nombre}: {cifras}; sin otras fuentes bastantes para su grupo: {sin}")
    lineas.append(f"  ralentización de QLoRA frente a LoRA: {_cifras_qlora()}")
    return "\n".join(lineas)


def _qlora_validada() -> tuple[int, float, float]:
    """De ``validacion_qlora``: cuántos pares se predicen sin su fuente, su error mediano y la parte dentro del rango
    (``(0, 0, 0)`` si ninguno). Lo usan ``texto_validacion`` y ``frase_qlora``."""
    validados = [(r, c, lo, hi) for _, r, c, lo, hi in validacion_qlora() if c is not None]
    if not validados:
        return 0, 0.0, 0.0
    errores = [abs(c / r - 1) for r, c, _, _ in validados]
    dentro = sum(lo <= r <= hi for r, _, lo, hi in validados) / len(validados)
    return len(validados), statistics.median(errores), dentro


def _cifras_qlora() -> str:
    """Los pares de ``validacion_qlora`` y su error con cada fuente fuera, en una frase corta (``texto_validacion``)."""
    pares = validacion_qlora()
    n, error, dentro = _qlora_validada()
    origen = len({fuente(_por_id(i)) for i, *_ in pares})
    texto = f"{len(pares)} pares QLoRA/LoRA de {origen} fuentes"
    if n:
        texto += (
            f"; {n} predichos con la ralentización ajustada sin su fuente: error mediano "
            f"{porcentaje(error, 1)}, dentro {porcentaje(dentro)}"
        )
    return texto + f"; sin otras fuentes bastantes: {len(pares) - n}"


def validacion_qlora() -> tuple[tuple[str, float, float | None, float | None, float | None], ...]:
    """Cada par QLoRA/LoRA de ``usadas`` (``ralentizacion_medida``) frente a la ralentización ajustada sin su fuente
    (``ajustar_sin``), en el orden de ``fuentes``: (``id`` de la medida de QLoRA, cociente medido, central, mínimo,
    máximo), con ``None`` en los tres últimos si sin su fuente no quedan ``GRUPO_MINIMO`` pares con que ajustarla.

    Es la validación de la ralentización sola: el cociente que mide cada publicación frente al que da el ajuste hecho
    sin ella.
    """
    salida = []
    for f in fuentes():
        ajustes = None
        for m in usadas():
            if fuente(m) != f or (r := ralentizacion_medida(m)) is None:
                continue
            ajustes = _ajuste_sin(f)[0] if ajustes is None else ajustes
            q = ajustes.get("qlora")
            salida.append((m.id, r, *((q.central, q.minimo, q.maximo) if q else (None, None, None))))
    return tuple(salida)


def _pares(n: int) -> str:
    return f"{n} par" if n == 1 else f"{n} pares"


def frase_qlora() -> str:
    """Lo que dicen de QLoRA frente a LoRA las medidas, para «¿Cuánto se equivoca?»: de cuántos pares y fuentes sale la
    ralentización (``ralentizacion_medida``), la que usan las calculadoras (``ajustes.csv``, de la mitad de ajuste),
    el rango de los pares de cada biblioteca y su validación con cada fuente fuera (``validacion_qlora``)."""
    from gpucoste.base.formato import lista

    pares = [(m, r) for m in usadas() if (r := ralentizacion_medida(m)) is not None]
    if not pares:
        return "No hay pares de medidas de QLoRA y LoRA con que ajustar la ralentización de QLoRA."
    origen = {fuente(m) for m, _ in pares}
    texto = (
        f"La ralentización de QLoRA sale de {_pares(len(pares))} de medidas de {len(origen)} "
        f"{'fuente' if len(origen) == 1 else 'fuentes'}: en cada par, el mismo trabajo en la misma GPU con el modelo "
        "base en bf16 (LoRA) y en NF4 (QLoRA)."
    )
    a = datos.ajustes().get("qlora")
    if a is None:
        texto += (
            f" Con menos de {_pares(GRUPO_MINIMO)} en la mitad de ajuste no se ajusta: las calculadoras no tienen "
            "ralentización de QLoRA."
        )
    else:
        texto += (
            f" Con {_pares(a.medidas)} de la mitad de ajuste, QLoRA tarda {numero(a.central, 2)} veces lo que LoRA, "
            f"entre {numero(a.minimo, 2)} y {numero(a.maximo, 2)}: el factor que usan las calculadoras."
        )
    marcos: dict[str, list[float]] = {}
    for m, r in pares:
        marcos.setdefault(m.marco, []).append(r)
    if len(marcos) > 1:
        texto += " Por biblioteca, sus pares van " + lista(
            [f"de {numero(min(rs), 2)} a {numero(max(rs), 2)} en {marco}" for marco, rs in sorted(marcos.items())]
        )
        texto += "."
    n, error, dentro = _qlora_validada()
    sin = len(pares) - n
    if n:
        texto += (
            f" Con cada fuente fuera, el ajuste hecho sin ella predice el cociente de {_pares(n)} con un "
            f"error mediano del {porcentaje(error)}, y el {porcentaje(dentro)} cae dentro de su rango"
        )
        texto += "." if not sin else f"; {'el otro' if sin == 1 else f'los otros {sin}'}, no"
    else:
        texto += " Con cada fuente fuera, ningún par se puede predecir"
    if sin:
        texto += f": sin su fuente no quedan {_pares(GRUPO_MINIMO)} en la mitad de ajuste."
    return texto


_OBJETOS = {**TIPOS, "escalado": "lo que rinde cada GPU al repartir un entrenamiento"}
"""De qué son las medidas de cada clave de ``frase_error``."""

_GRUPOS = {
    "entrenamiento": "clase de GPU y escala (o QLoRA)",
    "memoria": "biblioteca",
    "generacion": "motor",
    "servicio": "motor",
    "escalado": "interconexión",
}
"""Lo que se ajusta por separado en cada clave de ``frase_error`` (el grupo de ``grupo``)."""


def _nombre_fuente(f: str) -> str:
    return f.removeprefix("github.com/")


def frase_error(tipo: str) -> str:
    """La frase del margen de error de ``tipo`` (una clave de ``TIPOS`` o ``"escalado"``) que citan las páginas.

    Con las cifras de la validación por fuentes (``validacion``: cada medida predicha con un ajuste hecho sin su
    fuente): «la predicción se desvía un N % en mediana, y el M % de las medidas cae dentro del rango». Si ninguna
    medida de ``tipo`` se puede validar así (todas las de su grupo salen de una sola fuente), lo dice y da la mitad
    que el ajuste no usó, avisando de que sale de las mismas fuentes.
    """
    from gpucoste.base.validacion import opcion

    tipo = opcion(tipo, "Tipo de medida", _OBJETOS)
    objeto = _OBJETOS[tipo]
    if tipo == "escalado":
        todas, mitad, fuera = usadas_escalado(), informe_escalado()["validación"], informe_escalado()["otras fuentes"]
    else:
        resumen = informe()[tipo]
        todas, mitad, fuera = [m for m in usadas() if m.tipo == tipo], resumen["validación"], resumen["otras fuentes"]
    if not todas:
        return f"No hay medidas publicadas de {objeto} con que comparar."
    if fuera is not None:
        texto = (
            f"En {fuera.n} medidas publicadas de {objeto}, de fuentes que el ajuste no usó (cada fuente, predicha con "
            f"un ajuste hecho sin ella), la predicción se desvía un {porcentaje(fuera.error_mediano)} en mediana, y "
            f"el {porcentaje(fuera.dentro)} de las medidas cae dentro del rango."
        )
        resto = len(todas) - fuera.n
        if resto:
            texto += (
                f" Otras {resto} no entran en la cuenta: sin su fuente, no quedan medidas bastantes de su "
                f"{_GRUPOS[tipo]} para el ajuste."
            )
        return texto
    origen = sorted({fuente(m) for m in todas})
    por_que = (
        f"todas salen de una sola fuente ({_nombre_fuente(origen[0])})"
        if len(origen) == 1
        else f"las de cada {_GRUPOS[tipo]} salen de una sola fuente"
    )
    texto = (
        f"Las {len(todas)} medidas publicadas de {objeto} no se pueden validar con fuentes que el ajuste no usó: "
        f"{por_que}."
    )
    if mitad is not None:
        texto += (
            f" En la mitad que el ajuste no usó, de esas mismas fuentes, la predicción se desvía un "
            f"{porcentaje(mitad.error_mediano)} en mediana, y el {porcentaje(mitad.dentro)} de las medidas cae dentro "
            "del rango."
        )
    return texto


def ensanche(tipo: str, parte: float = DENTRO_MINIMO) -> float | None:
    """Por cuánto habría que dividir el mínimo y multiplicar el máximo de cada rango para que la fracción ``parte`` de
    las medidas de ``tipo`` (una clave de ``frase_error``) validadas por fuentes (``validacion``) cayera dentro.

    1 si ya cae esa fracción; ``None`` si ninguna medida de ``tipo`` se puede validar así.
    """
    from gpucoste.base.validacion import fraccion, opcion

    tipo = opcion(tipo, "Tipo de medida", _OBJETOS)
    parte = fraccion(parte, "parte", uno=True)
    v = validacion()
    ps = v.escalado if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]
    if not ps:
        return None
    factores = sorted(max(1.0, p.minimo / p.medida.valor, p.medida.valor / p.maximo) for p in ps)
    return factores[max(1, math.ceil(parte * len(factores))) - 1]


def frase_cobertura() -> str:
    """Qué cubren los rangos de las calculadoras en fuentes que el ajuste no usó (``validacion``), para
    «¿Cuánto se equivoca?»: los tipos que quedan por debajo de ``DENTRO_MINIMO``, con lo que tendría que alejarse
    cada extremo para llegar (``ensanche``), y los que no tienen otra fuente con que validarlos."""
    from gpucoste.base.formato import lista

    nombres = {**TIPOS, "escalado": "eficiencia por interconexión"}
    cortos, sin_otra = [], []
    for tipo, nombre in nombres.items():
        r = informe_escalado()["otras fuentes"] if tipo == "escalado" else informe()[tipo]["otras fuentes"]
        if r is None:
            sin_otra.append(nombre)
        elif r.dentro < DENTRO_MINIMO:
            ancho = porcentaje(ensanche(tipo, DENTRO_MINIMO) - 1)
            cortos.append(
                f"{nombre} ({porcentaje(r.dentro)}; para llegar al {porcentaje(DENTRO_MINIMO)}, cada extremo del "
                f"rango tendría que alejarse un {ancho})"
            )
    texto = []
    if cortos:
        texto.append(
            f"Con fuentes que el ajuste no usó, cubren menos del {porcentaje(DENTRO_MINIMO)}: {lista(cortos)}."
        )
    else:
        texto.append(
            f"Con fuentes que el ajuste no usó, cubren el {porcentaje(DENTRO_MINIMO)} o más en cada tipo que se "
            "puede validar así."
        )
    if sin_otra:
        texto.append(
            f"Sin otra fuente con que validarlas: {lista(sin_otra)}; su calculadora da la cifra de la otra mitad y "
            "dice que sale de las mismas fuentes."
        )
    return " ".join(texto)


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
