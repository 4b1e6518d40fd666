"""El registro de ``mkdocs build``, reducido a lo que hay que arreglar.

Una construcción fallida escribe decenas de líneas INFO (precios antiguos, la caché del cuaderno…) antes del
único aviso que importa, y markdown-exec nombra el bloque que falla (``<code block: id …>``), no el fichero.
Aquí se quedan solo los WARNING y ERROR, sin las trazas internas de Python, y cada uno se enriquece con el
fichero y la línea que hay que tocar y con qué hacer:

- un snippet que falla: la página, el bloque (``id``) y el fichero de ``snippets/`` con su línea;
- un enlace o un ancla rotos: la página y la línea del enlace;
- un ``--8<--`` a un fichero que no existe: la página y la línea del include;
- una página fuera de ``nav``: qué línea añadir a ``mkdocs.yml``.

Lo usan ``make check`` (``tests/comprobar.py``) y ``make test`` (``conftest.construir``). Se puede ejecutar
sobre un registro guardado: ``python tests/registro.py registro.txt``.
"""

from __future__ import annotations

import pathlib
import re
import sys

RAIZ = pathlib.Path(__file__).resolve().parent.parent
NIVEL = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL)\s+-\s+(.*)$")
ABORTADO = re.compile(r"^Aborted with \d+ warnings")
BLOQUE = re.compile(r'File "<code block: (?:id |n)?(?P<id>[^>]+)>", line (?P<linea>\d+)')
INCLUDE = re.compile(r"""^\s*(?:;?--8<--)\s*["']?(?P<ruta>[^"'\s]+)["']?\s*$""")
VALLA = re.compile(r"^(?P<sangria>\s*)(?P<valla>```+|~~~+)")


def _sin_trazas(lineas: list[str]) -> list[str]:
    """Quita los marcos de una traza de Python («File …», su línea de código y las marcas ^^^)."""
    salida, en_traza = [], False
    for linea in lineas:
        texto = linea.strip()
        if texto.startswith("Traceback (most recent call last)"):
            en_traza = True
            continue
        if en_traza and (texto.startswith("File ") or linea.startswith("    ") or set(texto) <= set("^~ ")):
            if BLOQUE.search(linea):  # el marco del bloque de markdown-exec sí importa
                salida.append(linea)
            continue
        en_traza = False
        salida.append(linea)
    return salida


def avisos(registro: str) -> list[list[str]]:
    """Cada WARNING/ERROR del registro, con sus líneas de continuación; sin INFO ni trazas internas."""
    bloques: list[list[str]] = []
    actual: list[str] | None = None
    for linea in registro.splitlines():
        m = NIVEL.match(linea)
        if m:
            actual = [linea] if m[1] in ("WARNING", "ERROR", "CRITICAL") else None
            if actual is not None:
                bloques.append(actual)
        elif ABORTADO.match(linea):
            actual = None
        elif actual is not None:
            actual.append(linea)
        elif linea.startswith(("Traceback", "  File ")) or re.match(r"^\w+(\.\w+)*(Error|Exception):", linea):
            # Una excepción sin capturar (sin nivel): empieza un bloque propio.
            actual = [linea]
            bloques.append(actual)
    limpios = []
    for bloque in bloques:
        lineas = _sin_trazas(bloque)
        while lineas and not lineas[-1].strip():
            lineas.pop()
        if lineas:
            limpios.append(lineas)
    # Un ERROR que repite la excepción del bloque anterior (mkdocs la registra y luego la relanza) sobra.
    unicos: list[list[str]] = []
    for bloque in limpios:
        if unicos and bloque[-1].strip() and bloque[-1].strip() in "\n".join(unicos[-1]):
            continue
        unicos.append(bloque)
    return unicos


def filtrar(registro: str) -> str:
    """Solo las líneas WARNING/ERROR (y su continuación) del registro de una construcción."""
    return "\n".join("\n".join(b) for b in avisos(registro))


# ---- De un aviso a un fichero y una línea ---------------------------------------------------------------


def _paginas(raiz: pathlib.Path) -> list[pathlib.Path]:
    return sorted((raiz / "docs").rglob("*.md"))


def _rel(ruta: pathlib.Path, raiz: pathlib.Path) -> str:
    try:
        return str(ruta.relative_to(raiz))
    except ValueError:
        return str(ruta)


def bloque_de_codigo(id_bloque: str, raiz: pathlib.Path = RAIZ) -> tuple[pathlib.Path, int, list[tuple[str, int]]]:
    """Página y línea del bloque ``id="id_bloque"``, y de dónde sale cada línea de su código.

    Devuelve ``(página, línea de la valla, origen)``, donde ``origen[n - 1]`` es ``(fichero, línea)`` de la
    línea ``n`` del código que ejecuta markdown-exec (con los ``--8<--`` ya sustituidos por su fichero).
    """
    marca = re.compile(rf"""\bid=["']?{re.escape(id_bloque)}["'\s}}]""")
    for pagina in _paginas(raiz):
        lineas = pagina.read_text(encoding="utf-8").splitlines()
        for i, linea in enumerate(lineas):
            valla = VALLA.match(linea)
            if not valla or "exec=" not in linea or not marca.search(linea + " "):
                continue
            origen: list[tuple[str, int]] = []
            for j in range(i + 1, len(lineas)):
                if lineas[j].strip().startswith(valla["valla"]):
                    break
                inc = INCLUDE.match(lineas[j])
                ruta = raiz / inc["ruta"] if inc else None
                if ruta is not None and ruta.is_file():
                    n = len(ruta.read_text(encoding="utf-8").splitlines())
                    origen += [(_rel(ruta, raiz), k + 1) for k in range(n)]
                else:
                    origen.append((_rel(pagina, raiz), j + 1))
            return pagina, i + 1, origen
    raise LookupError(id_bloque)


def _linea_con(pagina: pathlib.Path, texto: str) -> int | None:
    for n, linea in enumerate(pagina.read_text(encoding="utf-8").splitlines(), 1):
        if texto in linea:
            return n
    return None


def _donde(fichero: str, texto: str, raiz: pathlib.Path) -> str:
    """«docs/x.md:12» si ``texto`` aparece en ``docs/<fichero>``; si no, «docs/x.md»."""
    pagina = raiz / "docs" / fichero
    n = _linea_con(pagina, texto) if pagina.is_file() else None
    return f"docs/{fichero}:{n}" if n else f"docs/{fichero}"


def explicar(bloque: list[str], raiz: pathlib.Path = RAIZ) -> list[str]:
    """El aviso con el fichero y la línea que hay que tocar delante, y qué hacer detrás."""
    texto = "\n".join(bloque)
    if "markdown_exec" in texto and "code block" in texto:
        marco = None
        for m in BLOQUE.finditer(texto):
            marco = m  # el último marco del bloque: la línea que falló
        ident = re.search(r"code block '([^']+)'", texto)
        ident = marco["id"] if marco else (ident[1] if ident else "?")
        error = next((ln.strip() for ln in reversed(bloque) if re.match(r"^\s*\w+(\.\w+)*(Error|Exception)\b", ln)), "")
        try:
            pagina, linea, origen = bloque_de_codigo(ident, raiz)
        except LookupError:
            return [f'Un bloque de código (id="{ident}") falla al ejecutarse: {error}']
        salida = [f'{_rel(pagina, raiz)}:{linea}: el bloque id="{ident}" falla al ejecutarse.']
        fichero = None
        if marco and 0 < int(marco["linea"]) <= len(origen):
            fichero, n = origen[int(marco["linea"]) - 1]
            codigo = (raiz / fichero).read_text(encoding="utf-8").splitlines()[n - 1].strip()
            salida += [f"{fichero}:{n}: {error}", f"    {codigo}"]
        else:
            salida.append(f"    {error}")
        if fichero and fichero.startswith("snippets/"):
            salida.append(f"Qué hacer: corrige esa línea; pruébalo solo con «.venv/bin/python {fichero}».")
        else:
            salida.append("Qué hacer: corrige esa línea del bloque.")
        return salida
    if m := re.search(r'la salida del bloque id="([^"]+)"', texto):
        try:
            pagina, linea, _ = bloque_de_codigo(m[1], raiz)
            donde = f"{_rel(pagina, raiz)}:{linea}: "
        except LookupError:
            donde = ""
        return [donde + re.sub(r"^(WARNING|ERROR|CRITICAL)\s+-\s+", "", bloque[0]), *bloque[1:]]
    ancla = r"Doc file '([^']+)' contains a link '([^']+)', but the doc '([^']+)' does not contain an anchor '([^']+)'"
    if m := re.search(ancla, texto):
        return [
            f"{_donde(m[1], m[2], raiz)}: el enlace «{m[2]}» apunta a un ancla que {m[3]} no tiene ({m[4]}).",
            f"Qué hacer: corrige el ancla, o da a ese título un id explícito en docs/{m[3]}: «## Título {{ {m[4]} }}».",
        ]
    if m := re.search(r"Doc file '([^']+)' contains a link '([^']+)', but the target (?:'[^']*' )?is not found", texto):
        return [
            f"{_donde(m[1], m[2], raiz)}: el enlace «{m[2]}» apunta a un fichero que no existe en docs/.",
            "Qué hacer: corrige la ruta (relativa a la página, terminada en .md).",
        ]
    if m := re.search(r"Doc file '([^']+)' contains an? (?:unrecognized|absolute) (?:relative )?link '([^']+)'", texto):
        return [f"{_donde(m[1], m[2], raiz)}: {bloque[0].split(' -  ', 1)[-1]}", "Qué hacer: enlaza al fichero .md."]
    if m := re.search(r"Error reading page '([^']+)': Snippet at path '([^']+)' could not be found", texto):
        return [
            f'{_donde(m[1], m[2], raiz)}: el include «--8<-- "{m[2]}"» apunta a un fichero que no existe.',
            "Qué hacer: crea el fichero o corrige la ruta (desde la raíz: snippets/<página>/<fichero>.py).",
        ]
    if 'not included in the "nav" configuration' in texto:
        paginas = [ln.strip().removeprefix("- ") for ln in bloque[1:] if ln.strip().startswith("- ")]
        return [
            f"Páginas fuera de nav: {', '.join(paginas)}.",
            f"Qué hacer: añade cada una a «nav:» en mkdocs.yml, p. ej. «  - Título: {(paginas or ['pagina.md'])[0]}».",
        ]
    primera = re.sub(r"^(WARNING|ERROR|CRITICAL)\s+-\s+", "", bloque[0])
    return [primera, *bloque[1:]]


_PAGINA_SIN_MAS = re.compile(r"^ERROR\s+-\s+Error reading page '[^']+':\s*$")


def resumen(registro: str, raiz: pathlib.Path = RAIZ, *, detalle: int = 1) -> str:
    """Lo que hay que arreglar: el primer aviso (un ERROR antes que un WARNING) explicado y cuántos más hay."""
    # «Error reading page 'x.md':» sin más: el error que sigue (el de un hook) lo explica.
    todos = avisos(registro)
    todos = [b for b in todos if len(b) > 1 or not _PAGINA_SIN_MAS.match(b[0])] or todos
    if not todos:
        return ""
    todos.sort(key=lambda b: 0 if NIVEL.match(b[0]) and NIVEL.match(b[0])[1] != "WARNING" else 1)
    lineas = []
    for bloque in todos[:detalle]:
        lineas += explicar(bloque, raiz)
    if len(todos) > detalle:
        lineas.append(f"(y {len(todos) - detalle} aviso(s) más: arregla este y repite, o velos todos con «make build»)")
    return "\n".join(lineas)


if __name__ == "__main__":
    # python tests/registro.py [registro.txt [raíz del proyecto]]  (sin fichero, lee la entrada estándar)
    texto = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8") if len(sys.argv) > 1 else sys.stdin.read()
    print(resumen(texto, pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else RAIZ) or "Sin avisos.")
