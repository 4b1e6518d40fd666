# ¿Guardar los pesos en disco o volver a bajarlos? Arranques al mes del empate.
from gpucoste import datos
from gpucoste.base.formato import dolares, mes, nivel, numero
from gpucoste.calculo import arranque, atipicos

gpu = atipicos.precio_reciente("H100 80GB", "RunPod", "seguro").precio
disco = datos.tarifa("RunPod", "almacenamiento")
gb_mes = disco.precio_max_usd  # el precio del volumen con la instancia detenida
print(
    f"Con una {gpu.gpu} de {gpu.proveedor} ({nivel(gpu.nivel, gpu.proveedor)}) a "
    f"{dolares(gpu.precio_hora_usd)}/h ({mes(gpu.fecha)}) y su disco a "
    f"{dolares(gb_mes)} por GB y mes con la instancia "
    f"detenida ({mes(disco.fecha)}), guardar los pesos sale más barato que volver "
    "a bajarlos a partir de:\n"
)
anchos = (100, 1000, 10000)
for i, ancho in enumerate(anchos):
    n = arranque.arranques_para_amortizar_volumen(ancho, gpu.precio_hora_usd, gb_mes)
    fin = "." if i == len(anchos) - 1 else ";"
    print(
        f"- **{numero(n, 1)} arranques al mes** si bajas a {numero(ancho, 0)} Mb/s{fin}"
    )
print(
    "\nDa igual el tamaño del modelo: los GB están a los dos lados de la cuenta y se "
    "anulan."
)
