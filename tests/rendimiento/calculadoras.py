"""Medidas de las calculadoras en el navegador para «make bench» (issue 12), con el sitio servido como en
GitHub Pages (gzip) en 127.0.0.1 y Chromium de Debian (toda petición a otro host, cortada).

Por cada página con formularios: bytes transferidos hasta el primer resultado (la página incluida) y
segundos desde que se pulsa «Calcular» hasta que se ve el resultado, en frío (caché vacía: Pyodide, su
instantánea de memoria y la rueda se descargan y el WebAssembly se compila) y en caliente (la misma página
recargada: lo descargado sale de la caché HTTP y el código WebAssembly ya está compilado, pero Python no está
arrancado: se arranca desde la instantánea, se instala la rueda y se calcula). En los dos casos el reloj
empieza con el clic, sin haber entrado antes en el formulario: no cuenta a favor que el script empiece a
cargar Pyodide cuando el lector entra en él. Se informa de la página más pesada, con sus presupuestos:
≤ 6 s en frío, ≤ 1,5 s en caliente.
"""

from __future__ import annotations

import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tests/: servidor.py

from servidor import chromium_disponible, lanzar, paginas, servir  # noqa: E402

PRESUPUESTO_FRIO = 6.0
PRESUPUESTO_CALIENTE = 1.5
VECES = 3


def _fila(medida: str, valor: float, unidad: str, maximo: float | None = None) -> dict:
    presupuesto = f"≤ {maximo:g}" if maximo is not None else "—"
    cumple = valor <= maximo if maximo is not None else None
    return {"medida": medida, "valor": float(valor), "unidad": unidad, "presupuesto": presupuesto, "cumple": cumple}


def con_formularios(sitio: pathlib.Path) -> list[tuple[str, str]]:
    """(ruta, id del primer formulario) de cada página del sitio con una calculadora o código editable."""
    encontradas = []
    for ruta in paginas(sitio):
        html = (sitio / ruta / "index.html") if ruta.endswith("/") or not ruta else None
        if html is None or not html.is_file():
            continue
        texto = html.read_text(encoding="utf-8")
        for marca in ('<form class="gc-calculadora" id="', '<form class="gc-codigo" id="'):
            if marca in texto:
                encontradas.append((ruta, texto.split(marca, 1)[1].split('"', 1)[0]))
                break
    return encontradas


def primer_resultado(pagina, id_: str, cdp=None) -> float:
    """Segundos desde que se pulsa el botón del formulario ``id_`` hasta que el resultado está en la página.

    Con ``cdp``, devuelve en su lugar los segundos de CPU del proceso de la página en ese intervalo (métrica
    ProcessTime de Chromium, todos sus hilos): casi no depende de cuántos procesos compiten por la máquina.
    """
    cpu = _tareas(cdp) if cdp else 0.0
    formulario = pagina.locator(f"#{id_}")
    antes = int(formulario.get_attribute("data-calculos") or 0)
    inicio = time.perf_counter()
    formulario.locator("button[type=submit]").click()
    pagina.wait_for_function(
        "([id, n]) => Number(document.getElementById(id).dataset.calculos || 0) > n", arg=[id_, antes], timeout=120_000
    )
    return _tareas(cdp) - cpu if cdp else time.perf_counter() - inicio


def _tareas(cdp) -> float:
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "ProcessTime")


def medir(navegador, base: str, ruta: str, id_: str) -> dict[str, float]:
    contexto = navegador.new_context(service_workers="block")
    contexto.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base) else r.abort())
    terminadas = []
    contexto.on("requestfinished", lambda peticion: terminadas.append(peticion))
    pagina = contexto.new_page()
    pagina.goto(base + ruta, wait_until="networkidle")
    frio = primer_resultado(pagina, id_)
    error = pagina.inner_text(f"#{id_} .gc-estado")
    bytes_ = sum(t["responseHeadersSize"] + t["responseBodySize"] for t in (p.sizes() for p in terminadas))
    recalculo = primer_resultado(pagina, id_)
    pagina.reload(wait_until="networkidle")
    caliente = primer_resultado(pagina, id_)
    # La misma carga en caliente, otra vez, midiendo la CPU del proceso de la página.
    pagina.reload(wait_until="networkidle")
    cdp = contexto.new_cdp_session(pagina)
    cdp.send("Performance.enable")
    cpu = primer_resultado(pagina, id_, cdp)
    contexto.close()
    if "Calculado" not in error and "Ejecutado" not in error:
        raise RuntimeError(f"{ruta}#{id_}: {error}")
    return {"bytes": bytes_, "frio": frio, "caliente": caliente, "recalculo": recalculo, "cpu": cpu}


def medir_calculadoras(sitio: pathlib.Path) -> list[dict]:
    from playwright.sync_api import sync_playwright

    if not chromium_disponible():
        print("Sin Chromium (/usr/bin/chromium, «make sistema»): no se miden las calculadoras.", file=sys.stderr)
        return []
    formularios = con_formularios(sitio)
    if not formularios:
        return [_fila("Calculadoras: ninguna página tiene una", float("nan"), "")]
    carga = os.getloadavg()[0]
    medidas = {}
    with servir(sitio, comprimir=True) as base, sync_playwright() as p:
        navegador = lanzar(p)
        for ruta, id_ in formularios:
            veces = [medir(navegador, base, ruta, id_) for _ in range(VECES)]
            medidas[ruta] = {clave: statistics.median(v[clave] for v in veces) for clave in veces[0]}
        navegador.close()
    ruta = max(medidas, key=lambda r: medidas[r]["bytes"])
    m = medidas[ruta]
    media = f"{carga:.1f}".replace(".", ",")
    nombre = f"{ruta.strip('/') or 'inicio'} (calculadora más pesada de {len(medidas)}; carga media {media})"
    vendido = sum(f.stat().st_size for f in (sitio / "assets" / "pyodide").iterdir())
    return [
        _fila(f"{nombre}: transferido hasta el primer resultado (gzip)", m["bytes"] / 1e6, "MB"),
        _fila(f"{nombre}: primer resultado en frío (mediana de {VECES})", m["frio"], "s", PRESUPUESTO_FRIO),
        _fila(
            f"{nombre}: primer resultado en caliente, página recargada (mediana de {VECES})",
            m["caliente"],
            "s",
            PRESUPUESTO_CALIENTE,
        ),
        _fila(
            f"{nombre}: en caliente, CPU del proceso de la página (no cuenta la espera por otros procesos)",
            m["cpu"],
            "s",
        ),
        _fila(f"{nombre}: otro cálculo con Pyodide ya cargado", m["recalculo"], "s"),
        _fila(
            "Pyodide, su instantánea de memoria y la rueda de gpucoste en el sitio (assets/pyodide/)",
            vendido / 1e6,
            "MB",
        ),
    ]


if __name__ == "__main__":
    for m in medir_calculadoras(pathlib.Path(sys.argv[1])):
        print(m)
