"""«make bench»: mide en una sola ejecución, lado a lado, y imprime UNA tabla (Markdown) con su presupuesto.

- Construcción estricta en frío (un proceso nuevo y una carpeta de salida vacía) con ejecución de código, y
  la misma sin ejecutarlo (sin markdown-exec y con el cuaderno sin ejecutar); su cociente (≤ 1,3).
  Se alternan las dos, ``BENCH_RONDAS`` veces (3 por omisión), y se toma la mediana de cada una.
- Recarga bajo ``mkdocs serve`` (como «make serve») tras editar la prosa de una página: desde que se guarda
  el fichero hasta que el servidor entrega la página con el cambio (≤ 1 s). Mediana de ``BENCH_RONDAS``.
- Las filas de ``tests/rendimiento/paginas.py`` (bytes con gzip, peticiones, Lighthouse), si se puede.
- «make check» (``tests/comprobar.py``) con un snippet roto y con un enlace roto puestos a propósito: segundos
  hasta el informe (≤ 10 s) y sus líneas (≤ 20), y si nombra el fichero y la línea.
- «make check» de verdad (en un clon de git) tras editar la prosa de una página, un snippet (≤ 10 s) y un dato de
  precios.csv (≤ 20 s): reloj y CPU de sus procesos, y el reloj de cada paso; y con un precio plantado que cambia
  lo que imprime un snippet, segundos hasta el informe (≤ 20 s). ``BENCH_SOLO=check`` mide solo esto
  (``BENCH_CHECK=prosa,snippet,dato,precio`` elige las ediciones): para medir a mano, sin la construcción ni las
  páginas.
- De un clon recién hecho a la página servida por «make serve», con la caché de uv vacía (``UV_CACHE_DIR``
  temporal; descarga de PyPI): ≤ 15 s. ``BENCH_SIN_CLON=1`` se la salta (sin red).
- CI: ``CI=true bash .ci/run`` en un clon limpio del último commit, como lo pasa CI: minutos de reloj (≤ 10).
  Con ``BENCH_SIN_CI=1`` no se ejecuta: la fila es la última ejecución de ``.ci/run`` en esta máquina, que cada
  una anota (fecha, commit, segundos, código, núcleos y carga) en ``~/.local/state/gpucoste/ci.tsv``
  (``GPUCOSTE_REGISTRO_CI`` lo cambia). Con ``BENCH_SOLO=check``, esa fila va también al final.

Todo se hace en una copia temporal del proyecto: nada se escribe en el repositorio. No es una prueba:
los tiempos dependen de la máquina y nunca se comprueban en «make test».
"""

from __future__ import annotations

import csv
import datetime as dt
import importlib.util
import io
import os
import pathlib
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

RAIZ = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RAIZ / "tests"))
from conftest import copiar_proyecto, epoca_fuente  # noqa: E402

PY = sys.executable
RONDAS = int(os.environ.get("BENCH_RONDAS", "3"))
PAGINA_EDITADA = "glosario.md"  # prosa pura: sin bloques que ejecutar
PRESUPUESTO_COCIENTE = 1.3
PRESUPUESTO_RECARGA = 1.0
PRESUPUESTO_CI_MINUTOS = 10.0


def _numero(x: float, decimales: int = 2) -> str:
    return f"{x:,.{decimales}f}".replace(",", " ").replace(".", ",").replace(" ", ".")


def entorno(temporal: pathlib.Path | None = None) -> dict[str, str]:
    """Entorno de la construcción; ``temporal`` (TMPDIR) aísla la caché de los cuadernos."""
    extra = {"TMPDIR": str(temporal)} if temporal else {}
    return {
        **os.environ,
        "NO_MKDOCS_2_WARNING": "1",
        "SOURCE_DATE_EPOCH": epoca_fuente(),
        "GPUCOSTE_DATOS": "",
        **extra,
    }


def config_sin_ejecucion(copia: pathlib.Path) -> pathlib.Path:
    """mkdocs.yml sin markdown-exec y con el cuaderno sin ejecutar (los bloques quedan como código)."""
    texto = (copia / "mkdocs.yml").read_text(encoding="utf-8")
    # La entrada «- markdown-exec» (con o sin opciones debajo, más sangradas) de la lista de plugins.
    texto, n = re.subn(r"(?m)^( *)- markdown-exec\b[^\n]*\n(?:\1  +\S[^\n]*\n)*", "", texto)
    if n != 1:
        raise RuntimeError("no encuentro el plugin markdown-exec en mkdocs.yml: no sé apagar la ejecución")
    texto = re.sub(r"(?m)^(\s*execute:\s*)true\b", r"\1false", texto)  # mkdocs-jupyter, si está
    # Sin ejecutar, un bloque «exec» no es una valla que superfences reconozca: la página se lee distinta, sus
    # anclas pueden no aparecer y el código de un snippet se lee como Markdown (``f"[{a.fuente}]({a.fuente})"`` es
    # un enlace a un fichero que no existe). Esta construcción solo mide tiempo: los enlaces los valida la real.
    texto = re.sub(r"(?m)^(\s*(?:anchors|unrecognized_links|not_found):\s*)warn\b", r"\1info", texto)
    ruta = copia / "mkdocs-sin-ejecucion.yml"
    ruta.write_text(texto, encoding="utf-8")
    return ruta


def construir(copia: pathlib.Path, config: pathlib.Path, destino: pathlib.Path, temporal: pathlib.Path) -> float:
    """Segundos de ``mkdocs build --strict`` en un proceso nuevo y una carpeta vacía, con TMPDIR=``temporal``."""
    shutil.rmtree(destino, ignore_errors=True)
    inicio = time.perf_counter()
    r = subprocess.run(
        [PY, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(destino)],
        cwd=copia,
        env=entorno(temporal),
        capture_output=True,
        text=True,
        timeout=600,
    )
    segundos = time.perf_counter() - inicio
    if r.returncode != 0:
        raise RuntimeError(f"la construcción con {config.name} falló:\n{r.stderr[-3000:]}")
    return segundos


def puerto_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def leer(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8", "replace")
    except OSError:
        return None


def recarga(copia: pathlib.Path) -> list[float]:
    """Segundos desde que se guarda la prosa editada hasta que ``mkdocs serve`` entrega la página cambiada."""
    puerto = puerto_libre()
    # mkdocs serve sirve bajo la sub-ruta de site_url (/gpucoste/), como GitHub Pages.
    sitio = re.search(r"(?m)^site_url:\s*\S+?://[^/]+(/\S*)", (copia / "mkdocs.yml").read_text(encoding="utf-8"))
    base = (sitio[1] if sitio else "/").rstrip("/")
    url = f"http://127.0.0.1:{puerto}{base}/{PAGINA_EDITADA.removesuffix('.md')}/"
    registro = (copia / "serve.log").open("w")
    serve = subprocess.Popen(
        [PY, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{puerto}", "-w", "snippets"],
        cwd=copia,
        env=entorno(),
        stdout=registro,
        stderr=subprocess.STDOUT,
    )
    tiempos = []
    try:
        limite = time.monotonic() + 180
        while leer(url) is None:
            if serve.poll() is not None or time.monotonic() > limite:
                raise RuntimeError(f"mkdocs serve no entregó {url} (registro en serve.log)")
            time.sleep(0.2)
        pagina = copia / "docs" / PAGINA_EDITADA
        for _ in range(RONDAS):
            time.sleep(1.5)  # que el vigilante de ficheros se asiente tras la recarga anterior
            marca = f"Marca de medida {uuid.uuid4().hex}"
            texto = pagina.read_text(encoding="utf-8")
            inicio = time.perf_counter()
            pagina.write_text(f"{texto}\n{marca}.\n", encoding="utf-8")
            limite = time.monotonic() + 120
            while marca not in (leer(url) or ""):
                if time.monotonic() > limite:
                    raise RuntimeError("mkdocs serve no entregó la página editada en 120 s")
                time.sleep(0.02)
            tiempos.append(time.perf_counter() - inicio)
    finally:
        serve.terminate()
        try:
            serve.wait(timeout=10)
        except subprocess.TimeoutExpired:
            serve.kill()
        registro.close()
    return tiempos


def _parar(proceso: subprocess.Popen) -> None:
    """Termina ``proceso`` y sus hijos (su propio grupo de procesos)."""
    try:
        os.killpg(proceso.pid, 15)
        proceso.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proceso.pid, 9)
        except ProcessLookupError:
            pass


def make_check(tmp: pathlib.Path) -> list[dict]:
    """«make check» en una copia con un fallo puesto a propósito: segundos hasta el informe y sus líneas."""
    filas = []
    averias = {
        "un snippet roto": lambda copia: _snippet_roto(copia),
        "un enlace roto": lambda copia: _enlace_roto(copia),
    }
    for i, (nombre, averiar) in enumerate({"nada roto (primera vez)": lambda copia: None, **averias}.items()):
        copia = copiar_proyecto(tmp / f"check-{i}")
        (copia / "tests").mkdir()
        # comprobar.py y lo que importa (los módulos de ayuda de tests/: la construcción estricta es la de
        # conftest.py) y el diccionario. Las pruebas no: en la copia, sin git, ningún fichero cuenta como cambiado.
        for fichero in (RAIZ / "tests").glob("*.py"):
            shutil.copy(fichero, copia / "tests")
        shutil.copytree(RAIZ / "tests" / "ortografia", copia / "tests" / "ortografia")
        esperado = averiar(copia)
        inicio = time.perf_counter()
        r = subprocess.run(
            [PY, str(copia / "tests" / "comprobar.py")],
            cwd=copia,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
            capture_output=True,
            text=True,
            timeout=600,
        )
        segundos = time.perf_counter() - inicio
        lineas = (r.stdout + r.stderr).strip().splitlines()
        if esperado is None:
            if r.returncode != 0 and "construcción estricta… bien" not in r.stdout:
                raise RuntimeError(f"make check falla sin nada roto:\n{r.stdout[-2000:]}")
            continue  # solo calienta las cachés, como el primer «make check» de quien contribuye
        nombra = r.returncode != 0 and all(e in r.stdout for e in esperado)
        filas.append(
            fila(
                f"«make check» con {nombre}: hasta el informe"
                + ("" if nombra else f" (NO nombra {' y '.join(esperado)})"),
                segundos,
                "s",
                "≤ 10",
                segundos <= 10 and nombra,
            )
        )
        n = len(lineas)
        filas.append(fila(f"«make check» con {nombre}: líneas del informe", n, "líneas", "≤ 20", n <= 20))
    return filas


def _editar_prosa(clon: pathlib.Path) -> None:
    pagina = clon / "docs" / PAGINA_EDITADA
    pagina.write_text(pagina.read_text(encoding="utf-8") + "\nUna frase más al final.\n", encoding="utf-8")


def _editar_ultimo_precio(clon: pathlib.Path, columna: str, cambiar) -> None:
    """``columna`` de la última fila de precios.csv, cambiada con ``cambiar``: la fila se lee como CSV (sea cual sea
    la última columna) y se reescribe solo esa línea."""
    fichero = clon / "src" / "gpucoste" / "datos" / "precios.csv"
    lineas = fichero.read_text(encoding="utf-8").splitlines()
    cabecera, fila_ = next(csv.reader(lineas[:1])), next(csv.reader(lineas[-1:]))
    fila_[cabecera.index(columna)] = cambiar(fila_[cabecera.index(columna)])
    salida = io.StringIO()
    csv.writer(salida, lineterminator="").writerow(fila_)
    lineas[-1] = salida.getvalue()
    fichero.write_text("\n".join(lineas) + "\n", encoding="utf-8")


def _editar_dato(clon: pathlib.Path) -> None:
    """Un cambio de datos que no mueve ninguna cifra (la nota de la última fila de precios.csv): alcanza las mismas
    pruebas que un precio cambiado (todas las que leen datos) y «make check» debe pasar. La nota es nueva en cada
    medida (lleva la hora): los bloques que leen precios.csv se vuelven a ejecutar, como la primera vez que quien
    contribuye pasa «make check» tras editar un dato."""
    _editar_ultimo_precio(clon, "nota", lambda nota: f"{nota} (revisada {time.time_ns()})")


def _precio_plantado(clon: pathlib.Path) -> list[str]:
    """Un fallo plantado: el precio de la última fila de precios.csv, a la décima parte (nuevo en cada medida).
    Cambia lo que imprime algún snippet: «make check» debe fallar y decir qué snapshot y qué hacer."""
    _editar_ultimo_precio(clon, "precio_hora_usd", lambda p: f"{float(p) / 10 + time.time_ns() % 997 / 1e6:.6f}")
    return ["ya no es la de su snapshot", "make snapshots"]


def _editar_snippet(clon: pathlib.Path) -> None:
    """Un comentario al final de un snippet: su salida no cambia (su snapshot sigue valiendo)."""
    snippet = sorted((clon / "snippets").rglob("*.py"))[0]
    snippet.write_text(snippet.read_text(encoding="utf-8") + "# Un comentario más.\n", encoding="utf-8")


EDICIONES_CHECK = {
    "la prosa de una página": (_editar_prosa, 10.0),
    "un snippet": (_editar_snippet, 10.0),
    "un dato de precios.csv": (_editar_dato, 20.0),
}
FALLOS_CHECK = {"un precio de precios.csv que cambia lo que imprime un snippet": (_precio_plantado, 20.0)}
_FASE = re.compile(r"make check · (\d)/\d ([^…\n]*)…[^\n]*\(([\d,]+) s")


def fases(salida: str) -> str:
    """«construcción 6,1 s · pytest 3,2 s…»: el reloj de cada paso de «make check» (de lo que imprime)."""
    return " · ".join(f"{n}: {segundos} s" for n, _, segundos in _FASE.findall(salida))


def make_check_por_cambio(tmp: pathlib.Path) -> list[dict]:
    """«make check» de verdad (en un clon de git: compara con su rama main) tras una edición de prosa y tras una
    de datos, sin nada roto: segundos de reloj (≤ 10 y ≤ 20) y segundos de CPU de sus procesos (en una máquina
    cargada, el reloj mide también a los demás; la CPU, solo a «make check»)."""
    clon = tmp / "clon-check"
    subprocess.run(["git", "clone", "--quiet", str(RAIZ), str(clon)], check=True, timeout=120)
    subprocess.run(["git", "checkout", "--quiet", "-B", "main"], cwd=clon, check=True)
    npm = RAIZ / "docs" / ".pyodide" / "node_modules"
    if npm.exists():
        (clon / "docs" / ".pyodide" / "node_modules").symlink_to(npm)
    filas = []
    ediciones = {n: e for n, e in {**EDICIONES_CHECK, **FALLOS_CHECK}.items() if _elegida(n)}
    for nombre, (editar, presupuesto) in {"nada (calienta las cachés)": (None, 0.0), **ediciones}.items():
        subprocess.run(["git", "checkout", "--quiet", "--", "."], cwd=clon, check=True)
        esperado = editar(clon) if editar else None
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        inicio = time.perf_counter()
        r = subprocess.run(
            [PY, str(clon / "tests" / "comprobar.py")],
            cwd=clon,
            # La biblioteca del clon (la de .venv es la del repositorio): así la edición de datos cuenta.
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(clon / "src")},
            capture_output=True,
            text=True,
            timeout=1800,
        )
        segundos = time.perf_counter() - inicio
        despues = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_s = (despues.ru_utime - cpu.ru_utime) + (despues.ru_stime - cpu.ru_stime)
        if editar is None:
            continue
        if nombre in FALLOS_CHECK:  # un fallo plantado: segundos hasta el informe, que debe nombrarlo
            nombra = r.returncode != 0 and all(e in r.stdout for e in esperado)
            print(f"  {nombre}: {fases(r.stdout)}", file=sys.stderr)
            medida = f"«make check» con {nombre}: hasta el informe" + ("" if nombra else " (NO lo dice)")
            filas.append(fila(medida, segundos, "s", f"≤ {presupuesto:.0f}", nombra and segundos <= presupuesto))
            continue
        bien = r.returncode == 0
        carga = os.getloadavg()[0]
        etiqueta = f"«make check» tras editar {nombre}" + ("" if bien else " (FALLA: " + r.stdout.strip()[-200:] + ")")
        print(f"  {nombre}: {fases(r.stdout)}", file=sys.stderr)
        filas.append(
            fila(
                f"{etiqueta}: reloj (carga {_numero(carga, 1)})",
                segundos,
                "s",
                f"≤ {presupuesto:.0f}",
                bien and segundos <= presupuesto,
            )
        )
        filas.append(fila(f"{etiqueta}: CPU", cpu_s, "s", f"≤ {presupuesto:.0f}", bien and cpu_s <= presupuesto))
    return filas


def _elegida(nombre: str) -> bool:
    """``BENCH_CHECK=prosa,dato`` mide solo las ediciones cuyo nombre contiene alguna de esas palabras."""
    elegidas = [p for p in os.environ.get("BENCH_CHECK", "").split(",") if p]
    return not elegidas or any(p in nombre for p in elegidas)


def _snippet_roto(copia: pathlib.Path) -> list[str]:
    (copia / "snippets" / "roto.py").write_text('x = 1\nraise ValueError("roto a propósito")\n', encoding="utf-8")
    pagina = copia / "docs" / "glosario.md"
    texto = pagina.read_text(encoding="utf-8")
    pagina.write_text(texto + '\n```python exec="on" session="glosario" id="roto"\n--8<-- "snippets/roto.py"\n```\n')
    return [f"docs/glosario.md:{len(texto.splitlines()) + 2}:", "snippets/roto.py:2:"]


def _enlace_roto(copia: pathlib.Path) -> list[str]:
    pagina = copia / "docs" / "glosario.md"
    texto = pagina.read_text(encoding="utf-8")
    pagina.write_text(texto + "\n[roto](index.md#no-existe)\n", encoding="utf-8")
    return [f"docs/glosario.md:{len(texto.splitlines()) + 2}:", "#no-existe"]


def clon_servido(tmp: pathlib.Path) -> list[dict]:
    """De «git clone» a la primera página servida por «make serve», con la caché de uv vacía."""
    clon = tmp / "clon"
    cache = tmp / "cache-uv"
    puerto = puerto_libre()
    inicio = time.perf_counter()
    subprocess.run(["git", "clone", "--quiet", str(RAIZ), str(clon)], check=True, timeout=120)
    entorno_clon = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_"))}
    entorno_clon.update({"UV_CACHE_DIR": str(cache), "NO_MKDOCS_2_WARNING": "1"})
    registro = (tmp / "clon-serve.log").open("w")
    serve = subprocess.Popen(
        ["make", "serve", f"DIRECCION=127.0.0.1:{puerto}"],
        cwd=clon,
        env=entorno_clon,
        stdout=registro,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    instalado = None
    try:
        limite = time.monotonic() + 600
        while "gpucoste" not in (leer(f"http://127.0.0.1:{puerto}/gpucoste/") or ""):
            if instalado is None and (clon / ".venv" / ".docs").exists():
                instalado = time.perf_counter() - inicio
            if serve.poll() is not None or time.monotonic() > limite:
                raise RuntimeError(f"make serve no sirvió la página (registro en {registro.name})")
            time.sleep(0.1)
        total = time.perf_counter() - inicio
    finally:
        _parar(serve)
        registro.close()
    filas = []
    if instalado is not None:
        filas.append(fila("Clon nuevo → «make serve»: instalado (uv, caché vacía, grupo docs)", instalado, "s"))
    filas.append(fila("Clon nuevo → página servida por «make serve» (uv sin caché)", total, "s", "≤ 15", total <= 15))
    return filas


def ci_en_un_clon(tmp: pathlib.Path) -> list[dict]:
    """«CI=true bash .ci/run» en un clon recién hecho del último commit, como lo pasa CI: minutos de reloj (≤ 10).
    Con la caché de uv de esta máquina (la descarga de PyPI la mide ``clon_servido``). El registro queda en un
    fichero temporal que nombra la fila si CI falla."""
    clon = tmp / "clon-ci"
    subprocess.run(["git", "clone", "--quiet", str(RAIZ), str(clon)], check=True, timeout=120)
    entorno_clon = {k: v for k, v in os.environ.items() if not k.startswith("VIRTUAL_ENV")} | {"CI": "true"}
    descriptor, ruta = tempfile.mkstemp(prefix="gpucoste-bench-ci-", suffix=".log")
    inicio = time.perf_counter()
    with os.fdopen(descriptor, "w") as registro:
        r = subprocess.run(
            ["bash", ".ci/run"], cwd=clon, env=entorno_clon, stdout=registro, stderr=subprocess.STDOUT, timeout=3600
        )
    minutos = (time.perf_counter() - inicio) / 60
    resumen = re.findall(r"=+ (\d+ passed.*?) in ", pathlib.Path(ruta).read_text(encoding="utf-8", errors="replace"))
    medida = f"CI: «CI=true bash .ci/run» en un clon limpio ({os.cpu_count()} núcleos)"
    if r.returncode != 0:
        medida += f": FALLA (código {r.returncode}; registro en {ruta})"
    elif resumen:
        medida += f": {resumen[-1]}"
    cumple = r.returncode == 0 and minutos <= PRESUPUESTO_CI_MINUTOS
    return [fila(medida, minutos, "min", f"≤ {_numero(PRESUPUESTO_CI_MINUTOS, 0)}", cumple)]


def registro_ci() -> pathlib.Path:
    """El registro de las ejecuciones de ``.ci/run`` (una línea por ejecución; lo escribe ``.ci/run``)."""
    propio = os.environ.get("GPUCOSTE_REGISTRO_CI")
    estado = os.environ.get("XDG_STATE_HOME") or str(pathlib.Path.home() / ".local" / "state")
    return pathlib.Path(propio) if propio else pathlib.Path(estado) / "gpucoste" / "ci.tsv"


def ultimo_ci() -> list[dict]:
    """La fila de CI sin ejecutarlo: la última ejecución de ``.ci/run`` registrada en esta máquina (fecha, commit,
    carga), o una fila que dice que no hay ninguna."""
    registro = registro_ci()
    lineas = registro.read_text(encoding="utf-8").splitlines() if registro.is_file() else []
    partes = lineas[-1].split("\t") if lineas else []
    if len(partes) < 7:
        return [
            fila(f"CI: sin medir (ninguna ejecución de «.ci/run» en {registro}; quita BENCH_SIN_CI)", float("nan"), "")
        ]
    fecha, commit, segundos, codigo, nucleos, carga_antes, carga_despues = partes[:7]
    minutos = int(segundos) / 60
    medida = (
        f"CI: la última «bash .ci/run» registrada ({fecha.replace('T', ' ').removesuffix('Z')} UTC, commit {commit}, "
        f"{nucleos} núcleos, carga {carga_antes.replace('.', ',')} al empezar y {carga_despues.replace('.', ',')} al "
        "acabar)"
    )
    if codigo != "0":
        medida += f": FALLÓ (código {codigo})"
    cumple = codigo == "0" and minutos <= PRESUPUESTO_CI_MINUTOS
    return [fila(medida, minutos, "min", f"≤ {_numero(PRESUPUESTO_CI_MINUTOS, 0)}", cumple)]


def fila(medida: str, valor: float, unidad: str, presupuesto: str = "—", cumple: bool | None = None) -> dict:
    return {"medida": medida, "valor": valor, "unidad": unidad, "presupuesto": presupuesto, "cumple": cumple}


def filas_de_paginas(sitio: pathlib.Path, fichero: str = "paginas.py", funcion: str = "medir_paginas") -> list[dict]:
    """Las filas de tests/rendimiento/``fichero`` (su ``funcion``), o una fila que explica por qué faltan."""
    ruta = RAIZ / "tests" / "rendimiento" / fichero
    try:
        spec = importlib.util.spec_from_file_location(ruta.stem, ruta)
        if spec is None or spec.loader is None or not ruta.exists():
            raise ImportError(f"no existe {ruta.relative_to(RAIZ)}")
        modulo = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modulo)
        filas = getattr(modulo, funcion)(sitio)
        if not filas:
            raise RuntimeError("medir_paginas no devolvió ninguna medida (¿falta Chromium? «make sistema»)")
        return filas
    except Exception as error:  # noqa: BLE001 — el resto de la tabla vale igual
        return [fila(f"{ruta.name}: sin medir ({type(error).__name__}: {error})", float("nan"), "")]


def margen(f: dict) -> str:
    """«sí, sobra X» / «NO, falta X» a partir de un presupuesto «≤ N» o «≥ N»."""
    if f["cumple"] is None or f["presupuesto"] in ("", "—"):
        return "—"
    m = re.match(r"([≤≥])\s*([\d.,]+)", f["presupuesto"])
    if not m:
        return "sí" if f["cumple"] else "NO"
    limite = float(m[2].replace(",", "."))
    diferencia = limite - f["valor"] if m[1] == "≤" else f["valor"] - limite
    unidad = f" {f['unidad']}" if f["unidad"] not in ("×", "") else ("×" if f["unidad"] == "×" else "")
    texto = f"{_numero(abs(diferencia), 0 if float(diferencia).is_integer() else 2)}{unidad}"
    return f"sí (margen: {texto})" if f["cumple"] else f"NO (falla por {texto})"


def imprimir(filas: list[dict]) -> None:
    print("| Medida | Valor | Presupuesto | ¿Cumple? |")
    print("|---|--:|--:|---|")
    for f in filas:
        decimales = 0 if f["valor"] == f["valor"] and float(f["valor"]).is_integer() else 2
        valor = "—" if f["valor"] != f["valor"] else f"{_numero(f['valor'], decimales)} {f['unidad']}".strip()
        presupuesto = f["presupuesto"].replace(".", ",") if f["presupuesto"] else "—"
        print(f"| {f['medida']} | {valor} | {presupuesto} | {margen(f)} |")


def main() -> int:
    print(
        f"gpucoste · make bench · {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC · {os.cpu_count()} núcleos · "
        f"Python {sys.version.split()[0]} · {RONDAS} rondas (mediana)\n",
        file=sys.stderr,
    )
    if os.environ.get("BENCH_SOLO") == "check":  # solo «make check» tras cada edición (BENCH_CHECK elige cuáles)
        with tempfile.TemporaryDirectory(prefix="gpucoste-bench-") as tmp:
            filas = make_check_por_cambio(pathlib.Path(tmp)) + ultimo_ci()
        print()
        imprimir(filas)
        return 0
    with tempfile.TemporaryDirectory(prefix="gpucoste-bench-") as tmp:
        tmp = pathlib.Path(tmp)
        copia = copiar_proyecto(tmp / "proyecto")
        con, sin = copia / "mkdocs.yml", config_sin_ejecucion(copia)
        tiempos_con, tiempos_sin, tiempos_caliente = [], [], []
        for ronda in range(RONDAS):
            print(f"Construcción {ronda + 1}/{RONDAS}…", file=sys.stderr)
            # En frío: TMPDIR vacío, así que el cuaderno se ejecuta (su caché está vacía).
            frio = pathlib.Path(tempfile.mkdtemp(dir=tmp))
            tiempos_con.append(construir(copia, con, tmp / "sitio", frio))
            # En caliente: el mismo TMPDIR; la biblioteca no ha cambiado y el cuaderno sale de la caché.
            tiempos_caliente.append(construir(copia, con, tmp / "sitio", frio))
            tiempos_sin.append(construir(copia, sin, tmp / "sitio-sin", pathlib.Path(tempfile.mkdtemp(dir=tmp))))
        t_con, t_sin = statistics.median(tiempos_con), statistics.median(tiempos_sin)
        t_caliente = statistics.median(tiempos_caliente)
        cociente = t_con / t_sin
        filas = [
            fila("Construcción estricta en frío, con ejecución de código", t_con, "s"),
            fila("La misma, sin ejecutar código (sin markdown-exec ni el cuaderno)", t_sin, "s"),
            fila(
                "Cociente con/sin ejecución, en frío",
                cociente,
                "×",
                f"≤ {_numero(PRESUPUESTO_COCIENTE, 1)}",
                cociente <= PRESUPUESTO_COCIENTE,
            ),
            fila(
                "Construcción con ejecución, con el cuaderno y las plantillas en caché (misma biblioteca)",
                t_caliente,
                "s",
            ),
            fila("Cociente con caché / sin ejecución (en frío)", t_caliente / t_sin, "×"),
        ]
        print("Recarga de mkdocs serve…", file=sys.stderr)
        try:
            t_recarga = statistics.median(recarga(copia))
            filas.append(
                fila(
                    f"Recarga de «make serve» tras editar la prosa de {PAGINA_EDITADA}",
                    t_recarga,
                    "s",
                    f"≤ {_numero(PRESUPUESTO_RECARGA, 0)}",
                    t_recarga <= PRESUPUESTO_RECARGA,
                )
            )
        except Exception as error:  # noqa: BLE001
            filas.append(fila(f"Recarga de «make serve»: sin medir ({error})", float("nan"), ""))
        print("Páginas (tests/rendimiento/paginas.py)…", file=sys.stderr)
        filas += filas_de_paginas(tmp / "sitio")
        print("Calculadoras en el navegador (tests/rendimiento/calculadoras.py)…", file=sys.stderr)
        filas += filas_de_paginas(tmp / "sitio", "calculadoras.py", "medir_calculadoras")
        print("make check tras editar la prosa y un dato…", file=sys.stderr)
        try:
            filas += make_check_por_cambio(tmp)
        except Exception as error:  # noqa: BLE001
            filas.append(fila(f"«make check» por cambio: sin medir ({error})", float("nan"), ""))
        print("make check con fallos puestos a propósito…", file=sys.stderr)
        try:
            filas += make_check(tmp)
        except Exception as error:  # noqa: BLE001
            filas.append(fila(f"«make check»: sin medir ({error})", float("nan"), ""))
        if os.environ.get("BENCH_SIN_CLON") != "1":
            print("Clon nuevo → make serve (caché de uv vacía; descarga de PyPI)…", file=sys.stderr)
            try:
                filas += clon_servido(tmp)
            except Exception as error:  # noqa: BLE001
                filas.append(fila(f"Clon nuevo → «make serve»: sin medir ({error})", float("nan"), ""))
        if os.environ.get("BENCH_SIN_CI") != "1":
            print("CI en un clon limpio (CI=true bash .ci/run; minutos)…", file=sys.stderr)
            try:
                filas += ci_en_un_clon(tmp)
            except Exception as error:  # noqa: BLE001
                filas.append(fila(f"CI en un clon limpio: sin medir ({error})", float("nan"), ""))
        else:  # sin ejecutarlo: la última ejecución registrada por .ci/run
            filas += ultimo_ci()
    print()
    imprimir(filas)
    return 0


if __name__ == "__main__":
    sys.exit(main())
