# Qué modelos caben en cada VRAM: el mayor tamaño cuyos pesos caben, por precisión.
from gpucoste import vram
from gpucoste.formato import tabla

print(tabla(vram.tabla_vram(), {"VRAM (GB)": 0}))
