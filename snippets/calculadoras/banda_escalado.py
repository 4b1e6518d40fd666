# Margen de error de la eficiencia por interconexión, en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_error("escalado"))
