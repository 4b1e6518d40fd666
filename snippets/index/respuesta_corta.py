# La respuesta corta: para cada caso típico, la opción más barata calculada con los
# precios de los datos y su coste al mes (la carga de cada fila, en la calculadora).
from gpucoste.guia import decisiones

tabla = decisiones.tabla_cuando_compensa()
nombres = {"Escenario": "Si tu caso es", "Calculado": "Sale más barato"}
tabla = tabla.rename(columns=nombres)[[*nombres.values(), "Por qué"]]
print(tabla.to_markdown(index=False))
print(f"\n{decisiones.nota_cuando_compensa()}")
