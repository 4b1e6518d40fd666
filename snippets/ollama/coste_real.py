# Lo que cuesta «gratis»: la luz de una GPU en casa, frente a una API y a alquilar.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import euros, fecha, nivel, numero, periodo, tabla
from gpucoste.calculo import electricidad, recomendacion
from gpucoste.calculo.coste import coste_trabajo
from gpucoste.dinero import mercado, moneda

MODELO, GPU = "Llama 3.1 8B", "RTX 4090"
medida = next(
    g for g in datos.generacion_medida() if (g.gpu, g.modelo) == (GPU, MODELO)
)
vatios = datos.especificaciones()[GPU].vatios
luz = mercado.precio_kwh("España")
casa = electricidad.coste_electricidad(vatios, luz.precio_kwh, medida.tokens_s)
alquilada = datos.precio(GPU, "RunPod", "comunidad")
horas_millon = recomendacion.horas_para_tokens(1e6, medida.tokens_s)
apis = sorted(
    (p for p in mercado.precios_api() if p.modelo == MODELO),
    key=lambda p: p.millon_mezclado(),
)

print(
    f"{MODELO} en una {GPU} a {numero(medida.tokens_s, 1)} tokens/s (medido con "
    f"llama.cpp en {medida.precision}, una petición a la vez), a {numero(vatios, 0)} W "
    f"y con la luz de un hogar español a {euros(luz.precio_kwh, 4)}/kWh "
    f"({luz.organismo}, {periodo(luz.periodo)}; copia del {fecha(luz.fecha)}):\n"
)
filas = [
    {
        "opción": f"en casa: tu {GPU}, solo la luz",
        "por hora": euros(casa.por_hora),
        "por millón de tokens": euros(casa.por_millon_tokens),
    },
    {
        "opción": f"{GPU} alquilada ({alquilada.proveedor}, "
        f"{nivel(alquilada.nivel, alquilada.proveedor)})",
        "por hora": moneda.usd_y_eur(alquilada.precio_hora_usd),
        "por millón de tokens": moneda.usd_y_eur(
            coste_trabajo(alquilada.precio_hora_usd, horas_millon)
        ),
    },
]
filas += [
    {
        "opción": f"API por token ({api.proveedor})",
        "por hora": "—",
        "por millón de tokens": moneda.usd_y_eur(api.millon_mezclado()),
    }
    for api in apis
]
print(tabla(pd.DataFrame(filas), {}))
barata = moneda.a_euros(apis[0].millon_mezclado())
print(
    f"\nLa API de {apis[0].proveedor} cobra un millón de tokens de {MODELO} (con uno "
    f"de entrada por cada uno generado) a {euros(barata)}: la luz de casa cuesta "
    f"{numero(casa.por_millon_tokens / barata, 1)} veces eso. "
    f"{moneda.nota_tipo_de_cambio()}"
)
