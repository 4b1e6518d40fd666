# Coste estimado de un fine-tuning LoRA sobre un modelo de 7B.
# Precios (US$/h) y horas salen de los datos de gpucoste, con fuente y fecha.
from gpucoste import experimento
from gpucoste.formato import mes
from gpucoste.formato import tabla as tabla_es

# Una fila por GPU: US$/h, horas estimadas y coste = US$/h × horas.
tabla = experimento.tabla(experimento.FINETUNING).drop(columns="fecha")
tabla = tabla.rename(columns={"coste": "coste (US$)"})
print(tabla_es(tabla, {"US$/h": 2, "horas": 1, "coste (US$)": 2}))

escenarios = experimento.escenarios(experimento.FINETUNING)
precios = [experimento.precio(e) for e in escenarios]
fechas = ", ".join(sorted({mes(p.fecha) for p in precios}))
proveedores = ", ".join(sorted({p.proveedor for p in precios}))
origen = escenarios[0].origen.lower()
print(f"\nPrecios: {proveedores} ({fechas}). Horas: {origen}.")
