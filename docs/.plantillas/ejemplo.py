# Qué calcula este ejemplo, en una línea (sale en «Usa los ejemplos en tu máquina»).
from gpucoste.base.formato import dolares
from gpucoste.calculo import experimento

tabla = experimento.tabla(experimento.FINETUNING)
barata = tabla.loc[tabla["coste"].idxmin()]
coste, gpu = dolares(barata["coste"]), barata["GPU"]
print(f"El fine-tuning más barato del experimento cuesta **{coste}** en una {gpu}.")
