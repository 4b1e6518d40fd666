# Coste acumulado de comprar o alquilar, mes a mes, con 8 horas de uso al día.
from gpucoste import datos, decisiones, graficos, mercado
from gpucoste.electricidad import coste_electricidad

gpu = decisiones.GPU_ALQUILADA
HORAS_DIA = 8
horas_mes = HORAS_DIA * 365 / 12
compra = datos.equipo(gpu).precio_compra_usd
alquiler = decisiones.precio_gpu_alquilada().precio_hora_usd
luz = coste_electricidad(decisiones.vatios(gpu), decisiones.luz().usd_kwh).por_hora
reventa = mercado.reventa(gpu)
meses = list(range(0, 61))
with graficos.figura() as (fig, ax):
    ax.plot(meses, [alquiler * horas_mes * m for m in meses], label="alquilada")
    for fraccion, nombre in (
        (0, "comprada, sin reventa"),
        (reventa.fraccion_max, "comprada, reventa alta (estimación)"),
    ):
        ax.plot(
            meses,
            [compra * (1 - fraccion) + luz * horas_mes * m for m in meses],
            label=nombre,
        )
    ax.set_xlabel(f"meses de uso ({HORAS_DIA} h al día)")
    ax.set_ylabel("coste acumulado ($)")
    graficos.coma_decimal(ax, 0)
    ax.legend()
print(
    graficos.svg(
        fig,
        f"Coste acumulado de una {gpu} comprada o alquilada durante cinco años con "
        f"{HORAS_DIA} horas de uso al día: el alquiler crece más deprisa y alcanza "
        "a la compra en el punto de equilibrio; con reventa, antes.",
    )
)
