# Memoria por partidas de tres modelos, por método y precisión, frente a la VRAM.
from gpucoste import datos
from gpucoste.base.formato import lista
from gpucoste.calculo import memoria
from gpucoste.graficos import figuras as graficos

MODELOS = ("Llama 3.1 8B", "Qwen 2.5 32B", "Llama 3.1 70B")
CASOS = (  # (método, precisión, etiqueta)
    ("inferencia", "bf16", "servir en bf16"),
    ("inferencia", "int4", "servir en int4"),
    ("lora", None, "LoRA"),
    ("qlora", None, "QLoRA"),
)
GPUS = ("RTX 4060 Ti 16GB", "RTX 4090", "L40S", "H100 80GB")
etiquetas, barras = [], []
for modelo in MODELOS:
    for metodo, precision, nombre in CASOS:
        etiquetas.append(f"{modelo} · {nombre}")
        barras.append(memoria.encaja(modelo, metodo, "H100 80GB", precision=precision))
with graficos.figura(alto=5.2) as (fig, ax):
    y = range(len(barras))[::-1]
    izquierda = [0.0] * len(barras)
    for leyenda in memoria.Memoria.GRUPOS:
        gb = [b.grupos[leyenda] for b in barras]
        ax.barh(list(y), gb, left=izquierda, label=leyenda, height=0.7)
        izquierda = [a + b for a, b in zip(izquierda, gb, strict=True)]
    # Cada GPU: su línea y su nombre a la derecha, una fila más abajo que la
    # anterior (arriba, las barras del modelo pequeño son cortas y dejan sitio).
    for fila, gpu in enumerate(GPUS):
        vram = datos.especificaciones()[gpu].vram_gb
        ax.axvline(vram, linestyle="--", linewidth=1, color=graficos.PALETA[4])
        ax.text(vram + 1.5, len(barras) - 1 - fila, gpu, va="center")
    ax.set_yticks(list(y), etiquetas)
    ax.set_xlabel("GB por GPU (una GPU)")
    ax.set_xlim(0, 160)
    ax.legend(loc="upper right")
    graficos.coma_decimal(ax, eje="x")
print(
    graficos.svg(
        fig,
        "Barras apiladas de memoria (pesos; adaptadores, gradientes y AdamW; "
        "activaciones; "
        f"caché KV; contexto de CUDA y reserva) de {lista(list(MODELOS))} al servirlos "
        "en bf16 o int4 y al "
        "entrenarlos con "
        "LoRA o QLoRA, frente a líneas verticales discontinuas con la VRAM de "
        f"{lista(['la ' + g for g in GPUS])}. La tabla de abajo da, para cada caso, "
        "cuántas GPU hacen falta.",
    )
)
