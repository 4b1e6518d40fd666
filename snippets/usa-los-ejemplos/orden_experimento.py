# La orden «gpucoste experimento»: lo que imprime en tu terminal, calculado al construir la página.
import contextlib
import html
import io

from gpucoste import cli

salida = io.StringIO()
with contextlib.redirect_stdout(salida):
    cli.main(["experimento"])
# Un bloque <pre> (no un ``` anidado, cuyos ids de línea repetirían los de otros bloques de la página).
print(f"<pre><code>$ gpucoste experimento\n{html.escape(salida.getvalue())}</code></pre>")
