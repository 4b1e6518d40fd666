# Las partidas del coste de las cinco opciones más baratas del mismo trabajo.
from gpucoste.calculo import ranking
from gpucoste.calculo.trabajo import Trabajo

trabajo = Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
tabla = ranking.tabla(trabajo, desglose=True).head(5)
print(f"**{trabajo.descripcion()}**: las partidas de las cinco más baratas.\n")
print(tabla.to_markdown(index=False, colalign=["left", "left"] + ["right"] * 5))
