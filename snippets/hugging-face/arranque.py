# Arranque facturado: minutos y dólares de GPU mientras se bajan los pesos.
from gpucoste.base.formato import DOLAR, dolares, fecha, nivel, tabla
from gpucoste.calculo import arranque, atipicos

# El precio más reciente de los datos que no está marcado como atípico.
gpu = atipicos.precio_reciente("H100 80GB", "Vast.ai", "verificado").precio
modelos = {"8B": 8, "32B": 32, "70B": 70}  # miles de millones de parámetros
anchos = [100, 1000, 10000]  # Mb/s: conexiones de ejemplo, de modesta a muy rápida
precio = gpu.precio_hora_usd

print(
    f"Pesos en bf16 y una {gpu.gpu} a {dolares(precio)}/h ({gpu.proveedor}, "
    f"{nivel(gpu.nivel, gpu.proveedor)}, {fecha(gpu.fecha)}); la descarga, sin pausas "
    "ni reintentos.\n"
)
print("**Minutos de descarga, por ancho de banda:**\n")
t = arranque.tabla_arranque(modelos, anchos, precio, medida="minutos")
print(tabla(t, {c: 0 if c == "GB" else 1 for c in t.columns[1:]}), "\n")
print(f"**GPU facturada mientras tanto ({DOLAR}):**\n")
t = arranque.tabla_arranque(modelos, anchos, precio, medida="dolares")
print(tabla(t, {c: 0 if c == "GB" else 2 for c in t.columns[1:]}))
