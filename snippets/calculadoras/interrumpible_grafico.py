# Coste esperado del ejemplo frente a la tasa de interrupciones.
from gpucoste import decisiones, graficos, interrupciones

e = decisiones.ejemplo_interrumpible()
tasas = [i / 50 for i in range(0, 151)]  # de 0 a 3 interrupciones por hora
with graficos.figura() as (fig, ax):
    for reinicio, nombre in (
        (e.reinicio_min_h, "interrumpible, reinicio corto"),
        (e.reinicio_max_h, "interrumpible, reinicio largo"),
    ):
        costes = [
            interrupciones.esperado(
                horas_trabajo=e.horas_trabajo,
                interrupciones_hora=t,
                escritura_h=e.escritura_h,
                reinicio_h=reinicio,
                precio_hora=e.precio_interrumpible,
            ).coste
            for t in tasas
        ]
        ax.plot(tasas, costes, label=nombre)
    ax.axhline(
        e.precio_bajo_demanda * e.horas_trabajo,
        linestyle="--",
        color=graficos.PALETA[2],
        label="bajo demanda",
    )
    ax.set_xlabel("interrupciones por hora")
    ax.set_ylabel("coste esperado del trabajo ($)")
    graficos.coma_decimal(ax, 1)
    graficos.coma_decimal(ax, 1, eje="x")
    ax.legend()
print(
    graficos.svg(
        fig,
        "Coste esperado del fine-tuning en una RTX 4090 interrumpible frente a la tasa "
        "de interrupciones: crece con la tasa y cruza la línea del precio bajo demanda "
        "en el punto de equilibrio; con el reinicio largo cruza antes.",
    )
)
