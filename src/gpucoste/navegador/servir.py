"""La calculadora «servir»: ¿cuántas GPU para servir mi tráfico? (``gpucoste.calculo.servicio_costes.opciones``, lo
mismo que ``gpucoste servir``), con sus campos y su tabla: una fila por manera de servirlo."""

from __future__ import annotations

from gpucoste.base import etiquetas
from gpucoste.base.etiquetas import inicial_mayuscula
from gpucoste.navegador.lectura import escribir
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["SERVIR"]


def _campos_servir() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import servicio, servicio_supuestos
    from gpucoste.guia import decisiones

    modelos = tuple(sorted(datos.modelos()))
    return (
        Campo("modelo", "Modelo", "", decisiones.MODELO, modelos),
        Campo("mensajes_dia", "Mensajes al día", "", 200_000),
        # Sin «(tokens)» detrás: el rótulo ya empieza por «Tokens» (como «Tokens del dataset» en «¿Cuánto tardará?»).
        Campo("entrada", "Tokens de entrada por mensaje, con la conversación previa", "", servicio.TOKENS_ENTRADA),
        Campo("salida", "Tokens generados por mensaje", "", servicio.TOKENS_SALIDA),
        Campo("factor_pico", "Peticiones en la hora punta ÷ la media del día", "", servicio.FACTOR_PICO),
        Campo("precision", "Formato de los pesos", "", servicio_supuestos.PRECISION, servicio_supuestos.PRECISIONES),
        Campo("ttft_ms", "Como mucho hasta el primer token", "ms", servicio.OBJETIVO_TTFT_MS),
        Campo("tpot_ms", "Como mucho por token de salida", "ms", servicio.OBJETIVO_TPOT_MS),
        Campo(
            "precio_kwh",
            f"Electricidad de las GPU compradas; vacío, la de un hogar de tu país (sin país, de {decisiones.PAIS_LUZ})",
            "US$/kWh",
            "",
            vacio="la de un hogar de tu país",
        ),
    )


def _celda(clave: str, valor: object) -> str:
    """Una celda como la escribe ``gpucoste servir``: la cifra como ``etiquetas.cifra_servir`` (la carga, «48 %»), el
    texto tal cual, o «sin dato»."""
    if clave in etiquetas.SERVIR_DECIMALES:
        return etiquetas.cifra_servir(clave, valor)
    return "sin dato" if valor is None else str(valor)


def _tabla_servir(
    *,
    modelo: str,
    mensajes_dia: float,
    entrada: int,
    salida: int,
    factor_pico: float,
    precision: str,
    ttft_ms: float,
    tpot_ms: float,
    precio_kwh: float | None,
    pais: str,
) -> Tabla:
    from gpucoste.calculo import servicio, servicio_costes
    from gpucoste.guia import decisiones

    supuestos = servicio.Supuestos(
        entrada=entrada, salida=salida, factor_pico=factor_pico, precision=precision, ttft_ms=ttft_ms, tpot_ms=tpot_ms
    )
    # Sin kWh escrito, el de «gpucoste servir» sin --precio-kwh: la luz de un hogar del país (o ninguna compra).
    if precio_kwh is None:
        luz = decisiones.luz_o_ninguna(pais)  # un país sin precio del kWh con fuente: sin opción comprada
        precio_kwh = None if luz is None else luz.usd_kwh
    opciones = servicio_costes.opciones(modelo, mensajes_dia, supuestos=supuestos, pais=pais, precio_kwh=precio_kwh)
    claves = tuple(etiquetas.SERVIR)
    decimales = etiquetas.SERVIR_DECIMALES
    filas, exactas = [], []
    for o in opciones:
        valores = o.fila()
        filas.append(tuple(_celda(k, valores[k]) for k in claves))
        exactas.append(tuple(valores[k] if k in decimales else None for k in claves))
    titulo = (
        f"Servir {modelo}, pesos en {precision}, a {escribir(mensajes_dia)} mensajes al día de {escribir(entrada)} "
        f"tokens de entrada y {escribir(salida)} de salida, con la hora punta a {escribir(factor_pico)} veces la "
        f"media, como mucho {escribir(ttft_ms)} ms hasta el primer token y {escribir(tpot_ms)} ms por token"
    )
    nota = (
        "En «sigue el tráfico», el número de GPU es el de la hora punta; el resto del día se alquilan solo las que "
        "pide cada hora."
        if any(o.opcion == "sigue el tráfico" for o in opciones)
        else ""
    )
    return Tabla(
        tuple(inicial_mayuscula(etiquetas.SERVIR[k]) for k in claves),
        tuple(filas),
        tuple(k in decimales for k in claves),
        "",
        titulo,
        tuple(exactas),
        nota,
        tuple((i, claves.index(k)) for i, o in enumerate(opciones) for k in o.sin_impuesto),
    )


SERVIR = Calculadora(
    "servir",
    "Calcula tu caso: ¿cuántas GPU para servir tu tráfico?",
    {
        "modelo": "opcion",
        "mensajes_dia": "decimal",
        "entrada": "entero",
        "salida": "entero",
        "factor_pico": "decimal",
        "precision": "opcion",
        "ttft_ms": "decimal",
        "tpot_ms": "decimal",
        "precio_kwh": "decimal_o_vacio",
        "pais": "opcion",
    },
    _campos_servir,
    _tabla_servir,
    "servir",
)
"""La calculadora «servir» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``), que
también recibe su función: la tienda y la luz del país."""
