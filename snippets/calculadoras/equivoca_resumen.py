# Error de las predicciones: la mitad de ajuste, la otra mitad y otras fuentes.
import pandas as pd

from gpucoste.base.formato import porcentaje
from gpucoste.calculo import calibracion

COLUMNAS = {
    "ajuste": "ajuste",
    "validación": "otra mitad, mismas fuentes",
    "otras fuentes": "fuentes que el ajuste no usó",
}
informes = {
    **{tipo: calibracion.informe()[tipo] for tipo in calibracion.TIPOS},
    "eficiencia por interconexión": calibracion.informe_escalado(),
}
filas = []
for tipo, mitades in informes.items():
    fila = {"medidas": calibracion.TIPOS.get(tipo, tipo)}
    for clave, columna in COLUMNAS.items():
        r = mitades[clave]
        fila[columna] = (
            "sin otra fuente"
            if r is None
            else f"{r.n}: {porcentaje(r.error_mediano)} de error, "
            f"{porcentaje(r.dentro)} dentro"
        )
    filas.append(fila)
print(pd.DataFrame(filas).to_markdown(index=False))
print(
    "\nEn cada celda: cuántas medidas, la mediana de |predicho ÷ medido − 1| con el "
    "valor central y qué parte de las medidas cae dentro del rango predicho. La prueba "
    "de la guía falla si, con las dos mitades juntas, el error mediano del tiempo o de "
    f"la memoria pasa del {porcentaje(calibracion.ERROR_MAXIMO)} o quedan dentro menos "
    f"del {porcentaje(calibracion.DENTRO_MINIMO)}."
)
