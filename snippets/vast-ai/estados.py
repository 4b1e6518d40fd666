# Qué cuesta una instancia de Vast.ai en cada estado: GPU, disco y transferencia.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import (
    DOLAR,
    dolares,
    mes,
    mes_medio,
    nivel,
    numero,
    tipo_precio,
)
from gpucoste.calculo import ocultos, vast
from gpucoste.calculo.coste import HORAS_MES
from gpucoste.dinero import moneda

# La GPU: el precio de una RTX 4090 verificada en los datos (con su fecha).
precio = datos.precio("RTX 4090", "Vast.ai", "verificado")
# El disco: el de los supuestos del experimento (imagen, dataset y checkpoint),
# elegido al crear.
gb_disco = ocultos.gb_en_disco()
# Las tarifas de disco del host (US$/GB y mes): los extremos del rango de los datos, de
# ejemplo:
# la baja con la instancia en marcha y la alta con la instancia detenida.
disco = datos.tarifa("Vast.ai", "almacenamiento")
en_marcha, parada = disco.precio_min_usd, disco.precio_max_usd

hora = vast.coste_por_estado(
    precio.precio_hora_usd, gb_disco, en_marcha, 1, precio_disco_parada_gb_mes=parada
)
un_mes = vast.coste_por_estado(
    precio.precio_hora_usd,
    gb_disco,
    en_marcha,
    HORAS_MES,
    precio_disco_parada_gb_mes=parada,
)
tabla = pd.DataFrame(
    {
        "estado": hora["estado"],
        "GPU (US$/h)": [numero(x) for x in hora["gpu"]],
        "disco (US$/h)": [numero(x, 3) for x in hora["disco"]],
        "un mes así (US$)": [numero(x) for x in un_mes["total"]],
        "un mes así (€)": [numero(moneda.a_euros(x)) for x in un_mes["total"]],
        "transferencia": ["por GB" if r else "nada" for r in hora["red"]],
    }
)
print(tabla.to_markdown(index=False, colalign=["left"] + ["right"] * 4 + ["left"]))

tarjeta = vast.precio_oferta(precio.precio_hora_usd, gb_disco, en_marcha)
print(
    f"\nSupuestos: GPU a {dolares(precio.precio_hora_usd)}/h ({precio.gpu}, "
    f"{nivel(precio.nivel, precio.proveedor)}, {tipo_precio(precio.tipo)}, "
    f"{mes(precio.fecha)}); "
    f"{numero(gb_disco, 0)} GB de disco a "
    f"{numero(en_marcha)} {DOLAR}/GB y mes con la instancia en marcha y "
    f"{numero(parada)} con la instancia detenida; {mes_medio()}. "
    "La tarjeta de la oferta mostraría "
    f"{dolares(tarjeta)}/h: la GPU más el coste por hora del disco."
)
print(f"\n{moneda.nota_tipo_de_cambio()}")
