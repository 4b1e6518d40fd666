# «LoRA de Llama 3.1 8B con 50 millones de tokens»: coste por trabajo terminado.
from gpucoste.base.formato import fraccion, lista, numero, porcentaje, tipo_precio
from gpucoste.calculo import ranking
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.datos import historial

trabajo = Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
tabla = ranking.tabla(trabajo)
print(f"**{trabajo.descripcion()}**: coste por trabajo terminado.\n")
alineacion = ["left", "left", "right", "left", "left", "right", "right", "center"]
print(tabla.to_markdown(index=False, colalign=alineacion))

filas = ranking.ranking(trabajo)
barata = filas[0]
print(
    f"\nSecuencias de {numero(trabajo.secuencia, 0)} tokens, "
    f"LoRA de rango {trabajo.rango_lora}, "
    f"dataset de {numero(trabajo.gb_dataset, 1)} GB y adaptadores de "
    f"{numero(trabajo.gb_checkpoint, 2)} GB (estimación), en disco junto a la imagen "
    "y los "
    f"pesos: {numero(trabajo.gb_disco, 0)} GB. La opción más barata: "
    f"{barata.precio.gpu} en "
    f"{barata.precio.proveedor_y_nivel}, precio "
    f"{historial.del_(barata.precio.fecha)} ({tipo_precio(barata.precio.tipo)})."
)
# Sin medida de entrenamiento en esa GPU, sus horas se estiman con la MFU
# de su clase; si su precio es antiguo, lo dice, con la más barata reciente.
for aviso in ranking.avisos(filas):
    print(f"\n{aviso}")

# Las estimaciones (cifras no leídas) quedan fuera salvo que se pidan: cuántas son.
fuera = [
    p
    for p in ranking.precios_vigentes(estimaciones=True)
    if p not in ranking.precios_vigentes()
]
if fuera:
    print(
        f"\nSin contar {len(fuera)} precios que son estimaciones, no lecturas: "
        f"{lista([f'{p.gpu} en {p.proveedor_y_nivel}' for p in fuera])}. "
        "`ranking.tabla(trabajo, estimaciones=True)` los incluye, marcados."
    )

rapida = min((f for f in filas if f.pareto), key=lambda f: f.horas.maximo)
medio = {id(f): (f.coste.minimo + f.coste.maximo) / 2 for f in (barata, rapida)}
mas = medio[id(rapida)] / medio[id(barata)] - 1
print(
    f"\nLa más rápida de la frontera de Pareto, {rapida.precio.gpu} en "
    f"{rapida.precio.proveedor_y_nivel}, cuesta un {porcentaje(mas)} "
    "más "
    "(punto medio de los rangos) y termina en "
    f"{fraccion(rapida.horas.maximo / barata.horas.maximo)} "
    "del tiempo."
)
