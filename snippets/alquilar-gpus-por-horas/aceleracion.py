# ¿Cuánto más rápida es la H100 que la RTX 4090?
# Pico, primera versión y medidas publicadas.
from gpucoste import datos
from gpucoste.base.formato import mes, numero, veces
from gpucoste.calculo import experimento
from gpucoste.guia import experimento_definido as ed

escenarios = experimento.escenarios(experimento.FINETUNING)
esc = {e.gpu: e for e in escenarios}
del_articulo = esc["RTX 4090"].horas / esc["H100 80GB"].horas
print(f"- Lo que suponen las horas de la primera versión: {veces(del_articulo)}.")
for lenta in ("RTX 4090", "A100 80GB"):
    pico = ed.aceleracion_pico("H100 80GB", lenta)
    print(
        "- Cociente de picos de TFLOPS densos en bf16 frente a la "
        f"{lenta}: {veces(pico)}."
    )
calibrada = 1 / ed.comparar_calibrado().fraccion_tiempo
print(
    f"- Con la MFU medida de cada clase de GPU (modelo calibrado): {veces(calibrada)}."
)
for a in datos.aceleraciones():
    print(
        f"- Medida frente a la {a.gpu_lenta}: {veces(a.veces, 2)}, {a.medida}; "
        f"[fuente]({a.fuente}), {mes(a.fecha)}."
    )
h100 = experimento.precio(esc["H100 80GB"])
rtx = min(
    (experimento.precio(e) for e in escenarios if e.gpu == "RTX 4090"),
    key=lambda p: p.precio_hora_usd,
)
equilibrio = ed.aceleracion_equilibrio(h100.precio_hora_usd, rtx.precio_hora_usd)
print(
    "\nCon los precios de la primera versión, "
    f"{numero(h100.precio_hora_usd)} US$/h la H100 y "
    f"{numero(rtx.precio_hora_usd)} US$/h la {rtx.nombre}, la H100 solo "
    "sale más barata "
    f"por trabajo si su aceleración supera {veces(equilibrio)}."
)
