# Tokens/s de una secuencia con vLLM: cada modelo en cada GPU.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import rango
from gpucoste.calculo import tiempo

FORMATOS = {"bf16": "", "awq-int4": " (AWQ)"}
filas = []
for modelo in datos.modelos():
    fila = {"modelo": modelo}
    for gpu in ("RTX 4090", "L40S", "A100 80GB", "H100 80GB", "H200 141GB"):
        fila[gpu] = "no cabe"
        for formato, etiqueta in FORMATOS.items():
            try:
                v = tiempo.velocidad_generacion(
                    modelo, gpu, precision=formato, motor="vLLM", contexto=1024
                )
            except ValueError:  # no cabe en una GPU en este formato
                continue
            fila[gpu] = rango(v.minimo, v.maximo, 0) + etiqueta
            break
    filas.append(fila)
print(pd.DataFrame(filas).to_markdown(index=False, colalign=("left",) + ("right",) * 5))
print(
    "\nTokens/s de una sola secuencia con vLLM, 1024 tokens de contexto y una GPU; "
    "pesos en bf16 y, si no caben, cuantizados a 4 bits con AWQ. Con otros formatos, "
    "motores y más GPU: `gpucoste velocidad`."
)
