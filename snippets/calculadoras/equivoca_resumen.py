# Error de las predicciones: mitad de ajuste, de validación y todas.
import pandas as pd

from gpucoste.base.formato import porcentaje
from gpucoste.calculo import calibracion

filas = []
for tipo, mitades in calibracion.informe().items():
    fila = {"medidas": calibracion.TIPOS.get(tipo, "todas")}
    for mitad, r in mitades.items():
        fila[mitad] = (
            "—"
            if r is None
            else f"{r.n}: {porcentaje(r.error_mediano)} de error, "
            f"{porcentaje(r.dentro)} dentro"
        )
    filas.append(fila)
print(pd.DataFrame(filas).to_markdown(index=False))
print(
    "\nEn cada celda: cuántas medidas, la mediana de |predicho ÷ medido − 1| con el "
    "valor central y qué parte de las medidas cae dentro del rango predicho. La prueba "
    "de la guía falla si, con todas, el error mediano del tiempo o de la memoria pasa "
    "del "
    f"{porcentaje(calibracion.ERROR_MAXIMO)} o quedan dentro menos del "
    f"{porcentaje(calibracion.DENTRO_MINIMO)}."
)
