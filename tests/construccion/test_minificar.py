"""construccion/minificar.py: los .js y .css propios se publican sin comentarios, con cada línea de código igual."""

from __future__ import annotations

import pathlib
import sys

import pytest

RAIZ = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(RAIZ / "construccion"))
import minificar  # noqa: E402

PROPIOS = sorted(p for carpeta, ext in minificar.CARPETAS.items() for p in (RAIZ / "docs" / carpeta).glob(f"*{ext}"))


def test_js_sin_lineas_de_comentario():
    fuente = '// arriba\nconst a = "http://x"; // al final\n\n  // sangrado\nfunction f() {\n  return `//no`;\n}\n'
    assert minificar.sin_comentarios_js(fuente) == (
        'const a = "http://x"; // al final\nfunction f() {\n  return `//no`;\n}\n'
    )


def test_css_sin_comentarios():
    fuente = "/* cabecera\n   de dos líneas */\n.a {\n  color: red; /* al final */\n}\n\n/* otro */\n.b { x: y }\n"
    assert minificar.sin_comentarios_css(fuente) == ".a {\n  color: red;\n}\n.b { x: y }\n"


@pytest.mark.parametrize("fuente", PROPIOS, ids=lambda p: p.name)
def test_cada_linea_de_codigo_se_publica_igual_y_en_orden(fuente):
    """Cada línea de código del fichero de docs/ sale igual (con su sangría) y en el mismo orden; nada más cambia
    que los comentarios y las líneas en blanco. Y el fichero pesa menos: tiene comentarios que quitar."""
    texto = fuente.read_text(encoding="utf-8")
    if fuente.suffix == ".js":
        publicado = minificar.sin_comentarios_js(texto)
        codigo = [ln for ln in texto.split("\n") if ln.strip() and not ln.strip().startswith("//")]
    else:
        publicado = minificar.sin_comentarios_css(texto)
        codigo = [ln.rstrip() for ln in minificar._COMENTARIO_CSS.sub("", texto).split("\n") if ln.strip()]
    assert publicado.splitlines() == codigo
    assert len(publicado) < len(texto)


def test_una_linea_de_codigo_borrada_se_nota():
    """El fallo plantado: si quitara también una línea de código, la comparación de arriba lo vería."""
    texto = (RAIZ / "docs" / "javascripts" / "calculadora.js").read_text(encoding="utf-8")
    roto = minificar.sin_comentarios_js(texto).replace("let cargando = null;\n", "", 1)
    codigo = [ln for ln in texto.split("\n") if ln.strip() and not ln.strip().startswith("//")]
    assert roto.splitlines() != codigo


def test_el_sitio_construido_va_sin_comentarios(sitio):
    """En el sitio de la sesión, los ficheros propios ya van aligerados (el hook está en mkdocs.yml)."""
    for fuente in PROPIOS:
        publicado = (sitio / fuente.relative_to(RAIZ / "docs")).read_text(encoding="utf-8")
        texto = fuente.read_text(encoding="utf-8")
        aligerar = minificar.sin_comentarios_js if fuente.suffix == ".js" else minificar.sin_comentarios_css
        esperado = aligerar(texto)
        assert publicado == esperado, fuente.name
