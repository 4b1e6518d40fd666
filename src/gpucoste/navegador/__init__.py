"""Calculadoras en el navegador: la misma biblioteca, ejecutada por Pyodide en la página.

Cada calculadora se declara aquí: sus campos (etiqueta, unidad y valor por defecto sacado de los datos)
y la función de la biblioteca que la calcula. Al construir el sitio, el hook
``construccion/navegador.py`` pinta el formulario con el resultado de los valores por defecto
(la página está completa sin JavaScript); en el navegador, ``docs/javascripts/calculadora.js`` carga
Pyodide y la rueda de esta biblioteca y llama a ``calcular`` con lo que escribe el lector.

Ni este módulo ni lo que importa al calcular usan pandas ni matplotlib: el paquete de npm de Pyodide no
los trae y, además, pesan. Los valores por defecto (que sí leen los datos con toda la biblioteca) solo se
calculan al construir, en ``campos()``.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
import re
import shlex
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from gpucoste.base.formato import nivel, numero, periodo, rango, tipo_precio, total
from gpucoste.base.validacion import Validado, admite_vacio, instancia, opcion, real
from gpucoste.base.validacion import numero as numero_valido
from gpucoste.base.validacion import texto as texto_valido
from gpucoste.calculo.coste import coste_total, horas_al_mes

__all__ = [
    "CALCULADORAS",
    "CON_DINERO",
    "Calculadora",
    "Campo",
    "EJEMPLO_GPU",
    "EJEMPLO_MODELO",
    "EJEMPLO_TOKENS",
    "MODULOS_DEL_CALCULO",
    "NOMBRES_FORMATOS",
    "INTERCONEXION_DE_SERIE",
    "KV_DE_SERIE",
    "NOMBRES_OPTIMIZADORES",
    "NOMBRES_PERDIDAS",
    "PRECISION_DEL_METODO",
    "TASA_EJEMPLO",
    "Tabla",
    "bandera",
    "calcular",
    "calcular_json",
    "clave_url",
    "codigo_html",
    "en_moneda",
    "enlace",
    "escribir",
    "formulario_html",
    "leer",
    "leer_entero",
    "orden_cli",
    "precargar",
    "tabla_csv",
    "tabla_html",
]


@dataclass(frozen=True)
class Campo(Validado):
    """Un dato que escribe el lector: el argumento ``nombre`` de la función de la calculadora."""

    nombre: str
    etiqueta: str
    unidad: str
    defecto: float | int | str
    opciones: tuple[str, ...] = ()
    """Si las hay, el campo es una lista para elegir (un ``<select>``) y el valor va tal cual."""
    nombres: Mapping[str, str] | None = None
    """Lo que lee el lector en la lista, opción a opción (p. ej. «LoRA» para ``"lora"``); si falta, el valor."""
    vacio: str = ""
    """Si lo hay, el campo se puede dejar vacío (su argumento es ``"decimal_o_vacio"``) y esto dice lo que se usa
    entonces (p. ej. «el de la tienda de tu país»): se lee dentro del campo vacío."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.defecto == "" and not self.vacio:
            raise ValueError(
                f"Campo {self.nombre!r}: defecto='' no vale sin «vacio»; se admite un valor, o vacío si «vacio» dice "
                "lo que se usa entonces."
            )


# Un número sin unidad (el lote, las GPU); un campo que empieza vacío (con «vacio», que dice lo que se usa).
admite_vacio(Campo, "unidad", "defecto")


@dataclass(frozen=True)
class Tabla(Validado):
    """El resultado de una calculadora: columnas y filas ya escritas en español (cada fila, una celda por
    columna, y una marca ``numericas`` por columna; si no, ``ValueError`` al crearla)."""

    columnas: tuple[str, ...]
    filas: tuple[tuple[str, ...], ...]
    numericas: tuple[bool, ...]
    """Columna a columna, si va alineada a la derecha (cifras)."""
    grafico: str = ""
    """El gráfico del resultado (SVG de ``gpucoste.graficos.dibujo``, sin matplotlib), si la calculadora tiene uno."""
    titulo: str = ""
    """Qué trabajo describe la tabla (modelo, método, tokens, secuencia, GPU…), escrito desde los campos: su
    ``<caption>``."""
    exactas: tuple[tuple[float | None, ...], ...] = ()
    """Si las hay, la cifra sin redondear de cada celda (``None`` si no es una cifra), fila a fila: ``en_moneda``
    convierte esa y no la redondeada de la celda (como la línea de órdenes). Vacía: convierte la de la celda."""
    nota: str = ""
    """Si la hay, una frase que se lee justo encima de la tabla (p. ej. que las horas de la opción más barata son una
    estimación): fuera del título, que en una tabla ancha se desplaza con ella y no se lee entero."""

    def __post_init__(self) -> None:
        super().__post_init__()
        n = len(self.columnas)
        for i, fila in enumerate((*self.filas, self.numericas)):
            if len(fila) != n:
                que = "numericas" if i == len(self.filas) else f"filas[{i}]"
                raise ValueError(f"Tabla: {que} tiene {len(fila)} celdas; se admite una por columna ({n}).")
        if self.exactas and [len(f) for f in self.exactas] != [len(f) for f in self.filas]:
            raise ValueError("Tabla: exactas no vale; se admite una cifra (o None) por celda de filas, o ninguna.")


@dataclass(frozen=True)
class Calculadora(Validado):
    nombre: str
    titulo: str
    argumentos: dict[str, str]
    """Nombre → tipo de cada campo, en orden (``"decimal"``, ``"entero"``, ``"opcion"`` o ``"decimal_o_vacio"``: un
    número o nada, que llega como ``None``), sin leer los datos: es lo que usa el navegador."""
    campos: Callable[[], tuple[Campo, ...]]
    """Los campos con sus valores por defecto (se leen de los datos al construir el sitio)."""
    calcular: Callable[..., Tabla]
    """Función pura de la biblioteca: recibe los campos por nombre y devuelve la tabla."""
    orden: str
    """La orden de ``gpucoste`` que imprime el mismo resultado (``gpucoste.cli.ORDENES``): de ella y de los
    campos sale «copiar como orden» (``orden_cli``)."""
    banderas: Mapping[str, str] = field(default_factory=dict)
    """La opción de la orden de cada campo cuyo nombre no es el de la opción (``horas_trabajo`` → ``--horas``);
    los demás campos van a ``--nombre-del-campo``. ``tests/navegador/test_calculadoras_navegador.py`` comprueba que
    cada opción existe en la orden."""


# --- Coste de un trabajo (gpucoste.calculo.coste.coste_total, lo mismo que «gpucoste coste») -------------------


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
            f"Precio de la GPU: {precio.nombre} en {barata.proveedor} ({tipo_precio(precio.tipo)})",
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
        Campo("gb_transferencia", "Transferencia con cargo (entrada y salida)", "GB", 0.0),
        Campo("precio_gb_transferencia", "Precio de la transferencia", "US$/GB", 0.0),
    )


def _tabla_coste(**valores: float) -> Tabla:
    d = coste_total(**valores)
    partidas = (
        ("GPU (precio × horas)", d.gpu),
        ("Arranque facturado", d.arranque),
        ("Disco durante el trabajo", d.almacenamiento),
        ("Transferencia", d.transferencia),
        ("Coste real del trabajo", d.total),
    )
    titulo = (
        f"Un trabajo de {escribir(valores['horas'])} horas de cómputo a {escribir(valores['precio_hora'])} US$/h, "
        "con sus costes ocultos"
    )
    return Tabla(("Partida", "Coste (US$)"), tuple((p, numero(x)) for p, x in partidas), (False, True), "", titulo)


# --- Interrumpible o bajo demanda (gpucoste.calculo.interrupciones: esperado y tasa_equilibrio) ---------------------


def _campos_interrumpibles() -> tuple[Campo, ...]:
    from gpucoste.guia import decisiones

    e = decisiones.ejemplo_interrumpible()
    return (
        Campo("horas_trabajo", f"Horas de cómputo del trabajo en la {e.gpu}", "h", e.horas_trabajo),
        Campo("interrupciones_hora", "Interrupciones por hora, de media", "1/h", TASA_EJEMPLO),
        Campo("escritura_min", "Escribir un checkpoint", "min", e.escritura_h * 60),
        Campo("reinicio_min", "Volver a arrancar tras una interrupción", "min", e.reinicio_min_h * 60),
        Campo("precio_interrumpible", "Precio interrumpible", "US$/h", e.precio_interrumpible),
        Campo("precio_bajo_demanda", "Precio bajo demanda", "US$/h", e.precio_bajo_demanda),
    )


TASA_EJEMPLO = 0.1
"""Interrupciones por hora por defecto en la calculadora: una de las filas de la tabla publicada."""


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
    comunes = {"horas_trabajo": horas_trabajo, "escritura_h": escritura_h, "reinicio_h": reinicio_h}
    e = interrupciones.esperado(interrupciones_hora=interrupciones_hora, precio_hora=precio_interrumpible, **comunes)
    eq = interrupciones.tasa_equilibrio(
        precio_interrumpible=precio_interrumpible, precio_bajo_demanda=precio_bajo_demanda, **comunes
    )
    bajo_demanda = numero_valido(precio_bajo_demanda, "precio_bajo_demanda") * horas_trabajo
    filas = (
        ("Checkpoint cada (minutos de cómputo, Daly)", numero(e.intervalo * 60, 0)),
        ("Horas esperadas, interrumpible", numero(e.horas)),
        ("Interrupciones esperadas", numero(e.interrupciones)),
        ("Coste esperado, interrumpible (US$)", numero(e.coste)),
        ("Coste bajo demanda (US$)", numero(bajo_demanda)),
        (
            "Deja de compensar a partir de (interrupciones por hora)",
            eq.motivo if eq.umbral is None else numero(eq.umbral),
        ),
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


# El ejemplo de las páginas de la cadena de decisión (docs/calculadoras/): LoRA de Llama 3.1 8B con 50 millones
# de tokens en una RTX 4090. Son los valores por defecto de sus calculadoras.
EJEMPLO_MODELO = "Llama 3.1 8B"
EJEMPLO_GPU = "RTX 4090"
EJEMPLO_TOKENS = 50e6


def _metodo_entrenamiento() -> Campo:
    from gpucoste.calculo import memoria

    metodos = tuple(m for m in memoria.METODOS if m != "inferencia")
    return Campo("metodo", "Método de entrenamiento", "", "lora", metodos, memoria.NOMBRES_METODOS)


# --- ¿Cabe mi modelo? (gpucoste.calculo.memoria.encaja) --------------------------------------------------------------

_PARTIDAS_MEMORIA = {"kv": "caché KV"}


def _campos_cabe() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import memoria

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        Campo("metodo", "Para qué se carga", "", "lora", memoria.METODOS, memoria.NOMBRES_METODOS),
        Campo("gpu", "GPU", "", EJEMPLO_GPU, tuple(datos.especificaciones())),
        Campo("n_gpus", "Número de GPU", "", 1),
        Campo("secuencia", "Longitud de la secuencia, o del contexto al servir", "tokens", memoria.SECUENCIA),
        Campo("lote", "Tamaño de lote", "secuencias a la vez", 1),
        Campo(
            "precision",
            "Formato de los pesos (al servir o con LoRA)",
            "",
            PRECISION_DEL_METODO,
            (PRECISION_DEL_METODO, *memoria.BYTES_POR_PARAMETRO),
            {PRECISION_DEL_METODO: "el del método (bf16; NF4 en QLoRA)"} | NOMBRES_FORMATOS,
        ),
        Campo(
            "precision_kv",
            "Formato de la caché KV (al servir)",
            "",
            KV_DE_SERIE,
            (KV_DE_SERIE, *memoria.FORMATOS_KV),
            {KV_DE_SERIE: "el de serie (bf16; fp16 o fp32 si los pesos lo son)", "fp8": "FP8"} | NOMBRES_FORMATOS,
        ),
        Campo(
            "optimizador", "Optimizador (al entrenar)", "", "adamw", tuple(memoria.OPTIMIZADORES), NOMBRES_OPTIMIZADORES
        ),
        Campo("perdida", "Entropía cruzada (al entrenar)", "", "completa", memoria.PERDIDAS, NOMBRES_PERDIDAS),
    )


KV_DE_SERIE = "serie"
"""Valor del campo de la caché KV que deja la de serie (``precision_kv=None`` en ``memoria.encaja``)."""

NOMBRES_OPTIMIZADORES = {
    "adamw": "AdamW en precisión mixta",
    "adamw_bf16": "AdamW en bf16, sin copia en fp32",
    "adamw8bit": "AdamW de 8 bits",
}
"""Cómo se llama cada optimizador de ``memoria.OPTIMIZADORES`` en la lista del formulario."""

NOMBRES_PERDIDAS = {"completa": "de una vez, con todos los logits", "por_trozos": "por trozos"}
"""Cómo se llama cada forma de calcular la pérdida (``memoria.PERDIDAS``) en la lista del formulario."""

PRECISION_DEL_METODO = "metodo"
"""Valor del campo de formato que deja el del método (``precision=None`` en ``memoria.encaja``)."""

NOMBRES_FORMATOS = {
    "2bit": "2 bits",
    "q8_0": "GGUF Q8_0",
    "q5_k_m": "GGUF Q5_K_M",
    "q4_k_m": "GGUF Q4_K_M",
    "q4_0": "GGUF Q4_0",
    "gptq-int8": "GPTQ de 8 bits",
    "gptq-int4": "GPTQ de 4 bits",
    "awq-int4": "AWQ de 4 bits",
}
"""Cómo se llama cada formato cuantizado en la lista del formulario."""


def _tabla_cabe(
    *,
    modelo: str,
    metodo: str,
    gpu: str,
    n_gpus: int,
    secuencia: int,
    lote: int,
    precision: str = PRECISION_DEL_METODO,
    precision_kv: str = KV_DE_SERIE,
    optimizador: str = "adamw",
    perdida: str = "completa",
) -> Tabla:
    from gpucoste.calculo import memoria
    from gpucoste.graficos import dibujo

    formato = None if precision == PRECISION_DEL_METODO else precision
    kv = None if precision_kv == KV_DE_SERIE else precision_kv
    m = memoria.encaja(
        modelo,
        metodo,
        gpu,
        n_gpus=n_gpus,
        secuencia=secuencia,
        lote=lote,
        precision=formato,
        precision_kv=kv,
        optimizador=optimizador,
        perdida=perdida,
    )
    filas = [(_PARTIDAS_MEMORIA.get(p, p), numero(getattr(m, p), 1)) for p in memoria.Memoria.PARTIDAS]
    filas += [
        ("total", numero(m.total, 1)),
        (f"VRAM de la {m.gpu}", numero(m.vram_gb, 0)),
        ("¿cabe?", "sí" if m.cabe else "no"),
    ]
    nombre = memoria.NOMBRES_METODOS.get(metodo, metodo)
    grafico = dibujo.barras(
        [f"{modelo} · {nombre}"],
        {leyenda: [gb] for leyenda, gb in m.grupos.items()},
        eje=f"GB por GPU ({numero(n_gpus, 0)} GPU)",
        referencias={f"VRAM de la {m.gpu}": m.vram_gb},
        alt=f"Barra apilada con la memoria por GPU de {modelo} ({nombre}), con tus cifras: pesos; adaptadores, "
        f"gradientes y AdamW; activaciones; caché KV; y contexto de CUDA y reserva, frente a una línea vertical "
        f"discontinua con la VRAM de la "
        f"{m.gpu}. {'Cabe' if m.cabe else 'No cabe'}.",
    )
    titulo = memoria.describir(modelo, metodo, secuencia=secuencia, lote=lote, gpu_=m.gpu, n_gpus=n_gpus)
    return Tabla(("Partida", "GB por GPU"), tuple(filas), (False, True), grafico, titulo)


# --- ¿Cuánto tardará? (gpucoste.calculo.tiempo.horas_entrenamiento) -----------------------------------------------


def _campos_tarda() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import tiempo

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        _metodo_entrenamiento(),
        Campo("tokens", "Datos de entrenamiento", "tokens", EJEMPLO_TOKENS),
        Campo("gpu", "GPU", "", EJEMPLO_GPU, tuple(datos.especificaciones())),
        Campo("n_gpus", "Número de GPU", "", 1),
        Campo(
            "interconexion",
            "Conexión entre las GPU",
            "",
            INTERCONEXION_DE_SERIE,
            (INTERCONEXION_DE_SERIE, *tiempo.INTERCONEXIONES),
            {INTERCONEXION_DE_SERIE: "la de serie (según la GPU y cuántas)"} | tiempo.INTERCONEXIONES,
        ),
    )


INTERCONEXION_DE_SERIE = "serie"
"""Valor del campo de interconexión que deja la de serie (``interconexion=None``:
``tiempo.interconexion_por_defecto``)."""


def _tabla_tarda(
    *, modelo: str, metodo: str, tokens: float, gpu: str, n_gpus: int, interconexion: str = INTERCONEXION_DE_SERIE
) -> Tabla:
    from gpucoste.calculo import memoria, tiempo

    red = None if interconexion == INTERCONEXION_DE_SERIE else interconexion
    h = tiempo.horas_entrenamiento(modelo, metodo, tokens, gpu, n_gpus=n_gpus, interconexion=red)
    tipicas = tiempo.horas_tipicas(modelo, metodo, tokens, gpu, n_gpus=n_gpus, interconexion=red)
    m = memoria.encaja(modelo, metodo, gpu, n_gpus=n_gpus)
    u = tiempo.mfu(gpu, n_gpus, red)
    filas = [
        ("horas", rango(h.minimo, h.maximo, 1)),
        ("horas típicas", numero(tipicas, 1)),
        ("MFU medida en su clase de GPU", rango(u.minimo, u.maximo, 2)),
        ("memoria por GPU (GB)", numero(m.total, 1)),
        ("¿cabe?", "sí" if m.cabe else "no"),
    ]
    if n_gpus > 1:  # con varias GPUs, por dónde se hablan y lo que eso cuesta (escalado.csv)
        e = tiempo.eficiencia_interconexion(gpu, n_gpus, red)
        filas[3:3] = [
            ("interconexión", tiempo.INTERCONEXIONES[red or tiempo.interconexion_por_defecto(gpu, n_gpus)]),
            ("rendimiento por GPU frente a un nodo con NVLink", rango(e.minimo, e.maximo, 2)),
        ]
    try:
        v = tiempo.velocidad_generacion(modelo, gpu, n_gpus=n_gpus, contexto=tiempo.CONTEXTO_CALCULADORAS)
        filas.append(("tokens/s al generar (vLLM, bf16, una secuencia)", rango(v.minimo, v.maximo, 0)))
    except ValueError:
        filas.append(("tokens/s al generar (vLLM, bf16, una secuencia)", "no cabe en bf16"))
    titulo = memoria.describir(modelo, metodo, tokens=tokens, secuencia=memoria.SECUENCIA, gpu_=gpu, n_gpus=n_gpus)
    return Tabla(("Resultado", "Valor"), tuple(filas), (False, True), "", titulo)


# --- ¿Dónde sale más barato terminarlo? (gpucoste.calculo.ranking.ranking) ----------------------------------------


def _campos_barato() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import memoria

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        _metodo_entrenamiento(),
        Campo("tokens", "Datos de entrenamiento", "tokens", EJEMPLO_TOKENS),
        Campo("secuencia", "Longitud de la secuencia", "tokens", memoria.SECUENCIA),
        Campo("sin_estimaciones", "Sin estimaciones (solo precios leídos)", "", "sí", ("sí", "no")),
    )


def _tabla_barato(*, modelo: str, metodo: str, tokens: float, secuencia: int, sin_estimaciones: str = "sí") -> Tabla:
    from gpucoste.calculo import ranking
    from gpucoste.graficos import dibujo

    def texto(r, decimales: int = 2) -> str:
        return "sin dato" if r is None else rango(r.minimo, r.maximo, decimales)

    opcion(sin_estimaciones, "Sin estimaciones", ("sí", "no"))
    trabajo = ranking.Trabajo(modelo=modelo, metodo=metodo, tokens=tokens, secuencia=secuencia)
    opciones = ranking.ranking(trabajo, estimaciones=sin_estimaciones == "no")
    if not opciones:
        raise ValueError(f"modelo: {modelo!r} no cabe con {metodo!r} en ninguna GPU de los datos (ni con varias).")
    filas = tuple(
        (
            f.precio.gpu if f.n_gpus == 1 else f"{f.n_gpus} × {f.precio.gpu}",
            f.precio.proveedor_y_nivel,
            total(texto(f.coste), f.completo),
            texto(f.horas, 1),
            numero(f.precio.precio_hora_usd * f.n_gpus),
            tipo_precio(f.precio.tipo),
            "★" if f.pareto else "",
        )
        for f in opciones
    )
    # Los mismos puntos que el gráfico de la página (ranking.dispersion), dibujados sin matplotlib.
    d = ranking.dispersion(opciones)
    grafico = dibujo.puntos(
        d.horas,
        d.costes,
        d.gpus,
        destacados=d.frontera,
        eje_x="horas de cómputo (rango por la MFU)",
        eje_y="coste por trabajo terminado (US$)",
        alt=f"{trabajo.descripcion()}: coste por trabajo frente a horas de las {len(filas)} opciones de la tabla, "
        "con tus cifras: cada "
        "punto con sus barras de rango, y un anillo y una línea en la frontera de Pareto: "
        f"{'; '.join(d.opciones[i] for i in sorted(d.frontera))}.",
    )
    # La respuesta (el total) junto a la opción: en un móvil, cada fila es una tarjeta que empieza por ella.
    columnas = ("GPU", "proveedor", "total (US$)", "horas", "US$/h", "tipo", "Pareto")
    # Si la más barata es una GPU sin medidas de entrenamiento, la nota de la tabla lo dice (como el ejemplo).
    nota = ranking.aviso_mas_barata(opciones[0].precio.gpu)
    numericas = (False, False, True, True, True, False, False)
    return Tabla(columnas, filas, numericas, grafico, trabajo.descripcion(), nota=nota)


# --- ¿API por token o GPU alquilada? (gpucoste.calculo.equilibrios.api_o_gpu, como la tabla de su página) ----------


def _campos_api_o_gpu() -> tuple[Campo, ...]:
    from gpucoste.dinero import mercado
    from gpucoste.guia import decisiones

    gpu = decisiones.precio_gpu_alquilada()
    api = next(p for p in mercado.precios_api() if p.modelo == decisiones.MODELO)
    lleno = decisiones.rendimientos()[-1]
    return (
        Campo(
            "precio_hora",
            f"Precio de la GPU: {gpu.gpu} en {gpu.proveedor}, {nivel(gpu.nivel)} ({tipo_precio(gpu.tipo)})",
            "US$/h",
            gpu.precio_hora_usd,
        ),
        # Redondeado como en la tabla de la página: el umbral y su coste no dependen de esta cifra, solo si se llega.
        Campo("tokens_s", f"Tokens por segundo que genera la GPU, {lleno.nombre}", "tokens/s", round(lleno.tokens_s)),
        Campo(
            "precio_entrada",
            f"Precio de la API por tokens de entrada: {api.modelo} en {api.proveedor}",
            "US$ por millón",
            api.entrada_usd_millon,
        ),
        Campo("precio_salida", "Precio de la API por tokens generados", "US$ por millón", api.salida_usd_millon),
        Campo("entrada_por_salida", "Tokens de entrada por token generado", "", decisiones.ENTRADA_POR_SALIDA),
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
    filas = (
        ("US$ por millón de tokens generados (con su entrada)", numero(millon)),
        ("Tokens por segundo para empatar", numero(equilibrios.tokens_s_minimos(precio_hora, millon), 0)),
        ("Equilibrio (millones de tokens al mes)", e.motivo if e.umbral is None else numero(e.umbral / 1e6, 0)),
        ("Coste en el equilibrio (US$/mes)", "—" if e.coste_b is None else numero(e.coste_b)),
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


# --- ¿Comprar o alquilar? (gpucoste.calculo.compra.comprar_o_alquilar, como la tabla de su página) -----------------


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
            f"Precio de alquiler en {alquiler.proveedor}, {nivel(alquiler.nivel)} ({tipo_precio(alquiler.tipo)})",
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
            f"Horas de uso al mes ({numero(horas_al_mes(decisiones.HORAS_AL_DIA[0]), 0)} = "
            f"{decisiones.HORAS_AL_DIA[0]} h al día)",
            "h",
            horas_al_mes(decisiones.HORAS_AL_DIA[0]),
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
    cifras = (
        ("Precio de compra (US$)", precio_compra, 2),
        ("Precio del kWh (US$)", precio_kwh, 4),
        ("Meses hasta el equilibrio", e.umbral, 1),
        ("Horas de uso hasta el equilibrio", horas_uso, 0),
        ("Coste en el equilibrio (US$)", e.coste_a, 0),
        (
            "Horas de alquiler equivalentes a la compra (sin electricidad ni reventa)",
            compra.horas_equivalentes(precio_compra, precio_hora),
            0,
        ),
    )
    sin_cifra = {"Meses hasta el equilibrio": e.motivo}
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


CALCULADORAS: dict[str, Calculadora] = {
    c.nombre: c
    for c in (
        Calculadora(
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
        ),
        Calculadora(
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
        ),
        Calculadora(
            "cabe",
            "Calcula tu caso: ¿cabe en la GPU?",
            {
                "modelo": "opcion",
                "metodo": "opcion",
                "gpu": "opcion",
                "n_gpus": "entero",
                "secuencia": "entero",
                "lote": "entero",
                "precision": "opcion",
                "precision_kv": "opcion",
                "optimizador": "opcion",
                "perdida": "opcion",
            },
            _campos_cabe,
            _tabla_cabe,
            "cabe",
        ),
        Calculadora(
            "cuanto-tarda",
            "Calcula tu caso: ¿cuánto tardará?",
            {
                "modelo": "opcion",
                "metodo": "opcion",
                "tokens": "decimal",
                "gpu": "opcion",
                "n_gpus": "entero",
                "interconexion": "opcion",
            },
            _campos_tarda,
            _tabla_tarda,
            "cuanto-tarda",
        ),
        Calculadora(
            "donde-mas-barato",
            "Calcula tu caso: ¿dónde sale más barato terminarlo?",
            {
                "modelo": "opcion",
                "metodo": "opcion",
                "tokens": "decimal",
                "secuencia": "entero",
                "sin_estimaciones": "opcion",
            },
            _campos_barato,
            _tabla_barato,
            "donde-mas-barato",
        ),
        Calculadora(
            "api-o-gpu",
            "Calcula tu caso: ¿API por token o GPU alquilada?",
            dict.fromkeys(
                ("precio_hora", "tokens_s", "precio_entrada", "precio_salida", "entrada_por_salida"), "decimal"
            ),
            _campos_api_o_gpu,
            _tabla_api_o_gpu,
            "api-o-gpu",
        ),
        Calculadora(
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
        ),
    )
}


# --- El país del lector: un campo más en cada calculadora que da dinero ------------------------------------

CON_DINERO = ("coste", "interrumpibles", "donde-mas-barato", "api-o-gpu", "comprar")
"""Las calculadoras cuyo resultado lleva importes en dólares: ganan el campo ``pais`` (``_campo_pais``), que,
como cualquier campo declarado, viaja en el enlace, en «copiar como orden» (``--pais``) y en el CSV. Una que lo
declara en sus argumentos (``comprar``: el precio de compra de la tienda del país) también lo recibe."""


def _campo_pais() -> Campo:
    from gpucoste.base import formato
    from gpucoste.dinero import paises

    todos = paises.paises()
    nombres = {
        p.codigo: p.pais
        if p.moneda == "USD"
        else f"{p.pais} ({p.moneda}, {p.nombre_impuesto} {formato.porcentaje(p.impuesto)})"
        for p in todos
    }
    neutro = paises.SIN_IMPUESTOS.codigo
    return Campo("pais", "Tu país: moneda e impuesto de un particular", "", neutro, tuple(nombres), nombres)


def _importe(celda: str, convertir: Callable[[float], str], exacta: float | None = None) -> str:
    """«2,04» → su importe local (el de ``exacta``, la cifra sin redondear, si se da); «2,89–4,89*» → los dos
    extremos, con la marca de total incompleto (``formato.INCOMPLETO``); lo que no es cifra, tal cual."""
    from gpucoste.base.formato import INCOMPLETO

    marca = INCOMPLETO if celda.endswith(INCOMPLETO) else ""
    cifras = celda.removesuffix(marca) if marca else celda
    leidos = [leer(x) for x in cifras.split("–")]
    if not all(isinstance(x, float) for x in leidos):
        return celda
    if exacta is not None and len(leidos) == 1:
        leidos = [exacta]
    return "–".join(convertir(x) for x in leidos) + marca


def en_moneda(tabla: Tabla, pais: str) -> Tabla:
    """``tabla`` con cada importe en dólares también en la moneda de ``pais``, con el impuesto de un particular;
    el título dice el tipo de cambio y su fecha. Con la entrada neutra («SIN»), la tabla tal cual.

    Importes: las columnas cuyo título lleva «US$» o, en las tablas de dos columnas (resultado, valor), las filas
    cuyo rótulo lo lleva. Las de electricidad se convierten sin el impuesto.
    """
    from dataclasses import replace

    from gpucoste.base import formato
    from gpucoste.dinero import paises

    instancia(tabla, Tabla, "tabla", de="p. ej. navegador.calcular(…)")
    p = paises.pais(pais)
    if p.moneda == "USD":
        return tabla
    que = paises.rotulo(p)
    decimales = paises.DECIMALES.get(p.moneda, 2)

    def convertidor(gravado: bool) -> Callable[[float], str]:
        return lambda x: numero(paises.en_local(x, p, empresa=not gravado).local, decimales)

    columnas, filas, numericas = list(tabla.columnas), [list(f) for f in tabla.filas], list(tabla.numericas)
    exactas = tabla.exactas or tuple((None,) * len(columnas) for _ in filas)
    if len(columnas) == 2 and not any("US$" in c for c in columnas):
        columnas.append(que)
        numericas.append(True)
        for f, x in zip(filas, exactas, strict=True):
            f.append(_importe(f[1], convertidor(paises.gravado(f[0])), x[1]) if "US$" in f[0] else "")
    else:
        for i in reversed([i for i, c in enumerate(columnas) if "US$" in c]):
            columnas.insert(i + 1, columnas[i].replace("US$", que))
            numericas.insert(i + 1, True)
            for f, x in zip(filas, exactas, strict=True):
                f.insert(i + 1, _importe(f[i], convertidor(paises.gravado(" ".join(f))), x[i]))
    impuesto = f"{p.nombre_impuesto} del {formato.porcentaje(p.impuesto)} de un particular"
    nota = f"En {p.pais}: {paises.nota_cambio(p)}; {impuesto}."
    titulo = f"{tabla.titulo.rstrip('.')}. {nota}" if tabla.titulo else nota
    return replace(
        tabla,
        columnas=tuple(columnas),
        filas=tuple(tuple(f) for f in filas),
        numericas=tuple(numericas),
        titulo=titulo,
        exactas=(),
    )


def _con_pais(calcular: Callable[..., Tabla], lo_usa: bool) -> Callable[..., Tabla]:
    def calcular_en_moneda(*, pais: str, **valores: object) -> Tabla:
        return en_moneda(calcular(**valores, **({"pais": pais} if lo_usa else {})), pais)

    return calcular_en_moneda


def _mas_pais(campos: Callable[[], tuple[Campo, ...]]) -> Callable[[], tuple[Campo, ...]]:
    return lambda: (*campos(), _campo_pais())


for _nombre in CON_DINERO:
    _c = CALCULADORAS[_nombre]
    CALCULADORAS[_nombre] = Calculadora(
        _c.nombre,
        _c.titulo,
        {**_c.argumentos, "pais": "opcion"},
        _mas_pais(_c.campos),
        _con_pais(_c.calcular, "pais" in _c.argumentos),
        _c.orden,
        _c.banderas,
    )


MODULOS_DEL_CALCULO = (
    "base.formato",
    "calculo.compra",
    "calculo.coste",
    "calculo.equilibrios",
    "calculo.experimento",
    "calculo.interrupciones",
    "calculo.memoria",
    "calculo.ranking",
    "calculo.tiempo",
    "dinero.paises",
    "graficos.dibujo",
    "guia.decisiones",
)
"""Los módulos que importan, al calcular, las calculadoras y el código editable (ninguno usa pandas)."""


def precargar() -> None:
    """Importa ya lo que las calculadoras importan al calcular.

    Lo llama la instantánea de memoria de Pyodide que se hace al construir
    (``construccion/instantanea.mjs``): así el primer cálculo en el navegador no importa nada.
    No calcula nada: ningún resultado queda guardado en la instantánea.
    """
    import importlib

    for modulo in MODULOS_DEL_CALCULO:
        importlib.import_module(f"gpucoste.{modulo}")


# --- Lo que escribe el lector ------------------------------------------------------------------------

_ENTERO_O_COMA = re.compile(r"[+-]?[0-9]+(,[0-9]+)?")
_MILLARES = re.compile(r"[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?")


def leer(texto: str) -> float | str:
    """El número que escribió el lector, con coma decimal («0,39») o punto («0.39»).

    Un punto seguido de grupos de tres cifras tras una primera cifra distinta de cero es de millares
    («2.000» → 2000; «0.390» → 0,39). Lo que no es un número se devuelve tal cual: la función de la
    biblioteca lo rechaza con su propio mensaje, que nombra el valor.
    """
    limpio = _escrito(texto).strip()
    if _MILLARES.fullmatch(limpio):
        limpio = limpio.replace(".", "").replace(",", ".")
    elif _ENTERO_O_COMA.fullmatch(limpio):
        limpio = limpio.replace(",", ".")
    try:
        x = float(limpio)
    except ValueError:
        return texto
    return x if math.isfinite(x) else texto  # «1e999», «inf», «nan»: la biblioteca rechaza el texto y lo nombra


def _escrito(texto: object) -> str:
    """Lo que llega de un campo del formulario es siempre un texto: otra cosa es un error de quien llama."""
    if not isinstance(texto, str):
        raise ValueError(f"{texto!r} no vale; se admite el texto de un campo del formulario (p. ej. '0,39').")
    return texto


def escribir(x: float | int | str) -> str:
    """Un valor por defecto tal como se escribe en el campo: sin ceros de más y con coma decimal.

    ``leer(escribir(x)) == x`` para todo float finito que no necesite notación científica.
    """
    if isinstance(x, str):
        return x
    x_real = real(x, "valor por defecto")  # un entero que no cabe en un float, tampoco
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    x = x_real
    if float(x).is_integer() and 1e4 <= abs(x) < 1e16:  # «50.000.000» se lee mejor que «50000000»
        return f"{int(x):,}".replace(",", ".")
    texto = repr(float(x)).removesuffix(".0")
    if "e" in texto or "E" in texto:
        return texto
    return texto.replace(".", ",")


def leer_entero(texto: str) -> int | str:
    """Un entero escrito por el lector («2048» o «2.048»); si no lo es, el texto tal cual (lo rechaza la biblioteca)."""
    limpio = _escrito(texto).strip()
    if re.fullmatch(r"[+-]?[0-9]+|[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+", limpio):
        return int(limpio.replace(".", ""))
    return texto


def _leer_o_nada(texto: str) -> float | str | None:
    """Un campo que se puede dejar vacío: ``None`` si lo está (solo espacios también); si no, ``leer``."""
    return None if not _escrito(texto).strip() else leer(texto)


_LECTORES: dict[str, Callable[[str], object]] = {
    "decimal": leer,
    "entero": leer_entero,
    "opcion": str,
    "decimal_o_vacio": _leer_o_nada,
}


def calcular(nombre: str, valores: Mapping[str, str]) -> Tabla:
    """Calcula la calculadora ``nombre`` con los textos de sus campos. Error: ``ValueError`` de la biblioteca."""
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    return c.calcular(**_leidos(c, valores))


def _leidos(c: Calculadora, valores: Mapping[str, str]) -> dict[str, object]:
    return {campo: _LECTORES[tipo](valores[campo]) for campo, tipo in c.argumentos.items()}


def _en_la_orden(valor: object) -> str:
    """Un valor tal como lo lee la línea de órdenes: punto decimal y sin puntos de millares («1.500» sería
    ambiguo para ella), sin ceros de más: 0.39 → «0.39», 50e6 → «50000000», 2048 → «2048»."""
    if isinstance(valor, str):
        return valor
    if isinstance(valor, float) and valor.is_integer() and abs(valor) < 1e16:
        return str(int(valor))
    return repr(valor)


def bandera(nombre: str, campo: str) -> str:
    """La opción de la línea de órdenes que corresponde al campo ``campo`` de la calculadora ``nombre``."""
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    campo = opcion(campo, f"Campo de la calculadora {nombre!r}:", c.argumentos)
    return c.banderas.get(campo, "--" + campo.replace("_", "-"))


# Valores de un campo que la orden expresa sin su opción: el país neutro (sin --pais), el formato de los pesos
# que elige el método (sin --precision), la interconexión y la caché KV de serie y el optimizador y la pérdida por
# defecto de «gpucoste cabe».
_SIN_OPCION = {
    "pais": "SIN",
    "precision": PRECISION_DEL_METODO,
    "interconexion": INTERCONEXION_DE_SERIE,
    "precision_kv": KV_DE_SERIE,
    "optimizador": "adamw",
    "perdida": "completa",
}


def orden_cli(nombre: str, valores: Mapping[str, str]) -> str:
    """La orden de ``gpucoste`` que imprime el mismo resultado que la calculadora ``nombre`` con los textos
    ``valores`` de sus campos (cada campo, leído como lo lee ``calcular``, con su opción): «copiar como orden».

    Lista para pegar en una terminal (``shlex.quote``). Error: ``ValueError`` si faltan o sobran campos.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    partes = ["gpucoste", c.orden]
    for campo, valor in _leidos(c, valores).items():
        if valor is None or _SIN_OPCION.get(campo) == valor:  # la orden sin esa opción imprime lo mismo
            continue
        partes += [bandera(nombre, campo), _en_la_orden(valor)]
    return " ".join(shlex.quote(p) for p in partes)


def clave_url(nombre: str, campo: str) -> str:
    """El parámetro de la URL con el valor del campo ``campo`` de la calculadora ``nombre`` («cabe.modelo»): el
    nombre de la calculadora delante, porque una página puede tener dos con campos del mismo nombre."""
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    opcion(campo, f"Campo de la calculadora {nombre!r}:", c.argumentos)
    return f"{nombre}.{campo}"


def enlace(nombre: str, valores: Mapping[str, str]) -> str:
    """La parte de la URL (consulta y fragmento) que reproduce el resultado: ``?cabe.modelo=…&…#gc-cabe``.

    El script del navegador la lee al cargar la página, rellena el formulario y calcula; sin JavaScript, la
    página muestra los valores por defecto.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    # La coma decimal, tal cual («0,34» se lee mejor que «0%2C34»): es válida en una consulta.
    consulta = urllib.parse.urlencode(
        {clave_url(nombre, campo): valores[campo] for campo in c.argumentos}, safe=",", quote_via=urllib.parse.quote
    )
    return f"?{consulta}#gc-{nombre}"


def tabla_csv(tabla: Tabla) -> str:
    """La tabla del resultado en CSV (coma como separador, una fila de cabecera), con las celdas tal como se
    leen en la página; el título de la tabla no entra (un CSV es solo la tabla)."""
    instancia(tabla, Tabla, "tabla", de="p. ej. navegador.calcular(…)")
    salida = io.StringIO()
    escritor = csv.writer(salida, lineterminator="\n")
    escritor.writerow(tabla.columnas)
    escritor.writerows(tabla.filas)
    return salida.getvalue()


def _mismos_campos(nombre: str, c: Calculadora, valores: Mapping[str, str]) -> None:
    if not isinstance(valores, Mapping) or not all(isinstance(v, str) for v in valores.values()):
        raise ValueError(
            f"Calculadora {nombre!r}: valores={valores!r} no vale; se admite un diccionario de campo → texto con "
            f"los campos {list(c.argumentos)!r}."
        )
    if set(valores) != set(c.argumentos):
        raise ValueError(
            f"Calculadora {nombre!r}: {dict(valores)!r:.200} no vale (campos {sorted(valores)!r}); se admiten "
            f"exactamente los campos {list(c.argumentos)!r}."
        )


def calcular_json(nombre: str, valores_json: str) -> str:
    """Lo que llama el navegador: JSON con la tabla en HTML, o con el error y el campo al que se refiere."""
    try:
        valores = json.loads(_escrito(valores_json))
        if not isinstance(valores, dict):
            raise json.JSONDecodeError("no es un objeto", valores_json, 0)
    except json.JSONDecodeError:
        raise ValueError(
            f"Calculadora {nombre!r}: {valores_json!r} no vale; se admite un objeto JSON de campo → texto."
        ) from None
    try:
        tabla = calcular(nombre, valores)
    except ValueError as error:
        mensaje = str(error)
        # Los mensajes de la biblioteca empiezan por el nombre del argumento («horas: 'x' no es un número…»).
        campo = next((n for n in valores if isinstance(n, str) and re.match(rf"{re.escape(n)}\b", mensaje)), None)
        return json.dumps({"error": mensaje, "campo": campo}, ensure_ascii=False)
    return json.dumps(
        {"tabla": tabla_html(tabla), "grafico": tabla.grafico, **_compartir(nombre, valores, tabla)},
        ensure_ascii=False,
    )


def _compartir(nombre: str, valores: Mapping[str, str], tabla: Tabla) -> dict[str, str]:
    """Lo que viaja con el resultado: la orden equivalente, el CSV (como URL ``data:``) y el enlace."""
    return {
        "orden": orden_cli(nombre, valores),
        "csv": "data:text/csv;charset=utf-8," + urllib.parse.quote(tabla_csv(tabla)),
        "enlace": enlace(nombre, valores),
    }


# --- HTML (el mismo al construir y en el navegador) ------------------------------------------------------


def tabla_html(tabla: Tabla) -> str:
    """La tabla del resultado, con las clases de Material para tablas, y su nota encima si la tiene."""
    instancia(tabla, Tabla, "tabla", de="p. ej. navegador.calcular(…)")
    alinear = [' class="gc-num"' if n else "" for n in tabla.numericas]
    cabecera = "".join(
        f'<th scope="col"{a}>{html.escape(c)}</th>' for c, a in zip(tabla.columnas, alinear, strict=True)
    )
    # Cada celda lleva el nombre de su columna: en un móvil, las tablas de más de dos columnas se leen como
    # tarjetas, una por fila, con el nombre delante de cada cifra (calculadora.css).
    filas = "".join(
        "<tr>"
        + "".join(
            f'<td data-columna="{html.escape(c)}"{a}>{html.escape(v)}</td>'
            for c, v, a in zip(tabla.columnas, fila, alinear, strict=True)
        )
        + "</tr>"
        for fila in tabla.filas
    )
    titulo = f"<caption>{html.escape(tabla.titulo)}</caption>" if tabla.titulo else ""
    tarjetas = " data-tarjetas" if len(tabla.columnas) > 2 else ""
    # Material deja desplazar en horizontal una tabla ancha: con el foco, también se desplaza con el teclado
    # (axe, «scrollable-region-focusable»), como las tablas del texto (hooks/tablas.py).
    # La nota, antes de la tabla: una tabla larga (el ranking) la dejaría muy abajo.
    nota = f'<p class="gc-nota">{html.escape(tabla.nota)}</p>' if tabla.nota else ""
    return (
        f'{nota}<table tabindex="0"{tarjetas}>{titulo}<thead><tr>{cabecera}</tr></thead><tbody>{filas}</tbody></table>'
    )


def _textos(**valores: object) -> None:
    """Cada uno de ``valores`` es un texto (vacío vale: ``instantanea=""``); si no, ``ValueError`` que lo nombra."""
    for clave, valor in valores.items():
        if not isinstance(valor, str):
            raise ValueError(f"{clave}: {valor!r} no vale; se admite un texto.")


def _carga(pyodide: str, rueda: str, peso: str, instantanea: str) -> str:
    """Los atributos con lo que el script del navegador descarga para calcular."""
    return (
        f'data-pyodide="{html.escape(pyodide)}" data-rueda="{html.escape(rueda)}" '
        f'data-instantanea="{html.escape(instantanea)}" data-peso="{html.escape(peso)}"'
    )


def formulario_html(nombre: str, *, pyodide: str, rueda: str, peso: str, instantanea: str = "") -> str:
    """El formulario de la calculadora ``nombre`` con el resultado de sus valores por defecto.

    ``pyodide``, ``rueda`` e ``instantanea``: URL (relativas a la página) de la carpeta de Pyodide, de la
    rueda de gpucoste y de la instantánea de memoria de Pyodide con la biblioteca ya importada (vacía si no
    la hay: el navegador arranca Pyodide sin ella); ``peso``: lo que se descarga la primera vez (p. ej.
    «13,4 MB»), para avisar al lector.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _textos(pyodide=pyodide, rueda=rueda, peso=peso, instantanea=instantanea)
    campos = c.campos()
    # El mismo camino que en el navegador: los textos de los campos, leídos por ``calcular``.
    textos = {campo.nombre: escribir(campo.defecto) for campo in campos}
    resultado = calcular(nombre, textos)
    compartir = _compartir(nombre, textos, resultado)
    id_ = f"gc-{nombre}"
    filas = []
    for campo in campos:
        i = f"{id_}-{campo.nombre}"
        unidad = f' <span class="gc-unidad">({html.escape(campo.unidad)})</span>' if campo.unidad else ""
        comunes = f'id="{i}" name="{campo.nombre}" aria-describedby="{i}-error"'
        if campo.opciones:
            nombres = campo.nombres or {}
            opciones = "".join(
                f'<option value="{html.escape(o)}"{" selected" if o == campo.defecto else ""}>'
                f"{html.escape(nombres.get(o, o))}</option>"
                for o in campo.opciones
            )
            control = f"<select {comunes}>{opciones}</select>"
        else:
            modo = "numeric" if c.argumentos[campo.nombre] == "entero" else "decimal"
            vacio = f' placeholder="{html.escape(campo.vacio)}"' if campo.vacio else ""
            control = (
                f'<input {comunes} type="text" inputmode="{modo}" autocomplete="off" spellcheck="false" '
                f'value="{escribir(campo.defecto)}" data-defecto="{escribir(campo.defecto)}"{vacio}>'
            )
        filas.append(
            f'<div class="gc-campo"><label for="{i}">{html.escape(campo.etiqueta)}{unidad}</label>{control}'
            f'<span class="gc-error" id="{i}-error"></span></div>'
        )
    return (
        f'<form class="gc-calculadora" id="{id_}" data-calculadora="{nombre}" '
        f'{_carga(pyodide, rueda, peso, instantanea)} aria-labelledby="{id_}-titulo" novalidate>'
        # El título, corto: en un móvil el resultado va justo debajo (calculadora.css) y tiene que verse.
        f'<p class="gc-titulo" id="{id_}-titulo"><strong>{html.escape(c.titulo)}</strong></p>'
        f'<div class="gc-campos">{"".join(filas)}</div>'
        '<p class="gc-acciones"><button type="submit" class="md-button md-button--primary">Calcular</button> '
        '<button type="reset" class="md-button">Restablecer</button> '
        '<span class="gc-estado" role="status"></span></p>'
        "<noscript><p>Para calcular con tus cifras hace falta JavaScript; la tabla muestra el resultado con "
        "los valores por defecto.</p></noscript>"
        f'<div class="gc-resultado" aria-live="polite">{tabla_html(resultado)}</div>'
        f'<div class="gc-grafico">{resultado.grafico}</div>'
        '<div class="gc-compartir">'
        f'<p><a class="gc-enlace" href="{html.escape(compartir["enlace"])}">Enlace a este resultado</a> · '
        f'<a class="gc-csv" download="gpucoste-{nombre}.csv" href="{html.escape(compartir["csv"])}">Descargar la '
        "tabla en CSV</a></p>"
        f'<p id="{id_}-orden">La misma cuenta en la línea de órdenes (con gpucoste instalado): '
        '<button type="button" class="md-button gc-copiar" hidden>Copiar como orden</button></p>'
        # Un párrafo y no un bloque <pre><code>: el tema le pondría su propio botón de copiar, encima del texto.
        f'<p class="gc-orden"><code>{html.escape(compartir["orden"])}</code></p>'
        "</div>"
        '<p class="gc-nota">La cuenta se hace en tu navegador con esta misma biblioteca: nada sale de tu equipo. Con '
        "los valores por defecto, la tabla es la que se calculó al construir la página.</p>"
        "</form>"
    )


def codigo_html(
    nombre: str, codigo: str, salida: str, *, pyodide: str, rueda: str, peso: str, instantanea: str = ""
) -> str:
    """Código editable y ejecutable en el navegador, con la ``salida`` que dio al construir la página."""
    texto_valido(nombre, "nombre")
    _textos(codigo=codigo, salida=salida, pyodide=pyodide, rueda=rueda, peso=peso, instantanea=instantanea)
    id_ = f"gc-codigo-{nombre}"
    lineas = codigo.count("\n") + 1
    return (
        f'<form class="gc-codigo" id="{id_}" data-codigo="{nombre}" {_carga(pyodide, rueda, peso, instantanea)}>'
        f'<p><label for="{id_}-fuente"><strong>El código, editable</strong>: cambia un precio o unas horas y '
        "pulsa «Ejecutar»; se ejecuta en tu navegador con esta misma biblioteca.</label></p>"
        f'<textarea id="{id_}-fuente" name="codigo" rows="{lineas}" spellcheck="false" autocomplete="off"'
        f">{html.escape(codigo)}</textarea>"
        '<p class="gc-acciones"><button type="submit" class="md-button md-button--primary">Ejecutar</button> '
        '<button type="reset" class="md-button">Restablecer</button> '
        '<span class="gc-estado" role="status"></span></p>'
        "<noscript><p>Para ejecutarlo hace falta JavaScript; la salida es la que se obtuvo al construir la "
        "página.</p></noscript>"
        f'<p id="{id_}-titulo-salida">Salida:</p>'
        '<pre class="gc-salida" aria-live="polite"><code>'
        f"{html.escape(salida)}</code></pre>"
        "</form>"
    )
