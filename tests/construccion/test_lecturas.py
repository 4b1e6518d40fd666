"""Qué CSV lee cada código (``construccion/lecturas.py``): lo usan la caché de los bloques de la
construcción (``bloques.py``) y ``make check`` (``tests/alcance.py``). Si el análisis no viera una lectura, un dato
editado dejaría una cifra vieja en la página o una prueba sin pasar: aquí se compara con las lecturas de verdad.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import io
import pathlib
import runpy
import shutil
import sys
import tempfile

import alcance
import pytest
from conftest import DATOS, RAIZ, ejemplos
from hypothesis import given, settings
from hypothesis import strategies as st
from propiedades import FUNCIONES

from gpucoste.base import esquema

HOOKS = RAIZ / "construccion"
sys.path.insert(0, str(HOOKS))
from lecturas import TODOS, Lecturas  # noqa: E402

SNIPPETS = sorted((RAIZ / "snippets").rglob("*.py"))


@functools.cache
def _biblioteca() -> Lecturas:
    return Lecturas(RAIZ / "src" / "gpucoste")


def _cachés_de_la_biblioteca() -> list:
    """Las funciones de gpucoste con caché (``functools.cache``): una lectura guardada no pasa por el cargador."""
    return [
        f
        for nombre, modulo in list(sys.modules.items())
        if nombre.startswith("gpucoste")
        for f in vars(modulo).values()
        if callable(getattr(f, "cache_clear", None))
    ]


@contextlib.contextmanager
def _lecturas_de_verdad():
    """Los CSV que se cargan o se abren dentro del bloque ``with``, sin nada guardado de antes."""
    leidos: set[str] = set()
    original = esquema.cargar

    def cargar(tabla):
        leidos.add(tabla.fichero)
        return original(tabla)

    def auditar(evento, argumentos):
        if evento == "open" and str(argumentos[0]).endswith(".csv"):
            leidos.add(pathlib.Path(str(argumentos[0])).name)

    esquema.limpiar()
    for f in _cachés_de_la_biblioteca():
        f.cache_clear()
    esquema.cargar = cargar
    activo = [True]
    sys.addaudithook(lambda e, a: auditar(e, a) if activo[0] else None)
    try:
        yield leidos
    finally:
        activo[0] = False
        esquema.cargar = original
        esquema.limpiar()


@pytest.mark.parametrize("ruta", SNIPPETS, ids=lambda r: str(r.relative_to(RAIZ / "snippets")))
def test_el_analisis_ve_cada_csv_que_lee_un_snippet(ruta):
    """Cada CSV que un snippet carga de verdad está entre los que el análisis dice que puede leer."""
    codigo = ruta.read_text(encoding="utf-8")
    estaticas = _biblioteca().lee_codigo(codigo)
    with _lecturas_de_verdad() as leidos, contextlib.redirect_stdout(io.StringIO()):
        runpy.run_path(str(ruta), run_name="bloque-de-markdown-exec")
    if TODOS not in estaticas:
        faltan = leidos - estaticas
        assert not faltan, f"{ruta.relative_to(RAIZ)} lee {sorted(faltan)} y lecturas.py no lo ve"


@functools.cache
def _casos_del_arnes() -> tuple[Lecturas, list]:
    lecturas = alcance.lecturas(RAIZ)
    return lecturas, alcance.casos_registrados(lecturas)[("tests/propiedades", "FUNCIONES")]


@pytest.mark.parametrize("f", FUNCIONES, ids=lambda f: f.nombre)
def test_el_analisis_ve_cada_csv_que_lee_un_caso_del_arnes(f, request):
    """make check pasa, de cada prueba del arnés de propiedades, solo los casos cuyo registro (la línea
    ``funcion(…)`` de ``tests/propiedades.py``) lee el CSV cambiado: cada CSV que un caso carga de verdad, al generar
    sus argumentos (buenos, extremos y malos) y al llamar a la función, está entre los que el análisis atribuye a su
    registro (``alcance.casos_registrados``)."""
    lecturas, casos = _casos_del_arnes()
    posicion = next(i for i, g in enumerate(FUNCIONES) if g is f)
    caso, sentencia = casos[posicion]
    # El nodo que pasa make check es el de pytest (parametrizada como las del arnés: la misma lista y los mismos ids).
    assert alcance.ids_de_pytest([c for c, _ in casos])[posicion] == request.node.callspec.id, caso
    estaticas = alcance._lee_registro(lecturas, "tests/propiedades", sentencia)

    @settings(max_examples=ejemplos(3), derandomize=True, database=None, deadline=None)
    @given(st.data())
    def llamar(data):
        data.draw(f.con_malos())
        for extremos in (False, True):
            args, kwargs = data.draw(f.argumentos(extremos=extremos))
            with contextlib.suppress(ValueError):
                f.funcion(*args, **kwargs)

    with _lecturas_de_verdad() as leidos, contextlib.redirect_stdout(io.StringIO()):
        llamar()
    if TODOS not in estaticas:
        faltan = leidos - estaticas
        assert not faltan, f"{f.nombre} lee {sorted(faltan)} y lecturas.py no lo ve en su registro"


def test_los_ids_de_pytest():
    """Como pytest, un id repetido lleva su número de orden (``alcance.ids_de_pytest``)."""
    assert alcance.ids_de_pytest(["a", "b", "a", "x1", "x1"]) == ["a0", "b", "a1", "x1_0", "x1_1"]
    assert alcance.ids_de_pytest(["a", None]) is None


def test_la_comprobacion_de_lecturas_puede_fallar():
    """Fallo plantado: un bloque que carga una tabla por un camino que el análisis no sigue (``getattr`` con un
    nombre hecho al vuelo) lee un CSV que el análisis no le atribuye."""
    codigo = (
        "import importlib\nm = importlib.import_module('gpucoste.calculo.' + 'vast')\n"
        "print(getattr(m, 'est' + 'ados')())\n"
    )
    estaticas = _biblioteca().lee_codigo(codigo)
    with _lecturas_de_verdad() as leidos, contextlib.redirect_stdout(io.StringIO()):
        exec(compile(codigo, "plantado", "exec"), {"__name__": "plantado"})  # noqa: S102
    assert leidos and not leidos <= estaticas


def test_una_tabla_depende_de_las_tablas_a_las_que_remite():
    """Lo que el análisis deduce del código (``depende``) es lo que declaran las tablas al cargarse (fuente
    independiente: las ``referencias`` de cada ``esquema.Tabla`` registrada), cerrado."""
    biblioteca = _biblioteca()
    declaradas = esquema.declaradas()
    remite = {f: {r.fichero for r in t.referencias} for f, t in declaradas.items()}
    for fichero in declaradas:
        cerrado, pendientes = {fichero}, [fichero]
        while pendientes:
            for otro in remite[pendientes.pop()] - cerrado:
                cerrado.add(otro)
                pendientes.append(otro)
        assert biblioteca.depende.get(fichero, {fichero}) == cerrado, fichero
    assert "precios.csv" in biblioteca.afectados({"gpus.csv"})  # precios.csv remite a gpus.csv
    assert "gpus.csv" not in biblioteca.afectados({"precios.csv"})
    leidos = biblioteca.lee_codigo("from gpucoste import datos\nprint(datos.ventanas())\n")
    assert biblioteca.depende["ventanas.csv"] <= leidos and "vast_reglas.csv" not in leidos
    assert biblioteca.lee_codigo("print(1)\n") == set()
    assert biblioteca.lee_codigo("no es python (\n") == {TODOS}


def _bloques():
    """El hook bloques.py, cargado de nuevo (su estado es de módulo)."""
    spec = importlib.util.spec_from_file_location("bloques_de_prueba", HOOKS / "bloques.py")
    modulo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modulo)
    return modulo


def _editar(csv: pathlib.Path) -> None:
    lineas = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join(lineas) + "\n\n", encoding="utf-8")


def test_la_clave_de_un_bloque_cambia_solo_con_los_csv_que_lee(tmp_path, monkeypatch):
    """La salida guardada de un bloque vuelve a calcularse si cambia un CSV que lee (o uno al que remite), y no si
    cambia otro; un bloque que el análisis no entiende depende de todos."""
    datos = tmp_path / "datos"
    shutil.copytree(DATOS, datos)
    monkeypatch.setenv("GPUCOSTE_DATOS", str(datos))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    bloques = _bloques()
    ventanas = "from gpucoste import datos\nprint(datos.ventanas())\n"
    nada = "print(1)\n"
    roto = "no es python (\n"

    def claves() -> dict[str, str]:
        bloques.preparar()
        return {c: bloques._clave(c, "s", "i") for c in (ventanas, nada, roto)}

    antes = claves()
    _editar(datos / "precios.csv")
    ahora = claves()
    assert ahora[ventanas] == antes[ventanas] and ahora[nada] == antes[nada]
    assert ahora[roto] != antes[roto]
    for csv in ("ventanas.csv", "modelos.csv"):  # el suyo y al que remite
        antes = ahora
        _editar(datos / csv)
        ahora = claves()
        assert ahora[ventanas] != antes[ventanas], csv
        assert ahora[nada] == antes[nada], csv


def test_la_clave_de_un_bloque_que_lee_ficheros_cambia_con_los_snippets(tmp_path, monkeypatch):
    """Un bloque que lee ficheros por su cuenta (la lista de «Usa los ejemplos» lee la primera línea de cada
    snippet) se vuelve a ejecutar si cambia un snippet; uno que no los lee, no."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    (tmp_path / "snippets" / "pagina").mkdir(parents=True)
    snippet = tmp_path / "snippets" / "pagina" / "uno.py"
    snippet.write_text("# Lo que calcula.\nprint(1)\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    bloques = _bloques()
    lista = 'import pathlib\nprint([p.read_text() for p in pathlib.Path("snippets").rglob("*.py")])\n'
    nada = "print(1)\n"

    def claves() -> dict[str, str]:
        bloques.preparar()
        return {c: bloques._clave(c, "s", "i") for c in (lista, nada)}

    antes = claves()
    snippet.write_text("# Otra cosa.\nprint(1)\n", encoding="utf-8")
    ahora = claves()
    assert ahora[lista] != antes[lista]
    assert ahora[nada] == antes[nada]
