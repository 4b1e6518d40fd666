"""La recarga de ``mkdocs serve`` («make serve») en menos de un segundo, y la construcción de «make check».

En cada recarga MkDocs vuelve a leer la configuración y a construir el sitio entero. Aunque cada bloque de
markdown-exec salga de la caché (``bloques.py``), convertir una página sigue costando: la salida de cada bloque
es Markdown que se vuelve a convertir (con el glosario de ``auto_append`` detrás), se resalta el código… y el
índice de búsqueda vuelve a analizar el HTML de cada página. Aquí se guarda:

- lo que da cada página al convertirse (HTML, índice de contenidos, título, anclas y enlaces a anclas), con una
  clave que cubre todo aquello de lo que depende: su Markdown, su ruta y su URL; el contenido de cada fichero
  que incluyó (``--8<--``, el glosario), que se vuelve a leer en cada construcción; la clave de cada bloque de
  markdown-exec que ejecutó (``bloques.py``: su código, la biblioteca, los CSV que lee, la fecha y, si lee la
  carpeta ``snippets/``, todos los snippets), que se vuelve a calcular; ``mkdocs.yml``, los hooks, la carpeta
  del proyecto, el código de la biblioteca y la fecha; la lista de ficheros del sitio (los enlaces relativos).
  Editar un CSV solo vuelve a convertir las páginas con un bloque que lo lee. Una conversión que avisa de algo
  (un enlace roto…) no se guarda: el aviso vuelve a salir en cada construcción;
- las entradas del índice de búsqueda de cada página, con su HTML, su título y su índice de contenidos;
- lo que dan ``gpucoste.navegador.formulario_html`` (el formulario de cada calculadora, con su tabla calculada) y
  ``gpucoste.guia.publicacion.ficheros`` (los datos publicados): funciones puras de la biblioteca y de sus datos, con
  su huella (los CSV incluidos) y la fecha en la clave;
- la lista de ficheros estáticos del tema (Material trae miles de iconos que MkDocs recorre y filtra en cada
  recarga), con la lista de ficheros de ``custom_dir`` en la clave.

En ``serve`` se guarda en memoria. En la construcción de «make check» (``mkdocs build`` con ``GPUCOSTE_CHECK=1``)
se guarda además en disco, fuera del repositorio (``carpeta_en_disco``), un fichero por carpeta de proyecto, que
solo vale con el mismo Python y las mismas versiones de los paquetes instalados: tras editar la prosa o un
snippet, «make check» solo vuelve a convertir las páginas que cambian.

Y el vigilante de ficheros mira cada ``SONDEO`` s, no cada medio segundo (MkDocs sondea: de media, un cuarto de
segundo de espera antes de empezar a construir); sondear unos cientos de ficheros cuesta muy poco.

Lo que no se encuentra se convierte como siempre. El resto de ``mkdocs build`` («make build», «make test» y la
publicación) no pasa por aquí: allí todo se convierte siempre. ``tests/construccion/test_recarga.py`` comprueba que
las dos
cachés dan el mismo sitio, byte a byte, que una construcción limpia.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import importlib.metadata
import logging
import os
import pathlib
import pickle
import sys
import tempfile

from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from bloques import COMPARTIDO, huella_biblioteca  # noqa: E402

HOOKS = pathlib.Path(__file__).parent
CACHES = ("paginas", "busqueda", "funciones", "tema")
SONDEO = 0.1  # segundos entre dos miradas del vigilante de ficheros de «mkdocs serve»


def _resumen(*partes: str | bytes) -> str:
    h = hashlib.sha256()
    for parte in partes:
        h.update(parte if isinstance(parte, bytes) else parte.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def _leer(ruta: str, sumas: dict[str, str]) -> str:
    """Resumen del contenido de ``ruta`` («» si no existe), leído una vez por construcción."""
    if ruta not in sumas:
        try:
            sumas[ruta] = _resumen(pathlib.Path(ruta).read_bytes())
        except OSError:
            sumas[ruta] = ""
    return sumas[ruta]


class _Avisos(logging.Handler):
    """Cuenta los avisos (WARNING o más) que se emiten mientras se convierte una página."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.vistos = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.vistos += 1


def _vigente(guardado: dict, estado: dict) -> bool:
    """Si una página guardada sigue valiendo: cada fichero que incluyó y cada bloque que ejecutó, sin cambios."""
    if any(_leer(ruta, estado["sumas"]) != suma for ruta, suma in guardado["leidos"].items()):
        return False
    clave_de = COMPARTIDO["clave"]
    return all(clave_de(code, session, id_) == clave for code, session, id_, clave in guardado["bloques"])


def carpeta_en_disco() -> pathlib.Path:
    """Dónde guarda sus cachés la construcción de «make check»: fuera del repositorio, en la carpeta temporal."""
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-recarga"


def _entorno() -> str:
    """Huella de Python y de los paquetes instalados: con otra versión de Material o de Markdown, nada vale."""
    paquetes = sorted(f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions())
    return _resumen(sys.version, *paquetes)


def _fichero_en_disco(config) -> tuple[pathlib.Path, pathlib.Path]:
    raiz = str(pathlib.Path(config.config_file_path).resolve().parent)
    nombre = hashlib.sha256(raiz.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return carpeta_en_disco() / f"{nombre}.pickle", pathlib.Path(raiz)


def _propio(ruta: pathlib.Path) -> bool:
    """Si ``ruta`` es de este usuario y nadie más puede escribir en ella: un pickle ejecuta código al leerse, y la
    carpeta temporal es de todos (otro usuario podría dejar ahí uno suyo)."""
    try:
        datos = ruta.lstat()
    except OSError:
        return False
    return datos.st_uid == os.getuid() and not datos.st_mode & 0o022 and not ruta.is_symlink()


def _cargar_de_disco(estado: dict, config) -> None:
    """Las cachés que dejó la última construcción de «make check» de este proyecto (si son de este entorno)."""
    fichero, _ = _fichero_en_disco(config)
    estado["disco"] = {"fichero": fichero, "entorno": _entorno()}
    if not (_propio(fichero.parent) and _propio(fichero)):
        return
    try:
        guardado = pickle.loads(fichero.read_bytes())
    except Exception:  # noqa: BLE001 — sin fichero, o de otra versión: se empieza de cero
        return
    if not isinstance(guardado, dict) or guardado.get("entorno") != estado["disco"]["entorno"]:
        return
    for cache in CACHES:
        if isinstance(guardado.get(cache), dict):
            estado[cache] = guardado[cache]
    for cache in (estado["paginas"], estado["busqueda"], estado["funciones"]):
        for valor in cache.values():
            valor["generacion"] = -1  # lo que esta construcción no use se olvida al terminar


def _guardar_en_disco(estado: dict, config) -> None:
    """Guarda las cachés de esta construcción (atómico) y borra las de proyectos cuya carpeta ya no existe (las
    copias de las pruebas)."""
    fichero, raiz = _fichero_en_disco(config)
    datos = {"entorno": estado["disco"]["entorno"], **{cache: estado[cache] for cache in CACHES}}
    temporal = fichero.with_suffix(f".{os.getpid()}.tmp")
    try:
        fichero.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _propio(fichero.parent):
            return
        temporal.write_bytes(pickle.dumps(datos, protocol=pickle.HIGHEST_PROTOCOL))
        temporal.chmod(0o600)
        temporal.replace(fichero)  # atómico: dos construcciones a la vez no se pisan
        fichero.with_suffix(".raiz").write_text(str(raiz), encoding="utf-8")
        for otro in fichero.parent.glob("*.raiz"):
            if not pathlib.Path(otro.read_text(encoding="utf-8")).is_dir():
                otro.with_suffix(".pickle").unlink(missing_ok=True)
                otro.unlink(missing_ok=True)
    except OSError:  # sin sitio o sin permiso (o lo borró a la vez otra construcción): la próxima, sin caché
        temporal.unlink(missing_ok=True)


def _instalar() -> dict:
    """Envuelve, una vez por proceso, la conversión de las páginas y el índice de búsqueda; devuelve el estado."""
    from markdown_exec._internal.rendering import MarkdownConverter
    from material.plugins.search.plugin import SearchIndex
    from pymdownx.snippets import SnippetPreprocessor

    estado: dict = {"global": "", "datos": "", "ficheros": "", "generacion": 0, "sumas": {}, "disco": None}
    estado.update({cache: {} for cache in CACHES})
    leidos: list[set[str]] = []

    leer_lineas = SnippetPreprocessor.read_lines

    def read_lines(self, path):
        if leidos:
            leidos[-1].add(os.path.abspath(path))
        return leer_lineas(self, path)

    SnippetPreprocessor.read_lines = read_lines

    convertir = Page.render

    def render(self, config, files):
        clave = _resumen(estado["global"], estado["ficheros"], self.file.src_uri, self.url, self.markdown or "")
        guardado = estado["paginas"].get(clave)
        if guardado and _vigente(guardado, estado):
            guardado["generacion"] = estado["generacion"]
            self.content = guardado["content"]
            self.toc = guardado["toc"]
            self._title_from_render = guardado["titulo"]
            self.present_anchor_ids = set(guardado["anclas"])
            if guardado["enlaces"] is not None:
                por_ruta = {f.src_uri: f for f in files}
                self.links_to_anchors = {por_ruta[r]: dict(e) for r, e in guardado["enlaces"].items() if r in por_ruta}
            # Los ids «exec-N--» de markdown-exec cuentan conversiones: las páginas que siguen, como sin caché.
            MarkdownConverter.counter += guardado["conversiones"]
            return
        avisos = _Avisos()
        registro = logging.getLogger("mkdocs")
        registro.addHandler(avisos)
        leidos.append(set())
        bloques: list[tuple] = []
        COMPARTIDO["anotar"].append(bloques)
        contador = MarkdownConverter.counter
        try:
            convertir(self, config, files)
        finally:
            registro.removeHandler(avisos)
            rutas = leidos.pop()
            COMPARTIDO["anotar"].remove(bloques)
        if avisos.vistos or (bloques and COMPARTIDO["clave"] is None):
            return
        enlaces = self.links_to_anchors
        estado["paginas"][clave] = {
            "generacion": estado["generacion"],
            "leidos": {ruta: _leer(ruta, estado["sumas"]) for ruta in sorted(rutas)},
            "bloques": bloques,
            "content": self.content,
            "toc": self.toc,
            "titulo": self._title_from_render,
            "anclas": frozenset(self.present_anchor_ids or ()),
            "enlaces": None if enlaces is None else {f.src_uri: dict(e) for f, e in enlaces.items()},
            "conversiones": MarkdownConverter.counter - contador,
        }

    indexar = SearchIndex.add_entry_from_context

    def add_entry_from_context(self, page):
        meta = {k: page.meta.get(k) for k in ("search", "tags", "title")}
        clave = _resumen(page.url, str(page.title), repr(meta), str(page.toc), page.content or "")
        guardado = estado["busqueda"].get(clave)
        if guardado is None:
            antes = len(self.entries)
            indexar(self, page)
            guardado = estado["busqueda"][clave] = {"entradas": copy.deepcopy(self.entries[antes:])}
        else:
            self.entries.extend(copy.deepcopy(guardado["entradas"]))
        guardado["generacion"] = estado["generacion"]

    del_tema = Files.add_files_from_theme

    def add_files_from_theme(self, env, config):
        # Los del entorno (Material, MkDocs) no cambian mientras se sirve; los de custom_dir, quizá.
        propios = [
            str(p) for d in config.theme.dirs if not d.startswith(sys.prefix) for p in pathlib.Path(d).rglob("*")
        ]
        clave = _resumen(*config.theme.dirs, *config.theme.static_templates, *sorted(propios))
        listar = env.list_templates

        def list_templates(extensions=None, filter_func=None):
            if clave not in estado["tema"]:
                estado["tema"] = {clave: listar(extensions, filter_func)}
            return estado["tema"][clave]

        env.list_templates = list_templates
        try:
            del_tema(self, env, config)
        finally:
            del env.list_templates

    from gpucoste import navegador
    from gpucoste.guia import publicacion

    def recordar(modulo, nombre: str) -> None:
        funcion = getattr(modulo, nombre)

        def recordada(*args, **kwargs):
            clave = _resumen(estado["datos"], nombre, repr(args), repr(sorted(kwargs.items())))
            guardado = estado["funciones"].get(clave)
            if guardado is None:
                guardado = estado["funciones"][clave] = {"valor": funcion(*args, **kwargs)}
            guardado["generacion"] = estado["generacion"]
            return copy.copy(guardado["valor"])

        setattr(modulo, nombre, recordada)

    recordar(navegador, "formulario_html")
    recordar(publicacion, "ficheros")
    Page.render = render
    SearchIndex.add_entry_from_context = add_entry_from_context
    Files.add_files_from_theme = add_files_from_theme
    render.recarga = estado
    return estado


def _estado() -> dict | None:
    return getattr(Page.render, "recarga", None)


def _en_disco(command: str) -> bool:
    return command == "build" and os.environ.get("GPUCOSTE_CHECK") == "1"


def on_startup(command: str, dirty: bool) -> None:
    if (command == "serve" or _en_disco(command)) and _estado() is None:
        _instalar()["en_disco"] = _en_disco(command)


def on_serve(server, config, builder):
    """Un vigilante que sondea cada ``SONDEO`` s en lugar del de MkDocs (0,5 s), con las mismas rutas."""
    from watchdog.observers.polling import PollingObserver

    vigiladas = dict(getattr(server, "_watched_paths", {}))  # MkDocs 1.6: ruta → veces que se vigila
    for ruta, veces in vigiladas.items():
        for _ in range(veces):
            server.unwatch(ruta)
    server.observer = PollingObserver(timeout=SONDEO)
    for ruta, veces in vigiladas.items():
        for _ in range(veces):
            server.watch(ruta)
    return server


def on_pre_build(config) -> None:
    estado = _estado()
    if estado is None:
        return
    if estado["en_disco"] and estado["disco"] is None:
        _cargar_de_disco(estado, config)
    hooks = [p.read_bytes() for p in sorted(HOOKS.glob("*.py"))]
    configuracion = pathlib.Path(config.config_file_path).resolve()
    hoy = dt.date.today().isoformat()
    estado["datos"] = _resumen(huella_biblioteca(), hoy)
    # Con bloques.py, la clave de cada bloque cubre los datos que lee; sin él, cualquier dato cambia cada página.
    biblioteca = COMPARTIDO.get("huella") if COMPARTIDO["clave"] is not None else estado["datos"]
    estado["global"] = _resumen(biblioteca, hoy, str(configuracion), configuracion.read_bytes(), *hooks)
    estado["generacion"] += 1
    estado["sumas"] = {}


def on_files(files, config):
    estado = _estado()
    if estado is not None:
        estado["ficheros"] = _resumen(*(f"{f.src_uri}\t{f.url}\t{f.inclusion}" for f in files))
    return files


def on_post_build(config) -> None:
    """Olvida lo que esta construcción no usó (páginas editadas o borradas): la memoria no crece sin límite."""
    estado = _estado()
    if estado is None:
        return
    for cache in (estado["paginas"], estado["busqueda"], estado["funciones"]):
        for clave in [c for c, v in cache.items() if v["generacion"] != estado["generacion"]]:
            del cache[clave]
    if estado["disco"] is not None:
        _guardar_en_disco(estado, config)
