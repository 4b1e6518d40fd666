# Coste al mes frente a tokens generados: la API sube en recta; la GPU, a saltos.
from gpucoste import decisiones

print(decisiones.grafico_api_o_gpu())
