# Generación: techo por ancho de banda frente a velocidades medidas y publicadas.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import tiempo

filas = []
for medida in datos.generacion_medida():
    techo = tiempo.tokens_por_segundo(
        medida.modelo, medida.gpu, precision=medida.precision
    )
    filas.append(
        {
            "GPU": medida.gpu,
            "modelo": f"{medida.modelo} ({medida.precision})",
            "techo estimado (tokens/s)": numero(techo, 1),
            "medido (tokens/s)": numero(medida.tokens_s, 1),
            "medido / techo": porcentaje(medida.tokens_s / techo),
        }
    )
alineacion = ("left", "left", "right", "right", "right")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
fuentes = sorted({m.fuente for m in datos.generacion_medida()})
enlaces = ", ".join(f"[fuente]({f})" for f in fuentes)
print(f"\nMedidas con llama.cpp y lote 1 ({enlaces}).")
