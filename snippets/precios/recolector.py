# Qué proveedores lee el recolector y de dónde; cuáles de gpuhunt no lee, y por qué.
from gpucoste.recoleccion.ofertas_gpuhunt import NO_LEIDOS, PROVEEDORES

print("Lee estos proveedores, cada uno de su origen:\n")
for p in PROVEEDORES.values():
    detalles = []
    if p.mercado:
        detalles.append("marketplace")
    if p.interrumpible:
        detalles.append("también sus ofertas interrumpibles")
    entre = f" ({'; '.join(detalles)})" if detalles else ""
    print(f"- **{p.nombre}**: {p.origen}{entre}.")
print("\nLos demás proveedores que conoce `gpuhunt` no se leen:\n")
for nombre, motivo in NO_LEIDOS.values():
    print(f"- {nombre}: {motivo}.")
