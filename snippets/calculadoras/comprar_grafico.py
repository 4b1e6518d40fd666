# Coste acumulado de comprar o alquilar la GPU, mes a mes.
from gpucoste.graficos import decisiones

print(decisiones.grafico_comprar())
