# El precio por hora más bajo de hoy de cada GPU, bajo demanda e interrumpible.
from gpucoste.guia import publicacion

print(publicacion.tabla_mas_baratos().to_markdown(index=False))
