# Qué modelos caben en cada VRAM: pesos y caché KV de un contexto, por precisión.
from gpucoste.base.formato import numero, tabla
from gpucoste.calculo import vram

print(
    "Memoria para servir cada modelo a una persona (GB): pesos más la caché KV en "
    f"bf16 de {numero(vram.CONTEXTO, 0)} tokens de contexto.\n"
)
m = vram.tabla_modelos()
print(tabla(m, {c: 1 for c in m.columns[1:]}), "\n")
print("El modelo más grande de la lista que cabe en cada VRAM:\n")
print(tabla(vram.tabla_vram(), {"VRAM (GB)": 0}))
