# Coste por trabajo en la H100 según su aceleración sobre la RTX 4090 y según su precio.
from gpucoste import datos
from gpucoste.base.formato import mes, nivel, numero
from gpucoste.calculo import experimento, ranking
from gpucoste.graficos import figuras as graficos
from gpucoste.guia import experimento_definido as ed

horas = {h.escenario.gpu: h.calculadas for h in ed.horas_por_escenario()}
horas_4090 = (horas["RTX 4090"].minimo + horas["RTX 4090"].maximo) / 2
esc = {e.gpu: e for e in experimento.escenarios(experimento.FINETUNING)}
articulo = experimento.precio(esc["H100 80GB"])
vigentes = sorted(
    (p for p in ranking.precios_vigentes() if p.gpu == "H100 80GB"),
    key=lambda p: p.precio_hora_usd,
)
lineas = [articulo, vigentes[0], vigentes[len(vigentes) // 2]]
rtx = [experimento.precio(e) for e in experimento.escenarios() if e.gpu == "RTX 4090"]
aceleraciones = [x / 10 for x in range(10, 71)]
with graficos.figura(alto=4.2) as (fig, ax):
    for i, p in enumerate(lineas):
        costes = [
            ed.coste_con_aceleracion(p.precio_hora_usd, horas_4090, x)
            for x in aceleraciones
        ]
        precio = f"{numero(p.precio_hora_usd)} US$/h, {mes(p.fecha)}"
        etiqueta = f"H100 en {p.proveedor_y_nivel}: {precio}"
        ax.plot(
            aceleraciones, costes, label=etiqueta, color=graficos.PALETA[i], linewidth=2
        )
    for j, p in enumerate(rtx):
        coste = ed.coste_con_aceleracion(p.precio_hora_usd, horas_4090, 1)
        ax.axhline(
            coste,
            linestyle="--",
            color=graficos.PALETA[3 + j],
            label=f"RTX 4090 ({nivel(p.nivel, p.proveedor)}): "
            f"{numero(p.precio_hora_usd)} US$/h",
        )
    pico = ed.aceleracion_pico("H100 80GB", "RTX 4090")
    medidas = [a.veces for a in datos.aceleraciones() if a.gpu_lenta == "RTX 4090"]
    for x, texto in [(pico, "pico"), *((m, "medida") for m in medidas)]:
        ax.axvline(x, color=graficos.PALETA[5], linewidth=1, linestyle=":")
        ax.text(
            x,
            0.02,
            f" {texto}",
            transform=ax.get_xaxis_transform(),
            va="bottom",
        )
    ax.set_xlabel("aceleración de la H100 sobre la RTX 4090 (veces)")
    ax.set_ylabel("coste de GPU por trabajo (US$)")
    ax.set_ylim(0, None)
    ax.legend(loc="upper right")
    graficos.coma_decimal(ax, 1, eje="x")
    graficos.coma_decimal(ax, 0)
print(
    graficos.svg(
        fig,
        "Coste de GPU del trabajo definido en una H100 según cuántas veces más "
        "rápida sea que "
        "una RTX 4090, para el precio de la primera versión y el más bajo y el "
        "mediano de los "
        "precios "
        "vigentes de la H100, frente a líneas horizontales con el coste en la RTX "
        "4090; líneas "
        "verticales punteadas marcan el cociente de picos y la aceleración medida "
        "publicada.",
    )
)
