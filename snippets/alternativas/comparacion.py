# El mismo trabajo con una H100 en cada proveedor, con los costes ocultos.
import math

import pandas as pd

from gpucoste.base.formato import mes, nivel, numero, rango, tipo_precio, total
from gpucoste.calculo import alternativas
from gpucoste.dinero import moneda

GPU = "H100 80GB"
trabajos = [alternativas.trabajo_del_articulo(GPU), alternativas.trabajo_grande()]


def importe(a: float, b: float) -> str:
    return "sin dato" if math.isnan(a) else rango(a, b)


for trabajo in trabajos:
    c = alternativas.comparar(GPU, trabajo)
    filas = []
    for f in c.itertuples():
        filas.append(
            {
                "proveedor": f"{f.proveedor} ({nivel(f.nivel, f.proveedor)})",
                "US$/h": numero(f.precio),
                "tipo": tipo_precio(f.tipo),
                "fecha del precio": mes(f.fecha),
                "GPU y arranque (US$)": rango(
                    f.gpu + f.retrabajo_min + f.arranque_min,
                    f.gpu + f.retrabajo_max + f.arranque_max,
                ),
                "disco (US$)": importe(f.disco_min, f.disco_max),
                "transferencia (US$)": importe(
                    f.transferencia_min, f.transferencia_max
                ),
                "**total (US$)**": total(rango(f.total_min, f.total_max), f.completo),
                "total (€)": rango(
                    moneda.a_euros(f.total_min), moneda.a_euros(f.total_max)
                ),
            }
        )
    tabla = pd.DataFrame(filas)
    print(
        f"**{trabajo.nombre.capitalize()}**: "
        f"{numero(trabajo.horas, 0 if trabajo.horas % 1 == 0 else 1)} "
        f"horas de {GPU}, "
        f"{numero(trabajo.gb_disco, 0)} GB en disco, {numero(trabajo.gb_subida, 0)} "
        "GB de entrada "
        f"y {numero(trabajo.gb_bajada, 0)} GB de salida.\n"
    )
    print(
        tabla.to_markdown(
            index=False, colalign=["left", "right", "left", "left"] + ["right"] * 5
        )
    )
    print()
print(
    "\\* Total incompleto: el proveedor no publica en los datos alguna tarifa de "
    "disco o de "
    "transferencia, y esa partida no se suma. Los rangos van del arranque más corto "
    "y la tarifa "
    "más baja al arranque más largo y la tarifa más alta. En las interrumpibles, "
    "la GPU incluye el trabajo repetido que cabe esperar tras las interrupciones "
    "([modelo de Daly](../calculadoras/interrumpibles/#modelo), con la tasa de "
    "`supuestos.csv`), como en "
    "[¿Dónde sale más barato terminarlo?](../calculadoras/donde-mas-barato/)."
)
print(f"\n{moneda.nota_tipo_de_cambio()}")
