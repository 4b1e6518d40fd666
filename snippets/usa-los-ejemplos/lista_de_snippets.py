# Los ejemplos de la guía y qué calcula cada uno: la primera línea de comentario de cada fichero.
# Lee la carpeta snippets/ del directorio actual: ejecútalo desde la raíz de tu copia del repositorio
# (la construcción del sitio también se ejecuta desde ahí).
import pathlib

carpeta = pathlib.Path("snippets")
if not carpeta.is_dir():
    raise SystemExit(f"No hay carpeta snippets/ en {pathlib.Path.cwd()}: ejecútalo desde la raíz del repositorio.")

print("| Ejemplo | Qué calcula |")
print("|---|---|")
for ruta in sorted(carpeta.rglob("*.py")):
    primera = ruta.read_text(encoding="utf-8").splitlines()[0].removeprefix("#").strip()
    print(f"| `{ruta.as_posix()}` | {primera.replace('|', '&#124;')} |")
