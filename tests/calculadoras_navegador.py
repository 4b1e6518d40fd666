"""Lo que comparten las pruebas de las calculadoras (``tests/navegador/``): Chromium sobre el sitio servido en
127.0.0.1 (``Sesion``, ``SesionSaboteada`` y las fixtures ``servido`` y ``sesion``), las páginas y los formularios
del sitio construido, los valores que escribe otro lector (``OTROS_VALORES``) y la orden de ``gpucoste`` que ha de
imprimir las cifras de una tabla.

Una prueba importa las fixtures con ``as`` (``from calculadoras_navegador import sesion as sesion``): así ruff no las
da por no usadas. No van en un ``tests/navegador/conftest.py``: con ese nombre, taparía a ``tests/conftest.py`` en
cada ``from conftest import …``.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import pathlib
import re
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup
from conftest import RAIZ, RAPIDO, celdas, gpucoste
from servidor import paginas, servir

from gpucoste import navegador

SNIPPET = RAIZ / "snippets" / "alquilar-gpus-por-horas" / "experimento_editable.py"
PAGINA_COSTE = "alquilar-gpus-por-horas/"
PAGINA_INTERRUMPIBLES = "calculadoras/interrumpibles/"
PAGINA_BARATO = "calculadoras/donde-mas-barato/"


def _ejecutar(codigo: str) -> str:
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        exec(compile(codigo, "prueba", "exec"), {"__name__": "prueba"})
    return salida.getvalue()


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


def _pagina_de(sitio: pathlib.Path, nombre: str) -> str:
    return next(ruta for ruta, ids in _con_formularios(sitio).items() if f"gc-{nombre}" in ids)


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
        f"#{id_} input[name], #{id_} select[name], #{id_} textarea[name]",
        "campos => Object.fromEntries(campos.map(c => [c.name, c.value]))",
    )


def _rellenar(sesion: Sesion, nombre: str, valores: dict[str, str]) -> None:
    """Escribe ``valores`` en los campos de la calculadora ``nombre`` (las listas, eligiendo la opción)."""
    for campo, valor in valores.items():
        control = sesion.pagina.locator(f"#gc-{nombre}-{campo}")
        if control.evaluate("c => c.tagName") == "SELECT":
            control.select_option(valor)
        else:
            control.fill(valor)


def _grafico(sesion: Sesion, id_: str) -> str:
    return sesion.pagina.locator(f"#{id_} .gc-grafico").inner_html()


def _filas(tabla: navegador.Tabla) -> list[list[str]]:
    return [list(f) for f in tabla.filas]


# Los valores que escribe un lector, distintos de los de la página (con coma decimal y puntos de millares).
OTROS_VALORES = {
    "servir": {
        "modelo": "Mistral 7B v0.3",
        "mensajes_dia": "50000",
        "entrada": "800",
        "salida": "300",
        "factor_pico": "3",
        "tpot_ms": "80",
        "precio_kwh": "0,2",
    },
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
        "epocas": "2",
        "gpu": "L40S",
        "n_gpus": "2",
        "interconexion": "ethernet",
    },
    "donde-mas-barato": {
        "modelo": "Qwen 2.5 32B",
        "metodo": "qlora",
        "tokens": "200.000.000",
        "epocas": "3",
        "secuencia": "4096",
    },
    "horas-gpu": {"horas": "2.500", "gpu": "H100 80GB", "escala_origen": "nodo", "n_gpus": "2"},
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


def _otros(nombre: str) -> dict[str, str]:
    """Los valores de ``OTROS_VALORES``; un campo que no nombra (uno nuevo), con su valor por defecto."""
    return _por_defecto(nombre) | OTROS_VALORES[nombre]


def _por_defecto(nombre: str) -> dict[str, str]:
    return {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS[nombre].campos()}


def _rotulos(nombre: str) -> dict[str, str]:
    """El rótulo de cada campo tal como lo pasa calculadora.js: el ``data-rotulo`` de su control en el formulario."""
    return dict(_rotulos_del_formulario(nombre))


@functools.cache
def _rotulos_del_formulario(nombre: str) -> tuple[tuple[str, str], ...]:
    sopa = BeautifulSoup(navegador.formulario_html(nombre, pyodide="p/", rueda="r.whl", peso="1 MB"), "html.parser")
    return tuple((control["name"], control["data-rotulo"]) for control in sopa.select("[name][data-rotulo]"))


def _responder(nombre: str, valores: dict[str, str]) -> dict:
    """Lo que responde ``calcular_json`` al script de la página: con los valores y los rótulos del formulario."""
    return json.loads(navegador.calcular_json(nombre, json.dumps(valores), json.dumps(_rotulos(nombre))))


_CIFRA = re.compile(r"[-−]?[0-9]{1,3}(?:\.[0-9]{3})+(?:,[0-9]+)?|[-−]?[0-9]+(?:,[0-9]+)?")


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
                x = float(cifra.replace(".", "").replace(",", ".").replace("−", "-"))
                if celda.endswith("\u00a0%"):  # «48 %»: la orden guarda la fracción (0,48) en su CSV
                    x, decimales = x / 100, decimales + 2
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
