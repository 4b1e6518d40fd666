# Cada medida usada, con lo que predice la biblioteca (y sin su fuente) y su fuente.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import calibracion

UNIDADES = {
    "tokens_s": "tokens/s",
    "tokens_s_gpu": "tokens/s por GPU",
    "gpu_horas": "horas de GPU",
    "gpu_minutos": "minutos de GPU",
    "gib": "GiB",
    "gb": "GB",
}
METODOS = {"lora": "LoRA", "qlora": "QLoRA"}
ajuste = {m.id for m in calibracion.mitades()[0]}
fuera = {p.medida.id: p for p in calibracion.validacion().predicciones}
filas = []
for p in calibracion.predicciones():
    m = p.medida
    decimales = 0 if m.valor >= 100 else 1
    filas.append(
        {
            "medida": f"[`{m.id}`]({m.fuente})",
            "mitad": "ajuste" if m.id in ajuste else "validación",
            "qué": f"{m.modelo}, {METODOS.get(m.metodo, m.metodo)}, `{m.precision}`, "
            f"{m.n_gpus or '?'} × {m.gpu}, `{m.marco}`",
            "medido": f"{numero(m.valor, decimales)} " + UNIDADES[m.unidad],
            "predicho": numero(p.central, decimales),
            "rango": f"{numero(p.minimo, decimales)}–{numero(p.maximo, decimales)}",
            "error": porcentaje(p.desvio, signo=True),
            "sin su fuente": (
                porcentaje(fuera[m.id].desvio, signo=True) if m.id in fuera else "—"
            ),
        }
    )
alineacion = ("left", "left", "left", "right", "right", "right", "right", "right")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
print(
    "\nError: lo predicho ÷ lo medido − 1, con el valor central; con «+», la guía "
    "predice más de lo medido, y con «−», menos."
)
