# Varias GPU: la eficiencia medida de cada interconexión y lo que cambia en horas.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero, rango
from gpucoste.calculo import calibracion, memoria, tiempo

ajustes = datos.ajustes()
frente = {
    "nvlink": "una GPU",
    "pcie": "una GPU",
    "infiniband": "menos nodos",
    "ethernet": "menos nodos",
}
filas = []
for red, nombre in tiempo.INTERCONEXIONES.items():
    a = ajustes[f"escalado_{red}"]
    usadas = [e for e in calibracion.usadas_escalado() if e.interconexion == red]
    filas.append(
        {
            "interconexión": nombre,
            "referencia": frente[red],
            "medido (ajuste)": rango(a.minimo, a.maximo, 2),
            "típico": numero(a.central, 2),
            "medidas": numero(len(usadas), 0),
        }
    )
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "left", "right", "right", "right")
    )
)

MODELO, METODO, TOKENS, GPU = "Llama 3.1 8B", "completo", 1e9, "H100 80GB"
filas = []
for n, red in ((8, "nvlink"), (8, "pcie"), (32, "infiniband"), (32, "ethernet")):
    h = tiempo.horas_entrenamiento(
        MODELO, METODO, TOKENS, GPU, n_gpus=n, interconexion=red
    )
    t = tiempo.horas_tipicas(MODELO, METODO, TOKENS, GPU, n_gpus=n, interconexion=red)
    e = tiempo.eficiencia_interconexion(GPU, n, red)
    filas.append(
        {
            "GPU": f"{n} × {GPU}",
            "interconexión": tiempo.INTERCONEXIONES[red],
            "rendimiento por GPU frente a un nodo con NVLink": rango(
                e.minimo, e.maximo, 2
            ),
            "horas": rango(h.minimo, h.maximo, 1),
            "horas típicas": numero(t, 1),
        }
    )
trabajo = memoria.describir(MODELO, METODO, tokens=TOKENS, secuencia=memoria.SECUENCIA)
print(f"\n**{trabajo}**, repartido de cuatro maneras:\n")
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "left", "right", "right", "right")
    )
)
print(
    "\nSi no dices otra cosa, la calculadora supone NVLink en las GPU de centro de "
    "datos con HBM (salvo sus versiones PCIe), PCIe en las demás y, con "
    f"{tiempo.ESCALAS['varios_nodos']}, InfiniBand entre nodos "
    "(`gpucoste cuanto-tarda --interconexion`)."
)
