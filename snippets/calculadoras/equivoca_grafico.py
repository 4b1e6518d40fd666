# Predicho frente a medido, en escala logarítmica, con la diagonal y la banda de ±25 %.
from gpucoste.graficos import calibracion

print(calibracion.grafico())
