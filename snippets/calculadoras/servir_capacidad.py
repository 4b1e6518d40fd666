# GPU, lote y latencia para servir Llama 3.1 8B a 200.000 mensajes al día.
import pandas as pd

from gpucoste.base.etiquetas import SERVIR, cifra_servir
from gpucoste.base.formato import numero
from gpucoste.calculo import servicio

# Los supuestos del tráfico, los valores por defecto de arriba; otros, p. ej.,
# servicio.Supuestos(entrada=2000, factor_pico=3, tpot_ms=50).
supuestos = servicio.Supuestos()
filas = []
for gpu in ("L4", "RTX 4090", "L40S", "A100 80GB", "H100 80GB"):
    c = servicio.capacidad("Llama 3.1 8B", gpu, 200_000, supuestos=supuestos)
    cifras = {
        "concurrencia": c.concurrencia_pico,
        "ttft_ms": c.ttft_s * 1000,
        "tpot_ms": c.tpot_s * 1000,
        "carga": c.uso_medio,
    }
    filas.append(
        {
            "GPU": gpu,
            SERVIR["n_gpus"]: cifra_servir("n_gpus", c.gpus),
            "secuencias en la caché": numero(c.secuencias_max, 0),
            **{SERVIR[k]: cifra_servir(k, v) for k, v in cifras.items()},
        }
    )
print(pd.DataFrame(filas).to_markdown(index=False, colalign=("left", *["right"] * 6)))
