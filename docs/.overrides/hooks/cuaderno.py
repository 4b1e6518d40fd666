"""Hook de MkDocs para las páginas de cuadernos que genera mkdocs-jupyter: caché segura y páginas ligeras.

Caché: la de mkdocs-jupyter guarda el cuaderno ya ejecutado con una clave que solo mira el cuaderno y su
configuración, así que publicaría cifras de una biblioteca anterior. Aquí se activa en una carpeta cuyo
nombre es la huella de todo aquello de lo que dependen las cifras (el código y los datos de ``gpucoste``,
``GPUCOSTE_DATOS`` y la versión de Python): si algo cambia, la carpeta es otra y el cuaderno se ejecuta.

mkdocs-jupyter 0.26 incrusta en cada página ~570 KB de CSS de JupyterLab, un script para copiar el código
y los cargadores de MathJax y Mermaid (apuntan a cdnjs, un tercero), y no ofrece opción para quitarlos.
Aquí se quitan y el código de las celdas se reescribe con las clases de Material (``highlight`` y
``<code>``): el tema le da estilo y su propio botón de copiar, igual que en las páginas Markdown.

En segundo plano: sin caché, ejecutar el cuaderno es casi todo esperar al kernel, otro proceso (arrancar
Python e ipykernel, importar pandas y matplotlib). Aquí se empieza en un hilo en cuanto se conocen los
ficheros, con la misma función de mkdocs-jupyter, y escribe su caché; mientras, la construcción convierte las
demás páginas (el otro núcleo trabaja a la vez). La página del cuaderno espera a ese hilo antes de
convertirse y encuentra el resultado en la caché; si una celda falla, el error sale ahí, como antes.
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
    return config


# Los hilos en marcha, también entre las recargas de «make serve» (que vuelven a cargar este hook).
_HILOS: dict = mkdocs.__dict__.setdefault("_gpucoste_cuadernos", {})
# El orden de los ficheros antes de mover los cuadernos al final (on_files), para devolverlo en on_env.
_ORDEN: list[str] = []


class _Ejecucion(threading.Thread):
    """La conversión de mkdocs-jupyter de un cuaderno (que escribe su caché), en segundo plano."""

    def __init__(self, convertir, config, files) -> None:
        super().__init__(name="gpucoste-cuaderno", daemon=True)
        self.argumentos = (convertir, config, files)
        self.error: BaseException | None = None

    def run(self) -> None:
        convertir, config, files = self.argumentos
        try:
            convertir(config, files)
        except BaseException as error:  # noqa: BLE001 — se vuelve a lanzar en la página del cuaderno
            self.error = error


def on_files(files, config):
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None or not jupyter.config["execute"]:
        return files
    cuadernos = [f for f in files if es_cuaderno(f.src_uri) and jupyter.should_include(f)]
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
        hilo = _Ejecucion(sustituto.render, config, files)
        _HILOS[fichero.src_uri] = hilo
        hilo.start()
    return files


def on_env(env, config, files):
    """Los ficheros en su orden de antes de on_files: el sitio sale igual que si el cuaderno no se moviera."""
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
        hilo.join()
        _HILOS.pop(page.file.src_uri, None)
        if hilo.error is not None:
            raise hilo.error
        return convertir(config, files)  # encuentra el cuaderno ya convertido en la caché

    page.render = convertir_tras_el_hilo
    return page
