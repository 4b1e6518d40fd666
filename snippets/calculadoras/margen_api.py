# Margen de error de las velocidades de la GPU de «¿API por token o GPU alquilada?».
from gpucoste.calculo import calibracion, servicio_frases

print(f"- **Típico, lote 1.** {calibracion.frase_error('generacion')}")
print(f"- **Sirviendo, con la hora punta llena.** {servicio_frases.frase_validacion()}")
