"""«make check» está de acuerdo con «make test»: pasa cada prueba que el cambio alcanza, la ortografía y la
guía de estilo de las páginas que toca, y exige ``id`` de bloque únicos. Cada regla, con su fallo plantado.
"""

from __future__ import annotations

import shutil

import alcance
import comprobar
import pytest
from conftest import RAIZ


def _copia(tmp_path):
    """Una copia de ``src/gpucoste``, ``tests``, ``docs`` y ``mkdocs.yml`` donde plantar fallos."""
    raiz = tmp_path / "proyecto"
    for carpeta in ("src/gpucoste", "tests", "docs", "snippets"):
        shutil.copytree(
            RAIZ / carpeta, raiz / carpeta, ignore=shutil.ignore_patterns("__pycache__", "node_modules", "snapshots")
        )
    shutil.copy(RAIZ / "mkdocs.yml", raiz / "mkdocs.yml")
    return raiz


def test_un_cambio_de_datos_alcanza_las_pruebas_que_leen_datos_a_traves_de_un_modulo():
    """El caso del issue: un CSV cambiado no pasaba ``test_dibujo.py`` (lee las filas del ranking a través de
    ``compra`` y ``dibujo``, que importan ``datos``)."""
    pruebas = alcance.pruebas_afectadas(["src/gpucoste/datos/precios.csv"])
    assert {"tests/test_dibujo.py", "tests/test_datos.py", "tests/test_snippets.py"} <= set(pruebas)
    assert "tests/test_interrupciones.py" not in pruebas  # interrupciones no lee datos


def test_los_snapshots_de_snippets_solo_con_un_cambio_que_mueve_su_salida():
    """Lo que imprime un snippet depende de él y de la biblioteca: una coma de la prosa no lo mueve (la construcción
    estricta ya ejecuta cada bloque) y solo se comprueban las reglas de los snippets (cada uno, en su página)."""
    assert f"def {alcance.REGLAS_SNIPPETS}(" in (RAIZ / "tests" / "test_snippets.py").read_text(encoding="utf-8")
    reglas = f"tests/test_snippets.py::{alcance.REGLAS_SNIPPETS}"
    assert alcance.pruebas_afectadas(["docs/glosario.md"]) == [reglas]
    for cambio in ("snippets/vast-ai/precio.py", "src/gpucoste/formato.py", "tests/snapshots/vast-ai/precio.txt"):
        pruebas = alcance.pruebas_afectadas([cambio, "docs/glosario.md"])
        assert "tests/test_snippets.py" in pruebas and reglas not in pruebas, cambio
    assert alcance.pruebas_afectadas(["mkdocs.yml"]) == []


def test_el_alcance_pilla_una_prueba_plantada(tmp_path):
    raiz = _copia(tmp_path)
    (raiz / "tests" / "test_plantada.py").write_text("from gpucoste import dibujo\n", encoding="utf-8")
    (raiz / "tests" / "ayuda_plantada.py").write_text("from gpucoste.formato import numero\n", encoding="utf-8")
    (raiz / "tests" / "test_plantada_ayuda.py").write_text("import ayuda_plantada\n", encoding="utf-8")
    (raiz / "tests" / "test_plantada_sin_datos.py").write_text("from gpucoste import validacion\n", encoding="utf-8")
    por_datos = alcance.pruebas_afectadas(["src/gpucoste/datos/gpus.csv"], raiz)
    assert {"tests/test_plantada.py", "tests/test_plantada_ayuda.py"} <= set(por_datos)
    assert "tests/test_plantada_sin_datos.py" not in por_datos
    # Un módulo cambiado alcanza a quien lo importa a través de otro (dibujo → formato → datos).
    assert "tests/test_plantada.py" in alcance.pruebas_afectadas(["src/gpucoste/datos.py"], raiz)
    assert "tests/test_plantada_ayuda.py" in alcance.pruebas_afectadas(["tests/ayuda_plantada.py"], raiz)
    assert len(alcance.pruebas_afectadas(["tests/conftest.py"], raiz)) == len(list((raiz / "tests").glob("test_*.py")))


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
    assert alcance.paginas_tocadas(["docs/glosario.md", "src/gpucoste/coste.py"]) == ["glosario/index.html"]
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
