# ¿API por token o GPU alquilada siempre encendida? El umbral de tokens al mes.
from gpucoste.base import formato
from gpucoste.base.formato import dolares, mes, nivel, numero, tipo_precio
from gpucoste.calculo import servicio
from gpucoste.guia import decisiones

gpu = decisiones.precio_gpu_alquilada()
print(
    f"- **GPU:** una {gpu.gpu} a {dolares(gpu.precio_hora_usd)}/h "
    f"({gpu.proveedor}, {nivel(gpu.nivel, gpu.proveedor)}, {mes(gpu.fecha)}, "
    f"{tipo_precio(gpu.tipo)}), "
    "encendida todo el mes."
)
print(
    f"- **Modelo:** {decisiones.MODELO}; cada mensaje, "
    f"{numero(servicio.TOKENS_ENTRADA, 0)} tokens de entrada y "
    f"{numero(servicio.TOKENS_SALIDA, 0)} generados (los de un mensaje medio de "
    "una traza de conversación publicada, como en «¿Cuántas GPU para servir mi "
    "tráfico?»)."
)
print("- **Tokens por segundo que genera la GPU:**")
for r in decisiones.rendimientos():
    print(f"    - {r.nombre}: {numero(r.tokens_s, 0)} tokens/s; {r.origen}.")
print()
tabla = decisiones.tabla_api_o_gpu()
for columna, decimales in (
    ("equilibrio (millones de tokens al mes)", 0),
    ("equilibrio (mensajes al día)", 0),
    ("coste en el equilibrio (US$/mes)", 2),
):
    tabla[columna] = [
        "sin equilibrio" if v != v else formato.numero(v, decimales)
        for v in tabla[columna]
    ]
print(
    formato.tabla(
        tabla, {"US$ por millón de tokens": 2, "tokens por segundo para empatar": 0}
    )
)
print()
lote1 = [r for r in decisiones.rendimientos() if r.nombre != decisiones.SIRVIENDO]
empate = decisiones.tabla_api_o_gpu()["tokens por segundo para empatar"].min()
if all(r.tokens_s < empate for r in lote1):
    cifras = "; ".join(f"{r.nombre}: {numero(r.tokens_s, 0)} tokens/s" for r in lote1)
    print(
        f"Con una sola conversación a la vez ({cifras}), "
        "la GPU no empata con ninguna de las API: haría falta al menos "
        f"{numero(empate, 0)} tokens/s, los que pide la API más cara."
    )
