"""La calculadora «donde-mas-barato»: ¿dónde sale más barato terminarlo? (``gpucoste.calculo.ranking.ranking``),
con sus campos, su tabla y su gráfico de coste frente a horas, con la frontera de Pareto."""

from __future__ import annotations

from gpucoste.base.etiquetas import COLUMNAS, EPOCAS, TOKENS_ENTRENAMIENTO, inicial_mayuscula
from gpucoste.base.formato import numero, rango, tipo_precio, total
from gpucoste.base.validacion import opcion
from gpucoste.navegador.ejemplo import EJEMPLO_MODELO, EJEMPLO_TOKENS, _metodo_entrenamiento
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = ["DONDE_MAS_BARATO"]


def _campos_barato() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import memoria

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        _metodo_entrenamiento(),
        Campo("tokens", inicial_mayuscula(TOKENS_ENTRENAMIENTO), "", EJEMPLO_TOKENS),
        Campo("epocas", inicial_mayuscula(EPOCAS), "", 1),
        Campo("secuencia", "Longitud de la secuencia", "tokens", memoria.SECUENCIA),
        Campo("sin_estimaciones", "Sin estimaciones (solo precios leídos)", "", "sí", ("sí", "no")),
    )


def _tabla_barato(
    *, modelo: str, metodo: str, tokens: float, secuencia: int, sin_estimaciones: str = "sí", epocas: int = 1
) -> Tabla:
    from gpucoste.calculo import memoria, puntos, ranking
    from gpucoste.calculo.trabajo import Trabajo
    from gpucoste.datos import frescura
    from gpucoste.graficos import dibujo

    def texto(r, decimales: int = 2) -> str:
        return "sin dato" if r is None else rango(r.minimo, r.maximo, decimales)

    opcion(sin_estimaciones, "Sin estimaciones", ("sí", "no"))
    trabajo = Trabajo(modelo=modelo, metodo=metodo, tokens=tokens, secuencia=secuencia, epocas=epocas)
    opciones = ranking.ranking(trabajo, estimaciones=sin_estimaciones == "no")
    if not opciones:
        raise ValueError(
            f"modelo: {modelo!r} no cabe con {memoria.NOMBRES_METODOS[trabajo.metodo]} y secuencias de "
            f"{numero(trabajo.secuencia, 0)} tokens en ninguna GPU de los datos, ni con {ranking.MAX_GPUS}; se admite "
            "un trabajo más pequeño: prueba QLoRA o una secuencia más corta."
        )
    filas = tuple(
        (
            f.precio.gpu if f.n_gpus == 1 else f"{f.n_gpus} × {f.precio.gpu}",
            f.precio.proveedor_y_nivel,
            total(texto(f.coste), f.completo),
            texto(f.horas, 1),
            numero(f.precio.precio_hora_usd * f.n_gpus),
            tipo_precio(f.precio.tipo),
            frescura.fecha_con_aviso(f.precio.fecha),
            "★" if f.pareto else "",
        )
        for f in opciones
    )
    # Detrás, el fine-tuning gestionado y los cuadernos (ranking.otras, lo mismo que «gpucoste donde-mas-barato»):
    # su coste o, en «condiciones», por qué no pueden.
    otras = ranking.otras(trabajo)
    filas = tuple((*f, "") for f in filas) + tuple(
        (
            o.gpu or o.opcion,
            f"{o.proveedor} ({o.plan})",
            texto(o.coste) if o.coste else "no puede",
            texto(o.horas, 1) if o.horas else "sin dato",
            "no aplica" if o.precio_hora_usd is None else numero(o.precio_hora_usd),
            tipo_precio(o.tipo) if o.tipo else "",
            frescura.fecha_con_aviso(o.fecha) if o.fecha else "",
            "",
            o.condiciones,
        )
        for o in otras
    )
    # Los mismos puntos que el gráfico de la página (puntos.dispersion), dibujados sin matplotlib.
    d = puntos.dispersion(opciones)
    grafico = dibujo.puntos(
        d.horas,
        d.costes,
        d.gpus,
        destacados=d.frontera,
        eje_x="horas facturadas (rango por la MFU)",
        eje_y="coste por trabajo terminado (US$)",
        alt=f"{trabajo.descripcion()}: coste por trabajo frente a horas de las {len(opciones)} GPU alquiladas de la "
        "tabla, con tus cifras: cada "
        "punto con sus barras de rango, y un anillo y una línea en la frontera de Pareto: "
        f"{'; '.join(d.opciones[i] for i in sorted(d.frontera))}.",
    )
    # La respuesta (el total) junto a la opción: en un móvil, cada fila es una tarjeta que empieza por ella.
    # Con los títulos de «gpucoste donde-mas-barato» (etiquetas.COLUMNAS).
    claves = (
        *("gpu", "proveedor", "coste_usd", "horas"),
        *("precio_hora_todas_usd", "tipo_precio", "fecha_precio", "pareto", "condiciones"),
    )
    columnas = tuple(COLUMNAS[c] for c in claves)
    # Si la más barata es una GPU sin medidas de entrenamiento o su precio es antiguo, la nota de la tabla lo dice
    # (como el ejemplo y la línea de órdenes).
    nota = " ".join(ranking.avisos(opciones))
    numericas = (False, False, True, True, True, False, False, False, False)
    return Tabla(columnas, filas, numericas, grafico, trabajo.descripcion(), nota=nota)


DONDE_MAS_BARATO = Calculadora(
    "donde-mas-barato",
    "Calcula tu caso: ¿dónde sale más barato terminarlo?",
    {
        "modelo": "opcion",
        "metodo": "opcion",
        "tokens": "decimal",
        "epocas": "entero",
        "secuencia": "entero",
        "sin_estimaciones": "opcion",
    },
    _campos_barato,
    _tabla_barato,
    "donde-mas-barato",
)
"""La calculadora «donde-mas-barato» tal como se declara; en ``CALCULADORAS`` gana el campo del país
(``CON_DINERO``)."""
