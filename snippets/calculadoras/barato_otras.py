# QLoRA de Llama 3.1 8B con 20 millones de tokens sin alquilar una GPU:
# fine-tuning gestionado y cuadernos, con su coste o por qué no pueden.
from gpucoste.calculo import ranking
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.dinero.moneda import nota_tipo_de_cambio, usd_y_eur

trabajo = Trabajo(modelo="Llama 3.1 8B", metodo="qlora", tokens=20e6)
print(f"**{trabajo.descripcion()}**, sin alquilar una GPU por horas.\n")
alineacion = ["left", "left", "left", "right", "right", "left", "left", "left", "left"]
print(ranking.tabla_otras(trabajo).to_markdown(index=False, colalign=alineacion))

alquilada = ranking.ranking(trabajo)[0]
gestionadas = [
    o
    for o in ranking.otras(trabajo)
    if o.opcion == "fine-tuning gestionado" and o.coste
]
frase = (
    f"\nLa GPU alquilada más barata para el mismo trabajo, {alquilada.precio.gpu} en "
    f"{alquilada.precio.proveedor_y_nivel}, cuesta de "
    f"{usd_y_eur(alquilada.coste.minimo)} a {usd_y_eur(alquilada.coste.maximo)}"
)
if gestionadas:
    barata = min(gestionadas, key=lambda o: o.coste.minimo)
    frase += (
        f"; el fine-tuning gestionado más barato, {barata.proveedor}, "
        f"{usd_y_eur(barata.coste.minimo)}, sin preparar ninguna instancia"
    )
print(f"{frase}.\n\n{nota_tipo_de_cambio()}")
