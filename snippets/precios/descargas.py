# Los ficheros de datos que se descargan con el sitio.
from gpucoste.guia import publicacion

tabla = publicacion.descargas()
print(tabla.to_markdown(index=False, colalign=["left", "right", "left"]))
