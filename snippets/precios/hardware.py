# Cada fila de hardware.csv: VRAM y precio de compra de cada GPU.
from gpucoste import publicacion

tabla = publicacion.tabla_hardware()
alineacion = ["left", "right", "right", "left", "left"]
print(tabla.to_markdown(index=False, colalign=alineacion))
