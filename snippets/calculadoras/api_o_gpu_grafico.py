# Coste al mes frente a tokens generados: la API sube en recta; la GPU, a saltos.
from gpucoste import decisiones, equilibrios, graficos, mercado

gpu = decisiones.precio_gpu_alquilada()
lleno = decisiones.rendimientos()[-1]
capacidad = equilibrios.capacidad_mes(lleno.tokens_s)
tokens = [capacidad * 3 * i / 300 for i in range(301)]
with graficos.figura() as (fig, ax):
    for api in mercado.precios_api():
        if api.modelo != decisiones.MODELO:
            continue
        millon = api.millon_mezclado(decisiones.ENTRADA_POR_SALIDA)
        costes = [equilibrios.coste_api_mes(t, millon) for t in tokens]
        ax.plot([t / 1e6 for t in tokens], costes, label=f"API ({api.proveedor})")
    gpus = [
        equilibrios.coste_gpu_mes(t, gpu.precio_hora_usd, lleno.tokens_s)
        for t in tokens
    ]
    ax.step(
        [t / 1e6 for t in tokens],
        gpus,
        where="post",
        label=f"{gpu.gpu} alquiladas 24/7 ({lleno.nombre})",
    )
    ax.set_xlabel("millones de tokens generados al mes")
    ax.set_ylabel("coste al mes ($)")
    graficos.coma_decimal(ax, 0)
    graficos.coma_decimal(ax, 0, eje="x")
    ax.legend()
print(
    graficos.svg(
        fig,
        "Coste mensual frente a millones de tokens generados al mes: las API por "
        "token crecen en línea recta desde cero; las GPU alquiladas todo el mes "
        "cuestan lo mismo hasta llenarse y suben a saltos, una GPU más cada vez.",
    )
)
