"""Medidas de las páginas para «make bench»: bytes transferidos con gzip y peticiones (Chromium de Debian por
CDP) y notas de Lighthouse 12.2.3 (móvil y escritorio), con el sitio servido como en GitHub Pages."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tests/: servidor.py

from servidor import chromium_disponible, lanzar, servir  # noqa: E402

NODE = pathlib.Path(__file__).resolve().parent / "node"
PAGINA_PRINCIPAL = "alquilar-gpus-por-horas/"
# Otras páginas que se miden sin presupuesto propio, si existen.
OTRAS = ("experimento-finetuning/",)
PRESUPUESTO_KB = 100  # issue 34 (antes 120)
# Lighthouse: nota mínima de cada categoría (0-100). El rendimiento solo se exige en móvil.
PRESUPUESTO_LIGHTHOUSE = {
    ("movil", "performance"): 98,
    ("movil", "accessibility"): 100,
    ("movil", "best-practices"): 100,
    ("movil", "seo"): 100,
}
# Lighthouse varía de una ejecución a otra (el bloqueo del hilo principal depende de la carga de la máquina):
# se toma la mediana de VECES ejecuciones, como recomienda su documentación.
VECES = 3
CATEGORIAS = ("performance", "accessibility", "best-practices", "seo")
NOMBRES = {
    "performance": "rendimiento",
    "accessibility": "accesibilidad",
    "best-practices": "buenas prácticas",
    "seo": "SEO",
}


def _medida(medida: str, valor: float, unidad: str, minimo: float | None = None, maximo: float | None = None):
    if minimo is not None:
        presupuesto, cumple = f"≥ {minimo:g}", valor >= minimo
    elif maximo is not None:
        presupuesto, cumple = f"≤ {maximo:g}", valor <= maximo
    else:
        presupuesto, cumple = "—", True
    return {"medida": medida, "valor": float(valor), "unidad": unidad, "presupuesto": presupuesto, "cumple": cumple}


def transferido(navegador, url: str) -> tuple[int, int]:
    """(bytes transferidos, peticiones) al cargar ``url`` con la caché vacía, las del buscador (un worker)
    incluidas: cabeceras y cuerpo codificado (con gzip) de cada respuesta, como «transferido» en DevTools."""
    contexto = navegador.new_context()
    pagina = contexto.new_page()
    terminadas = []
    contexto.on("requestfinished", lambda peticion: terminadas.append(peticion))
    pagina.goto(url, wait_until="networkidle")
    pagina.mouse.wheel(0, 100_000)
    pagina.wait_for_load_state("networkidle")
    red = [p for p in terminadas if p.url.startswith(("http:", "https:"))]  # los iconos data: no viajan
    total = sum(t["responseHeadersSize"] + t["responseBodySize"] for t in (p.sizes() for p in red))
    contexto.close()
    return total, len(red)


def lighthouse(url: str, movil: bool) -> dict[str, float]:
    """Notas (0-100) de Lighthouse para ``url`` y, en ``"tbt"``, su tiempo de bloqueo total (ms, simulado): lo que
    más pesa en la nota de rendimiento en móvil. Lanza RuntimeError si no puede ejecutarse."""
    if not (NODE / "node_modules" / ".bin" / "lighthouse").exists() or not shutil.which("npx"):
        raise RuntimeError("falta Lighthouse (npm ci --prefix tests/rendimiento/node, lo hace «make bench»)")
    orden = [
        "npx",
        "--no-install",
        "lighthouse",
        url,
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        f"--only-categories={','.join(CATEGORIAS)}",
        "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ]
    if not movil:
        orden.append("--preset=desktop")
    entorno = {**os.environ, "CHROME_PATH": chromium_disponible() or "/usr/bin/chromium"}
    r = subprocess.run(orden, cwd=NODE, env=entorno, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise RuntimeError(f"Lighthouse falló ({r.returncode}): {r.stderr.strip()[-500:]}")
    informe = json.loads(r.stdout)
    notas = {}
    for clave in CATEGORIAS:
        nota = informe["categories"][clave]["score"]
        if nota is None:
            raise RuntimeError(f"Lighthouse no dio nota de {clave}: {informe.get('runtimeError')}")
        notas[clave] = round(nota * 100)
    notas["tbt"] = informe["audits"]["total-blocking-time"]["numericValue"]
    return notas


def medir_paginas(sitio: pathlib.Path) -> list[dict]:
    """Mide la página principal (y las de OTRAS que existan) de ``sitio`` servido con gzip en 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    medidas: list[dict] = []
    if not chromium_disponible():
        print("Sin Chromium (/usr/bin/chromium, «make sistema»): no se miden las páginas.", file=sys.stderr)
        return medidas
    rutas = [PAGINA_PRINCIPAL, *(r for r in OTRAS if (sitio / r / "index.html").is_file())]
    with servir(sitio, comprimir=True) as base:
        with sync_playwright() as p:
            navegador = lanzar(p)
            for ruta in rutas:
                nombre = ruta.strip("/")
                kb_max = PRESUPUESTO_KB if ruta == PAGINA_PRINCIPAL else None
                bytes_, peticiones = transferido(navegador, base + ruta)
                medidas.append(_medida(f"{nombre}: transferido (gzip)", bytes_ / 1024, "KB", maximo=kb_max))
                medidas.append(_medida(f"{nombre}: peticiones", peticiones, "peticiones"))
            navegador.close()
        for movil in (True, False):
            dispositivo = "movil" if movil else "escritorio"
            try:
                # La carga de la máquina (otros procesos) alarga las tareas observadas y con ellas el bloqueo simulado.
                cargas = [os.getloadavg()[0]]
                ejecuciones = []
                for _ in range(VECES):
                    ejecuciones.append(lighthouse(base + PAGINA_PRINCIPAL, movil))
                    cargas.append(os.getloadavg()[0])
                notas = {c: statistics.median(e[c] for e in ejecuciones) for c in CATEGORIAS}
            except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as error:
                print(f"Lighthouse ({dispositivo}) no se pudo ejecutar: {error}", file=sys.stderr)
                continue
            for clave, nota in notas.items():
                medidas.append(
                    _medida(
                        f"{PAGINA_PRINCIPAL.strip('/')}: Lighthouse {'móvil' if movil else 'escritorio'}, "
                        f"{NOMBRES[clave]} (mediana de {VECES})",
                        nota,
                        "/100",
                        minimo=PRESUPUESTO_LIGHTHOUSE.get((dispositivo, clave)),
                    )
                )
            carga = f"{statistics.median(cargas):.1f}".replace(".", ",")
            medidas.append(
                _medida(
                    f"{PAGINA_PRINCIPAL.strip('/')}: Lighthouse {'móvil' if movil else 'escritorio'}, tiempo de "
                    f"bloqueo total (mediana de {VECES}; carga media {carga})",
                    statistics.median(e["tbt"] for e in ejecuciones),
                    "ms",
                )
            )
    return medidas


if __name__ == "__main__":
    for m in medir_paginas(pathlib.Path(sys.argv[1])):
        cumple = "sí" if m["cumple"] else "NO"
        print(f"{m['medida']:<60} {m['valor']:>9.1f} {m['unidad']:<11} {m['presupuesto']:<6} {cumple}")
