# «Un servicio siempre encendido con poca carga»: ¿API por token o GPU alquilada ociosa?
from gpucoste.base.formato import dolares, numero
from gpucoste.calculo import equilibrios
from gpucoste.dinero import mercado
from gpucoste.guia import decisiones

gpu = decisiones.precio_gpu_alquilada()
mejor = max(decisiones.rendimientos(), key=lambda r: r.tokens_s)
api = mercado.precio_api(decisiones.MODELO, "Together")
e = equilibrios.api_o_gpu(
    precio_hora=gpu.precio_hora_usd,
    tokens_s=mejor.tokens_s,
    precio_entrada=api.entrada_usd_millon,
    precio_salida=api.salida_usd_millon,
    entrada_por_salida=decisiones.ENTRADA_POR_SALIDA,
)
gpu_mes = gpu.precio_hora_usd * equilibrios.HORAS_MES
if e.umbral is None:
    print(
        f"**Calculado:** con {decisiones.MODELO} en la API de {api.proveedor}, una "
        f"{gpu.gpu} alquilada todo el mes ({dolares(gpu_mes, 0)}) no sale más barata "
        "con ninguna carga: la afirmación se queda corta."
    )
else:
    print(
        f"**Calculado:** con {decisiones.MODELO}, la API de {api.proveedor} sale más "
        f"barata que una {gpu.gpu} alquilada todo el mes ({dolares(gpu_mes, 0)}) por "
        f"debajo de **{numero(e.umbral / 1e6, 0)} millones de tokens al mes**, y eso "
        f"con la GPU llena ({decisiones.LOTE_LLENO} conversaciones a la vez, "
        "estimación típica); con una sola conversación a la vez, "
        "la GPU no le gana nunca. La afirmación se cumple: por debajo de ese "
        "volumen, la GPU pasa parte del mes ociosa y se paga igual."
    )
