"""El arnés de propiedades cubre la biblioteca entera: cada función pública, cada argumento y cada orden de la CLI
con cada opción están registrados en ``tests/propiedades.py`` o exentos allí con su razón.

Así, una función, un argumento o una orden nuevos que nadie registra hacen fallar esta prueba en vez de quedarse
sin entradas malas generadas.
"""

from __future__ import annotations

import importlib
import inspect
import re

import propiedades
import pytest

from gpucoste import cli
from gpucoste.base import paquete
from gpucoste.cli import opciones as cli_opciones


def _modulos() -> list[str]:
    """Cada módulo del paquete por su nombre sin «gpucoste.» («calculo.memoria»)."""
    return [m.removeprefix("gpucoste.") for m in paquete.modulos() if m != "gpucoste"]


def publicas() -> dict[str, object]:
    """``modulo.funcion`` → función, para cada función de la API declarada (``__all__``) de cada módulo de
    ``gpucoste`` (``tests/proyecto/test_api.py`` exige que ``__all__`` tenga todo lo que no empieza por «_»)."""
    salida = {}
    for nombre in _modulos():
        modulo = importlib.import_module(f"gpucoste.{nombre}")
        for clave in modulo.__all__:
            valor = getattr(modulo, clave)
            if inspect.isfunction(valor) and valor.__module__ == modulo.__name__:
                salida[f"{nombre}.{clave}"] = valor
    return salida


def sin_registrar(funciones: dict[str, object], registradas: list) -> list[str]:
    hechas = {f.funcion for f in registradas}
    return sorted(
        n
        for n, f in funciones.items()
        if f not in hechas
        and n.rsplit(".", 1)[0] not in propiedades.MODULOS_EXENTOS
        and n not in propiedades.FUNCIONES_EXENTAS
    )


def test_cada_funcion_publica_esta_en_el_arnes_o_exenta():
    faltan = sin_registrar(publicas(), propiedades.FUNCIONES)
    assert not faltan, f"regístralas en tests/propiedades.py con funcion(...) o exímelas con su razón: {faltan}"


def test_la_comprobacion_de_funciones_puede_fallar():
    """Una función pública nueva sin registrar aparece en la lista."""

    def calcula_algo(x: float) -> float:
        return x

    calcula_algo.__module__ = "gpucoste.calculo.coste"
    nombre = "calculo.coste.calcula_algo"
    assert sin_registrar({nombre: calcula_algo}, propiedades.FUNCIONES) == [nombre]


def test_las_exenciones_existen_y_dan_razon():
    funciones, modulos = publicas(), set(_modulos())
    for nombre, razon in {**propiedades.MODULOS_EXENTOS, **propiedades.FUNCIONES_EXENTAS}.items():
        assert nombre in modulos or nombre in funciones, f"exención de algo que no existe: {nombre}"
        assert len(razon) > 15, nombre
    registradas = {f.nombre for f in propiedades.FUNCIONES}
    assert not registradas & set(propiedades.FUNCIONES_EXENTAS), "exenta y registrada a la vez"


def argumentos_sin_generar(registradas: list) -> dict[str, list[str]]:
    """Por función, los argumentos que ninguno de sus registros genera (ni exime ``PARAMETROS_EXENTOS``)."""
    cubiertos: dict[str, set[str]] = {}
    todos: dict[str, list[str]] = {}
    for f in registradas:
        parametros = [
            p
            for p in inspect.signature(f.funcion).parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        todos[f.nombre] = [p.name for p in parametros]
        posicionales = len(parametros) if f.validos is not None else len(f._posiciones())
        hechos = {p.name for p in parametros[:posicionales]} | set(f.nombrados)
        cubiertos.setdefault(f.nombre, set()).update(hechos)
    salida = {}
    for nombre, parametros in todos.items():
        exentos = set(propiedades.PARAMETROS_EXENTOS.get(nombre, {}))
        faltan = [p for p in parametros if p not in cubiertos[nombre] | exentos]
        if faltan:
            salida[nombre] = faltan
    return salida


def test_cada_argumento_se_genera_tambien_los_opcionales():
    """Los argumentos con valor por defecto (``None`` incluido: ``tokens_s``, ``intervalo_h``) también se generan."""
    faltan = argumentos_sin_generar(propiedades.FUNCIONES)
    assert not faltan, f"añade su especificación (Opcional(...) si None vale) o exímelo con su razón: {faltan}"


def test_la_comprobacion_de_argumentos_puede_fallar():
    from gpucoste.calculo import electricidad

    sin_tokens = propiedades.Funcion(
        electricidad.coste_electricidad, (propiedades.POSITIVO, propiedades.NO_NEGATIVO), {}
    )
    assert argumentos_sin_generar([sin_tokens]) == {"calculo.electricidad.coste_electricidad": ["tokens_s"]}


def opciones_sin_generar() -> dict[str, list[str]]:
    """Por orden de la CLI, las opciones que el arnés no genera (``--formato`` aparte: lo prueban todas)."""
    registradas = {o.nombre: o for o in propiedades.ORDENES}
    salida = {}
    for nombre, o in cli.ORDENES.items():
        if nombre not in registradas:
            salida[nombre] = ["(la orden entera)"]
            continue
        r = registradas[nombre]
        hechas = set(r.obligatorias) | set(r.opcionales) | set(propiedades.OPCIONES_EXENTAS.get(nombre, {}))
        faltan = [op.bandera for op in o.opciones if op.bandera not in hechas]
        if faltan:
            salida[nombre] = faltan
    return salida


def test_cada_orden_y_cada_opcion_estan_en_el_arnes():
    faltan = opciones_sin_generar()
    assert not faltan, f"regístralas en tests/propiedades.py con orden(...): {faltan}"


def test_las_obligatorias_del_arnes_son_las_de_la_cli():
    """Si una opción deja de ser obligatoria (o pasa a serlo), el registro lo refleja: la prueba de «falta una
    obligatoria» depende de ello."""
    for r in propiedades.ORDENES:
        obligatorias = {op.bandera for op in cli.ORDENES[r.nombre].opciones if op.obligatoria}
        # Una opción que se puede cambiar por otra (--modelo o --config en «cabe») va entre las obligatorias del
        # arnés, que la da siempre; sin ninguna de las dos, la orden sale con 2 (la prueba de «falta una»).
        alternativas = set(propiedades.UNA_DE_DOS.get(r.nombre, {}))
        assert set(r.obligatorias) - alternativas == obligatorias, r.nombre
        assert all(a in r.obligatorias for a in alternativas), r.nombre


def test_la_comprobacion_de_ordenes_puede_fallar(monkeypatch):
    monkeypatch.setitem(  # en el registro privado: cli.ORDENES es de solo lectura
        cli_opciones._ORDENES,
        "nueva",
        cli_opciones.Orden("nueva", "una orden sin registrar", (cli.Opcion("--x", "x"),), print),
    )
    assert opciones_sin_generar()["nueva"] == ["(la orden entera)"]


@pytest.mark.parametrize("nombre", sorted(propiedades.OPCIONES_EXENTAS))
def test_opciones_exentas_existen(nombre):
    banderas = {op.bandera for op in cli.ORDENES[nombre].opciones}
    assert set(propiedades.OPCIONES_EXENTAS[nombre]) <= banderas


# --- Lo que el arnés encontró antes: solo un número finito o un ValueError en español ----------------------

_REGRESIONES = [
    ("calculo.equilibrios.tokens_s_minimos", (1e308, 5e-324)),  # ZeroDivisionError
    ("calculo.equilibrios.tokens_s_minimos", (5e-324, 1e308)),
    ("calculo.equilibrios.gpus_necesarias", (1e308, 5e-324)),  # OverflowError en ceil
    ("calculo.equilibrios.coste_gpu_mes", (1e308, 1e308, 5e-324)),
    ("calculo.equilibrios.coste_gpu_mes", (10**400, 1, 1)),
    ("calculo.compra.comprar_o_alquilar", (1e308, 5e-324, 1, 0, 744)),
    ("calculo.compra.comprar_o_alquilar", (1, 1e308, 5e-324, 1e308, 744)),
    ("calculo.memoria.encaja", ("Llama 3.1 8B", "inferencia", "RTX 4090"), {"precision": ""}),  # '' valía como bf16
    ("calculo.recomendacion.recomendar", (6, False, 0.34, 0.2), {"tokens_mes": "1"}),  # sin su pareja no se validaba
    ("calculo.tiempo.horas", (1e18, "H100 80GB"), {"utilizacion": "x"}),  # AttributeError
]


@pytest.mark.parametrize("caso", _REGRESIONES, ids=lambda c: c[0])
def test_regresiones_del_arnes(caso):
    import math

    nombre, args, kwargs = (*caso, {})[:3]
    funcion = publicas()[nombre]
    try:
        salida = funcion(*args, **kwargs)
    except ValueError as error:
        assert re.search(r"se admite|admitidos|usa valores", str(error)), str(error)
        return
    valores = [salida] if isinstance(salida, float | int) else []
    assert all(math.isfinite(v) and v >= 0 for v in valores)
    assert kwargs == {}, f"{nombre} aceptó {kwargs}"
