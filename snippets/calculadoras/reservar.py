# ¿Bajo demanda o reservada? Reservar compensa a partir de un uso de 1 − descuento.
import pandas as pd

from gpucoste.base import etiquetas, formato
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
    c = etiquetas.RESERVAR  # las mismas palabras que `gpucoste reservar`
    filas.append(
        {
            "proveedor": r.proveedor,
            "compromiso (meses)": r.meses,
            c["bajo_demanda"]: formato.numero(r.bajo_demanda.precio_hora_usd),
            c["descuento"]: formato.porcentaje(r.descuento),
            c["reservada"]: formato.numero(r.precio_hora_usd),
            c["equilibrio"]: formato.porcentaje(e.umbral),
            c["coste"]: e.coste_b,
        }
    )
print(formato.tabla(pd.DataFrame(filas), {etiquetas.RESERVAR["coste"]: 2}))
print(f"\nA un mes, la {gpu} reservada cuesta {reservas[0].describir()}.")
