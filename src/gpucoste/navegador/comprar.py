"""La calculadora «comprar»: ¿comprar o alquilar? (``gpucoste.calculo.compra.comprar_o_alquilar``, como la tabla
de su página), con sus campos, su tabla y su gráfico."""

from __future__ import annotations

from gpucoste.base.etiquetas import COMPRAR as _ETIQUETAS
from gpucoste.base.etiquetas import inicial_mayuscula
from gpucoste.base.formato import nivel, numero, periodo, tipo_precio
from gpucoste.calculo.coste import horas_al_mes
from gpucoste.navegador.lectura import escribir
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["COMPRAR"]


def _campos_comprar() -> tuple[Campo, ...]:
    from gpucoste.guia import decisiones

    gpu = decisiones.GPU_ALQUILADA
    alquiler = decisiones.precio_gpu_alquilada()
    return (
        # Vacío, como sin «--precio-compra» en «gpucoste comprar»: el de la tienda del país o el de lista.
        Campo(
            "precio_compra",
            f"Precio de compra de la {gpu}; vacío, el de los datos",
            "US$ sin impuestos",
            "",
            vacio="el de la tienda de tu país o el de lista",
        ),
        Campo(
            "precio_hora",
            f"Precio de alquiler: {alquiler.proveedor}, {nivel(alquiler.nivel, alquiler.proveedor)}, "
            f"{tipo_precio(alquiler.tipo)}",
            "US$/h",
            alquiler.precio_hora_usd,
        ),
        Campo("potencia_w", "Consumo de la GPU", "W", decisiones.vatios(gpu)),
        # En dólares, como en «gpucoste comprar --precio-kwh»; vacío, como sin esa opción: el de un hogar del país.
        Campo(
            "precio_kwh",
            f"Electricidad; vacío, la de un hogar de tu país (sin país, de {decisiones.PAIS_LUZ})",
            "US$/kWh",
            "",
            vacio="la de un hogar de tu país",
        ),
        Campo(
            "horas_mes",
            f"Horas de uso al mes: {numero(horas_al_mes(decisiones.HORAS_DIA_COMPRA), 0)} = "
            f"{decisiones.HORAS_DIA_COMPRA} h al día",
            "h",
            horas_al_mes(decisiones.HORAS_DIA_COMPRA),
        ),
        Campo("valor_reventa", "Lo que recuperas al venderla", "US$", 0.0),
    )


def _tabla_comprar(
    *,
    precio_compra: float | None,
    precio_hora: float,
    potencia_w: float,
    precio_kwh: float | None,
    horas_mes: float,
    valor_reventa: float,
    pais: str,
) -> Tabla:
    from gpucoste.calculo import compra
    from gpucoste.graficos import dibujo
    from gpucoste.guia import decisiones

    # Sin precio escrito, el de «gpucoste comprar» sin --precio-compra ni --precio-kwh: las mismas funciones.
    origen = ""
    del_dato = precio_compra is None  # el de los datos, con decimales; uno escrito, como se escribió
    if del_dato:
        pc = compra.precio_de_compra(decisiones.GPU_ALQUILADA, pais)
        precio_compra, origen = pc.usd, f". Precio de compra: {pc.origen}"
    if precio_kwh is None:
        luz = decisiones.luz_del_pais(pais)
        unidad = "€" if luz.moneda == "EUR" else luz.moneda
        precio_kwh = luz.usd_kwh
        origen += (
            f". Electricidad de un hogar de {luz.pais}: {numero(luz.precio_kwh, 4)} {unidad}/kWh con impuestos "
            f"({luz.organismo}, {periodo(luz.periodo)}), a {luz.cambio}"
        )
    argumentos = {
        "precio_compra": precio_compra,
        "precio_hora": precio_hora,
        "potencia_w": potencia_w,
        "precio_kwh": precio_kwh,
        "horas_mes": horas_mes,
    }
    e = compra.comprar_o_alquilar(**argumentos, valor_reventa=valor_reventa)
    horas_uso = None if e.umbral is None else e.umbral * horas_mes
    # Las filas con las palabras de «gpucoste comprar» (etiquetas.COMPRAR).
    c = {clave: inicial_mayuscula(texto) for clave, texto in _ETIQUETAS.items()}
    cifras = (
        (c["precio_compra"], precio_compra, 2),
        (c["precio_kwh"], precio_kwh, 4),
        (c["meses"], e.umbral, 1),
        (c["horas"], horas_uso, 0),
        (c["coste"], e.coste_a, 2),  # dos decimales, como el precio de compra
        (c["equivalentes"], compra.horas_equivalentes(precio_compra, precio_hora), 0),
    )
    sin_cifra = {c["meses"]: e.motivo}
    filas = tuple((r, sin_cifra.get(r, "—") if x is None else numero(x, d)) for r, x, d in cifras)
    reventas = {"comprada, sin reventa": 0.0}
    if valor_reventa:
        reventas["comprada, con tu reventa"] = valor_reventa
    meses, series = compra.coste_acumulado(**argumentos, reventas=reventas)
    grafico = dibujo.lineas(
        meses,
        series,
        eje_x="meses de uso",
        eje_y="coste acumulado (US$)",
        alt="Coste acumulado de la GPU comprada o alquilada, mes a mes, con tus cifras: el alquiler crece más "
        "deprisa y alcanza a la compra en el punto de equilibrio.",
    )
    comprada = numero(precio_compra) if del_dato else escribir(precio_compra)
    titulo = (
        f"Una GPU comprada por {comprada} US$ frente a alquilada a {escribir(precio_hora)} US$/h, con "
        f"{escribir(horas_mes)} horas de uso al mes{origen}"
    )
    exactas = tuple((None, x) for _, x, _ in cifras)
    return Tabla(("Resultado", "Valor"), filas, (False, True), grafico, titulo, exactas)


COMPRAR = Calculadora(
    "comprar",
    "Calcula tu caso: ¿comprar o alquilar?",
    {
        "precio_compra": "decimal_o_vacio",
        **dict.fromkeys(("precio_hora", "potencia_w"), "decimal"),
        "precio_kwh": "decimal_o_vacio",
        **dict.fromkeys(("horas_mes", "valor_reventa"), "decimal"),
        "pais": "opcion",
    },
    _campos_comprar,
    _tabla_comprar,
    "comprar",
    {"potencia_w": "--vatios", "valor_reventa": "--reventa"},
)
"""La calculadora «comprar» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``), que
también recibe su función: sin precio escrito, el de compra es el de una tienda del país o el de lista."""
