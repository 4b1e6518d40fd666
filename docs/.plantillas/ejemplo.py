# Qué calcula este ejemplo, en una línea (sale en «Usa los ejemplos en tu máquina»).
from gpucoste import experimento
from gpucoste.formato import dolares

tabla = experimento.tabla(experimento.FINETUNING)
barata = tabla.loc[tabla["coste"].idxmin()]
coste, gpu = dolares(barata["coste"]), barata["GPU"]
print(f"El fine-tuning más barato del experimento cuesta **{coste}** en una {gpu}.")
