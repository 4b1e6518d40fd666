# Desde cuántos mensajes al día es más barata cada manera de servir Llama 3.1 8B.
from gpucoste.base.formato import numero
from gpucoste.calculo import servicio_costes
from gpucoste.graficos.servir import VOLUMENES

series = servicio_costes.costes_segun_volumen("Llama 3.1 8B", VOLUMENES)
print(
    "Con los valores por defecto, el primer volumen en que cada manera de servir es la "
    f"más barata de todas, entre {numero(min(VOLUMENES), 0)} y "
    f"{numero(max(VOLUMENES), 0)} mensajes al día (el gráfico da el coste al mes de la "
    "más barata de cada manera):\n"
)
for clase, desde in servicio_costes.desde_cuando(VOLUMENES, series).items():
    nombre = servicio_costes.NOMBRES[clase]
    if desde is None:
        print(f"- **{nombre}**: no es la más barata en ningún volumen del gráfico.")
    else:
        print(
            f"- **{nombre}**: la más barata desde {numero(desde, 0)} mensajes al día."
        )
