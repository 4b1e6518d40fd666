"""Hasta dónde llega un cambio: qué módulos importan a cuáles, qué pruebas alcanza y qué páginas toca.

Lo usan ``make check`` (``tests/comprobar.py``: pasa las pruebas que un cambio puede romper) y
``tests/test_api.py`` (ningún círculo de importaciones). Se lee el código con ``ast``, sin importarlo.

- ``importaciones(carpeta, paquete)``: módulo → módulos del paquete que importa, en cualquier sitio del fichero
  (también dentro de una función).
- ``quienes_usan(grafo, modulos)``: los módulos que importan alguno de ``modulos``, directa o indirectamente.
- ``pruebas_afectadas(ficheros, raiz)``: las ``tests/test_*.py`` que un cambio alcanza (ver su docstring).
- ``paginas_del_nav(raiz)``: las páginas del sitio construido, en el orden de ``nav`` de ``mkdocs.yml``.
- ``ids_repetidos(raiz)``: los ``id`` de bloque de markdown-exec que aparecen en más de un sitio de ``docs/``.
"""

from __future__ import annotations

import collections
import pathlib
import re

RAIZ = pathlib.Path(__file__).resolve().parent.parent


_FROM = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)", re.M)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n]+)", re.M)


def sentencias(texto: str) -> list[tuple[int, str, list[str]]]:
    """Cada importación del fichero, en cualquier sitio (también dentro de una función): (nivel relativo, módulo,
    nombres). ``import a.b`` da (0, "a.b", []). Con expresiones regulares, no ``ast``: make check la usa en cada
    prueba y ``ast.walk`` tarda segundos."""
    salida = []
    for puntos, modulo, nombres in _FROM.findall(texto):
        lista = [n.split(" as ")[0].strip() for n in nombres.strip("()").split("#")[0].replace("\n", ",").split(",")]
        salida.append((len(puntos), modulo, [n for n in lista if n]))
    for nombres in _IMPORT.findall(texto):
        salida += [(0, n.split(" as ")[0].strip(), []) for n in nombres.split("#")[0].split(",") if n.strip()]
    return salida


def importaciones(carpeta: pathlib.Path, paquete: str = "gpucoste") -> dict[str, set[str]]:
    """Módulo (nombre del fichero sin «.py») → módulos de ``paquete`` (o de ``carpeta``) que importa."""
    modulos = {p.stem for p in carpeta.glob("*.py")}
    grafo = {}
    for p in carpeta.glob("*.py"):
        deps: set[str] = set()
        for nivel, modulo, nombres in sentencias(p.read_text(encoding="utf-8")):
            partes = modulo.split(".")
            if nivel == 1:
                deps |= {n for n in nombres if n in modulos} if not modulo else {partes[0]}
            elif paquete and partes[0] == paquete:
                deps |= {n for n in nombres if n in modulos} | ({partes[1]} if len(partes) > 1 else set())
            elif nivel == 0 and partes[0] in modulos:
                deps.add(partes[0])  # un módulo de ayuda de tests/ («from propiedades import …»)
        grafo[p.stem] = deps - {p.stem}
    return grafo


def alcanzables(grafo: dict[str, set[str]], modulo: str) -> set[str]:
    """Los módulos que ``modulo`` importa, directa o indirectamente."""
    vistos: set[str] = set()
    pendientes = list(grafo.get(modulo, ()))
    while pendientes:
        d = pendientes.pop()
        if d not in vistos:
            vistos.add(d)
            pendientes += grafo.get(d, ())
    return vistos


def quienes_usan(grafo: dict[str, set[str]], modulos: set[str]) -> set[str]:
    """Los módulos de ``grafo`` que importan alguno de ``modulos`` (directa o indirectamente), y ellos mismos."""
    inverso: dict[str, set[str]] = collections.defaultdict(set)
    for m, deps in grafo.items():
        for d in deps:
            inverso[d].add(m)
    return _cierre(inverso, modulos) & set(grafo)


def _cierre(grafo: dict[str, set[str]], inicio: set[str]) -> set[str]:
    vistos = set(inicio)
    pendientes = list(inicio)
    while pendientes:
        for d in grafo.get(pendientes.pop(), ()):
            if d not in vistos:
                vistos.add(d)
                pendientes.append(d)
    return vistos


def circulos(grafo: dict[str, set[str]]) -> list[list[str]]:
    """Los grupos de módulos que se importan entre sí, directa o indirectamente."""
    alcance = {m: alcanzables(grafo, m) for m in grafo}
    grupos = {frozenset({m} | {d for d in alcance[m] if m in alcance.get(d, ())}) for m in grafo}
    return sorted(sorted(g) for g in grupos if len(g) > 1)


REGLAS_SNIPPETS = "test_reglas_de_los_snippets"
_LISTA_SNIPPETS = re.compile(r"^(\w+)\s*=\s*sorted\(\(RAIZ\s*/\s*\"snippets\"\)\.rglob\(\"\*\.py\"\)\)", re.M)


def por_snippet(raiz: pathlib.Path = RAIZ) -> dict[str, list[str]]:
    """``tests/test_x.py`` → sus pruebas parametrizadas con un caso por snippet (``SNIPPETS = sorted((RAIZ /
    "snippets").rglob("*.py"))`` y ``@pytest.mark.parametrize("ruta", SNIPPETS, ids=…)``): su nodo
    ``prueba[tema/snippet.py]`` ejecuta solo ese snippet."""
    salida = {}
    for prueba in sorted((raiz / "tests").glob("test_*.py")):
        texto = prueba.read_text(encoding="utf-8")
        for lista in _LISTA_SNIPPETS.findall(texto):
            patron = rf"@pytest\.mark\.parametrize\(\s*\"\w+\",\s*{lista}\b[^\n]*\n(?:@[^\n]*\n)*def (test_\w+)"
            funciones = re.findall(patron, texto)
            if funciones:
                salida.setdefault(f"tests/{prueba.name}", []).extend(funciones)
    return salida


def pruebas_afectadas(ficheros: list[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """Las ``tests/test_*.py`` que un cambio en ``ficheros`` (rutas relativas a ``raiz``) puede romper.

    - ``tests/test_x.py`` → esa prueba; ``tests/ayuda.py`` (``propiedades.py``, ``conftest.py``…) → las pruebas
      que la importan, directa o indirectamente (``conftest.py``, todas: pytest la carga siempre);
    - ``src/gpucoste/x.py`` → las pruebas que importan ``x`` o cualquier módulo que lo importe (``dibujo`` importa
      ``ranking``, que importa ``datos``…); ``__init__.py`` → todas las que importan la biblioteca;
    - un CSV de ``src/gpucoste/datos/`` → las pruebas (una a una, y cada snippet contra su snapshot) que leen ese
      fichero, o uno que remite a él, directamente o a través de la biblioteca (``Lecturas``);
    - ``tests/test_snippets.py`` (cada snippet contra su snapshot) con un cambio en ``snippets/``, ``src/`` o
      ``tests/snapshots/``: lo que imprime un snippet no depende de nada más. Con un cambio en ``docs/``, solo sus
      reglas (``test_reglas_de_los_snippets``: cada snippet, incluido por su página); la construcción estricta de
      make check ya ejecuta cada bloque de las páginas.
    """
    paquete = raiz / "src" / "gpucoste"
    tests = raiz / "tests"
    biblioteca = importaciones(paquete)
    ayudas = importaciones(tests, paquete="")
    pruebas = sorted(p.stem for p in tests.glob("test_*.py"))
    # Lo que alcanza cada prueba: sus módulos de tests/ y, de ellos y de ella, los de la biblioteca.
    # conftest.py no cuenta: importa ``datos`` para sus fixtures, no porque cada prueba lea datos.
    locales = {p: alcanzables(ayudas, p) - {"conftest"} | {p} for p in pruebas}
    directos = {m: {d for d in _de_biblioteca(tests / f"{m}.py") if d in biblioteca} for m in ayudas}
    de_biblioteca = {p: _cierre(biblioteca, set().union(*(directos[m] for m in locales[p]))) for p in pruebas}
    elegidas: set[str] = set()
    nodos: set[str] = set()
    datos: set[str] = set()
    for f in ficheros:
        ruta = pathlib.PurePosixPath(f)
        csv = f.startswith("src/gpucoste/datos/") and ruta.suffix == ".csv"
        if csv:
            datos.add(ruta.name)
        elif (ruta.parts[0] == "snippets" and ruta.suffix == ".py") or f.startswith("tests/snapshots/"):
            # Lo que imprime un snippet depende de él y de la biblioteca, nada más: sus casos, y lo demás de
            # test_snippets.py (cada snapshot con su snippet, cada bloque con su id).
            snippet = pathlib.PurePosixPath(*ruta.parts[1 if ruta.parts[0] == "snippets" else 2 :]).with_suffix(".py")
            for fichero, funciones in por_snippet(raiz).items():
                nodos.update(f"{fichero}::{funcion}[{snippet}]" for funcion in funciones)
            nodos.update(f"tests/test_snippets.py::{t}" for t in _sin_parametros(tests / "test_snippets.py"))
        elif ruta.parts[0] in ("snippets", "src"):
            elegidas.add("test_snippets")  # lo que imprime un snippet depende de él y de la biblioteca, nada más
        elif ruta.parts[0] == "docs":
            nodos.add(f"tests/test_snippets.py::{REGLAS_SNIPPETS}")  # cada snippet, incluido por su página
        if ruta.parent.as_posix() == "tests" and ruta.suffix == ".py":
            if ruta.stem == "conftest":
                elegidas |= set(pruebas)
            elegidas |= {p for p in pruebas if ruta.stem in locales[p]}
        elif f.startswith("src/gpucoste/") and not csv:
            partes = ruta.relative_to("src/gpucoste").parts
            if partes[0] == "datos":
                tocados = quienes_usan(biblioteca, {"esquema"})
            elif partes[0] == "__init__.py":
                tocados = set(biblioteca)
            else:
                tocados = quienes_usan(biblioteca, {ruta.stem})
            elegidas |= {p for p in pruebas if de_biblioteca[p] & tocados}
    if datos:  # un CSV: las pruebas que lo leen, una a una (``Lecturas``)
        nodos |= set(Lecturas(raiz).pruebas_que_leen(datos))
    # Un nodo de un fichero que ya va entero sobra.
    nodos = {n for n in nodos if n.split("::")[0].removeprefix("tests/").removesuffix(".py") not in elegidas}
    return [f"tests/{p}.py" for p in sorted(elegidas)] + sorted(nodos)


def _sin_parametros(prueba: pathlib.Path) -> list[str]:
    """Las pruebas de ``prueba`` sin ``parametrize`` (sus nodos no llevan corchetes)."""
    texto = prueba.read_text(encoding="utf-8")
    return re.findall(r"(?:^|\n)(?!@pytest\.mark\.parametrize)[^\n]*\ndef (test_\w+)\(", "\n" + texto)


def _de_biblioteca(ruta: pathlib.Path) -> set[str]:
    """Los módulos de ``gpucoste`` que importa un fichero de ``tests/`` (``from gpucoste import x``, ``import
    gpucoste.x``, ``from gpucoste.x import y``); ``import gpucoste`` a secas cuenta como ``__init__``."""
    salida: set[str] = set()
    for nivel, modulo, nombres in sentencias(ruta.read_text(encoding="utf-8")):
        partes = modulo.split(".")
        if nivel == 0 and partes[0] == "gpucoste":
            salida |= set(nombres) if len(partes) == 1 and nombres else {partes[1] if len(partes) > 1 else "__init__"}
    return salida


# --- Páginas --------------------------------------------------------------------------------------------

_ENTRADA_NAV = re.compile(r"(?:^\s*-\s*|:\s+)[\"']?([\w./-]+\.(?:md|ipynb))[\"']?\s*$")


def paginas_del_nav(raiz: pathlib.Path = RAIZ) -> list[str]:
    """Cada página de ``nav`` en ``mkdocs.yml``, como ruta del sitio construido (``calculadoras/cabe/index.html``)."""
    lineas = (raiz / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    inicio = lineas.index("nav:")
    salida = []
    for linea in lineas[inicio + 1 :]:
        if linea and not linea[0].isspace() and not linea.startswith("#"):
            break
        encontrada = _ENTRADA_NAV.search(linea)
        if encontrada:
            salida.append(pagina_construida(encontrada.group(1)))
    return salida


def pagina_construida(fuente: str) -> str:
    """``calculadoras/cabe.md`` → ``calculadoras/cabe/index.html``; ``index.md`` → ``index.html``;
    ``calculadoras/index.md`` → ``calculadoras/index.html``."""
    ruta = pathlib.PurePosixPath(fuente).with_suffix("")
    if ruta.name == "index":  # la portada de una sección: «calculadoras/index.md» → «calculadoras/index.html»
        return "index.html" if ruta.parent.as_posix() == "." else f"{ruta.parent.as_posix()}/index.html"
    return f"{ruta.as_posix()}/index.html"


def paginas_tocadas(ficheros: list[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """Las páginas construidas que cambian con ``ficheros``: ``docs/x.md`` y los snippets de ``snippets/x/``."""
    fuentes = {pathlib.PurePosixPath(f).relative_to("docs").as_posix() for f in ficheros if f.startswith("docs/")}
    for f in ficheros:
        partes = pathlib.PurePosixPath(f).parts
        if partes[0] == "snippets" and len(partes) > 2:
            fuentes |= {p.relative_to(raiz / "docs").as_posix() for p in (raiz / "docs").rglob(f"{partes[1]}.md")}
    nav = set(paginas_del_nav(raiz))
    return sorted(p for p in map(pagina_construida, fuentes) if p in nav)


_ID_BLOQUE = re.compile(r"^\s*(?:`{3,}|~{3,})\s*\w+\b[^\n]*\bexec=\"[^\"]*\"[^\n]*\bid=\"([^\"]+)\"")


def ids_repetidos(raiz: pathlib.Path = RAIZ) -> dict[str, list[str]]:
    """``id`` de bloque de markdown-exec → sus sitios («docs/x.md:14»), para los que aparecen más de una vez.

    El informe de fallos de la construcción localiza un bloque por su ``id``: uno repetido culpa a otra página."""
    sitios = collections.defaultdict(list)
    for md in sorted((raiz / "docs").rglob("*.md")):
        for n, linea in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
            encontrado = _ID_BLOQUE.match(linea)
            if encontrado:
                sitios[encontrado.group(1)].append(f"{md.relative_to(raiz).as_posix()}:{n}")
    return {i: s for i, s in sitios.items() if len(s) > 1}


# --- Qué CSV lee cada prueba -------------------------------------------------------------------------------
#
# Un CSV cambiado solo puede romper las pruebas que lo leen: directamente (``leidos.filas("precios.csv")``) o a
# través de la biblioteca (``ranking.registros`` → ``datos.precios`` → ``esquema.cargar(PRECIOS)``).
# Se sigue el código con ``ast``, definición a definición (función, clase, método o nombre de módulo):
#
# - una definición «menciona» un fichero si su código contiene su nombre («precios.csv»): la ``Tabla`` de
#   ``PRECIOS`` menciona precios.csv y los ficheros a los que remiten sus referencias (gpus.csv);
# - una definición lee lo que leen las definiciones que nombra (``datos.precios``, ``PRECIOS``, ``x.metodo`` →
#   cada método ``metodo`` de la biblioteca): por exceso, nunca por defecto;
# - ``esquema.cargar(t)`` con algo que no es un nombre (``for t in declaradas()``), «*.csv», o la orden
#   ``gpucoste`` en un proceso aparte: todos los ficheros («*»);
# - un registro (``ORDENES[nombre] = funcion`` dentro de un decorador) lee lo que leen las funciones decoradas;
# - al importar un módulo se ejecutan sus llamadas de primer nivel: las pruebas que lo importan leen lo que leen esas.
#
# Una prueba lee lo que leen su función (decoradores incluidos), sus fixtures (por el nombre del parámetro, en su
# fichero o en ``conftest.py``), las fixtures ``autouse`` de su fichero y lo que se ejecuta al importar su fichero.
# ``tests/test_lecturas.py`` comprueba con las lecturas de verdad (``conftest.py``, al pasar las pruebas) que
# ningún fichero leído se le escapa a este análisis.

import ast  # noqa: E402

TODOS = "*"
_GLOB_CSV = TODOS + ".csv"  # «*.csv» (sin escribirlo: este fichero no lo lee)
_NOMBRE_CSV = re.compile(r"[\w-]+\.csv\b")
# Código que la prueba ejecuta fuera del análisis: otro proceso (la orden gpucoste), un fichero con runpy o exec,
# un módulo importado por su nombre en una cadena.
_EXTERNO = {("subprocess", "*"), ("runpy", "*"), ("importlib", "import_module")}
_EXTERNO_NOMBRES = {"exec", "__import__"}
_MUTADORES = {"append", "add", "update", "extend", "insert", "setdefault", "__setitem__"}
_CARGADOR = ("esquema", "cargar")


class _Modulo:
    """Las definiciones de primer nivel de un fichero .py y a qué se refiere cada nombre importado."""

    def __init__(self, nombre: str, ruta: pathlib.Path, paquete: set[str], ayudas: set[str], prueba: bool):
        self.nombre, self.prueba, self.snippet = nombre, prueba, nombre.startswith("snippets/")
        self.arbol = ast.parse(ruta.read_text(encoding="utf-8"))
        self.alias: dict[str, tuple] = {}  # nombre local → ("modulo", m) o ("def", m, nombre)
        self.defs: dict[str, ast.AST] = {}
        self.metodos: dict[str, ast.AST] = {}  # «Clase.metodo» → nodo
        for nodo in ast.walk(self.arbol):
            if isinstance(nodo, ast.Import):
                for a in nodo.names:
                    partes = a.name.split(".")
                    if partes[0] == "gpucoste":
                        if a.asname and len(partes) > 1:
                            self.alias[a.asname] = ("modulo", partes[1])
                        else:
                            self.alias[a.asname or "gpucoste"] = ("modulo", "__init__")
                    elif partes[0] in ayudas:
                        self.alias[a.asname or partes[0]] = ("modulo", f"tests/{partes[0]}")
            elif isinstance(nodo, ast.ImportFrom):
                partes = (nodo.module or "").split(".")
                if nodo.level == 1 or partes[0] == "gpucoste":
                    origen = partes[-1] if (nodo.level == 1 and nodo.module) or len(partes) > 1 else "__init__"
                    for a in nodo.names:
                        if a.name in paquete and origen == "__init__":
                            self.alias[a.asname or a.name] = ("modulo", a.name)
                        else:
                            self.alias[a.asname or a.name] = ("def", origen, a.name)
                elif nodo.level == 0 and partes[0] in ayudas:
                    for a in nodo.names:
                        self.alias[a.asname or a.name] = ("def", f"tests/{partes[0]}", a.name)
        for nodo in self.arbol.body:
            if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.defs[nodo.name] = nodo
                if isinstance(nodo, ast.ClassDef):
                    for hijo in nodo.body:
                        if isinstance(hijo, (ast.FunctionDef, ast.AsyncFunctionDef)):
                            self.metodos[f"{nodo.name}.{hijo.name}"] = hijo
            elif isinstance(nodo, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                objetivos = nodo.targets if isinstance(nodo, ast.Assign) else [nodo.target]
                for objetivo in objetivos:
                    for n in ast.walk(objetivo):
                        if isinstance(n, ast.Name):
                            self.defs[n.id] = nodo
        self.docstrings = {
            id(n.body[0].value)
            for n in ast.walk(self.arbol)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }


class Lecturas:
    """El grafo de definiciones de la biblioteca, de ``tests/`` y de ``snippets/``, y los ficheros que menciona
    cada una; ``pruebas_que_leen(ficheros)`` da las pruebas (nodos de pytest) que pueden leer alguno."""

    def __init__(self, raiz: pathlib.Path = RAIZ):
        self.raiz = raiz
        paquete = raiz / "src" / "gpucoste"
        tests = raiz / "tests"
        nombres = {p.stem for p in paquete.glob("*.py")}
        ayudas = {p.stem for p in tests.glob("*.py")}
        self.modulos: dict[str, _Modulo] = {}
        for p in sorted(paquete.glob("*.py")):
            self.modulos[p.stem] = _Modulo(p.stem, p, nombres, ayudas, prueba=False)
        for p in sorted(tests.glob("*.py")):
            self.modulos[f"tests/{p.stem}"] = _Modulo(f"tests/{p.stem}", p, nombres, ayudas, prueba=True)
        self.snippets = sorted((raiz / "snippets").rglob("*.py"))
        for p in self.snippets:
            nombre = f"snippets/{p.relative_to(raiz / 'snippets').as_posix()}"
            self.modulos[nombre] = _Modulo(nombre, p, nombres, ayudas, prueba=True)
        self.por_metodo: dict[str, set[tuple]] = collections.defaultdict(set)
        for m in self.modulos.values():
            if not m.prueba:
                for nombre in m.metodos:
                    self.por_metodo[nombre.split(".")[1]].add((m.nombre, nombre))
        self.menciona: dict[tuple, set[str]] = {}
        self.menciona_sin_externo: dict[tuple, set[str]] = {}
        self.nombra: dict[tuple, set[tuple]] = collections.defaultdict(set)
        self.guarda: dict[tuple, set[tuple]] = collections.defaultdict(set)
        self.decoradas: list[tuple[tuple, tuple]] = []
        self.llamadas: dict[tuple, list] = {}
        for m in self.modulos.values():
            for nombre, nodo in [*m.defs.items(), *m.metodos.items()]:
                self._leer_definicion(m, nombre, nodo)
            self._leer_definicion(m, "<importar>", m.arbol)
        self._registros()
        self._cargadores()
        self._tablas()

    # -- Construcción del grafo

    def _resolver(self, m: _Modulo, expr: ast.AST) -> set[tuple]:
        """Las definiciones a las que se refiere ``expr`` (un nombre o un atributo), si son de los módulos leídos."""
        if isinstance(expr, ast.Name):
            if expr.id in m.defs:
                return {(m.nombre, expr.id)}
            alias = m.alias.get(expr.id)
            if alias and alias[0] == "def":
                return self._definicion(alias[1], alias[2])
            if alias and alias[0] == "modulo":
                return {(alias[1], "<modulo>")}
            return set()
        if isinstance(expr, ast.Attribute):
            base = self._resolver(m, expr.value)
            modulos = {d[0] for d in base if d[1] == "<modulo>"}
            salida = set()
            for mod in modulos:
                if mod == "__init__" and expr.attr in self.modulos:
                    salida.add((expr.attr, "<modulo>"))
                else:
                    salida |= self._definicion(mod, expr.attr)
            if not modulos:
                salida |= self.por_metodo.get(expr.attr, set())
            return salida
        return set()

    def _definicion(self, modulo: str, nombre: str, vistos: frozenset = frozenset()) -> set[tuple]:
        m = self.modulos.get(modulo)
        if m is None or (modulo, nombre) in vistos:
            return set()
        if nombre in m.defs:
            return {(modulo, nombre)}
        alias = m.alias.get(nombre)
        if alias and alias[0] == "def":
            return self._definicion(alias[1], alias[2], vistos | {(modulo, nombre)})
        if alias and alias[0] == "modulo":
            return {(alias[1], "<modulo>")}
        return set()

    def _leer_definicion(self, m: _Modulo, nombre: str, nodo: ast.AST) -> None:
        clave = (m.nombre, nombre)
        menciona: set[str] = set()
        nombra: set[tuple] = set()
        if nombre == "<importar>" and not m.snippet:
            # Al importar se ejecutan las llamadas de primer nivel (no lo que solo se nombra: un decorador guarda
            # la función, no la llama) y se importan los módulos que importa.
            llamadas = [n for n in _primer_nivel(nodo) if isinstance(n, ast.Call)]
            for llamada in llamadas:
                nombra |= self._resolver(m, llamada.func)
            nombra |= {(alias[1], "<importar>") for alias in m.alias.values()}
            # en una prueba, «FILAS = leidos.filas("precios.csv")» al importar
            recorrido = [n for ll in llamadas for n in ast.walk(ll)] if m.prueba else []
            resolver = False
        else:  # una definición, o un snippet entero (se ejecuta de arriba abajo)
            recorrido = list(_cuerpo(nodo))
            resolver = True
            if m.snippet:
                nombra |= {(alias[1], "<importar>") for alias in m.alias.values()}
            if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.prueba:
                # fixtures por el nombre del parámetro: en su fichero o en conftest.py
                for arg in nodo.args.args + nodo.args.kwonlyargs:
                    for sitio in (m.nombre, "tests/conftest"):
                        if sitio in self.modulos and arg.arg in self.modulos[sitio].defs:
                            nombra.add((sitio, arg.arg))
                            break
        # Un parámetro o una variable local tapa al nombre del módulo que se llama igual.
        locales = _locales(nodo) if resolver and isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef)) else set()
        saltar: set[int] = {id(n) for n in recorrido if isinstance(n, ast.Name) and n.id in locales}
        externo = False
        # Guardar en un registro (``ORDENES[n] = f``, ``R.append(f)``) no es leerlo; y un nombre asignado tampoco.
        for n in recorrido:
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store):
                saltar.add(id(n.value))
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTADORES:
                saltar.add(id(n.func))
                saltar.add(id(n.func.value))
            elif isinstance(n, (ast.Name, ast.Attribute)) and not isinstance(n.ctx, ast.Load):
                saltar.add(id(n))
        llamadas: list[ast.Call] = []
        for n in recorrido:
            if resolver and isinstance(n, (ast.Name, ast.Attribute)) and id(n) not in saltar:
                if isinstance(n, ast.Attribute) and any(d[1] == "<modulo>" for d in self._resolver(m, n.value)):
                    saltar.add(id(n.value))  # «datos.precios» nombra datos.precios, no todo el módulo datos
                nombra |= self._resolver(m, n)
            elif isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in m.docstrings:
                menciona |= set(_NOMBRE_CSV.findall(n.value))
                if m.prueba and _GLOB_CSV in n.value:
                    menciona.add(TODOS)
            if m.prueba and not m.snippet and _externo(n):
                externo = True
            if resolver and isinstance(n, ast.Call):
                llamadas.append(n)
        if clave == _CARGADOR:
            nombra, menciona = set(), set()  # cargar(t) lee la tabla t: lo cuenta quien nombra t
        parametros = {a.arg for a in ast.walk(nodo) if isinstance(a, ast.arg)} if nombre != "<importar>" else set()
        self.llamadas[clave] = [(self._resolver(m, ll.func), _argumentos(m, ll, self, parametros)) for ll in llamadas]
        self.menciona_sin_externo[clave] = self.menciona_sin_externo.get(clave, set()) | menciona
        self.menciona[clave] = self.menciona.get(clave, set()) | menciona | ({TODOS} if externo else set())
        self.nombra[clave] |= nombra
        if nombre == "<importar>":
            return
        # Registros: lo que una función guarda en un nombre del módulo (ORDENES[n] = f, R.append(f)).
        for n in ast.walk(nodo):
            registro = None
            if isinstance(n, (ast.Assign, ast.AugAssign)):
                for objetivo in n.targets if isinstance(n, ast.Assign) else [n.target]:
                    if isinstance(objetivo, ast.Subscript) and isinstance(objetivo.value, ast.Name):
                        registro = objetivo.value.id
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTADORES:
                if isinstance(n.func.value, ast.Name):
                    registro = n.func.value.id
            if registro and registro in m.defs and registro != nombre:
                self.guarda[clave].add((m.nombre, registro))
        for decorador in getattr(nodo, "decorator_list", []):
            for d in self._resolver(m, decorador.func if isinstance(decorador, ast.Call) else decorador):
                self.decoradas.append((d, clave))

    def _registros(self) -> None:
        """Un registro lee lo que leen las funciones que guardan en él, y las que decoran esas funciones."""
        for funcion, registros in self.guarda.items():
            for r in registros:
                self.nombra[r].add(funcion)
        for decorador, decorada in self.decoradas:
            for r in self.guarda.get(decorador, ()):
                self.nombra[r].add(decorada)

    def _cargadores(self) -> None:
        """``esquema.cargar(t)`` lee la tabla ``t``: quien la llama con un nombre (``PRECIOS``) ya lo nombra. Una
        función que le pasa su propio parámetro (``esquema.valor(tabla, …)``) es otro cargador; llamar a un
        cargador sin ningún nombre ni parámetro entre sus argumentos (``for t in declaradas(): cargar(t)``) lee
        cualquier tabla."""
        cargadores = {_CARGADOR}
        cambia = True
        while cambia:
            cambia = False
            for clave, llamadas in self.llamadas.items():
                if clave not in cargadores and any(d & cargadores and a == "parametro" for d, a in llamadas):
                    cargadores.add(clave)
                    cambia = True
        for clave, llamadas in self.llamadas.items():
            if clave not in cargadores and any(d & cargadores and a is None for d, a in llamadas):
                self.menciona[clave].add(TODOS)
                self.menciona_sin_externo[clave].add(TODOS)

    def _tablas(self) -> None:
        """Cargar una tabla carga las tablas a las que remite (referencias): si cambia gpus.csv, cambia cargar
        precios.csv. Cada fichero → los que nombra su declaración (``Tabla("x.csv", …)`` y las constantes de su
        módulo que usa), cerrado."""
        menciona: dict[str, set[str]] = {}
        for m in self.modulos.values():
            if m.prueba:
                continue
            for nodo in m.defs.values():
                valor = getattr(nodo, "value", None)
                if isinstance(valor, ast.Call) and valor.args and isinstance(valor.args[0], ast.Constant):
                    primero = str(valor.args[0].value)
                    if _NOMBRE_CSV.fullmatch(primero):
                        menciona.setdefault(primero, set()).update(_literales(m, valor))
        self.depende = {f: _cierre(menciona, {f}) for f in menciona}

    # -- Consultas

    def afectados(self, ficheros: set[str]) -> set[str]:
        """Los ficheros cuya carga cambia si cambian ``ficheros``: ellos y los que remiten a ellos."""
        return {f for f, deps in self.depende.items() if deps & ficheros} | set(ficheros)

    def definiciones_que_leen(self, ficheros: set[str], externo: bool = True) -> set[tuple]:
        """Las definiciones que mencionan uno de ``ficheros`` (o todos), o nombran una que lo hace. Sin
        ``externo``, sin contar el código que una prueba ejecuta aparte (otro proceso, runpy)."""
        tocados = self.afectados(ficheros) | {TODOS}
        menciona = self.menciona if externo else self.menciona_sin_externo
        inverso: dict[tuple, set[tuple]] = collections.defaultdict(set)
        for d, nombradas in self.nombra.items():
            for n in nombradas:
                inverso[n].add(d)
        # nombrar un módulo entero (pasarlo como valor) es nombrar cada definición suya
        for m in self.modulos.values():
            for nombre in [*m.defs, *m.metodos]:
                inverso[(m.nombre, nombre)].add((m.nombre, "<modulo>"))
        inicio = {d for d, f in menciona.items() if f & tocados}
        return _cierre(inverso, inicio)

    def pruebas_que_leen(self, ficheros: set[str]) -> list[str]:
        """Los nodos de pytest (``tests/test_x.py::test_y``, una clase entera si un método suyo lee) que pueden
        leer alguno de ``ficheros``; con ``tests/test_snippets.py``, cada snippet por separado."""
        leen = self.definiciones_que_leen(ficheros)
        salida = set()
        for m in self.modulos.values():
            if not m.nombre.startswith("tests/test_"):
                continue
            fichero = f"{m.nombre}.py"
            al_importar = (m.nombre, "<importar>") in leen
            autouse = any((m.nombre, n) in leen for n, nodo in m.defs.items() if _es_fixture_autouse(nodo))
            for nombre, nodo in m.defs.items():
                if not nombre.startswith(("test_", "Test")):
                    continue
                if isinstance(nodo, ast.ClassDef):
                    metodos = [f"{nombre}.{h.name}" for h in nodo.body if getattr(h, "name", "").startswith("test_")]
                    if al_importar or autouse or any((m.nombre, x) in leen for x in [nombre, *metodos]):
                        salida.add(f"{fichero}::{nombre}")
                elif al_importar or autouse or (m.nombre, nombre) in leen:
                    salida.add(f"{fichero}::{nombre}")
        # Una prueba con un caso por snippet (que lo ejecuta en otro proceso o con runpy): los casos de los
        # snippets que leen el fichero, y todos si la prueba lee el fichero por otro camino.
        sin_externo = self.definiciones_que_leen(ficheros, externo=False)
        snippets = [f"snippets/{p.relative_to(self.raiz / 'snippets').as_posix()}" for p in self.snippets]
        leidos = [s.removeprefix("snippets/") for s in snippets if (s, "<importar>") in leen]
        for fichero, funciones in por_snippet(self.raiz).items():
            m = self.modulos[fichero.removesuffix(".py")]
            for funcion in funciones:
                nodo = f"{fichero}::{funcion}"
                if nodo in salida and (m.nombre, funcion) not in sin_externo and (m.nombre, "<importar>") not in leen:
                    salida.discard(nodo)
                    salida.update(f"{nodo}[{s}]" for s in leidos)
        return sorted(salida)


def _literales(m: _Modulo, valor: ast.AST, vistos: frozenset = frozenset()) -> set[str]:
    """Los nombres de CSV en ``valor`` y en las asignaciones de primer nivel de ``m`` que nombra."""
    salida = set()
    for n in ast.walk(valor):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            salida |= set(_NOMBRE_CSV.findall(n.value))
        elif isinstance(n, ast.Name) and n.id not in vistos and isinstance(m.defs.get(n.id), ast.Assign):
            salida |= _literales(m, m.defs[n.id].value, vistos | {n.id})
    return salida


def _cuerpo(nodo: ast.AST):
    """Los nodos de una definición. De una clase, solo lo que corre al crearla o al usarla sin nombrar un método
    (su cuerpo y sus métodos especiales, ``__init__``, ``__post_init__``…): un método se nombra como atributo
    (``x.metodo``)."""
    if not isinstance(nodo, ast.ClassDef):
        yield from ast.walk(nodo)
        return
    yield nodo
    for hijo in [*nodo.bases, *nodo.keywords, *nodo.decorator_list, *nodo.body]:
        nombre = getattr(hijo, "name", "")
        if isinstance(hijo, (ast.FunctionDef, ast.AsyncFunctionDef)) and not nombre.startswith("__"):
            for d in hijo.decorator_list:
                yield from ast.walk(d)
        else:
            yield from ast.walk(hijo)


def _locales(funcion: ast.AST) -> set[str]:
    """Los parámetros y las variables que asigna ``funcion`` (o una función o comprensión dentro de ella)."""
    salida = set()
    for n in ast.walk(funcion):
        if isinstance(n, ast.arg):
            salida.add(n.arg)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            salida.add(n.id)
    return salida


def _es_main(nodo: ast.AST) -> bool:
    """``if __name__ == "__main__":`` (no corre al importar)."""
    prueba = getattr(nodo, "test", None) if isinstance(nodo, ast.If) else None
    return isinstance(prueba, ast.Compare) and "__name__" in ast.dump(prueba) and "__main__" in ast.dump(prueba)


def _externo(n: ast.AST) -> bool:
    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
        return (n.value.id, "*") in _EXTERNO or (n.value.id, n.attr) in _EXTERNO
    return isinstance(n, ast.Name) and n.id in _EXTERNO_NOMBRES


def _argumentos(m: _Modulo, llamada: ast.Call, lecturas: Lecturas, parametros: set[str]) -> str | None:
    """«nombre» si algún argumento de ``llamada`` es una definición leída, «parametro» si es un parámetro de la
    función que llama; si no, None."""
    argumentos = [*llamada.args, *(k.value for k in llamada.keywords)]
    if any(lecturas._resolver(m, a) for a in argumentos):
        return "nombre"
    if any(isinstance(a, ast.Name) and a.id in parametros for a in argumentos):
        return "parametro"
    return None


def _es_fixture_autouse(nodo: ast.AST) -> bool:
    for d in getattr(nodo, "decorator_list", []):
        if isinstance(d, ast.Call) and any(k.arg == "autouse" for k in d.keywords):
            return True
    return False


def _primer_nivel(arbol: ast.AST):
    """Los nodos que se ejecutan al importar: todo menos el cuerpo de las funciones (sí sus decoradores y
    valores por defecto)."""
    pendientes = [arbol]
    while pendientes:
        nodo = pendientes.pop()
        if _es_main(nodo):
            continue
        yield nodo
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            hijos = [*getattr(nodo, "decorator_list", []), *nodo.args.defaults, *nodo.args.kw_defaults]
            pendientes += [h for h in hijos if h is not None]
        else:
            pendientes += list(ast.iter_child_nodes(nodo))
