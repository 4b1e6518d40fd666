# Horas de cada GPU por hora de A100 80GB, frente a las medidas publicadas.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero, rango, veces
from gpucoste.calculo import equivalencia

ORIGEN = "A100 80GB"
filas = []
for gpu in ("H100 80GB", "H200 141GB", "L40S", "RTX 4090", "RTX 3090"):
    r = equivalencia.razon(ORIGEN, gpu)
    filas.append(
        {
            "GPU": gpu,
            f"horas por hora de {ORIGEN}": numero(r.tipica),
            "rango": rango(r.rango.minimo, r.rango.maximo),
            "¿misma MFU?": "sí" if r.mismo_ajuste else "no",
        }
    )
alineadas = ("left", "right", "right", "left")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineadas))
h = 1 / equivalencia.razon(ORIGEN, "H100 80GB").tipica
publicadas = [
    a
    for a in datos.aceleraciones()
    if (a.gpu_rapida, a.gpu_lenta) == ("H100 80GB", ORIGEN)
]
medidas = "; ".join(f"{veces(a.veces, 2)}, {a.medida}" for a in publicadas)
print(
    f"\nCon este modelo, la aceleración de la H100 80GB frente a la {ORIGEN} es "
    f"{veces(h, 2)}. La publicada, en `aceleraciones.csv`: {medidas}."
)
