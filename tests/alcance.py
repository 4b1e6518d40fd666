"""Hasta dónde llega un cambio: qué módulos importan a cuáles, qué pruebas alcanza y qué páginas toca.

Lo usan ``make check`` (``tests/comprobar.py``: pasa las pruebas que un cambio puede romper) y
``tests/proyecto/test_api.py`` (ningún círculo de importaciones). Se lee el código con ``ast``, sin importarlo.

- ``importaciones(carpeta, paquete)``: módulo → módulos del paquete que importa, en cualquier sitio del fichero
  (también dentro de una función).
- ``quienes_usan(grafo, modulos)``: los módulos que importan alguno de ``modulos``, directa o indirectamente.
- ``pruebas_afectadas(ficheros, raiz)``: las pruebas (``tests/…/test_*.py``) que un cambio alcanza (ver su docstring);
  ``para_make_check``, las que de ellas pasa ``make check`` (tras un cambio solo de datos, las de ``tests/datos/``).
- ``paginas_del_nav(raiz)``: las páginas del sitio construido, en el orden de ``nav`` de ``mkdocs.yml``.
- ``ids_repetidos(raiz)``: los ``id`` de bloque de markdown-exec que aparecen en más de un sitio de ``docs/``.
- ``casos_registrados(lecturas)``: los casos de cada registro del arnés de propiedades (``FUNCIONES``), con la
  sentencia que registra cada uno: tras editar un CSV, ``pruebas_que_leen`` pasa solo los casos que lo leen.
"""

from __future__ import annotations

import ast
import collections
import functools
import hashlib
import pathlib
import re
import sys

RAIZ = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "construccion"))
from lecturas import TODOS, Lecturas, _cierre, es_prueba, nombre_de_modulo, pruebas_de  # noqa: E402, F401

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
    """Módulo → módulos de ``paquete`` (o de ``carpeta``) que importa.

    Con ``paquete``, cada fichero de ``carpeta`` y sus subcarpetas, por su nombre sin «gpucoste.»
    («calculo.memoria»; el ``__init__.py`` de un subpaquete es el subpaquete, «datos»; el del paquete, «__init__»).
    Importar un módulo de un subpaquete también ejecuta el ``__init__.py`` del subpaquete: cuenta como importado.
    Sin ``paquete`` (``tests/``), los módulos de ayuda de la carpeta por su nombre (``from propiedades import …``) y
    cada prueba por su ruta sin «.py» (``pruebas_de``: «sitio/test_build»)."""
    if not paquete:
        modulos = {p.stem: p for p in carpeta.glob("*.py")} | pruebas_de(carpeta)
    else:
        modulos = {nombre_de_modulo(p, carpeta): p for p in carpeta.rglob("*.py") if "__pycache__" not in p.parts}
    grafo = {}
    for m, p in modulos.items():
        deps: set[str] = set()
        for nivel, modulo, nombres in sentencias(p.read_text(encoding="utf-8")):
            partes = modulo.split(".") if modulo else []
            if nivel >= 1 and paquete:  # relativa: desde el paquete del propio módulo
                base = m.split(".") if p.name == "__init__.py" else m.split(".")[:-1]
                base = [b for b in base[: len(base) - (nivel - 1)] if b != "__init__"]
                partes = [paquete, *base, *partes]
            if paquete and partes and partes[0] == paquete:
                origen = ".".join(partes[1:])
                candidatos = {f"{origen}.{n}" if origen else n for n in nombres} | ({origen} if origen else set())
                deps |= {c for c in candidatos if c in modulos}
            elif nivel == 0 and partes and partes[0] in modulos and not paquete:
                deps.add(partes[0])  # un módulo de ayuda de tests/ («from propiedades import …»)
        # Lo que se importa de un subpaquete ejecuta antes su __init__.py («calculo.memoria» → «calculo»), salvo el del
        # propio subpaquete del módulo: ya se está ejecutando cuando se importa el módulo.
        padres = {".".join(d.split(".")[:i]) for d in deps for i in range(1, d.count(".") + 1)}
        deps |= {x for x in padres if x in modulos and not m.startswith(f"{x}.")}
        grafo[m] = deps - {m}
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


def circulos(grafo: dict[str, set[str]]) -> list[list[str]]:
    """Los grupos de módulos que se importan entre sí, directa o indirectamente."""
    alcance = {m: alcanzables(grafo, m) for m in grafo}
    grupos = {frozenset({m} | {d for d in alcance[m] if m in alcance.get(d, ())}) for m in grafo}
    return sorted(sorted(g) for g in grupos if len(g) > 1)


REGLAS_SNIPPETS = "test_reglas_de_los_snippets"
PRUEBA_SNIPPETS = "sitio/test_snippets"
"""La prueba de los snippets (``tests/sitio/test_snippets.py``), por su ruta en ``tests/`` sin «.py»."""
_LISTA_SNIPPETS = re.compile(r"^(\w+)\s*=\s*sorted\(\(RAIZ\s*/\s*\"snippets\"\)\.rglob\(\"\*\.py\"\)\)", re.M)


def por_snippet(raiz: pathlib.Path = RAIZ) -> dict[str, list[str]]:
    """``tests/test_x.py`` → sus pruebas parametrizadas con un caso por snippet (``SNIPPETS = sorted((RAIZ /
    "snippets").rglob("*.py"))`` y ``@pytest.mark.parametrize("ruta", SNIPPETS, ids=…)``): su nodo
    ``prueba[tema/snippet.py]`` ejecuta solo ese snippet."""
    salida = {}
    for prueba in pruebas_de(raiz / "tests").values():
        texto = prueba.read_text(encoding="utf-8")
        for lista in _LISTA_SNIPPETS.findall(texto):
            patron = rf"@pytest\.mark\.parametrize\(\s*\"\w+\",\s*{lista}\b[^\n]*\n(?:@[^\n]*\n)*def (test_\w+)"
            funciones = re.findall(patron, texto)
            if funciones:
                salida.setdefault(prueba.relative_to(raiz).as_posix(), []).extend(funciones)
    return salida


def pruebas_afectadas(ficheros: list[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """Las pruebas (``tests/…/test_*.py``) que un cambio en ``ficheros`` (rutas relativas a ``raiz``) puede romper.

    - ``tests/test_x.py`` → esa prueba; ``tests/ayuda.py`` (``propiedades.py``, ``conftest.py``…) → las pruebas
      que la importan, directa o indirectamente (``conftest.py``, todas: pytest la carga siempre);
    - ``src/gpucoste/x.py`` → las pruebas que importan ``x`` o cualquier módulo que lo importe (``dibujo`` importa
      ``ranking``, que importa ``datos``…); ``__init__.py`` → todas las que importan la biblioteca;
    - un CSV de ``src/gpucoste/datos/`` → las pruebas (una a una, y cada snippet contra su snapshot) que leen ese
      fichero, o uno que remite a él, directamente o a través de la biblioteca (``Lecturas``); del arnés de
      propiedades, los casos cuya función lo lee (``casos_registrados``);
    - ``tests/sitio/test_snippets.py`` (cada snippet contra su snapshot) con un cambio en ``snippets/``, ``src/`` o
      ``tests/snapshots/``: lo que imprime un snippet no depende de nada más. Con un cambio en ``docs/``, solo sus
      reglas (``test_reglas_de_los_snippets``: cada snippet, incluido por su página); la construcción estricta de
      make check ya ejecuta cada bloque de las páginas.
    """
    paquete = raiz / "src" / "gpucoste"
    tests = raiz / "tests"
    biblioteca = importaciones(paquete)
    ayudas = importaciones(tests, paquete="")
    pruebas = sorted(pruebas_de(tests))
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
            nodos.update(f"tests/{PRUEBA_SNIPPETS}.py::{t}" for t in _sin_parametros(tests / f"{PRUEBA_SNIPPETS}.py"))
        elif ruta.parts[0] in ("snippets", "src"):
            elegidas.add(PRUEBA_SNIPPETS)  # lo que imprime un snippet depende de él y de la biblioteca, nada más
        elif ruta.parts[0] == "docs":
            nodos.add(f"tests/{PRUEBA_SNIPPETS}.py::{REGLAS_SNIPPETS}")  # cada snippet, incluido por su página
        if ruta.parts[0] == "tests" and ruta.suffix == ".py":
            clave = ruta.relative_to("tests").with_suffix("").as_posix()  # «propiedades», «sitio/test_build»
            if clave == "conftest":
                elegidas |= set(pruebas)
            elegidas |= {p for p in pruebas if clave in locales[p]}
        elif f.startswith("src/gpucoste/") and not csv:
            partes = ruta.relative_to("src/gpucoste").parts
            if ruta.suffix != ".py":  # otro fichero de datos: lo lee el esquema
                tocados = quienes_usan(biblioteca, {"base.esquema"})
            elif partes == ("__init__.py",):
                tocados = set(biblioteca)
            else:
                tocados = quienes_usan(biblioteca, {nombre_de_modulo(raiz / f, paquete)})
            elegidas |= {p for p in pruebas if de_biblioteca[p] & tocados}
    if datos:  # un CSV: las pruebas que lo leen, una a una (``Lecturas``)
        nodos |= set(pruebas_que_leen(lecturas(raiz), datos, raiz))
    # Un nodo de un fichero que ya va entero sobra.
    nodos = {n for n in nodos if n.split("::")[0].removeprefix("tests/").removesuffix(".py") not in elegidas}
    return [f"tests/{p}.py" for p in sorted(elegidas)] + sorted(nodos)


PRUEBAS_DE_DATOS = "tests/datos/"
"""Las pruebas de los datos mismos: esquema de cada CSV, integridad entre ficheros, cobertura, fuentes, frescura y
que una fila nueva correcta no rompe nada."""


def solo_datos(ficheros: list[str]) -> bool:
    """Si el cambio es solo de CSV de ``src/gpucoste/datos/`` (lo que hace quien actualiza un precio)."""
    return bool(ficheros) and all(
        f.startswith("src/gpucoste/datos/") and pathlib.PurePosixPath(f).suffix == ".csv" for f in ficheros
    )


def para_make_check(pruebas: list[str], ficheros: list[str]) -> tuple[list[str], list[str]]:
    """Lo que pasa ``make check`` de ``pruebas`` (las de ``pruebas_afectadas``) y lo que deja a ``make test``.

    Tras un cambio solo de datos, las de ``tests/datos/`` y cada snippet contra su snapshot; las demás que leen
    esos CSV a través de la biblioteca (cientos: el arnés de propiedades, la línea de órdenes, las herramientas de
    la construcción…), en ``make test``. Lo demás de un cambio de datos ya lo comprueba la construcción estricta
    de ``make check``: cada fila pasa por su esquema al leerse y cada bloque que lee el CSV se vuelve a ejecutar y
    se compara con su snapshot. Con cualquier otro cambio, todas."""
    if not solo_datos(ficheros):
        return pruebas, []
    quedan = [p for p in pruebas if p.startswith((PRUEBAS_DE_DATOS, f"tests/{PRUEBA_SNIPPETS}.py"))]
    return quedan, [p for p in pruebas if p not in quedan]


SNAPSHOT = "tests/sitio/test_snippets.py::test_salida_igual_al_snapshot"
"""La prueba que compara la salida de cada snippet con su snapshot (un caso por snippet)."""


def sin_los_comprobados(pruebas: list[str], comprobados: set[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """``pruebas`` sin los casos de ``SNAPSHOT`` de los snippets de ``comprobados`` (``snippets/tema/x.py``): la
    construcción de «make check» ya comparó su salida con su snapshot (``construccion/bloques.py``), con
    el mismo código, la misma biblioteca y los mismos datos. ``tests/sitio/test_snippets.py`` entero pasa a sus pruebas
    una a una, con los casos de los snippets que no se comprobaron."""
    if not comprobados:
        return pruebas
    fichero = SNAPSHOT.split("::")[0]
    hechos = {f"{SNAPSHOT}[{c.removeprefix('snippets/')}]" for c in comprobados}
    salida = []
    for prueba in pruebas:
        if prueba == fichero:
            snippets = sorted((raiz / "snippets").rglob("*.py"))
            todos = [f"{SNAPSHOT}[{r.relative_to(raiz / 'snippets').as_posix()}]" for r in snippets]
            funciones = [f"{fichero}::{f}" for f in por_snippet(raiz).get(fichero, []) if f"{fichero}::{f}" != SNAPSHOT]
            sueltas = [f"{fichero}::{t}" for t in _sin_parametros(raiz / fichero)]
            salida += sueltas + funciones + [n for n in todos if n not in hechos]
        elif prueba not in hechos:
            salida.append(prueba)
    return salida


def _sin_parametros(prueba: pathlib.Path) -> list[str]:
    """Las pruebas de ``prueba`` sin ``parametrize`` (sus nodos no llevan corchetes)."""
    texto = prueba.read_text(encoding="utf-8")
    return re.findall(r"(?:^|\n)(?!@pytest\.mark\.parametrize)[^\n]*\ndef (test_\w+)\(", "\n" + texto)


def importaciones_de_prueba(ruta: pathlib.Path) -> set[str]:
    """Los módulos de ``gpucoste`` que importa un fichero de ``tests/`` («calculo.vram», «datos»…), de los que hay."""
    return _de_biblioteca(ruta) & _modulos_de_la_biblioteca(RAIZ / "src" / "gpucoste")


@functools.cache
def _modulos_de_la_biblioteca(paquete: pathlib.Path) -> frozenset[str]:
    return frozenset(nombre_de_modulo(p, paquete) for p in paquete.rglob("*.py") if "__pycache__" not in p.parts)


def _de_biblioteca(ruta: pathlib.Path) -> set[str]:
    """Los módulos de ``gpucoste`` que puede importar un fichero de ``tests/`` (``from gpucoste import x``, ``import
    gpucoste.x.y``, ``from gpucoste.x import y``: «x», «x.y»), sin quitar lo que no sea un módulo (lo filtra quien
    la llama); ``import gpucoste`` a secas cuenta como ``__init__``."""
    salida: set[str] = set()
    for nivel, modulo, nombres in sentencias(ruta.read_text(encoding="utf-8")):
        partes = modulo.split(".")
        if nivel == 0 and partes[0] == "gpucoste":
            origen = ".".join(partes[1:])
            if not origen:
                salida |= set(nombres) if nombres else {"__init__"}
            else:
                salida |= {origen} | {f"{origen}.{n}" for n in nombres}
                salida |= {".".join(partes[1:i]) for i in range(2, len(partes))}
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


# --- Qué CSV lee cada prueba (``construccion/lecturas.py``) -----------------------------------------


def lecturas(raiz: pathlib.Path = RAIZ) -> Lecturas:
    """El grafo de la biblioteca, de ``tests/`` y de ``snippets/`` de ``raiz``; hecho una vez por proceso para cada
    contenido de esos ficheros (hacerlo cuesta unos segundos, y ``make check`` y sus pruebas lo piden varias veces)."""
    carpetas = (raiz / "src" / "gpucoste", raiz / "tests", raiz / "snippets")
    huella = hashlib.sha256(str(raiz.resolve()).encode())
    for ruta in [*carpetas[0].rglob("*.py"), *carpetas[1].glob("*.py"), *carpetas[2].rglob("*.py")]:
        huella.update(f"\0{ruta}\0".encode() + ruta.read_bytes())
    return _lecturas(huella.hexdigest(), *carpetas)


@functools.lru_cache(maxsize=4)
def _lecturas(_huella: str, paquete: pathlib.Path, tests: pathlib.Path, snippets: pathlib.Path) -> Lecturas:
    return Lecturas(paquete, tests, snippets)


def pruebas_que_leen(lecturas: Lecturas, ficheros: set[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """Los nodos de pytest (``tests/test_x.py::test_y``, una clase entera si un método suyo lee) que pueden
    leer alguno de ``ficheros``; con ``tests/sitio/test_snippets.py``, cada snippet por separado."""
    leen = lecturas.definiciones_que_leen(ficheros)
    salida = set()
    for m in lecturas.modulos.values():
        if not es_prueba(m.nombre):
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
    sin_externo = lecturas.definiciones_que_leen(ficheros, externo=False)
    snippets = [f"snippets/{p.relative_to(raiz / 'snippets').as_posix()}" for p in lecturas.snippets]
    leidos = [s.removeprefix("snippets/") for s in snippets if (s, "<importar>") in leen]
    for fichero, funciones in por_snippet(raiz).items():
        m = lecturas.modulos[fichero.removesuffix(".py")]
        for funcion in funciones:
            nodo = f"{fichero}::{funcion}"
            if nodo in salida and (m.nombre, funcion) not in sin_externo and (m.nombre, "<importar>") not in leen:
                salida.discard(nodo)
                salida.update(f"{nodo}[{s}]" for s in leidos)
    # Una prueba con un caso por registro (``@pytest.mark.parametrize("f", FUNCIONES, …)`` del arnés de
    # propiedades) que no lee nada por sí misma: los casos cuyo registro lee el fichero (``casos_registrados``).
    tocados = lecturas.afectados(ficheros) | {TODOS}
    registros = casos_registrados(lecturas)
    leidos_por_lista: dict[tuple, list[set[str]]] = {}
    for m in lecturas.modulos.values():
        if not es_prueba(m.nombre) or (m.nombre, "<importar>") in leen:
            continue
        for nombre, nodo in m.defs.items():
            lista = _lista_parametrizada(lecturas, m, nodo)
            if lista not in registros or (m.nombre, nombre) in leen:
                continue
            ids = ids_de_pytest([caso for caso, _ in registros[lista]])
            if lista not in leidos_por_lista:
                leidos_por_lista[lista] = [
                    _lee_registro(lecturas, lista[0], sentencia) & tocados for _, sentencia in registros[lista]
                ]
            leidos = leidos_por_lista[lista]
            if ids is None:  # sin el id de cada caso, la prueba entera
                if any(leidos):
                    salida.add(f"{m.nombre}.py::{nombre}")
            else:
                salida.update(f"{m.nombre}.py::{nombre}[{caso}]" for caso, lee in zip(ids, leidos, strict=True) if lee)
    return sorted(salida)


def ids_de_pytest(ids: list[str | None]) -> list[str] | None:
    """Los ids de los casos como los escribe pytest (``make_unique_parameterset_ids`` de pytest 9): uno repetido
    lleva su número de orden («x0», «x1»; «x2_0» si acaba en cifra). None si falta alguno."""
    if None in ids:
        return None
    veces = collections.Counter(ids)
    siguiente: dict[str, int] = collections.defaultdict(int)
    salida = list(ids)
    for i, caso in enumerate(ids):
        if veces[caso] > 1:
            sufijo = "_" if caso and caso[-1].isdigit() else ""
            nuevo = f"{caso}{sufijo}{siguiente[caso]}"
            while nuevo in set(salida):
                siguiente[caso] += 1
                nuevo = f"{caso}{sufijo}{siguiente[caso]}"
            salida[i] = nuevo
            siguiente[caso] += 1
    return salida


def _lista_parametrizada(lecturas: Lecturas, m, nodo: ast.AST) -> tuple | None:
    """La definición de la lista de valores de ``@pytest.mark.parametrize("x", LISTA, …)`` de una prueba."""
    for d in getattr(nodo, "decorator_list", []):
        if isinstance(d, ast.Call) and getattr(d.func, "attr", "") == "parametrize" and len(d.args) == 2:
            definiciones = lecturas._resolver(m, d.args[1])
            if len(definiciones) == 1:
                return next(iter(definiciones))
    return None


def casos_registrados(lecturas: Lecturas) -> dict[tuple, list[tuple[str | None, ast.stmt]]]:
    """Cada registro de un módulo de ayuda de ``tests/`` (``FUNCIONES``, ``ORDENES`` de ``propiedades.py``, que
    llenan ``funcion(…)`` y ``orden(…)``) → sus casos: (id del caso en pytest, sentencia de primer nivel que lo
    registra). El id es el de la función registrada («modulo.nombre», donde se define) o el texto del primer argumento
    («coste»); None si no se sabe. ``tests/construccion/test_lecturas.py`` comprueba que son los ids de pytest."""
    salida: dict[tuple, list] = {}
    for (modulo, registrador), registros in lecturas.guarda.items():
        m = lecturas.modulos[modulo]
        if not m.prueba or m.snippet or es_prueba(m.nombre):
            continue
        for registro in registros:
            casos = salida.setdefault(registro, [])
            for sentencia in m.arbol.body:
                if isinstance(sentencia, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    continue
                bucle = sentencia if isinstance(sentencia, ast.For) else None
                for n in ast.walk(sentencia):
                    if isinstance(n, ast.Call) and getattr(n.func, "id", "") == registrador and n.args:
                        casos += [(_id_del_caso(lecturas, m, e), sentencia) for e in _valores(n.args[0], bucle)]
    return salida


def _lee_registro(lecturas: Lecturas, modulo: str, sentencia: ast.stmt) -> set[str]:
    """Lo que puede leer el caso que registra ``sentencia``: ella y los métodos de cada clase de ``modulo`` que
    nombra, directamente o a través de sus nombres y funciones (``Url()``, cuyo ``buenos`` lee los precios: el arnés
    llama a ``spec.buenos()``, un método que el análisis no sabe de qué clase es)."""
    m = lecturas.modulos[modulo]
    vistos: set[str] = set()
    pendientes = list(_nombres(sentencia) & set(m.defs))
    while pendientes:
        nombre = pendientes.pop()
        if nombre not in vistos:
            vistos.add(nombre)
            pendientes += _nombres(m.defs[nombre]) & set(m.defs)
    metodos = {(modulo, c) for c in m.metodos if c.split(".")[0] in vistos}
    return lecturas.lee_nodo(modulo, sentencia).union(*(lecturas.lee(c) for c in metodos))


@functools.cache
def _nombres(nodo: ast.AST) -> frozenset[str]:
    return frozenset(n.id for n in ast.walk(nodo) if isinstance(n, ast.Name))


def _valores(primero: ast.AST, bucle: ast.For | None) -> list[ast.AST]:
    """``primero``, o cada valor de la tupla del ``for`` si ``primero`` es su variable."""
    if bucle and isinstance(primero, ast.Name) and getattr(bucle.target, "id", None) == primero.id:
        return list(bucle.iter.elts) if isinstance(bucle.iter, (ast.Tuple, ast.List)) else [None]
    return [primero]


def _id_del_caso(lecturas: Lecturas, m, valor: ast.AST | None) -> str | None:
    if isinstance(valor, ast.Constant) and isinstance(valor.value, str):
        return valor.value
    definiciones = lecturas._resolver(m, valor) if valor is not None else set()
    if len(definiciones) == 1:
        modulo, nombre = next(iter(definiciones))
        if not modulo.startswith(("tests/", "snippets/")) and not nombre.startswith("<"):
            return f"{modulo}.{nombre}"
    return None


def _es_fixture_autouse(nodo: ast.AST) -> bool:
    for d in getattr(nodo, "decorator_list", []):
        if isinstance(d, ast.Call) and any(k.arg == "autouse" for k in d.keywords):
            return True
    return False
