# Cada par de medidas QLoRA/LoRA: cuántas veces más tarda QLoRA, y lo que implican.
import pandas as pd

from gpucoste.base.formato import numero
from gpucoste.calculo import calibracion

UNIDADES = {"tokens_s": "tokens/s", "gpu_minutos": "minutos"}
ajuste = {m.id for m in calibracion.mitades()[0]}
filas = []
for m in calibracion.usadas():
    r = calibracion.ralentizacion_medida(m)
    if r is None:
        continue
    lora = calibracion.pareja_lora(m)
    unidad = UNIDADES.get(m.unidad, m.unidad)
    decimales = 0 if m.valor >= 100 else 2
    filas.append(
        {
            "medida de QLoRA": f"[`{m.id}`]({m.fuente})",
            "qué": f"{m.modelo}, {m.gpu}, `{m.marco}`",
            "LoRA": f"{numero(lora.valor, decimales)} {unidad}",
            "QLoRA": f"{numero(m.valor, decimales)} {unidad}",
            "QLoRA ÷ LoRA (tiempo)": numero(r, 2),
            "mitad": "ajuste" if m.id in ajuste else "validación",
        }
    )
alineacion = ("left", "left", "right", "right", "right", "left")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
print("\n" + calibracion.frase_qlora())
