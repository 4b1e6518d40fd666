# Cómo cobra cada proveedor: un hecho con fuente por casilla, o «sin dato».
from gpucoste.base.formato import entre_fechas
from gpucoste.dinero import proveedores

# Cada proveedor con alguna fila en politicas.csv, en el orden del fichero.
nombres = list(dict.fromkeys(p.proveedor for p in proveedores.politicas()))
partes = (
    ("modelo", "facturacion", "compromiso"),
    ("almacenamiento", "transferencia", "garantias", "residencia"),
)
for aspectos in partes:
    print(proveedores.tabla(nombres, aspectos).to_markdown(index=False))
    print()
fechas = sorted({p.fecha for p in proveedores.politicas()})
print(
    f"Lecturas {entre_fechas(fechas[0], fechas[-1])}; "
    "la fuente de cada casilla está en `politicas.csv`."
)
