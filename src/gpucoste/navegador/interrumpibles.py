"""La calculadora «interrumpibles»: interrumpible o bajo demanda (``gpucoste.calculo.interrupciones``:
``retrabajo``, que es ``esperado`` menos el trabajo sin cortes, y ``tasa_equilibrio``), con sus campos, su tabla y su
gráfico. Los valores por defecto son los del ejemplo de la página (``decisiones.ejemplo_interrumpible``): el precio
interrumpible de ``modalidades.precio_interrumpible`` y la tasa de ``supuestos.csv``."""

from __future__ import annotations

from gpucoste.base.etiquetas import CHECKPOINT_DALY, INTERRUMPIBLE, INTERRUMPIBLE_ENTRADAS, inicial_mayuscula
from gpucoste.base.formato import numero
from gpucoste.base.validacion import numero as numero_valido
from gpucoste.navegador.lectura import escribir
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["INTERRUMPIBLES"]


def _campos_interrumpibles() -> tuple[Campo, ...]:
    from gpucoste.guia import decisiones

    e = decisiones.ejemplo_interrumpible()
    # Con las palabras de las filas de «gpucoste interrumpible» (etiquetas.INTERRUMPIBLE_ENTRADAS).
    c = {clave: inicial_mayuscula(texto) for clave, texto in INTERRUMPIBLE_ENTRADAS.items()}
    return (
        Campo("horas_trabajo", f"Horas de cómputo del trabajo en la {e.gpu}", "h", e.horas_trabajo),
        Campo("interrupciones_hora", c["interrupciones_hora"], "1/h", e.interrupciones_hora),
        Campo("escritura_min", c["escritura_min"], "min", e.escritura_h * 60),
        Campo("reinicio_min", c["reinicio_min"], "min", e.reinicio_min_h * 60),
        Campo("precio_interrumpible", c["precio_interrumpible"], "US$/h", e.precio_interrumpible),
        Campo("precio_bajo_demanda", c["precio_bajo_demanda"], "US$/h", e.precio_bajo_demanda),
    )


def _tabla_interrumpibles(
    *,
    horas_trabajo: float,
    interrupciones_hora: float,
    escritura_min: float,
    reinicio_min: float,
    precio_interrumpible: float,
    precio_bajo_demanda: float,
) -> Tabla:
    from gpucoste.calculo import interrupciones
    from gpucoste.graficos import dibujo

    # Minutos en el formulario; la biblioteca trabaja en horas. Se validan con su nombre, antes de pasarlos.
    escritura_h = numero_valido(escritura_min, "escritura_min", cero=True) / 60
    reinicio_h = numero_valido(reinicio_min, "reinicio_min", cero=True) / 60
    # Sin escritura, con interrupciones, el intervalo de Daly no existe: la biblioteca lo dice de «escritura_h» (y
    # de un intervalo que el formulario no tiene); aquí, del campo en minutos.
    if escritura_h == 0 and numero_valido(interrupciones_hora, "interrupciones_hora", cero=True) > 0:
        raise ValueError(
            f"escritura_min: {escritura_min!r} no vale con interrupciones: el intervalo óptimo entre checkpoints "
            "necesita un tiempo de escritura; se admite un número mayor que 0."
        )
    # El precio interrumpible se llama «precio_hora» en retrabajo (que admite 0): con su nombre y mayor que 0, como
    # lo pide el equilibrio.
    precio_interrumpible = numero_valido(precio_interrumpible, "precio_interrumpible")
    comunes = {"horas_trabajo": horas_trabajo, "escritura_h": escritura_h, "reinicio_h": reinicio_h}
    r = interrupciones.retrabajo(
        horas_trabajo, precio_interrumpible, interrupciones_hora, escritura_h=escritura_h, reinicio_h=reinicio_h
    )
    e = r.esperado
    eq = interrupciones.tasa_equilibrio(
        precio_interrumpible=precio_interrumpible, precio_bajo_demanda=precio_bajo_demanda, **comunes
    )
    bajo_demanda = numero_valido(precio_bajo_demanda, "precio_bajo_demanda") * horas_trabajo
    # Las filas con las palabras de «gpucoste interrumpible» (etiquetas.INTERRUMPIBLE).
    i = {clave: inicial_mayuscula(texto) for clave, texto in INTERRUMPIBLE.items()}
    filas = (
        (inicial_mayuscula(CHECKPOINT_DALY), numero(e.intervalo * 60, 0)),
        (i["horas"], numero(e.horas)),
        (i["interrupciones"], numero(e.interrupciones)),
        (i["retrabajo"], numero(r.coste)),
        (i["coste"], numero(e.coste)),
        (i["bajo_demanda"], numero(bajo_demanda)),
        (i["equilibrio"], eq.motivo if eq.umbral is None else numero(eq.umbral)),
    )
    tasas, series = interrupciones.coste_segun_tasa(
        horas_trabajo, escritura_h, {"interrumpible": reinicio_h}, precio_interrumpible, precio_bajo_demanda
    )
    grafico = dibujo.lineas(
        tasas,
        series,
        eje_x="interrupciones por hora",
        eje_y="coste esperado del trabajo (US$)",
        alt="Coste esperado del trabajo interrumpible frente a la tasa de interrupciones, con tus cifras: crece "
        "con la tasa y cruza la línea del precio bajo demanda en el punto de equilibrio.",
    )
    titulo = (
        f"Un trabajo de {escribir(horas_trabajo)} horas de cómputo, con {escribir(interrupciones_hora)} interrupciones "
        f"por hora, a {escribir(precio_interrumpible)} US$/h interrumpible o {escribir(precio_bajo_demanda)} US$/h "
        "bajo demanda"
    )
    return Tabla(("Resultado", "Valor"), filas, (False, True), grafico, titulo)


INTERRUMPIBLES = Calculadora(
    "interrumpibles",
    "Calcula tu caso: interrumpible o bajo demanda",
    dict.fromkeys(
        (
            "horas_trabajo",
            "interrupciones_hora",
            "escritura_min",
            "reinicio_min",
            "precio_interrumpible",
            "precio_bajo_demanda",
        ),
        "decimal",
    ),
    _campos_interrumpibles,
    _tabla_interrumpibles,
    "interrumpible",
    {"horas_trabajo": "--horas", "precio_interrumpible": "--precio-hora"},
)
"""La calculadora «interrumpibles» tal como se declara; en ``CALCULADORAS`` gana el campo del país (``CON_DINERO``)."""
