"""Historial de precios: las filas de ``precios.csv`` de cada GPU y proveedor, en orden de fecha.

``precios.csv`` nunca pierde filas (el recolector solo añade): cada (GPU, proveedor, nivel) con varias
fechas es una serie. Funciones puras sobre ``datos.precios()``; solo ``grafico`` importa matplotlib
(vía ``gpucoste.graficos.figuras``), y solo lo llaman los snippets de la página de precios.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.base.formato import dolares, fecha
from gpucoste.base.formato import nivel as nombre_nivel

__all__ = ["atipico", "cambia", "con_cambios", "del_", "descripcion", "series", "sin_cambios"]


def atipico(p: datos.Precio) -> bool:
    """¿La nota marca la fila como valor atípico (p. ej., una mediana de pocas ofertas)?"""
    return "atípic" in validacion.instancia(p, datos.Precio, "p", de="una fila de datos.precios()").nota.lower()


def series(precios: Iterable[datos.Precio] | None = None, minimo: int = 2) -> dict[tuple[str, str], dict]:
    """``{(gpu, proveedor): {nivel: [Precio, …]}}`` con las filas ordenadas por fecha.

    Solo entran las (GPU, proveedor) con algún nivel de al menos ``minimo`` fechas.
    """
    minimo = validacion.entero(minimo, "minimo", minimo=1)
    if precios is not None and (
        not isinstance(precios, list | tuple) or not precios or not all(isinstance(p, datos.Precio) for p in precios)
    ):
        raise ValueError(f"precios: {precios!r:.80} no vale; se admite None o una lista no vacía de datos.Precio.")
    grupos: dict[tuple[str, str], dict[str, list[datos.Precio]]] = {}
    for p in datos.precios() if precios is None else precios:
        grupos.setdefault((p.gpu, p.proveedor), {}).setdefault(p.nivel, []).append(p)
    salida = {}
    for clave in sorted(grupos):
        niveles = {n: sorted(f, key=lambda p: validacion.fecha(p.fecha)) for n, f in sorted(grupos[clave].items())}
        if max(len(f) for f in niveles.values()) >= minimo:
            salida[clave] = niveles
    return salida


def _niveles(niveles: object) -> dict[str, list[datos.Precio]]:
    """``niveles`` (nivel → filas de una serie, como las da ``series``) comprobado, o un ValueError que lo dice."""
    forma = "de nivel → lista no vacía de datos.Precio (los de series())"
    for clave, filas in validacion.tabla_de(niveles, "niveles", forma).items():
        if not isinstance(filas, list | tuple) or not filas or not all(isinstance(p, datos.Precio) for p in filas):
            raise ValueError(
                f"niveles[{clave!r}]: {filas!r:.80} no vale; se admite una lista no vacía de datos.Precio."
            )
    return niveles


def cambia(niveles: dict[str, list[datos.Precio]]) -> bool:
    """¿Cambió el precio en algún nivel de la serie (dos fechas con cifras distintas a dos decimales, como se
    escriben: 0,34 y 0,3401 son la misma)?

    ``niveles``: nivel → filas ordenadas por fecha, como las da ``series``. Si ningún precio cambió, un gráfico
    solo dibujaría rectas: la página de precios los pone en una tabla (``sin_cambios``)."""
    return any(len({dolares(p.precio_hora_usd) for p in filas}) > 1 for filas in _niveles(niveles).values())


def con_cambios(precios: Iterable[datos.Precio] | None = None) -> dict[tuple[str, str], dict]:
    """Las series de ``series`` en las que cambió algún precio (``cambia``): las que tienen gráfico."""
    return {clave: niveles for clave, niveles in series(precios).items() if cambia(niveles)}


def sin_cambios(precios: Iterable[datos.Precio] | None = None) -> dict[tuple[str, str], dict]:
    """Las series de ``series`` en las que ningún precio cambió, con solo sus niveles de varias fechas: cada
    nivel repite la misma cifra en todas sus lecturas."""
    salida = {}
    for clave, niveles in series(precios).items():
        if not cambia(niveles):
            salida[clave] = {nivel: filas for nivel, filas in niveles.items() if len(filas) > 1}
    return salida


def del_(dia: str) -> str:
    """``"2026-10-07"`` → «del 7 de octubre de 2026»; ``"2026-07"`` → «de julio de 2026»."""
    validacion.fecha(dia, "dia")
    return ("del " if len(dia) == 10 else "de ") + fecha(dia)


def descripcion(gpu: str, proveedor: str, niveles: dict[str, list[datos.Precio]]) -> str:
    """Texto alternativo del gráfico: cada serie con sus fechas, su rango, sus valores atípicos y sus estimaciones.

    ``niveles``: nivel → filas de ``gpu`` en ``proveedor`` ordenadas por fecha, como las da ``series``."""
    gpu, proveedor = validacion.texto(gpu, "gpu"), validacion.texto(proveedor, "proveedor")
    _niveles(niveles)
    partes = []
    for clave, filas in niveles.items():
        nivel = nombre_nivel(clave, proveedor)
        bajo = min(filas, key=lambda p: p.precio_hora_usd)
        alto = max(filas, key=lambda p: p.precio_hora_usd)
        if len(filas) == 1:
            texto = f"{nivel}: un solo precio, {dolares(bajo.precio_hora_usd)} por hora {del_(bajo.fecha)}"
        else:
            hasta = ("al " if len(filas[-1].fecha) == 10 else "a ") + fecha(filas[-1].fecha)
            minimo, maximo = dolares(bajo.precio_hora_usd), dolares(alto.precio_hora_usd)
            iguales = "los dos" if len(filas) == 2 else "todos"  # «2 precios …, los dos de 1,19 US$», no «todos de»
            valores = f"{iguales} de {minimo}" if minimo == maximo else f"entre {minimo} y {maximo}"
            texto = f"{nivel}: {len(filas)} precios {del_(filas[0].fecha)} {hasta}, {valores} por hora"
        # Las marcas, en un solo paréntesis (nunca uno detrás de otro), separadas por punto y coma.
        marcas = []
        raros = [fecha(p.fecha) for p in filas if atipico(p)]
        if raros:
            marcas.append(f"{'atípico' if len(raros) == 1 else 'atípicos'}: {' y '.join(raros)}")
        estimadas = [fecha(p.fecha) for p in filas if p.estimacion]
        if estimadas:
            marcas.append(
                f"{'estimación' if len(estimadas) == 1 else 'estimaciones'}, no lecturas: {' y '.join(estimadas)}"
            )
        if marcas:
            texto += f" ({'; '.join(marcas)})"
        partes.append(texto)
    return f"Precio por hora de la {gpu} en {proveedor} según la fecha, por nivel: " + "; ".join(partes) + "."
