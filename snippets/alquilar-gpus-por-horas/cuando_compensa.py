# La tabla del artículo, calculada: una carga concreta por fila y la opción más barata.
from gpucoste import decisiones

tabla = decisiones.tabla_cuando_compensa()
print(tabla[["Escenario", "El artículo", "Calculado", "Por qué"]].to_markdown(index=False))
