# «Qué aprender»: las cifras del párrafo salen de la tabla del experimento.
from gpucoste import experimento
from gpucoste.formato import fraccion, porcentaje, veces

c = experimento.comparar(experimento.FINETUNING)
if c.veces_coste >= 1:
    diferencia = f"solo un {porcentaje(c.veces_coste - 1)} más"
else:
    diferencia = f"un {porcentaje(1 - c.veces_coste)} menos"
print(
    f"**La GPU más cara por hora no es la más cara por trabajo.** La {c.cara.gpu} ({c.cara.nivel}) cuesta "
    f"{veces(c.veces_precio_hora)} más por hora que la {c.barata.gpu} ({c.barata.nivel}), "
    f"pero termina el mismo fine-tuning "
    f"por un precio parecido ({diferencia}) y en {fraccion(c.fraccion_tiempo)} del tiempo. "
    "Compara siempre el coste por trabajo terminado, no el coste por hora."
)
