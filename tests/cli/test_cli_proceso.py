"""La CLI como proceso de verdad, con la carpeta de datos rota: salida 2, una línea en español que nombra el
fichero, nada en stdout y nunca una traza de Python. Y ningún módulo lee datos al importarse.

Las pruebas de propiedades llaman a la CLI dentro del mismo proceso, después de importarla: no ven lo que pasa
al importar (un ``Trabajo`` construido al importar leía ``modelos.csv`` y ``supuestos.csv``, y cualquier carpeta
rota daba una traza en cada orden, ``--help`` incluida). Aquí cada caso es un ``python -m gpucoste`` nuevo.
"""

from __future__ import annotations

import os
import pathlib
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from gpucoste import cli
from gpucoste.base import esquema

RAIZ = pathlib.Path(__file__).resolve().parents[2]
PAQUETE = RAIZ / "src" / "gpucoste"
DATOS = PAQUETE / "datos"


def _ejecutar(argv: list[str], env: dict[str, str], ruta: pathlib.Path | None = None):
    entorno = {k: v for k, v in os.environ.items() if k not in ("GPUCOSTE_DATOS", "SOURCE_DATE_EPOCH")}
    entorno |= {"PYTHONPATH": str(ruta)} if ruta else {}
    return subprocess.run(
        [sys.executable, "-m", "gpucoste", *argv],
        env=entorno | env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ruta or RAIZ,
    )


def problemas(argv: list[str], env: dict[str, str], nombra: str, ruta: pathlib.Path | None = None) -> list[str]:
    """Lo que está mal en ``gpucoste argv`` con ``env``: debe salir 2 con una línea que nombre ``nombra``."""
    r = _ejecutar(argv, env, ruta)
    caso = f"{env} gpucoste {shlex.join(argv)}"
    fallos = []
    if "Traceback" in r.stderr:
        fallos.append(f"{caso}: traza de Python:\n{r.stderr[-800:]}")
    elif r.returncode != 2:
        fallos.append(f"{caso}: sale con {r.returncode}, no con 2 (stderr: {r.stderr[-300:]!r})")
    if r.stdout:
        fallos.append(f"{caso}: escribe en stdout: {r.stdout[:200]!r}")
    lineas = r.stderr.strip().splitlines()
    if len(lineas) != 1 or nombra not in r.stderr:
        fallos.append(f"{caso}: se esperaba una línea que nombre {nombra!r}: {r.stderr[-300:]!r}")
    if not any(c in r.stderr for c in "áéíóúñ¿") and " no " not in r.stderr:
        fallos.append(f"{caso}: el mensaje no parece español: {r.stderr[-300:]!r}")
    return fallos


RAPIDO = bool(os.environ.get("GPUCOSTE_RAPIDO"))
"""En «make check», una muestra fija (una orden y un CSV de cada cuatro): todas pasan por la misma comprobación
(``esquema.comprobar`` en ``cli._main``); «make test» las prueba todas."""


def _ordenes() -> list[list[str]]:
    ordenes = [[nombre, *shlex.split(o.ejemplo)] for nombre, o in sorted(cli.ORDENES.items())]
    return ordenes[::4] if RAPIDO else ordenes


def _en_paralelo(casos: list[tuple]) -> list[str]:
    with ThreadPoolExecutor(4) as grupo:
        return [f for fallos in grupo.map(lambda c: problemas(*c), casos) for f in fallos]


def test_cada_orden_de_ejemplo_funciona_con_los_datos_del_paquete():
    """La referencia: con los datos buenos, los ejemplos salen con 0 (si no, lo de abajo no probaría nada)."""
    for argv in _ordenes()[:2]:
        r = _ejecutar(argv, {})
        assert r.returncode == 0 and r.stdout and not r.stderr, (argv, r.stderr)


@pytest.mark.parametrize("como", ["falta", "fichero"])
def test_carpeta_de_datos_que_falta_o_es_un_fichero(tmp_path, como):
    """Cada orden (con su ejemplo) sale con 2 y nombra la carpeta; ``--help`` imprime la ayuda y sale con 0."""
    carpeta = tmp_path / "datos"
    if como == "fichero":
        carpeta.write_text("no soy una carpeta\n", encoding="utf-8")
    env = {"GPUCOSTE_DATOS": str(carpeta)}
    assert not _en_paralelo([(argv, env, f"GPUCOSTE_DATOS={carpeta}") for argv in _ordenes()])
    for argv in (["--help"], [_ordenes()[0][0], "--help"]):
        r = _ejecutar(argv, env)
        assert r.returncode == 0 and r.stdout.startswith("uso: gpucoste") and not r.stderr, (argv, r.stderr)


def _rota(tmp_path: pathlib.Path, fichero: str) -> pathlib.Path:
    """Una copia de los datos con ``fichero`` roto: una fila con menos celdas que la cabecera."""
    carpeta = tmp_path / fichero.removesuffix(".csv")
    shutil.copytree(DATOS, carpeta)
    with (carpeta / fichero).open("a", encoding="utf-8") as f:
        f.write("rota,sin celdas\n")
    return carpeta


def test_cada_csv_roto_rompe_cada_orden_nombrando_el_fichero(tmp_path):
    """Cada CSV declarado, roto por turno: una orden distinta cada vez (todas pasan por la misma comprobación)."""
    ficheros = sorted(esquema.declaradas())
    assert set(ficheros) == {p.name for p in DATOS.glob("*.csv")}, "un CSV sin declarar o una tabla sin fichero"
    ficheros = ficheros[::4] if RAPIDO else ficheros
    ordenes = _ordenes()
    casos = [
        (ordenes[i % len(ordenes)], {"GPUCOSTE_DATOS": str(_rota(tmp_path, f))}, f) for i, f in enumerate(ficheros)
    ]
    assert not _en_paralelo(casos)


@pytest.mark.parametrize("epoca", ["abc", "-1", "1e9", "99999999999999999999", "\uff11\uff12"])
def test_source_date_epoch_que_no_es_un_entero(monkeypatch, epoca):
    """``SOURCE_DATE_EPOCH=abc``: un error en español que lo nombra, no «invalid literal for int()»."""
    from gpucoste.datos import frescura

    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoca)
    with pytest.raises(ValueError, match=r"SOURCE_DATE_EPOCH=.* no vale; se admite un entero"):
        frescura.referencia()


def test_source_date_epoch_malo_en_la_cli():
    """Cada carga mira la fecha de hoy (ninguna fila puede ser posterior): la CLI sale con 2 y lo nombra."""
    assert not problemas(["precios"], {"SOURCE_DATE_EPOCH": "abc"}, "SOURCE_DATE_EPOCH=")


# --- Nada se lee al importar -----------------------------------------------------------------------------

_IMPORTAR_TODO = """
import importlib, sys, traceback
sys.argv = ["gpucoste"]
from gpucoste.base import paquete
for m in paquete.modulos():
    try:
        importlib.import_module(m)
    except Exception as error:
        print(f"{m}: {type(error).__name__}: {error}")
"""


def lecturas_al_importar(ruta: pathlib.Path) -> list[str]:
    """Los módulos del paquete en ``ruta`` que fallan al importarse con ``GPUCOSTE_DATOS`` en una carpeta que no
    existe: cada uno lee datos al importarse (la carpeta solo se mira al leer un CSV)."""
    entorno = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run(
        [sys.executable, "-c", _IMPORTAR_TODO],
        env=entorno | {"GPUCOSTE_DATOS": "/no/existe/gpucoste", "PYTHONPATH": str(ruta)},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ruta,
    )
    assert not r.stderr.strip(), r.stderr[-2000:]
    return r.stdout.splitlines()


def test_ningun_modulo_lee_datos_al_importarse():
    assert lecturas_al_importar(PAQUETE.parent) == []


def test_las_comprobaciones_de_proceso_pillan_una_lectura_al_importar(tmp_path):
    """Falla plantado en una copia del paquete: ``TRABAJO`` vuelve a construirse al importar."""
    shutil.copytree(PAQUETE, tmp_path / "gpucoste", ignore=shutil.ignore_patterns("__pycache__"))
    modulo = tmp_path / "gpucoste" / "guia" / "experimento_definido.py"
    modulo.write_text(modulo.read_text(encoding="utf-8") + "\nTRABAJO = Trabajo(**DEFINICION)\n", encoding="utf-8")
    assert [ln.split(":")[0] for ln in lecturas_al_importar(tmp_path)] == [
        "gpucoste.cli",
        "gpucoste.cli.calculadoras",
        "gpucoste.cli.horas_gpu",  # un módulo de gpucoste.cli importa el paquete entero, y con él cli.calculadoras
        "gpucoste.cli.interrumpible",
        "gpucoste.cli.recomendar",
        "gpucoste.cli.servir",
        "gpucoste.guia.experimento_definido",
    ]
    fallos = problemas(["--help"], {"GPUCOSTE_DATOS": "/no/existe"}, "GPUCOSTE_DATOS", tmp_path)
    assert any("traza de Python" in f for f in fallos), fallos
