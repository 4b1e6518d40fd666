# Coste estimado de un fine-tuning LoRA sobre un modelo de 7B.
# Precios (US$/h) y horas salen de los datos de gpucoste, con fuente, fecha y tipo.
from gpucoste.base.formato import mes, tipo_precio
from gpucoste.base.formato import tabla as tabla_es
from gpucoste.calculo import experimento

# Una fila por GPU: US$/h, qué es ese precio, horas estimadas y coste = US$/h × horas.
tabla = experimento.tabla(experimento.FINETUNING).drop(columns="fecha")
tabla = tabla.rename(columns={"coste": "coste (US$)"})
print(tabla_es(tabla, {"US$/h": 2, "horas": 1, "coste (US$)": 2}))

escenarios = experimento.escenarios(experimento.FINETUNING)
precios = [experimento.precio(e) for e in escenarios]
fechas = ", ".join(sorted({mes(p.fecha) for p in precios}))
proveedores = ", ".join(sorted({p.proveedor for p in precios}))
origen = escenarios[0].origen.lower()
if all(p.estimacion for p in precios):
    que = f"estimaciones para {proveedores} ({fechas}), no leídas en ninguna oferta"
else:
    tipos = ", ".join(sorted({tipo_precio(p.tipo) for p in precios}))
    que = f"{proveedores} ({fechas}; {tipos})"
print(f"\nPrecios: {que}. Horas: {origen}.")
