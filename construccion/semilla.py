"""El kernel del cuaderno desde una «semilla»: un proceso hecho con ``fork`` que ya importó lo que usa el cuaderno.

mkdocs-jupyter ejecuta el cuaderno con un kernel de Jupyter: un proceso nuevo (``python -m ipykernel_launcher``) que
arranca Python e importa otra vez pandas, matplotlib y la biblioteca, y además ipykernel y su depurador (debugpy),
que nadie usa al construir. En frío era más de un segundo de CPU (tres sin el bytecode compilado) para unas celdas
que calculan en décimas.

Aquí, al lanzar el ayudante de bloques (``bloques.py``), cuando lo que importan los snippets ya está importado y el
proceso no tiene otros hilos, se crea con ``fork`` otro proceso, la semilla, que espera. Cuando nbclient pide el
kernel (``launch_kernel`` de jupyter_client), se le pasa la orden, el entorno y la carpeta que habría recibido el
proceso nuevo, y la semilla se convierte en ese kernel: el mismo ipykernel con el mismo fichero de conexión, en su
propia sesión (como lo arranca jupyter_client: sus señales van a su grupo de procesos, nunca al de MkDocs). El
cuaderno sale igual, byte a byte.

Lo que el kernel no hereda de MkDocs: el filtro de avisos de Python y ``warnings.showwarning`` vuelven a ser los de
un intérprete recién arrancado (MkDocs los cambia para pasarlos a su registro), el registro (``logging``) queda sin
los manejadores de MkDocs, y de ``sys.path`` salen la carpeta actual y la de ``construccion/``, como en
``ipykernel_launcher``. El depurador no se carga (``debugpy``, para un cliente que depure; nbclient no lo hace).

Si no hay semilla (``make serve``, con hilos; en caliente, con el cuaderno en su caché) o la orden no es la de
siempre, el kernel se arranca como siempre. Si MkDocs termina o muere, la semilla lo ve (su tubería se cierra) y
sale; una vez kernel, ipykernel vigila a su padre (``JPY_PARENT_PID``).
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable

import mkdocs

# El pid de la semilla y el extremo de escritura de su tubería; en el módulo mkdocs (los hooks se recargan en
# «make serve»).
_SEMILLA: dict = mkdocs.__dict__.setdefault("_gpucoste_semilla", {"pid": None, "tuberia": None})

# Los filtros de avisos de un Python recién arrancado sin -W ni PYTHONWARNINGS (los de ``python -c``).
_FILTROS_DE_PYTHON = [
    ("default", None, DeprecationWarning, "__main__", 0),
    ("ignore", None, DeprecationWarning, None, 0),
    ("ignore", None, PendingDeprecationWarning, None, 0),
    ("ignore", None, ImportWarning, None, 0),
    ("ignore", None, ResourceWarning, None, 0),
]
_CONSTRUCCION = os.path.dirname(os.path.abspath(__file__))


def sembrar() -> None:
    """Crea la semilla (con ``fork``). Solo desde un proceso sin otros hilos y con los imports ya hechos."""
    parar()
    leer, escribir = os.pipe()

    def la_semilla() -> None:  # si falla, nbclient verá que el kernel no responde y dará el error
        os.close(escribir)
        _semilla(leer)

    pid = bifurcar(la_semilla)
    os.close(leer)
    _SEMILLA.update(pid=pid, tuberia=escribir)


def bifurcar(hijo: Callable[[], None]) -> int:
    """``os.fork`` tras vaciar stdout y stderr: el hijo ejecuta ``hijo`` y sale (0, o 1 si falla) sin volver nunca a
    MkDocs; el padre recibe el pid del hijo. Lo usan la semilla y el ayudante de bloques (``bloques.py``)."""
    for flujo in (sys.stdout, sys.stderr):
        flujo.flush()
    pid = os.fork()
    if pid == 0:
        codigo = 0
        try:
            hijo()
        except BaseException:  # noqa: BLE001 — quien espera al hijo ve que no responde o que no dejó su trabajo
            codigo = 1
        finally:
            os._exit(codigo)
    return pid


def _semilla(leer: int) -> None:
    os.setsid()  # su propia sesión y grupo de procesos, como un kernel de jupyter_client (start_new_session)
    nulo = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nulo, 0)  # jupyter_client le da al kernel una entrada cerrada; aquí, /dev/null
    os.close(nulo)
    # Mientras la construcción convierte las páginas: ipykernel, importado ya (el depurador, no). Lo que ipykernel lee
    # del entorno al importarse, ya como lo tendrá el kernel: su padre, MkDocs (lo pone ``launch_kernel``).
    os.environ["JPY_PARENT_PID"] = str(os.getppid())
    sys.modules["debugpy"] = None  # type: ignore[assignment]
    import ipykernel.ipkernel  # noqa: F401
    import ipykernel.kernelapp  # noqa: F401

    partes = []
    while trozo := os.read(leer, 65536):
        partes.append(trozo)
    os.close(leer)
    if not partes:  # MkDocs terminó sin pedir el kernel (o murió)
        return
    pedido = json.loads(b"".join(partes))
    os.environ.clear()
    os.environ.update(pedido["env"])
    if pedido["cwd"]:
        os.chdir(pedido["cwd"])
    _como_un_interprete_nuevo()
    # ipykernel avisa en cada arranque de que el kernel habla por TCP sin cifrar: es el de siempre, en 127.0.0.1 y con
    # cada mensaje firmado con la clave de su fichero de conexión, para un cuaderno que ejecuta la propia construcción.
    # Ese aviso («[IPKernelApp] WARNING | Kernel is running over TCP…») salía en cada construcción en frío y parecía un
    # fallo; los demás avisos del kernel siguen saliendo.
    logging.getLogger("IPKernelApp").addFilter(_sin_el_aviso_de_tcp)
    # La orden es «python -m ipykernel_launcher …»: lo mismo que ipykernel_launcher.py.
    sys.argv = [ipykernel.kernelapp.__file__, *pedido["cmd"][3:]]
    ipykernel.kernelapp.launch_new_instance()


def _sin_el_aviso_de_tcp(registro: logging.LogRecord) -> bool:
    return not registro.getMessage().startswith("Kernel is running over TCP without encryption")


def _como_un_interprete_nuevo() -> None:
    """Lo que MkDocs cambió en el proceso y un kernel recién arrancado no tendría (ver el docstring del módulo)."""

    warnings.filters[:] = _FILTROS_DE_PYTHON
    warnings._filters_mutated()  # noqa: SLF001 — invalida los registros de avisos ya dados
    warnings.showwarning = warnings._showwarning_orig  # noqa: SLF001
    logging.captureWarnings(False)
    logging.disable(logging.NOTSET)
    for registro in [logging.root, *logging.Logger.manager.loggerDict.values()]:
        if isinstance(registro, logging.Logger):
            for manejador in list(registro.handlers):
                registro.removeHandler(manejador)
    cwd = os.getcwd()
    sys.path[:] = [p for p in sys.path if p not in ("", cwd, _CONSTRUCCION)]


def _es_la_orden_de_siempre(cmd: list[str]) -> bool:
    return len(cmd) >= 3 and cmd[0] == sys.executable and cmd[1:3] == ["-m", "ipykernel_launcher"]


class Kernel:
    """La semilla hecha kernel, con lo que jupyter_client usa de un ``subprocess.Popen``."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid, self.returncode = pid, None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                pid, estado = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                self.returncode = 0
            else:
                if pid:
                    self.returncode = os.waitstatus_to_exitcode(estado)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        limite = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if limite is not None and time.monotonic() > limite:
                raise subprocess.TimeoutExpired(["kernel"], timeout)
            time.sleep(0.01)
        return self.returncode

    def send_signal(self, senal: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, senal)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def lanzar(original):
    """``launch_kernel`` de jupyter_client que, si hay semilla y la orden es la de siempre, la usa."""

    def launch_kernel(cmd, stdin=None, stdout=None, stderr=None, env=None, independent=False, cwd=None, **kw):
        pid, tuberia = _SEMILLA["pid"], _SEMILLA["tuberia"]
        if pid is None or independent or stdout is not None or stderr is not None or not _es_la_orden_de_siempre(cmd):
            return original(cmd, stdin, stdout, stderr, env, independent, cwd, **kw)
        entorno = dict(env if env is not None else os.environ)
        entorno["JPY_PARENT_PID"] = str(os.getpid())  # como launch_kernel en POSIX
        pedido = json.dumps({"cmd": list(cmd), "env": entorno, "cwd": str(cwd) if cwd else None}).encode()
        kernel = Kernel(pid)
        try:
            if kernel.poll() is not None:  # la semilla murió (p. ej. no pudo importar ipykernel)
                raise BrokenPipeError
            while pedido:
                pedido = pedido[os.write(tuberia, pedido) :]
        except BrokenPipeError:  # sin semilla: el kernel de siempre
            parar()
            return original(cmd, stdin, stdout, stderr, env, independent, cwd, **kw)
        _SEMILLA.update(pid=None, tuberia=None)
        os.close(tuberia)
        return kernel

    launch_kernel.original = original
    return launch_kernel


def parar() -> None:
    """Termina la semilla si no llegó a ser kernel (al acabar la construcción, o si falla)."""
    pid, tuberia = _SEMILLA["pid"], _SEMILLA["tuberia"]
    _SEMILLA.update(pid=None, tuberia=None)
    if tuberia is not None:
        os.close(tuberia)  # la semilla lee el final y sale
    if pid is not None:
        try:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
