"""El formulario «¿Cuántas GPU para servir mi tráfico?» y ``gpucoste servir`` dan lo mismo (issue 31)."""

from __future__ import annotations

import contextlib
import io
import shlex

from gpucoste import cli, navegador


def _orden(argv: list[str]) -> list[list[str]]:
    salida = io.StringIO()
    with contextlib.redirect_stdout(salida):
        assert cli.main(argv) == 0
    lineas = [linea for linea in salida.getvalue().splitlines() if linea.startswith("|")]
    return [[c.strip() for c in linea.strip("|").split("|")] for i, linea in enumerate(lineas) if i != 1]


def test_el_ejemplo_de_la_issue_en_mexico_da_lo_mismo_en_el_formulario_y_en_la_orden():
    valores = {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS["servir"].campos()}
    valores |= {"modelo": "Llama 3.1 8B", "mensajes_dia": "200000", "pais": "MX"}
    tabla = navegador.calcular("servir", valores)
    orden = _orden(shlex.split(navegador.orden_cli("servir", valores))[1:])
    titulos = [t[:1].lower() + t[1:] if not t[:2].isupper() else t for t in tabla.columnas]
    assert titulos == orden[0]
    assert [list(f) for f in tabla.filas] == orden[1:]
    assert any("MXN con IVA" in t for t in tabla.columnas)


def test_la_carga_es_un_porcentaje_en_el_formulario_y_en_la_orden():
    """La carga media salía «0,48» en el formulario y la orden y «48 %» en la página: un porcentaje en los tres."""
    from gpucoste.base import etiquetas

    valores = {c.nombre: navegador.escribir(c.defecto) for c in navegador.CALCULADORAS["servir"].campos()}
    tabla = navegador.calcular("servir", valores)
    orden = _orden(shlex.split(navegador.orden_cli("servir", valores))[1:])
    columna = [t.lower() for t in tabla.columnas].index(etiquetas.SERVIR["carga"])
    for celdas in ([f[columna] for f in tabla.filas], [f[columna] for f in orden[1:]]):
        cifras = [c for c in celdas if c != "sin dato"]
        assert cifras and all(c.endswith("\u00a0%") for c in cifras), celdas
