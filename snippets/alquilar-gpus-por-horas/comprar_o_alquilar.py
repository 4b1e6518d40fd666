# ¿Comprar la GPU o alquilarla? Horas de alquiler que cuestan lo mismo que la
# compra, con electricidad.
from gpucoste import datos
from gpucoste.base.formato import dolares, mes, nivel, numero, periodo, tipo_precio
from gpucoste.calculo import compra, experimento
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones

HORAS_DEL_ARTICULO = 2000  # lo que afirmaba la primera versión de esta guía

con_precio = {
    h.gpu: datos.equipo(h.gpu) for h in datos.hardware() if h.precio_compra_usd
}
for esc in experimento.escenarios(experimento.FINETUNING):
    if esc.gpu not in con_precio:
        continue  # NVIDIA no publica el precio de las GPUs de centro de datos
    gpu, alquiler = con_precio[esc.gpu], experimento.precio(esc)
    horas = compra.horas_para_comprar(
        esc.gpu, esc.proveedor, esc.nivel, esc.fecha_precio
    )
    nota = gpu.nota[0].lower() + gpu.nota[1:]
    donde = (
        f"{alquiler.proveedor}, {nivel(alquiler.nivel, alquiler.proveedor)}, "
        f"{mes(alquiler.fecha)}, "
        f"{tipo_precio(alquiler.tipo)}"
    )
    print(
        f"- Una {gpu.gpu} a {dolares(gpu.precio_compra_usd, 0)} ({nota}; "
        f"{mes(gpu.fecha)}) cuesta lo que "
        f"**{numero(horas, 0)} horas** de alquiler a "
        f"{dolares(alquiler.precio_hora_usd)}/h ({donde})."
    )
    ultima = gpu
implicito = dolares(ultima.precio_compra_usd / HORAS_DEL_ARTICULO)
print(
    "\nLa primera versión de esta guía hablaba de "
    f"{numero(HORAS_DEL_ARTICULO, 0)} horas: "
    f"con estos datos, eso supondría alquilar la {ultima.gpu} a {implicito}/h."
)

# La GPU comprada también gasta luz, y se puede revender.
tabla = decisiones.tabla_comprar(ultima.gpu)
luz = decisiones.luz()
alquiler = decisiones.precio_gpu_alquilada()
sin_reventa = tabla[tabla["reventa"].str.startswith("sin")].iloc[0]
con_reventa = tabla[tabla["reventa"].str.startswith("alta")].iloc[0]
reventa = mercado.reventa(ultima.gpu)
print(
    f"\nCon la electricidad de un hogar español ({numero(luz.precio_kwh, 4)} €/kWh, "
    f"{luz.organismo}, {periodo(luz.periodo)}) y "
    f"{numero(decisiones.vatios(ultima.gpu), 0)} W, "
    f"cada hora de uso ahorra menos de {dolares(alquiler.precio_hora_usd)}: la compra "
    f"se amortiza tras **{numero(sin_reventa['horas de uso'], 0)} horas de uso**, "
    f"o {numero(con_reventa['horas de uso'], 0)} si al final se revende por el "
    f"{con_reventa['reventa'].split('(')[1].rstrip(')')} de lo que costó "
    f"({reventa.origen}). En meses, depende del uso:\n"
)
for horas_dia in decisiones.HORAS_AL_DIA:
    fila = tabla[
        (tabla["uso (h/día)"] == horas_dia) & tabla["reventa"].str.startswith("sin")
    ].iloc[0]
    print(
        f"- {numero(horas_dia, 0)} horas al día: {numero(fila['meses'], 1)} meses "
        "sin reventa."
    )
