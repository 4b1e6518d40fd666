# Cuánto se desvía la guía de las medidas publicadas de este tipo.
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("servicio"))
