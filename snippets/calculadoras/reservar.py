# ¿Bajo demanda o reservada? Reservar compensa a partir de un uso de 1 − descuento.
import pandas as pd

from gpucoste.base import formato
from gpucoste.base.formato import dolares, mes, tipo_precio
from gpucoste.calculo import equilibrios
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones

# El precio del proveedor de los descuentos (como `gpucoste reservar`).
gpu = decisiones.precio_vigente(decisiones.GPU_ALQUILADA, "Vast.ai")
filas = []
for m in mercado.modalidades():
    if m.modalidad != "reservada":
        continue
    e = equilibrios.alquilar_o_reservar(
        precio_hora=gpu.precio_hora_usd, descuento=m.descuento
    )
    filas.append(
        {
            "proveedor": m.proveedor,
            "compromiso (meses)": m.meses,
            "descuento": formato.porcentaje(m.descuento),
            "reservar compensa con un uso de más del": formato.porcentaje(e.umbral),
            "coste de un mes en el equilibrio (US$)": e.coste_b,
        }
    )
print(formato.tabla(pd.DataFrame(filas), {"coste de un mes en el equilibrio (US$)": 2}))
print(
    f"\nCon la {gpu.gpu} a {dolares(gpu.precio_hora_usd)}/h ({gpu.proveedor}, "
    f"{mes(gpu.fecha)}, {tipo_precio(gpu.tipo)}). Descuentos del prepago de Vast.ai: "
    "los que aplica por defecto su línea de órdenes."
)
