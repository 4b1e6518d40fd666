# Cada GPU de los datos: VRAM y precio de compra.
from gpucoste.guia import publicacion

tabla = publicacion.tabla_hardware()
alineacion = ["left", "right", "right", "left", "left"]
print(tabla.to_markdown(index=False, colalign=alineacion))
