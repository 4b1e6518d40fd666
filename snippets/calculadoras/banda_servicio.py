# Margen de error del servidor a carga máxima, en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_error("servicio"))
