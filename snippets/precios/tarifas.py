# Cada tarifa de los datos: almacenamiento y transferencia por proveedor.
from gpucoste.guia import publicacion

tabla = publicacion.tabla_tarifas()
alineacion = ["left", "left", "left", "right", "right", "left", "left", "left", "left"]
print(tabla.to_markdown(index=False, colalign=alineacion))
