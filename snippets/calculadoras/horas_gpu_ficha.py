# Las horas de GPU de la ficha de Llama 2 7B, en cada GPU y proveedor que se alquila.
import pandas as pd

from gpucoste.base.etiquetas import COLUMNAS, HORAS_DE_RELOJ
from gpucoste.base.formato import numero, rango
from gpucoste.calculo import equivalencia, tiempo

f = equivalencia.FICHA_LLAMA_2_7B
N_GPUS = 8
filas = equivalencia.equivalencias(
    f.horas, f.gpu, escala_origen=f.escala, n_gpus=N_GPUS
)
horas = numero(f.horas, 0)
donde = tiempo.ESCALAS[f.escala]
print(
    f"La [ficha de {f.modelo}]({f.fuente}) declara **{horas} horas de GPU** {f.gpu} "
    f"para su preentrenamiento, en clústeres de Meta: {donde}. Lo que dice:\n"
)
print(f"> *{f.cita}*{{lang=en}}\n")
barata = filas[0]
misma = next(e for e in filas if e.precio.gpu == f.gpu)
coste = rango(barata.coste.minimo, barata.coste.maximo)
reloj = rango(barata.horas.minimo, barata.horas.maximo, 0)
print(
    f"En {numero(N_GPUS, 0)} GPU alquiladas a la vez, la opción más barata es la "
    f"**{barata.precio.gpu} en {barata.precio.proveedor_y_nivel}**: "
    f"{numero(barata.coste_tipico)} US$ (rango: {coste} US$) "
    f"y {reloj} {HORAS_DE_RELOJ}. "
    f"En la misma GPU de la ficha, la {misma.precio.gpu} más barata, en "
    f"{misma.precio.proveedor_y_nivel}, cuesta {numero(misma.coste_tipico)} US$. "
    "Las cinco más baratas:\n"
)
c = COLUMNAS  # los títulos de «gpucoste horas-gpu» y de su formulario
tabla = pd.DataFrame(
    {
        c["gpu"]: f"{N_GPUS} × {e.precio.gpu}",
        c["proveedor"]: e.precio.proveedor_y_nivel,
        c["precio_hora_usd"]: numero(e.precio.precio_hora_usd),
        c["horas_gpu_tipicas"]: numero(e.horas_gpu_tipicas, 0),
        HORAS_DE_RELOJ: rango(e.horas.minimo, e.horas.maximo, 0),
        c["coste_tipico_usd"]: numero(e.coste_tipico),
        c["coste_usd"]: rango(e.coste.minimo, e.coste.maximo),
    }
    for e in filas[:5]
)
print(tabla.to_markdown(index=False, colalign=("left", "left", *["right"] * 5)))
