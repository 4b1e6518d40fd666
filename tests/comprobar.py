"""«make check»: la comprobación rápida que se ejecuta primero, antes de «make test».

0. Los ``id`` de bloque de markdown-exec son únicos en ``docs/`` (uno repetido hace que el informe de un fallo
   culpe a otra página); si no, se para aquí con los dos sitios.
1. Construcción estricta del sitio (en una carpeta temporal). Si falla, se para aquí y se imprime solo el
   aviso que importa, con la página, el fichero y la línea (``tests/registro.py``). Solo vuelven a ejecutarse los
   bloques cuyo código o cuyos CSV cambiaron (``construccion/bloques.py``), y la salida de cada bloque
   que es un snippet entero se compara con su snapshot en cuanto sale (pytest ya no repite esos casos de
   ``test_snippets.py``: ``alcance.sin_los_comprobados``); con ``GPUCOSTE_CHECK=1``
   solo se vuelven a convertir (y a indexar para la búsqueda) las páginas que cambian (``recarga.py``, con su
   caché en disco) y la instantánea de Pyodide no se rehace si con el mismo código ya se hizo bien
   (``navegador.py``).
2. ruff sobre los ficheros .py cambiados.
3. Ortografía (hunspell y el diccionario del proyecto) y guía de estilo en las páginas construidas que el
   cambio toca (``docs/x.md`` o ``snippets/x/``; si cambia el diccionario o las reglas, en todas).
4. pytest: cada prueba que el cambio alcanza (``tests/alcance.py``; los snippets contra sus snapshots si cambian
   ``snippets/``, ``src/`` o los snapshots), sin las que construyen sitios (marca «construye»: esas, en «make
   test»), con a lo sumo 10 ejemplos por prueba de hypothesis (3 tras un cambio solo de datos; también en las que
   crean su ``@given`` dentro, como el arnés: ``conftest.ejemplos``), muestras fijas de procesos reales y, donde
   lo que se comprueba es lo que imprimen, las órdenes en un solo proceso de gpucoste (``conftest.gpucoste``) y
   los snippets de la instalación limpia en un solo proceso del venv nuevo (``GPUCOSTE_RAPIDO``:
   ``conftest.ajustes_rapidos``). Si todas son
   funciones sin fixtures (las reglas de los snippets, tras editar la prosa), se llaman aquí mismo, caso a caso,
   sin arrancar pytest. Con varios núcleos, varios procesos de pytest a la vez (``procesos``), cada uno con sus
   ficheros de prueba, repartidos por lo que tardó cada caso la última vez (``conftest.repartir``).

«Lo que ha cambiado» es lo que difiere de la rama ``main`` (commits, cambios sin confirmar y ficheros nuevos):
- ``tests/test_x.py`` cambiado → esa prueba; un módulo de ayuda de ``tests/`` → las pruebas que lo importan;
- ``src/gpucoste/x.py`` → cada prueba que importa ``x`` o un módulo que lo importa, directa o indirectamente;
- un CSV de ``src/gpucoste/datos/`` → cada prueba que lee ese fichero (o uno que remite a él), directamente o a
  través de la biblioteca, y cada snippet que lo lee contra su snapshot (``alcance.Lecturas``); de una prueba con
  un caso por registro del arnés de propiedades (``FUNCIONES`` de ``tests/propiedades.py``), los casos cuyo
  registro lo lee (``alcance.casos_registrados``). Si el cambio es **solo** de datos (actualizar un precio), de
  ellas solo las de ``tests/datos/`` y los snippets (``alcance.para_make_check``): la construcción ya ha leído
  cada fila con su esquema y comparado cada bloque que lee el CSV con su snapshot, y las demás (cientos) las pasa
  ``make test``; ``make check`` dice cuántas deja.

Sale con 0 si todo va bien y con 1 al primer fallo. No escribe nada en el repositorio.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time

RAIZ = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests"))
import alcance  # noqa: E402
import registro  # noqa: E402
from conftest import construccion_estricta  # noqa: E402

BIN = pathlib.Path(sys.executable).parent


def cambiados() -> list[str]:
    """Ficheros que difieren de main (o de origin/main); sin git, ninguno."""
    for base in ("main", "origin/main"):
        r = subprocess.run(["git", "merge-base", "HEAD", base], cwd=RAIZ, capture_output=True, text=True)
        if r.returncode == 0:
            break
    else:
        return []
    diferencias = subprocess.run(
        ["git", "diff", "--name-only", r.stdout.strip()], cwd=RAIZ, capture_output=True, text=True
    ).stdout.split()
    nuevos = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"], cwd=RAIZ, capture_output=True, text=True
    ).stdout.split()
    return sorted({f for f in diferencias + nuevos if (RAIZ / f).exists()})


def paso(texto: str) -> float:
    print(texto, end=" ", flush=True)
    return time.perf_counter()


def hecho(inicio: float, extra: str = "") -> None:
    print(f"bien ({time.perf_counter() - inicio:.1f} s{extra})".replace(".", ","), flush=True)


def ids_unicos() -> bool:
    repetidos = alcance.ids_repetidos(RAIZ)
    if repetidos:
        print("FALLA")
        for i, sitios in repetidos.items():
            print(f'  id="{i}" está en {" y en ".join(sitios)}')
        print("Qué hacer: cada bloque lleva su propio id (el nombre de su snippet con guiones; ver CONTRIBUTING.md).")
    return not repetidos


def revisar_paginas(sitio: pathlib.Path, paginas: list[str]) -> list[str]:
    """Ortografía y guía de estilo de ``paginas`` del sitio construido: la lista de fallos (vacía si todo va bien)."""
    import estilo
    import hunspell

    copia = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-paginas-"))
    fallos = []
    try:
        for pagina in paginas:
            html = (sitio / pagina).read_text(encoding="utf-8")
            (copia / pagina).parent.mkdir(parents=True, exist_ok=True)
            (copia / pagina).write_text(html, encoding="utf-8")
            visible, tablas, ids = estilo.prosa(html)
            exentas = estilo.EXCEPCIONES.get(pagina, {})
            fallos += [
                f"{pagina}: {f}" for f in estilo.faltas(visible, tablas, ids) if f.split(":", 1)[0] not in exentas
            ]
        if not shutil.which("hunspell"):  # sin hunspell (make sistema), la ortografía la revisa make test
            print("(sin hunspell: la ortografía se salta; instálalo con «make sistema») ", end="")
            return fallos
        malas, _ = hunspell.desconocidas(copia)
        if malas:
            fallos.append(hunspell.como_arreglarlo(malas))
    finally:
        shutil.rmtree(copia, ignore_errors=True)
    return fallos


def main() -> int:
    total = time.perf_counter()
    ficheros = cambiados()
    inicio = paso("make check · 0/4 ids de bloque únicos en docs/…")
    if not ids_unicos():
        return 1
    hecho(inicio)

    destino = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-check-"))
    try:
        return _con_sitio(destino, ficheros, total)
    finally:
        shutil.rmtree(destino, ignore_errors=True)


class AlaVez(threading.Thread):
    """Tras un cambio solo de datos, las pruebas de ``tests/datos/`` no dependen de la construcción: corren en otros
    procesos mientras se construye (en vez de después), y su resultado se recoge en el paso 4."""

    def __init__(self, pruebas: list[str]) -> None:
        super().__init__(daemon=True)
        self.pruebas, self.parar, self.fallo = pruebas, threading.Event(), None
        self.inicio = time.perf_counter()

    def run(self) -> None:
        # Un solo proceso: la construcción ya ocupa los dos núcleos (ella, su ayudante y el kernel del cuaderno), y
        # cada proceso de pytest más vuelve a importar la biblioteca. Y menos ejemplos de hypothesis
        # (``EJEMPLOS_TRAS_UN_DATO``): lo que generan (filas nuevas al azar) no depende del dato editado, que cada
        # ejemplo vuelve a cargar y comprobar; los de sus ``@settings`` los pasa «make test».
        ejemplos = {"GPUCOSTE_EJEMPLOS_RAPIDO": str(EJEMPLOS_TRAS_UN_DATO)}
        self.fallo = pytest_en_partes(self.pruebas, 1, parar=self.parar, entorno=ejemplos)
        self.segundos = time.perf_counter() - self.inicio


EJEMPLOS_TRAS_UN_DATO = 3
"""Ejemplos de cada prueba de hypothesis de ``tests/datos/`` tras un cambio solo de datos (10 con otros cambios)."""


_AFECTADAS: dict[tuple[str, ...], list[str]] = {}


def afectadas(ficheros: list[str]) -> list[str]:
    """``alcance.pruebas_afectadas`` una sola vez por «make check» (tras un dato, la piden el paso 4 y las pruebas
    que empiezan a la vez que la construcción; cuesta más de un segundo de CPU)."""
    clave = tuple(ficheros)
    if clave not in _AFECTADAS:
        _AFECTADAS[clave] = alcance.pruebas_afectadas(ficheros, RAIZ)
    return list(_AFECTADAS[clave])


def _a_la_vez(ficheros: list[str]) -> AlaVez | None:
    if not alcance.solo_datos(ficheros):
        return None
    pruebas, _ = alcance.para_make_check(afectadas(ficheros), ficheros)
    de_datos = [p for p in pruebas if p.startswith(alcance.PRUEBAS_DE_DATOS)]
    if not de_datos:
        return None
    hilo = AlaVez(de_datos)
    hilo.start()
    return hilo


def _con_sitio(destino: pathlib.Path, ficheros: list[str], total: float) -> int:
    a_la_vez = _a_la_vez(ficheros)
    try:
        return _pasos(destino, ficheros, total, a_la_vez)
    finally:
        if a_la_vez is not None:
            a_la_vez.parar.set()
            a_la_vez.join()


def _informar_fallo(fallo: str) -> None:
    print("FALLA")
    salida = fallo.strip().splitlines()
    # Solo el fallo: desde la primera línea «___ prueba ___» hasta el resumen, sin las cifras de calidad.
    inicio_fallo = next((i for i, ln in enumerate(salida) if ln.startswith("_")), 0)
    fin = next((i for i, ln in enumerate(salida) if "Cifras de las pruebas" in ln), len(salida))
    print("\n".join(salida[inicio_fallo:fin] + [ln for ln in salida[fin:] if ln.startswith("FAILED")]))


def _pasos(destino: pathlib.Path, ficheros: list[str], total: float, a_la_vez: AlaVez | None) -> int:
    inicio = paso("make check · 1/4 construcción estricta…")
    comprobados = destino.with_name(destino.name + "-snapshots.txt")
    entorno = {"GPUCOSTE_DATOS": "", "GPUCOSTE_CHECK": "1", "GPUCOSTE_SNAPSHOTS_COMPROBADOS": str(comprobados)}
    try:
        r = construccion_estricta(destino, env=entorno, timeout=600)
        snapshots = set(comprobados.read_text(encoding="utf-8").split()) if comprobados.is_file() else set()
    finally:
        comprobados.unlink(missing_ok=True)
    if r.returncode != 0:
        print(f"FALLA ({time.perf_counter() - inicio:.1f} s)".replace(".", ","))
        print(registro.resumen(r.registro) or r.registro[-2000:])
        return 1
    hecho(inicio, f", {len(snapshots)} snippets iguales a su snapshot" if snapshots else "")

    python = [f for f in ficheros if f.endswith(".py")]
    inicio = paso(f"make check · 2/4 ruff en {len(python)} fichero(s) .py cambiado(s)…")
    if python:
        for orden in (["check", "--quiet"], ["format", "--check", "--quiet"]):
            lint = subprocess.run([str(BIN / "ruff"), *orden, *python], cwd=RAIZ, capture_output=True, text=True)
            if lint.returncode != 0:
                print("FALLA")
                print((lint.stdout + lint.stderr).strip())
                print("Qué hacer: «.venv/bin/ruff format .» arregla el formato; lo demás, a mano (make lint).")
                return 1
    hecho(inicio)

    reglas = {
        "tests/ortografia/diccionario.txt",
        "tests/estilo.py",
        "tests/hunspell.py",
        "tests/sitio/test_estilo.py",
        "tests/sitio/test_ortografia.py",
        "CONTRIBUTING.md",
    }
    paginas = alcance.paginas_del_nav(RAIZ) if reglas & set(ficheros) else alcance.paginas_tocadas(ficheros, RAIZ)
    if not paginas:  # nada que revisar: ni arrancar hunspell (unos segundos con la máquina cargada)
        print("make check · 3/4 ortografía y estilo: el cambio no toca ninguna página.")
    else:
        inicio = paso(f"make check · 3/4 ortografía y estilo en {len(paginas)} página(s) tocada(s)…")
        fallos = revisar_paginas(destino, paginas)
        if fallos:
            print("FALLA")
            print("\n".join(fallos))
            return 1
        hecho(inicio)

    pruebas = alcance.sin_los_comprobados(afectadas(ficheros), snapshots, RAIZ)
    pruebas, para_despues = alcance.para_make_check(pruebas, ficheros)
    if a_la_vez is not None:
        inicio = paso(
            f"make check · 4/4 pytest, a la vez que la construcción: {len(a_la_vez.pruebas)} pruebas o casos de "
            f"{alcance.PRUEBAS_DE_DATOS}…"
        )
        a_la_vez.join()
        if a_la_vez.fallo is not None:
            _informar_fallo(a_la_vez.fallo)
            return 1
        hecho(inicio, f"; empezaron hace {a_la_vez.segundos:.1f} s")
        pruebas = [p for p in pruebas if p not in a_la_vez.pruebas]
    if para_despues:
        print(
            f"make check · 4/4: un cambio solo de datos; {len(para_despues)} pruebas o casos más que leen esos CSV a "
            "través de la biblioteca quedan para «make test»."
        )
    if not pruebas and a_la_vez is not None:
        return _fin(total)
    if not pruebas:  # sin rutas, pytest pasaría todas (testpaths)
        print("make check · 4/4 pytest: el cambio no alcanza ninguna prueba.")
        return _fin(total)
    casos = en_este_proceso(pruebas)
    if casos is not None:  # solo funciones sin fixtures (las reglas de los snippets): sin arrancar pytest
        inicio = paso(f"make check · 4/4 pruebas: {', '.join(p.removeprefix('tests/') for p in pruebas)}…")
        for nodo, llamar in casos:
            try:
                llamar()
            except Exception as error:  # noqa: BLE001 — se informa del fallo como lo haría pytest
                print("FALLA")
                print(f"{nodo}: {type(error).__name__}: {error}")
                return 1
        hecho(inicio, f", {len(casos)} casos")
        return _fin(total)
    ficheros_de_prueba = sorted({p.split("::")[0].removeprefix("tests/") for p in pruebas})
    partes = min(procesos(), len(ficheros_de_prueba))
    en = f" en {partes} procesos" if partes > 1 else ""
    # Unas pocas, por su nombre; muchas (tras editar un CSV, más de mil casos), cuántas y de qué ficheros.
    lista = (
        ", ".join(p.removeprefix("tests/") for p in pruebas)
        if len(pruebas) <= 8
        else f"{len(pruebas)} pruebas o casos de {len(ficheros_de_prueba)} ficheros ({', '.join(ficheros_de_prueba)})"
    )
    inicio = paso(f"make check · 4/4 pytest{en}: {lista}…")
    fallo = pytest_en_partes(pruebas, partes)
    if fallo is not None:
        _informar_fallo(fallo)
        return 1
    hecho(inicio)
    return _fin(total)


def procesos() -> int:
    """Cuántos pytest a la vez: uno por núcleo que este proceso puede usar, hasta 4 (``GPUCOSTE_PROCESOS`` lo fija)."""
    propio = os.environ.get("GPUCOSTE_PROCESOS", "")
    if propio.isdigit() and int(propio) > 0:
        return int(propio)
    nucleos = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(4, nucleos))


def pytest_en_partes(
    pruebas: list[str],
    partes: int,
    raiz: pathlib.Path = RAIZ,
    parar: threading.Event | None = None,
    entorno: dict[str, str] | None = None,
) -> str | None:
    """pytest sobre ``pruebas`` en ``partes`` procesos a la vez, cada uno con sus ficheros (``conftest.repartir``,
    por lo que tardó cada caso la última vez) y su carpeta temporal. Cada uno para en su primer fallo, y el primero
    que falla para a los demás: su salida, o None si todos pasan. Si se da ``parar`` y se activa (la construcción
    que corría a la vez ha fallado), los para y devuelve None. ``entorno``: variables de más para pytest."""
    from conftest import duraciones_juntas

    carpeta = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-partes-"))
    lanzados: list[tuple[subprocess.Popen, object]] = []
    try:
        juntas = duraciones_juntas(carpeta / "duraciones.json")
        for k in range(1, partes + 1):
            salida = (carpeta / f"parte{k}.txt").open("w+", encoding="utf-8")
            reparto = {"GPUCOSTE_PARTE": f"{k}/{partes}", "GPUCOSTE_DURACIONES": str(juntas)} if partes > 1 else {}
            orden = [sys.executable, "-m", "pytest", "-x", "-q", "--no-header", "--tb=short", "-p", "no:cacheprovider"]
            orden += ["--basetemp", str(carpeta / f"tmp{k}"), "-m", "not construye", *pruebas]
            variables = {**os.environ, "GPUCOSTE_DATOS": "", "GPUCOSTE_RAPIDO": "1", **reparto, **(entorno or {})}
            proceso = subprocess.Popen(
                orden, cwd=raiz, env=variables, stdout=salida, stderr=subprocess.STDOUT, text=True
            )
            lanzados.append((proceso, salida))
        limite = time.monotonic() + 900
        pendientes = list(lanzados)
        while pendientes:
            if parar is not None and parar.is_set():
                return None
            if time.monotonic() > limite:
                return "pytest tardó más de 900 s: se ha parado."
            for proceso, salida in list(pendientes):
                codigo = proceso.poll()
                if codigo is None:
                    continue
                pendientes.remove((proceso, salida))
                if codigo not in (0, 5):  # 5: esa parte no tenía casos
                    salida.seek(0)
                    return salida.read()
            time.sleep(0.1)
        return None
    finally:  # las partes que siguen (tras un fallo, al pasar el límite o con Ctrl+C) se paran aquí
        for proceso, salida in lanzados:
            if proceso.poll() is None:
                proceso.kill()
                proceso.wait()
            salida.close()
        shutil.rmtree(carpeta, ignore_errors=True)


def en_este_proceso(pruebas: list[str]) -> list[tuple[str, object]] | None:
    """Los casos de ``pruebas`` como llamadas, si todas son funciones sin fixtures ni más marcas que
    ``parametrize`` (ni hypothesis, ni una construcción): arrancar pytest cuesta más que las reglas de los
    snippets que se comprueban tras editar la prosa. Si alguna no lo es, None (las pasa pytest)."""
    import importlib
    import inspect

    casos = []
    for prueba in pruebas:
        ruta, _, resto = prueba.partition("::")
        nombre, _, caso = resto.partition("[")
        if not nombre or "::" in nombre:
            return None
        carpeta = str(RAIZ / pathlib.PurePosixPath(ruta).parent)  # tests/sitio/: como la importa pytest
        if carpeta not in sys.path:
            sys.path.insert(0, carpeta)
        try:
            funcion = getattr(importlib.import_module(pathlib.PurePosixPath(ruta).stem), nombre, None)
        except Exception:  # noqa: BLE001 — que la importe pytest y dé su error
            return None
        marcas = getattr(funcion, "pytestmark", [])
        if (
            not inspect.isfunction(funcion)
            or getattr(funcion, "is_hypothesis_test", False)
            or "construir(" in inspect.getsource(funcion)
            or [m.name for m in marcas] not in ([], ["parametrize"])
        ):
            return None
        parametros = list(inspect.signature(funcion).parameters)
        if not marcas:
            if parametros:
                return None
            casos.append((prueba, funcion))
            continue
        argumento, valores = marcas[0].args
        ids = marcas[0].kwargs.get("ids")
        if parametros != [argumento] or set(marcas[0].kwargs) - {"ids"} or not callable(ids or str):
            return None
        for valor in valores:
            if not caso or (ids or str)(valor) == caso.removesuffix("]"):
                casos.append((f"{ruta}::{nombre}[{(ids or str)(valor)}]", lambda f=funcion, v=valor: f(v)))
    return casos


def _fin(total: float) -> int:
    segundos = f"{time.perf_counter() - total:.1f}".replace(".", ",")
    print(f"make check: todo bien en {segundos} s. Ahora «make test» (todas las pruebas) antes de abrir el PR.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
