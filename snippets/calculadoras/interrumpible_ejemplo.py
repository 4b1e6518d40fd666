# Fine-tuning de la primera versión en una RTX 4090 interrumpible:
# tiempo y coste esperados.
from gpucoste.base import formato
from gpucoste.base.formato import dolares, numero
from gpucoste.calculo import interrupciones
from gpucoste.guia import decisiones

e = decisiones.ejemplo_interrumpible()
print(
    f"- **Trabajo:** {numero(e.horas_trabajo, 1)} horas de cómputo "
    f"(la estimación de la primera versión para la {e.gpu})."
)
print(
    f"- **Precio:** interrumpible, {dolares(e.precio_interrumpible)}/h en "
    f"{e.proveedor}, {e.interrumpible.describir()}."
)
print(
    f"- **Checkpoint:** {numero(e.escritura_h * 60, 0)} minuto en escribirse "
    "(estimación de `supuestos.csv`)."
)
print(
    f"- **Reinicio:** de {numero(e.reinicio_min_h * 60, 0)} a "
    f"{numero(e.reinicio_max_h * 60, 0)} minutos (instancia nueva, imagen y pesos: "
    "el arranque que supone la primera versión)."
)
print()
tabla = decisiones.tabla_interrumpible()
print(
    formato.tabla(
        tabla,
        {
            "interrupciones/h": 2,
            "checkpoint cada (minutos)": 0,
            "horas": 2,
            "horas (reinicio largo)": 2,
            "checkpoints y trabajo repetido (US$)": 2,
            "coste (US$)": 2,
            "coste (US$, reinicio largo)": 2,
        },
    )
)
bajo_demanda = e.precio_bajo_demanda * e.horas_trabajo
print(
    f"\nBajo demanda, el mismo trabajo cuesta {dolares(bajo_demanda)} y dura "
    f"{numero(e.horas_trabajo, 1)} horas."
)
for reinicio, cual in ((e.reinicio_min_h, "corto"), (e.reinicio_max_h, "largo")):
    eq = interrupciones.tasa_equilibrio(
        horas_trabajo=e.horas_trabajo,
        precio_interrumpible=e.precio_interrumpible,
        precio_bajo_demanda=e.precio_bajo_demanda,
        escritura_h=e.escritura_h,
        reinicio_h=reinicio,
    )
    print(
        f"Con el reinicio {cual}, la interrumpible deja de compensar a partir de "
        f"**{numero(eq.umbral, 2)} interrupciones por hora** (una cada "
        f"{numero(60 / eq.umbral, 0)} minutos de media): ahí ambas cuestan "
        f"{dolares(eq.coste_b)}."
    )
