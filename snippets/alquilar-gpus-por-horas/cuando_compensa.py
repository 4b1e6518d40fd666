# La tabla del artículo, calculada: una carga concreta por fila y la opción más barata.
from gpucoste import decisiones

tabla = decisiones.tabla_cuando_compensa()
columnas = ["Escenario", "El artículo", "Calculado", "Por qué"]
print(tabla[columnas].to_markdown(index=False))
