# Cuánto se equivoca el modelo de capacidad con cada fuente apartada del ajuste.
from gpucoste.calculo import servicio_frases

print(servicio_frases.frase_validacion())
