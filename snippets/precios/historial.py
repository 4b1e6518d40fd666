# Un gráfico por GPU y proveedor con varios precios fechados.
from gpucoste.datos import historial
from gpucoste.graficos import historial as grafico

for gpu, proveedor in historial.series():
    print(f"**{gpu} en {proveedor}**\n")
    print(grafico.grafico(gpu, proveedor))
