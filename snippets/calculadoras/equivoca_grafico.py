# Predicho frente a medido, en escala logarítmica, con la diagonal y la banda de ±25 %.
from gpucoste import calibracion

print(calibracion.grafico())
