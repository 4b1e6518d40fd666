# El trabajo que hace coherentes las horas del artículo, y las horas calculadas.
import pandas as pd

from gpucoste import experimento_definido as ed
from gpucoste import memoria
from gpucoste.formato import numero, rango

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
        "horas (artículo)": numero(h.escenario.horas, 1),
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
