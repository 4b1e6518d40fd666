# Cuánto se desvía el tiempo de entrenamiento de la guía de las medidas publicadas.
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("entrenamiento"))
