# Los ejemplos de la guía y qué calcula cada uno (su comentario inicial, hasta el
# primer punto).
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
    # El comentario del principio, línea a línea, hasta la primera frase terminada.
    comentario = []
    for linea in ruta.read_text(encoding="utf-8").splitlines():
        if not linea.startswith("#"):
            break
        comentario.append(linea.removeprefix("#").strip())
        if comentario[-1].endswith((".", "?")):
            break
    que = " ".join(comentario).replace("|", "&#124;")
    filas.append({"Ejemplo": f"`{ruta.as_posix()}`", "Qué calcula": que})
print(pd.DataFrame(filas).to_markdown(index=False))
