# Inference Endpoints frente al precio más bajo de la misma GPU en los datos.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import DOLAR, mes, nivel, tabla
from gpucoste.calculo import atipicos

filas = []
for hf in (p for p in datos.precios() if p.proveedor == "Hugging Face"):
    # El más reciente (no atípico) de cada proveedor y nivel, y de ellos el más bajo.
    otros = {(p.proveedor, p.nivel) for p in datos.precios() if p.gpu == hf.gpu}
    otros.discard((hf.proveedor, hf.nivel))
    recientes = [atipicos.precio_reciente(hf.gpu, pr, ni).precio for pr, ni in otros]
    barato = min(recientes, key=lambda p: p.precio_hora_usd)
    filas.append(
        {
            "GPU": hf.gpu,
            f"Inference Endpoints ({DOLAR}/h)": hf.precio_hora_usd,
            "fecha": mes(hf.fecha),
            f"más barato en los datos ({DOLAR}/h)": barato.precio_hora_usd,
            "dónde": f"{barato.proveedor} ({nivel(barato.nivel, barato.proveedor)}, "
            f"{mes(barato.fecha)})",
        }
    )
t = pd.DataFrame(filas)
print(
    tabla(
        t,
        {
            f"Inference Endpoints ({DOLAR}/h)": 2,
            f"más barato en los datos ({DOLAR}/h)": 2,
        },
    )
)
