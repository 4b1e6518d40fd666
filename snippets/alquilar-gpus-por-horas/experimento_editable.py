# El experimento, editable: cambia un precio o unas horas y pulsa «Ejecutar».
# Precios (US$/h) y horas de cada escenario: datos de gpucoste, con fuente y fecha.
from gpucoste.base.formato import dolares, numero
from gpucoste.calculo import experimento
from gpucoste.calculo.coste import coste_trabajo

precios, horas = {}, {}
for escenario in experimento.escenarios(experimento.FINETUNING):
    gpu = experimento.precio(escenario).nombre
    precios[gpu] = experimento.precio(escenario).precio_hora_usd
    horas[gpu] = escenario.horas

# Prueba, por ejemplo: precios["H100 80GB (host verificado)"] = 1.5

for gpu in precios:
    coste = coste_trabajo(precios[gpu], horas[gpu])
    print(
        f"{gpu}: {numero(precios[gpu])} US$/h × {numero(horas[gpu], 1)} h "
        f"= {dolares(coste)}"
    )
