# Cuánto se desvía la guía de las medidas publicadas de la memoria (VRAM).
from gpucoste.calculo import calibracion

print(calibracion.frase_banda("memoria"))
