# Cuánto se equivoca el modelo de capacidad con cada fuente apartada del ajuste.
from gpucoste.calculo import servicio

print(servicio.frase_validacion())
