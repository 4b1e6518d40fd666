# LoRA de Llama 3.1 8B con 50 millones de tokens: horas en cada GPU (rango por la MFU).
import pandas as pd

from gpucoste import datos, memoria, tiempo
from gpucoste.formato import numero, rango

MODELO, TOKENS = "Llama 3.1 8B", 50e6
u = tiempo.mfu()
filas = []
for gpu in datos.especificaciones():
    metodo = "lora" if memoria.encaja(MODELO, "lora", gpu).cabe else "qlora"
    if not memoria.encaja(MODELO, metodo, gpu).cabe:
        filas.append({"GPU": gpu, "método": "no cabe", "horas": "—"})
        continue
    h = tiempo.horas_entrenamiento(MODELO, metodo, TOKENS, gpu)
    nombre = {"lora": "LoRA", "qlora": "QLoRA"}[metodo]
    filas.append({"GPU": gpu, "método": nombre, "horas": rango(h.minimo, h.maximo, 1)})
trabajo = memoria.describir(MODELO, "lora", tokens=TOKENS, secuencia=memoria.SECUENCIA)
print(f"**{trabajo}**, en cada GPU (QLoRA donde LoRA no cabe):\n")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=("left", "left", "right")))
flops = tiempo.flops_entrenamiento(MODELO, "lora", TOKENS)
print(
    f"\nTrabajo: {numero(flops / 1e18, 2)} × 10¹⁸ FLOPs con LoRA "
    f"(≈ 4·N·D + recálculo con *gradient checkpointing*{{lang=en}}), MFU entre "
    f"{numero(u.minimo, 2)} y {numero(u.maximo, 2)}. Donde LoRA no cabe, QLoRA."
)
