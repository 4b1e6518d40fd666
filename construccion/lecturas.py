"""Qué CSV de datos lee un código: la biblioteca ``gpucoste``, una prueba de ``tests/`` o un bloque de una página.

Lo usan ``bloques.py`` (la salida guardada de un bloque vale mientras no cambien su código, la biblioteca ni los
CSV que lee: editar un dato solo vuelve a ejecutar los bloques que lo leen) y ``tests/alcance.py`` (``make check``
pasa, tras editar un CSV, solo las pruebas que lo leen). Se lee el código con ``ast``, sin importarlo.

Un CSV cambiado solo puede romper las pruebas que lo leen: directamente (``leidos.filas("precios.csv")``) o a
través de la biblioteca (``ranking.registros`` → ``datos.precios`` → ``esquema.cargar(PRECIOS)``).
Se sigue el código con ``ast``, definición a definición (función, clase, método o nombre de módulo):

- una definición «menciona» un fichero si su código contiene su nombre («precios.csv»): la ``Tabla`` de
  ``PRECIOS`` menciona precios.csv y los ficheros a los que remiten sus referencias (gpus.csv);
- una definición lee lo que leen las definiciones que nombra (``datos.precios``, ``PRECIOS``, ``x.metodo`` →
  cada método ``metodo`` de la biblioteca): por exceso, nunca por defecto;
- ``esquema.cargar(t)`` con algo que no es un nombre (``for t in declaradas()``), «*.csv», o la orden
  ``gpucoste`` en un proceso aparte: todos los ficheros («*»);
- un registro (``ORDENES[nombre] = funcion`` dentro de un decorador) lee lo que leen las funciones decoradas;
- al importar un módulo se ejecutan sus llamadas de primer nivel: las pruebas que lo importan leen lo que leen esas.

Una prueba lee lo que leen su función (decoradores incluidos), sus fixtures (por el nombre del parámetro, en su
fichero o en ``conftest.py``), las fixtures ``autouse`` de su fichero y lo que se ejecuta al importar su fichero.
``tests/construccion/test_lecturas.py`` comprueba con las lecturas de verdad (``conftest.py``, al pasar las pruebas) que
ningún fichero leído se le escapa a este análisis.
"""

from __future__ import annotations

import ast
import collections
import pathlib
import re

TODOS = "*"
_GLOB_CSV = TODOS + ".csv"  # «*.csv» (sin escribirlo: este fichero no lo lee)
_NOMBRE_CSV = re.compile(r"[\w-]+\.csv\b")
# Código que la prueba ejecuta fuera del análisis: otro proceso (la orden gpucoste), un fichero con runpy o exec,
# un módulo importado por su nombre en una cadena.
_EXTERNO = {("subprocess", "*"), ("runpy", "*"), ("importlib", "import_module")}
_EXTERNO_NOMBRES = {"exec", "__import__"}
_MUTADORES = {"append", "add", "update", "extend", "insert", "setdefault", "__setitem__"}
_CARGADOR = ("base.esquema", "cargar")
# Qué carpeta de datos está activa (``GPUCOSTE_DATOS`` y cuántas veces se olvidó lo leído: la clave de
# ``memo.mismos_datos``), no lo que hay en ella: quien la pregunta no lee ningún CSV.
_GENERACION = ("base.esquema", "generacion")


def nombre_de_modulo(ruta: pathlib.Path, paquete: pathlib.Path) -> str:
    """El nombre de un fichero de la biblioteca sin «gpucoste.»: ``calculo/memoria.py`` → «calculo.memoria»; el
    ``__init__.py`` de un subpaquete, el subpaquete («datos»); el del paquete, «__init__»."""
    partes = ruta.relative_to(paquete).with_suffix("").parts
    if partes[-1] == "__init__" and len(partes) > 1:
        partes = partes[:-1]
    return ".".join(partes)


class _Modulo:
    """Las definiciones de primer nivel de un fichero .py y a qué se refiere cada nombre importado."""

    def __init__(
        self, nombre: str, texto: str, paquete: set[str], ayudas: set[str], prueba: bool, es_paquete: bool = False
    ):
        self.nombre, self.prueba, self.snippet = nombre, prueba, nombre.startswith(("snippets/", "<bloque>"))
        self.arbol = ast.parse(texto)
        self.alias: dict[str, tuple] = {}  # nombre local → ("modulo", m) o ("def", m, nombre)
        self.defs: dict[str, ast.AST] = {}
        self.metodos: dict[str, ast.AST] = {}  # «Clase.metodo» → nodo
        for nodo in _nodos(self.arbol):
            if isinstance(nodo, ast.Import):
                for a in nodo.names:
                    partes = a.name.split(".")
                    if partes[0] == "gpucoste":
                        if a.asname and len(partes) > 1:
                            self.alias[a.asname] = ("modulo", ".".join(partes[1:]))
                        else:
                            self.alias[a.asname or "gpucoste"] = ("modulo", "__init__")
                    elif partes[0] in ayudas:
                        self.alias[a.asname or partes[0]] = ("modulo", f"tests/{partes[0]}")
            elif isinstance(nodo, ast.ImportFrom):
                partes = (nodo.module or "").split(".")
                if nodo.level >= 1 and not prueba:  # relativa, dentro del paquete: desde el paquete del módulo
                    base = nombre.split(".")[: -nodo.level] if not es_paquete else nombre.split(".")[: 1 - nodo.level]
                    base = [b for b in base if b != "__init__"]
                    origen = ".".join([*base, *[x for x in partes if x]]) or "__init__"
                elif partes[0] == "gpucoste":
                    origen = ".".join(partes[1:]) or "__init__"
                else:
                    origen = None
                if origen is not None:
                    for a in nodo.names:
                        submodulo = a.name if origen == "__init__" else f"{origen}.{a.name}"
                        if submodulo in paquete:
                            self.alias[a.asname or a.name] = ("modulo", submodulo)
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
                    for n in _nodos(objetivo):
                        if isinstance(n, ast.Name):
                            self.defs[n.id] = nodo
        self.docstrings = {
            id(n.body[0].value)
            for n in _nodos(self.arbol)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }


def es_prueba(nombre: str) -> bool:
    """Si ``nombre`` («tests/sitio/test_build») es una prueba de pytest y no un módulo de ayuda de ``tests/``."""
    return nombre.startswith("tests/") and nombre.rsplit("/", 1)[-1].startswith("test_")


def pruebas_de(tests: pathlib.Path) -> dict[str, pathlib.Path]:
    """Cada ``test_*.py`` de ``tests`` y sus subcarpetas (``tests/calculo/``, ``tests/sitio/``…, como el paquete),
    por su ruta relativa sin «.py» («calculo/test_coste»), fuera de lo que pytest no recorre (``node_modules`` de
    las herramientas de npm, cachés). La usan ``Lecturas`` y ``tests/alcance.py``."""
    return {
        p.relative_to(tests).with_suffix("").as_posix(): p
        for p in sorted(tests.rglob("test_*.py"))
        if not {"node_modules", "__pycache__"} & set(p.parts)
    }


class Lecturas:
    """El grafo de definiciones de la biblioteca, de ``tests/`` y de ``snippets/``, y los ficheros que menciona
    cada una; ``pruebas_que_leen(ficheros)`` da las pruebas (nodos de pytest) que pueden leer alguno."""

    def __init__(self, paquete: pathlib.Path, tests: pathlib.Path | None = None, snippets: pathlib.Path | None = None):
        por_nombre = {nombre_de_modulo(p, paquete): p for p in sorted(paquete.rglob("*.py"))}
        self.nombres = set(por_nombre)
        self.ayudas = {p.stem for p in tests.glob("*.py")} if tests else set()
        self.modulos: dict[str, _Modulo] = {}
        for nombre, p in sorted(por_nombre.items()):
            texto = p.read_text(encoding="utf-8")
            self.modulos[nombre] = _Modulo(nombre, texto, self.nombres, self.ayudas, False, p.name == "__init__.py")
        # Los módulos de ayuda de tests/ («tests/propiedades») y cada prueba, también en sus subcarpetas, que siguen
        # al paquete («tests/calculo/test_coste»).
        ayudas = [p for p in sorted(tests.glob("*.py")) if not p.name.startswith("test_")] if tests else []
        for p in [*ayudas, *pruebas_de(tests).values()] if tests else []:
            nombre = f"tests/{p.relative_to(tests).with_suffix('').as_posix()}"
            self.modulos[nombre] = _Modulo(nombre, p.read_text(encoding="utf-8"), self.nombres, self.ayudas, True)
        self.snippets = sorted(snippets.rglob("*.py")) if snippets else []
        for p in self.snippets:
            nombre = f"snippets/{p.relative_to(snippets).as_posix()}"
            self.modulos[nombre] = _Modulo(nombre, p.read_text(encoding="utf-8"), self.nombres, self.ayudas, True)
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
            for nombre, sentencia in _guardados_al_importar(m):
                self._leer_definicion(m, nombre, sentencia)
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
                submodulo = expr.attr if mod == "__init__" else f"{mod}.{expr.attr}"
                if submodulo in self.nombres:
                    salida.add((submodulo, "<modulo>"))
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
            recorrido = [n for ll in llamadas for n in _nodos(ll)] if m.prueba else []
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
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
                    saltar.add(id(n.value))  # «esquema.cargar = otra» cambia el módulo, no lee cada definición suya
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
            if not m.prueba and _carpeta_de_datos(n):
                menciona.add(TODOS)  # lee la carpeta de datos sin el cargador (``ficheros()`` de publicacion)
            if resolver and isinstance(n, ast.Call):
                llamadas.append(n)
        if clave in (_CARGADOR, _GENERACION):
            nombra, menciona = set(), set()  # cargar(t) lee la tabla t: lo cuenta quien nombra t
        parametros = {a.arg for a in _nodos(nodo) if isinstance(a, ast.arg)} if nombre != "<importar>" else set()
        self.llamadas[clave] = self.llamadas.get(clave, []) + [
            (self._resolver(m, ll.func), _argumentos(m, ll, self, parametros)) for ll in llamadas
        ]
        self.menciona_sin_externo[clave] = self.menciona_sin_externo.get(clave, set()) | menciona
        self.menciona[clave] = self.menciona.get(clave, set()) | menciona | ({TODOS} if externo else set())
        self.nombra[clave] |= nombra
        if nombre == "<importar>":
            return
        # Registros: lo que una función guarda en un nombre del módulo (ORDENES[n] = f, R.append(f)).
        for n in _nodos(nodo):
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
        """Cargar una tabla carga las tablas a las que remite (``esquema.Referencia``): si cambia gpus.csv, cambia
        cargar precios.csv. ``depende``: cada fichero → él y los que carga al cargarse, cerrado. La declaración
        (``PRECIOS = esquema.Tabla("precios.csv", …)``) menciona solo su fichero (no los que nombre su texto)."""
        remite: dict[str, set[str]] = {}
        for m in self.modulos.values():
            if m.prueba:
                continue
            for nombre, nodo in m.defs.items():
                valor = getattr(nodo, "value", None)
                if isinstance(valor, ast.Call) and valor.args and isinstance(valor.args[0], ast.Constant):
                    primero = str(valor.args[0].value)
                    if _NOMBRE_CSV.fullmatch(primero):
                        remite.setdefault(primero, set()).update(_referencias(m, valor))
                        self.menciona[(m.nombre, nombre)] = {primero}
                        self.menciona_sin_externo[(m.nombre, nombre)] = {primero}
        self.depende = {f: _cierre(remite, {f}) for f in remite}

    # -- Consultas

    def lee(self, clave: tuple) -> set[str]:
        """Los ficheros que puede leer la definición ``clave`` (con ``TODOS``, cualquiera), cerrados por referencias."""
        vistos = {clave}
        pendientes = [clave]
        ficheros: set[str] = set()
        while pendientes:
            d = pendientes.pop()
            ficheros |= self.menciona.get(d, set())
            siguientes = set(self.nombra.get(d, ()))
            m = self.modulos.get(d[0])
            if d[1] == "<modulo>" and m is not None:
                siguientes |= {(m.nombre, n) for n in [*m.defs, *m.metodos]}
            for s in siguientes - vistos:
                vistos.add(s)
                pendientes.append(s)
        return set().union(ficheros, *(self.depende.get(f, set()) for f in ficheros))

    def lee_codigo(self, texto: str) -> set[str]:
        """Los ficheros que puede leer ``texto``, un script que solo usa la biblioteca (un bloque de una página);
        con ``TODOS``, cualquiera (también si no se puede leer)."""
        try:
            m = _Modulo("<bloque>", texto, self.nombres, self.ayudas, True)
        except SyntaxError:
            return {TODOS}
        self.modulos[m.nombre] = m
        try:
            self._leer_definicion(m, "<importar>", m.arbol)
            return self.lee((m.nombre, "<importar>"))
        finally:
            del self.modulos[m.nombre]
            self.menciona.pop((m.nombre, "<importar>"), None)
            self.menciona_sin_externo.pop((m.nombre, "<importar>"), None)
            self.nombra.pop((m.nombre, "<importar>"), None)

    def lee_nodo(self, modulo: str, nodo: ast.AST) -> set[str]:
        """Los ficheros que puede leer ``nodo``, código de ``modulo`` (sus nombres, los de ese módulo), si se ejecuta:
        p. ej. la sentencia que registra un caso de una prueba parametrizada (``funcion(datos.tarifa, Filas(lambda:
        …))`` en ``tests/propiedades.py``); con ``TODOS``, cualquiera."""
        m = self.modulos[modulo]
        clave = (modulo, f"<nodo {id(nodo)}>")
        try:
            self._leer_definicion(m, clave[1], nodo)
            return self.lee(clave)
        finally:
            for registro in (self.menciona, self.menciona_sin_externo, self.nombra, self.llamadas, self.guarda):
                registro.pop(clave, None)

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


def _guardados_al_importar(m: _Modulo):
    """(nombre, sentencia) por cada sentencia de primer nivel que guarda algo en un nombre del módulo
    (``CALCULADORAS[n] = Calculadora(…, _con_pais(c.calcular))`` en un ``for``, ``R.append(f)``): el nombre lee
    también lo que lee lo guardado."""
    for sentencia in m.arbol.body:
        if isinstance(sentencia, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or _es_main(sentencia):
            continue
        nombres = set()
        for n in _nodos(sentencia):
            if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name):
                nombres.add(n.value.id)
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _MUTADORES:
                nombres.add(getattr(n.func.value, "id", None))
        for nombre in sorted(nombres & set(m.defs)):
            yield nombre, sentencia


def _referencias(m: _Modulo, valor: ast.AST, vistos: frozenset = frozenset()) -> set[str]:
    """Los ficheros de cada ``Referencia(…)`` de ``valor`` y de las asignaciones de primer nivel de ``m`` que nombra."""
    salida = set()
    for n in _nodos(valor):
        funcion = getattr(n, "func", None)
        if isinstance(n, ast.Call) and getattr(funcion, "attr", getattr(funcion, "id", "")) == "Referencia":
            for a in [*n.args, *(k.value for k in n.keywords)]:
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and _NOMBRE_CSV.fullmatch(a.value):
                    salida.add(a.value)
        elif isinstance(n, ast.Name) and n.id not in vistos and isinstance(m.defs.get(n.id), ast.Assign):
            salida |= _referencias(m, m.defs[n.id].value, vistos | {n.id})
    return salida


def _nodos(nodo: ast.AST) -> tuple[ast.AST, ...]:
    """``ast.walk(nodo)``, en el mismo orden, recorrido una sola vez: cada definición se mira varias veces (sus
    parámetros, sus llamadas, sus nombres locales, la clase que la contiene) y recorrer el árbol era lo más lento del
    análisis. Se guarda en el propio nodo: vive lo que vive su árbol."""
    guardados = nodo.__dict__.get("_nodos")
    if guardados is None:
        salida, i = [nodo], 0
        while i < len(salida):  # lo que hace ast.walk (a lo ancho, hijos en orden), sin sus generadores
            for campo in salida[i]._fields:
                valor = getattr(salida[i], campo, None)
                if isinstance(valor, list):
                    salida.extend(x for x in valor if isinstance(x, ast.AST))
                elif isinstance(valor, ast.AST):
                    salida.append(valor)
            i += 1
        guardados = nodo.__dict__["_nodos"] = tuple(salida)
    return guardados


def _cuerpo(nodo: ast.AST):
    """Los nodos de una definición. De una clase, solo lo que corre al crearla o al usarla sin nombrar un método
    (su cuerpo y sus métodos especiales, ``__init__``, ``__post_init__``…): un método se nombra como atributo
    (``x.metodo``)."""
    if not isinstance(nodo, ast.ClassDef):
        yield from _nodos(nodo)
        return
    yield nodo
    for hijo in [*nodo.bases, *nodo.keywords, *nodo.decorator_list, *nodo.body]:
        nombre = getattr(hijo, "name", "")
        if isinstance(hijo, (ast.FunctionDef, ast.AsyncFunctionDef)) and not nombre.startswith("__"):
            for d in hijo.decorator_list:
                yield from _nodos(d)
        else:
            yield from _nodos(hijo)


def _locales(funcion: ast.AST) -> set[str]:
    """Los parámetros y las variables que asigna ``funcion`` (o una función o comprensión dentro de ella)."""
    salida = set()
    for n in _nodos(funcion):
        if isinstance(n, ast.arg):
            salida.add(n.arg)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            salida.add(n.id)
    return salida


def _es_main(nodo: ast.AST) -> bool:
    """``if __name__ == "__main__":`` (no corre al importar)."""
    prueba = getattr(nodo, "test", None) if isinstance(nodo, ast.If) else None
    return isinstance(prueba, ast.Compare) and "__name__" in ast.dump(prueba) and "__main__" in ast.dump(prueba)


def _carpeta_de_datos(n: ast.AST) -> bool:
    """La carpeta de datos, sin pasar por ``esquema.cargar``: la variable ``GPUCOSTE_DATOS`` o
    ``resources.files(…)`` (la del paquete)."""
    if isinstance(n, ast.Constant):
        return n.value == "GPUCOSTE_DATOS"
    return isinstance(n, ast.Attribute) and n.attr == "files" and getattr(n.value, "id", "") == "resources"


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


def _cierre(grafo: dict, inicio: set) -> set:
    vistos = set(inicio)
    pendientes = list(inicio)
    while pendientes:
        for d in grafo.get(pendientes.pop(), ()):
            if d not in vistos:
                vistos.add(d)
                pendientes.append(d)
    return vistos
