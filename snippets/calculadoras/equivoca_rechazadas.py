# Las medidas que no entran en la calibración, y por qué.
import pandas as pd

from gpucoste import datos

filas = [
    {
        "medida": f"[`{m.id}`]({m.fuente})",
        "fichero": f"`{fichero}`",
        "por qué no entra": m.rechazada,
    }
    for fichero, medidas in (
        ("medidas.csv", datos.medidas()),
        ("escalado.csv", datos.escalado()),
    )
    for m in medidas
    if m.rechazada
]
print(pd.DataFrame(filas).to_markdown(index=False))
