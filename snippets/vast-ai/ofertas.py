# Elegir oferta por coste por trabajo terminado, no por precio por hora ni por DLPerf.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import dolares, numero
from gpucoste.calculo import atipicos, experimento, ocultos, vast
from gpucoste.dinero import moneda

s = datos.supuestos()
disco = datos.tarifa("Vast.ai", "almacenamiento")
horas = {e.gpu: e.horas for e in experimento.escenarios()}


def precio(gpu: str) -> float:
    """El precio más reciente no atípico de la GPU verificada en Vast.ai."""
    return atipicos.precio_reciente(gpu, "Vast.ai", "verificado").precio.precio_hora_usd


# Tres ofertas DE EJEMPLO (no son ofertas reales): la GPU al precio de los datos; el
# disco, en los
# extremos del rango de Vast.ai; la transferencia (US$/GB), valores inventados para
# ver su efecto.
# DLPerf de ejemplo, proporcional a la velocidad que suponen las horas
# de la primera versión.
ofertas = [  # nombre, GPU, US$/h, disco US$/GB y mes, subida y bajada US$/GB, DLPerf
    vast.Oferta(
        "1",
        "RTX 4090",
        precio("RTX 4090"),
        disco.precio_max_usd,
        0.05,
        0.05,
        60 / horas["RTX 4090"],
    ),
    vast.Oferta(
        "2",
        "A100 80GB",
        precio("A100 80GB"),
        disco.precio_max_usd,
        0.02,
        0.02,
        60 / horas["A100 80GB"],
    ),
    vast.Oferta(
        "3",
        "H100 80GB",
        precio("H100 80GB"),
        disco.precio_min_usd,
        0,
        0,
        60 / horas["H100 80GB"],
    ),
]
gb_disco, gb_subida, gb_bajada = (
    ocultos.gb_en_disco(),
    s["dataset_gb"].valor_min,
    ocultos.gb_checkpoint(),
)
minutos = s["minutos_arranque"].valor_min

filas = []
for o in ofertas:
    d = vast.coste_por_trabajo(
        o,
        horas[o.gpu],
        gb_disco=gb_disco,
        gb_subida=gb_subida,
        gb_bajada=gb_bajada,
        minutos_arranque=minutos,
    )
    filas.append(
        {
            "oferta (ejemplo)": f"oferta {o.nombre} ({o.gpu})",
            "US$/h en la tarjeta": vast.precio_oferta(
                o.precio_gpu_hora, gb_disco, o.precio_disco_gb_mes
            ),
            "DLPerf por US$/h": vast.dlperf_por_dolar(o, gb_disco),
            "horas": horas[o.gpu],
            "GPU y arranque (US$)": d.gpu + d.arranque,
            "disco (US$)": d.almacenamiento,
            "transferencia (US$)": d.transferencia,
            "trabajo terminado (US$)": d.total,
            "trabajo terminado (€)": moneda.a_euros(d.total),
        }
    )
tabla = pd.DataFrame(filas)
publicada = tabla.copy()
for columna in tabla.columns[1:]:
    n = 1 if columna == "horas" else 2
    publicada[columna] = [numero(x, n) for x in tabla[columna]]
# Dos tablas: lo que enseña la tarjeta y lo que cuesta terminar el trabajo.
tarjeta = ["oferta (ejemplo)", "US$/h en la tarjeta", "DLPerf por US$/h", "horas"]
coste = ["oferta (ejemplo)", *[c for c in tabla.columns if c not in tarjeta]]
for columnas in (tarjeta, coste):
    alineacion = ["left"] + ["right"] * (len(columnas) - 1)
    print(publicada[columnas].to_markdown(index=False, colalign=alineacion))
    print()

por_hora = tabla.loc[tabla["US$/h en la tarjeta"].idxmin(), "oferta (ejemplo)"]
por_dlperf = tabla.loc[tabla["DLPerf por US$/h"].idxmax(), "oferta (ejemplo)"]
por_trabajo = tabla.loc[tabla["trabajo terminado (US$)"].idxmin()]
print(
    f"La más barata por hora es la {por_hora}; la de más DLPerf por dólar, la "
    f"{por_dlperf}; "
    "la que termina el trabajo por menos dinero, la "
    f"{por_trabajo['oferta (ejemplo)']}, "
    f"con {dolares(por_trabajo['trabajo terminado (US$)'])}. Supuestos: "
    f"{numero(gb_disco, 0)} GB de "
    f"disco, {numero(gb_subida, 0)} GB de entrada, {numero(gb_bajada, 0)} GB de "
    "salida y "
    f"{numero(minutos, 0)} minutos de arranque facturados."
)
