# LoRA de Llama 3.1 8B con 50 millones de tokens: horas en cada GPU (por la MFU).
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero, rango
from gpucoste.calculo import memoria, tiempo

MODELO, TOKENS = "Llama 3.1 8B", 50e6
filas = []
for gpu in datos.especificaciones():
    metodo = "lora" if memoria.encaja(MODELO, "lora", gpu).cabe else "qlora"
    if not memoria.encaja(MODELO, metodo, gpu).cabe:
        filas.append({"GPU": gpu, "método": "no cabe", "MFU": "—", "horas": "—"})
        continue
    h = tiempo.horas_entrenamiento(MODELO, metodo, TOKENS, gpu)
    u = tiempo.mfu(gpu)
    nombre = {"lora": "LoRA", "qlora": "QLoRA"}[metodo]
    filas.append(
        {
            "GPU": gpu,
            "método": nombre,
            "MFU": rango(u.minimo, u.maximo, 2),
            "horas": rango(h.minimo, h.maximo, 1),
        }
    )
trabajo = memoria.describir(MODELO, "lora", tokens=TOKENS, secuencia=memoria.SECUENCIA)
print(f"**{trabajo}**, en cada GPU (QLoRA donde LoRA no cabe):\n")
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "left", "right", "right")
    )
)
flops = tiempo.flops_entrenamiento(MODELO, "lora", TOKENS)
q = tiempo.ralentizacion_qlora()
print(
    f"\nTrabajo: {numero(flops / 1e18, 2)} × 10¹⁸ FLOPs del modelo con LoRA (≈ 4·N·D "
    f"más la atención de secuencias de {numero(memoria.SECUENCIA, 0)} tokens). La MFU "
    "es la medida en su clase de GPU; QLoRA tarda "
    f"{rango(q.minimo, q.maximo, 2)} veces lo que LoRA. Donde LoRA no cabe, QLoRA."
)
