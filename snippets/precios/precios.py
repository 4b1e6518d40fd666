# Cada precio por hora de los datos: GPU, proveedor, nivel, fecha, fuente y avisos.
from gpucoste.guia import publicacion

tabla = publicacion.tabla_precios()
alineacion = ["left", "left", "left", "right", "left", "left", "left", "left"]
print(tabla.to_markdown(index=False, colalign=alineacion))
