# «Cuándo compensa cada opción», calculado para una carga concreta por fila.
from gpucoste.guia import decisiones

tabla = decisiones.tabla_cuando_compensa()
print(tabla.to_markdown(index=False))
iguales = (tabla["La primera versión"] == tabla["Calculado"]).sum()
cuantas = "todas las" if iguales == len(tabla) else f"{iguales} de {len(tabla)}"
print(
    f"\nEn {cuantas} filas el cálculo coincide con la primera versión "
    "para estas cargas."
)
print(f"\n{decisiones.nota_cuando_compensa()}")
