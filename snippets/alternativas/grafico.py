# Gráfico: el trabajo grande en cada proveedor, del total mínimo al máximo.
from gpucoste.base.formato import nivel, numero
from gpucoste.calculo import alternativas
from gpucoste.graficos import figuras as graficos

c = alternativas.comparar("H100 80GB", alternativas.trabajo_grande()).iloc[::-1]
etiquetas = [f"{f.proveedor} ({nivel(f.nivel, f.proveedor)})" for f in c.itertuples()]
with graficos.figura(alto=4.2) as (fig, ax):
    barras = ax.barh(
        etiquetas, c["total_min"], color=graficos.PALETA[0], label="total mínimo"
    )
    ax.barh(
        etiquetas,
        c["total_max"] - c["total_min"],
        left=c["total_min"],
        color=graficos.PALETA[1],
        label="hasta el máximo",
    )
    for barra, completo in zip(barras, c["completo"], strict=True):
        if not completo:
            barra.set_hatch("//")
    ax.set_xlabel("coste del trabajo grande (US$)")
    graficos.coma_decimal(ax, eje="x")
    ax.legend(loc="lower right")
    barata, cara = c["total_min"].min(), c["total_max"].max()
    alt = (
        "Barras horizontales: coste del trabajo grande con una H100 en cada "
        "proveedor, de "
        f"{numero(barata, 0)} a {numero(cara, 0)} US$; las rayadas no incluyen "
        "alguna tarifa "
        "que el proveedor no publica en los datos."
    )
print(graficos.svg(fig, alt))
