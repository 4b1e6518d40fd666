# Margen de error del tiempo de entrenamiento, en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_error("entrenamiento"))
