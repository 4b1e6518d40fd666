# Coste esperado del ejemplo frente a la tasa de interrupciones.
from gpucoste.graficos import decisiones

print(decisiones.grafico_interrumpible())
