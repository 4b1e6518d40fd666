"""Un solo cargador: cada lectura de un CSV de datos pasa por el esquema declarado, y ningún error suyo se calla.

Estática (recorre el código con ``ast``, sin ejecutarlo):

- ``lecturas_directas``: fuera de ``gpucoste.base.esquema`` (``cargar`` y ``contenido``) y de ``gpucoste.base.lector``
  (que abre el fichero para ellas), ningún módulo de la biblioteca lee un fichero (``open`` para leer,
  ``.read_text``, ``.read_bytes``, ``csv.reader``, ``read_csv``…) ni busca la carpeta del paquete
  (``resources.files``), salvo los de ``LECTURAS_PERMITIDAS``, cada uno con su motivo;
- ``errores_callados``: un ``except ValueError`` (o ``Exception``) que no vuelve a lanzar el error y no lo usa debe
  ir detrás de ``except esquema.ErrorDeDatos: raise``: el ``ValueError`` de «no hay lectura» o «no cabe» que espera no
  puede tragarse el de un CSV roto (así pasaba con ``atipicos.csv`` en UTF-16 en la primera versión, issue 35).

Cada regla tiene su fallo plantado en una copia del paquete.
"""

from __future__ import annotations

import ast
import os
import pathlib
import shutil

import pytest

from gpucoste.base import esquema, lector, paquete

CARGADOR = ("base/esquema.py", "base/lector.py")
"""El cargador declarado: lee cada CSV (``cargar``, que abre el fichero con ``lector``) y lo publica tal cual tras
cargarlo (``contenido``)."""

LECTURAS_PERMITIDAS = {
    "calculo/calibracion.py:<módulo>": "python -m gpucoste.calculo.calibracion (make calibrar) busca en el paquete la "
    "ruta de ajustes.csv para escribirlo, no para leerlo",
    "recoleccion/precios.py:anadir": "el recolector añade filas al final de precios.csv (lee los bytes para "
    "deshacer) y valida el resultado con el cargador",
    "recoleccion/precios.py:orden": "escribe el resumen de la semana (modo «a» o «w»), no lee datos",
    "recoleccion/cambios.py:_escribir": "el recolector reescribe la fila del BCE de moneda.csv o añade una a "
    "cambios.csv y valida el resultado con el cargador (si no valida, deshace)",
    "recoleccion/cambios.py:guardadas": "lee la respuesta guardada de un organismo (las pruebas, sin red)",
    "recoleccion/fuente_vast.py:consultar_vast": "las respuestas de la API de Vast.ai guardadas para las "
    "pruebas (JSON)",
    "recoleccion/fuente_catalogo.py:consultar_catalogo": "la versión del catálogo de gpuhunt guardada para las pruebas",
    "recoleccion/fuente_en_linea.py:consultar_en_linea": "las respuestas de las API de Lium y Vultr guardadas para las "
    "pruebas (JSON)",
    "cli/config.py:leer_config": "lee el config.json que da el lector con --config (un modelo que no está en los "
    "datos), no un CSV de datos",
    "recoleccion/precios.py:_en_seco": "compara los CSV de una copia de la carpeta de datos con los originales, como "
    "texto, para imprimir el diff de la pull request (no los carga)",
}
"""Módulos que leen ficheros que no son un CSV de datos (o que escriben uno), con el motivo."""

_LEEN = {"read_text", "read_bytes", "read_csv", "loadtxt", "genfromtxt", "reader", "DictReader", "files"}
"""Llamadas que leen un fichero o llevan a la carpeta del paquete (``x.read_text()``, ``csv.reader(…)``,
``pd.read_csv(…)``, ``resources.files(…)``)."""


def _modo(llamada: ast.Call, posicion: int) -> str:
    """El modo de un ``open`` (``"r"`` si no se da o no es un literal)."""
    modo = llamada.args[posicion] if len(llamada.args) > posicion else None
    modo = next((k.value for k in llamada.keywords if k.arg == "mode"), modo)
    return modo.value if isinstance(modo, ast.Constant) and isinstance(modo.value, str) else "r"


def _lectura(llamada: ast.Call) -> str | None:
    """Qué lee ``llamada`` («open», «read_text»…), o None si no lee un fichero."""
    f = llamada.func
    if isinstance(f, ast.Name) and f.id == "open":
        return None if set(_modo(llamada, 1)) & set("wax") else "open"
    if isinstance(f, ast.Attribute):
        if f.attr == "open" and not (isinstance(f.value, ast.Name) and f.value.id == "os"):
            # pathlib.Path.open(modo) o io.open(fichero, modo)
            posicion = 1 if isinstance(f.value, ast.Name) and f.value.id == "io" else 0
            return None if set(_modo(llamada, posicion)) & set("wax") else "open"
        if f.attr in _LEEN:
            return f.attr
    return None


def _llamadas(arbol: ast.AST, funcion: str = "<módulo>"):
    """(función de nivel superior que la contiene, llamada) de cada llamada de ``arbol``."""
    for hijo in ast.iter_child_nodes(arbol):
        dentro = (
            hijo.name if funcion == "<módulo>" and isinstance(hijo, ast.FunctionDef | ast.AsyncFunctionDef) else funcion
        )
        if isinstance(hijo, ast.Call):
            yield funcion, hijo
        yield from _llamadas(hijo, dentro)


def lecturas_directas(raiz: pathlib.Path) -> list[str]:
    """Cada lectura de un fichero fuera del cargador: «guia/primera_version.py:12: read_text»."""
    salida = []
    for ruta in sorted(raiz.rglob("*.py")):
        relativa = ruta.relative_to(raiz).as_posix()
        if relativa in CARGADOR:
            continue
        for funcion, llamada in _llamadas(ast.parse(ruta.read_text(encoding="utf-8"))):
            if (que := _lectura(llamada)) and f"{relativa}:{funcion}" not in LECTURAS_PERMITIDAS:
                salida.append(f"{relativa}:{llamada.lineno}: {que}")
    return salida


def _nombres(nodo: ast.expr | None) -> set[str]:
    """Los nombres de las excepciones de un ``except`` (``ValueError``, ``esquema.ErrorDeDatos`` → «ErrorDeDatos»)."""
    if nodo is None:
        return {"Exception"}  # un except desnudo lo atrapa todo
    elementos = nodo.elts if isinstance(nodo, ast.Tuple) else [nodo]
    return {e.attr if isinstance(e, ast.Attribute) else getattr(e, "id", "") for e in elementos}


def _relanza(manejador: ast.ExceptHandler) -> bool:
    """¿Vuelve a lanzar el error (``raise`` a secas) o lo usa (``except ValueError as error`` y nombra ``error``)?"""
    for nodo in ast.walk(manejador):
        if isinstance(nodo, ast.Raise) and nodo.exc is None:
            return True
        if manejador.name and isinstance(nodo, ast.Name) and nodo.id == manejador.name:
            return True
    return False


def _solo_conversiones(cuerpo: list[ast.stmt]) -> bool:
    """¿El ``try`` solo convierte un texto (``float(x)``, ``int(x)``, ``dt.date.fromisoformat``…), sin leer datos?"""
    for nodo in ast.walk(ast.Module(body=cuerpo, type_ignores=[])):
        if isinstance(nodo, ast.Call):
            f = nodo.func
            nombre = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if nombre not in {"float", "int", "fromisoformat", "strptime", "date", "Decimal"}:
                return False
    return True


def errores_callados(raiz: pathlib.Path) -> list[str]:
    """Cada ``except ValueError`` que calla un error (sin ``raise`` ni usarlo) sin dejar pasar antes el de los datos:
    «calculo/modalidades.py:157»."""
    salida = []
    for ruta in sorted(raiz.rglob("*.py")):
        relativa = ruta.relative_to(raiz).as_posix()
        if relativa.startswith(("base/", "recoleccion/")):
            continue  # base está debajo del cargador; el recolector no calcula páginas
        for nodo in ast.walk(ast.parse(ruta.read_text(encoding="utf-8"))):
            if not isinstance(nodo, ast.Try) or _solo_conversiones(nodo.body):
                continue
            antes: set[str] = set()
            for manejador in nodo.handlers:
                atrapa = _nombres(manejador.type)
                if atrapa & {"ValueError", "Exception"} and "ErrorDeDatos" not in antes and not _relanza(manejador):
                    salida.append(f"{relativa}:{manejador.lineno}")
                if _relanza(manejador):
                    antes |= atrapa
    return salida


def test_ningun_modulo_lee_un_fichero_fuera_del_cargador():
    malas = lecturas_directas(paquete.RAIZ)
    assert not malas, (
        "estas líneas leen un fichero sin pasar por gpucoste.base.esquema: carga el CSV con esquema.cargar(TABLA) (o "
        f"publícalo con esquema.contenido) o, si no es un CSV de datos, añádelo con su motivo a LECTURAS_PERMITIDAS: "
        f"{malas}"
    )


def test_ningun_error_de_los_datos_se_calla():
    malos = errores_callados(paquete.RAIZ)
    assert not malos, (
        "estos except ValueError callan también el error de un CSV roto: pon antes «except esquema.ErrorDeDatos: "
        f"raise»: {malos}"
    )


def _copia(tmp_path: pathlib.Path) -> pathlib.Path:
    copia = tmp_path / "gpucoste"
    shutil.copytree(paquete.RAIZ, copia, ignore=shutil.ignore_patterns("__pycache__", "*.csv"))
    return copia


@pytest.mark.parametrize(
    ("linea", "esperada"),
    [
        # La lectura de la primera versión que encontró el fuzz: atipicos.csv a mano, con csv.
        (
            "def _marcados():\n    import csv\n    from importlib import resources\n"
            "    ruta = resources.files('gpucoste') / 'datos' / 'atipicos.csv'\n"
            "    return list(csv.DictReader(ruta.open(encoding='utf-8')))\n",
            "guia/primera_version.py:",
        ),
        ("def _leer(ruta):\n    return open(ruta, encoding='utf-8').read()\n", ": open"),
        ("def _leer(ruta):\n    return ruta.read_bytes()\n", ": read_bytes"),
        ("def _leer(ruta):\n    import pandas as pd\n    return pd.read_csv(ruta)\n", ": read_csv"),
    ],
)
def test_la_prueba_pilla_una_lectura_plantada(tmp_path, linea, esperada):
    copia = _copia(tmp_path)
    ruta = copia / "guia" / "primera_version.py"
    ruta.write_text(ruta.read_text(encoding="utf-8") + "\n\n" + linea, encoding="utf-8")
    nuevas = set(lecturas_directas(copia)) - set(lecturas_directas(paquete.RAIZ))
    assert any(n.startswith("guia/primera_version.py:") and esperada in n for n in nuevas), nuevas


def test_escribir_un_fichero_no_es_leerlo(tmp_path):
    copia = _copia(tmp_path)
    ruta = copia / "guia" / "primera_version.py"
    ruta.write_text(
        ruta.read_text(encoding="utf-8") + "\n\ndef _escribir(ruta):\n    open(ruta, 'w').write('x')\n",
        encoding="utf-8",
    )
    assert lecturas_directas(copia) == lecturas_directas(paquete.RAIZ)


def test_la_prueba_pilla_un_error_callado_plantado(tmp_path):
    """El ``try`` de ``primera_version._precios`` sin su ``except esquema.ErrorDeDatos: raise``: como antes."""
    copia = _copia(tmp_path)
    ruta = copia / "guia" / "primera_version.py"
    texto = ruta.read_text(encoding="utf-8")
    quitado = (
        "        except esquema.ErrorDeDatos:  # un CSV roto (atipicos.csv en UTF-16…) no es «sin lectura»: se dice\n"
    )
    assert quitado in texto
    ruta.write_text(texto.replace(quitado + "            raise\n", ""), encoding="utf-8")
    assert [m for m in errores_callados(copia) if m.startswith("guia/primera_version.py:")]
    assert not errores_callados(paquete.RAIZ)


# --- Dinámica: un CSV roto que una función lee nunca da un resultado ------------------------------------------------


def _datos_rotos(tmp_path: pathlib.Path, fichero: str) -> pathlib.Path:
    """Una copia de la carpeta de datos con ``fichero`` guardado en UTF-16 (como lo guarda a veces una hoja)."""
    carpeta = tmp_path / "datos"
    shutil.copytree(lector._del_paquete(), carpeta)
    texto = (carpeta / fichero).read_text(encoding="utf-8")
    (carpeta / fichero).write_text(texto, encoding="utf-16")
    return carpeta


@pytest.mark.parametrize("fichero", ["atipicos.csv", "precios.csv", "escenarios.csv", "ajustes.csv"])
def test_la_primera_version_con_un_csv_roto_da_su_error(tmp_path, monkeypatch, fichero):
    """El reproductor del issue 35: ``primera_version.tabla`` con ``atipicos.csv`` en UTF-16 daba la tabla publicada
    con «sin ninguna lectura en los datos»; ahora, el error del fichero."""
    from gpucoste.guia import primera_version

    monkeypatch.setenv("GPUCOSTE_DATOS", str(_datos_rotos(tmp_path, fichero)))
    esquema.limpiar()
    try:
        with pytest.raises(esquema.ErrorDeDatos, match=rf"^{fichero}, línea 1: el fichero no está en UTF-8"):
            primera_version.tabla()
    finally:
        monkeypatch.delenv("GPUCOSTE_DATOS")
        esquema.limpiar()


def test_contenido_publica_el_csv_solo_si_carga(tmp_path, monkeypatch):
    from gpucoste.guia import publicacion

    assert esquema.contenido(esquema.TABLAS["atipicos.csv"]) == (lector._del_paquete() / "atipicos.csv").read_bytes()
    monkeypatch.setenv("GPUCOSTE_DATOS", str(_datos_rotos(tmp_path, "atipicos.csv")))
    esquema.limpiar()
    try:
        with pytest.raises(esquema.ErrorDeDatos, match="^atipicos.csv"):
            publicacion.ficheros()
    finally:
        monkeypatch.delenv("GPUCOSTE_DATOS")
        esquema.limpiar()
    assert os.environ.get("GPUCOSTE_DATOS") is None
