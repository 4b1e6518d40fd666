# ¿Cabe Llama 3.1 70B en una GPU de consumo? Pesos y caché KV, según la precisión.
from gpucoste.base.formato import numero
from gpucoste.calculo import memoria, vram

MODELO = "Llama 3.1 70B"
CONTEXTO = vram.CONTEXTO  # el mismo contexto que la tabla de los motores de inferencia
GPUS = ("RTX 4060 Ti 16GB", "RTX 4090")
NOMBRES = {"bf16": "bf16", "int8": "int8", "int4": "int4", "2bit": "2 bits"}
for precision, nombre in NOMBRES.items():
    cargas = [
        memoria.encaja(MODELO, "inferencia", g, precision=precision, secuencia=CONTEXTO)
        for g in GPUS
    ]
    veredicto = "; ".join(
        f"{'cabe' if c.cabe else 'no cabe'} en {numero(c.vram_gb, 0)} GB ({c.gpu})"
        for c in cargas
    )
    print(
        f"- {MODELO} en {nombre}: {numero(cargas[0].pesos, 1)} GB de pesos "
        f"+ {numero(cargas[0].kv, 1)} GB de caché KV ({numero(CONTEXTO, 0)} tokens de "
        f"contexto) → {veredicto}."
    )
