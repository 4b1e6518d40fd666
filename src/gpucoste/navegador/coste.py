"""La calculadora «coste»: el coste de un trabajo (``gpucoste.calculo.coste.coste_total``, lo mismo que
«gpucoste coste»), con sus campos, cuyos valores por defecto salen de los datos, y su tabla."""

from __future__ import annotations

from gpucoste.base.etiquetas import PARTIDAS_COSTE, inicial_mayuscula
from gpucoste.base.formato import nivel, numero, tipo_precio
from gpucoste.calculo.coste import coste_total
from gpucoste.navegador.lectura import escribir
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["COSTE"]


def _campos_coste() -> tuple[Campo, ...]:
    # Importes perezosos: leen los datos con pandas, solo al construir el sitio.
    from gpucoste import datos
    from gpucoste.calculo import experimento, ocultos

    tabla = experimento.tabla()
    barata = experimento.escenarios()[int(tabla["coste"].idxmin())]
    precio = experimento.precio(barata)
    disco = datos.tarifa(barata.proveedor, "almacenamiento")
    return (
        Campo(
            "precio_hora",
            f"Precio de la GPU: {precio.gpu} en {barata.proveedor}, {nivel(precio.nivel, precio.proveedor)}, "
            f"{tipo_precio(precio.tipo)}",
            "US$/h",
            precio.precio_hora_usd,
        ),
        Campo("horas", "Horas de cómputo del trabajo", "h", barata.horas),
        Campo(
            "minutos_arranque",
            "Minutos facturados antes de empezar",
            "min",
            datos.supuestos()["minutos_arranque"].valor_min,
        ),
        Campo("gb_disco", "Disco mientras dura el trabajo", "GB", ocultos.gb_en_disco()),
        Campo("precio_gb_mes", f"Precio del disco en {disco.proveedor}", "US$/GB y mes", disco.precio_min_usd),
        Campo("gb_transferencia", "Transferencia con cargo, de entrada y de salida", "GB", 0.0),
        Campo("precio_gb_transferencia", "Precio de la transferencia", "US$/GB", 0.0),
    )


def _tabla_coste(**valores: float) -> Tabla:
    d = coste_total(**valores)
    # Las partidas con las palabras de «gpucoste coste» (etiquetas.PARTIDAS_COSTE).
    partidas = tuple((inicial_mayuscula(texto), getattr(d, p)) for p, texto in PARTIDAS_COSTE.items())
    titulo = (
        f"Un trabajo de {escribir(valores['horas'])} horas de cómputo a {escribir(valores['precio_hora'])} US$/h, "
        "con sus costes ocultos"
    )
    return Tabla(("Partida", "Coste (US$)"), tuple((p, numero(x)) for p, x in partidas), (False, True), "", titulo)


COSTE = Calculadora(
    "coste",
    "Calcula el coste de tu trabajo",
    dict.fromkeys(
        (
            "precio_hora",
            "horas",
            "minutos_arranque",
            "gb_disco",
            "precio_gb_mes",
            "gb_transferencia",
            "precio_gb_transferencia",
        ),
        "decimal",
    ),
    _campos_coste,
    _tabla_coste,
    "coste",
)
"""La calculadora «coste» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``)."""
