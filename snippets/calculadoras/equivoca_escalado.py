# Cada medida de escalado entre GPU: la eficiencia medida y la que da la guía.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import calibracion, tiempo

ajuste = {e.id for e in calibracion.mitades_escalado()[0]}
filas = []
for p in calibracion.predicciones_escalado():
    e = p.medida
    frente = (
        "NVLink" if e.referencia == "nvlink" else f"{numero(e.n_referencia, 0)} GPU"
    )
    filas.append(
        {
            "medida": f"[`{e.id}`]({e.fuente})",
            "mitad": "ajuste" if e.id in ajuste else "validación",
            "interconexión": tiempo.INTERCONEXIONES[e.interconexion],
            "qué": f"{e.modelo}, {numero(e.n_gpus, 0)} × {e.gpu} frente a {frente}, "
            f"`{e.marco}`",
            "medido": numero(e.valor, 2),
            "rango de la guía": f"{numero(p.minimo, 2)}–{numero(p.maximo, 2)}",
            "error": porcentaje(p.desvio, signo=True),
        }
    )
alineacion = ("left", "left", "left", "left", "right", "right", "right")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
print("\n" + calibracion.texto_escalado() + ".")
