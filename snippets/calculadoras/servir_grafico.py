# Coste al mes de servir Llama 3.1 8B frente a los mensajes al día.
from gpucoste.graficos.servir import grafico_servir

print(grafico_servir("Llama 3.1 8B"))
