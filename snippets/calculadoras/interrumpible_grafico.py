# Coste esperado del ejemplo frente a la tasa de interrupciones.
from gpucoste import decisiones

print(decisiones.grafico_interrumpible())
