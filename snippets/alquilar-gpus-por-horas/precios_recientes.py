# El mismo experimento con el precio más reciente de cada GPU, proveedor y nivel.
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
alineacion = ["left", "right", "right", "left", "right"]
print(comparada.to_markdown(index=False, colalign=alineacion))

barata = recientes.loc[recientes["coste"].idxmin()]
cara = recientes.loc[recientes["coste"].idxmax()]
mas = porcentaje(cara["coste"] / barata["coste"] - 1)
print(
    "\nCon estos precios, el trabajo más barato es el de la "
    f"{barata['GPU']} ({numero(barata['coste'])} $) y el más caro, el de la "
    f"{cara['GPU']} ({numero(cara['coste'])} $): un {mas} más por el mismo fine-tuning."
)

historias = []
for esc in experimento.escenarios(experimento.FINETUNING):
    clave = (esc.gpu, esc.proveedor, esc.nivel)
    historia = [p for p in datos.precios() if (p.gpu, p.proveedor, p.nivel) == clave]
    if len(historia) > 1:
        bajo = min(historia, key=lambda p: p.precio_hora_usd)
        alto = max(historia, key=lambda p: p.precio_hora_usd)
        historias.append(
            f"- {esc.gpu} ({esc.nivel}) en {esc.proveedor}: "
            f"{len(historia)} precios en los datos, "
            f"de {numero(bajo.precio_hora_usd)} $/h ({fecha(bajo.fecha)}) "
            f"a {numero(alto.precio_hora_usd)} $/h ({fecha(alto.fecha)})."
        )
if historias:
    print("\nCuánto se mueve el precio en el marketplace:\n")
    print("\n".join(historias))
