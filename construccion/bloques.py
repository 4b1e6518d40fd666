"""Hook de MkDocs: caché de la salida de los bloques Python que ejecuta markdown-exec.

markdown-exec no tiene caché: cada reconstrucción de ``make serve`` (al editar una coma de la prosa)
vuelve a ejecutar todos los bloques, y los gráficos de matplotlib tardan cientos de milisegundos
cada uno. Aquí se guarda lo que imprime cada bloque con una clave que cubre todo aquello de lo que
depende su salida:

- el código del bloque (ya con el snippet incluido), su sesión y su id;
- la huella del código de la biblioteca (``gpucoste`` sin sus CSV, y la versión de Python);
- el contenido de los CSV de datos que el bloque puede leer (``lecturas.py`` lo deduce del código: lo que
  nombra el bloque, lo que nombran esas funciones… hasta ``esquema.cargar(PRECIOS)``; si no lo sabe, todos),
  de la carpeta activa (``GPUCOSTE_DATOS`` o la del paquete): editar ventanas.csv solo vuelve a ejecutar los
  bloques que leen ventanas.csv (o una tabla que remite a él), no todos;
- la fecha de hoy (hay bloques que cuentan días desde un precio);
- si el bloque lee ficheros por su cuenta (nombra ``pathlib`` u ``open(``), el contenido de los snippets
  (``snippets/**/*.py`` del directorio actual): la lista de ejemplos de «Usa los ejemplos» cita su primera línea.

En la construcción de «make check» (``GPUCOSTE_CHECK=1``), la salida de cada bloque cuyo código es un snippet
entero se compara con su snapshot (``tests/snapshots/``, lo que comprueba ``tests/sitio/test_snippets.py``) en cuanto el
bloque se ejecuta o sale de la caché: un dato editado que cambia lo que imprime una página para la construcción
ahí mismo, sin esperar a pytest, con las líneas que cambian. La lista de los snippets comprobados se escribe en
``GPUCOSTE_SNAPSHOTS_COMPROBADOS`` (si se da): ``make check`` ya no los vuelve a ejecutar en pytest.

Si algo cambia, la clave es otra y el bloque se ejecuta. Vale porque cada snippet es independiente
(``tests/sitio/test_snippets.py`` ejecuta cada uno por separado): ningún bloque necesita variables de otro
de su sesión. La caché vive en memoria (``make serve``) y en disco, fuera del repositorio.

En frío (``mkdocs build`` con la caché vacía), un **proceso ayudante** llena la caché en el otro núcleo
mientras la construcción hace lo demás: se crea con ``fork`` al leer la configuración (solo si el proceso
no tiene otros hilos, así que nunca con ``make serve``), busca los bloques de todas las páginas con los
mismos preprocesadores de Markdown (snippets incluidos: el mismo código, la misma clave) y los ejecuta
empezando por la última página. La construcción los va pidiendo desde la primera: cada bloque lo ejecuta
quien lo «toma» antes (un fichero creado en exclusiva), y quien llega tarde espera su salida en la caché.
Si el ayudante falla en un bloque, o muere, la construcción lo ejecuta ella misma: el error sale como siempre.
Nada se hace dos veces: antes del ``fork`` se importa lo que importan los snippets (la biblioteca, pandas,
matplotlib; no en caliente, cuando casi nada se ejecuta), y lo primero que hace el ayudante es analizar qué CSV lee
cada bloque (``lee``). La construcción no lo repite: mientras tanto ejecuta sus primeros bloques sin esperar su clave
y los guarda con ella en cuanto la sabe.
Ese núcleo queda para él porque el kernel del cuaderno ya no trabaja a la vez: en ``mkdocs build`` el cuaderno
se ejecuta al final, junto a la instantánea de Pyodide (ver ``cuaderno.py``).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import difflib
import gc
import hashlib
import importlib.util
import logging
import os
import pathlib
import re
import shutil
import signal
import sys
import tempfile
import threading
import time

from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import semilla  # noqa: E402
from cuaderno import huella  # noqa: E402
from lecturas import TODOS, Lecturas  # noqa: E402

# La huella del código de la biblioteca, la de cada CSV de la carpeta de datos activa y, cuando hace falta, el
# análisis de la biblioteca (``Lecturas``).
_ESTADO: dict = {"huella": "", "datos": {}, "lecturas": None}
# El proceso ayudante de esta construcción (pid) y su carpeta de bloques tomados; en el módulo mkdocs (este hook se
# vuelve a cargar en cada recarga de «make serve»).
_AYUDANTE: dict = sys.modules["mkdocs"].__dict__.setdefault("_gpucoste_ayudante", {"pid": None, "tomas": None})
# Lo que ve ``recarga.py`` (que importa este fichero como otro módulo, no como el hook que MkDocs cargó): la clave
# de un bloque en una página (``clave_en_pagina``) con el estado de esta construcción y, mientras convierte una
# página, la lista donde anotar los bloques que pide (código, sesión, id y clave). Así una página guardada vale
# mientras la clave de cada bloque suyo no cambie.
COMPARTIDO: dict = sys.modules["mkdocs"].__dict__.setdefault("_gpucoste_bloques", {"clave": None, "anotar": []})


def huella_biblioteca() -> str:
    """Huella del código y de los datos de la biblioteca que usa la construcción (``GPUCOSTE_DATOS`` incluida)."""
    paquete = pathlib.Path(next(iter(importlib.util.find_spec("gpucoste").submodule_search_locations)))
    carpetas = [paquete]
    if os.environ.get("GPUCOSTE_DATOS"):
        carpetas.append(pathlib.Path(os.environ["GPUCOSTE_DATOS"]))
    return huella(*carpetas)


def _paquete() -> pathlib.Path:
    return pathlib.Path(next(iter(importlib.util.find_spec("gpucoste").submodule_search_locations)))


def preparar() -> None:
    """La huella del código de la biblioteca (sin los CSV) y la de cada CSV de la carpeta de datos activa."""
    paquete = _paquete()
    h = hashlib.sha256(f"{sys.version}\0{os.environ.get('GPUCOSTE_DATOS', '')}".encode())
    for ruta in sorted(p for p in paquete.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        relativa = ruta.relative_to(paquete)
        if not (relativa.parts[0] == "datos" and ruta.suffix == ".csv"):
            h.update(str(relativa).encode() + b"\0" + ruta.read_bytes() + b"\0")
    datos = pathlib.Path(os.environ.get("GPUCOSTE_DATOS") or paquete / "datos")
    _ESTADO["huella"] = h.hexdigest()
    _ESTADO["datos"] = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(datos.glob("*.csv"))}
    snippets = hashlib.sha256()
    _ESTADO["por_codigo"] = {}
    for ruta in sorted(pathlib.Path("snippets").rglob("*.py")):
        contenido = ruta.read_bytes()
        snippets.update(ruta.as_posix().encode() + b"\0" + contenido + b"\0")
        _ESTADO["por_codigo"].setdefault(contenido.decode("utf-8", "replace").rstrip("\n"), ruta.as_posix())
    _ESTADO["snippets"] = snippets.hexdigest()
    _ESTADO["comprobados"] = set()


def _carpeta() -> pathlib.Path:
    return pathlib.Path(tempfile.gettempdir()) / "gpucoste-bloques"


def lee(code: str) -> list[str]:
    """Los CSV de la carpeta de datos que el bloque ``code`` puede leer (todos si no se sabe). Se guarda en disco
    por código del bloque y de la biblioteca: el análisis solo corre con un bloque o una biblioteca nuevos.

    Con el ayudante en marcha, lo analiza él para todos los bloques antes de ejecutar ninguno (``_ayudante``): la
    construcción espera su fichero en vez de repetir el análisis de la biblioteca (casi un segundo de CPU)."""
    fichero = _fichero_de_lecturas(code)
    while _lecturas_por_llegar(code):
        time.sleep(0.003)
    if fichero.is_file():
        return fichero.read_text(encoding="utf-8").split()
    if _ESTADO["lecturas"] is None:
        _ESTADO["lecturas"] = Lecturas(_paquete())
    leidos = _ESTADO["lecturas"].lee_codigo(code)
    todos = sorted(_ESTADO["datos"])
    lista = todos if TODOS in leidos else [f for f in todos if f in leidos]
    _guardar(fichero, "\n".join(lista))
    return lista


def _fichero_de_lecturas(code: str) -> pathlib.Path:
    return _carpeta() / "lecturas" / hashlib.sha256(f"{_ESTADO['huella']}\0{code}".encode()).hexdigest()


def _lecturas_por_llegar(code: str) -> bool:
    """Si lo que lee ``code`` lo está analizando aún el ayudante (su fichero no está y él sigue con ello)."""
    if _AYUDANTE["pid"] is None or _fichero_de_lecturas(code).is_file():
        return False
    return not (_AYUDANTE["tomas"] / LECTURAS_HECHAS).exists() and ayudante_vivo()


def _clave(code: str, session, id) -> str:  # noqa: A002
    datos = [f"{f}\0{_ESTADO['datos'][f]}" for f in lee(code) if f in _ESTADO["datos"]]
    propios = [_ESTADO.get("snippets", "")] if ("pathlib" in code or "open(" in code) else []
    partes = [_ESTADO["huella"], dt.date.today().isoformat(), str(session), str(id), code, *datos, *propios]
    return hashlib.sha256("\0".join(partes).encode()).hexdigest()


def _guardar(fichero: pathlib.Path, salida: str) -> None:
    fichero.parent.mkdir(parents=True, exist_ok=True)
    temporal = fichero.with_suffix(f".{os.getpid()}.tmp")
    temporal.write_text(salida, encoding="utf-8")
    temporal.replace(fichero)  # atómico: dos construcciones a la vez no se pisan


def _tomar(clave: str) -> bool:
    """Si este proceso ejecuta el bloque ``clave`` (sin ayudante, siempre); si no, lo ejecuta el ayudante."""
    if _AYUDANTE["tomas"] is None:
        return True
    try:
        os.close(os.open(_AYUDANTE["tomas"] / clave, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    except OSError:
        return True
    return True


def _vivo(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        return False


def ayudante_vivo() -> bool:
    """Si el ayudante sigue trabajando (si ha terminado o muerto, se recoge y se olvida)."""
    if _AYUDANTE["pid"] is None:
        return False
    if _vivo(_AYUDANTE["pid"]):
        return True
    _AYUDANTE["pid"] = None
    return False


def _esperar_al_ayudante(clave: str, fichero: pathlib.Path) -> str | None:
    """La salida que escribe el ayudante para ``clave``, o None si falló en ese bloque o ya no está."""
    fallo = _AYUDANTE["tomas"] / f"{clave}.fallo"
    while not fichero.is_file():
        if fallo.exists():
            return None
        if not ayudante_vivo():
            return fichero.read_text(encoding="utf-8") if fichero.is_file() else None
        time.sleep(0.003)
    return fichero.read_text(encoding="utf-8")


_PENDIENTES: list[tuple[str, object, object, str]] = []
"""Salidas de bloques ejecutados sin su clave todavía (``_con_cache``): (código, sesión, id, salida)."""


def _guardar_pendientes(memoria: dict[str, str]) -> None:
    """Guarda con su clave (ya se sabe qué lee cada bloque) lo que se ejecutó mientras el ayudante lo analizaba."""
    while _PENDIENTES:
        code, session, id_, salida = _PENDIENTES.pop(0)
        clave = _clave(code, session, id_)
        _tomar(clave)  # el ayudante ya no lo ejecuta
        _guardar(_carpeta() / f"{clave}.txt", salida)
        memoria.setdefault(clave, salida)


def _con_cache(ejecutar, memoria: dict[str, str]):
    def ejecutar_con_cache(code: str, returncode=None, session=None, id=None, **extra):  # noqa: A002
        if not COMPARTIDO["anotar"] and _lecturas_por_llegar(code):
            # En frío, los primeros bloques llegan antes de que el ayudante sepa qué CSV lee cada uno (la clave): se
            # ejecutan ya, sin esperarlo, y se guardan con su clave en cuanto se sabe (el ayudante, que empieza por
            # la última página, no llega a ellos hasta el final).
            salida = ejecutar(code, returncode, session, id, **extra)
            _PENDIENTES.append((code, session, id, salida))
            if os.environ.get("GPUCOSTE_CHECK") == "1":
                comparar_con_el_snapshot(code, id, salida)
            return salida
        _guardar_pendientes(memoria)
        clave = _clave(code, session, id)
        if COMPARTIDO["anotar"]:
            en_pagina = _con_su_snapshot(code, clave)
            for anotados in COMPARTIDO["anotar"]:
                anotados.append((code, session, id, en_pagina))
        if clave not in memoria:
            fichero = _carpeta() / f"{clave}.txt"
            salida = fichero.read_text(encoding="utf-8") if fichero.is_file() else None
            if salida is None and not _tomar(clave):
                salida = _esperar_al_ayudante(clave, fichero)
            if salida is None:
                salida = ejecutar(code, returncode, session, id, **extra)
                _guardar(fichero, salida)
            memoria[clave] = salida
        salida = memoria[clave]
        if os.environ.get("GPUCOSTE_CHECK") == "1":
            comparar_con_el_snapshot(code, id, salida)
        return salida

    ejecutar_con_cache.original = ejecutar
    ejecutar_con_cache.guardar_pendientes = lambda: _guardar_pendientes(memoria)
    return ejecutar_con_cache


SNAPSHOTS = pathlib.Path("tests") / "snapshots"
LINEAS_DEL_DIFF = 12


def _snapshot_de(code: str) -> tuple[str, pathlib.Path] | None:
    """El snippet (``snippets/…``) que es todo el código ``code`` y su snapshot, si lo hay."""
    ruta = _ESTADO.get("por_codigo", {}).get(code.rstrip("\n"))
    if ruta is None:
        return None
    snapshot = SNAPSHOTS / pathlib.PurePosixPath(ruta).relative_to("snippets").with_suffix(".txt")
    return (ruta, snapshot) if snapshot.is_file() else None  # sin snapshot: lo dice test_snippets.py


def clave_en_pagina(code: str, session, id) -> str:  # noqa: A002
    """La clave de un bloque para una página guardada (``recarga.py``): la de su salida y, en «make check», el
    contenido del snapshot con el que se compara (con otro snapshot, la página se vuelve a convertir y comparar)."""
    return _con_su_snapshot(code, _clave(code, session, id))


def _con_su_snapshot(code: str, clave: str) -> str:
    if os.environ.get("GPUCOSTE_CHECK") == "1" and (snippet := _snapshot_de(code)) is not None:
        clave += hashlib.sha256(snippet[1].read_bytes()).hexdigest()
    return clave


class SnapshotDistinto(PluginError, SuperFencesException):
    """La salida de un bloque no es la de su snapshot. Es a la vez un ``SuperFencesException``: cualquier otra
    excepción, superfences la calla y deja el bloque sin convertir (y la construcción pasaría)."""


def comparar_con_el_snapshot(code: str, id: str | None, salida: str) -> None:  # noqa: A002
    """Si ``code`` es un snippet entero con snapshot, su salida debe ser la del snapshot (y no vacía): si no,
    ``SnapshotDistinto``, que para la construcción con el bloque, el snippet, el snapshot y las líneas que cambian."""
    snippet = _snapshot_de(code)
    if snippet is None:
        return
    ruta, snapshot = snippet
    esperado = snapshot.read_text(encoding="utf-8")
    if salida == esperado and salida.strip():
        _ESTADO["comprobados"].add(ruta)
        return
    cambios = [
        linea.rstrip("\n")
        for linea in difflib.unified_diff(esperado.splitlines(), salida.splitlines(), "snapshot", "ahora", n=0)
        if not linea.startswith(("---", "+++"))
    ]
    if len(cambios) > LINEAS_DEL_DIFF:
        cambios = cambios[:LINEAS_DEL_DIFF] + [f"(y {len(cambios) - LINEAS_DEL_DIFF} líneas más)"]
    que = "no imprime nada" if not salida.strip() else f"ya no es la de su snapshot {snapshot.as_posix()}"
    raise SnapshotDistinto(
        f'la salida del bloque id="{id}" ({ruta}) {que}:\n'
        + "\n".join(f"    {c}" for c in cambios)
        + "\nQué hacer: si el cambio es el esperado, «make snapshots» y revisa el diff; si no, corrige el dato o el"
        " snippet."
    )


def _bloques_de_las_paginas(config) -> list[tuple]:
    """Las llamadas a ``_run_python`` de todas las páginas .md, en orden, sin ejecutar nada.

    Solo corren los preprocesadores de Markdown (snippets y superfences, que llama a markdown-exec): el código
    de cada bloque sale igual que en la conversión de la página, así que su clave también.
    """
    import markdown
    from markdown_exec._internal import rendering
    from markdown_exec._internal.formatters import python
    from markupsafe import Markup
    from mkdocs.structure.files import get_files
    from mkdocs.utils import meta

    llamadas = []
    directorio = os.getcwd()

    def anotar(code, returncode=None, session=None, id=None, **extra):  # noqa: A002
        if os.getcwd() == directorio:  # un bloque con workdir se queda para la construcción
            llamadas.append((code, returncode, session, id, extra))
        return ""

    python._run_python = anotar
    rendering.MarkdownConverter.convert = lambda self, text, stash=None, id_prefix=None: Markup("")
    for fichero in get_files(config).documentation_pages():
        if not fichero.src_uri.endswith(".md"):
            continue
        texto, _ = meta.get_data(pathlib.Path(fichero.abs_src_path).read_text(encoding="utf-8-sig"))
        md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
        lineas = texto.split("\n")
        for preprocesador in md.preprocessors:
            lineas = preprocesador.run(lineas)
    return llamadas


LECTURAS_HECHAS = "lecturas-hechas"
"""El fichero que deja el ayudante en su carpeta de tomas cuando ha analizado lo que lee cada bloque (``lee``)."""


def _ayudante(config, ejecutar, tomas: pathlib.Path, padre: int) -> None:
    """El proceso ayudante: analiza lo que lee cada bloque (``lee``, lo primero que pide la construcción), y ejecuta
    los bloques, de la última página a la primera, y guarda sus salidas."""
    logging.disable(logging.CRITICAL)  # sus avisos, si los hay, los dará la construcción
    preparar()
    bloques = _bloques_de_las_paginas(config)
    try:
        for code, *_ in bloques:
            lee(code)
    finally:
        (tomas / LECTURAS_HECHAS).touch()
    for code, returncode, session, id_, extra in reversed(bloques):
        if os.getppid() != padre:
            return
        clave = _clave(code, session, id_)
        fichero = _carpeta() / f"{clave}.txt"
        if fichero.is_file() or not _tomar(clave):
            continue
        try:
            salida = ejecutar(code, returncode, session, id_, **extra)
        except Exception:  # noqa: BLE001 — la construcción lo ejecutará y dará el error
            (tomas / f"{clave}.fallo").touch()
            continue
        _guardar(fichero, salida)


def _importar_lo_de_los_snippets() -> None:
    """Importa los módulos que importan los snippets (``snippets/**/*.py``: la biblioteca, pandas, matplotlib…)
    antes del ``fork``: el ayudante los hereda ya importados, en lugar de importarlos cada proceso por su cuenta (un
    segundo de CPU o más en cada uno). Lo que no se pueda importar, lo importará (y dará su error) el bloque."""
    nombres = set()
    for ruta in sorted(pathlib.Path("snippets").rglob("*.py")):
        nombres |= set(_IMPORTA.findall(ruta.read_text(encoding="utf-8")))
    for nombre in sorted(nombres):
        with contextlib.suppress(Exception):
            importlib.import_module(nombre)


_IMPORTA = re.compile(r"^(?:from|import)\s+([A-Za-z_][\w.]*)", re.M)


def _marca_de_caliente() -> pathlib.Path:
    """El fichero que deja una construcción terminada con esta biblioteca y esta fecha (las de la clave de cada bloque):
    si está, los bloques salen casi todos de la caché."""
    return _carpeta() / f"construida-{_ESTADO['huella']}-{dt.date.today().isoformat()}"


def _lanzar_ayudante(config, ejecutar) -> None:
    if threading.active_count() > 1 or not hasattr(os, "fork") or "markdown-exec" not in config.plugins:
        return
    preparar()
    if not _marca_de_caliente().exists():  # en caliente no se ejecuta casi nada: no hace falta importarlo
        _importar_lo_de_los_snippets()
    if threading.active_count() > 1:  # un import que arrancó un hilo: sin fork
        return
    # Lo que hay ya (MkDocs, la biblioteca, pandas, matplotlib), fuera del recolector de basura: sus pasadas completas
    # no lo recorren en ninguno de los dos procesos (unos 0,15 s de CPU menos en cada uno) ni copian sus páginas de
    # memoria tras el fork (lo que recomienda la documentación de gc.freeze).
    gc.freeze()
    tomas = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-bloques-tomas-"))
    padre = os.getpid()

    def el_ayudante() -> None:  # si falla, la construcción hará el trabajo que falte
        _AYUDANTE.update(pid=None, tomas=tomas)
        _ayudante(config, ejecutar, tomas, padre)

    pid = semilla.bifurcar(el_ayudante)
    _AYUDANTE.update(pid=pid, tomas=tomas, vivo=ayudante_vivo)
    if _ejecuta_cuadernos(config) and not _marca_de_caliente().exists():
        # Con lo mismo importado, la semilla del kernel del cuaderno (``semilla.py``): en frío, el cuaderno se ejecuta
        # sin arrancar otro Python ni volver a importar pandas, matplotlib y la biblioteca.
        semilla.sembrar()


def _ejecuta_cuadernos(config) -> bool:
    jupyter = config.plugins.get("mkdocs-jupyter")
    return jupyter is not None and bool(jupyter.config.get("execute"))


def _parar_ayudante() -> None:
    semilla.parar()  # si no llegó a ser el kernel del cuaderno
    pid, tomas = _AYUDANTE["pid"], _AYUDANTE["tomas"]
    _AYUDANTE.update(pid=None, tomas=None)
    if pid is not None:
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
    if tomas is not None:
        shutil.rmtree(tomas, ignore_errors=True)


def on_config(config):
    from markdown_exec._internal.formatters import python

    # «make serve» vuelve a cargar este hook en cada reconstrucción: se envuelve siempre la función
    # original (con la huella de esta carga) y la memoria se guarda en el módulo de markdown-exec.
    original = getattr(python._run_python, "original", python._run_python)
    memoria = python.__dict__.setdefault("_gpucoste_memoria", {})
    _parar_ayudante()
    _lanzar_ayudante(config, original)
    python._run_python = _con_cache(original, memoria)
    return config


def on_pre_build(config):
    preparar()
    COMPARTIDO.update(clave=clave_en_pagina, huella=_ESTADO["huella"])


def on_post_build(config):
    from markdown_exec._internal.formatters import python

    getattr(python._run_python, "guardar_pendientes", lambda: None)()
    _parar_ayudante()
    if _ESTADO["huella"]:
        with contextlib.suppress(OSError):
            _marca_de_caliente().parent.mkdir(parents=True, exist_ok=True)
            _marca_de_caliente().touch()
    comprobados = os.environ.get("GPUCOSTE_SNAPSHOTS_COMPROBADOS")
    if comprobados:
        pathlib.Path(comprobados).write_text("\n".join(sorted(_ESTADO.get("comprobados", ()))), encoding="utf-8")


def on_build_error(error):
    _parar_ayudante()
