"""La validación por fuentes de la calibración (``gpucoste.calculo.calibracion``): cada fuente, predicha con un
ajuste hecho sin ella.

Deja fuera cada fuente por turno (``fuentes``: el repositorio de cada medida de ``medidas.csv`` y ``escalado.csv``),
repite el ajuste entero sin sus filas (``ajustar_sin``) y predice esas filas (``validacion``); y lo mismo con la
ralentización de QLoRA frente a LoRA de cada par (``validacion_qlora``). Es el error que citan las páginas.

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import functools
import statistics
from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.base.validacion import Validado
from gpucoste.calculo import tiempo
from gpucoste.calculo.calibracion_ajuste import _ajustar, ajustar_escalado
from gpucoste.calculo.contraste import (
    Prediccion,
    _escala,
    _por_pareja,
    clave_grupo,
    fuente,
    mitades,
    mitades_escalado,
    predecir,
    predecir_escalado,
    ralentizacion_medida,
    usadas,
    usadas_escalado,
)

__all__ = ["Validacion", "ajustar_sin", "fuentes", "grupo", "validacion", "validacion_qlora"]


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


def _tablas() -> tuple:
    """Las tablas que leen los ajustes sin una fuente y la validación: las medidas y lo que su física lee (GPU,
    modelos, supuestos, ventanas)."""
    otras = (datos.GPUS, datos.MODELOS, datos.SUPUESTOS, datos.VENTANAS)
    return (datos.medidas(), datos.escalado(), *(esquema.cargar(t) for t in otras))


def _con_los_mismos_datos(funcion):
    """Memo de ``funcion`` mientras ``_tablas`` dé las mismas tuplas (las mismas, no unas iguales: comparar cientos de
    filas en cada llamada costaría más; como ``atipicos._ultimo``). Otros datos (``GPUCOSTE_DATOS``,
    ``datos.limpiar_cache``) se vuelven a leer y son otras tuplas: se calcula de nuevo. Cada fuente que se deja fuera
    repite el ajuste entero, y las páginas de una construcción piden la validación una treintena de veces (informe,
    desglose, frases…): así se hace una. ``cache_clear`` lo olvida, como el de ``functools``."""
    tablas: list = []
    memo: dict = {}

    @functools.wraps(funcion)
    def con_memo(*argumentos):
        actuales = _tablas()
        if len(tablas) != len(actuales) or any(a is not b for a, b in zip(actuales, tablas, strict=True)):
            memo.clear()
            tablas[:] = actuales
        if argumentos not in memo:
            memo[argumentos] = funcion(*argumentos)
        return memo[argumentos]

    con_memo.cache_clear = memo.clear
    return con_memo


@_con_los_mismos_datos
def _ajuste_sin(fuente_fuera: str) -> tuple[dict[str, datos.Ajuste], frozenset[str]]:
    """(``ajustar_sin``, las claves que no salen de medidas propias sino de la otra red entre nodos). Guardado
    (``_con_los_mismos_datos``): quien lo use no cambia el diccionario (``ajustar_sin`` da una copia)."""
    medidas = tuple(m for m in usadas() if fuente(m) != fuente_fuera)
    escalado = tuple(e for e in usadas_escalado() if fuente(e) != fuente_fuera)
    mitad_escalado = mitades_escalado(escalado)[0]
    redes = ajustar_escalado(mitad_escalado) if mitad_escalado else {}
    sustituidas = set()
    for red, otra in _OTRA_RED.items():
        if f"escalado_{red}" not in redes and f"escalado_{otra}" in redes:
            redes[f"escalado_{red}"] = redes[f"escalado_{otra}"]
            sustituidas.add(f"escalado_{red}")
    return _como_ajustes(_ajustar(mitades(medidas)[0], redes), fuente_fuera), frozenset(sustituidas)


def ajustar_sin(fuente_fuera: str) -> dict[str, datos.Ajuste]:
    """Los parámetros (clave → ``datos.Ajuste``) que da el ajuste entero repetido sin las filas de ``fuente_fuera``.

    Lo mismo que ``ajustes.csv``: ``ajustar`` sobre la mitad de ajuste (``mitades``, ``mitades_escalado``) de las
    medidas de ``medidas.csv`` y ``escalado.csv`` de las demás fuentes. Si sin ella no queda ninguna medida de una
    red entre nodos, la de la otra (InfiniBand ↔ Ethernet), para poder ajustar la MFU de los trabajos entre nodos.
    """
    from gpucoste.base.validacion import opcion

    return dict(_ajuste_sin(opcion(fuente_fuera, "Fuente", fuentes()))[0])


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


@_con_los_mismos_datos
def validacion() -> Validacion:
    """Deja una fuente fuera, para cada fuente: ajusta sin sus filas (``ajustar_sin``) y predice esas filas.

    Es el error que cabe esperar en una medida de una publicación que el ajuste no ha visto, el que citan las
    calculadoras (``frase_error``). Una medida cuyo grupo (``grupo``: su motor, QLoRA, la MFU de su clase de GPU y
    escala…) solo tiene medidas de su misma fuente (o, en QLoRA, menos de ``GRUPO_MINIMO`` pares de otras) no se
    puede validar así: va a ``sin_otra_fuente``, no a una
    cifra con los parámetros de otro grupo. Tarda lo que una docena de ajustes (décimas de segundo): se calcula al
    construir, una vez por construcción (``_con_los_mismos_datos``).
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


def _qlora_validada() -> tuple[int, float, float]:
    """De ``validacion_qlora``: cuántos pares se predicen sin su fuente, su error mediano y la parte dentro del rango
    (``(0, 0, 0)`` si ninguno). Lo usan ``texto_validacion`` y ``frase_qlora``."""
    validados = [(r, c, lo, hi) for _, r, c, lo, hi in validacion_qlora() if c is not None]
    if not validados:
        return 0, 0.0, 0.0
    errores = [abs(c / r - 1) for r, c, _, _ in validados]
    dentro = sum(lo <= r <= hi for r, _, lo, hi in validados) / len(validados)
    return len(validados), statistics.median(errores), dentro


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
