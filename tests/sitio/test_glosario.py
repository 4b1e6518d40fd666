"""El glosario en todo el sitio: cada definición corta (docs/.glosario/abreviaturas.md) tiene su entrada en
docs/glosario.md, y en el navegador un término muestra su definición al pasar el ratón y al enfocarlo con el
tabulador (Material, content.tooltips, más docs/javascripts/glosario.js)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from bs4 import BeautifulSoup
from conftest import RAIZ
from servidor import servir

ABREVIATURAS = RAIZ / "docs" / ".glosario" / "abreviaturas.md"
GLOSARIO = RAIZ / "docs" / "glosario.md"
DEFINICION = re.compile(r"^\*\[(?P<termino>[^\]]+)\]: (?P<definicion>.+)$")


def _llano(texto: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", texto.lower()) if unicodedata.category(c) != "Mn")


def definiciones() -> dict[str, str]:
    lineas = [x for x in ABREVIATURAS.read_text(encoding="utf-8").splitlines() if x.strip()]
    malas = [x for x in lineas if not DEFINICION.match(x)]
    assert not malas, f"líneas que no son «*[término]: definición»: {malas}"
    return {m["termino"]: m["definicion"] for m in map(DEFINICION.match, lineas)}


def test_las_definiciones_cortas_van_separadas_por_una_linea_en_blanco():
    """Juntas forman un solo bloque de Markdown que las extensiones vuelven a examinar entero tras quitar cada
    definición: en cada página y en cada salida de markdown-exec (ver el comentario de auto_append en mkdocs.yml)."""
    lineas = ABREVIATURAS.read_text(encoding="utf-8").splitlines()
    juntas = [b for a, b in zip(lineas, lineas[1:], strict=False) if a.strip() and b.strip()]
    assert not juntas, f"definiciones sin una línea en blanco delante: {juntas[:3]}"


def test_cada_definicion_corta_tiene_su_entrada_en_el_glosario():
    titulos = [_llano(t) for t in re.findall(r"^## (.+)$", GLOSARIO.read_text(encoding="utf-8"), re.M)]
    for termino, definicion in definiciones().items():
        raiz = _llano(termino).removesuffix("es") if termino.endswith("es") else _llano(termino).rstrip("s")
        assert any(raiz in t for t in titulos), f"«{termino}» no tiene entrada en docs/glosario.md"
        assert not re.search(r"\d", definicion), f"«{termino}»: sin cifras en la definición (es prosa)"
        assert definicion.endswith((".", "…")), f"«{termino}»: la definición acaba en punto"


def test_los_terminos_se_marcan_tambien_en_las_salidas_ejecutadas(sitio):
    """abbr actúa en la prosa y en lo que imprimen los snippets (markdown-exec usa las mismas extensiones)."""
    sopa = BeautifulSoup((sitio / "alquilar-gpus-por-horas" / "index.html").read_text(encoding="utf-8"), "html.parser")
    terminos = definiciones()
    marcadas = sopa.select("article abbr[title]")
    assert marcadas, "ningún término del glosario marcado en la página principal"
    for abbr in marcadas:
        assert abbr["title"] == terminos[abbr.get_text()], abbr


def test_los_terminos_se_marcan_tambien_en_el_cuaderno(sitio):
    """El cuaderno no pasa por abbr (mkdocs-jupyter): el hook construccion/glosario.py marca sus celdas
    de Markdown con las mismas definiciones, y nunca dentro del código."""
    sopa = BeautifulSoup((sitio / "experimento-finetuning" / "index.html").read_text(encoding="utf-8"), "html.parser")
    terminos = definiciones()
    marcadas = sopa.select(".jp-RenderedMarkdown abbr[title]")
    assert {a.get_text() for a in marcadas} >= {"fine-tuning", "LoRA"}
    for abbr in marcadas:
        assert abbr["title"] == terminos[abbr.get_text()], abbr
    assert not sopa.select("pre abbr, code abbr, a abbr, h1 abbr, h2 abbr"), "un término marcado en código o título"


def test_el_marcador_del_cuaderno_respeta_codigo_enlaces_y_palabras():
    """Falta plantada: la regla de abbr (palabra entera, distingue mayúsculas), fuera de código y enlaces."""
    import importlib.util

    ruta = RAIZ / "construccion" / "glosario.py"
    especificacion = importlib.util.spec_from_file_location("hook_glosario", ruta)
    hook = importlib.util.module_from_spec(especificacion)
    especificacion.loader.exec_module(hook)
    terminos = {"LoRA": "Adaptador «ligero».", "caché KV": "Claves y valores."}
    html = (
        '<div class="jp-RenderedMarkdown"><p>Un LoRA, la caché KV y QLoRA.</p><pre>LoRA</pre>'
        '<p><a href="#">LoRA</a> y <code>LoRA</code></p></div><p>LoRA fuera de la celda</p>'
    )
    salida = BeautifulSoup(hook.marcar(html, terminos), "html.parser")
    assert [(a.get_text(), a["title"]) for a in salida.find_all("abbr")] == [
        ("LoRA", "Adaptador «ligero»."),
        ("caché KV", "Claves y valores."),
    ]
    assert hook.definiciones("*[LoRA]: Uno.\n*[caché KV]: Dos.\n") == {"LoRA": "Uno.", "caché KV": "Dos."}


def _tooltip_visible(pagina, termino) -> str:
    """El texto del tooltip que describe a ``termino`` (aria-describedby), una vez visible; si no, ""."""
    try:
        pagina.wait_for_function(
            """t => { const id = t.getAttribute("aria-describedby"); const tip = id && document.getElementById(id);
                      return tip && tip.classList.contains("md-tooltip2--active") && tip.offsetParent !== null; }""",
            arg=termino,
            timeout=3000,
        )
    except Exception:  # noqa: BLE001 (Playwright lanza su propio TimeoutError)
        return ""
    return termino.evaluate("t => document.getElementById(t.getAttribute('aria-describedby')).innerText").strip()


@pytest.mark.parametrize("ruta", ["alquilar-gpus-por-horas/", "experimento-finetuning/"])
def test_un_termino_muestra_su_definicion_con_el_raton_y_con_el_teclado(chromium, sitio, ruta):
    """En una página Markdown y en la del cuaderno (mkdocs-jupyter), igual."""
    contexto = chromium.new_context(service_workers="block")
    contexto.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
    with servir(sitio) as base:
        pagina = contexto.new_page()
        pagina.goto(base + ruta, wait_until="networkidle")
        definicion = definiciones()["fine-tuning"]
        # Un término fuera de un enlace (dentro de uno, el foco es del enlace). Material quita el title al
        # mostrar el tooltip: se guarda el elemento, no el selector.
        termino = pagina.locator("article p abbr[tabindex='0']", has_text="fine-tuning").first.element_handle()
        assert termino.get_attribute("title") == definicion
        # Ratón.
        termino.hover()
        assert _tooltip_visible(pagina, termino) == definicion
        pagina.mouse.move(0, 0)
        pagina.wait_for_timeout(600)
        # Teclado: el tabulador llega al término (está en el orden de foco) y la definición aparece.
        pagina.evaluate(
            "t => { t.scrollIntoView(); const a = document.createElement('a'); a.href = '#';"
            " a.id = 'antes-del-termino'; t.before(a); }",
            termino,
        )
        pagina.focus("#antes-del-termino")
        pagina.keyboard.press("Tab")
        assert pagina.evaluate("document.activeElement.tagName") == "ABBR"
        assert pagina.evaluate("document.activeElement.textContent") == "fine-tuning"
        assert _tooltip_visible(pagina, termino) == definicion
    contexto.close()


def test_sin_el_script_el_termino_no_recibe_el_foco(chromium, sitio, tmp_path):
    """La prueba puede fallar: sin docs/javascripts/glosario.js, el tabulador salta el término."""
    import shutil

    copia = tmp_path / "sitio"
    shutil.copytree(sitio, copia)
    (copia / "javascripts" / "glosario.js").write_text("", encoding="utf-8")
    contexto = chromium.new_context(service_workers="block")
    with servir(copia) as base:
        pagina = contexto.new_page()
        pagina.goto(base + "alquilar-gpus-por-horas/", wait_until="networkidle")
        assert pagina.locator("article abbr[tabindex]").count() == 0
    contexto.close()
