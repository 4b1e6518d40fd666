"""Las frases comprobadas (``<!-- comprueba: … -->``, ``construccion/afirmaciones.py``) en la construcción estricta.

Con un dato plantado que hace falsa una frase de «Alternativas», la construcción falla y lo que imprime ``make check``
(``registro.resumen``) nombra la página, la línea, la frase y qué hacer; y ningún comentario se publica.
"""

from __future__ import annotations

import re
import shutil

import plantar
import registro
from conftest import DATOS, construir, copiar_proyecto, solo_estas_paginas


def test_una_frase_que_los_datos_ya_no_sostienen_rompe_la_construccion(tmp_path):
    datos = tmp_path / "datos"
    shutil.copytree(DATOS, datos)
    plantar.anadir(datos, "precios.csv", plantar.FILA_AZURE_H100)
    proyecto = solo_estas_paginas(copiar_proyecto(tmp_path / "proyecto"), "alternativas.md")
    r = construir(tmp_path / "sitio", raiz=proyecto, env={"GPUCOSTE_DATOS": str(datos)})
    assert r.returncode != 0
    resumen = registro.resumen(r.registro)
    linea = next(
        i
        for i, texto in enumerate((proyecto / "docs" / "alternativas.md").read_text(encoding="utf-8").splitlines(), 1)
        if 'sin_precio("Azure", gpu="H100 80GB")' in texto
    )
    assert f"docs/alternativas.md:{linea}: la frase «Azure no está en ella porque no tiene precio de la H100" in resumen
    assert "Hoy, precios.csv tiene un precio de Azure para la H100 80GB" in resumen
    assert "Qué hacer:" in resumen


def test_los_comentarios_de_las_comprobaciones_no_se_publican(sitio):
    publicadas = [p for p in sitio.rglob("*.html") if re.search(r"<!--\s*comprueba:", p.read_text(encoding="utf-8"))]
    assert not publicadas
