"""Fixtures compartidas: la raíz del proyecto, datos propios y el sitio construido.

El sitio se construye UNA vez por sesión (``construccion``). Si esa construcción estricta falla, falla una sola
prueba (``tests/sitio/test_build.py::test_la_construccion_estricta_pasa``, con los avisos que importan) y cada prueba
que necesita un sitio construido —el de la sesión o el de una copia del proyecto, que fallaría igual— se salta
con una línea que apunta a ese fallo. Los registros de construcción que ven las pruebas (``construir``) traen
solo las líneas WARNING/ERROR (``tests/registro.py``); el completo queda en ``.registro``."""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import inspect
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest
import registro
from herramientas import CIFRAS

from gpucoste import datos
from gpucoste.base import memo

RAIZ = pathlib.Path(__file__).resolve().parent.parent
DATOS = RAIZ / "src" / "gpucoste" / "datos"


def epoca_fuente(raiz: pathlib.Path = RAIZ) -> str:
    """SOURCE_DATE_EPOCH: la fecha del último commit; fuera de git, la del fichero fuente más reciente."""
    r = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=raiz, capture_output=True, text=True)
    if r.returncode == 0 and r.stdout.strip():
        return r.stdout.strip()
    carpetas = ("docs", "snippets", "src")
    fuentes = [raiz / "mkdocs.yml", *(f for d in carpetas for f in (raiz / d).rglob("*") if f.is_file())]
    return str(int(max(f.stat().st_mtime for f in fuentes if f.exists())))


def pytest_terminal_summary(terminalreporter) -> None:
    """Repite al final las cifras de las pruebas de calidad (enlaces, ortografía, HTML…)."""
    if CIFRAS:
        terminalreporter.section("Cifras de las pruebas de calidad")
        for linea in CIFRAS:
            terminalreporter.write_line(linea)


@pytest.fixture
def carpeta_datos(tmp_path, monkeypatch):
    """Una copia de los datos del paquete en ``tmp_path`` activada con GPUCOSTE_DATOS."""
    copia = tmp_path / "datos"
    shutil.copytree(DATOS, copia)
    monkeypatch.setenv("GPUCOSTE_DATOS", str(copia))
    datos.limpiar_cache()
    yield copia
    monkeypatch.delenv("GPUCOSTE_DATOS")
    datos.limpiar_cache()


def construccion_estricta(
    destino: pathlib.Path, raiz: pathlib.Path = RAIZ, env: dict[str, str] | None = None, timeout: int = 300
):
    """``mkdocs build --strict`` de ``raiz`` en ``destino``, sin saltos: la usan estas pruebas y ``make check``
    (``tests/comprobar.py``). ``r.registro`` trae el registro completo."""
    entorno = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": epoca_fuente(), **(env or {})}
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(destino)],
        cwd=raiz,
        env=entorno,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    # stderr: solo los WARNING/ERROR (lo que sale en un fallo); el registro completo, en r.registro, y en
    # stderr si se pide con GPUCOSTE_REGISTRO_COMPLETO=1 («GPUCOSTE_REGISTRO_COMPLETO=1 make test»).
    r.registro = r.stdout + r.stderr
    if os.environ.get("GPUCOSTE_REGISTRO_COMPLETO") != "1":
        r.stderr = registro.filtrar(r.registro)
        r.stdout = ""
    return r


_SESION: dict[str, subprocess.CompletedProcess] = {}
MOTIVO_SALTO = (
    "la construcción estricta del sitio falla: arréglala primero "
    "(ver tests/sitio/test_build.py::test_la_construccion_estricta_pasa, o «make check»)"
)


def construccion_de_la_sesion(destino: pathlib.Path | None = None) -> subprocess.CompletedProcess:
    """La construcción estricta del proyecto, una sola vez por sesión de pytest (en ``destino``, la primera vez).

    Con pytest-xdist (``make test``: un proceso por núcleo), una sola vez para todos los procesos: el primero que la
    pide construye en ``COMPARTIDA`` y los demás esperan a que acabe y leen su resultado (``_compartida``)."""
    if "r" not in _SESION:
        if _CARPETA_COMPARTIDA:
            _SESION["r"] = _compartida(pathlib.Path(_CARPETA_COMPARTIDA))
        else:
            destino = destino or pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-sitio-"))
            _SESION["r"] = construccion_estricta(destino, RAIZ, {"GPUCOSTE_DATOS": ""})
            _SESION["r"].destino = destino
    return _SESION["r"]


COMPARTIDA = "GPUCOSTE_SITIO_COMPARTIDO"
"""La carpeta donde los procesos de pytest-xdist de una sesión comparten el sitio construido (la crea el proceso
que los reparte, ``pytest_configure``, y la borra al acabar)."""
_CARPETA_COMPARTIDA = os.environ.pop(COMPARTIDA, "")
"""Se quita del entorno al leerla: un pytest que lance una prueba (en una copia del proyecto) construye el suyo."""


def _compartida(carpeta: pathlib.Path) -> subprocess.CompletedProcess:
    """La construcción de la sesión, hecha por el primer proceso que llega (con un cerrojo de ``fcntl``): guarda el
    sitio en ``carpeta/sitio`` y el resultado en ``carpeta/resultado.json``; los demás lo leen."""
    import fcntl

    resultado = carpeta / "resultado.json"
    with open(carpeta / "cerrojo", "w") as cerrojo:
        fcntl.flock(cerrojo, fcntl.LOCK_EX)
        if not resultado.exists():
            r = construccion_estricta(carpeta / "sitio", RAIZ, {"GPUCOSTE_DATOS": ""})
            datos_r = {"args": r.args, "returncode": r.returncode, "stdout": r.stdout, "stderr": r.stderr}
            resultado.write_text(json.dumps({**datos_r, "registro": r.registro}), encoding="utf-8")
        leido = json.loads(resultado.read_text(encoding="utf-8"))
    r = subprocess.CompletedProcess(leido["args"], leido["returncode"], leido["stdout"], leido["stderr"])
    r.registro, r.destino = leido["registro"], carpeta / "sitio"
    return r


def saltar_si_la_construccion_falla() -> None:
    if construccion_de_la_sesion().returncode != 0:
        pytest.skip(MOTIVO_SALTO)


def construir(destino: pathlib.Path, *, raiz: pathlib.Path = RAIZ, env: dict[str, str] | None = None):
    """``mkdocs build --strict`` (sin -q ni -v: ver executable-docs) en ``destino``.

    Con SOURCE_DATE_EPOCH fijado (el último commit), dos construcciones dan los mismos bytes. Si la construcción
    del proyecto tal cual ya falla, la prueba se salta (ese fallo lo cuenta una sola prueba). ``r.stderr``
    trae solo los WARNING/ERROR; ``r.registro``, todo.
    """
    saltar_si_la_construccion_falla()
    return construccion_estricta(destino, raiz, env)


def texto(nodo) -> str:
    """El texto de un nodo HTML como lo lee una persona: espacios seguidos en uno y sin espacios en los bordes.

    No ``get_text(strip=True)``: recorta cada trozo por separado y pega «checkpoint» y «cada» cuando el
    término va en un ``<abbr>`` del glosario.
    """
    return " ".join(nodo.get_text().split())


def celdas(tabla) -> list[list[str]]:
    """Texto de cada celda de una tabla HTML (BeautifulSoup), fila a fila, sin la cabecera."""
    return [[texto(td) for td in tr.find_all("td")] for tr in tabla.find_all("tr")[1:]]


def tabla_que_contiene(sopa, *textos: str) -> list[list[str]]:
    """Celdas de la única tabla de ``sopa`` cuyo texto contiene cada uno de ``textos``."""
    tablas = [t for t in sopa.find_all("table") if all(texto in t.get_text() for texto in textos)]
    assert len(tablas) == 1, f"{len(tablas)} tablas contienen {' y '.join(map(repr, textos))}"
    return celdas(tablas[0])


def copiar_proyecto(destino: pathlib.Path) -> pathlib.Path:
    """Copia mínima del proyecto (mkdocs.yml, docs/, snippets/, construccion/), sin git, donde romper cosas."""
    destino.mkdir(parents=True)
    shutil.copy(RAIZ / "mkdocs.yml", destino)
    for carpeta in ("docs", "snippets", "construccion"):
        shutil.copytree(RAIZ / carpeta, destino / carpeta, ignore=shutil.ignore_patterns("__pycache__"))
    return destino


def solo_estas_paginas(copia: pathlib.Path, *paginas: str) -> pathlib.Path:
    """Deja en ``copia`` (de ``copiar_proyecto``) solo ``paginas`` (rutas de ``docs/``, como en el nav) y una
    portada de una línea: una prueba que mira una o dos páginas las construye sin convertir ni ejecutar las demás
    (la mitad de tiempo o menos). Sus enlaces a las páginas quitadas no se validan (pasan de «warn» a «info»): los
    enlaces del sitio entero los valida la construcción de la sesión (``tests/sitio/test_enlaces.py``)."""
    config = copia / "mkdocs.yml"
    yml = config.read_text(encoding="utf-8")
    inicio, fin = yml.index("\nnav:\n"), yml.index("\ntheme:")
    nav = "".join(f'  - "{pagina}": {pagina}\n' for pagina in paginas if pagina != "index.md")
    yml = yml[:inicio] + "\nnav:\n  - Inicio: index.md\n" + nav + yml[fin:]
    yml, cambios = re.subn(r"(?m)^(\s*(?:anchors|unrecognized_links|not_found):\s*)warn\b", r"\1info", yml)
    assert cambios == 3, "mkdocs.yml ya no declara así la validación de enlaces: revisa solo_estas_paginas"
    config.write_text(yml, encoding="utf-8")
    docs = copia / "docs"
    for fichero in [*docs.rglob("*.md"), *docs.rglob("*.ipynb")]:
        relativa = fichero.relative_to(docs)
        if relativa.as_posix() not in paginas and not {".glosario", ".overrides"} & set(relativa.parts):
            fichero.unlink()
    if "index.md" not in paginas:
        (docs / "index.md").write_text("# Inicio\n\nUna portada.\n", encoding="utf-8")
    return copia


@pytest.fixture
def copia(tmp_path) -> pathlib.Path:
    """Una copia mínima del proyecto en ``tmp_path/proyecto`` (si el proyecto no construye, la prueba se salta)."""
    saltar_si_la_construccion_falla()
    return copiar_proyecto(tmp_path / "proyecto")


def sitio_con(sitio: pathlib.Path, destino: pathlib.Path, html: str, pagina: str = "index.html") -> pathlib.Path:
    """Copia el sitio construido en ``destino`` e inserta ``html`` al final del artículo de ``pagina``."""
    shutil.copytree(sitio, destino)
    ruta = destino / pagina
    ruta.write_text(ruta.read_text(encoding="utf-8").replace("</article>", html + "</article>", 1), encoding="utf-8")
    return destino


@pytest.fixture(scope="session")
def construccion(tmp_path_factory) -> subprocess.CompletedProcess:
    """La construcción estricta de la sesión (con los datos del paquete), haya ido bien o mal."""
    return construccion_de_la_sesion(tmp_path_factory.mktemp("sitio"))


@pytest.fixture(scope="session")
def sitio(construccion) -> pathlib.Path:
    """El sitio construido una vez, en modo estricto, con los datos del paquete (si falla, la prueba se salta)."""
    if construccion.returncode != 0:
        pytest.skip(MOTIVO_SALTO)
    return construccion.destino


@functools.cache  # una vez por función: los casos de una prueba parametrizada comparten la suya
def _fuente(funcion) -> str:
    try:
        return inspect.getsource(funcion)
    except (OSError, TypeError):
        return ""


def pytest_collection_modifyitems(items) -> None:
    """Marca «construye» las pruebas que construyen un sitio (``make check`` no las pasa: lo hace ``make test``):
    las que piden el sitio de la sesión o una copia del proyecto, o llaman a ``construir(`` ellas o una de sus
    fixtures (``sitio_recolectado`` de test_precios.py construía otro sitio entero en make check)."""
    for item in items:
        funciones = [getattr(item, "function", None)]
        definiciones = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
        funciones += [d.func for nombre in getattr(item, "fixturenames", ()) for d in definiciones.get(nombre, ())]
        fuentes = "".join(_fuente(f) for f in funciones if f is not None)
        if {"sitio", "copia", "construccion"} & set(getattr(item, "fixturenames", ())) or "construir(" in fuentes:
            item.add_marker(pytest.mark.construye)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = las_largas_primero(items)


# Lo que suele tardar un caso (segundos, en esta máquina): uno que abre Chromium, uno que construye un sitio propio
# y los demás. No hace falta más precisión: solo ordena los ficheros.
_ESTIMADO = {"navegador": 5.0, "construye": 8.0, "otro": 0.05}


def las_largas_primero(items: list) -> list:
    """Los casos con sus ficheros ordenados de más a menos tiempo estimado (``_ESTIMADO``), cada fichero en su
    orden. Con ``--dist loadfile``, pytest-xdist da los ficheros a cada proceso según quedan libres y en este orden:
    así los largos (Chromium, construcciones) empiezan primero y el final se reparte entre ficheros cortos, en vez
    de acabar con un proceso solo en el último fichero largo mientras el otro espera."""
    estimado: dict[str, float] = {}
    for item in items:
        nombres = set(getattr(item, "fixturenames", ()))
        if nombres & {"chromium", "servido", "sesion"}:
            tipo = "navegador"
        elif item.get_closest_marker("construye") and not nombres & {"sitio", "construccion"}:
            tipo = "construye"  # construye su propio sitio (el de la sesión se hace una vez para todos)
        else:
            tipo = "otro"
        fichero = item.nodeid.split("::")[0]
        estimado[fichero] = estimado.get(fichero, 0.0) + _ESTIMADO[tipo]
    orden = {f: i for i, f in enumerate(sorted(estimado, key=lambda f: -estimado[f]))}
    return sorted(items, key=lambda item: orden[item.nodeid.split("::")[0]])


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "construye: la prueba construye un sitio (lenta; make check no la pasa)")
    # El proceso que reparte las pruebas de pytest-xdist (-n) crea la carpeta del sitio compartido antes de lanzar
    # los procesos, que la heredan en el entorno; sin -n, cada sesión construye el suyo.
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        carpeta = tempfile.mkdtemp(prefix="gpucoste-sitio-compartido-")
        os.environ[COMPARTIDA] = carpeta
        config.add_cleanup(lambda: shutil.rmtree(carpeta, ignore_errors=True))
    if PARTE:
        config.pluginmanager.register(Reparto(PARTE), "gpucoste-reparto")


# Se quitan del entorno al leerlas: un pytest que lance una prueba (en una copia del proyecto) pasa todos sus casos.
PARTE = os.environ.pop("GPUCOSTE_PARTE", "")
"""«k/N» (``make check`` con N procesos de pytest a la vez): esta sesión pasa solo la parte k de los casos que le
quedan tras ``-m``, por ficheros enteros (``repartir``, con lo que tardó cada caso según ``GPUCOSTE_DURACIONES``)."""
DURACIONES = pathlib.Path(tempfile.gettempdir()) / f"gpucoste-duraciones-{hashlib.sha256(bytes(RAIZ)).hexdigest()[:8]}"
"""Lo que tardó cada caso en los últimos ``make check`` de esta copia (un JSON por proceso de pytest). ``make check``
los junta en un fichero (``duraciones_juntas``) que todas las partes leen: así hacen el mismo reparto."""
_DURACIONES_DEL_REPARTO = os.environ.pop("GPUCOSTE_DURACIONES", "")
POR_CASO = 0.3
"""Los segundos que se suponen para un caso del que no se sabe cuánto tarda."""


def repartir(casos: list[str], partes: int, duraciones: dict[str, float]) -> list[list[str]]:
    """Los nodos ``casos`` en ``partes`` grupos de ficheros enteros (las fixtures de un fichero se preparan una
    vez), del fichero más lento al más rápido, cada uno al grupo que menos lleva; lo que tarda un caso sale de
    ``duraciones`` (``POR_CASO`` si no está); ningún caso se pierde ni se repite. Dentro de cada grupo, los ficheros
    del más rápido al más lento (con ``-x``, un fallo sale antes) y los casos de un fichero en su orden."""
    ficheros: dict[str, list[str]] = {}
    for caso in casos:
        ficheros.setdefault(caso.split("::")[0], []).append(caso)
    peso = {f: sum(duraciones.get(c, POR_CASO) for c in cs) for f, cs in ficheros.items()}
    grupos: list[set[str]] = [set() for _ in range(partes)]
    cargas = [0.0] * partes
    for fichero in sorted(ficheros, key=lambda f: (-peso[f], f)):
        i = cargas.index(min(cargas))
        grupos[i].add(fichero)
        cargas[i] += peso[fichero]
    return [[c for f in sorted(grupo, key=lambda f: (peso[f], f)) for c in ficheros[f]] for grupo in grupos]


def duraciones_juntas(destino: pathlib.Path) -> pathlib.Path:
    """Lo guardado en ``DURACIONES`` (lo más nuevo manda), en un solo fichero ``destino``, que no cambia mientras
    corren las partes."""
    salida: dict[str, float] = {}
    ficheros = sorted(DURACIONES.glob("*.json"), key=lambda f: f.stat().st_mtime) if DURACIONES.is_dir() else []
    for fichero in ficheros:
        with contextlib.suppress(OSError, ValueError):
            salida.update(json.loads(fichero.read_text(encoding="utf-8")))
    destino.write_text(json.dumps(salida), encoding="utf-8")
    return destino


class Reparto:
    """El plugin de ``GPUCOSTE_PARTE`` (lo registra ``pytest_configure``): se queda con su parte de los casos y
    guarda cuánto tardó cada uno para el próximo reparto."""

    def __init__(self, parte: str) -> None:
        self.k, self.n = (int(x) for x in parte.split("/"))
        self.tardado: dict[str, float] = {}

    @pytest.hookimpl(trylast=True)  # tras la selección de ``-m`` (y tras la marca «construye» de este conftest)
    def pytest_collection_modifyitems(self, config, items) -> None:
        fichero = _DURACIONES_DEL_REPARTO
        duraciones = json.loads(pathlib.Path(fichero).read_text(encoding="utf-8")) if fichero else {}
        propios = set(repartir([i.nodeid for i in items], self.n, duraciones)[self.k - 1])
        config.hook.pytest_deselected(items=[i for i in items if i.nodeid not in propios])
        items[:] = [i for i in items if i.nodeid in propios]

    def pytest_runtest_logreport(self, report) -> None:
        self.tardado[report.nodeid] = self.tardado.get(report.nodeid, 0.0) + report.duration

    def pytest_sessionfinish(self) -> None:
        with contextlib.suppress(OSError):
            DURACIONES.mkdir(exist_ok=True)
            (DURACIONES / f"{os.getpid()}.json").write_text(json.dumps(self.tardado), encoding="utf-8")
            for viejo in sorted(DURACIONES.glob("*.json"), key=lambda f: f.stat().st_mtime)[:-8]:
                viejo.unlink()


RAPIDO = bool(os.environ.get("GPUCOSTE_RAPIDO"))
"""«make check» (``tests/comprobar.py``): las mismas pruebas, con menos casos generados y muestras fijas."""
EJEMPLOS_RAPIDO = int(os.environ.get("GPUCOSTE_EJEMPLOS_RAPIDO", "10"))


def ejemplos(n: int) -> int:
    """``n`` ejemplos de hypothesis; con ``GPUCOSTE_RAPIDO``, a lo sumo ``EJEMPLOS_RAPIDO``. Para las pruebas que
    crean su ``@given`` dentro de la función (el arnés de ``test_propiedades.py``, un caso por función): a esas no
    llega ``ajustes_rapidos``, que mira la función de la prueba."""
    return min(n, EJEMPLOS_RAPIDO) if RAPIDO else n


UN_PROCESO = r"""
import contextlib, io, json, runpy, sys, traceback
salida = sys.stdout
for linea in sys.stdin:
    que, dato = json.loads(linea)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            if que == "orden":
                from gpucoste import cli

                rc = cli.main(dato)
            else:
                runpy.run_path(dato, run_name="__main__")
                rc = 0
        except SystemExit as fin:
            rc = fin.code if isinstance(fin.code, int) else int(fin.code is not None)
        except BaseException:
            traceback.print_exc()
            rc = 1
    salida.write(json.dumps([rc, out.getvalue(), err.getvalue()]) + "\n")
    salida.flush()
"""
"""Un proceso de Python que ejecuta, línea a línea de su entrada, ``["orden", argv]`` (``cli.main``, como
``python -m gpucoste``) o ``["snippet", ruta]`` (como ``python ruta``) y escribe ``[código, stdout, stderr]`` en
una línea de JSON: con ``GPUCOSTE_RAPIDO``, arrancar Python con la biblioteca cuesta más que lo que se ejecuta."""
_trabajador: list = []  # [(proceso, entorno con el que arrancó)]


def gpucoste(*argv: str, check: bool = False) -> subprocess.CompletedProcess:
    """``python -m gpucoste argv`` en un proceso nuevo. Con ``GPUCOSTE_RAPIDO`` (make check), en un solo proceso
    para todas las llamadas con el mismo entorno (``cli.main`` como lo llama ``-m gpucoste``; arrancar Python con
    la biblioteca cuesta más que la orden): lo que se comprueba es lo que imprime. El arranque de verdad, sin
    lecturas al importar y con cada carpeta de datos rota, lo prueba ``test_cli_proceso.py`` en procesos nuevos."""
    import json

    if not RAPIDO:
        r = subprocess.run([sys.executable, "-m", "gpucoste", *argv], capture_output=True, text=True, timeout=120)
    else:
        if not _trabajador or _trabajador[0][1] != _entorno() or _trabajador[0][0].poll() is not None:
            _cerrar_trabajador()
            proceso = subprocess.Popen(
                [sys.executable, "-c", UN_PROCESO], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            _trabajador.append((proceso, _entorno()))
        proceso = _trabajador[0][0]
        proceso.stdin.write(json.dumps(["orden", list(argv)]) + "\n")
        proceso.stdin.flush()
        rc, salida, errores = json.loads(proceso.stdout.readline())
        r = subprocess.CompletedProcess([sys.executable, "-m", "gpucoste", *argv], rc, salida, errores)
    if check:
        r.check_returncode()
    return r


def _entorno() -> dict[str, str]:
    """El entorno que cambia lo que hace una orden (pytest cambia ``PYTEST_CURRENT_TEST`` en cada prueba)."""
    return {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}


def _cerrar_trabajador() -> None:
    while _trabajador:
        proceso, _ = _trabajador.pop()
        proceso.stdin.close()
        proceso.wait(timeout=30)


atexit.register(_cerrar_trabajador)


def ajustes_rapidos(prueba) -> None:
    """Con ``GPUCOSTE_RAPIDO``, una prueba de hypothesis genera a lo sumo ``EJEMPLOS_RAPIDO`` casos, siempre los
    mismos (``derandomize``): sus propios ``@settings`` (150, 300… ejemplos) son para «make test»."""
    funcion = getattr(prueba, "__func__", prueba)
    actuales = getattr(funcion, "_hypothesis_internal_use_settings", None)
    if not RAPIDO or not getattr(funcion, "is_hypothesis_test", False) or actuales is None:
        return
    from hypothesis import settings

    funcion._hypothesis_internal_use_settings = settings(
        actuales,
        max_examples=min(actuales.max_examples, EJEMPLOS_RAPIDO),
        derandomize=True,
        database=None,
        deadline=None,
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item) -> None:
    ajustes_rapidos(getattr(item, "obj", None))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item) -> None:
    """Cada prueba empieza sin respuestas guardadas (``memo.mismos_datos``): una que sustituye con ``monkeypatch``
    una función de la biblioteca (``memoria.gb_activaciones``…) ve su efecto, y la siguiente no hereda lo calculado
    con ella."""
    memo.olvidar()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Los saltos por una construcción que falla, en UNA línea del resumen (-ra): todos desde el mismo sitio."""
    resultado = yield
    informe = resultado.get_result()
    if informe.skipped and isinstance(informe.longrepr, tuple) and MOTIVO_SALTO in str(informe.longrepr[2]):
        informe.longrepr = ("tests/conftest.py", _LINEA_MOTIVO, f"Skipped: {MOTIVO_SALTO}")


_LINEA_MOTIVO = pathlib.Path(__file__).read_text(encoding="utf-8").split("MOTIVO_SALTO = (")[0].count("\n") + 1


@pytest.fixture(scope="module")
def chromium():
    """Chromium de Debian sin cabeza (Playwright), uno por módulo de pruebas; sin él, la prueba se salta (en CI
    falla: ``herramientas.requiere``)."""
    from herramientas import requiere
    from servidor import chromium_disponible, lanzar

    if not chromium_disponible():
        requiere("chromium", "paquete de Debian «chromium»")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        navegador_ = lanzar(p)
        yield navegador_
        navegador_.close()
