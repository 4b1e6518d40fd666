# La misma tabla desde la línea de órdenes: las tres primeras filas, en CSV.
import contextlib
import html
import io

from gpucoste import cli

orden = [
    "donde-mas-barato",
    "--modelo",
    "Llama 3.1 8B",
    "--metodo",
    "lora",
    "--tokens",
    "50e6",
    "--formato",
    "csv",
]
salida = io.StringIO()
with contextlib.redirect_stdout(salida):
    codigo = cli.main(orden)
lineas = salida.getvalue().splitlines()
comando = " ".join(f'"{a}"' if " " in a else a for a in orden)
texto = "\n".join([f"$ gpucoste {comando} | head -4", *lineas[:4]])
print(f"<pre><code>{html.escape(texto)}</code></pre>")
