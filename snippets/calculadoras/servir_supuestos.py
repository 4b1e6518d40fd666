# De dónde salen los valores por defecto de la calculadora de servir.
from gpucoste.calculo import servicio_frases

print(servicio_frases.frase_supuestos())
