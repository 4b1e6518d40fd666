# Cuadernos gratis o baratos (Colab, Kaggle): GPU, precio, sesión y cuota semanal.
from gpucoste.base.formato import dolares, fecha, numero
from gpucoste.calculo import cuadernos

print("| servicio | GPU | US$/h | sesión (horas) | cuota (horas a la semana) | fecha |")
print("|:--|:--|--:|--:|--:|:--|")
ofertas = sorted(
    cuadernos.ofertas(), key=lambda o: (o.servicio, o.plan, cuadernos.precio_hora(o))
)
for o in ofertas:
    gpu = o.gpu if o.n_gpus == 1 else f"{o.n_gpus} × {o.gpu}"
    cuota = "no publicada" if o.cuota_semana_h is None else numero(o.cuota_semana_h, 0)
    print(
        f"| {o.servicio} ({o.plan}) | {gpu} | {numero(cuadernos.precio_hora(o))} "
        f"| {numero(o.sesion_h, 0)} | {cuota} | {fecha(o.fecha)} |"
    )
pago = [o for o in ofertas if o.usd_unidad > 0]
for o in pago[:1]:
    print(
        f"\nEn {o.servicio} de pago, cada GPU gasta por hora unidades de cómputo, a "
        f"{dolares(o.usd_unidad)} la unidad: la {o.gpu}, "
        f"{numero(o.unidades_hora)} unidades por hora."
    )
