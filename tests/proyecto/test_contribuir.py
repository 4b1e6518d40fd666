"""Quien sigue CONTRIBUTING.md al pie de la letra, sin leer nada más, completa sus tareas: actualiza un precio y
lo ve donde CONTRIBUTING dice, añade una página con un ejemplo ejecutado, añade una función a la biblioteca con
sus pruebas, y cada error puesto a propósito (snippet roto, enlace roto, palabra desconocida) se detecta con el
mensaje y el arreglo que CONTRIBUTING describe."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

import registro
from bs4 import BeautifulSoup
from conftest import RAIZ, celdas, construir, copiar_proyecto
from hunspell import desconocidas

from gpucoste.base.formato import dolares, numero
from gpucoste.base.formato import nivel as nivel_legible
from gpucoste.calculo import experimento

CONTRIBUTING = RAIZ / "CONTRIBUTING.md"
NOMBRE = "mi-pagina"  # el nombre que usa CONTRIBUTING.md en su ejemplo
FICHEROS_DE_PRUEBA = (
    "conftest.py",
    "herramientas.py",
    "registro.py",
    "sitio/test_snippets.py",
    "propiedades.py",
    "proyecto/test_propiedades.py",
)


def _apartado(titulo: str) -> str:
    texto = CONTRIBUTING.read_text(encoding="utf-8")
    inicio = texto.index(f"## {titulo}")
    fin = texto.find("\n## ", inicio + 1)
    return texto[inicio : fin if fin != -1 else None]


def _bloques(apartado: str, lenguaje: str) -> list[str]:
    return re.findall(rf"```{lenguaje}\n(.*?)```", apartado, re.S)


def _copia_para_contribuir(tmp_path: pathlib.Path) -> pathlib.Path:
    """Una copia del proyecto con lo que toca un contribuidor: sitio, snippets, snapshots, biblioteca y pruebas."""
    copia = tmp_path / "proyecto"
    copia.mkdir()
    shutil.copy(RAIZ / "mkdocs.yml", copia)
    for carpeta in ("docs", "snippets", "tests/snapshots", "tests/ortografia", "src", "construccion"):
        shutil.copytree(RAIZ / carpeta, copia / carpeta, ignore=shutil.ignore_patterns("__pycache__"))
    for fichero in FICHEROS_DE_PRUEBA:
        (copia / "tests" / fichero).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(RAIZ / "tests" / fichero, copia / "tests" / fichero)
    return copia


def _entorno(copia: pathlib.Path, **extra: str) -> dict[str, str]:
    """La biblioteca de la copia por delante de la instalada (que es la del repositorio)."""
    return {"PYTHONPATH": str(copia / "src"), "GPUCOSTE_DATOS": "", **extra}


def _pytest(copia, *pruebas: str, **env) -> subprocess.CompletedProcess:
    """Lo que hacen «make snapshots»/«make check» con las pruebas de la copia."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", *pruebas, "-q", "-p", "no:cacheprovider", "-m", "not construye"],
        cwd=copia,
        env={**os.environ, **_entorno(copia), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _anadir_pagina(copia: pathlib.Path) -> pathlib.Path:
    """Los pasos 1 y 3 de «Añadir una página con un ejemplo ejecutado», tal como los escribe CONTRIBUTING."""
    apartado = _apartado("Añadir una página con un ejemplo ejecutado")
    subprocess.run(["bash", "-euc", _bloques(apartado, "bash")[0]], cwd=copia, check=True)
    pagina = copia / "docs" / f"{NOMBRE}.md"
    assert pagina.read_text(encoding="utf-8").count("nombre-de-la-pagina") == 3
    pagina.write_text(pagina.read_text(encoding="utf-8").replace("nombre-de-la-pagina", NOMBRE), encoding="utf-8")
    linea = re.search(r"`(  - [^`]+: " + NOMBRE + r"\.md)`", apartado).group(1)
    config = copia / "mkdocs.yml"
    texto = config.read_text(encoding="utf-8")
    assert texto.count("  - Glosario: glosario.md\n") == 1
    config.write_text(texto.replace("  - Glosario: glosario.md\n", f"{linea}\n  - Glosario: glosario.md\n"))
    return pagina


def test_anadir_una_pagina_siguiendo_contributing(tmp_path):
    copia = _copia_para_contribuir(tmp_path)
    _anadir_pagina(copia)
    apartado = _apartado("Añadir una página con un ejemplo ejecutado")
    # Paso 4: make snapshots, y las pruebas de los snippets pasan. Solo los casos de la página nueva (-k): los demás
    # snippets ya los prueba tests/sitio/test_snippets.py, y sin ningún caso pytest sale con 5 (la prueba falla).
    assert "make snapshots" in apartado and "make check" in apartado
    r = _pytest(copia, "tests/sitio/test_snippets.py", "-k", NOMBRE, GPUCOSTE_ACTUALIZAR_SNAPSHOTS="1")
    assert r.returncode == 0, r.stdout
    assert (copia / "tests" / "snapshots" / NOMBRE / "ejemplo.txt").is_file()
    r = _pytest(copia, "tests/sitio/test_snippets.py", "-k", NOMBRE)
    assert r.returncode == 0, r.stdout
    # «make lint»: el snippet nuevo cumple las reglas de ruff de snippets/ (líneas cortas, para la página).
    ruff = pathlib.Path(sys.executable).with_name("ruff")
    r = subprocess.run(
        [str(ruff), "check", "--config", str(RAIZ / "snippets" / "ruff.toml"), str(copia / "snippets" / NOMBRE)],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout

    # Y la construcción estricta publica la cifra que calcula la biblioteca.
    r = construir(tmp_path / "sitio", raiz=copia, env=_entorno(copia))
    assert r.returncode == 0, r.stderr
    html = BeautifulSoup((tmp_path / "sitio" / NOMBRE / "index.html").read_text(encoding="utf-8"), "html.parser")
    tabla = experimento.tabla(experimento.FINETUNING)
    assert dolares(tabla["coste"].min()) in html.find("article").get_text()


def test_sin_la_entrada_de_nav_la_construccion_falla(tmp_path):
    """El paso 3 no sobra: una página fuera de nav rompe la construcción estricta, y el aviso dice qué hacer."""
    copia = copiar_proyecto(tmp_path / "proyecto")
    shutil.copy(RAIZ / "docs" / ".plantillas" / "pagina.md", copia / "docs" / "huerfana.md")
    (copia / "snippets" / "nombre-de-la-pagina").mkdir()
    shutil.copy(RAIZ / "docs" / ".plantillas" / "ejemplo.py", copia / "snippets" / "nombre-de-la-pagina")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "huerfana.md" in r.stderr
    assert "mkdocs.yml" in registro.resumen(r.registro, copia)


def test_actualizar_un_precio_siguiendo_contributing(carpeta_datos, tmp_path):
    """La fila de ejemplo de «Actualizar un precio» sale donde CONTRIBUTING dice, y solo ahí."""
    apartado = _apartado("Actualizar un precio")
    fila = _bloques(apartado, "csv")[0].strip()
    gpu, proveedor, nivel, precio = fila.split(",")[:4]
    ruta = carpeta_datos / "precios.csv"
    ruta.write_text(ruta.read_text(encoding="utf-8").rstrip("\n") + "\n" + fila + "\n", encoding="utf-8")
    # «.venv/bin/gpucoste precios» lista la fila nueva.
    gpucoste = pathlib.Path(sys.executable).with_name("gpucoste")
    r = subprocess.run([str(gpucoste), "precios"], capture_output=True, text=True, env=os.environ)
    assert r.returncode == 0 and (precio in r.stdout or numero(float(precio)) in r.stdout), r.stdout + r.stderr

    r = construir(tmp_path / "sitio", env={"GPUCOSTE_DATOS": str(carpeta_datos)})
    assert r.returncode == 0, r.stderr
    sopa = BeautifulSoup(
        (tmp_path / "sitio" / "alquilar-gpus-por-horas" / "index.html").read_text(encoding="utf-8"), "html.parser"
    )
    # En la tabla del apartado que nombra CONTRIBUTING (#precios-recientes)…
    ancla = re.search(r"`#([\w-]+)`", apartado)[1]
    tabla = sopa.find(id=ancla).find_next("table")
    filas = celdas(tabla)
    esperado = f"{gpu} ({nivel_legible(nivel)})"
    assert [f for f in filas if f[0] == esperado and numero(float(precio)) in f], (esperado, filas)
    # …en «Alternativas a Vast.ai», que compara la H100 en cada proveedor…
    if "*Alternativas a Vast.ai*" in apartado and gpu == "H100 80GB":
        alternativas = (tmp_path / "sitio" / "alternativas" / "index.html").read_text(encoding="utf-8")
        texto = BeautifulSoup(alternativas, "html.parser").find("article").get_text(" ")
        assert numero(float(precio)) in texto
    # …y no en la tabla principal del experimento, que usa el precio de la fecha de su escenario.
    principal = sopa.find(id="experimento").find_next("table")
    assert proveedor == "Vast.ai"
    assert numero(float(precio)) not in principal.get_text() and precio not in principal.get_text()


def test_anadir_una_funcion_y_romper_cosas_siguiendo_contributing(tmp_path):
    """«Añadir una función a la biblioteca»: el módulo, sus pruebas y la exportación, tal cual; un snippet que la
    usa en la página nueva; y los errores puestos a propósito, con el mensaje que promete CONTRIBUTING."""
    apartado = _apartado("Añadir una función a la biblioteca")
    copia = _copia_para_contribuir(tmp_path)
    # Los bloques de código empiezan con la ruta del fichero: «# src/gpucoste/calculo/epocas.py».
    rutas = []
    for bloque in _bloques(apartado, "python"):
        ruta = re.match(r"# (\S+\.py)\n", bloque)[1]
        rutas.append(ruta)
        assert not (RAIZ / ruta).exists(), f"el ejemplo de CONTRIBUTING pisa {ruta}, que ya existe: renómbralo"
        (copia / ruta).parent.mkdir(parents=True, exist_ok=True)
        (copia / ruta).write_text(bloque, encoding="utf-8")
    # Paso 5: exportar en __init__.py (la línea que da CONTRIBUTING y el nombre en __all__).
    importacion = re.search(r"`(from gpucoste\.calculo\.(\w+) import (\w+))`", apartado)
    init = copia / "src" / "gpucoste" / "__init__.py"
    texto = init.read_text(encoding="utf-8").replace("\n__all__ = [\n", f"{importacion[1]}\n\n__all__ = [\n", 1)
    init.write_text(texto.replace("__all__ = [\n", f'__all__ = [\n    "{importacion[3]}",\n', 1), encoding="utf-8")
    modulo, funcion = importacion[2], importacion[3]
    # Paso 4: el registro en el arnés de propiedades (la línea que da CONTRIBUTING, tras importar el módulo).
    registro_propiedades = re.search(r"`(funcion\(" + modulo + r"\.\w+, .*?\))`", apartado)[1]
    arnes = copia / "tests" / "propiedades.py"
    texto = arnes.read_text(encoding="utf-8")
    texto += f"\nfrom gpucoste.calculo import {modulo}  # noqa: E402\n{registro_propiedades}\n"
    arnes.write_text(texto, encoding="utf-8")
    # Las pruebas siguen al paquete: las de src/gpucoste/calculo/x.py, en tests/calculo/test_x.py.
    assert f"tests/calculo/test_{modulo}.py" in rutas, rutas
    r = _pytest(copia, f"tests/calculo/test_{modulo}.py")
    assert r.returncode == 0 and "passed" in r.stdout, r.stdout
    r = _pytest(copia, "tests/proyecto/test_propiedades.py", "-k", funcion)
    assert r.returncode == 0 and " passed" in r.stdout, r.stdout

    # Paso 6, en la página nueva: el snippet con el nombre y el id de «Reglas de los snippets».
    pagina = _anadir_pagina(copia)
    reglas = _apartado("Reglas de los snippets")
    valla = re.search(r"(```python exec=\"on\" session=\"" + NOMBRE + r"\" id=\"[\w-]+\")", reglas)[1]
    include = re.search(r'`(--8<-- "snippets/' + NOMBRE + r'/(\w+\.py)")`', reglas)
    llamada = re.search(r"`(print\(f\".*?\"\))`", apartado)[1]
    snippet = copia / "snippets" / NOMBRE / include[2]
    snippet.write_text(
        f"# Lo que cuesta cada época de un entrenamiento.\nfrom gpucoste import {funcion}\n"
        f"from gpucoste.base.formato import dolares\n\n{llamada}\n",
        encoding="utf-8",
    )
    bloque = f"\n{valla}\n{include[1]}\n```\n"
    pagina.write_text(pagina.read_text(encoding="utf-8") + bloque, encoding="utf-8")
    r = _pytest(copia, "tests/sitio/test_snippets.py", "-k", NOMBRE, GPUCOSTE_ACTUALIZAR_SNAPSHOTS="1")
    assert r.returncode == 0, r.stdout
    r = construir(tmp_path / "sitio", raiz=copia, env=_entorno(copia))
    assert r.returncode == 0, r.stderr
    articulo = BeautifulSoup((tmp_path / "sitio" / NOMBRE / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert dolares(1.35 * 1.5 / 3) in articulo.find("article").get_text()

    # La ortografía: una palabra que el corrector no conoce, y el arreglo de «el paso del diccionario».
    pagina.write_text(pagina.read_text(encoding="utf-8") + "\nTambién en Qwzpxl.\n", encoding="utf-8")
    r = construir(tmp_path / "sitio-2", raiz=copia, env=_entorno(copia))
    assert r.returncode == 0, r.stderr
    diccionario = copia / "tests" / "ortografia" / "diccionario.txt"
    assert "tests/ortografia/diccionario.txt" in _apartado("Ortografía: el paso del diccionario")
    malas, _ = desconocidas(tmp_path / "sitio-2", diccionario)
    assert malas == {"Qwzpxl": [f"{NOMBRE}/index.html"]}
    palabras = sorted({*diccionario.read_text(encoding="utf-8").split(), "Qwzpxl"}, key=lambda p: (p.lower(), p))
    diccionario.write_text("\n".join(palabras) + "\n", encoding="utf-8")
    assert desconocidas(tmp_path / "sitio-2", diccionario)[0] == {}

    # Errores puestos a propósito: una entrada mala en el snippet y un enlace a un ancla que no existe.
    snippet.write_text(snippet.read_text(encoding="utf-8").replace(", 3)", ", 0)"), encoding="utf-8")
    pagina.write_text(pagina.read_text(encoding="utf-8") + "\n[Glosario](glosario.md#no-existe)\n", encoding="utf-8")
    r = construir(tmp_path / "sitio-3", raiz=copia, env=_entorno(copia))
    assert r.returncode != 0
    explicados = ["\n".join(registro.explicar(b, copia)) for b in registro.avisos(r.registro)]
    linea = next(n for n, ln in enumerate(snippet.read_text(encoding="utf-8").splitlines(), 1) if ", 0)" in ln)
    assert any(
        f"docs/{NOMBRE}.md:" in e and f"snippets/{NOMBRE}/{include[2]}:{linea}: ValueError: epocas: 0" in e
        for e in explicados
    ), explicados
    enlace = len(pagina.read_text(encoding="utf-8").splitlines())
    esperado = f"docs/{NOMBRE}.md:{enlace}: el enlace «glosario.md#no-existe»"
    assert any(e.startswith(esperado) for e in explicados), explicados
