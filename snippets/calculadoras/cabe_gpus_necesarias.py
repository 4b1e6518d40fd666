# ¿Cuántas GPU hacen falta? La menor cantidad (hasta 8) en que cabe cada trabajo.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero
from gpucoste.calculo import memoria

SECUENCIA = memoria.SECUENCIA  # tokens por secuencia
GPUS = ("RTX 4090", "L40S", "H100 80GB")
METODOS = ("inferencia", "qlora", "lora", "completo")
NOMBRES = {
    "inferencia": "servir",
    "qlora": "QLoRA",
    "lora": "LoRA",
    "completo": "completo",
}
filas = []
for modelo in datos.modelos():
    fila = {"modelo": modelo}
    for metodo in METODOS:
        n = [
            memoria.gpus_necesarias(modelo, metodo, g, secuencia=SECUENCIA)
            for g in GPUS
        ]
        fila[NOMBRES[metodo]] = " / ".join("—" if x is None else str(x) for x in n)
    filas.append(fila)
print(pd.DataFrame(filas).to_markdown(index=False))
print(
    f"\nEn cada celda, las GPU necesarias de cada tipo ({' / '.join(GPUS)}); «—»: no "
    f"cabe ni en 8. Secuencias de {numero(SECUENCIA, 0)} tokens, tamaño de lote 1 "
    "por GPU, con "
    "*gradient checkpointing*{lang=en}."
)
