# Los model_type que entiende «¿Cabe?» desde un fichero o un texto, y el error de otro.
from gpucoste.calculo import arquitectura

for tipo, como in arquitectura.FAMILIAS.items():
    print(f"- `{tipo}`: {como}")
try:
    arquitectura.desde_config({"model_type": "falcon_h1"})
except ValueError as error:
    print("\nCon otro, por ejemplo `falcon_h1`, no hay cifras sino este error:\n")
    # Una cita y no un bloque de código: repetiría el id de sus líneas en la página.
    print(f"> `{error}`")
