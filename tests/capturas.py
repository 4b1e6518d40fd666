"""«make capturas»: una captura PNG de cada página de ``nav`` a 1366 y a 390 px de ancho, en modo claro y oscuro,
en ``capturas/`` (no se confirma: está en .gitignore), para revisar un pull request como lo verá el lector.

Uso: ``python tests/capturas.py SITIO DESTINO`` (``make capturas`` construye el sitio en ``site/`` antes). Los
nombres dicen página, ancho y modo: ``calculadoras-cabe-390-oscuro.png``. Imprime, además, la medida de cada
gráfico (ancho frente a la columna y letra más pequeña), la misma que comprueba
``tests/sitio/test_graficos_navegador.py``.
"""

from __future__ import annotations

import pathlib
import sys

from pantalla import ANCHOS, ESQUEMAS, contexto_local, medir, paginas_nav, problemas
from servidor import lanzar, servir

NOMBRE_ESQUEMA = {"light": "claro", "dark": "oscuro"}


def capturar(sitio: pathlib.Path, destino: pathlib.Path) -> list[pathlib.Path]:
    from playwright.sync_api import sync_playwright

    destino.mkdir(parents=True, exist_ok=True)
    for viejo in destino.glob("*.png"):
        viejo.unlink()
    hechas = []
    with sync_playwright() as p, servir(sitio) as base:
        navegador = lanzar(p)
        for esquema in ESQUEMAS:
            for ancho in ANCHOS:
                contexto = contexto_local(navegador, ancho, esquema=esquema)
                pagina = contexto.new_page()
                for ruta in paginas_nav():
                    pagina.goto(base + ruta, wait_until="networkidle")
                    medidas = medir(pagina)  # abre pestañas y <details> con gráficos, y los maqueta
                    pagina.evaluate("window.scrollTo(0, 0)")
                    nombre = (ruta.strip("/").replace("/", "-") or "inicio") + f"-{ancho}-{NOMBRE_ESQUEMA[esquema]}.png"
                    pagina.screenshot(path=destino / nombre, full_page=True)
                    hechas.append(destino / nombre)
                    if esquema == ESQUEMAS[0]:
                        for m in medidas:
                            print(
                                f"{ancho} px  {ruta or '/'}: {m['ancho']:.0f}/{m['columna']:.0f} px, letra "
                                f"{m['letra']:.1f} px  «{m['grafico'][:50]}»"
                            )
                        for problema in problemas(medidas):
                            print(f"  PROBLEMA: {problema}")
                contexto.close()
        navegador.close()
    return hechas


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("Uso: python tests/capturas.py SITIO DESTINO")
    hechas = capturar(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
    print(f"{len(hechas)} capturas en {sys.argv[2]}/ (página-ancho-modo.png)")
