"""Calculadoras que corren en el navegador del lector (Pyodide), servidas por el propio sitio.

En una página, una línea marca dónde va cada una:

- ``<div data-calculadora="coste"></div>``: el formulario de ``gpucoste.navegador.CALCULADORAS["coste"]``,
  con sus valores por defecto (de los datos) y la tabla que dan, calculada aquí al construir.
- ``<textarea data-codigo="experimento">`` con un ``--8<-- "snippets/…"`` dentro y ``</textarea>``: el
  código del snippet, editable y ejecutable, con la salida que da al construir.

Solo esas páginas enlazan ``javascripts/calculadora.js`` y ``stylesheets/calculadora.css``; el script
carga Pyodide cuando el lector pulsa el botón o entra en el formulario. Las demás páginas no piden nada.

Al acabar la construcción se copian al sitio, en ``assets/pyodide/``, solo los ficheros de Pyodide que
hacen falta para arrancar (del paquete de npm ``pyodide``, fijado en ``docs/.pyodide/package-lock.json``)
y la rueda de gpucoste hecha aquí mismo desde ``src/`` (la biblioteca es Python puro: un zip con su
``.dist-info``, determinista, sin llamar a un backend de construcción en cada recarga de «make serve»).

Y una instantánea de memoria de Pyodide con la biblioteca ya importada (``instantanea.mjs``, con Node): el
navegador la carga en lugar de arrancar el intérprete, que es casi todo el tiempo hasta el primer resultado.
Se guarda en una caché fuera del repositorio con una clave que cubre la rueda, Pyodide y el script; en
«make serve» se hace en segundo plano (hasta que está, el navegador arranca Pyodide sin ella).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.metadata
import importlib.util
import io
import logging
import mimetypes
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

from mkdocs.exceptions import PluginError
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.utils import get_relative_url

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from cuaderno import EnSegundoPlano  # noqa: E402

log = logging.getLogger("mkdocs.hooks.navegador")

# La biblioteca instalada en el entorno que construye (en el proyecto, src/gpucoste en modo editable): así
# también la encuentran las copias del proyecto que hacen las pruebas (mkdocs.yml, docs/ y snippets/).
PAQUETE = pathlib.Path(importlib.util.find_spec("gpucoste").origin).parent
NPM = pathlib.Path("docs") / ".pyodide" / "node_modules" / "pyodide"
# Lo que pide el navegador para arrancar Pyodide (sin micropip ni paquetes: la biblioteca es Python puro).
FICHEROS_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
DESTINO = "assets/pyodide"
INSTANTANEA = "instantanea.bin.gz"
SCRIPT_INSTANTANEA = pathlib.Path(__file__).with_name("instantanea.mjs")

_CALCULADORA = re.compile(r'<div data-calculadora="(?P<nombre>[\w-]+)"></div>')
_CODIGO = re.compile(r'<textarea data-codigo="(?P<nombre>[\w-]+)">\n?(?P<codigo>.*?)</textarea>', re.S)

# GitHub Pages ya los sirve así; el servidor de «make serve» (mimetypes, en este mismo proceso) también.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")


def _version() -> str:
    return importlib.metadata.version("gpucoste")


FUERA_DE_LA_RUEDA = (
    "__main__.py",
    "cli/",
    "recoleccion/",
    "graficos/figuras.py",
    "graficos/historial.py",
    "graficos/calibracion.py",
    "graficos/decisiones.py",
)
"""Lo que no usan los formularios y no va en la rueda del navegador: la línea de órdenes, los recolectores (con red)
y los gráficos de matplotlib (Pyodide no lo trae). ``graficos/dibujo.py``, el SVG escrito a mano, sí va."""


def _ficheros_paquete() -> list[pathlib.Path]:
    return sorted(
        p
        for p in PAQUETE.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix != ".pyc"
        and not p.relative_to(PAQUETE).as_posix().startswith(FUERA_DE_LA_RUEDA)
    )


def rueda() -> tuple[str, bytes]:
    """Nombre y bytes de la rueda (py3-none-any) de gpucoste hecha desde ``src/``: mismos bytes cada vez."""
    version = _version()
    info = f"gpucoste-{version}.dist-info"
    contenido = {f"gpucoste/{p.relative_to(PAQUETE).as_posix()}": p.read_bytes() for p in _ficheros_paquete()}
    contenido[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: gpucoste\nVersion: {version}\n".encode()
    contenido[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: gpucoste (construccion/navegador.py)\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    registro = []
    for ruta, datos in contenido.items():
        resumen = base64.urlsafe_b64encode(hashlib.sha256(datos).digest()).rstrip(b"=").decode()
        registro.append(f"{ruta},sha256={resumen},{len(datos)}")
    registro.append(f"{info}/RECORD,,")
    contenido[f"{info}/RECORD"] = ("\n".join(registro) + "\n").encode()
    salida = io.BytesIO()
    with zipfile.ZipFile(salida, "w", zipfile.ZIP_DEFLATED) as z:
        for ruta, datos in contenido.items():
            entrada = zipfile.ZipInfo(ruta, date_time=(1980, 1, 1, 0, 0, 0))
            entrada.compress_type = zipfile.ZIP_DEFLATED
            entrada.external_attr = 0o644 << 16
            z.writestr(entrada, datos)
    return f"gpucoste-{version}-py3-none-any.whl", salida.getvalue()


def _pyodide(config) -> pathlib.Path | None:
    """La carpeta del paquete de npm: la del proyecto de ``mkdocs.yml`` o, si falta, la de la biblioteca."""
    for raiz in (pathlib.Path(config.config_file_path).parent, PAQUETE.parents[1]):
        if all((raiz / NPM / f).is_file() for f in FICHEROS_PYODIDE):
            return raiz / NPM
    return None


_estado: dict = {}
# Lo que sobrevive a las recargas de «make serve» (que vuelve a cargar los hooks en cada reconstrucción).
_persistente: dict = sys.modules["mkdocs"].__dict__.setdefault("_gpucoste_navegador", {})


def on_startup(command: str, dirty: bool) -> None:
    _persistente["servir"] = command == "serve"


def _clave_instantanea(pyodide: pathlib.Path, rueda_: bytes) -> str:
    h = hashlib.sha256(rueda_)
    h.update(SCRIPT_INSTANTANEA.read_bytes())
    h.update((pyodide / "package.json").read_bytes())  # la versión de Pyodide
    return h.hexdigest()[:16]


def _cache_instantanea(clave: str) -> pathlib.Path:
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-instantanea" / f"{clave}.bin.gz"


def clave_del_codigo(paquete: pathlib.Path, pyodide: pathlib.Path) -> str:
    """La clave de la instantánea sin los CSV de datos: si se pudo hacer, se puede hacer con otros datos (solo
    importa la biblioteca, ``navegador.precargar``, y nada se lee al importar)."""
    h = hashlib.sha256(SCRIPT_INSTANTANEA.read_bytes() + (pyodide / "package.json").read_bytes())
    for ruta in sorted(p for p in paquete.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        relativa = ruta.relative_to(paquete)
        if ruta.suffix != ".pyc" and not (relativa.parts[0] == "datos" and ruta.suffix == ".csv"):
            h.update(str(relativa).encode() + b"\0" + ruta.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _hecha_con_este_codigo(pyodide: pathlib.Path) -> pathlib.Path:
    return _cache_instantanea(clave_del_codigo(PAQUETE, pyodide)).with_suffix(".hecha")


def omitir_instantanea(pyodide: pathlib.Path) -> bool:
    """En «make check» (``GPUCOSTE_CHECK=1``), tras editar solo datos, no se rehace la instantánea: con este mismo
    código ya se hizo bien (y el sitio de make check no se publica). Son unos 7 s de CPU por cada dato editado."""
    return os.environ.get("GPUCOSTE_CHECK") == "1" and _hecha_con_este_codigo(pyodide).is_file()


def _orden_instantanea(pyodide: pathlib.Path, rueda_: bytes, salida: pathlib.Path) -> list[str]:
    salida.parent.mkdir(parents=True, exist_ok=True)
    whl = salida.with_suffix(f".{os.getpid()}.whl")
    whl.write_bytes(rueda_)
    return ["node", str(SCRIPT_INSTANTANEA), str(pyodide.resolve()), str(whl), str(salida)]


def _hacer_instantanea(pyodide: pathlib.Path, rueda_: bytes, salida: pathlib.Path) -> None:
    """La instantánea en ``salida`` (caché); si Node falla, un aviso (en CI, un error): el sitio sigue completo."""
    if shutil.which("node") is None:
        return _sin_instantanea("no hay Node (viene con npm: «make sistema»)")
    orden = _orden_instantanea(pyodide, rueda_, salida)
    try:
        r = subprocess.run(orden, capture_output=True, text=True, timeout=600)
    finally:
        pathlib.Path(orden[3]).unlink(missing_ok=True)
    if r.returncode != 0 or not salida.is_file():
        return _sin_instantanea(f"Node falló: {(r.stderr or r.stdout).strip()[-2000:]}")
    _hecha_con_este_codigo(pyodide).touch()
    # La caché no crece sin fin (unos 7 MB cada una): se quedan las más recientes. Otra construcción a la vez
    # puede estar borrando las mismas: que no esté ya no es un error.
    with contextlib.suppress(OSError):
        fechas = {f: f.stat().st_mtime for f in salida.parent.glob("*.bin.gz")}
        for vieja in sorted(fechas, key=fechas.get, reverse=True)[INSTANTANEAS_EN_CACHE:]:
            vieja.unlink(missing_ok=True)
    return None


INSTANTANEAS_EN_CACHE = 6


def _sin_instantanea(motivo: str) -> None:
    mensaje = f"Sin instantánea de Pyodide ({motivo}): las calculadoras arrancarán más despacio."
    if os.environ.get("CI") == "true":
        raise PluginError(mensaje)
    log.warning(mensaje) if not _persistente.get("servir") else log.info(mensaje)


def on_pre_build(config) -> None:
    pyodide = _pyodide(config)
    if pyodide is None:
        mensaje = (
            f"Falta Pyodide en {NPM}: las calculadoras no correrán en el navegador (la página sigue "
            "completa). Lo instalan «make build», «make serve» y «make test» (hace falta npm: «make sistema»)."
        )
        if os.environ.get("CI") == "true":
            raise PluginError(mensaje)
        log.info(mensaje)
    nombre, datos = rueda()
    peso = sum((pyodide / f).stat().st_size for f in FICHEROS_PYODIDE) if pyodide else 0
    _estado.update(
        pyodide=pyodide,
        nombre=nombre,
        rueda=datos,
        version=hashlib.sha256(datos).hexdigest()[:12],
        peso=f"{(peso + len(datos)) / 1e6:.1f}".replace(".", ",") + "\N{NO-BREAK SPACE}MB",
        instantanea=_clave_instantanea(pyodide, datos) if pyodide else None,
        css=_huella(pathlib.Path(config.docs_dir) / "stylesheets" / "calculadora.css"),
        js=_huella(pathlib.Path(config.docs_dir) / "javascripts" / "calculadora.js"),
    )


def _huella(ruta: pathlib.Path) -> str:
    return hashlib.sha256(ruta.read_bytes()).hexdigest()[:12]


def _ejecutar(codigo: str, nombre: str) -> str:
    """Lo que imprime ``codigo`` (como markdown-exec: ``__name__`` no es ``"__main__"``)."""
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        exec(compile(codigo, f"<código editable: {nombre}>", "exec"), {"__name__": f"codigo-{nombre}"})
    return salida.getvalue()


def on_page_content(html_pagina: str, page, config, files) -> str:
    if "data-calculadora=" not in html_pagina and "data-codigo=" not in html_pagina:
        return html_pagina
    from gpucoste import navegador

    def url(destino: str) -> str:
        return get_relative_url(destino, page.url)

    clave = _estado["instantanea"]
    comunes = {
        "pyodide": url(DESTINO) + "/",
        "rueda": f"{url(DESTINO + '/' + _estado['nombre'])}?v={_estado['version']}",
        "instantanea": f"{url(DESTINO + '/' + INSTANTANEA)}?v={clave}" if clave else "",
        "peso": _estado["peso"],
    }
    try:
        nuevo = _CALCULADORA.sub(lambda m: navegador.formulario_html(m["nombre"], **comunes), html_pagina)
        nuevo = _CODIGO.sub(
            lambda m: navegador.codigo_html(m["nombre"], m["codigo"], _ejecutar(m["codigo"], m["nombre"]), **comunes),
            nuevo,
        )
    except (KeyError, ValueError) as error:
        raise PluginError(f"{page.file.src_uri}: calculadora o código editable que no funciona: {error!r}") from error
    return (
        nuevo
        + f'<link rel="stylesheet" href="{url("stylesheets/calculadora.css")}?v={_estado["css"]}">'
        + f'<script type="module" src="{url("javascripts/calculadora.js")}?v={_estado["js"]}"></script>'
    )


def _copiar_si_cambia(origen: pathlib.Path, destino: pathlib.Path) -> None:
    if (
        destino.is_file()
        and destino.stat().st_size == origen.stat().st_size
        and (destino.stat().st_mtime_ns == origen.stat().st_mtime_ns)
    ):
        return
    shutil.copy2(origen, destino)


@event_priority(100)  # la primera: la instantánea (Node) empieza antes que el cuaderno (cuaderno.py, 50)
def _empezar(config) -> None:
    carpeta = pathlib.Path(config["site_dir"]) / DESTINO
    carpeta.mkdir(parents=True, exist_ok=True)
    if _estado["pyodide"]:
        for fichero in FICHEROS_PYODIDE:
            _copiar_si_cambia(_estado["pyodide"] / fichero, carpeta / fichero)
    for vieja in carpeta.glob("gpucoste-*.whl"):
        if vieja.name != _estado["nombre"]:
            vieja.unlink()
    (carpeta / _estado["nombre"]).write_bytes(_estado["rueda"])
    if _estado["instantanea"]:
        _instantanea_al_sitio(carpeta / INSTANTANEA)


@event_priority(-100)  # la última: espera a la instantánea que empezó _empezar
def _terminar(config) -> None:
    hilo = _estado.pop("hilo_instantanea", None)
    if hilo is not None:
        hilo.esperar()


# Al final de la construcción, en dos tiempos: mientras Node hace la instantánea (algo más de un núcleo durante
# unos segundos), el otro trabajo de on_post_build (el cuaderno, en cuaderno.py) aprovecha lo que queda.
on_post_build = CombinedEvent(_empezar, _terminar)


def _instantanea_al_sitio(destino: pathlib.Path) -> None:
    """Copia la instantánea de la caché al sitio; si no está, la hace en segundo plano (en «mkdocs build» la
    espera ``_terminar``; en «make serve», nadie: el sitio se sirve ya)."""
    cache = _cache_instantanea(_estado["instantanea"])
    if cache.is_file():
        return _copiar_si_cambia(cache, destino)
    destino.unlink(missing_ok=True)  # nunca la de otra rueda
    if omitir_instantanea(_estado["pyodide"]):
        return log.info("Instantánea de Pyodide omitida en make check: con este código ya se hizo bien.")
    servir, argumentos = _persistente.get("servir"), (_estado["pyodide"], _estado["rueda"], cache)

    def hacer_y_copiar() -> None:
        _hacer_instantanea(*argumentos)
        if cache.is_file() and destino.parent.is_dir():
            _copiar_si_cambia(cache, destino)
            if servir:
                log.info("Instantánea de Pyodide lista: las calculadoras ya arrancan con ella.")

    if servir and _persistente.get("haciendo") == cache:
        return None  # una recarga anterior ya la está haciendo
    hilo = EnSegundoPlano("instantanea", hacer_y_copiar)
    if servir:
        _persistente["haciendo"] = cache  # nadie la espera: el sitio se sirve ya y la recoge al terminar
    else:
        _estado["hilo_instantanea"] = hilo  # _terminar la espera
    hilo.start()
    return None
