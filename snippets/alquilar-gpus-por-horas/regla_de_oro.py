# «Un servicio siempre encendido con poca carga»: ¿API por token o GPU alquilada ociosa?
from gpucoste.base.formato import dolares, numero
from gpucoste.calculo import equilibrios
from gpucoste.guia import decisiones

gpu = decisiones.precio_gpu_alquilada()
gpu_mes = gpu.precio_hora_usd * equilibrios.HORAS_MES
tabla = decisiones.tabla_api_o_gpu()
millones = tabla["equilibrio (millones de tokens al mes)"]
con, sin = tabla[millones.notna()], tabla[millones.isna()]
partes = []
if len(sin):
    partes.append(
        f"con {len(sin)} de ellas, la GPU no sale más barata con ninguna carga"
    )
if len(con):
    otras = f"con las otras {len(con)}" if len(sin) else "con todas"
    partes.append(
        f"{otras}, solo por encima de su umbral, que con la más cara es de "
        f"**{numero(millones.min(), 0)} millones de tokens generados al mes** "
        f"({numero(con['equilibrio (mensajes al día)'].min(), 0)} mensajes al día), "
        "y eso con la hora punta llenando la GPU"
    )
print(
    f"**Calculado:** una {gpu.gpu} alquilada todo el mes ({dolares(gpu_mes, 0)}) "
    f"frente a las {len(tabla)} API de {decisiones.MODELO} en los datos: "
    f"{'; '.join(partes)}. La afirmación se cumple: con poca carga, la GPU pasa "
    "parte del mes ociosa y se paga igual."
)
