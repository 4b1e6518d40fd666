# Cuánto se desvía la guía de las medidas publicadas de la velocidad de un servidor
# a carga máxima.
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("servicio"))
