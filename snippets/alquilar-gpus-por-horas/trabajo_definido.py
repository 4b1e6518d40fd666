# El trabajo que hace coherentes las horas de la primera versión,
# y las horas calculadas.
import pandas as pd

from gpucoste.base.formato import numero, rango
from gpucoste.calculo import memoria
from gpucoste.guia import experimento_definido as ed

t = ed.TRABAJO
METODOS = {"lora": "LoRA", "qlora": "QLoRA", "completo": "fine-tuning completo"}
print(
    f"**Trabajo:** {METODOS[t.metodo]} de rango {t.rango_lora} de {t.modelo} "
    f"({numero(memoria.parametros(t.modelo) / 1e6, 0)} millones de parámetros) "
    f"sobre {numero(t.tokens / 1e6, 0)} millones de tokens, en secuencias de "
    f"{numero(t.secuencia, 0)} tokens, con *gradient checkpointing*{{lang=en}}.\n"
)
filas = [
    {
        "GPU": h.escenario.nombre,
        "horas (primera versión)": numero(h.escenario.horas, 1),
        "horas (calculadas)": rango(h.calculadas.minimo, h.calculadas.maximo, 1),
        "¿dentro del rango?": "sí" if h.dentro else "no",
    }
    for h in ed.horas_por_escenario()
]
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "right", "right", "left")
    )
)
