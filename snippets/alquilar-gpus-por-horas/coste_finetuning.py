# Coste estimado de un fine-tuning LoRA sobre un modelo 7B.
# Precios ($/h) y horas estimadas salen de los datos de gpucoste, cada uno con fuente y fecha.
from gpucoste import experimento
from gpucoste.formato import mes

tabla = experimento.tabla(experimento.FINETUNING)  # GPU, $/h, horas, coste = $/h × horas
print(tabla.drop(columns="fecha").to_markdown(index=False, floatfmt=("", ".2f", ".1f", ".2f")))

precios = [experimento.precio(e) for e in experimento.escenarios()]
fechas = sorted({mes(p.fecha) for p in precios})
proveedores = sorted({p.proveedor for p in precios})
print(
    f"\nPrecios: {', '.join(proveedores)} ({', '.join(fechas)}). Horas: {experimento.escenarios()[0].origen.lower()}."
)
