"""Hook de MkDocs para las páginas de cuadernos que genera mkdocs-jupyter: caché segura y páginas ligeras.

Caché: la de mkdocs-jupyter guarda el cuaderno ya ejecutado con una clave que solo mira el cuaderno y su
configuración, así que publicaría cifras de una biblioteca anterior. Aquí se activa en una carpeta cuyo
nombre es la huella de todo aquello de lo que dependen las cifras (el código y los datos de ``gpucoste``,
``GPUCOSTE_DATOS`` y la versión de Python): si algo cambia, la carpeta es otra y el cuaderno se ejecuta.

mkdocs-jupyter 0.26 incrusta en cada página ~570 KB de CSS de JupyterLab, un script para copiar el código
y los cargadores de MathJax y Mermaid (apuntan a cdnjs, un tercero), y no ofrece opción para quitarlos.
Aquí se quitan y el código de las celdas se reescribe con las clases de Material (``highlight`` y
``<code>``): el tema le da estilo y su propio botón de copiar, igual que en las páginas Markdown.

A la vez que otro trabajo: sin caché, ejecutar el cuaderno es casi todo esperar al kernel, otro proceso
(arrancar Python e ipykernel, importar pandas y matplotlib). En frío, ese kernel sale de una semilla hecha con
``fork`` que ya lo tiene importado (``semilla.py``; ``launch_kernel`` de jupyter_client se sustituye en ``on_config``).

- En ``mkdocs build`` la página del cuaderno se convierte y se escribe **al final**, en ``on_post_build``,
  mientras Node hace la instantánea de Pyodide (``navegador.py``, que la empieza justo antes y la espera
  después): Node ocupa algo más de un núcleo durante unos segundos y el kernel aprovecha el resto. Así el otro
  núcleo queda libre, mientras se convierten las páginas Markdown, para los bloques de markdown-exec
  (``bloques.py``). Para ello el cuaderno deja de contar como página entre ``on_nav`` y ``on_post_build`` (no
  entra en los bucles de MkDocs; los enlaces a él siguen valiendo) y después pasa por las mismas funciones de
  MkDocs que las demás páginas (``_populate_page`` y ``_build_page``: los mismos eventos de todos los plugins).
  Sus entradas del buscador se colocan en su sitio y el mapa del sitio se vuelve a escribir con él: el sitio
  sale igual, byte a byte, que convirtiéndolo en su turno (``tests/construccion/test_recarga.py`` compara este sitio
  con el
  de «mkdocs serve», que lo convierte en su turno).
- En ``mkdocs serve`` (y en la construcción de «make check», ``_al_final``) se empieza en un hilo en cuanto se
  conocen los ficheros, con la misma función de
  mkdocs-jupyter, y escribe su caché; mientras, la construcción convierte las demás páginas. La página del
  cuaderno, la última, espera a ese hilo y encuentra el resultado en la caché.

Si una celda falla, el error sale en la página del cuaderno, como antes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pathlib
import re
import sys
import tempfile
import threading
import types

import mkdocs
import mkdocs.plugins

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import semilla  # noqa: E402

_QUITAR = [
    re.compile(r"<style\b[^>]*>.*?</style>", re.S | re.I),
    re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I),
    re.compile(r"<!--.*?-->", re.S),
    # El botón de copiar de mkdocs-jupyter y la copia del código en texto que usa (Material trae el suyo).
    re.compile(r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div class="clipboard-copy-txt"[^>]*>.*?</div>', re.S),
]
_CODIGO = re.compile(r'<div class="highlight-ipynb hl-(?P<lenguaje>[\w+-]+)\s*"><pre>(?P<codigo>.*?)</pre></div>', re.S)


def es_cuaderno(ruta: str) -> bool:
    return ruta.endswith(".ipynb")


def aligerar(html: str) -> str:
    """El HTML de un cuaderno sin CSS ni scripts propios y con el código en el formato de Material."""
    for patron in _QUITAR:
        html = patron.sub("", html)
    html = _CODIGO.sub(
        lambda m: (
            f'<div class="language-{m["lenguaje"]} highlight"><pre><span></span>'
            f"<code>{m['codigo'].removeprefix('<span></span>')}</code></pre></div>"
        ),
        html,
    )
    # El ancla «¶» de cada título, como las de Markdown (toc: permalink).
    return html.replace('class="anchor-link"', 'class="headerlink" title="Enlace permanente a este apartado"')


def on_page_content(html: str, page, config, files) -> str:
    return aligerar(html) if es_cuaderno(page.file.src_uri) else html


def huella(*carpetas: pathlib.Path) -> str:
    """Huella (SHA-256) del contenido de todos los ficheros de ``carpetas``, con sus rutas relativas."""
    h = hashlib.sha256(sys.version.encode())
    for carpeta in carpetas:
        for ruta in sorted(p for p in carpeta.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            h.update(str(ruta.relative_to(carpeta)).encode() + b"\0" + ruta.read_bytes() + b"\0")
    return h.hexdigest()


def carpeta_cache() -> pathlib.Path:
    """Carpeta de caché de los cuadernos para la biblioteca y los datos de ahora (fuera del repositorio)."""
    paquete = pathlib.Path(next(iter(importlib.util.find_spec("gpucoste").submodule_search_locations)))
    carpetas = [paquete]
    if os.environ.get("GPUCOSTE_DATOS"):
        carpetas.append(pathlib.Path(os.environ["GPUCOSTE_DATOS"]))
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-cuadernos" / huella(*carpetas)[:16]


def on_config(config):
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is not None and jupyter.config["execute"]:
        jupyter.config["cache"] = True
        jupyter.config["cache_dir"] = str(carpeta_cache())
        # El kernel, desde la semilla si la hay (``semilla.py``; la crea ``bloques.py``).
        from jupyter_client.provisioning import local_provisioner

        original = getattr(local_provisioner.launch_kernel, "original", local_provisioner.launch_kernel)
        local_provisioner.launch_kernel = semilla.lanzar(original)
    return config


# Los hilos en marcha, también entre las recargas de «make serve» (que vuelven a cargar este hook).
_HILOS: dict = mkdocs.__dict__.setdefault("_gpucoste_cuadernos", {})
# «build» o «serve» (on_startup solo llega una vez por proceso: se guarda fuera del módulo, que se recarga).
_ORDEN_DE_MKDOCS: dict = mkdocs.__dict__.setdefault("_gpucoste_orden", {})
# Los cuadernos que se convierten al final (solo en «mkdocs build»), y lo que hace falta entonces.
_AL_FINAL: dict = {"ficheros": [], "nav": None, "files": None, "env": None}
# El orden de los ficheros antes de mover los cuadernos al final (on_files), para devolverlo en on_env.
_ORDEN: list[str] = []


class EnSegundoPlano(threading.Thread):
    """``funcion(*argumentos)`` en un hilo; ``esperar`` lo espera y vuelve a lanzar su excepción, si la hubo.

    La usan la conversión del cuaderno en «make serve» (aquí) y la instantánea de Pyodide (``navegador.py``)."""

    def __init__(self, nombre: str, funcion, *argumentos) -> None:
        super().__init__(name=f"gpucoste-{nombre}", daemon=True)
        self.funcion, self.argumentos = funcion, argumentos
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.funcion(*self.argumentos)
        except BaseException as error:  # noqa: BLE001 — se vuelve a lanzar en esperar()
            self.error = error

    def esperar(self) -> None:
        self.join()
        if self.error is not None:
            raise self.error


def on_startup(command: str, dirty: bool) -> None:
    _ORDEN_DE_MKDOCS["orden"] = command


def _cuadernos(files, config) -> list:
    """Los cuadernos que mkdocs-jupyter ejecuta (ninguno si no ejecuta)."""
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None or not jupyter.config["execute"]:
        return []
    return [f for f in files if es_cuaderno(f.src_uri) and jupyter.should_include(f)]


def _al_final() -> bool:
    """En «mkdocs build», el cuaderno al final; en la de «make check» (``GPUCOSTE_CHECK=1``), no: allí la instantánea
    de Pyodide casi nunca se rehace (``navegador.omitir_instantanea``) y al final el kernel trabajaría solo. Tras
    editar un dato que lee, se ejecuta mientras se convierten las páginas, como en «make serve»."""
    return _ORDEN_DE_MKDOCS.get("orden") == "build" and os.environ.get("GPUCOSTE_CHECK") != "1"


def on_files(files, config):
    _AL_FINAL.update(ficheros=[], nav=None, files=None, env=None)
    cuadernos = _cuadernos(files, config)
    if not cuadernos or _al_final():
        return files
    jupyter = config.plugins.get("mkdocs-jupyter")
    _ORDEN[:] = [f.src_uri for f in files]
    for fichero in cuadernos:
        # Al final de la lista: MkDocs convierte las páginas en el orden de los ficheros, así que la del cuaderno
        # (que espera al hilo) se convierte la última y el kernel trabaja mientras se convierten todas las demás.
        # on_env devuelve el orden de antes (el del índice de búsqueda y el sitemap).
        files.remove(fichero)
        files.append(fichero)
    for fichero in cuadernos:
        anterior = _HILOS.pop(fichero.src_uri, None)
        if anterior is not None:
            anterior.join()  # una recarga anterior que no llegó a esta página: no escribir dos veces la caché
        # La misma preparación de mkdocs-jupyter para su página (clave de caché, opciones), sobre un sustituto.
        sustituto = types.SimpleNamespace(file=fichero, abs_url="/")
        jupyter.on_pre_page(sustituto, config, files)
        hilo = EnSegundoPlano("cuaderno", sustituto.render, config, files)
        _HILOS[fichero.src_uri] = hilo
        hilo.start()
    return files


def on_nav(nav, config, files):
    """En «mkdocs build», los cuadernos dejan de ser páginas hasta on_post_build: MkDocs no los convierte en su
    turno. La navegación ya está hecha (con su título y su dirección) y los enlaces a ellos siguen valiendo."""
    if _al_final():
        for fichero in _cuadernos(files, config):
            fichero.is_documentation_page = _no_es_pagina
            _AL_FINAL["ficheros"].append(fichero)
        _AL_FINAL.update(nav=nav, files=files)
    return nav


def _no_es_pagina() -> bool:
    return False


def on_env(env, config, files):
    """Los ficheros en su orden de antes de on_files: el sitio sale igual que si el cuaderno no se moviera."""
    _AL_FINAL["env"] = env
    antes = set(_ORDEN)
    orden = [u for u in _ORDEN if files.get_file_from_path(u)] + [f.src_uri for f in files if f.src_uri not in antes]
    _ORDEN.clear()
    if orden and orden != [f.src_uri for f in files]:
        for fichero in [files.get_file_from_path(u) for u in orden]:
            files.remove(fichero)
            files.append(fichero)
    return env


def on_pre_page(page, config, files):
    hilo = _HILOS.get(page.file.src_uri)
    if hilo is None:
        return page
    convertir = page.render

    def convertir_tras_el_hilo(config, files):
        _HILOS.pop(page.file.src_uri, None)
        hilo.esperar()
        return convertir(config, files)  # encuentra el cuaderno ya convertido en la caché

    page.render = convertir_tras_el_hilo
    return page


@mkdocs.plugins.event_priority(50)  # después de empezar la instantánea (100), antes del índice del buscador (0)
def on_post_build(config):
    """Convierte (ejecuta) y escribe los cuadernos apartados en on_nav, como lo habría hecho MkDocs en su turno."""
    from mkdocs.commands import build
    from mkdocs.structure.files import InclusionLevel

    ficheros, nav, files, env = (_AL_FINAL[k] for k in ("ficheros", "nav", "files", "env"))
    _AL_FINAL.update(ficheros=[], nav=None, files=None, env=None)
    if not ficheros:
        return
    for fichero in ficheros:
        del fichero.is_documentation_page  # vuelve a ser una página
    paginas = files.documentation_pages(inclusion=InclusionLevel.is_included)
    indice = _indice_del_buscador(config)
    for fichero in ficheros:
        build._populate_page(fichero.page, config, files)
        build._build_page(fichero.page, config, paginas, nav, env)
        fichero.page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
    if indice is not None:
        # Las entradas de cada página, en el orden de las páginas (el mismo en que MkDocs las habría añadido).
        posicion = {f.page.url: i for i, f in enumerate(paginas)}
        indice.entries.sort(key=lambda e: posicion.get(e["location"].split("#", 1)[0], len(posicion)))
    # El mapa del sitio (y las demás plantillas estáticas del tema) se escribió sin los cuadernos.
    for plantilla in config.theme.static_templates:
        build._build_theme_template(plantilla, env, files, config, nav)


def _indice_del_buscador(config):
    buscador = config.plugins.get("material/search") or config.plugins.get("search")
    return getattr(buscador, "search_index", None)
