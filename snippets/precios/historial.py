# Un gráfico por GPU y proveedor con varios precios fechados.
from gpucoste import historial

for gpu, proveedor in historial.series():
    print(f"**{gpu} en {proveedor}**\n")
    print(historial.grafico(gpu, proveedor))
