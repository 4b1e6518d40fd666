# Por proveedor: la lectura más reciente, qué es y quién la tomó.
from gpucoste import datos
from gpucoste.datos import frescura, historial
from gpucoste.guia import publicacion

tabla = publicacion.tabla_frescura()
alineacion = ["left", "left", "left", "left", "right"]
print(tabla.to_markdown(index=False, colalign=alineacion))

precios = datos.precios()
del_recolector = [p for p in precios if publicacion.del_recolector(p)]
if del_recolector:
    ultima = max(del_recolector, key=lambda p: frescura.dia(p.fecha)).fecha
    print(
        f"\nDe las {len(precios)} filas de precios, {len(del_recolector)} "
        "las escribió el recolector semanal; la más reciente es "
        f"{historial.del_(ultima)}. El resto las tomó una persona."
    )
else:
    print(
        f"\nLas {len(precios)} filas de precios las tomó una persona, a mano: "
        "el recolector semanal aún no ha escrito ninguna."
    )
