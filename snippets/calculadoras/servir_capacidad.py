# GPU, lote y latencia para servir Llama 3.1 8B a 200.000 mensajes al día.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import servicio

# Los supuestos del tráfico, los valores por defecto de arriba; otros, p. ej.,
# servicio.Supuestos(entrada=2000, factor_pico=3, tpot_ms=50).
supuestos = servicio.Supuestos()
filas = []
for gpu in ("L4", "RTX 4090", "L40S", "A100 80GB", "H100 80GB"):
    c = servicio.capacidad("Llama 3.1 8B", gpu, 200_000, supuestos=supuestos)
    filas.append(
        {
            "GPU": gpu,
            "GPU necesarias": c.gpus,
            "secuencias en la caché": numero(c.secuencias_max, 0),
            "a la vez en la punta": numero(c.concurrencia_pico, 1),
            "primer token (ms)": numero(c.ttft_s * 1000, 0),
            "por token (ms)": numero(c.tpot_s * 1000, 1),
            "carga media": porcentaje(c.uso_medio),
        }
    )
print(pd.DataFrame(filas).to_markdown(index=False, colalign=("left", *["right"] * 6)))
