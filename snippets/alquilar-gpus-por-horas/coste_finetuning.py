# Coste estimado de un fine-tuning LoRA sobre un modelo 7B.
# Precios (US$/h) y horas salen de los datos de gpucoste, con fuente y fecha.
from gpucoste import experimento
from gpucoste.formato import mes

# Una fila por GPU: US$/h, horas estimadas y coste = US$/h × horas.
tabla = experimento.tabla(experimento.FINETUNING).drop(columns="fecha")
print(tabla.to_markdown(index=False, floatfmt=("", ".2f", ".1f", ".2f")))

escenarios = experimento.escenarios(experimento.FINETUNING)
precios = [experimento.precio(e) for e in escenarios]
fechas = ", ".join(sorted({mes(p.fecha) for p in precios}))
proveedores = ", ".join(sorted({p.proveedor for p in precios}))
origen = escenarios[0].origen.lower()
print(f"\nPrecios: {proveedores} ({fechas}). Horas: {origen}.")
