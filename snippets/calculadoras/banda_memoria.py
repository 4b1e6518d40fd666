# Margen de error de la memoria pico, en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_error("memoria"))
