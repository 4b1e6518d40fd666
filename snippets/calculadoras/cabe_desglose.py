# Llama 3.1 8B en una RTX 4090: memoria por partidas según para qué se cargue.
import pandas as pd

from gpucoste import memoria
from gpucoste.formato import numero

MODELO, GPU = "Llama 3.1 8B", "RTX 4090"
SECUENCIA = 2048  # tokens por ejemplo (y de contexto al servir)
NOMBRES = {
    "inferencia": "servir",
    "completo": "completo",
    "lora": "LoRA",
    "qlora": "QLoRA",
}
PARTIDAS = {"kv": "caché KV"}
filas = []
for metodo in memoria.METODOS:
    for checkpointing in (True, False) if metodo != "inferencia" else (True,):
        m = memoria.encaja(
            MODELO, metodo, GPU, secuencia=SECUENCIA, checkpointing=checkpointing
        )
        fila = {"método": NOMBRES[metodo]}
        if metodo != "inferencia":
            fila["método"] += (
                " con checkpointing" if checkpointing else " sin checkpointing"
            )
        fila |= {
            PARTIDAS.get(p, p): numero(getattr(m, p), 1)
            for p in memoria.Memoria.PARTIDAS
        }
        fila |= {"total (GB)": numero(m.total, 1), "¿cabe?": "sí" if m.cabe else "no"}
        filas.append(fila)
tabla = pd.DataFrame(filas)
print(tabla.to_markdown(index=False, colalign=["left"] + ["right"] * 9))
print(
    f"\nGPU: {GPU}, {numero(m.vram_gb, 0)} GB. Secuencias de {numero(SECUENCIA, 0)} "
    "tokens, tamaño de lote 1."
)
