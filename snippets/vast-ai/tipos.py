# Bajo demanda, interrumpible o reservada: un trabajo con los tres tipos de alquiler.
import pandas as pd

from gpucoste.base.formato import dolares, fecha, numero, porcentaje
from gpucoste.calculo import atipicos, experimento, vast
from gpucoste.dinero import moneda

# El trabajo de la primera versión en una H100, al precio más reciente
# no atípico de los datos.
esc = next(e for e in experimento.escenarios() if e.gpu == "H100 80GB")
precio = atipicos.precio_reciente(esc.gpu, esc.proveedor, esc.nivel).precio
horas_mes = vast.regla("horas_mes_reserva").valor
# Supuesto del ejemplo: en la interrumpible se repite una cuarta parte del trabajo
# (lo hecho desde el último checkpoint antes de cada interrupción).
repetida = 0.25

trabajos = (
    ("El fine-tuning", esc.horas),
    (f"Un mes prepagado ({vast.mes_de_reserva()})", horas_mes),
)
for nombre, horas in trabajos:
    filas = []
    for t in vast.tipos_de_alquiler(
        precio.precio_hora_usd, horas, fraccion_repetida=repetida
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

puja = precio.precio_hora_usd * (1 - vast.descuento_interrumpible())
iguala = vast.repeticion_que_iguala(precio.precio_hora_usd, puja)
d = vast.descuento_reserva(1)
comision = vast.regla("comision_cancelar_reserva").valor
print(
    f"\nSupuestos: {precio.nombre} a {dolares(precio.precio_hora_usd)}/h "
    f"({fecha(precio.fecha)}); la puja de la interrumpible, "
    f"{vast.ahorro_interrumpible(vast.descuento_interrumpible())}; "
    f"la reserva, un mes prepagado al {porcentaje(d)} de descuento "
    "(el de `vastai prepay instance` por defecto) y destruida al terminar."
)
print(
    "\n- La interrumpible sigue saliendo más barata mientras la parte repetida no "
    "llegue al "
    f"{porcentaje(iguala)} del trabajo."
)
print(
    "- Reservar para un solo trabajo y cancelar cuesta más que alquilar bajo demanda: "
    "Vast.ai recupera el "
    f"descuento disfrutado y cobra un {porcentaje(comision)} más sobre él. Además "
    "hay que "
    f"adelantar el mes entero."
)
print(f"\n{moneda.nota_tipo_de_cambio()}")
