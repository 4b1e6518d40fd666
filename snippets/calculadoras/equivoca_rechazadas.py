# Las medidas que no entran en la calibración, y por qué.
import pandas as pd

from gpucoste import datos

filas = [
    {"medida": f"[`{m.id}`]({m.fuente})", "por qué no entra": m.rechazada}
    for m in datos.medidas()
    if m.rechazada
]
print(pd.DataFrame(filas).to_markdown(index=False))
