# ¿Comprar la GPU o alquilarla? Compra ÷ precio por hora = horas de alquiler.
from gpucoste import compra, datos, experimento
from gpucoste.formato import dolares, mes, numero

HORAS_DEL_ARTICULO = 2000  # lo que afirmaba el artículo original

con_precio = {h.gpu: h for h in datos.hardware() if h.precio_compra_usd}
for esc in experimento.escenarios(experimento.FINETUNING):
    if esc.gpu not in con_precio:
        continue  # NVIDIA no publica el precio de las GPUs de centro de datos
    gpu, alquiler = con_precio[esc.gpu], experimento.precio(esc)
    horas = compra.horas_para_comprar(
        esc.gpu, esc.proveedor, esc.nivel, esc.fecha_precio
    )
    nota = gpu.nota[0].lower() + gpu.nota[1:]
    donde = f"{alquiler.proveedor}, {alquiler.nivel}, {mes(alquiler.fecha)}"
    print(
        f"- Una {gpu.gpu} a {dolares(gpu.precio_compra_usd, 0)} ({nota}, "
        f"{mes(gpu.fecha)}) cuesta lo que "
        f"**{numero(horas, 0)} horas** de alquiler a "
        f"{dolares(alquiler.precio_hora_usd)}/h ({donde})."
    )
    ultima = gpu
implicito = dolares(ultima.precio_compra_usd / HORAS_DEL_ARTICULO)
print(
    f"\nEl artículo original hablaba de {numero(HORAS_DEL_ARTICULO, 0)} horas: "
    f"con estos datos, eso supondría alquilar la {ultima.gpu} a {implicito}/h."
)
