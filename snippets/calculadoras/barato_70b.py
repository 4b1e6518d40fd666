# QLoRA de Llama 3.1 70B con 20 millones de tokens (no cabe en una GPU):
# las 5 más baratas.
from gpucoste.calculo import ranking
from gpucoste.calculo.trabajo import Trabajo

trabajo = Trabajo(modelo="Llama 3.1 70B", metodo="qlora", tokens=20e6)
tabla = ranking.tabla(trabajo).head(5)
print(f"**{trabajo.descripcion()}**: las cinco opciones más baratas.\n")
alineacion = ["left", "left", "right", "left", "left", "right", "right", "center"]
print(tabla.to_markdown(index=False, colalign=alineacion))
fuera = ranking.no_caben(trabajo)
if fuera:
    print(f"\nNo cabe ni en ocho: {', '.join(fuera)}.")
