# Un preentrenamiento entero: las horas de GPU de cada ficha de modelo frente al
# cálculo ordinario y al modo programa.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje, rango
from gpucoste.calculo import programa


def frente(horas, ficha):
    return f"{numero(horas, 0)} ({porcentaje(horas / ficha)})"


filas = [
    {
        "ficha": f"[{f.nombre}]({f.fuente})",
        "GPU": f.gpu,
        "horas de GPU de la ficha": numero(f.publicadas, 0),
        "cálculo ordinario": frente(f.ordinarias, f.publicadas),
        "modo programa": frente(f.programa, f.publicadas),
        "rango del modo programa": rango(f.programa_min, f.programa_max, 0),
        "¿en el ajuste?": "sí" if f.en_ajuste else "no",
    }
    for f in programa.fichas()
]
alineacion = ("left", "left", "right", "right", "right", "right", "left")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
