# Qué calcula este ejemplo, en una línea: sale en la lista de «Usa los ejemplos en tu máquina».
from gpucoste import experimento
from gpucoste.formato import dolares

tabla = experimento.tabla(experimento.FINETUNING)
barata = tabla.loc[tabla["coste"].idxmin()]
print(f"El fine-tuning más barato del experimento cuesta **{dolares(barata['coste'])}** en una {barata['GPU']}.")
