# ¿Bajo demanda o reservada? Reservar compensa a partir de un uso de 1 − descuento.
import pandas as pd

from gpucoste.base import formato
from gpucoste.calculo import equilibrios, modalidades
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones

# Cada descuento, sobre el precio de su propio proveedor (como `gpucoste reservar`).
gpu = decisiones.GPU_ALQUILADA
plazos = sorted({m.meses for m in mercado.modalidades() if m.modalidad == "reservada"})
reservas = [
    modalidades.precio_reservado(gpu, p, meses)
    for meses in plazos
    for p in modalidades.proveedores_reserva(gpu, meses)
]
filas = []
for r in reservas:
    e = equilibrios.alquilar_o_reservar(
        precio_hora=r.bajo_demanda.precio_hora_usd, descuento=r.descuento
    )
    filas.append(
        {
            "proveedor": r.proveedor,
            "compromiso (meses)": r.meses,
            "bajo demanda (US$/h)": formato.numero(r.bajo_demanda.precio_hora_usd),
            "descuento": formato.porcentaje(r.descuento),
            "reservada (US$/h)": formato.numero(r.precio_hora_usd),
            "reservar compensa con un uso de más del": formato.porcentaje(e.umbral),
            "coste de un mes en el equilibrio (US$)": e.coste_b,
        }
    )
print(formato.tabla(pd.DataFrame(filas), {"coste de un mes en el equilibrio (US$)": 2}))
print(f"\nA un mes, la {gpu} reservada cuesta {reservas[0].describir()}.")
