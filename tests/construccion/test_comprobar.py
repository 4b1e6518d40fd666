"""«make check» está de acuerdo con «make test»: pasa cada prueba que el cambio alcanza, la ortografía y la
guía de estilo de las páginas que toca, y exige ``id`` de bloque únicos. Cada regla, con su fallo plantado.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import alcance
import comprobar
import pytest
from conftest import RAIZ, repartir
from hypothesis import given
from hypothesis import strategies as st


def _copia(tmp_path):
    """Una copia de ``src/gpucoste``, ``tests``, ``docs``, ``snippets``, ``construccion`` y ``mkdocs.yml`` donde plantar
    fallos."""
    raiz = tmp_path / "proyecto"
    for carpeta in ("src/gpucoste", "tests", "docs", "snippets", "construccion"):
        shutil.copytree(
            RAIZ / carpeta, raiz / carpeta, ignore=shutil.ignore_patterns("__pycache__", "node_modules", "snapshots")
        )
    shutil.copy(RAIZ / "mkdocs.yml", raiz / "mkdocs.yml")
    return raiz


def test_un_cambio_de_datos_alcanza_las_pruebas_que_leen_datos_a_traves_de_un_modulo():
    """El caso del issue: un CSV cambiado no pasaba ``test_dibujo.py`` (la dispersión dibuja las filas del ranking,
    que lee precios.csv a través de ``ranking`` y ``datos``). Ahora pasa cada prueba que lee el fichero, una a una."""
    pruebas = alcance.pruebas_afectadas(["src/gpucoste/datos/precios.csv"])
    assert "tests/graficos/test_dibujo.py::test_dispersion_un_punto_por_fila_y_la_frontera_de_pareto" in pruebas
    assert "tests/graficos/test_dibujo.py::test_marcas_redondas_que_cubren_el_intervalo" not in pruebas  # no lee datos
    assert any(p.startswith("tests/datos/test_datos.py::") for p in pruebas)
    assert "tests/sitio/test_snippets.py::test_salida_igual_al_snapshot[precios/precios.py]" in pruebas
    assert not any(p.startswith("tests/calculo/test_interrupciones.py") for p in pruebas)  # interrupciones no lee datos
    # Un fichero que pocas pruebas leen alcanza menos que precios.csv (que casi todo lee).
    assert len(alcance.pruebas_afectadas(["src/gpucoste/datos/vast_reglas.csv"])) < len(pruebas)


_PLANTADO = """
import functools

from gpucoste import datos
from gpucoste.base import esquema

REGISTRO = {}


def registra(funcion):
    REGISTRO[funcion.__name__] = funcion
    return funcion


@registra
def lee_ventanas():
    return datos.ventanas()


@functools.cache
def por_el_registro(nombre):
    return REGISTRO[nombre]()


def todas():
    return [esquema.cargar(t) for t in esquema.declaradas().values()]


def nada():
    return 1
"""

_PRUEBAS_PLANTADAS = {
    "test_plantada_lecturas.py": """
import leidos
from gpucoste import plantado
from gpucoste.plantado import nada


def test_directa():
    assert leidos.filas("vast_reglas.csv")


def test_por_un_registro():
    assert plantado.por_el_registro("lee_ventanas")


def test_todas():
    plantado.todas()


def test_ninguna():
    assert nada() == 1


def test_por_una_fixture(fixture_plantada):
    pass


import pytest


@pytest.fixture
def fixture_plantada():
    return leidos.filas("politicas.csv")
""",
    "test_plantada_al_importar.py": """
import leidos

FILAS = leidos.filas("paises.csv")


def test_a():
    assert FILAS
""",
}


def test_un_cambio_de_datos_alcanza_cada_lectura_plantada(tmp_path):
    """Lecturas plantadas en una copia: directa, por una fixture, al importar, por un registro y una caché de la
    biblioteca, y de todas las tablas; y una prueba que no lee nada, que no se pasa."""
    raiz = _copia(tmp_path)
    (raiz / "src" / "gpucoste" / "plantado.py").write_text(_PLANTADO, encoding="utf-8")
    for nombre, texto in _PRUEBAS_PLANTADAS.items():
        (raiz / "tests" / nombre).write_text(texto, encoding="utf-8")

    def plantadas(csv: str) -> set[str]:
        return {
            p.removeprefix("tests/test_plantada_")
            for p in alcance.pruebas_afectadas([f"src/gpucoste/datos/{csv}"], raiz)
            if "test_plantada_" in p
        }

    todas = "lecturas.py::test_todas"
    assert plantadas("vast_reglas.csv") == {"lecturas.py::test_directa", todas}
    assert plantadas("ventanas.csv") == {"lecturas.py::test_por_un_registro", todas}
    assert plantadas("modelos.csv") >= {"lecturas.py::test_por_un_registro", todas}  # ventanas remite a modelos
    assert plantadas("politicas.csv") == {"lecturas.py::test_por_una_fixture", todas}
    assert plantadas("paises.csv") == {"al_importar.py::test_a", todas}


_ARNES_PLANTADO = """
import math

from gpucoste.calculo import vast


def lee_reglas(x: float) -> float:
    return math.nan if vast.regla("descuento_reserva_max").valor < 2 else x  # el fallo plantado: un NaN callado


def sin_datos(x: float) -> float:
    return x
"""


def test_un_cambio_de_datos_pasa_los_casos_del_arnes_cuya_funcion_lo_lee(tmp_path):
    """Caso a caso en el arnés de propiedades: un CSV que lee una sola función plantada (vast_reglas.csv) alcanza los
    casos de esa función en cada prueba del arnés y no los de otra que no lee datos; y el fallo plantado en la función
    que lo lee (un NaN) hace fallar esos casos, los que pasa make check."""
    raiz = _copia(tmp_path)
    (raiz / "src" / "gpucoste" / "plantado.py").write_text(_ARNES_PLANTADO, encoding="utf-8")
    propiedades = raiz / "tests" / "propiedades.py"
    registro = "\nfrom gpucoste import plantado  # noqa: E402\n\nfuncion(plantado.lee_reglas, POSITIVO)\n"
    registro += "funcion(plantado.sin_datos, POSITIVO)\n"
    propiedades.write_text(propiedades.read_text(encoding="utf-8") + registro, encoding="utf-8")
    pruebas = alcance.pruebas_afectadas(["src/gpucoste/datos/vast_reglas.csv"], raiz)
    arnes = ("test_buenos_dan_un_resultado_finito", "test_extremos_dan_un_resultado_finito_o_un_error")
    arnes += ("test_un_argumento_malo_da_value_error_que_lo_nombra",)
    for prueba in arnes:
        assert f"tests/proyecto/test_propiedades.py::{prueba}" not in pruebas, "la prueba entera, no caso a caso"
        assert f"tests/proyecto/test_propiedades.py::{prueba}[plantado.lee_reglas]" in pruebas
        assert f"tests/proyecto/test_propiedades.py::{prueba}[plantado.sin_datos]" not in pruebas
    casos = [p for p in pruebas if p.startswith("tests/proyecto/test_propiedades.py::test_") and "[" in p]
    assert (
        len(casos)
        < len(arnes) * len(alcance.casos_registrados(alcance.lecturas(raiz))[("tests/propiedades", "FUNCIONES")]) / 4
    )
    resultado = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--no-header", "--tb=line"]
        + [p for p in casos if "plantado" in p],
        cwd=raiz,
        env={**os.environ, "PYTHONPATH": str(raiz / "src"), "GPUCOSTE_RAPIDO": "1", "GPUCOSTE_DATOS": ""},
        capture_output=True,
        text=True,
    )
    assert resultado.returncode == 1, resultado.stdout[-2000:]
    assert "test_buenos_dan_un_resultado_finito[plantado.lee_reglas]" in resultado.stdout, resultado.stdout[-2000:]


def test_los_snapshots_de_snippets_solo_con_un_cambio_que_mueve_su_salida():
    """Lo que imprime un snippet depende de él y de la biblioteca: una coma de la prosa no lo mueve (la construcción
    estricta ya ejecuta cada bloque) y solo se comprueban las reglas de los snippets (cada uno, en su página); un
    snippet o su snapshot cambiados, solo los casos de ese snippet; la biblioteca, todos."""
    assert f"def {alcance.REGLAS_SNIPPETS}(" in (RAIZ / "tests" / f"{alcance.PRUEBA_SNIPPETS}.py").read_text(
        encoding="utf-8"
    )
    reglas = f"tests/sitio/test_snippets.py::{alcance.REGLAS_SNIPPETS}"
    assert alcance.pruebas_afectadas(["docs/glosario.md"]) == [reglas]
    pruebas = alcance.pruebas_afectadas(["src/gpucoste/base/formato.py", "docs/glosario.md"])
    assert "tests/sitio/test_snippets.py" in pruebas and reglas not in pruebas
    por_snippet = alcance.por_snippet()
    assert "test_salida_igual_al_snapshot" in por_snippet["tests/sitio/test_snippets.py"]
    for cambio in ("snippets/vast-ai/precio.py", "tests/snapshots/vast-ai/precio.txt"):
        pruebas = alcance.pruebas_afectadas([cambio])
        assert "tests/sitio/test_snippets.py::test_salida_igual_al_snapshot[vast-ai/precio.py]" in pruebas, cambio
        assert "tests/sitio/test_snippets.py::test_cada_snapshot_tiene_su_snippet" in pruebas, cambio
        for fichero, funciones in por_snippet.items():
            assert {f"{fichero}::{f}[vast-ai/precio.py]" for f in funciones} <= set(pruebas), cambio
        assert not [p for p in pruebas if "[" in p and not p.endswith("[vast-ai/precio.py]")], cambio
    assert alcance.pruebas_afectadas(["mkdocs.yml"]) == []


def test_el_alcance_pilla_una_prueba_plantada(tmp_path):
    raiz = _copia(tmp_path)
    (raiz / "tests" / "test_plantada.py").write_text("from gpucoste.calculo import arranque\n", encoding="utf-8")
    (raiz / "tests" / "ayuda_plantada.py").write_text("from gpucoste.base.formato import numero\n", encoding="utf-8")
    (raiz / "tests" / "test_plantada_ayuda.py").write_text("import ayuda_plantada\n", encoding="utf-8")
    (raiz / "tests" / "test_plantada_sin_datos.py").write_text(
        "from gpucoste.base import validacion\n", encoding="utf-8"
    )
    # Un módulo cambiado alcanza a quien lo importa a través de otro (arranque → memoria → datos).
    assert "tests/test_plantada.py" in alcance.pruebas_afectadas(["src/gpucoste/datos/__init__.py"], raiz)
    assert "tests/test_plantada_ayuda.py" in alcance.pruebas_afectadas(["tests/ayuda_plantada.py"], raiz)
    assert len(alcance.pruebas_afectadas(["tests/conftest.py"], raiz)) == len(alcance.pruebas_de(raiz / "tests"))


def test_ids_de_bloque_unicos_en_docs():
    assert alcance.ids_repetidos() == {}


def test_un_id_repetido_falla_con_sus_dos_sitios(tmp_path, capsys, monkeypatch):
    """Fallo plantado: otra página usa el ``id`` de un bloque de la guía (como el ejemplo de CONTRIBUTING)."""
    raiz = _copia(tmp_path)
    pagina = next(p for p in sorted((raiz / "docs").glob("*.md")) if 'id="' in p.read_text(encoding="utf-8"))
    texto = pagina.read_text(encoding="utf-8")
    bloque = next(ln for ln in texto.splitlines() if ln.lstrip().startswith("```") and 'id="' in ln)
    el_id = bloque.split('id="')[1].split('"')[0]
    nueva = raiz / "docs" / "plantada.md"
    nueva.write_text(f"# Plantada\n\n{bloque.strip()}\nprint(1)\n```\n", encoding="utf-8")
    repetidos = alcance.ids_repetidos(raiz)
    assert list(repetidos) == [el_id]
    assert repetidos[el_id][-1] == "docs/plantada.md:3"
    assert repetidos[el_id][0].startswith(f"docs/{pagina.name}:")
    monkeypatch.setattr(comprobar, "RAIZ", raiz)
    assert not comprobar.ids_unicos()
    assert "docs/plantada.md:3" in capsys.readouterr().out


def test_las_paginas_salen_del_nav_de_mkdocs(tmp_path):
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: x\nnav:\n  - Inicio: index.md\n  - 'Uno: dos': uno.ipynb\n  - Grupo:\n"
        "      - sub/pagina.md\n      # comentario\n      - Otra: sub/otra.md\ntheme:\n  name: material\n",
        encoding="utf-8",
    )
    assert alcance.paginas_del_nav(tmp_path) == [
        "index.html",
        "uno/index.html",
        "sub/pagina/index.html",
        "sub/otra/index.html",
    ]
    paginas = alcance.paginas_del_nav()
    assert "glosario/index.html" in paginas and "index.html" in paginas and len(paginas) == len(set(paginas))


def test_paginas_tocadas_por_un_cambio():
    assert alcance.paginas_tocadas(["docs/glosario.md", "src/gpucoste/calculo/coste.py"]) == ["glosario/index.html"]
    assert alcance.paginas_tocadas(["snippets/vast-ai/algo.py"]) == ["vast-ai/index.html"]
    assert alcance.paginas_tocadas(["snippets/cabe/algo.py"]) == ["calculadoras/cabe/index.html"]


def test_la_revision_de_paginas_pilla_una_falta_plantada(tmp_path):
    """Fallo plantado en una página aislada: una falta de ortografía y una palabra que la guía de estilo prohíbe."""
    pagina = "plantada/index.html"
    (tmp_path / "plantada").mkdir()
    (tmp_path / pagina).write_text(
        '<html lang="es"><body><article><p>Unas vacaciónes con dos GPUs.</p></article></body></html>',
        encoding="utf-8",
    )
    fallos = "\n".join(comprobar.revisar_paginas(tmp_path, [pagina]))
    assert "plantada/index.html: GPUs" in fallos
    if shutil.which("hunspell"):
        assert "vacaciónes" in fallos
    else:
        pytest.skip("sin hunspell (make sistema): solo se comprobó la guía de estilo")


_PLANTADA_EN_PROCESO = """
import pytest


@pytest.mark.parametrize("x", [1, 2, 3], ids=lambda v: f"v{v}")
def test_par(x):
    assert x != 2, "dos plantado"


def test_sin():
    pass


def test_con_fixture(tmp_path):
    pass
"""


def test_las_pruebas_sin_fixtures_se_pasan_en_este_proceso_y_sus_fallos_cuentan(tmp_path, monkeypatch):
    """Tras editar la prosa, las reglas de los snippets se pasan sin arrancar pytest: los mismos casos (uno por
    valor de ``parametrize``, con su id) y un fallo plantado falla; con una fixture, las pasa pytest."""
    (tmp_path / "test_plantada_proceso.py").write_text(_PLANTADA_EN_PROCESO, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    fichero = "tests/test_plantada_proceso.py"
    casos = dict(comprobar.en_este_proceso([f"{fichero}::test_par", f"{fichero}::test_sin"]))
    assert list(casos) == [f"{fichero}::test_par[v{i}]" for i in (1, 2, 3)] + [f"{fichero}::test_sin"]
    casos[f"{fichero}::test_par[v1]"]()
    with pytest.raises(AssertionError, match="dos plantado"):
        casos[f"{fichero}::test_par[v2]"]()
    assert [n for n, _ in comprobar.en_este_proceso([f"{fichero}::test_par[v3]"])] == [f"{fichero}::test_par[v3]"]
    assert comprobar.en_este_proceso([f"{fichero}::test_sin", f"{fichero}::test_con_fixture"]) is None
    reglas = comprobar.en_este_proceso(alcance.pruebas_afectadas(["docs/glosario.md"]))
    assert reglas and len(reglas) == len(list((RAIZ / "snippets").rglob("*.py")))


def test_make_check_no_rehace_la_instantanea_si_solo_cambian_los_datos(tmp_path, monkeypatch):
    """La instantánea de Pyodide solo importa la biblioteca: su clave «de código» no cambia con un CSV y sí con un
    .py; make check (``GPUCOSTE_CHECK=1``) la omite solo si con ese código ya se hizo bien."""
    spec = importlib.util.spec_from_file_location("navegador_de_prueba", RAIZ / "construccion/navegador.py")
    navegador = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(navegador)
    paquete = tmp_path / "gpucoste"
    shutil.copytree(RAIZ / "src" / "gpucoste", paquete, ignore=shutil.ignore_patterns("__pycache__"))
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    (pyodide / "package.json").write_text('{"version": "0"}', encoding="utf-8")
    monkeypatch.setattr(navegador, "PAQUETE", paquete)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setenv("GPUCOSTE_CHECK", "1")
    antes = navegador.clave_del_codigo(paquete, pyodide)
    assert not navegador.omitir_instantanea(pyodide)  # nunca hecha con este código
    hecha = navegador._hecha_con_este_codigo(pyodide)
    hecha.parent.mkdir(parents=True)
    hecha.touch()
    assert navegador.omitir_instantanea(pyodide)
    with (paquete / "datos" / "precios.csv").open("a", encoding="utf-8") as f:
        f.write("\n")
    assert navegador.clave_del_codigo(paquete, pyodide) == antes and navegador.omitir_instantanea(pyodide)
    monkeypatch.delenv("GPUCOSTE_CHECK")
    assert not navegador.omitir_instantanea(pyodide)  # make build y make test la hacen siempre
    monkeypatch.setenv("GPUCOSTE_CHECK", "1")
    with (paquete / "base" / "formato.py").open("a", encoding="utf-8") as f:
        f.write("\n# otro código\n")
    assert navegador.clave_del_codigo(paquete, pyodide) != antes and not navegador.omitir_instantanea(pyodide)


_NODOS = st.lists(
    st.tuples(st.sampled_from(["a", "b", "c", "d", "e"]), st.text("xyz", min_size=1, max_size=3)), unique=True
).map(lambda pares: [f"tests/test_{f}.py::test_{n}" for f, n in pares])


@given(_NODOS, st.integers(1, 4), st.dictionaries(st.text("xyz", max_size=3), st.floats(0, 100), max_size=5))
def test_repartir_no_pierde_ni_repite_casos_ni_parte_un_fichero(casos, partes, tiempos):
    """Cada caso en una sola parte, ficheros enteros, del más rápido al más lento, y cada fichero en su orden."""
    duraciones = {f"tests/test_a.py::test_{n}": s for n, s in tiempos.items()}
    grupos = repartir(casos, partes, duraciones)
    assert len(grupos) == partes
    assert sorted(c for g in grupos for c in g) == sorted(casos)
    ficheros = [{c.split("::")[0] for c in g} for g in grupos]
    assert all(not (a & b) for i, a in enumerate(ficheros) for b in ficheros[i + 1 :])
    for grupo in grupos:
        orden = list(dict.fromkeys(c.split("::")[0] for c in grupo))
        peso = [sum(duraciones.get(c, 0.3) for c in casos if c.startswith(f"{f}::")) for f in orden]
        assert peso == sorted(peso)
        assert grupo == [c for f in orden for c in casos if c.startswith(f"{f}::")]


def test_repartir_equilibra_por_lo_que_tardaron():
    """El fichero lento solo en una parte y los rápidos en la otra, no por número de casos."""
    casos = ["tests/test_lenta.py::test_1"] + [f"tests/test_rapida.py::test_{i}" for i in range(20)]
    casos += [f"tests/test_otra.py::test_{i}" for i in range(20)]
    lenta, rapidas = repartir(casos, 2, {"tests/test_lenta.py::test_1": 60.0})
    assert lenta == ["tests/test_lenta.py::test_1"] and len(rapidas) == 40


_LENTA = """
import os, pathlib, time

def test_lenta():
    pathlib.Path(__file__).with_name("pid").write_text(str(os.getpid()))
    time.sleep(60)
"""


def _vivo(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_un_fallo_en_una_parte_para_las_demas_y_da_su_salida(tmp_path):
    """Con dos procesos, el que falla devuelve su salida (con la prueba que falló) y el otro se para: la prueba
    lenta plantada no llega a terminar."""
    raiz = tmp_path / "proyecto"
    (raiz / "tests").mkdir(parents=True)
    for ayuda in ("conftest.py", "registro.py", "herramientas.py"):
        shutil.copy(RAIZ / "tests" / ayuda, raiz / "tests" / ayuda)
    (raiz / "tests" / "test_lenta.py").write_text(_LENTA, encoding="utf-8")
    (raiz / "tests" / "test_falla.py").write_text("def test_falla():\n    assert 1 == 2, 'plantado'\n")
    salida = comprobar.pytest_en_partes(["tests/test_lenta.py", "tests/test_falla.py"], 2, raiz)
    assert salida is not None and "test_falla" in salida and "plantado" in salida, salida
    pid = raiz / "tests" / "pid"
    time.sleep(3)  # si el proceso lento siguiera vivo, ya habría llegado a su prueba
    assert not pid.exists() or not _vivo(int(pid.read_text())), "el proceso de la prueba lenta sigue vivo"
    assert comprobar.pytest_en_partes(["tests/test_falla.py"], 1, raiz) is not None


def test_el_reparto_no_pasa_a_un_pytest_que_lance_una_prueba():
    """``GPUCOSTE_PARTE`` y ``GPUCOSTE_DURACIONES`` son para el pytest de make check, no para el que lanza una de sus
    pruebas en una copia del proyecto (ese pasaría solo una parte de sus casos): conftest las quita al leerlas."""
    orden = (
        "import os, conftest; print(conftest.PARTE, *map(os.environ.get, ('GPUCOSTE_PARTE', 'GPUCOSTE_DURACIONES')))"
    )
    entorno = {**os.environ, "GPUCOSTE_PARTE": "1/2", "GPUCOSTE_DURACIONES": "duraciones.json"}
    r = subprocess.run([sys.executable, "-c", orden], cwd=RAIZ / "tests", env=entorno, capture_output=True, text=True)
    assert r.stdout.split() == ["1/2", "None", "None"], r.stderr[-2000:]


def test_sin_los_snippets_que_la_construccion_comparo_con_su_snapshot():
    """Los casos de ``test_salida_igual_al_snapshot`` de los snippets que la construcción de make check ya comparó
    con su snapshot salen de pytest; los demás casos y las demás pruebas se quedan, también al abrir
    ``tests/sitio/test_snippets.py`` entero en sus pruebas."""
    snapshot = alcance.SNAPSHOT
    assert snapshot.split("::")[1] in alcance.por_snippet()["tests/sitio/test_snippets.py"]
    snippets = [r.relative_to(RAIZ / "snippets").as_posix() for r in sorted((RAIZ / "snippets").rglob("*.py"))]
    uno, otro = snippets[0], snippets[-1]
    prueba = "tests/datos/test_datos.py::test_x"
    pruebas = [prueba, f"{snapshot}[{uno}]", f"{snapshot}[{otro}]"]
    assert alcance.sin_los_comprobados(pruebas, set()) == pruebas
    assert alcance.sin_los_comprobados(pruebas, {f"snippets/{uno}"}) == [prueba, pruebas[2]]
    abierta = alcance.sin_los_comprobados(["tests/sitio/test_snippets.py", prueba], {f"snippets/{uno}"})
    casos = {f"{snapshot}[{s}]" for s in snippets}
    assert casos - set(abierta) == {f"{snapshot}[{uno}]"}
    assert f"tests/sitio/test_snippets.py::{alcance.REGLAS_SNIPPETS}" in abierta and prueba in abierta
    sueltas = {p for p in abierta if p.startswith("tests/sitio/test_snippets.py::") and "[" not in p}
    texto = (RAIZ / "tests" / f"{alcance.PRUEBA_SNIPPETS}.py").read_text(encoding="utf-8")
    definidas = {f"tests/sitio/test_snippets.py::{t}" for t in re.findall(r"^def (test_\w+)\(", texto, re.M)}
    assert sueltas == definidas - {snapshot}  # cada prueba del fichero, y la de los snapshots solo por casos
