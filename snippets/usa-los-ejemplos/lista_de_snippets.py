# Los ejemplos de la guía y qué calcula cada uno (su primera línea de comentario).
# Lee la carpeta snippets/ del directorio actual: ejecútalo desde la raíz de tu copia
# del repositorio (la construcción del sitio también se ejecuta desde ahí).
import pathlib

import pandas as pd

carpeta = pathlib.Path("snippets")
if not carpeta.is_dir():
    donde = pathlib.Path.cwd()
    raise SystemExit(f"No hay carpeta snippets/ en {donde}: ejecútalo desde la raíz.")

filas = []
for ruta in sorted(carpeta.rglob("*.py")):
    primera = ruta.read_text(encoding="utf-8").splitlines()[0]
    que = primera.removeprefix("#").strip().replace("|", "&#124;")
    filas.append({"Ejemplo": f"`{ruta.as_posix()}`", "Qué calcula": que})
print(pd.DataFrame(filas).to_markdown(index=False))
