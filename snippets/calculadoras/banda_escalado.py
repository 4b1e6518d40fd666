# Cuánto se desvía la eficiencia por interconexión de las medidas publicadas.
from gpucoste.calculo import calibracion

print(calibracion.frase_escalado())
