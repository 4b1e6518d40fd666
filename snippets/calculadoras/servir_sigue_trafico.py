# GPU que siguen el tráfico hora a hora para servir Llama 3.1 8B, frente a la punta.
import pandas as pd

from gpucoste.base.formato import dolares, numero, porcentaje
from gpucoste.calculo import servicio_costes

MENSAJES = 200_000
filas = []
for o in servicio_costes.opciones("Llama 3.1 8B", MENSAJES):
    if o.opcion == "sigue el tráfico":
        e = o.escalada
        filas.append(
            {
                "GPU": o.gpu,
                "proveedor": f"{o.proveedor} ({e.facturacion})",
                "GPU en la hora punta": max(e.replicas) * e.gpus_por_replica,
                "en la hora más tranquila": min(e.replicas) * e.gpus_por_replica,
                "las de la hora punta, todo el mes": dolares(e.coste_punta_usd),
                "siguiendo el tráfico": dolares(e.coste_mes_usd),
                "ahorro": porcentaje(1 - e.coste_mes_usd / e.coste_punta_usd),
            }
        )
print(
    f"Servir Llama 3.1 8B a {numero(MENSAJES, 0)} mensajes al día, al mes, "
    "en el mismo proveedor:\n"
)
columnas = ("left", "left", *["right"] * 5)
print(pd.DataFrame(filas).to_markdown(index=False, colalign=columnas))
