# Cada cuánto guardar: el intervalo óptimo de Young y de Daly.
import pandas as pd

from gpucoste.base import formato
from gpucoste.calculo import interrupciones

filas = []
for mtbf_h in (1, 4, 24):
    for escritura_min in (0.5, 2, 10):
        filas.append(
            {
                "una interrupción cada (h)": mtbf_h,
                "escribir el checkpoint (minutos)": escritura_min,
                "Young (minutos)": 60
                * interrupciones.intervalo_optimo(escritura_min / 60, mtbf_h, "young"),
                "Daly (minutos)": 60
                * interrupciones.intervalo_optimo(escritura_min / 60, mtbf_h, "daly"),
            }
        )
tabla = pd.DataFrame(filas)
print(
    formato.tabla(
        tabla,
        {
            "una interrupción cada (h)": 0,
            "escribir el checkpoint (minutos)": 1,
            "Young (minutos)": 0,
            "Daly (minutos)": 0,
        },
    )
)
