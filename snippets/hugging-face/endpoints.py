# Inference Endpoints frente al precio bajo demanda más barato de la misma GPU en otro
# proveedor (sin interrumpibles: una instancia dedicada no se interrumpe).
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import DOLAR, nivel, tabla
from gpucoste.calculo import modalidades
from gpucoste.datos import frescura

OTRO = f"más barato bajo demanda en otro proveedor ({DOLAR}/h)"
filas = []
for hf in (p for p in datos.precios() if p.proveedor == "Hugging Face"):
    barato = modalidades.alternativa_bajo_demanda(hf.gpu, hf.proveedor)
    filas.append(
        {
            "GPU": hf.gpu,
            f"Inference Endpoints ({DOLAR}/h)": hf.precio_hora_usd,
            "fecha": frescura.fecha_con_aviso(hf.fecha),
            OTRO: barato.precio_hora_usd,
            "dónde": f"{barato.proveedor} ({nivel(barato.nivel, barato.proveedor)})",
            "fecha del precio": frescura.fecha_con_aviso(barato.fecha),
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
