# «Tres días en local, dos horas en una H100»: ese trabajo en cada GPU de casa.
from gpucoste.base.formato import lista, numero, rango, veces
from gpucoste.guia import decisiones

HORAS_H100, DIAS_LOCAL = 2, 3  # lo que decía la primera versión de esta guía
METODO = {"lora": "LoRA", "qlora": "QLoRA (no cabe con LoRA)"}
r = decisiones.local_frente_a_rapida(HORAS_H100)
t, h = r.trabajo, r.horas_rapida
millones = numero(t.tokens / 1e6, 0)
print(
    f"Trabajo: {METODO[t.metodo]} de {t.modelo} sobre {millones} millones "
    f"de tokens (secuencias de {numero(t.secuencia, 0)}): "
    f"{rango(h.minimo, h.maximo, 1)} horas en una {r.rapida} según la MFU, "
    f"{HORAS_H100} con la MFU media.\n"
    "Tres días frente a dos horas es un cociente de "
    f"{veces(DIAS_LOCAL * 24 / HORAS_H100, 0)}. "
    "Con la MFU medida en la clase de cada GPU, en cada GPU local:\n"
)
for g in r.locales:
    if g.dias is None:
        print(f"- {g.gpu}: no cabe ni con QLoRA.")
        continue
    dias = rango(g.dias.minimo, g.dias.maximo, 1)
    horas = rango(g.horas.minimo, g.horas.maximo, 0)
    print(
        f"- {g.gpu}: la {r.rapida} tiene {numero(g.veces, 1)} veces sus TFLOPS; "
        f"con {METODO[g.metodo]}, {dias} días ({horas} horas)."
    )


# «el» chip de Apple, «la» GPU: «en la RTX 3060 12GB y en el Apple M2 Ultra 192GB».
def en(gpus):
    return lista([f"en {'el' if g.startswith('Apple') else 'la'} {g}" for g in gpus])


cerca, menos_de_un_dia = r.dentro(DIAS_LOCAL * 24), r.por_debajo(24)
if cerca:
    print(f"\nTres días caen dentro del rango {en(cerca)}.", end="")
else:
    print("\nTres días no caen dentro del rango de ninguna.", end="")
if menos_de_un_dia:
    print(f" Menos de un día, incluso en lo alto del rango, {en(menos_de_un_dia)}.")
else:
    print()
