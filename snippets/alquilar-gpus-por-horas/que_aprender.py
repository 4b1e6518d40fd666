# «Qué aprender»: las cifras salen del modelo de tiempo calibrado.
from gpucoste.base.formato import fraccion, nivel, numero, porcentaje
from gpucoste.guia import experimento_definido as ed

c = ed.comparar_calibrado()
if c.veces_coste >= 1:
    diferencia = f"un {porcentaje(c.veces_coste - 1)} más"
else:
    diferencia = f"un {porcentaje(1 - c.veces_coste)} menos"
cara = f"{c.cara.gpu} ({nivel(c.cara.nivel, c.cara.proveedor)})"
barata = f"{c.barata.gpu} ({nivel(c.barata.nivel, c.barata.proveedor)})"
parecido = "parecido" if abs(c.veces_coste - 1) < 0.25 else "distinto"
# La lección, según las cifras: si la cara por hora también lo es por trabajo, no se
# dice que no lo sea.
if c.veces_coste < 1:
    leccion = "La GPU más cara por hora no es la más cara por trabajo."
else:
    leccion = "El precio por hora no dice el precio por trabajo."
print(
    f"**{leccion}** "
    f"La {cara} cuesta por hora {numero(c.veces_precio_hora, 1)} veces lo que la "
    f"{barata}. Con el trabajo definido arriba y la MFU medida en cada clase de GPU "
    "(no con las horas de la primera versión), "
    f"termina el mismo fine-tuning por un precio {parecido} ({diferencia}) "
    f"y en {fraccion(c.fraccion_tiempo)} del tiempo. "
    "Compara siempre el coste por trabajo terminado, no el precio por hora."
)
