# La tabla de la primera versión, calculada: una carga concreta por fila
# y la opción más barata.
from gpucoste.guia import decisiones

tabla = decisiones.tabla_cuando_compensa()
columnas = ["Escenario", "La primera versión", "Calculado", "Por qué"]
print(tabla[columnas].to_markdown(index=False))
print(f"\n{decisiones.nota_cuando_compensa()}")
