# Arranque facturado: minutos y dólares de GPU mientras se bajan los pesos.
from gpucoste import arranque, datos
from gpucoste.formato import fecha, numero, tabla

gpu = datos.precio("H100 80GB", "Vast.ai", "verificado")  # el precio más reciente
modelos = {"8B": 8, "32B": 32, "70B": 70}  # miles de millones de parámetros
anchos = [100, 1000, 10000]  # Mb/s: conexiones de ejemplo, de modesta a muy rápida

t = arranque.tabla_arranque(modelos, anchos, gpu.precio_hora_usd, precision="bf16")
print(
    f"Pesos en bf16 y una {gpu.gpu} a {numero(gpu.precio_hora_usd)} $/h "
    f"({gpu.proveedor}, {fecha(gpu.fecha)}); la descarga, sin pausas ni reintentos:\n"
)
print(
    tabla(
        t,
        {
            c: 0 if c == "GB" else 1 if c.startswith("minutos") else 2
            for c in t.columns[1:]
        },
    )
)
