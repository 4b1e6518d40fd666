# Bajo demanda, interrumpible o reservada: un trabajo con los tres tipos de alquiler.
import pandas as pd

from gpucoste.base.formato import dolares, fecha, numero, porcentaje, tipo_precio
from gpucoste.calculo import experimento, interrupciones, modalidades, vast
from gpucoste.dinero import moneda

# El trabajo de la primera versión en una H100, con los precios de Vast.ai que usan
# todas las páginas: bajo demanda, interrumpible (leído, si lo hay) y reservada.
esc = next(e for e in experimento.escenarios() if e.gpu == "H100 80GB")
bajo = modalidades.precio_bajo_demanda(esc.gpu, vast.PROVEEDOR)
puja = modalidades.precio_interrumpible(esc.gpu, vast.PROVEEDOR)
reserva = modalidades.precio_reservado(esc.gpu, vast.PROVEEDOR, 1)
horas_mes = vast.regla("horas_mes_reserva").valor
s = interrupciones.supuestos()

trabajos = (
    ("El fine-tuning", esc.horas),
    (f"Un mes prepagado ({vast.mes_de_reserva()})", horas_mes),
)
for nombre, horas in trabajos:
    filas = []
    for t in vast.tipos_de_alquiler(
        bajo.precio_hora_usd, horas, puja_hora=puja.precio_hora_usd
    ):
        filas.append(
            {
                "tipo": t.tipo,
                "US$/h": numero(t.precio_hora),
                "horas facturadas": numero(t.horas_facturadas, 1),
                "coste (US$)": numero(t.coste),
                "coste (€)": numero(moneda.a_euros(t.coste)),
                "por adelantado (US$)": numero(t.pago_por_adelantado),
            }
        )
    print(f"**{nombre}**\n")
    print(
        pd.DataFrame(filas).to_markdown(index=False, colalign=["left"] + ["right"] * 5)
    )
    print()

eq = interrupciones.tasa_equilibrio(
    esc.horas,
    puja.precio_hora_usd,
    bajo.precio_hora_usd,
    s.escritura_h,
    s.reinicio_min_h,
)
comision = vast.regla("comision_cancelar_reserva").valor
print(f"\nPrecios de Vast.ai para la {esc.gpu}:\n")
print(
    f"- **Bajo demanda:** {dolares(bajo.precio_hora_usd)}/h "
    f"({tipo_precio(bajo.tipo)}, {fecha(bajo.fecha)})."
)
print(
    f"- **Interrumpible:** {dolares(puja.precio_hora_usd)}/h, {puja.describir()}. "
    "Sus horas son las esperadas con el modelo de Daly de "
    "[Instancias interrumpibles](../calculadoras/interrumpibles/#modelo): "
    f"{numero(s.interrupciones_hora, 1)} interrupciones por hora, checkpoints de "
    f"{numero(s.escritura_h * 60, 0)} minuto y reinicios de "
    f"{numero(s.reinicio_min_h * 60, 0)} minutos (`supuestos.csv`)."
)
print(f"- **Reservada:** {reserva.describir()}; se destruye al terminar.")
if eq.umbral is not None:
    print(
        "\nEn el fine-tuning, la interrumpible sale más barata mientras no pase de "
        f"{numero(eq.umbral)} interrupciones por hora de media."
    )
print(
    "Reservar para un solo trabajo y cancelar cuesta más que alquilar bajo demanda: "
    "Vast.ai recupera el "
    f"descuento disfrutado y cobra un {porcentaje(comision)} más sobre él. Además "
    "hay que "
    f"adelantar el mes entero."
)
print(f"\n{moneda.nota_tipo_de_cambio()}")
