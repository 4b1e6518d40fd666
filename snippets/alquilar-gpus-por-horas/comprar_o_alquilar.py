# ¿Comprar la GPU o alquilarla? Precio de compra ÷ precio por hora = horas de alquiler que la pagan.
from gpucoste import compra, datos, experimento
from gpucoste.formato import dolares, mes, numero

HORAS_DEL_ARTICULO = 2000  # lo que afirmaba el artículo original

con_precio = {h.gpu: h for h in datos.hardware() if h.precio_compra_usd is not None}
for esc in experimento.escenarios(experimento.FINETUNING):
    if esc.gpu not in con_precio:
        continue  # NVIDIA no publica precio de compra de las GPUs de centro de datos
    gpu, alquiler = con_precio[esc.gpu], experimento.precio(esc)
    horas = compra.horas_para_comprar(esc.gpu, esc.proveedor, esc.nivel, esc.fecha_precio)
    print(
        f"- Una {gpu.gpu} a {dolares(gpu.precio_compra_usd, 0)} ({gpu.nota[0].lower()}{gpu.nota[1:]}, "
        f"{mes(gpu.fecha)}) cuesta lo que **{numero(horas, 0)} horas** de alquiler a "
        f"{dolares(alquiler.precio_hora_usd)}/h ({alquiler.proveedor}, {alquiler.nivel}, {mes(alquiler.fecha)})."
    )
    ultima = gpu
print(
    f"\nEl artículo original hablaba de {numero(HORAS_DEL_ARTICULO, 0)} horas: con estos datos, eso supondría "
    f"alquilar la {ultima.gpu} a {dolares(ultima.precio_compra_usd / HORAS_DEL_ARTICULO)}/h."
)
