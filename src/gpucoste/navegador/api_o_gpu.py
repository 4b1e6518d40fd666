"""La calculadora «api-o-gpu»: ¿API por token o GPU alquilada? (``gpucoste.calculo.equilibrios.api_o_gpu``, como
la tabla de su página), con sus campos, su tabla y su gráfico."""

from __future__ import annotations

from gpucoste.base.etiquetas import API_O_GPU as _ETIQUETAS
from gpucoste.base.etiquetas import inicial_mayuscula
from gpucoste.base.formato import nivel, numero, tipo_precio
from gpucoste.navegador.lectura import escribir
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["API_O_GPU"]


def _campos_api_o_gpu() -> tuple[Campo, ...]:
    from gpucoste.guia import decisiones

    gpu = decisiones.precio_gpu_alquilada()
    api = decisiones.api_mas_barata(decisiones.MODELO)  # la de «gpucoste api-o-gpu» sin --api
    lleno = decisiones.rendimientos()[-1]
    return (
        Campo(
            "precio_hora",
            f"Precio de la GPU: {gpu.gpu} en {gpu.proveedor}, {nivel(gpu.nivel, gpu.proveedor)}, "
            f"{tipo_precio(gpu.tipo)}",
            "US$/h",
            gpu.precio_hora_usd,
        ),
        # Redondeado como en la tabla de la página: el umbral y su coste no dependen de esta cifra, solo si se llega.
        Campo(
            "tokens_s",
            "Tokens por segundo que genera la GPU: de media en el día, sirviendo con la hora punta llena (estimación)",
            "tokens/s",
            round(lleno.tokens_s),
        ),
        Campo(
            "precio_entrada",
            f"Precio de la API por tokens de entrada: {api.modelo} en {api.proveedor}",
            "US$ por millón",
            api.entrada_usd_millon,
        ),
        Campo("precio_salida", "Precio de la API por tokens generados", "US$ por millón", api.salida_usd_millon),
        # 1155 ÷ 211 con cuatro decimales («5,4739», no dieciséis): las cifras de la tabla no cambian.
        Campo(
            "entrada_por_salida", "Tokens de entrada por token generado", "", round(decisiones.ENTRADA_POR_SALIDA, 4)
        ),
    )


def _tabla_api_o_gpu(
    *, precio_hora: float, tokens_s: float, precio_entrada: float, precio_salida: float, entrada_por_salida: float
) -> Tabla:
    from gpucoste.calculo import equilibrios
    from gpucoste.dinero import mercado
    from gpucoste.graficos import dibujo

    e = equilibrios.api_o_gpu(
        precio_hora=precio_hora,
        tokens_s=tokens_s,
        precio_entrada=precio_entrada,
        precio_salida=precio_salida,
        entrada_por_salida=entrada_por_salida,
    )
    millon = mercado.precio_millon_mezclado(precio_entrada, precio_salida, entrada_por_salida)
    # Las filas con las palabras de «gpucoste api-o-gpu» (etiquetas.API_O_GPU).
    a = {clave: inicial_mayuscula(texto) for clave, texto in _ETIQUETAS.items()}
    filas = (
        (a["millon"], numero(millon)),
        # Con la API gratis (los dos precios a 0, que el formulario admite) no hay ritmo que la iguale: su motivo.
        (a["empate"], e.motivo if millon == 0 else numero(equilibrios.tokens_s_minimos(precio_hora, millon), 0)),
        (a["equilibrio"], e.motivo if e.umbral is None else numero(e.umbral / 1e6, 0)),
        (a["coste"], "—" if e.coste_b is None else numero(e.coste_b)),
    )
    millones, series = equilibrios.costes_segun_tokens(precio_hora, tokens_s, {"API": millon}, "GPU alquiladas 24/7")
    grafico = dibujo.lineas(
        millones,
        series,
        eje_x="millones de tokens generados al mes",
        eje_y="coste al mes (US$)",
        escalones=("GPU alquiladas 24/7",),
        alt="Coste mensual frente a millones de tokens generados al mes, con tus cifras: la API por token crece "
        "en línea recta desde cero; las GPU alquiladas todo el mes cuestan lo mismo hasta llenarse y suben a "
        "saltos, una GPU más cada vez.",
    )
    titulo = (
        f"Una GPU a {escribir(precio_hora)} US$/h que genera {escribir(tokens_s)} tokens/s, frente a una API a "
        f"{escribir(precio_entrada)} US$ por millón de tokens de entrada y {escribir(precio_salida)} de salida"
    )
    return Tabla(("Resultado", "Valor"), filas, (False, True), grafico, titulo)


API_O_GPU = Calculadora(
    "api-o-gpu",
    "Calcula tu caso: ¿API por token o GPU alquilada?",
    dict.fromkeys(("precio_hora", "tokens_s", "precio_entrada", "precio_salida", "entrada_por_salida"), "decimal"),
    _campos_api_o_gpu,
    _tabla_api_o_gpu,
    "api-o-gpu",
)
"""La calculadora «api-o-gpu» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``)."""
