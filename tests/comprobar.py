"""«make check»: la comprobación rápida que se ejecuta primero, antes de «make test».

1. Construcción estricta del sitio (en una carpeta temporal). Si falla, se para aquí y se imprime solo el
   aviso que importa, con la página, el fichero y la línea (``tests/registro.py``).
2. ruff sobre los ficheros .py cambiados.
3. pytest: los snippets contra sus snapshots (``tests/test_snippets.py``) y las pruebas de la biblioteca que
   tocan lo que ha cambiado, sin las que construyen sitios (marca «construye»: esas, en «make test»).

«Lo que ha cambiado» es lo que difiere de la rama ``main`` (commits, cambios sin confirmar y ficheros nuevos):
- ``tests/test_x.py`` cambiado → esa prueba;
- ``src/gpucoste/x.py`` cambiado → cada ``tests/test_*.py`` que importa ``gpucoste.x`` (o ``from gpucoste import x``);
  ``src/gpucoste/__init__.py`` → todas las de la biblioteca;
- un CSV de ``src/gpucoste/datos/`` → las pruebas que importan ``gpucoste.datos``.

Sale con 0 si todo va bien y con 1 al primer fallo. No escribe nada en el repositorio.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

RAIZ = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(RAIZ / "tests"))
import registro  # noqa: E402
from conftest import construccion_estricta  # noqa: E402

BIN = pathlib.Path(sys.executable).parent


def cambiados() -> list[str]:
    """Ficheros que difieren de main (o de origin/main); sin git, ninguno."""
    for base in ("main", "origin/main"):
        r = subprocess.run(["git", "merge-base", "HEAD", base], cwd=RAIZ, capture_output=True, text=True)
        if r.returncode == 0:
            break
    else:
        return []
    diferencias = subprocess.run(
        ["git", "diff", "--name-only", r.stdout.strip()], cwd=RAIZ, capture_output=True, text=True
    ).stdout.split()
    nuevos = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"], cwd=RAIZ, capture_output=True, text=True
    ).stdout.split()
    return sorted({f for f in diferencias + nuevos if (RAIZ / f).exists()})


def importa(prueba: pathlib.Path, modulo: str) -> bool:
    texto = prueba.read_text(encoding="utf-8")
    return bool(
        re.search(rf"^\s*(from|import)\s+gpucoste\.{modulo}\b", texto, re.M)
        or re.search(rf"^\s*from\s+gpucoste\s+import\s+\(?[^)\n]*\b{modulo}\b", texto, re.M)
    )


def pruebas_afectadas(ficheros: list[str]) -> list[str]:
    pruebas = sorted((RAIZ / "tests").glob("test_*.py"))
    elegidas: set[pathlib.Path] = set()
    for f in ficheros:
        ruta = RAIZ / f
        if ruta.parent == RAIZ / "tests" and ruta.name.startswith("test_") and ruta.suffix == ".py":
            elegidas.add(ruta)
        elif f.startswith("src/gpucoste/"):
            partes = pathlib.Path(f).relative_to("src/gpucoste").parts
            if partes[0] == "datos":
                modulo = "datos"
            elif partes[0] == "__init__.py":
                modulo = r"\w+"
            else:
                modulo = pathlib.Path(partes[0]).stem
            elegidas |= {p for p in pruebas if importa(p, modulo)}
    elegidas.add(RAIZ / "tests" / "test_snippets.py")
    return [str(p.relative_to(RAIZ)) for p in sorted(elegidas)]


def paso(texto: str) -> float:
    print(texto, end=" ", flush=True)
    return time.perf_counter()


def hecho(inicio: float, extra: str = "") -> None:
    print(f"bien ({time.perf_counter() - inicio:.1f} s{extra})".replace(".", ","), flush=True)


def main() -> int:
    total = time.perf_counter()
    destino = pathlib.Path(tempfile.mkdtemp(prefix="gpucoste-check-"))
    inicio = paso("make check · 1/3 construcción estricta…")
    try:
        r = construccion_estricta(destino, env={"GPUCOSTE_DATOS": ""}, timeout=600)
    finally:
        shutil.rmtree(destino, ignore_errors=True)
    if r.returncode != 0:
        print(f"FALLA ({time.perf_counter() - inicio:.1f} s)".replace(".", ","))
        print(registro.resumen(r.registro) or r.registro[-2000:])
        return 1
    hecho(inicio)

    ficheros = cambiados()
    python = [f for f in ficheros if f.endswith(".py")]
    inicio = paso(f"make check · 2/3 ruff en {len(python)} fichero(s) .py cambiado(s)…")
    if python:
        for orden in (["check", "--quiet"], ["format", "--check", "--quiet"]):
            lint = subprocess.run([str(BIN / "ruff"), *orden, *python], cwd=RAIZ, capture_output=True, text=True)
            if lint.returncode != 0:
                print("FALLA")
                print((lint.stdout + lint.stderr).strip())
                print("Qué hacer: «.venv/bin/ruff format .» arregla el formato; lo demás, a mano (make lint).")
                return 1
    hecho(inicio)

    pruebas = pruebas_afectadas(ficheros)
    inicio = paso(f"make check · 3/3 pytest: {', '.join(p.removeprefix('tests/') for p in pruebas)}…")
    pytest = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "--no-header", "--tb=short", "-p", "no:cacheprovider"]
        + ["-m", "not construye", *pruebas],
        cwd=RAIZ,
        env={**os.environ, "GPUCOSTE_DATOS": ""},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if pytest.returncode not in (0, 5):
        print("FALLA")
        salida = pytest.stdout.strip().splitlines()
        # Solo el fallo: desde la primera línea «___ prueba ___» hasta el resumen, sin las cifras de calidad.
        inicio_fallo = next((i for i, ln in enumerate(salida) if ln.startswith("_")), 0)
        fin = next((i for i, ln in enumerate(salida) if "Cifras de las pruebas" in ln), len(salida))
        print("\n".join(salida[inicio_fallo:fin] + [ln for ln in salida[fin:] if ln.startswith("FAILED")]))
        return 1
    hecho(inicio)
    segundos = f"{time.perf_counter() - total:.1f}".replace(".", ",")
    print(f"make check: todo bien en {segundos} s. Ahora «make test» (todas las pruebas) antes de abrir el PR.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
