# Llama 3.1 8B en una RTX 4090: memoria por partidas según para qué se cargue.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero
from gpucoste.calculo import memoria

MODELO, GPU = "Llama 3.1 8B", "RTX 4090"
SECUENCIA = memoria.SECUENCIA  # tokens por ejemplo (y de contexto al servir)
NOMBRES = {
    "inferencia": "servir",
    "completo": "completo",
    "lora": "LoRA",
    "qlora": "QLoRA",
}
PARTIDAS = {"kv": "caché KV"}
vram = datos.especificaciones()[GPU].vram_gb
print(
    f"**{MODELO} en una {GPU} ({numero(vram, 0)} GB), secuencias de "
    f"{numero(SECUENCIA, 0)} tokens, tamaño de lote 1**, según el método:\n"
)
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
