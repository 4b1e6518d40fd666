# «Qué aprender»: las cifras del párrafo salen de la tabla del experimento.
from gpucoste import experimento
from gpucoste.formato import fraccion, numero, porcentaje

c = experimento.comparar(experimento.FINETUNING)
if c.veces_coste >= 1:
    diferencia = f"solo un {porcentaje(c.veces_coste - 1)} más"
else:
    diferencia = f"un {porcentaje(1 - c.veces_coste)} menos"
cara = f"{c.cara.gpu} ({c.cara.nivel})"
barata = f"{c.barata.gpu} ({c.barata.nivel})"
print(
    "**La GPU más cara por hora no es la más cara por trabajo.** "
    f"La {cara} cuesta por hora {numero(c.veces_precio_hora, 1)} veces lo que la "
    f"{barata}, "
    f"pero termina el mismo fine-tuning por un precio parecido ({diferencia}) "
    f"y en {fraccion(c.fraccion_tiempo)} del tiempo. "
    "Compara siempre el coste por trabajo terminado, no el precio por hora."
)
