# Cada afirmación con cifras de la primera versión, frente a lo que dicen hoy los datos.
from gpucoste.guia import primera_version

tabla = primera_version.tabla()
print(tabla.to_markdown(index=False, colalign=["left", "left", "left", "left"]))
