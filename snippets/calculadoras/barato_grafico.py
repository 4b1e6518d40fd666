# Coste frente a tiempo de cada opción, con la frontera de Pareto.
from gpucoste import graficos, ranking

trabajo = ranking.Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
filas = ranking.ranking(trabajo)
colores = {}
with graficos.figura(alto=4.4) as (fig, ax):
    for f in filas:
        gpu = f.precio.gpu
        color = colores.setdefault(
            gpu, graficos.PALETA[len(colores) % len(graficos.PALETA)]
        )
        x = (f.horas.minimo + f.horas.maximo) / 2
        y = (f.coste.minimo + f.coste.maximo) / 2
        ax.errorbar(
            x,
            y,
            xerr=[[x - f.horas.minimo], [f.horas.maximo - x]],
            yerr=[[y - f.coste.minimo], [f.coste.maximo - y]],
            fmt="o",
            color=color,
            markersize=5,
            elinewidth=0.8,
            alpha=0.85,
        )
    frontera = sorted(
        ((f.horas.minimo + f.horas.maximo) / 2, (f.coste.minimo + f.coste.maximo) / 2)
        for f in filas
        if f.pareto
    )
    ax.plot(
        [h for h, _ in frontera],
        [c for _, c in frontera],
        color=graficos.PALETA[3],
        linewidth=2,
        label="frontera de Pareto",
    )
    for gpu, color in colores.items():
        ax.plot([], [], "o", color=color, label=gpu)
    ax.set_xlabel("horas de cómputo (rango por el MFU)")
    ax.set_ylabel("coste por trabajo terminado (US$)")
    ax.set_xlim(0, None)
    ax.set_ylim(0, None)
    ax.legend(fontsize=8)
    graficos.coma_decimal(ax, 0, eje="x")
    graficos.coma_decimal(ax, 0)
pareto = [f"{f.precio.gpu} en {f.precio.proveedor_y_nivel}" for f in filas if f.pareto]
print(
    graficos.svg(
        fig,
        f"Coste por trabajo frente a horas de las {len(filas)} opciones de la tabla, "
        "con "
        "barras de rango y una línea que une la frontera de Pareto: "
        f"{'; '.join(pareto)}.",
    )
)
