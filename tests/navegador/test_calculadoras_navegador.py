"""Calculadoras en el navegador (issue 12): la rueda de gpucoste en Pyodide, en Chromium de Debian, con toda
petición a otra dirección que 127.0.0.1 cortada.

- Con los valores por defecto, cada calculadora da exactamente las cifras publicadas al construir.
- Con otro valor, lo mismo que la biblioteca en Python; con un valor malo, su ValueError junto al campo
  y ninguna cifra.
- El código editable del experimento da la salida publicada y, editado, la de Python.
- Las páginas sin calculadora no piden ni un byte de Pyodide; las que la tienen, solo al usarla.
- axe-core: 0 violaciones graves o críticas en las páginas con formularios, en modo claro y oscuro.

Sin navegador (más abajo): el camino de importación de las calculadoras no carga pandas ni matplotlib
(Pyodide no los trae), la rueda es reproducible y funciona instalada como zip, y ``leer`` entiende la
coma decimal sin inventar cifras.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import io
import json
import pathlib
import random
import re
import subprocess
import sys
import zipfile

import pytest
from bs4 import BeautifulSoup
from conftest import RAIZ, RAPIDO, celdas, gpucoste, tabla_que_contiene, texto
from servidor import paginas, servir

from gpucoste import navegador
from gpucoste.base.formato import numero
from gpucoste.calculo.coste import coste_total

SNIPPET = RAIZ / "snippets" / "alquilar-gpus-por-horas" / "experimento_editable.py"
PAGINA_COSTE = "alquilar-gpus-por-horas/"


def _ejecutar(codigo: str) -> str:
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        exec(compile(codigo, "prueba", "exec"), {"__name__": "prueba"})
    return salida.getvalue()


# ---- Sin navegador ----------------------------------------------------------------------------------


def _modulos_tras(codigo: str, entorno: dict[str, str] | None = None) -> set[str]:
    programa = f"import sys\n{codigo}\nprint('\\n'.join(sys.modules))"
    r = subprocess.run([sys.executable, "-c", programa], capture_output=True, text=True, env=entorno, check=True)
    return set(r.stdout.split())


def test_el_camino_de_las_calculadoras_no_carga_pandas():
    """Lo que importa el navegador (y el código editable) no arrastra pandas, numpy ni matplotlib."""
    codigo = (
        "import json\nfrom gpucoste import navegador\nfrom gpucoste.calculo import memoria, ocultos, ranking, tiempo\n"
        "for n, c in navegador.CALCULADORAS.items():\n"
        "    navegador.calcular_json(n, json.dumps({a: '1' for a in c.argumentos}))\n"
        f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())"
    )
    pesados = {"pandas", "numpy", "matplotlib"} & _modulos_tras(codigo)
    assert not pesados, f"el camino del navegador importa {pesados}: Pyodide no los trae"


def test_la_prueba_de_pandas_puede_fallar():
    """La prueba anterior detecta un import de pandas (aquí, la línea de órdenes, que sí lo usa)."""
    assert "pandas" in _modulos_tras("import gpucoste.navegador, gpucoste.cli")


def _hook():
    sys.path.insert(0, str(RAIZ / "construccion"))
    try:
        import navegador as hook  # el hook de MkDocs (mismo nombre que el módulo de la biblioteca)
    finally:
        sys.path.pop(0)
    return hook


def _rueda():
    return _hook().rueda()


def test_precargar_importa_lo_que_usa_el_calculo():
    """La instantánea de Pyodide lleva importado lo que importa un cálculo: tras ``precargar``, calcular con
    cada calculadora (y el código editable) no importa ningún módulo más de gpucoste."""
    codigo = (
        "import json, sys\nfrom gpucoste import navegador\nnavegador.precargar()\n"
        "antes = set(sys.modules)\n"
        "for n, c in navegador.CALCULADORAS.items():\n"
        "    navegador.calcular_json(n, json.dumps({a: '1' for a in c.argumentos}))\n"
        f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())\n"
        "print('NUEVOS', *sorted(m for m in set(sys.modules) - antes if m.startswith('gpucoste')))"
    )
    salida = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, check=True).stdout
    assert salida.split("NUEVOS")[-1].split() == []


def test_la_instantanea_es_reproducible(sitio, tmp_path):
    """Hecha ahora con Node, la instantánea es byte a byte la del sitio (que puede venir de la caché de otra
    construcción): ni la hora ni el azar de este arranque entran en ella."""
    hook = _hook()
    if not (RAIZ / hook.NPM / "pyodide.mjs").is_file():
        pytest.skip("sin Pyodide de npm")
    _, datos = _rueda()
    nueva = tmp_path / "instantanea.bin.gz"
    hook._hacer_instantanea(RAIZ / hook.NPM, datos, nueva)
    # Las huellas, no los bytes: el informe de pytest sobre dos blobs de megas distintos tarda minutos (difflib).
    hecha, publicada = nueva.read_bytes(), (sitio / "assets" / "pyodide" / hook.INSTANTANEA).read_bytes()
    assert hashlib.sha256(hecha).hexdigest() == hashlib.sha256(publicada).hexdigest(), (len(hecha), len(publicada))


def test_si_la_instantanea_falla_la_construccion_falla_al_esperarla(tmp_path, monkeypatch):
    """En «mkdocs build» la instantánea se hace en un hilo mientras sigue on_post_build (el cuaderno): su error
    (en CI, «Node falló» es un PluginError) no se pierde en el hilo, sale al esperarla, al final."""
    hook = _hook()

    def falla(*_argumentos):
        raise hook.PluginError("Sin instantánea de Pyodide (Node falló: prueba)")

    monkeypatch.setattr(hook, "_hacer_instantanea", falla)
    monkeypatch.setitem(hook._persistente, "servir", False)
    for clave, valor in {"instantanea": f"prueba-{random.random()}", "pyodide": tmp_path, "rueda": b""}.items():
        monkeypatch.setitem(hook._estado, clave, valor)
    hook._instantanea_al_sitio(tmp_path / hook.INSTANTANEA)  # vuelve enseguida: el hilo trabaja
    with pytest.raises(hook.PluginError, match="Node falló: prueba"):
        hook._terminar(None)
    assert "hilo_instantanea" not in hook._estado


def test_la_rueda_es_reproducible_y_lleva_lo_que_usan_los_formularios(tmp_path):
    """La rueda lleva todo el paquete menos ``FUERA_DE_LA_RUEDA`` (la CLI, los recolectores y los gráficos de
    matplotlib), y nada de eso."""
    nombre, datos = _rueda()
    assert _rueda() == (nombre, datos)
    assert nombre.startswith("gpucoste-") and nombre.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(datos)) as z:
        dentro = set(z.namelist())
    paquete = RAIZ / "src" / "gpucoste"
    todos = {
        p.relative_to(paquete).as_posix()
        for p in paquete.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    }
    fuera = {r for r in todos if r.startswith(_hook().FUERA_DE_LA_RUEDA)}
    assert {"cli/__init__.py", "recoleccion/precios.py", "graficos/figuras.py"} <= fuera
    assert "graficos/dibujo.py" not in fuera
    assert {f"gpucoste/{r}" for r in todos - fuera} <= dentro
    assert not {f"gpucoste/{r}" for r in fuera} & dentro
    assert any(n.endswith(".csv") for n in dentro), "la rueda no lleva los datos"
    # Instalada como zip (como en Pyodide, solo la rueda: sin src/ ni el .venv del proyecto en la ruta),
    # el código editable da lo mismo que en la página.
    (tmp_path / nombre).write_bytes(datos)
    salida = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(tmp_path / nombre)!r}); "
            f"exec(open({str(SNIPPET)!r}, encoding='utf-8').read())",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert salida == _ejecutar(SNIPPET.read_text(encoding="utf-8"))


def test_solo_los_ficheros_de_pyodide_necesarios_y_con_su_tipo(sitio):
    """En el sitio, el arranque de Pyodide y la rueda, nada más (el paquete de npm trae 14 MB con mapas y
    tipos); servidos como GitHub Pages: .wasm como application/wasm y .mjs como JavaScript."""
    import urllib.request

    hook_rueda, _ = _rueda()
    carpeta = sitio / "assets" / "pyodide"
    esperados = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    esperados.add("instantanea.bin.gz")  # la memoria de Pyodide con gpucoste importado (hooks/instantanea.mjs)
    assert {f.name for f in carpeta.iterdir()} == esperados | {hook_rueda}
    with servir(sitio) as base:
        for fichero, tipo in (("pyodide.asm.wasm", "application/wasm"), ("pyodide.mjs", "text/javascript")):
            with urllib.request.urlopen(f"{base}assets/pyodide/{fichero}") as r:
                assert r.headers["Content-Type"].split(";")[0] == tipo, fichero


@pytest.mark.parametrize(
    ("texto", "valor"),
    [
        ("0,39", 0.39),
        ("0.39", 0.39),
        ("6", 6.0),
        ("2.000", 2000.0),
        ("1.234,5", 1234.5),
        ("0.390", 0.39),
        ("-1", -1.0),
        (" 7,5 ", 7.5),
        ("abc", "abc"),
        ("", ""),
        ("1,2,3", "1,2,3"),
    ],
)
def test_leer(texto, valor):
    assert navegador.leer(texto) == valor


# Sin hypothesis en el lock todavía: valores generados con semilla fija (los mismos en cada ejecución).
_AZAR = random.Random(12)
_FLOTANTES = [
    *(_AZAR.uniform(1e-4, 10) for _ in range(300)),
    *(10 ** _AZAR.uniform(-4, 9) for _ in range(300)),
    *(round(_AZAR.uniform(0, 5000), _AZAR.randint(0, 4)) or 1.0 for _ in range(300)),
]
_TEXTOS = ["".join(_AZAR.choice("0123456789,.-+eE nainf_ $") for _ in range(_AZAR.randint(0, 10))) for _ in range(300)]


def test_escribir_y_leer_dan_el_mismo_numero():
    for x in _FLOTANTES:
        assert navegador.leer(navegador.escribir(x)) == x, x


def test_un_texto_cualquiera_da_tabla_o_error_en_espanol():
    """Nunca una excepción distinta de ValueError ni un NaN: la respuesta es una tabla o un error."""
    for nombre, calc in navegador.CALCULADORAS.items():
        defecto = {c.nombre: navegador.escribir(c.defecto) for c in calc.campos()}
        for campo in defecto:
            for entrada in _TEXTOS[::10] if RAPIDO else _TEXTOS:  # make check: una muestra fija, uno de cada diez
                respuesta = json.loads(navegador.calcular_json(nombre, json.dumps({**defecto, campo: entrada})))
                assert ("tabla" in respuesta) != ("error" in respuesta), (campo, entrada)
                if "tabla" in respuesta:
                    # «nan» o «inf» como palabra (un número roto), no dentro de «InfiniBand»
                    assert not re.search(r"\b(nan|-?inf(inity)?)\b", respuesta["tabla"].lower()), (campo, entrada)


def test_los_campos_son_los_argumentos():
    for calc in navegador.CALCULADORAS.values():
        assert tuple(c.nombre for c in calc.campos()) == tuple(calc.argumentos)
    with pytest.raises(ValueError, match="se admiten exactamente"):
        navegador.calcular("coste", {"horas": "1"})
    with pytest.raises(ValueError, match="Calculadora desconocida"):
        navegador.calcular("no-existe", {})


def test_error_de_la_biblioteca_con_su_campo():
    valores = {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS["coste"].campos()}
    valores["horas"] = "-1"
    respuesta = json.loads(navegador.calcular_json("coste", json.dumps(valores)))
    with pytest.raises(ValueError) as error:
        coste_total(1.0, -1.0)
    assert respuesta == {"error": str(error.value), "campo": "horas"}


# ---- La más barata sin medidas de entrenamiento: la misma frase en el ejemplo, el formulario y la orden ---------

BARATO_TABLA = RAIZ / "snippets" / "calculadoras" / "barato_tabla.py"
ORDEN_BARATO = ["donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "lora", "--tokens", "50e6"]


def _medidas_de_entrenamiento() -> set[str]:
    """Las GPU con alguna medida de entrenamiento aceptada, leídas de medidas.csv (no de la función que se prueba)."""
    from gpucoste import datos

    return {m.gpu for m in datos.medidas() if m.tipo == "entrenamiento" and not m.rechazada}


def _la_mas_barata_en_tres_sitios() -> tuple[str, str, str, str]:
    """La GPU más barata del ejemplo de la página (LoRA de Llama 3.1 8B con 50 millones de tokens), la tabla del
    formulario con esos valores (su HTML), lo que imprime el ejemplo y lo que imprime la orden (tabla)."""
    from gpucoste import cli

    valores = _por_defecto("donde-mas-barato")
    assert (valores["modelo"], valores["metodo"], navegador.leer(valores["tokens"])) == ("Llama 3.1 8B", "lora", 50e6)
    tabla = navegador.calcular("donde-mas-barato", valores)
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        assert cli.main(ORDEN_BARATO) == 0
    ejemplo = _ejecutar(BARATO_TABLA.read_text(encoding="utf-8"))
    return tabla.filas[0][0], navegador.tabla_html(tabla), ejemplo, salida.getvalue()


@pytest.mark.parametrize("medida", [False, True], ids=["sin-medidas", "con-medidas"])
def test_la_mas_barata_sin_medidas_lo_dice_igual_en_el_formulario_el_ejemplo_y_la_orden(monkeypatch, medida):
    """Si la GPU de la opción más barata no tiene medidas de entrenamiento, sus horas son una estimación con la MFU
    de su clase: lo dice el ejemplo de la página, la nota de la tabla del formulario y el pie de
    ``gpucoste donde-mas-barato``, con la misma frase (``ranking.aviso_mas_barata``). Con medidas, ninguno lo dice.
    Los dos casos, sean cuales sean los datos: la lista de GPU medidas se fija aquí, con o sin la más barata."""
    from gpucoste.calculo import calibracion, ranking

    gpu = ranking.ranking(ranking.Trabajo("Llama 3.1 8B", "lora", 50e6))[0].precio.gpu
    medidas = (_medidas_de_entrenamiento() - {gpu}) | ({gpu} if medida else set())
    monkeypatch.setattr(calibracion, "gpus_medidas_entrenamiento", lambda: sorted(medidas))
    primera, formulario, ejemplo, orden = _la_mas_barata_en_tres_sitios()
    assert primera == gpu
    aviso = ranking.aviso_mas_barata(gpu)
    if medida:
        assert aviso == ""
        for texto_ in (formulario, ejemplo, orden):
            assert "opción más barata son una estimación" not in texto_
        return
    assert gpu in aviso and "estimación" in aviso and "MFU" in aviso
    assert formulario.startswith(f'<p class="gc-nota">{html.escape(aviso)}</p><table')
    assert f"\n{aviso}\n" in ejemplo
    assert aviso in orden.splitlines()


def test_la_mas_barata_de_los_datos_lo_dice_si_no_tiene_medidas():
    """Con los datos de hoy (sin fijar nada): el aviso sale si y solo si la GPU más barata no está entre las que tienen
    una medida de entrenamiento en medidas.csv."""
    gpu, formulario, ejemplo, orden = _la_mas_barata_en_tres_sitios()
    sin_medidas = gpu not in _medidas_de_entrenamiento()
    assert ("son una estimación" in formulario) == sin_medidas
    assert ("opción más barata son una estimación" in ejemplo) == sin_medidas
    assert any("son una estimación" in linea and gpu in linea for linea in orden.splitlines()) == sin_medidas


def test_la_frase_de_la_mas_barata_pide_una_gpu_de_los_datos():
    from gpucoste.calculo import ranking

    with pytest.raises(ValueError, match="GPU desconocida: 'mi300x'. ¿Quisiste decir 'MI300X'?"):
        ranking.aviso_mas_barata("mi300x")


# ---- En el navegador --------------------------------------------------------------------------------


def _sopa(sitio: pathlib.Path, ruta: str) -> BeautifulSoup:
    return BeautifulSoup((sitio / ruta / "index.html").read_text(encoding="utf-8"), "html.parser")


def _con_formularios(sitio: pathlib.Path) -> dict[str, list[str]]:
    """Página → ids de sus formularios (calculadoras y código editable), leídos del sitio construido."""
    encontradas = {}
    for ruta in paginas(sitio):
        if not ruta.endswith("/") and ruta:
            continue
        ids = [f["id"] for f in _sopa(sitio, ruta).select("form[data-calculadora], form[data-codigo]")]
        if ids:
            encontradas[ruta] = ids
    return encontradas


class Sesion:
    """Un contexto de Chromium sobre el sitio servido en 127.0.0.1: anota cada petición; corta las de fuera."""

    def __init__(self, chromium, base: str, **opciones) -> None:
        self.base = base
        self.peticiones: list[str] = []
        self.fuera: list[str] = []
        self.contexto = chromium.new_context(service_workers="block", **opciones)
        self.contexto.route("**/*", self._anotar)
        self.pagina = self.contexto.new_page()
        # Mientras Pyodide arranca, el hilo principal de la página está ocupado: con la máquina cargada, un clic
        # puede esperar más de los 30 s por omisión de Playwright.
        self.pagina.set_default_timeout(180_000)

    def _anotar(self, ruta) -> None:
        url = ruta.request.url
        self.peticiones.append(url)
        if url.startswith("http://127.0.0.1:"):
            ruta.continue_()
        else:
            self.fuera.append(url)
            ruta.abort()

    def abrir(self, ruta: str) -> None:
        """Abre ``ruta``; si ya está abierta, la deja como recién cargada pulsando «Restablecer» en cada
        formulario (así Pyodide sigue cargado: cada carga cuesta segundos de CPU)."""
        if self.pagina.url == self.base + ruta:
            # Solo los formularios de las calculadoras: el de la búsqueda de Material también tiene un «reset»,
            # oculto tras su campo, y esperar a poder pulsarlo agota el tiempo.
            for boton in self.pagina.locator('form[id^="gc-"] button[type=reset]').all():
                boton.click()
            return
        self.pagina.goto(self.base + ruta, wait_until="networkidle")

    def enviar(self, id_: str, timeout: float = 120_000) -> None:
        """Pulsa el botón del formulario ``id_`` y espera a que termine el cálculo."""
        formulario = self.pagina.locator(f"#{id_}")
        antes = int(formulario.get_attribute("data-calculos") or 0)
        formulario.locator("button[type=submit]").click()
        self.pagina.wait_for_function(
            "([id, n]) => Number(document.getElementById(id).dataset.calculos || 0) > n",
            arg=[id_, antes],
            timeout=timeout,
        )

    def celdas(self, id_: str) -> list[list[str]]:
        html = self.pagina.locator(f"#{id_} .gc-resultado").inner_html()
        tabla = BeautifulSoup(html, "html.parser").find("table")
        return celdas(tabla) if tabla else []


@pytest.fixture(scope="module")
def servido(sitio):
    with servir(sitio) as base:
        yield base


@pytest.fixture(scope="module")
def sesion(chromium, servido):
    s = Sesion(chromium, servido)
    yield s
    s.contexto.close()


def _valores(sesion: Sesion, id_: str) -> dict[str, str]:
    return sesion.pagina.eval_on_selector_all(
        f"#{id_} input[name], #{id_} select[name]", "campos => Object.fromEntries(campos.map(c => [c.name, c.value]))"
    )


def test_hay_calculadoras_en_el_sitio(sitio):
    formularios = _con_formularios(sitio)
    assert "gc-coste" in formularios.get(PAGINA_COSTE, [])
    assert "gc-codigo-experimento" in formularios.get(PAGINA_COSTE, [])
    # Cada calculadora declarada está en alguna página.
    todas = {i for ids in formularios.values() for i in ids}
    assert {f"gc-{n}" for n in navegador.CALCULADORAS} <= todas


def test_cada_calculadora_con_sus_valores_por_defecto_da_las_cifras_publicadas(sitio, sesion):
    for ruta, ids in _con_formularios(sitio).items():
        sesion.abrir(ruta)
        for id_ in ids:
            if not id_.startswith("gc-codigo-"):
                publicada = sesion.celdas(id_)
                assert publicada, f"{ruta}#{id_}: sin tabla al construir"
                sesion.enviar(id_)
                assert sesion.celdas(id_) == publicada, f"{ruta}#{id_}"
    assert sesion.fuera == []


def test_el_coste_por_defecto_es_el_de_la_tabla_de_costes_ocultos(sitio, sesion):
    """Fuente independiente: la fila más barata de la tabla de costes ocultos (snippet de la página), extremo
    bajo de cada rango. La calculadora, en el navegador, con sus valores por defecto, da esas cifras."""
    sopa = _sopa(sitio, PAGINA_COSTE)
    filas = tabla_que_contiene(sopa, "coste real")
    fila = next(f for f in filas if f[0] == "RTX 4090 (comunidad)")
    esperado = [fila[1], *(c.split("–")[0] for c in fila[2:4])]
    sesion.abrir(PAGINA_COSTE)
    sesion.enviar("gc-coste")
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-coste")}
    assert [
        calculado["GPU (precio × horas)"],
        calculado["Arranque facturado"],
        calculado["Disco durante el trabajo"],
    ] == esperado
    # La columna del coste real sin impuestos: la tabla sigue con el impuesto de un particular y el total con él.
    assert calculado["Coste real del trabajo"] == fila[5].strip("*").split("–")[0]


PAGINA_INTERRUMPIBLES = "calculadoras/interrumpibles/"


def _cabecera_y_filas(sopa, contiene: str) -> list[dict[str, str]]:
    """Las filas de la primera tabla de un snippet (no la de un formulario) que contiene ``contiene``."""
    tabla = next(t for t in sopa.find_all("table") if contiene in t.get_text() and not t.find_parent("form"))
    cabecera = [texto(th) for th in tabla.find_all("th")]
    return [dict(zip(cabecera, fila, strict=True)) for fila in celdas(tabla)]


def test_otro_valor_da_lo_que_da_la_biblioteca_en_python(sesion):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.fill("#gc-coste-precio_hora", "0,5")
    sesion.pagina.fill("#gc-coste-horas", "7.25")
    sesion.pagina.fill("#gc-coste-gb_transferencia", "30")
    sesion.pagina.fill("#gc-coste-precio_gb_transferencia", "0,02")
    valores = _valores(sesion, "gc-coste")
    sesion.enviar("gc-coste")
    d = coste_total(
        0.5,
        7.25,
        minutos_arranque=float(valores["minutos_arranque"].replace(",", ".")),
        gb_disco=float(valores["gb_disco"].replace(",", ".")),
        precio_gb_mes=float(valores["precio_gb_mes"].replace(",", ".")),
        gb_transferencia=30.0,
        precio_gb_transferencia=0.02,
    )
    esperado = [numero(x) for x in (d.gpu, d.arranque, d.almacenamiento, d.transferencia, d.total)]
    assert [f[1] for f in sesion.celdas("gc-coste")] == esperado
    # Restablecer: vuelven los valores y la tabla de la construcción.
    sesion.pagina.click("#gc-coste button[type=reset]")
    assert sesion.pagina.input_value("#gc-coste-horas") == sesion.pagina.get_attribute(
        "#gc-coste-horas", "data-defecto"
    )


@pytest.mark.parametrize("malo", ["-1", "abc", "0"])
def test_un_valor_malo_muestra_el_error_de_la_biblioteca_y_ninguna_cifra(sesion, malo):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.fill("#gc-coste-horas", malo)
    valores = _valores(sesion, "gc-coste")
    with pytest.raises(ValueError) as error:
        navegador.calcular("coste", valores)
    sesion.enviar("gc-coste")
    assert sesion.pagina.inner_text("#gc-coste-horas-error") == str(error.value)
    assert sesion.pagina.get_attribute("#gc-coste-horas", "aria-invalid") == "true"
    assert sesion.pagina.inner_text("#gc-coste .gc-resultado").strip() == ""


def test_el_codigo_editable_da_la_salida_publicada_y_la_de_python_al_editarlo(sitio, sesion):
    original = SNIPPET.read_text(encoding="utf-8")
    publicada = _sopa(sitio, PAGINA_COSTE).select_one("#gc-codigo-experimento .gc-salida").get_text()
    assert publicada == _ejecutar(original)
    sesion.abrir(PAGINA_COSTE)
    sesion.enviar("gc-codigo-experimento")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == publicada.rstrip("\n")
    editado = original.replace("# Prueba, por ejemplo: ", "")
    assert editado != original
    sesion.pagina.fill("#gc-codigo-experimento-fuente", editado)
    sesion.enviar("gc-codigo-experimento")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == _ejecutar(editado).rstrip("\n")
    # Un valor malo en el código: el ValueError de la biblioteca, en la salida.
    sesion.pagina.fill(
        "#gc-codigo-experimento-fuente", original.replace("# Prueba, por ejemplo: ", "").replace("= 1.5", "= -2")
    )
    sesion.enviar("gc-codigo-experimento")
    assert "Error: ValueError: precio_hora: -2 no vale" in sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida")
    sesion.pagina.click("#gc-codigo-experimento button[type=reset]")
    assert sesion.pagina.inner_text("#gc-codigo-experimento .gc-salida").rstrip("\n") == publicada.rstrip("\n")
    assert sesion.fuera == []


def test_sin_calculadora_ni_un_byte_de_pyodide(sitio, chromium, servido):
    """Ninguna página pide Pyodide al abrirse y desplazarse; solo las que tienen formularios enlazan el script."""
    con = _con_formularios(sitio)
    s = Sesion(chromium, servido)
    try:
        for ruta in paginas(sitio):
            if ruta and not ruta.endswith("/"):
                continue
            s.peticiones.clear()
            s.abrir(ruta)
            s.pagina.mouse.wheel(0, 100_000)
            s.pagina.wait_for_load_state("networkidle")
            pyodide = [u for u in s.peticiones if "/assets/pyodide/" in u]
            assert pyodide == [], f"{ruta or '/'} pide Pyodide sin que el lector lo use: {pyodide}"
            script = [u for u in s.peticiones if "calculadora.js" in u]
            assert bool(script) == (ruta in con), f"{ruta or '/'}: calculadora.js {'falta' if ruta in con else 'sobra'}"
        assert s.fuera == []
    finally:
        s.contexto.close()


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_accesibilidad_de_los_formularios(sitio, chromium, servido, esquema):
    """axe-core tras calcular y con un error a la vista: 0 violaciones graves o críticas."""
    from accesibilidad import violaciones_graves

    s = Sesion(chromium, servido, color_scheme=esquema)
    resultado = {}
    try:
        for ruta, ids in _con_formularios(sitio).items():
            s.abrir(ruta)
            for id_ in ids:
                campo = s.pagina.locator(f"#{id_} input[name]").first
                if campo.count():
                    campo.fill("abc")
                s.enviar(id_)
            resultado[ruta] = _violaciones(s)
    finally:
        s.contexto.close()
    assert violaciones_graves(resultado) == []


def _violaciones(s: Sesion) -> list[dict]:
    """Las violaciones de axe-core (WCAG 2.1 A/AA) de la página abierta en ``s``, tal como está."""
    from accesibilidad import ETIQUETAS_WCAG, ruta_axe

    # Sin transiciones: el botón recién pulsado cambia de color en 0,25 s (Material) y axe, si mide a
    # mitad del cambio, ve un contraste intermedio que nadie llega a leer (fallaba una vez de cada pocas).
    s.pagina.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    s.pagina.add_script_tag(content=ruta_axe().read_text(encoding="utf-8"))
    return s.pagina.evaluate(
        """etiquetas => axe.run(document, {runOnly: {type: "tag", values: etiquetas},
                                           resultTypes: ["violations"]})
            .then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodos: v.nodes.map(n => n.target.join(" ")).slice(0, 5), n: v.nodes.length})))""",
        ETIQUETAS_WCAG,
    )


def test_interrumpibles_por_defecto_da_la_fila_publicada(sitio, sesion):
    """Fuente independiente: la tabla del ejemplo (snippet de la página), fila de la tasa por defecto, y el
    umbral de la prosa con el reinicio corto."""
    sopa = _sopa(sitio, PAGINA_INTERRUMPIBLES)
    tasa = numero(navegador.TASA_EJEMPLO)
    fila = next(f for f in _cabecera_y_filas(sopa, "interrupciones/h") if f["interrupciones/h"] == tasa)
    sesion.abrir(PAGINA_INTERRUMPIBLES)
    sesion.enviar("gc-interrumpibles")
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-interrumpibles")}
    assert calculado["Checkpoint cada (minutos de cómputo, Daly)"] == fila["checkpoint cada (minutos)"]
    assert calculado["Horas esperadas, interrumpible"] == fila["horas"]
    coste = next(v for k, v in fila.items() if k.startswith("coste (") and "largo" not in k)
    assert calculado["Coste esperado, interrumpible (US$)"] == coste
    umbral = calculado["Deja de compensar a partir de (interrupciones por hora)"]
    assert f"{umbral} interrupciones por hora" in sopa.get_text()
    assert sesion.fuera == []


def test_interrumpibles_con_otros_valores_y_un_valor_malo(sesion):
    from gpucoste.calculo import interrupciones

    sesion.abrir(PAGINA_INTERRUMPIBLES)
    sesion.pagina.fill("#gc-interrumpibles-interrupciones_hora", "0,5")
    sesion.pagina.fill("#gc-interrumpibles-escritura_min", "2")
    valores = {k: navegador.leer(v) for k, v in _valores(sesion, "gc-interrumpibles").items()}
    sesion.enviar("gc-interrumpibles")
    e = interrupciones.esperado(
        horas_trabajo=valores["horas_trabajo"],
        interrupciones_hora=0.5,
        escritura_h=2 / 60,
        reinicio_h=valores["reinicio_min"] / 60,
        precio_hora=valores["precio_interrumpible"],
    )
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-interrumpibles")}
    assert calculado["Horas esperadas, interrumpible"] == numero(e.horas)
    assert calculado["Coste esperado, interrumpible (US$)"] == numero(e.coste)
    # El gráfico, también el de la biblioteca en Python con esos valores.
    esperado = navegador.calcular("interrumpibles", _valores(sesion, "gc-interrumpibles")).grafico
    assert BeautifulSoup(_grafico(sesion, "gc-interrumpibles"), "html.parser") == BeautifulSoup(esperado, "html.parser")
    sesion.pagina.fill("#gc-interrumpibles-escritura_min", "-1")
    sesion.enviar("gc-interrumpibles")
    assert sesion.pagina.inner_text("#gc-interrumpibles-escritura_min-error").startswith("escritura_min: -1.0 no vale")
    assert sesion.pagina.inner_text("#gc-interrumpibles .gc-resultado").strip() == ""


@pytest.mark.parametrize("con_instantanea", [True, False])
def test_con_la_instantanea_y_sin_ella_da_la_tabla_publicada(sitio, chromium, servido, con_instantanea):
    """Con la instantánea de memoria, Pyodide arranca desde ella; si no se puede descargar, arranca entero.
    En los dos casos, la tabla de la construcción."""
    publicada = celdas(_sopa(sitio, PAGINA_INTERRUMPIBLES).select_one("#gc-interrumpibles .gc-resultado table"))
    s = Sesion(chromium, servido)
    try:
        if not con_instantanea:
            s.contexto.route("**/instantanea.bin.gz*", lambda ruta: ruta.abort())
        s.abrir(PAGINA_INTERRUMPIBLES)
        s.enviar("gc-interrumpibles")
        assert s.celdas("gc-interrumpibles") == publicada
        arranque = s.pagina.evaluate("document.documentElement.dataset.gcArranque")
        assert arranque == ("instantanea" if con_instantanea else "completo")
        assert any("instantanea.bin.gz" in u for u in s.peticiones) == con_instantanea
        assert s.fuera == []
    finally:
        s.contexto.close()


# ---- Las calculadoras de la cadena de decisión: por defecto, las cifras de la tabla publicada en su página ----


def _calcular_por_defecto(sesion: Sesion, ruta: str, id_: str) -> list[list[str]]:
    sesion.abrir(ruta)
    sesion.enviar(id_)
    assert sesion.fuera == []
    return sesion.celdas(id_)


def test_cabe_por_defecto_da_la_fila_lora_publicada(sitio, sesion):
    fila = next(
        f
        for f in _cabecera_y_filas(_sopa(sitio, "calculadoras/cabe/"), "caché KV")
        if f["método"] == "LoRA con checkpointing"
    )
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, "calculadoras/cabe/", "gc-cabe")}
    for partida in ("pesos", "adaptadores", "gradientes", "optimizador", "activaciones", "caché KV"):
        assert calculado[partida] == fila[partida], partida
    assert calculado["total"] == fila["total (GB)"]
    assert calculado["¿cabe?"] == fila["¿cabe?"]


def test_cabe_con_otros_valores_redibuja_el_grafico_y_con_un_valor_malo_no_lo_hay(sesion):
    """El gráfico de barras cambia con los datos y es el que da la biblioteca en Python; sin cifras, no hay."""
    sesion.abrir("calculadoras/cabe/")
    de_la_pagina, grafico = _redibujar(sesion, "gc-cabe", {"metodo": "completo", "secuencia": "4096"})
    assert "VRAM de la RTX 4090" in de_la_pagina and "No cabe" in grafico
    _sin_grafico_con(sesion, "gc-cabe", "lote", "0")


def _rellenar(sesion: Sesion, nombre: str, valores: dict[str, str]) -> None:
    """Escribe ``valores`` en los campos de la calculadora ``nombre`` (las listas, eligiendo la opción)."""
    for campo, valor in valores.items():
        control = sesion.pagina.locator(f"#gc-{nombre}-{campo}")
        if control.evaluate("c => c.tagName") == "SELECT":
            control.select_option(valor)
        else:
            control.fill(valor)


def _redibujar(sesion: Sesion, id_: str, cambios: dict[str, str]) -> tuple[str, str]:
    """Cambia los campos de ``cambios`` y calcula: el gráfico de la página y el nuevo, que es el que da la
    biblioteca en Python con esos valores y no el de la página."""
    de_la_pagina = _grafico(sesion, id_)
    assert "<svg" in de_la_pagina
    _rellenar(sesion, id_.removeprefix("gc-"), cambios)
    valores = _valores(sesion, id_)
    sesion.enviar(id_)
    grafico = _grafico(sesion, id_)
    esperado = navegador.calcular(id_.removeprefix("gc-"), valores).grafico
    assert BeautifulSoup(grafico, "html.parser") == BeautifulSoup(esperado, "html.parser")
    assert grafico != de_la_pagina
    return de_la_pagina, grafico


def _sin_grafico_con(sesion: Sesion, id_: str, campo: str, malo: str) -> None:
    """Con ``malo`` en ``campo``: el error de la biblioteca junto al campo, y ni tabla ni gráfico."""
    sesion.pagina.fill(f"#{id_}-{campo}", malo)
    sesion.enviar(id_)
    assert sesion.pagina.inner_text(f"#{id_}-{campo}-error").startswith(f"{campo}: {malo}")
    assert _grafico(sesion, id_) == ""
    assert sesion.pagina.inner_text(f"#{id_} .gc-resultado").strip() == ""
    assert sesion.fuera == []


def test_cuanto_tarda_por_defecto_da_la_fila_publicada(sitio, sesion):
    fila = next(
        f
        for f in _cabecera_y_filas(_sopa(sitio, "calculadoras/cuanto-tarda/"), "método")
        if f["GPU"] == navegador.EJEMPLO_GPU
    )
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, "calculadoras/cuanto-tarda/", "gc-cuanto-tarda")}
    assert calculado["horas"] == fila["horas"]


def test_donde_mas_barato_por_defecto_da_la_tabla_publicada(sitio, sesion):
    """Las filas del formulario son las del ejemplo publicado; y el título y la nota de su tabla, calculados en el
    navegador, son los de la biblioteca: si la más barata no tiene medidas de entrenamiento, la nota es la frase que
    también imprime el ejemplo de la página (``ranking.aviso_mas_barata``)."""
    from gpucoste.calculo import ranking

    sopa = _sopa(sitio, "calculadoras/donde-mas-barato/")
    publicada = _cabecera_y_filas(sopa, "Pareto")
    calculada = _calcular_por_defecto(sesion, "calculadoras/donde-mas-barato/", "gc-donde-mas-barato")
    assert len(calculada) == len(publicada)
    tabla = navegador.calcular("donde-mas-barato", _por_defecto("donde-mas-barato"))
    columnas = tabla.columnas
    assert sesion.pagina.inner_text("#gc-donde-mas-barato .gc-resultado caption") == tabla.titulo
    aviso = ranking.aviso_mas_barata(calculada[0][0])
    assert tabla.nota == aviso
    notas = sesion.pagina.locator("#gc-donde-mas-barato .gc-resultado .gc-nota")
    assert [n.strip() for n in notas.all_inner_texts()] == ([aviso] if aviso else [])
    if aviso:  # el ejemplo de la página (fuera del formulario) dice lo mismo
        ejemplo = " ".join(p.get_text() for p in sopa.select("article p") if not p.find_parent("form"))
        assert aviso in ejemplo
    for mia, suya in zip(calculada, publicada, strict=True):
        mia = dict(zip(columnas, mia, strict=True))
        total = next(v for k, v in suya.items() if k.startswith("total"))
        assert [mia["GPU"], mia["proveedor"], mia["horas"], mia["total (US$)"], mia["Pareto"]] == [
            suya["GPU"],
            suya["proveedor"],
            suya["horas"],
            total,
            suya["Pareto"],
        ]


PAGINA_BARATO = "calculadoras/donde-mas-barato/"


def test_donde_mas_barato_con_otros_valores_redibuja_el_grafico_y_con_un_valor_malo_no_lo_hay(sesion):
    """El gráfico de coste frente a horas cambia con los datos y es el que da la biblioteca en Python: un punto
    por fila de la tabla y un anillo por cada ★ de la frontera de Pareto (en cada uno de sus dos dibujos, el ancho y
    el estrecho); sin cifras, no hay gráfico."""
    sesion.abrir(PAGINA_BARATO)
    puntos = _grafico(sesion, "gc-donde-mas-barato").count('class="punto"')
    assert puntos == 2 * len(sesion.celdas("gc-donde-mas-barato"))
    cambios = {"modelo": "Qwen 2.5 32B", "metodo": "qlora", "tokens": "200.000.000"}
    de_la_pagina, grafico = _redibujar(sesion, "gc-donde-mas-barato", cambios)
    filas = sesion.celdas("gc-donde-mas-barato")
    assert grafico.count('class="punto"') == 2 * len(filas) > 0
    assert grafico.count('class="destacado"') == 2 * sum(f[-1] == "★" for f in filas) > 0
    _sin_grafico_con(sesion, "gc-donde-mas-barato", "secuencia", "0")
    sesion.pagina.click("#gc-donde-mas-barato button[type=reset]")
    assert _grafico(sesion, "gc-donde-mas-barato") == de_la_pagina


@pytest.mark.parametrize("esquema", ["light", "dark"])
def test_donde_mas_barato_con_el_grafico_redibujado_sin_violaciones_graves(chromium, servido, esquema):
    """axe-core con el gráfico que dibuja el navegador a la vista (la prueba de todos los formularios lo ve
    con un error, sin gráfico) y el foco en el botón: 0 violaciones graves o críticas, en modo claro y oscuro."""
    from accesibilidad import violaciones_graves

    s = Sesion(chromium, servido, color_scheme=esquema)
    try:
        s.abrir(PAGINA_BARATO)
        s.pagina.fill("#gc-donde-mas-barato-tokens", "100.000.000")
        s.enviar("gc-donde-mas-barato")
        assert 'class="destacado"' in _grafico(s, "gc-donde-mas-barato")
        # El foco sigue en «Calcular», recién pulsado: su estado :focus también ha de contrastar.
        assert s.pagina.evaluate("document.activeElement.type") == "submit"
        resultado = {PAGINA_BARATO: _violaciones(s)}
    finally:
        s.contexto.close()
    assert violaciones_graves(resultado) == []


# ---- La página de API, alquilar o comprar: dos calculadoras con tabla y gráfico ----------------------------

PAGINA_API = "calculadoras/api-alquilar-o-comprar/"


def test_metodos_con_su_nombre_y_su_valor():
    """La lista de métodos muestra «LoRA», «QLoRA», «fine-tuning completo» (de la biblioteca) y envía el valor."""
    from gpucoste.calculo import memoria

    html = navegador.formulario_html("cabe", pyodide="p/", rueda="r.whl", peso="1 MB")
    opciones = {o["value"]: o.get_text() for o in BeautifulSoup(html, "html.parser").select("#gc-cabe-metodo option")}
    assert opciones == memoria.NOMBRES_METODOS
    assert opciones["lora"] == "LoRA" and opciones["completo"] == "fine-tuning completo"
    assert 'value="lora" selected' in html


def test_api_y_comprar_por_defecto_dan_las_cifras_publicadas(sitio, sesion):
    """Fuente independiente: las tablas de los snippets de la página (fila con equilibrio de la API; fila de
    24 h al día sin reventa de la compra) y la frase de las horas equivalentes."""
    sopa = _sopa(sitio, PAGINA_API)
    api = next(
        f
        for f in _cabecera_y_filas(sopa, "tokens por segundo para empatar")
        if f["equilibrio (millones de tokens al mes)"] != "sin equilibrio"
    )
    compra = next(f for f in _cabecera_y_filas(sopa, "uso (h/día)") if f["uso (h/día)"] == "24")
    assert compra["reventa"].startswith("sin")
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, PAGINA_API, "gc-api-o-gpu")}
    assert calculado["US$ por millón de tokens generados (con su entrada)"] == api["US$ por millón de tokens"]
    assert calculado["Tokens por segundo para empatar"] == api["tokens por segundo para empatar"]
    assert calculado["Equilibrio (millones de tokens al mes)"] == api["equilibrio (millones de tokens al mes)"]
    assert calculado["Coste en el equilibrio (US$/mes)"] == api["coste en el equilibrio (US$/mes)"]
    calculado = {f[0]: f[1] for f in _calcular_por_defecto(sesion, PAGINA_API, "gc-comprar")}
    assert calculado["Meses hasta el equilibrio"] == compra["meses"]
    assert calculado["Horas de uso hasta el equilibrio"] == compra["horas de uso"]
    assert calculado["Coste en el equilibrio (US$)"] == compra["coste en el equilibrio (US$)"]
    horas = calculado["Horas de alquiler equivalentes a la compra (sin electricidad ni reventa)"]
    assert f"la compra equivale a {horas} horas de alquiler" in sopa.get_text()


def _grafico(sesion: Sesion, id_: str) -> str:
    return sesion.pagina.locator(f"#{id_} .gc-grafico").inner_html()


def test_comprar_con_otros_valores_da_la_tabla_y_el_grafico_de_python(sitio, sesion):
    from gpucoste.calculo import compra

    sesion.abrir(PAGINA_API)
    de_la_pagina = _grafico(sesion, "gc-comprar")
    assert "<svg" in de_la_pagina
    sesion.pagina.fill("#gc-comprar-precio_compra", "1900")
    sesion.pagina.fill("#gc-comprar-precio_kwh", "0,3")
    sesion.pagina.fill("#gc-comprar-horas_mes", "200")
    sesion.pagina.fill("#gc-comprar-valor_reventa", "600")
    valores = _valores(sesion, "gc-comprar")
    sesion.enviar("gc-comprar")
    v = {k: navegador.leer(t) for k, t in valores.items()}
    e = compra.comprar_o_alquilar(v["precio_compra"], v["precio_hora"], v["potencia_w"], v["precio_kwh"], 200.0, 600.0)
    calculado = {f[0]: f[1] for f in sesion.celdas("gc-comprar")}
    assert calculado["Meses hasta el equilibrio"] == numero(e.umbral, 1)
    assert calculado["Coste en el equilibrio (US$)"] == numero(e.coste_a, 0)
    # El gráfico cambia con los datos y es el que da la biblioteca en Python, con sus dos compras.
    grafico = _grafico(sesion, "gc-comprar")
    esperado = navegador.calcular("comprar", valores).grafico
    assert BeautifulSoup(grafico, "html.parser") == BeautifulSoup(esperado, "html.parser")
    assert grafico != de_la_pagina and "con tu reventa" in grafico
    sesion.pagina.click("#gc-comprar button[type=reset]")
    assert _grafico(sesion, "gc-comprar") == de_la_pagina


@pytest.mark.parametrize(
    ("id_", "campo", "malo"),
    [("gc-comprar", "valor_reventa", "5000"), ("gc-comprar", "horas_mes", "abc"), ("gc-api-o-gpu", "tokens_s", "0")],
)
def test_api_y_comprar_con_un_valor_malo(sesion, id_, campo, malo):
    sesion.abrir(PAGINA_API)
    sesion.pagina.fill(f"#{id_}-{campo}", malo)
    valores = _valores(sesion, id_)
    with pytest.raises(ValueError) as error:
        navegador.calcular(id_.removeprefix("gc-"), valores)
    assert str(error.value).startswith(f"{campo}:")
    sesion.enviar(id_)
    assert sesion.pagina.inner_text(f"#{id_}-{campo}-error") == str(error.value)
    assert sesion.pagina.inner_text(f"#{id_} .gc-resultado").strip() == ""
    assert _grafico(sesion, id_) == ""


# ---- Resultados que viajan: enlace, orden de gpucoste y CSV (issue 20) --------------------------------------
#
# Los valores que escribe un lector, distintos de los de la página (con coma decimal y puntos de millares).
OTROS_VALORES = {
    "coste": {
        "precio_hora": "0,79",
        "horas": "3,5",
        "minutos_arranque": "20",
        "gb_disco": "200",
        "precio_gb_mes": "0,07",
        "gb_transferencia": "50",
        "precio_gb_transferencia": "0,05",
    },
    "interrumpibles": {
        "horas_trabajo": "12",
        "interrupciones_hora": "0,3",
        "escritura_min": "2",
        "reinicio_min": "15",
        "precio_interrumpible": "0,2",
        "precio_bajo_demanda": "0,5",
    },
    "cabe": {
        "modelo": "Qwen 2.5 32B",
        "metodo": "inferencia",
        "precision": "q4_k_m",
        "gpu": "L40S",
        "n_gpus": "2",
        "secuencia": "4096",
        "lote": "2",
        "precision_kv": "fp8",
        "optimizador": "adamw8bit",
        "perdida": "por_trozos",
    },
    "cuanto-tarda": {
        "modelo": "Mistral 7B v0.3",
        "metodo": "qlora",
        "tokens": "120.000.000",
        "gpu": "L40S",
        "n_gpus": "2",
        "interconexion": "ethernet",
    },
    "donde-mas-barato": {"modelo": "Qwen 2.5 32B", "metodo": "qlora", "tokens": "200.000.000", "secuencia": "4096"},
    "api-o-gpu": {
        "precio_hora": "0,69",
        "tokens_s": "1500",
        "precio_entrada": "0,2",
        "precio_salida": "0,6",
        "entrada_por_salida": "3",
    },
    "comprar": {
        "precio_compra": "2000",
        "precio_hora": "0,5",
        "potencia_w": "350",
        "precio_kwh": "0,3",
        "horas_mes": "200",
        "valor_reventa": "600",
    },
}

_CIFRA = re.compile(r"-?[0-9]{1,3}(?:\.[0-9]{3})+(?:,[0-9]+)?|-?[0-9]+(?:,[0-9]+)?")


def _otros(nombre: str) -> dict[str, str]:
    """Los valores de ``OTROS_VALORES``; un campo que no nombra (uno nuevo), con su valor por defecto."""
    return _por_defecto(nombre) | OTROS_VALORES[nombre]


def _por_defecto(nombre: str) -> dict[str, str]:
    return {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS[nombre].campos()}


def _antes_que_la_respuesta(sopa) -> list[str]:
    """Lo que un lector ve antes de la primera calculadora de la página (y no debería): un bloque de código a la
    vista (fuera de un plegable y no en una pestaña que no es la primera) o un grupo de pestañas que abre por el
    código. Vacía si la página empieza por la respuesta."""
    articulo = sopa.find("article") or sopa
    problemas = []
    for grupo in articulo.select(".tabbed-set"):
        primera = grupo.select_one(".tabbed-labels label")
        if primera is not None and texto(primera) == "Código" and not grupo.find_parent("details"):
            problemas.append("unas pestañas que abren por el código")
    formulario = articulo.select_one("form.gc-calculadora")
    if formulario is None:
        return [*problemas, "ninguna calculadora"]
    for bloque in formulario.find_all_previous("pre"):
        if not bloque.find_parent("details") and not bloque.find_parent(class_="tabbed-block"):
            problemas.append(f"código antes de la calculadora: {texto(bloque)[:60]!r}")
    return problemas


def test_cada_pagina_de_calculadora_empieza_por_la_respuesta(sitio):
    """Una respuesta por pregunta: en cada página de docs/calculadoras/, la calculadora (con el resultado del
    ejemplo) llega antes que cualquier código, y ningún código se abre por delante de su resultado."""
    paginas_ = [r for r in _con_formularios(sitio) if r.startswith("calculadoras/")]
    # todas las que declaran una calculadora (no la de entrada ni «¿Cuánto se equivoca?», que no tienen formulario)
    con_calculadora = [p for p in (RAIZ / "docs" / "calculadoras").glob("*.md") if "data-calculadora=" in p.read_text()]
    assert len(paginas_) == len(con_calculadora) > 0
    for ruta in paginas_:
        assert _antes_que_la_respuesta(_sopa(sitio, ruta)) == [], ruta


def test_la_prueba_de_la_respuesta_primero_puede_fallar():
    """Fallo plantado: la página de antes (pestañas Código|Resultado y código antes del formulario)."""
    antes = BeautifulSoup(
        '<article><div class="tabbed-set"><div class="tabbed-labels"><label>Código</label><label>Resultado</label>'
        '</div><div class="tabbed-content"><div class="tabbed-block"><pre><code>x = 1</code></pre></div></div></div>'
        '<pre><code>print(2)</code></pre><form class="gc-calculadora"></form></article>',
        "html.parser",
    )
    assert len(_antes_que_la_respuesta(antes)) == 2


def test_hay_otros_valores_para_cada_calculadora_y_son_otros():
    assert set(OTROS_VALORES) == set(navegador.CALCULADORAS)
    for nombre, valores in OTROS_VALORES.items():
        assert set(valores) <= set(navegador.CALCULADORAS[nombre].argumentos), nombre
        assert all(v != _por_defecto(nombre)[c] for c, v in valores.items()), nombre


def test_cada_campo_es_una_opcion_de_su_orden():
    """Cada calculadora nombra una orden de la CLI y cada campo, una opción de esa orden (la misma declaración)."""
    from gpucoste import cli

    for nombre, c in navegador.CALCULADORAS.items():
        assert c.orden in cli.ORDENES, nombre
        opciones = {o.bandera for o in cli.ORDENES[c.orden].opciones}
        for campo in c.argumentos:
            assert navegador.bandera(nombre, campo) in opciones, f"{nombre}: {campo}"
        obligatorias = {o.bandera for o in cli.ORDENES[c.orden].opciones if o.obligatoria}
        assert obligatorias <= {navegador.bandera(nombre, campo) for campo in c.argumentos}, nombre


def _cifras_que_faltan(tabla: list[list[str]], numericas: tuple[bool, ...], csv_texto: str) -> list[str]:
    """Las cifras de la tabla del formulario (celdas de sus columnas numéricas, con los decimales a la vista) que
    no salen, redondeadas igual, en el CSV de la orden. Fuente independiente: lo que imprime la CLI."""
    import csv

    impresas = []
    for fila in csv.reader(io.StringIO(csv_texto)):
        for celda in fila:
            with contextlib.suppress(ValueError):
                impresas.append(float(celda))
    faltan = []
    for fila in tabla:
        for celda, numerica in zip(fila, numericas, strict=True):
            for cifra in _CIFRA.findall(celda) if numerica else []:
                decimales = len(cifra.split(",")[1]) if "," in cifra else 0
                x = float(cifra.replace(".", "").replace(",", "."))
                if not any(abs(y - x) <= 0.5 * 10**-decimales * (1 + 1e-9) + 1e-12 for y in impresas):
                    faltan.append(f"{fila[0]}: {cifra}")
    return faltan


def _ejecutar_orden(orden: str) -> str:
    """Ejecuta la orden tal cual (``gpucoste …``, como en una terminal), con ``--formato csv`` para leer sus
    cifras sin redondear."""
    import shlex

    argv = shlex.split(orden)
    assert argv[0] == "gpucoste"
    programa = pathlib.Path(sys.executable).with_name("gpucoste")
    if RAPIDO:  # make check: en el proceso de gpucoste compartido (conftest.gpucoste); make test, con el programa
        r = gpucoste(*argv[1:], "--formato", "csv")
    else:
        r = subprocess.run([str(programa), *argv[1:], "--formato", "csv"], capture_output=True, text=True, check=False)
    assert r.returncode == 0, f"{orden}: {r.stderr}"
    return r.stdout


@pytest.mark.parametrize("nombre", sorted(OTROS_VALORES))
def test_la_orden_imprime_las_cifras_del_formulario(nombre):
    """La orden de «copiar como orden» (otros valores que los de la página), ejecutada, imprime cada cifra de la
    tabla de la calculadora."""
    valores = _otros(nombre)
    tabla = navegador.calcular(nombre, valores)
    salida = _ejecutar_orden(navegador.orden_cli(nombre, valores))
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, salida) == []


@pytest.mark.parametrize("nombre", sorted(OTROS_VALORES))
def test_la_prueba_de_la_orden_puede_fallar(nombre):
    """Fallo plantado: la orden de los valores de la página frente a la tabla de otros valores. La comparación lo
    ve: faltan cifras."""
    tabla = navegador.calcular(nombre, _otros(nombre))
    salida = _ejecutar_orden(navegador.orden_cli(nombre, _por_defecto(nombre)))
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, salida) != []


def test_enlace_y_csv_sin_navegador():
    valores = _otros("cabe")
    enlace = navegador.enlace("cabe", valores)
    assert enlace.startswith("?cabe.modelo=Qwen%202.5%2032B&") and enlace.endswith("#gc-cabe")
    from urllib.parse import parse_qsl, urlsplit

    consulta = dict(parse_qsl(urlsplit(enlace).query))
    assert consulta == {f"cabe.{c}": v for c, v in valores.items()}
    tabla = navegador.calcular("donde-mas-barato", _otros("donde-mas-barato"))
    import csv

    assert list(csv.reader(io.StringIO(navegador.tabla_csv(tabla)))) == [list(tabla.columnas), *map(list, tabla.filas)]
    with pytest.raises(ValueError, match="se admiten exactamente"):
        navegador.orden_cli("cabe", {"modelo": "Llama 3.1 8B"})


# En el navegador. Un fallo plantado es el script de la página con una línea quitada (lo sirve la prueba en lugar
# del publicado): la comprobación que da por buena la página de verdad ha de fallar con él.
QUITAR_LECTURA_DE_LA_URL = "if (form.dataset.calculadora && desdeLaUrl(form)) form.requestSubmit();"
QUITAR_ORDEN = 'zona.querySelector(".gc-orden code").textContent = respuesta.orden;'
QUITAR_CSV = 'zona.querySelector(".gc-csv").href = respuesta.csv;'


class SesionSaboteada(Sesion):
    """Como ``Sesion``, pero ``fichero`` (por defecto, el script de las calculadoras) llega con ``quitar`` (que ha
    de estar en él) cambiado por ``poner``."""

    def __init__(
        self, chromium, base: str, quitar: str, poner: str = "", fichero: str = "javascripts/calculadora.js", **opciones
    ) -> None:
        self.quitar, self.poner, self.fichero = quitar, poner, fichero
        super().__init__(chromium, base, **opciones)

    def _anotar(self, ruta) -> None:
        if self.fichero not in ruta.request.url:
            return super()._anotar(ruta)
        self.peticiones.append(ruta.request.url)
        respuesta = ruta.fetch()
        original = respuesta.text()
        assert self.quitar in original, f"el fallo plantado ya no corresponde a {self.fichero}"
        tipo = respuesta.headers.get("content-type", "text/plain")
        return ruta.fulfill(body=original.replace(self.quitar, self.poner), content_type=tipo)


def _pagina_de(sitio: pathlib.Path, nombre: str) -> str:
    return next(ruta for ruta, ids in _con_formularios(sitio).items() if f"gc-{nombre}" in ids)


def _filas(tabla: navegador.Tabla) -> list[list[str]]:
    return [list(f) for f in tabla.filas]


def _comprobar_enlace(sesion: Sesion, ruta: str, nombre: str, timeout: float = 180_000) -> None:
    """Abrir un enlace con otros valores rellena el formulario y calcula solo, con el resultado de Python; y tras
    calcular con otros más, la URL de la barra de direcciones los reproduce en otra carga."""
    id_ = f"gc-{nombre}"
    valores = _otros(nombre)
    sesion.pagina.goto("about:blank")
    sesion.pagina.goto(sesion.base + ruta + navegador.enlace(nombre, valores), wait_until="networkidle")
    sesion.pagina.wait_for_function(
        "id => Number(document.getElementById(id).dataset.calculos || 0) > 0", arg=id_, timeout=timeout
    )
    assert _valores(sesion, id_) == valores
    assert sesion.celdas(id_) == _filas(navegador.calcular(nombre, valores))
    # Otro cambio, calculado a mano: la barra de direcciones lo guarda.
    cambio = dict(valores)
    campo = [c for c, t in navegador.CALCULADORAS[nombre].argumentos.items() if t != "opcion"][-1]
    cambio[campo] = navegador.escribir(navegador.leer(valores[campo]) + 1)
    _rellenar(sesion, nombre, {campo: cambio[campo]})
    sesion.enviar(id_)
    url = sesion.pagina.url
    # (El fragmento no cuenta: el tema lo cambia al apartado que se lee, «navigation.tracking».)
    assert _consulta(url) == _consulta(navegador.enlace(nombre, cambio))
    sesion.pagina.goto("about:blank")
    sesion.pagina.goto(url, wait_until="networkidle")
    sesion.pagina.wait_for_function(
        "id => Number(document.getElementById(id).dataset.calculos || 0) > 0", arg=id_, timeout=timeout
    )
    assert sesion.celdas(id_) == _filas(navegador.calcular(nombre, cambio))


def _consulta(url: str) -> dict[str, str]:
    from urllib.parse import parse_qsl, urlsplit

    return dict(parse_qsl(urlsplit(url).query))


def test_un_enlace_reproduce_el_resultado(sitio, sesion):
    # Dos calculadoras en la misma página (sus campos comparten nombres: «precio_hora») y una con listas.
    for nombre in ("comprar", "api-o-gpu", "donde-mas-barato"):
        _comprobar_enlace(sesion, _pagina_de(sitio, nombre), nombre)
    assert sesion.fuera == []


def test_la_prueba_del_enlace_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no lee la URL. La comprobación lo ve (nada se calcula al abrir el enlace)."""
    s = SesionSaboteada(chromium, servido, QUITAR_LECTURA_DE_LA_URL)
    try:
        with pytest.raises(Exception, match="Timeout|assert"):
            _comprobar_enlace(s, _pagina_de(sitio, "cabe"), "cabe", timeout=20_000)
    finally:
        s.contexto.close()


def test_sin_javascript_un_enlace_muestra_los_valores_por_defecto(sitio, chromium, servido):
    """Sin JavaScript, el enlace abre la página completa con los valores por defecto y su resultado (el de la
    construcción), el aviso de que hace falta JavaScript para calcular y, para copiarla a mano, la orden."""
    s = Sesion(chromium, servido, java_script_enabled=False)
    try:
        ruta = _pagina_de(sitio, "cabe")
        s.pagina.goto(s.base + ruta + navegador.enlace("cabe", OTROS_VALORES["cabe"]), wait_until="networkidle")
        defecto = _por_defecto("cabe")
        assert _valores(s, "gc-cabe") == defecto
        assert s.celdas("gc-cabe") == _filas(navegador.calcular("cabe", defecto))
        assert "hace falta JavaScript" in s.pagina.inner_text("#gc-cabe")
        assert s.pagina.inner_text("#gc-cabe .gc-orden") == navegador.orden_cli("cabe", defecto)
        assert s.pagina.locator("#gc-cabe .gc-copiar").is_hidden()
        assert s.fuera == []
    finally:
        s.contexto.close()


def _comprobar_orden(sesion: Sesion, ruta: str, nombre: str) -> None:
    """Con otros valores en el formulario, «Copiar como orden» copia la orden de la biblioteca, y esa orden,
    ejecutada, imprime las cifras que muestra la página."""
    id_ = f"gc-{nombre}"
    sesion.abrir(ruta)
    _rellenar(sesion, nombre, _otros(nombre))
    sesion.enviar(id_)
    sesion.pagina.click(f"#{id_} .gc-copiar")
    copiada = sesion.pagina.evaluate("navigator.clipboard.readText()")
    assert copiada == sesion.pagina.inner_text(f"#{id_} .gc-orden")
    assert "Orden copiada" in sesion.pagina.inner_text(f"#{id_} .gc-estado")
    tabla = navegador.calcular(nombre, _otros(nombre))
    assert sesion.celdas(id_) == _filas(tabla)
    assert _cifras_que_faltan(sesion.celdas(id_), tabla.numericas, _ejecutar_orden(copiada)) == []


@pytest.fixture(scope="module")
def con_portapapeles(chromium, servido):
    s = Sesion(chromium, servido, permissions=["clipboard-read", "clipboard-write"])
    yield s
    s.contexto.close()


def test_copiar_como_orden_da_la_orden_que_imprime_lo_mismo(sitio, con_portapapeles):
    # Una con listas, una con opciones de otro nombre que sus campos («--vatios», «--reventa»).
    for nombre in ("cuanto-tarda", "comprar"):
        _comprobar_orden(con_portapapeles, _pagina_de(sitio, nombre), nombre)
    assert con_portapapeles.fuera == []


def test_la_prueba_de_la_orden_en_el_navegador_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no cambia la orden al calcular (se queda la de los valores de la página)."""
    s = SesionSaboteada(chromium, servido, QUITAR_ORDEN, permissions=["clipboard-read", "clipboard-write"])
    try:
        with pytest.raises(AssertionError):
            _comprobar_orden(s, _pagina_de(sitio, "cuanto-tarda"), "cuanto-tarda")
    finally:
        s.contexto.close()


def _comprobar_csv(sesion: Sesion, ruta: str, nombre: str) -> None:
    """Con otros valores, «Descargar la tabla en CSV» baja la tabla que muestra la página, cabecera incluida."""
    import csv

    id_ = f"gc-{nombre}"
    sesion.abrir(ruta)
    _rellenar(sesion, nombre, _otros(nombre))
    sesion.enviar(id_)
    with sesion.pagina.expect_download() as descarga:
        sesion.pagina.click(f"#{id_} .gc-csv")
    assert descarga.value.suggested_filename == f"gpucoste-{nombre}.csv"
    texto = pathlib.Path(descarga.value.path()).read_text(encoding="utf-8")
    cabecera = [th.inner_text() for th in sesion.pagina.locator(f"#{id_} .gc-resultado th").all()]
    assert list(csv.reader(io.StringIO(texto))) == [cabecera, *sesion.celdas(id_)]


def test_descargar_csv_da_la_tabla_de_la_pagina(sitio, chromium, servido):
    s = Sesion(chromium, servido, accept_downloads=True)
    try:
        for nombre in ("donde-mas-barato", "interrumpibles"):
            _comprobar_csv(s, _pagina_de(sitio, nombre), nombre)
        assert s.fuera == []
    finally:
        s.contexto.close()


def test_la_prueba_del_csv_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: el script no cambia el CSV al calcular (se queda el de los valores de la página)."""
    s = SesionSaboteada(chromium, servido, QUITAR_CSV, accept_downloads=True)
    try:
        with pytest.raises(AssertionError):
            _comprobar_csv(s, _pagina_de(sitio, "donde-mas-barato"), "donde-mas-barato")
    finally:
        s.contexto.close()


MOVIL = {"viewport": {"width": 390, "height": 844}}


def _fuera_de_la_pantalla(sesion: Sesion, sitio: pathlib.Path) -> list[str]:
    """Las celdas del resultado de cada calculadora que, a 390 px, quedan a la derecha del borde de la pantalla
    (habría que desplazarse en horizontal para leerlas)."""
    fuera = []
    for ruta in _con_formularios(sitio):
        sesion.pagina.goto(sesion.base + ruta, wait_until="networkidle")
        fuera += sesion.pagina.evaluate(
            """ruta => {
              const ancho = document.documentElement.clientWidth;
              return [...document.querySelectorAll("form.gc-calculadora .gc-resultado td")]
                .filter(td => td.getBoundingClientRect().right > ancho + 1)
                .map(td => `${ruta}#${td.closest("form").id}: ${td.textContent}`);
            }""",
            ruta,
        )
    return fuera


def test_en_el_movil_la_respuesta_se_lee_sin_desplazarse_a_la_derecha(sitio, chromium, servido):
    s = Sesion(chromium, servido, **MOVIL)
    try:
        assert _fuera_de_la_pantalla(s, sitio) == []
    finally:
        s.contexto.close()


def test_la_prueba_del_movil_puede_fallar(sitio, chromium, servido):
    """Fallo plantado: la hoja de estilo sin las tarjetas del móvil (su media query no se cumple nunca)."""
    tarjetas = "@media screen and (max-width: 44.9375em) {\n  .md-typeset .gc-resultado table[data-tarjetas] {"
    s = SesionSaboteada(
        chromium, servido, tarjetas, tarjetas.replace("44.9375em", "1px"), "stylesheets/calculadora.css", **MOVIL
    )
    try:
        assert _fuera_de_la_pantalla(s, sitio) != []
    finally:
        s.contexto.close()


# --- El país del lector en cada calculadora con dinero (issue 22) ------------------------------------------


@pytest.mark.parametrize("nombre", navegador.CON_DINERO)
def test_cada_calculadora_con_dinero_tiene_el_campo_pais_y_viaja_con_el(nombre):
    c = navegador.CALCULADORAS[nombre]
    campo = next(f for f in c.campos() if f.nombre == "pais")
    assert campo.defecto == "SIN" and {"ES", "MX", "CO", "AR", "CL", "PE"} <= set(campo.opciones)
    valores = {f.nombre: navegador.escribir(f.defecto) for f in c.campos()}
    neutra = navegador.calcular(nombre, valores)
    assert "--pais" not in navegador.orden_cli(nombre, valores)  # la neutra: la orden de siempre
    valores["pais"] = "CO"
    if valores.get("precio_kwh") == "":  # un kWh escrito: no depende de que Colombia tenga el suyo en los datos
        valores["precio_kwh"] = "0,3"
    tabla = navegador.calcular(nombre, valores)
    assert "COP/US$" in tabla.titulo and "TRM" in tabla.titulo
    assert any("COP con IVA 19" in c for c in tabla.columnas) and len(tabla.columnas) > len(neutra.columnas)
    assert navegador.orden_cli(nombre, valores).endswith("--pais CO")
    assert f"{navegador.clave_url(c.nombre, 'pais')}=CO" in navegador.enlace(nombre, valores)
    assert "COP con IVA 19" in navegador.tabla_csv(tabla).splitlines()[0]


def test_el_coste_en_colombia_es_el_de_la_biblioteca():
    from gpucoste.dinero import paises

    c = navegador.CALCULADORAS["coste"]
    valores = {f.nombre: navegador.escribir(f.defecto) for f in c.campos()} | {"pais": "CO"}
    filas = navegador.calcular("coste", valores).filas
    total = next(f for f in filas if f[0].startswith("Coste real"))
    usd = navegador.leer(total[1])
    assert total[2] == numero(paises.en_local(usd, "CO").local, 0)


def test_el_selector_de_pais_en_el_navegador_da_la_columna_local_y_la_orden(sesion):
    sesion.abrir(PAGINA_COSTE)
    sesion.pagina.locator("#gc-coste-pais").select_option("MX")
    valores = _valores(sesion, "gc-coste")
    assert valores["pais"] == "MX"
    sesion.enviar("gc-coste")
    assert sesion.fuera == []
    esperado = navegador.calcular("coste", valores)
    assert [list(f) for f in esperado.filas] == sesion.celdas("gc-coste")
    assert "MXN con IVA 16" in sesion.pagina.inner_text("#gc-coste .gc-resultado")
    assert "MXN/US$" in sesion.pagina.inner_text("#gc-coste .gc-resultado")


# --- ¿Comprar o alquilar? con el precio de la tienda del país (issue 22) -----------------------------------


def _compra_local_esperada() -> tuple[dict[str, str], float]:
    """La fila de compras_locales.csv de la GPU del formulario (la primera que hay) y su precio en dólares sin
    impuestos, calculado aquí desde los CSV (impuesto de paises.csv; tipo de cambio de moneda.csv o cambios.csv, el
    más reciente), no con la biblioteca."""
    import csv

    from gpucoste.guia import decisiones

    def filas(nombre: str) -> list[dict[str, str]]:
        with (RAIZ / "src" / "gpucoste" / "datos" / nombre).open(encoding="utf-8") as f:
            return list(csv.DictReader(f))

    locales = [f for f in filas("compras_locales.csv") if f["gpu"] == decisiones.GPU_ALQUILADA]
    if not locales:
        pytest.skip("ninguna tienda con precio de la GPU del formulario en compras_locales.csv")
    fila = max((f for f in locales if f["pais"] == locales[0]["pais"]), key=lambda f: f["fecha"])
    pais = next(p for p in filas("paises.csv") if p["codigo"] == fila["pais"])
    if fila["moneda"] == "EUR":
        por_usd = 1 / float(next(x for x in filas("moneda.csv") if x["clave"] == "usd_por_eur")["valor"])
    else:
        por_usd = float(
            max((c for c in filas("cambios.csv") if c["moneda"] == fila["moneda"]), key=lambda c: c["fecha"])["por_usd"]
        )
    return fila, float(fila["precio_local"]) / (1 + float(pais["impuesto"])) / por_usd


def test_comprar_con_pais_y_sin_precio_usa_la_tienda_como_la_orden():
    """Sin precio escrito, el formulario toma el de la tienda del país (la misma función que «gpucoste comprar
    --pais»); «copiar como orden» va sin --precio-compra y la orden imprime la misma cifra; un precio escrito manda."""
    from gpucoste.base import formato
    from gpucoste.calculo import compra
    from gpucoste.guia import decisiones

    fila, esperado = _compra_local_esperada()
    valores = _por_defecto("comprar") | {"pais": fila["pais"]}
    assert valores["precio_compra"] == ""
    tabla = navegador.calcular("comprar", valores)
    celdas_ = {f[0]: f[1] for f in tabla.filas}
    assert celdas_["Precio de compra (US$)"] == numero(esperado)
    assert celdas_["Precio de compra (US$)"] == numero(
        compra.precio_de_compra(decisiones.GPU_ALQUILADA, fila["pais"]).usd
    )
    assert formato.fecha(fila["fecha"]) in tabla.titulo and "según" in tabla.titulo
    orden = navegador.orden_cli("comprar", valores)
    assert "--precio-compra" not in orden and orden.endswith(f"--pais {fila['pais']}")
    assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, _ejecutar_orden(orden)) == []
    # Sin país (la entrada neutra), el de lista; con uno escrito, ese, que va en la orden.
    neutra = {f[0]: f[1] for f in navegador.calcular("comprar", valores | {"pais": "SIN"}).filas}
    assert neutra["Precio de compra (US$)"] == numero(compra.precio_compra(decisiones.GPU_ALQUILADA))
    escrito = valores | {"precio_compra": "1.750"}
    assert navegador.calcular("comprar", escrito).filas[0][1] == numero(1750)
    assert "--precio-compra 1750" in navegador.orden_cli("comprar", escrito)
    assert "comprar.precio_compra=&" in navegador.enlace("comprar", valores)


def test_comprar_con_la_tienda_del_pais_en_el_navegador(sesion):
    """En Chromium: el país elegido y el precio vacío dan el precio de la tienda (con su fuente, su fecha y el tipo
    de cambio en el título), el de la biblioteca en Python y el calculado aquí desde los CSV; viaja en la URL y en
    la orden; un precio escrito lo sustituye."""
    from urllib.parse import parse_qs, urlsplit

    from gpucoste.base import formato
    from gpucoste.calculo import compra
    from gpucoste.dinero import paises
    from gpucoste.guia import decisiones

    fila, esperado = _compra_local_esperada()
    sesion.abrir(PAGINA_API)
    sesion.pagina.locator("#gc-comprar-pais").select_option(fila["pais"])
    assert sesion.pagina.input_value("#gc-comprar-precio_compra") == ""
    valores = _valores(sesion, "gc-comprar")
    sesion.enviar("gc-comprar")
    assert sesion.fuera == []
    calculado = {f[0]: f[1:] for f in sesion.celdas("gc-comprar")}
    biblioteca = compra.precio_de_compra(decisiones.GPU_ALQUILADA, fila["pais"]).usd
    assert calculado["Precio de compra (US$)"][0] == numero(esperado) == numero(biblioteca)
    assert [list(f) for f in navegador.calcular("comprar", valores).filas] == sesion.celdas("gc-comprar")
    # El precio local, con el impuesto, en la columna de la moneda del país (redondeado a sus decimales).
    local = navegador.leer(calculado["Precio de compra (US$)"][1])
    assert local == pytest.approx(float(fila["precio_local"]), abs=0.02)
    titulo = sesion.pagina.inner_text("#gc-comprar .gc-resultado caption")
    assert formato.fecha(fila["fecha"]) in titulo and paises.nota_cambio(fila["pais"]) in titulo
    assert urlsplit(fila["fuente"]).hostname.removeprefix("www.") in titulo
    consulta = parse_qs(urlsplit(sesion.pagina.url).query, keep_blank_values=True)
    assert consulta["comprar.pais"] == [fila["pais"]] and consulta["comprar.precio_compra"] == [""]
    orden = sesion.pagina.inner_text("#gc-comprar .gc-orden code")
    assert "--precio-compra" not in orden and f"--pais {fila['pais']}" in orden
    # El enlace, abierto en otra pestaña, calcula lo mismo.
    otra = sesion.contexto.new_page()
    try:
        otra.goto(sesion.pagina.url, wait_until="networkidle")
        otra.wait_for_function("Number(document.getElementById('gc-comprar').dataset.calculos || 0) > 0")
        html = otra.locator("#gc-comprar .gc-resultado").inner_html()
        assert celdas(BeautifulSoup(html, "html.parser").find("table")) == sesion.celdas("gc-comprar")
    finally:
        otra.close()
    # El lector escribe su precio: manda sobre el de la tienda.
    sesion.pagina.fill("#gc-comprar-precio_compra", "1750")
    sesion.enviar("gc-comprar")
    assert {f[0]: f[1] for f in sesion.celdas("gc-comprar")}["Precio de compra (US$)"] == numero(1750)
    assert "--precio-compra 1750" in sesion.pagina.inner_text("#gc-comprar .gc-orden code")
    # Otro país con el kWh de su hogar en los datos (el último de electricidad.csv): su luz, la de la biblioteca.
    from gpucoste.dinero import mercado

    otro = paises.pais(mercado.electricidad()[-1].pais)
    sesion.pagina.locator("#gc-comprar-pais").select_option(otro.codigo)
    valores = _valores(sesion, "gc-comprar")
    assert valores["precio_kwh"] == ""
    sesion.enviar("gc-comprar")
    esperado = decisiones.luz_del_pais(otro.codigo).usd_kwh
    assert {f[0]: f[1] for f in sesion.celdas("gc-comprar")}["Precio del kWh (US$)"] == numero(esperado, 4)
    assert [list(f) for f in navegador.calcular("comprar", valores).filas] == sesion.celdas("gc-comprar")
    assert f"Electricidad de un hogar de {otro.pais}" in sesion.pagina.inner_text("#gc-comprar .gc-resultado caption")


def test_comprar_con_pais_y_sin_kwh_usa_la_luz_del_pais_como_la_orden():
    """Con el kWh vacío, el del hogar del país (decisiones.luz_del_pais, como «gpucoste comprar» sin --precio-kwh),
    calculado aquí desde los CSV; la orden va sin --precio-kwh e imprime las mismas cifras. Un país sin precio con
    fuente da el error junto al campo, que pide el tuyo."""
    import csv

    def filas(nombre: str) -> list[dict[str, str]]:
        with (RAIZ / "src" / "gpucoste" / "datos" / nombre).open(encoding="utf-8") as f:
            return list(csv.DictReader(f))

    todos = filas("paises.csv")
    for luz in filas("electricidad.csv"):
        pais = next(p for p in todos if p["pais"] == luz["pais"])
        if luz["moneda"] == "EUR":
            por_usd = 1 / float(next(x for x in filas("moneda.csv") if x["clave"] == "usd_por_eur")["valor"])
        else:
            cambios = [c for c in filas("cambios.csv") if c["moneda"] == luz["moneda"]]
            por_usd = float(max(cambios, key=lambda c: c["fecha"])["por_usd"])
        valores = _por_defecto("comprar") | {"pais": pais["codigo"]}
        assert valores["precio_kwh"] == ""
        tabla = navegador.calcular("comprar", valores)
        assert dict(f[:2] for f in tabla.filas)["Precio del kWh (US$)"] == numero(float(luz["precio_kwh"]) / por_usd, 4)
        assert f"Electricidad de un hogar de {luz['pais']}" in tabla.titulo
        orden = navegador.orden_cli("comprar", valores)
        assert "--precio-kwh" not in orden
        assert _cifras_que_faltan([list(f) for f in tabla.filas], tabla.numericas, _ejecutar_orden(orden)) == []
    con_luz = {f["pais"] for f in filas("electricidad.csv")}
    sin = next((p for p in todos if p["pais"] not in con_luz), None)
    if sin is not None:
        respuesta = json.loads(
            navegador.calcular_json("comprar", json.dumps(_por_defecto("comprar") | {"pais": sin["codigo"]}))
        )
        assert respuesta["campo"] == "precio_kwh" and sin["pais"] in respuesta["error"]
