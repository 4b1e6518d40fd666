"""Las frases de «¿Cuántas GPU para servir mi tráfico?» y de «¿Cuánto se equivoca?» sobre el modelo de capacidad
(``gpucoste.calculo.servicio``): su método y su error con fuentes apartadas, de dónde salen los valores por defecto
de la calculadora y cómo se reparte el día para las GPU que siguen el tráfico (``servicio_escalado``). Salen del
modelo al construir; ninguna cifra se escribe a mano.
"""

from __future__ import annotations

from gpucoste.base import formato
from gpucoste.calculo.servicio import FACTOR_PICO, Supuestos, ajustar, medidas
from gpucoste.calculo.servicio_validacion import validacion

__all__ = ["OBJETIVO_ERROR", "cifra_factor_pico", "frase_perfil", "frase_supuestos", "frase_validacion"]


OBJETIVO_ERROR = 0.25
"""El error mediano con fuentes apartadas al que aspira el modelo de capacidad (issue 31): una meta, no un umbral que
ninguna prueba imponga."""


def frase_validacion() -> str:
    """El método y el error del modelo de capacidad con fuentes apartadas (``validacion``), para «¿Cuánto se
    equivoca?» y la página «¿Cuántas GPU para servir mi tráfico?»."""
    from gpucoste.base.formato import lista, porcentaje

    v = validacion()
    filas = medidas()
    p = ajustar()
    motores = lista(sorted({m.motor for m in filas}))
    eficiencia = porcentaje(p.eficiencia) + (" (el máximo que se admite)" if p.eficiencia >= 1 else "")
    texto = (
        "El modelo de capacidad predice los tokens/s de un servidor con tantas peticiones a la vez como diga la "
        "medida (o tantas como quepan en la caché KV, a carga máxima): cada paso de la generación (un token más en "
        "cada secuencia) tarda lo que la más lenta de dos cosas: leer los pesos y la caché de todas las secuencias, o "
        "hacer sus operaciones; y cada petición reparte su prellenado entre sus tokens de salida. Tres cifras se "
        f"ajustan por mínimos cuadrados a {len(filas)} "
        f"medidas de {v.fuentes} fuentes ({motores}): el motor alcanza el {eficiencia} del techo de ancho de banda, "
        f"paga {formato.numero(p.ms_capa, 2)} ms por capa y paso, y procesa la entrada con una MFU del "
        f"{porcentaje(p.mfu_prellenado)}. Con cada fuente fuera del ajuste, los tokens/s predichos se desvían un "
        f"{porcentaje(v.error_tokens_s)} en mediana"
    )
    if v.error_tpot is not None:
        texto += (
            f", y el tiempo por token de salida, un {porcentaje(v.error_tpot)} ({v.medidas_tpot} medidas lo publican)"
        )
    cumple = "por debajo" if v.error_tokens_s <= OBJETIVO_ERROR else "por encima"
    return texto + f": {cumple} de la meta del {porcentaje(OBJETIVO_ERROR)}."


def cifra_factor_pico(x: float) -> str:
    """Un factor de pico como se lee delante de «veces la media»: ``2`` → «2», ``1.5`` → «1,5» (sin «,0» de más).
    La página, su formulario y ``gpucoste servir`` lo escriben igual («2 veces la media»)."""
    from gpucoste.base import validacion
    from gpucoste.base.formato import numero

    x = validacion.numero(x, "factor_pico")
    return numero(x, 0 if x.is_integer() else 1)


def frase_supuestos() -> str:
    """De dónde salen los valores por defecto de la calculadora (tokens por mensaje, hora punta, objetivos de
    latencia: los de ``Supuestos()``), en Markdown, para la página «¿Cuántas GPU para servir mi tráfico?»."""
    from gpucoste.base.formato import numero

    s = Supuestos()
    traza = (
        "https://github.com/Azure/AzurePublicDataset/blob/b469a113cedca53ddc3bdea71a143dc4b7d8700c/data/"
        "AzureLLMInferenceTrace_conv.csv"
    )
    mlperf = "https://github.com/mlcommons/inference/blob/982b2063398dc2d4fb606eacbfa73e54404ecc1e/loadgen/mlperf.conf"
    return (
        f"- **Tokens por mensaje**: {numero(s.entrada, 0)} de entrada y {numero(s.salida, 0)} de salida, la "
        f"media de las peticiones de la [traza de conversación de Azure]({traza}) (una hora del 16 de noviembre de "
        "2023, la del artículo Splitwise); la entrada incluye la conversación previa que se reenvía con cada mensaje.\n"
        f"- **Hora punta**: {cifra_factor_pico(s.factor_pico)} veces las peticiones por segundo de la media del día, "
        "un supuesto de esta guía (estimación): cámbialo con el perfil de tu tráfico.\n"
        f"- **Objetivos de latencia**: {numero(s.ttft_ms, 0)} ms hasta el primer token y "
        f"{numero(s.tpot_ms, 0)} ms por token de salida, los del escenario de servidor de Llama 2 70B en "
        f"[MLPerf Inference]({mlperf}).\n"
        f"- **Perfil del día**, el de las GPU que siguen el tráfico: {frase_perfil(s.factor_pico)}"
    )


def frase_perfil(factor_pico: float = FACTOR_PICO, *, markdown: bool = True) -> str:
    """Cómo reparten el día las GPU que siguen el tráfico (``servicio_escalado``): el perfil publicado y su fuente,
    cómo se deforma para que su hora punta sea ``factor_pico`` veces la media, dónde se alquilan y el arranque de
    cada réplica. ``markdown``: con el enlace a la fuente (si no, texto llano, el de ``gpucoste servir``)."""
    from gpucoste import datos
    from gpucoste.base.formato import fecha, lista, numero
    from gpucoste.calculo import servicio_escalado

    if not isinstance(markdown, bool):
        raise ValueError(f"markdown: {markdown!r} no vale; se admite True o False.")
    base = servicio_escalado.perfil_publicado()
    q = servicio_escalado.perfil(factor_pico)
    fila = next(f for f in datos.trafico_horario() if f.perfil == servicio_escalado.PERFIL)
    traza = "traza de conversación de Azure de 2024"
    citada = f"[{traza}]({fila.fuente})" if markdown else traza
    supuestos = "`supuestos.csv`" if markdown else "supuestos.csv"
    granos = servicio_escalado.facturan_por_tiempo()
    dias = f"{numero(fila.dias_sumados, 0)} días de {fecha(fila.fecha)}"
    arranque = numero(servicio_escalado.minutos_arranque(), 0)
    return (
        f"las peticiones de cada hora (UTC) de la {citada}, {dias}; su hora punta tiene {numero(max(base))} veces la "
        f"media y la más tranquila, {numero(min(base))}. Para que la hora punta sea tu factor de pico, se eleva el "
        "perfil a la potencia que lo consigue sin cambiar los mensajes del día: con "
        f"{cifra_factor_pico(factor_pico)} veces la media, la hora más tranquila queda en {numero(min(q))}. Cada "
        "hora se alquilan las réplicas que pide su tráfico (una réplica es una copia del modelo en marcha, en una GPU "
        "o en varias si no cabe en una), al menos una, y solo donde se factura por segundo o por minuto "
        f"({lista(list(granos))}); cada réplica que se enciende paga además {arranque} minutos de arranque (los de "
        f"{supuestos}, el máximo: bajar la imagen y los pesos antes de atender)."
    )
