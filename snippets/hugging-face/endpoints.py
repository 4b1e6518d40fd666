# Inference Endpoints frente al precio bajo demanda más barato de la misma GPU en otro
# proveedor (sin interrumpibles: una instancia dedicada no se interrumpe).
import pandas as pd

from gpucoste.base.formato import DOLAR, nivel, tabla
from gpucoste.calculo import modalidades
from gpucoste.datos import frescura

OTRO = f"más barato bajo demanda en otro proveedor ({DOLAR}/h)"
filas = []
for hf, barato in modalidades.alternativas_bajo_demanda("Hugging Face"):
    filas.append(
        {
            "GPU": hf.gpu,
            f"Inference Endpoints ({DOLAR}/h)": hf.precio_hora_usd,
            "fecha": frescura.fecha_con_aviso(hf.fecha),
            OTRO: barato.precio_hora_usd if barato else None,
            "dónde": f"{barato.proveedor} ({nivel(barato.nivel, barato.proveedor)})"
            if barato
            else "ningún otro proveedor de los datos",
            "fecha del precio": frescura.fecha_con_aviso(barato.fecha)
            if barato
            else "—",
        }
    )
t = pd.DataFrame(filas)
print(
    tabla(
        t,
        {
            f"Inference Endpoints ({DOLAR}/h)": 2,
            OTRO: 2,
        },
    )
)
