# Margen de error de la generación de una secuencia, en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_error("generacion"))
