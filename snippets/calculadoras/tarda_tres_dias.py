# «Tres días en local, dos horas en una H100»: ¿con qué GPU local se cumple?
from gpucoste import datos
from gpucoste.formato import numero, veces

HORAS_H100 = 2  # lo que decía el artículo original
DIAS_LOCAL = 3
specs = datos.especificaciones()
h100 = specs["H100 80GB"]
locales = (
    "RTX 3060 12GB",
    "RTX 4060 Ti 16GB",
    "RTX 4090",
    "RTX 5090",
    "Apple M2 Ultra 192GB",
)
cerca = []
for nombre in locales:
    g = specs[nombre]
    lenta = h100.tflops_bf16 / g.tflops_bf16
    horas = HORAS_H100 * lenta
    if abs(horas / 24 / DIAS_LOCAL - 1) <= 0.25:
        cerca.append(nombre)
    print(
        f"- {nombre}: la H100 tiene {veces(lenta)} su pico BF16 → {numero(horas, 0)} "
        "horas "
        f"({numero(horas / 24, 1)} días)."
    )
rtx = HORAS_H100 * h100.tflops_bf16 / specs["RTX 4090"].tflops_bf16 / 24
print(
    f"\nCon el mismo MFU en las dos, el trabajo de {HORAS_H100} horas en la H100 "
    "lleva unos "
    f"{DIAS_LOCAL} días en: {', '.join(cerca) or 'ninguna'}. En una RTX 4090, "
    f"{numero(rtx, 1)} días."
)
