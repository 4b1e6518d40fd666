# Qué cubren los rangos de las calculadoras en fuentes que el ajuste no usó.
from gpucoste.calculo import calibracion

print(calibracion.frase_cobertura())
