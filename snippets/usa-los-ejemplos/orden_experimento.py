# La orden «gpucoste experimento»: lo que imprime en tu terminal.
import contextlib
import html
import io

from gpucoste import cli

salida = io.StringIO()
with contextlib.redirect_stdout(salida):
    cli.main(["experimento"])
# Un bloque <pre>, no un ``` anidado: sus ids de línea repetirían los de otros bloques.
texto = html.escape(salida.getvalue())
print(f"<pre><code>$ gpucoste experimento\n{texto}</code></pre>")
