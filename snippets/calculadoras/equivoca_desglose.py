# El error con fuentes que el ajuste no usó, por clase de GPU, escala, método y motor.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import calibracion

NOMBRES = {**calibracion.TIPOS, "escalado": "eficiencia por interconexión"}
filas = [
    {
        "medidas de": NOMBRES[d.tipo],
        "por": d.dimension,
        "grupo": d.grupo,
        "medidas": numero(d.n, 0),
        "error mediano": porcentaje(d.error_mediano),
        "dentro del rango": porcentaje(d.dentro),
        "predicho ÷ medido": numero(d.cociente, 2),
    }
    for tipo in calibracion.DIMENSIONES
    for d in calibracion.desglose(tipo)
]
alineacion = ("left",) * 3 + ("right",) * 4
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
sin = [NOMBRES[t] for t in calibracion.DIMENSIONES if not calibracion.desglose(t)]
if sin:
    print(f"\nSin ninguna medida validada con otras fuentes: {', '.join(sin)}.")
