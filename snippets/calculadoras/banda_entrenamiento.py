# Cuánto se desvía la guía de las medidas publicadas del tiempo de entrenamiento.
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("entrenamiento"))
