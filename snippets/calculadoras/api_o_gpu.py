# ¿API por token o GPU alquilada siempre encendida? El umbral de tokens al mes.
from gpucoste.base import formato
from gpucoste.base.formato import dolares, mes, nivel, numero, tipo_precio
from gpucoste.guia import decisiones

gpu = decisiones.precio_gpu_alquilada()
print(
    f"- **GPU:** una {gpu.gpu} a {dolares(gpu.precio_hora_usd)}/h "
    f"({gpu.proveedor}, {nivel(gpu.nivel, gpu.proveedor)}, {mes(gpu.fecha)}, "
    f"{tipo_precio(gpu.tipo)}), "
    "encendida todo el mes."
)
print(
    f"- **Modelo:** {decisiones.MODELO}; tokens de entrada por token generado: "
    f"{numero(decisiones.ENTRADA_POR_SALIDA, 0)} (supuesto)."
)
print("- **Tokens por segundo que genera la GPU:**")
for r in decisiones.rendimientos():
    print(f"    - {r.nombre}: {numero(r.tokens_s, 0)} tokens/s; {r.origen}.")
print()
tabla = decisiones.tabla_api_o_gpu()
tabla["equilibrio (millones de tokens al mes)"] = [
    "sin equilibrio" if v != v else formato.numero(v, 0)
    for v in tabla["equilibrio (millones de tokens al mes)"]
]
COSTE = "coste en el equilibrio (US$/mes)"
tabla[COSTE] = ["—" if v != v else formato.numero(v, 2) for v in tabla[COSTE]]
print(
    formato.tabla(
        tabla,
        {
            "US$ por millón de tokens": 2,
            "tokens por segundo para empatar": 0,
            "tokens por segundo": 0,
        },
    )
)
print()
capacidad = {r.nombre: r.tokens_s for r in decisiones.rendimientos()}
for api, filas in decisiones.tabla_api_o_gpu().groupby("API", sort=False):
    minimo = filas["tokens por segundo para empatar"].iloc[0]
    llegan = [n for n, v in capacidad.items() if v >= minimo]
    if not llegan:
        texto = "ninguna de las velocidades llega: la API gana siempre"
    else:
        texto = f"solo llega con «{', '.join(llegan)}»"
    print(
        f"- **{api}**: la GPU tendría que generar {numero(minimo, 0)} "
        f"tokens por segundo todo el mes; {texto}."
    )
