# Coste frente a tiempo de cada opción, con la frontera de Pareto.
from gpucoste.calculo import ranking
from gpucoste.calculo.puntos import dispersion
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.graficos import dibujo
from gpucoste.graficos import figuras as graficos

trabajo = Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
puntos = dispersion(ranking.ranking(trabajo))
colores = dibujo.colores(puntos.gpus)
with graficos.figura(alto=4.4) as (fig, ax):
    for gpu, (h0, h1), (c0, c1) in zip(
        puntos.gpus, puntos.horas, puntos.costes, strict=True
    ):
        x, y = (h0 + h1) / 2, (c0 + c1) / 2
        ax.errorbar(
            x,
            y,
            xerr=[[x - h0], [h1 - x]],
            yerr=[[y - c0], [c1 - y]],
            fmt="o",
            color=colores[gpu],
            markersize=5,
            elinewidth=0.8,
            alpha=0.85,
        )
    ax.plot(
        [sum(puntos.horas[i]) / 2 for i in puntos.frontera],
        [sum(puntos.costes[i]) / 2 for i in puntos.frontera],
        # El color del texto, con un anillo en cada punto (como en el navegador).
        color=graficos.TINTA,
        linewidth=2,
        marker="o",
        markersize=12,
        markerfacecolor="none",
        markeredgewidth=1.5,
        label="frontera de Pareto",
    )
    for gpu, color in colores.items():
        ax.plot([], [], "o", color=color, label=gpu)
    ax.set_xlabel("horas facturadas (rango por la MFU)")
    ax.set_ylabel("coste por trabajo terminado (US$)")
    ax.set_xlim(0, None)
    ax.set_ylim(0, None)
    ax.legend()
    graficos.coma_decimal(ax, 0, eje="x")
    graficos.coma_decimal(ax, 0)
pareto = [puntos.opciones[i] for i in sorted(puntos.frontera)]
print(
    graficos.svg(
        fig,
        f"{trabajo.descripcion()}: coste por trabajo frente a horas de las "
        f"{len(puntos.gpus)} opciones de la tabla, con "
        "barras de rango y una línea que une la frontera de Pareto: "
        f"{'; '.join(pareto)}.",
    )
)
