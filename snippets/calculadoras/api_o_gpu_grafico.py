# Coste al mes frente a tokens generados: la API sube en recta; la GPU, a saltos.
from gpucoste.graficos import decisiones

print(decisiones.grafico_api_o_gpu())
