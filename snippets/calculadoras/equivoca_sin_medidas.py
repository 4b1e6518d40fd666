# Las GPU con medidas de entrenamiento y las que se estiman con la MFU de su clase.
from gpucoste import datos
from gpucoste.base.formato import lista
from gpucoste.calculo import calibracion

medidas = calibracion.gpus_medidas_entrenamiento()
sin = [g for g in datos.gpus() if g not in medidas]
texto = (
    f"**Pocas GPU medidas.** Hay medidas de entrenamiento en {lista(medidas)}; en "
    f"{lista(sin)}, las horas son una estimación con la MFU de su clase (de centro "
    "de datos o de consumo), sin una medida propia que lo confirme."
)
if "MI300X" in sin:
    texto += (
        " En la MI300X, de AMD, la MFU de su clase se midió además en GPU de NVIDIA, "
        "con otra pila de software."
    )
print(texto)
