# De dónde salen los valores por defecto de la calculadora de servir.
from gpucoste.calculo import servicio

print(servicio.frase_supuestos())
