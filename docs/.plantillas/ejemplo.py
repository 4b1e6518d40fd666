# Qué calcula este ejemplo, en una línea (sale en «Usa los ejemplos en tu máquina»).
from gpucoste import experimento
from gpucoste.formato import dolares

tabla = experimento.tabla(experimento.FINETUNING)
barata = tabla.loc[tabla["coste"].idxmin()]
coste = dolares(barata["coste"])
print(
    "El fine-tuning más barato del experimento cuesta "
    f"**{coste}** en una {barata['GPU']}."
)
