# Lo que se ajusta con la mitad de ajuste de las medidas.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero
from gpucoste.calculo import calibracion

filas = [
    {
        "parámetro": a.descripcion,
        "típico": numero(a.central, 2),
        "rango": f"{numero(a.minimo, 2)}–{numero(a.maximo, 2)}",
        "medidas": a.medidas,
    }
    for a in datos.ajustes().values()
]
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "right", "right", "right")
    )
)
minimo = numero(calibracion.GRUPO_MINIMO, 0)
print(
    "\nCuando un grupo de MFU tiene muy pocas medidas de ajuste (menos de "
    f"{minimo}), su rango es su mediana por la dispersión de los grupos con más: dos "
    "medidas de la misma fuente darían una precisión que nadie ha medido. La "
    "ralentización de QLoRA no toma prestada esa dispersión: con menos de "
    f"{minimo} pares QLoRA/LoRA en la mitad de ajuste, no se ajusta."
)
