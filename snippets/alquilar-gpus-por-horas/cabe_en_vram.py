# ¿Cabe un modelo de 70B en una GPU de 16 GB? Solo los pesos, según la precisión.
from gpucoste import memoria
from gpucoste.formato import numero

MODELO = 70  # miles de millones de parámetros
VRAM = 16  # GB
for precision in ("bf16", "int8", "int4", "2bit"):
    gb = numero(memoria.gb_pesos(MODELO, precision), 1)
    cabe = "cabe" if memoria.cabe(MODELO, precision, VRAM) else "no cabe"
    print(f"- {MODELO}B en {precision}: {gb} GB de pesos → {cabe} en {VRAM} GB")
