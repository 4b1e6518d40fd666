# Coste acumulado de comprar o alquilar la GPU, mes a mes.
from gpucoste import decisiones

print(decisiones.grafico_comprar())
