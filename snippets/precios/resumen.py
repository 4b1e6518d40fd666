# Cuántas filas tienen los datos, de cuándo son y cuántas llevan aviso.
from gpucoste import datos
from gpucoste.datos import frescura, historial
from gpucoste.guia import publicacion

precios = sorted(datos.precios(), key=lambda p: frescura.dia(p.fecha))
avisos = publicacion.tabla_precios()["Aviso"]
antiguos = int(avisos.str.contains("antiguo").sum())
atipicos = sum(historial.atipico(p) for p in precios)
print(
    f"Los datos tienen {len(precios)} precios por hora de {len(datos.gpus())} GPU en "
    f"{len(datos.proveedores())} proveedores, {len(datos.tarifas())} tarifas y "
    f"{len(datos.hardware())} fichas de hardware. El precio más antiguo es "
    f"{historial.del_(precios[0].fecha)} y el más reciente, "
    f"{historial.del_(precios[-1].fecha)}.\n\n"
    "En la columna «Aviso», «antiguo» marca las filas leídas más de "
    f"{frescura.UMBRAL_DIAS} días antes que el precio más reciente (hay {antiguos}) "
    "y «atípico», los precios que su nota señala como valor atípico, una mediana de "
    f"muy pocas ofertas (hay {atipicos})."
)
