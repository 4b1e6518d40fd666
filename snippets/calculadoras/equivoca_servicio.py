# Servir a varias concurrencias: cada medida frente al modelo ajustado sin su fuente.
import pandas as pd

from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo import servicio_frases, servicio_validacion

print(servicio_frases.frase_validacion() + "\n")
filas = []
for p in servicio_validacion.validacion().predicciones:
    m = p.medida
    filas.append(
        {
            "medida": f"`{m.id}`",
            "qué": f"{m.modelo}, {m.n_gpus} × {m.gpu}, {m.precision}, {m.motor}",
            "a la vez": "carga máxima"
            if m.concurrencia is None
            else numero(m.concurrencia, 0),
            "medido (tokens/s)": numero(m.tokens_s, 0),
            "predicho sin su fuente": numero(p.tokens_s, 0),
            "error": porcentaje(abs(p.tokens_s / m.tokens_s - 1)),
            "fuente": f"[`{m.fuente.removeprefix('github.com/')}`]({m.enlace})",
        }
    )
alineacion = ("left", "left", "right", "right", "right", "right", "left")
print(pd.DataFrame(filas).to_markdown(index=False, colalign=alineacion))
