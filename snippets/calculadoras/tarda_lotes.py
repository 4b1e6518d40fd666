# Generar por lotes: tokens/s de todo el lote y horas para 100 millones de
# tokens de salida.
import pandas as pd

from gpucoste.base.formato import numero, tokens
from gpucoste.calculo import memoria, tiempo

MODELO, CONTEXTO, TOKENS = "Llama 3.1 8B", 2048, 100e6
filas = []
for gpu in ("RTX 4090", "L40S", "A100 80GB", "H100 80GB"):
    for lote in (1, 16, 64):
        try:
            tps = tiempo.tokens_por_segundo(MODELO, gpu, lote=lote, contexto=CONTEXTO)
        except ValueError:  # los pesos y la caché KV del lote no caben en la GPU
            filas.append({"GPU": gpu, "lote": lote, "tokens/s (techo)": "no cabe"})
            continue
        filas.append(
            {
                "GPU": gpu,
                "lote": lote,
                "tokens/s (techo)": numero(tps, 0),
                "horas (al techo)": numero(TOKENS / tps / 3600, 1),
            }
        )
tabla = pd.DataFrame(filas).fillna("—")
trabajo = memoria.describir(MODELO, "inferencia", secuencia=CONTEXTO)
print(f"**{trabajo}: {tokens(TOKENS)} generados**, según el tamaño de lote:\n")
print(tabla.to_markdown(index=False, colalign=("left", "right", "right", "right")))
