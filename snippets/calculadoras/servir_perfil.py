# Cuántas veces la media llega en cada hora del día: el perfil publicado y el ajustado.
import pandas as pd

from gpucoste.base.formato import numero
from gpucoste.calculo import servicio, servicio_escalado

publicado = servicio_escalado.perfil_publicado()
con_factor = servicio_escalado.perfil(servicio.FACTOR_PICO)
pico = servicio.FACTOR_PICO
punta = f"con la punta a {numero(pico, 0 if pico % 1 == 0 else 1)} veces la media"
filas = [
    {"hora (UTC)": h, "publicado": numero(publicado[h]), punta: numero(con_factor[h])}
    for h in range(servicio_escalado.HORAS_DIA)
]
columnas = ("right", "right", "right")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=columnas))
