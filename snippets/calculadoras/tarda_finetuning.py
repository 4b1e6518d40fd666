# LoRA de Llama 3.1 8B con 50 millones de tokens: horas en cada GPU (por la MFU).
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero, rango
from gpucoste.calculo import calibracion, memoria, tiempo

MODELO, TOKENS = "Llama 3.1 8B", 50e6
filas = []
for gpu in datos.especificaciones():
    metodo = "lora" if memoria.encaja(MODELO, "lora", gpu).cabe else "qlora"
    if not memoria.encaja(MODELO, metodo, gpu).cabe:
        filas.append({"GPU": gpu, "método": "no cabe", "MFU": "—", "horas": "—"})
        continue
    h = tiempo.horas_entrenamiento(MODELO, metodo, TOKENS, gpu)
    u = tiempo.mfu(gpu)
    nombre = {"lora": "LoRA", "qlora": "QLoRA"}[metodo]
    filas.append(
        {
            "GPU": gpu,
            "método": nombre,
            "MFU": rango(u.minimo, u.maximo, 2),
            "horas": rango(h.minimo, h.maximo, 1),
        }
    )
trabajo = memoria.describir(MODELO, "lora", tokens=TOKENS, secuencia=memoria.SECUENCIA)
print(f"**{trabajo}**, en cada GPU (QLoRA donde LoRA no cabe):\n")
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "left", "right", "right")
    )
)
flops = tiempo.flops_entrenamiento(MODELO, "lora", TOKENS)
q = tiempo.ralentizacion_qlora()
print(
    f"\nTrabajo: {numero(flops / 1e18, 2)} × 10¹⁸ FLOPs del modelo con LoRA (≈ 4·N·D "
    f"más la atención de secuencias de {numero(memoria.SECUENCIA, 0)} tokens). La MFU "
    "es la medida en su clase de GPU; QLoRA tarda "
    f"{rango(q.minimo, q.maximo, 2)} veces lo que LoRA. Donde LoRA no cabe, QLoRA."
)

# Cuántas medidas hay detrás de cada rango (ajustes.csv): con menos de
# calibracion.GRUPO_MINIMO, el rango se toma prestado de la dispersión de todas.
ajustes = datos.ajustes()
una = tiempo.escala(1)
claves = {tiempo.clave_mfu(tiempo.clase_gpu(g), una) for g in datos.gpus()}
clases = {
    "mfu_gddr_1": "las GPU con GDDR",
    "mfu_hbm_1": "las de centro de datos con HBM",
}
cuantas = {f"la MFU de {clases.get(k, k)}": ajustes[k].medidas for k in sorted(claves)}
cuantas["QLoRA frente a LoRA"] = ajustes["qlora"].medidas
minimo = calibracion.GRUPO_MINIMO
pocas = [f"{n} para {que}" for que, n in cuantas.items() if n < minimo]
if pocas:
    print(
        f"\nPocas medidas detrás de algunos rangos: {'; '.join(pocas)}. Con tan pocas, "
        "el orden entre dos GPU de clases distintas (una L40S y una A100 80GB, por "
        "ejemplo) puede no ser el real: tómalo como orden de magnitud."
    )
