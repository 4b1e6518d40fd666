# Un gráfico por cada combinación de GPU y proveedor en la que cambió algún precio;
# las demás, en una tabla.
from gpucoste.datos import historial
from gpucoste.graficos import historial as grafico
from gpucoste.guia import publicacion

for gpu, proveedor in historial.con_cambios():
    print(f"**{gpu} en {proveedor}**\n")
    print(grafico.grafico(gpu, proveedor))

iguales = publicacion.tabla_sin_cambios()
if not iguales.empty:
    print(
        f"En estas {len(historial.sin_cambios())} combinaciones de GPU y proveedor, "
        "ningún precio cambió: cada nivel repite la cifra en todas sus lecturas.\n"
    )
    alineacion = ["left", "left", "left", "right", "right", "left", "left"]
    print(iguales.to_markdown(index=False, colalign=alineacion))
