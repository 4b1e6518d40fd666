# El mismo experimento con el precio más reciente de los datos para cada GPU, proveedor y nivel.
import pandas as pd

from gpucoste import datos, experimento
from gpucoste.formato import fecha, mes, numero, porcentaje

articulo = experimento.tabla(experimento.FINETUNING)
recientes = experimento.tabla(experimento.FINETUNING, recientes=True)
comparada = pd.DataFrame(
    {
        "GPU": recientes["GPU"],
        "$/h (artículo)": [numero(x) for x in articulo["$/h"]],
        "$/h (reciente)": [numero(x) for x in recientes["$/h"]],
        "fecha del precio": [mes(f) for f in recientes["fecha"]],
        "coste del trabajo ($)": [numero(x) for x in recientes["coste"]],
    }
)
print(comparada.to_markdown(index=False, colalign=["left", "right", "right", "left", "right"]))

barata = recientes.loc[recientes["coste"].idxmin()]
cara = recientes.loc[recientes["coste"].idxmax()]
print(
    f"\nCon estos precios, el trabajo más barato es el de la {barata['GPU']} ({numero(barata['coste'])} $) y el más "
    f"caro, el de la {cara['GPU']} ({numero(cara['coste'])} $): un {porcentaje(cara['coste'] / barata['coste'] - 1)} "
    "más por el mismo fine-tuning."
)

historias = []
for esc in experimento.escenarios(experimento.FINETUNING):
    clave = (esc.gpu, esc.proveedor, esc.nivel)
    historia = [p for p in datos.precios() if (p.gpu, p.proveedor, p.nivel) == clave]
    if len(historia) > 1:
        bajo = min(historia, key=lambda p: p.precio_hora_usd)
        alto = max(historia, key=lambda p: p.precio_hora_usd)
        historias.append(
            f"- {esc.gpu} ({esc.nivel}) en {esc.proveedor}: {len(historia)} precios en los datos, de "
            f"{numero(bajo.precio_hora_usd)} $/h ({fecha(bajo.fecha)}) a {numero(alto.precio_hora_usd)} $/h "
            f"({fecha(alto.fecha)})."
        )
if historias:
    print("\nCuánto se mueve el precio en el marketplace:\n")
    print("\n".join(historias))
