# Cuánto se desvía la guía de las medidas publicadas de la velocidad de generación
# con una conversación.
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("generacion"))
