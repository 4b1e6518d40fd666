# Inference Endpoints frente al precio más bajo de la misma GPU en los datos.
import pandas as pd

from gpucoste import datos
from gpucoste.formato import mes, tabla

filas = []
for hf in (p for p in datos.precios() if p.proveedor == "Hugging Face"):
    # El precio más reciente de cada proveedor y nivel, y de ellos el más bajo.
    otros = {(p.proveedor, p.nivel) for p in datos.precios() if p.gpu == hf.gpu}
    otros.discard((hf.proveedor, hf.nivel))
    recientes = [datos.precio(hf.gpu, proveedor, nivel) for proveedor, nivel in otros]
    barato = min(recientes, key=lambda p: p.precio_hora_usd)
    filas.append(
        {
            "GPU": hf.gpu,
            "Inference Endpoints ($/h)": hf.precio_hora_usd,
            "fecha": mes(hf.fecha),
            "más barato hoy en los datos ($/h)": barato.precio_hora_usd,
            "dónde": f"{barato.proveedor} ({barato.nivel}, {mes(barato.fecha)})",
        }
    )
t = pd.DataFrame(filas)
print(
    tabla(t, {"Inference Endpoints ($/h)": 2, "más barato hoy en los datos ($/h)": 2})
)
