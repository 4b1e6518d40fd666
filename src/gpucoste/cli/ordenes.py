"""Las órdenes de la cadena de decisión de ``gpucoste``: ``coste``, ``experimento``, ``precios``, ``cabe``,
``cuanto-tarda``, ``velocidad`` y ``donde-mas-barato``, cada una registrada en ``ORDENES`` con ``@orden`` al
importarse; y ``localizar``, que pasa el dinero de una salida a la moneda del país del lector (``--pais``).

Las órdenes de las calculadoras de decisión están en ``cli.calculadoras``, ``cli.interrumpible`` y ``cli.recomendar``
(sus entradas, en ``cli.entradas``); el análisis de los argumentos y ``main``,
en ``cli.analizador``. Todo se importa de ``gpucoste.cli``. Cómo añadir una orden: el docstring de ``gpucoste.cli``.
"""

from __future__ import annotations

import dataclasses

import pandas as pd

from gpucoste import datos
from gpucoste.base import esquema, etiquetas, formato, validacion
from gpucoste.calculo import experimento, memoria, ranking, tiempo
from gpucoste.calculo import programa as programa_
from gpucoste.calculo.arquitectura import Arquitectura
from gpucoste.calculo.coste import coste_total
from gpucoste.calculo.trabajo import MAX_EPOCAS, Trabajo
from gpucoste.cli.config import leer_config, modelo_de
from gpucoste.cli.opciones import (
    ErrorDeOpcion,
    Opcion,
    Salida,
    entero_positivo,
    no_negativo,
    nombre_de,
    orden,
    positivo,
)
from gpucoste.dinero import paises

__all__ = ["EPOCAS", "PRINCIPALES", "con_epocas", "localizar"]


PRINCIPALES = ("precio_hora", "coste_min", "coste_max")
"""En una tabla ancha (``donde-mas-barato``), las columnas que se convierten: las demás se quedan en dólares."""


def _gravado(fila: pd.Series) -> bool:
    return paises.gravado(" ".join(str(v) for v in fila.values if isinstance(v, str)))


def localizar(salida: Salida, pais: str, empresa: bool = False) -> Salida:
    """``salida`` con cada importe en dólares también en la moneda de ``pais``, con su impuesto, y el tipo y su fecha.

    Importes: las columnas con «US$» o que acaban en ``_usd``, o, en las tablas concepto/valor, las filas cuyo
    concepto dice «US$». Las de electricidad (``paises.gravado``) y las celdas de ``salida.sin_impuesto`` se
    convierten sin impuesto.
    """
    validacion.instancia(salida, Salida, "salida", de="lo que devuelve una orden")
    p = paises.pais(pais)
    if p.moneda == "USD":
        return dataclasses.replace(
            salida, pie=(*salida.pie, "Dólares sin impuestos: la cifra que publica el proveedor.")
        )
    decimales = paises.DECIMALES.get(p.moneda, 2)
    tabla = salida.tabla.copy()
    que = paises.rotulo(p, empresa)
    nuevas: dict[str, int] = {}
    encabezados: dict[str, str] = {}

    def convertir(usd: object, gravado: bool) -> float | None:
        if not isinstance(usd, (int, float)) or isinstance(usd, bool) or usd != usd:
            return None
        return paises.en_local(float(usd), p, empresa=empresa or not gravado).local

    if {"concepto", "valor"} <= set(tabla.columns):
        nombre = f"valor ({que})"
        tabla.insert(
            list(tabla.columns).index("valor") + 1,
            nombre,
            [convertir(f["valor"], _gravado(f)) if "US$" in str(f["concepto"]) else None for _, f in tabla.iterrows()],
        )
        nuevas[nombre] = decimales
    else:
        dinero = [c for c in tabla.columns if "US$" in c or c.endswith("_usd")]
        if len(dinero) > len(PRINCIPALES):  # una tabla ancha: solo el precio y el coste total
            dinero = [c for c in dinero if c.removesuffix("_usd") in PRINCIPALES]
        for c in dinero:
            nombre = c.replace("US$", que) if "US$" in c else f"{c.removesuffix('_usd')} ({que})"
            clave = c.replace("_min", "", 1).replace("_max", "", 1)
            if clave in etiquetas.COLUMNAS:  # al leerla, con el título de su columna en dólares, en la moneda
                nueva = nombre.replace("_min", "", 1).replace("_max", "", 1)
                encabezados[nueva] = etiquetas.COLUMNAS[clave].replace("US$", que)
            tabla.insert(
                list(tabla.columns).index(c) + 1,
                nombre,
                [
                    convertir(v, _gravado(f) and (i, c) not in salida.sin_impuesto)
                    for i, (v, (_, f)) in enumerate(zip(tabla[c], tabla.iterrows(), strict=True))
                ],
            )
            nuevas[nombre] = decimales
    c = paises.cambio(p)
    pie = [f"{p.pais}: {paises.nota_cambio(p)}."]
    if empresa:
        como = "lo autoliquida" if p.empresa_autoliquida else "lo paga al proveedor y lo acredita"
        pie.append(f"Como empresa, el {p.nombre_impuesto} no se suma: {como}.")
    else:
        pie.append(
            f"{p.nombre_impuesto} del {formato.porcentaje(p.impuesto)} que paga un particular, según {p.ley}; "
            f"{p.cobro[0].lower()}{p.cobro[1:]}. La compra de una GPU lleva el mismo tipo; la luz ya lleva sus "
            "impuestos y se convierte sin él."
        )
    if p.anticipo:
        vigencia = paises.vigencia_anticipo(p)
        pie.append(
            f"Además, una percepción a cuenta del {formato.porcentaje(p.anticipo)} sobre el precio, que se recupera "
            f"después (no está en la tabla{'; ' + vigencia if vigencia else ''})."
        )
    pie.append(
        f"Tu tarjeta puede sumar un recargo por pagar en dólares (estimación: {formato.porcentaje(p.recargo_tarjeta)})."
    )
    constantes = {
        "pais": p.codigo,
        "impuesto": 0.0 if empresa else p.impuesto,
        f"{p.moneda} por US$": c.por_usd,
        "fecha del tipo de cambio": c.fecha,
    }
    return dataclasses.replace(
        salida,
        tabla=tabla,
        decimales=salida.decimales | nuevas,
        pie=(*salida.pie, *pie),
        constantes=salida.constantes | constantes,
        encabezados=salida.encabezados | encabezados,
    )


# --- Órdenes ----------------------------------------------------------------------------------


@orden(
    "coste",
    "coste de un trabajo, con costes ocultos",
    Opcion("--precio-hora", "dólares por hora de la GPU", positivo, obligatoria=True),
    Opcion("--horas", "horas de cómputo del trabajo", positivo, obligatoria=True),
    Opcion("--minutos-arranque", "minutos facturados antes de empezar", no_negativo, 0.0),
    Opcion("--gb-disco", "GB en disco mientras dura el trabajo", no_negativo, 0.0),
    Opcion("--precio-gb-mes", "dólares por GB y mes de disco", no_negativo, 0.0),
    Opcion("--gb-transferencia", "GB de transferencia con cargo (entrada y salida)", no_negativo, 0.0),
    Opcion("--precio-gb-transferencia", "dólares por GB transferido", no_negativo, 0.0),
    ejemplo="--precio-hora 1,87 --horas 1,2 --minutos-arranque 15 --pais CO",
    dinero=True,
)
def _coste(precio_hora: float, horas: float, **ocultos: float) -> Salida:
    d = coste_total(precio_hora, horas, **ocultos)
    partidas = tuple(etiquetas.PARTIDAS_COSTE)
    tabla = pd.DataFrame({"partida": partidas, "coste (US$)": [getattr(d, p) for p in partidas]})
    # Al leerla, cada partida como en el formulario de la página; en csv y json, su clave («gpu», «total»…).
    return Salida(tabla, {"coste (US$)": 2}, legibles={"partida": dict(etiquetas.PARTIDAS_COSTE)})


@orden(
    "experimento",
    "tabla de costes de un experimento de los datos",
    Opcion(
        "--nombre",
        "experimento de escenarios.csv",
        nombre_de("Experimento", lambda: {e.experimento for e in datos.escenarios()}),
        experimento.FINETUNING,
    ),
    ejemplo=f"--nombre {experimento.FINETUNING} --formato csv",
    dinero=True,
)
def _experimento(nombre: str) -> Salida:
    # En la terminal, la columna lleva su unidad (en la biblioteca se llama «coste», como en las páginas).
    tabla = experimento.tabla(nombre).rename(columns={"coste": "coste (US$)"})
    return Salida(tabla, {"US$/h": 2, "horas": 2, "coste (US$)": 2})


@orden("precios", "referencias de precio con fuente y fecha", ejemplo="--formato json", dinero=True)
def _precios() -> Salida:
    columnas = ["gpu", "proveedor", "nivel", "precio_hora_usd", "tipo", "fecha", "fuente"]
    tabla = pd.DataFrame([{c: getattr(p, c) for c in columnas} for p in datos.precios()], columns=columnas)
    # Al leerla, «host verificado», «estimación» y la fecha en palabras, como en las páginas (``Salida``); en csv y
    # json, las claves de precios.csv.
    return Salida(tabla, {"precio_hora_usd": 2})  # dos decimales, como todos los precios


# --- La cadena de decisión: ¿cabe?, ¿cuánto tarda?, ¿dónde sale más barato? --------------------


_MODELO = Opcion(
    "--modelo", "modelo de modelos.csv, p. ej. «Llama 3.1 8B»", nombre_de("Modelo", datos.modelos), obligatoria=True
)
_MODELO_O_CONFIG = (  # uno de los dos (cli.config.modelo_de)
    Opcion("--modelo", "modelo de modelos.csv, p. ej. «Llama 3.1 8B» (o --config)", nombre_de("Modelo", datos.modelos)),
    Opcion("--config", "o el config.json de Hugging Face de cualquier modelo (en vez de --modelo)", leer_config),
)
_GPU = Opcion("--gpu", "GPU de gpus.csv, p. ej. «RTX 4090»", nombre_de("GPU", datos.especificaciones), obligatoria=True)
_ENTRENAR = ("completo", "lora", "qlora")
_SECUENCIA = Opcion("--secuencia", "tokens por secuencia (o de contexto al servir)", entero_positivo, memoria.SECUENCIA)
# En las órdenes que solo entrenan (cuanto-tarda, donde-mas-barato) no se sirve: sin «o de contexto al servir».
_SECUENCIA_ENTRENAR = Opcion("--secuencia", "tokens por secuencia", entero_positivo, memoria.SECUENCIA)
_LOTE = Opcion("--lote", "secuencias a la vez por GPU", entero_positivo, 1)
_METODO_ENTRENAR = Opcion("--metodo", "cómo se entrena", obligatoria=True, valores=_ENTRENAR)
_TOKENS_ENTRENAR = Opcion("--tokens", etiquetas.TOKENS_ENTRENAMIENTO, positivo, obligatoria=True)


def _epocas(texto: str) -> int:
    """Tipo de ``--epocas``: un entero de 1 a ``trabajo.MAX_EPOCAS`` (también «3,0», como lo escribe la salida)."""
    try:
        n = entero_positivo(texto)
    except ErrorDeOpcion:
        n = 0
    if not 1 <= n <= MAX_EPOCAS:
        raise ErrorDeOpcion(
            f"{texto!r} no vale; se admite un número entero de épocas de 1 a {formato.numero(MAX_EPOCAS, 0)} (p. ej. 3)"
        )
    return n


EPOCAS = Opcion("--epocas", f"{etiquetas.EPOCAS} (un entero; las horas cuentan tokens × épocas)", _epocas, 1)
"""``--epocas`` de cada orden que entrena: la multiplica ``trabajo.Trabajo`` (``tokens_totales``)."""
_CHECKPOINTING = Opcion("--checkpointing", "gradient checkpointing", defecto="sí", valores=("sí", "no"))
_RANGO = Opcion("--rango-lora", "rango de los adaptadores LoRA", entero_positivo, 16)


@orden(
    "cabe",
    "memoria por GPU de un modelo, por partidas, frente a su VRAM",
    *_MODELO_O_CONFIG,
    Opcion("--metodo", "para qué se carga", defecto="inferencia", valores=("inferencia", *_ENTRENAR)),
    _GPU,
    Opcion("--n-gpus", "GPU entre las que se reparte (ZeRO-3/FSDP)", entero_positivo, 1),
    Opcion(
        "--precision",
        "precisión de los pesos (por defecto, bf16; NF4 en QLoRA)",
        valores=tuple(memoria.BYTES_POR_PARAMETRO),
    ),
    _SECUENCIA,
    _LOTE,
    _CHECKPOINTING,
    _RANGO,
    Opcion("--precision-kv", "formato de la caché KV al servir (por defecto, bf16)", valores=memoria.FORMATOS_KV),
    Opcion(
        "--optimizador", "estado del optimizador al entrenar", defecto="adamw", valores=tuple(memoria.OPTIMIZADORES)
    ),
    Opcion("--perdida", "entropía cruzada de una vez o por trozos", defecto="completa", valores=memoria.PERDIDAS),
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --gpu "RTX 4090"',
)
def _cabe(
    modelo: str | None,
    config: Arquitectura | None,
    metodo: str,
    gpu: str,
    n_gpus: int,
    precision: str | None,
    secuencia: int,
    lote: int,
    checkpointing: str,
    rango_lora: int,
    precision_kv: str | None,
    optimizador: str,
    perdida: str,
) -> Salida:
    m = memoria.encaja(
        modelo_de(modelo, config),
        metodo,
        gpu,
        n_gpus=n_gpus,
        precision=precision,
        secuencia=secuencia,
        lote=lote,
        checkpointing=checkpointing == "sí",
        rango_lora=rango_lora,
        precision_kv=precision_kv,
        optimizador=optimizador,
        perdida=perdida,
    )
    partidas = [*memoria.Memoria.PARTIDAS, "total", "vram", "libre"]
    valores = [getattr(m, p) for p in memoria.Memoria.PARTIDAS] + [m.total, m.vram_gb, m.libre]
    # Al leerla, «caché KV» y «VRAM de la RTX 4090», como en el formulario; en csv y json, «kv» y «vram».
    legibles = {"partida": etiquetas.PARTIDAS_MEMORIA | {"vram": etiquetas.vram_de(m.gpu)}}
    return Salida(pd.DataFrame({"partida": partidas, "GB por GPU": valores}), {"GB por GPU": 2}, legibles=legibles)


@orden(
    "cuanto-tarda",
    "horas de un entrenamiento en cada GPU (rango por la MFU medida de su clase y escala)",
    *_MODELO_O_CONFIG,
    _METODO_ENTRENAR,
    _TOKENS_ENTRENAR,
    EPOCAS,
    Opcion("--gpu", "solo esta GPU (por defecto, todas las de gpus.csv)", nombre_de("GPU", datos.especificaciones)),
    Opcion("--n-gpus", "cuántas GPU (por defecto, las mínimas en que cabe; más de 8: varios nodos)", entero_positivo),
    _SECUENCIA_ENTRENAR,
    _LOTE,
    _CHECKPOINTING,
    _RANGO,
    Opcion(
        "--interconexion",
        "por dónde se hablan las GPU (por defecto, NVLink o PCIe según la GPU; más de 8: InfiniBand)",
        valores=tuple(tiempo.INTERCONEXIONES),
    ),
    Opcion(
        "--programa",
        "un programa de preentrenamiento entero, como las horas de GPU de la ficha de un modelo (con la MFU ajustada "
        "a esas fichas: fallos, reinicios y fases lentas dentro; solo con --metodo completo)",
        defecto="no",
        valores=("sí", "no"),
    ),
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --tokens 50e6',
)
def _cuanto_tarda(
    modelo: str | None,
    config: Arquitectura | None,
    metodo: str,
    tokens: float,
    epocas: int,
    gpu: str | None,
    n_gpus: int | None,
    checkpointing: str,
    rango_lora: int,
    secuencia: int,
    lote: int,
    interconexion: str | None,
    programa: str = "no",
) -> Salida:
    if programa == "sí" and metodo != "completo":
        raise ValueError(
            f"--programa sí con --metodo {metodo} no vale: un programa de preentrenamiento entrena el modelo entero; "
            "se admite con --metodo completo."
        )
    filas = []
    modelo = modelo_de(modelo, config)
    ck = checkpointing == "sí"
    trabajo = Trabajo(
        modelo, metodo, tokens, secuencia=secuencia, lote=lote, checkpointing=ck, rango_lora=rango_lora, epocas=epocas
    )
    tokens = trabajo.tokens_totales  # lo que se entrena: tokens × épocas (trabajo.Trabajo)
    comunes = {"checkpointing": ck, "rango_lora": rango_lora, "secuencia": secuencia}
    flops = tiempo.flops_entrenamiento(modelo, metodo, tokens, **comunes)
    for nombre in [gpu] if gpu else list(datos.especificaciones()):
        n = n_gpus or memoria.gpus_necesarias(modelo, metodo, nombre, maximo=_MAX_GPUS_CLI, lote=lote, **comunes)
        m = memoria.encaja(modelo, metodo, nombre, n_gpus=n, lote=lote, **comunes) if n else None
        cabe = bool(m and m.cabe)  # con las GPU pedidas puede no caber: entonces, sin horas
        red = {"interconexion": interconexion}
        h = tiempo.horas_entrenamiento(modelo, metodo, tokens, nombre, n_gpus=n, **comunes, **red) if cabe else None
        tipicas = tiempo.horas_tipicas(modelo, metodo, tokens, nombre, n_gpus=n, **comunes, **red) if cabe else None
        u = tiempo.mfu(nombre, n, interconexion) if n else None
        if programa == "sí" and cabe:  # la MFU de las fichas de modelos, con el reparto entre nodos dentro
            h = programa_.horas_programa(modelo, tokens, nombre, n_gpus=n, secuencia=secuencia)
            tipicas = programa_.horas_programa_tipicas(modelo, tokens, nombre, n_gpus=n, secuencia=secuencia)
            u = programa_.mfu_programa(nombre)
        e = tiempo.eficiencia_interconexion(nombre, n, interconexion) if n and programa == "no" else None
        try:  # los tokens/s de generación del formulario: vLLM, bf16, una secuencia
            v = tiempo.velocidad_generacion(modelo, nombre, n_gpus=n or 1, contexto=tiempo.CONTEXTO_CALCULADORAS)
        except esquema.ErrorDeDatos:
            raise
        except ValueError:  # no cabe en bf16
            v = None
        filas.append(
            {
                "gpu": nombre,
                "n_gpus": n,
                "interconexion": (interconexion or tiempo.interconexion_por_defecto(nombre, n)) if n else None,
                "exaflops": flops / 1e18,
                "horas_min": h.minimo if h else None,
                "horas_tipicas": tipicas,
                "horas_max": h.maximo if h else None,
                "mfu_min": u.minimo if u else None,
                "mfu_max": u.maximo if u else None,
                "eficiencia_red_min": e.minimo if e else None,
                "eficiencia_red_max": e.maximo if e else None,
                "memoria_gb_por_gpu": m.total if m else None,
                "cabe": cabe,
                "tokens_s_generar_min": v.minimo if v else None,
                "tokens_s_generar_max": v.maximo if v else None,
            }
        )
    decimales = {"n_gpus": 0, "exaflops": 2, "horas_min": 1, "horas_tipicas": 1, "horas_max": 1, "mfu_min": 2}
    pie, salida = (), {}
    if programa == "sí":  # miles de horas: sin decimales; la MFU es la de las fichas, con la red dentro
        decimales |= {"horas_min": 0, "horas_tipicas": 0, "horas_max": 0}
        salida = {"encabezados": {"mfu": etiquetas.MFU_PROGRAMA}}
        pie = (
            "Modo programa: la MFU es la de un programa de preentrenamiento entero, ajustada a las horas de GPU que "
            "publican las fichas de los modelos, con los fallos y el reparto entre nodos dentro; por eso no se "
            "multiplica por el rendimiento de la interconexión.",
        )
    return con_epocas(
        trabajo,
        pd.DataFrame(filas),
        decimales
        | {
            "mfu_max": 2,
            "eficiencia_red_min": 2,
            "eficiencia_red_max": 2,
            "memoria_gb_por_gpu": 1,
            "tokens_s_generar_min": 0,
            "tokens_s_generar_max": 0,
        },
        pie,
        **salida,
    )


def con_epocas(trabajo: Trabajo, tabla: pd.DataFrame, decimales: dict, pie: tuple[str, ...] = (), **salida) -> Salida:
    """La ``Salida`` de una orden que entrena ``trabajo``: con más de una época, una línea al pie con los tokens que
    se entrenan («20 millones de tokens × 3 épocas = 60 millones de tokens») y, en ``csv`` y ``json``, las columnas
    ``epocas`` y ``tokens_totales``. Con una época, la tabla tal cual (la de siempre)."""
    if trabajo.epocas == 1:
        return Salida(tabla, decimales, pie, **salida)
    linea = f"Tokens entrenados: {trabajo.tokens_y_epocas()}."
    constantes = {"epocas": trabajo.epocas, "tokens_totales": trabajo.tokens_totales}
    return Salida(tabla, decimales, (linea, *pie), constantes, **salida)


_MAX_GPUS_CLI = 1024
"""Hasta cuántas GPU busca ``cuanto-tarda`` aquella en que cabe el trabajo (más de 8: varios nodos)."""


@orden(
    "velocidad",
    "tokens/s de una secuencia y de un servidor a carga máxima (techo y rango medido del motor)",
    _MODELO,
    _GPU,
    Opcion("--precision", "formato de los pesos", defecto="bf16", valores=tuple(memoria.BYTES_POR_PARAMETRO)),
    Opcion("--motor", "motor de inferencia", defecto="vLLM", valores=tuple(tiempo.MOTORES)),
    Opcion("--n-gpus", "GPU (paralelismo de tensores; llama.cpp y transformers, por capas)", entero_positivo, 1),
    Opcion("--contexto", "tokens de contexto de la secuencia", entero_positivo, 1024),
    Opcion("--entrada", "tokens de entrada de cada petición al servidor", entero_positivo, 1024),
    Opcion("--salida", "tokens generados por petición al servidor", entero_positivo, 1024),
    ejemplo='--modelo "Llama 3.1 8B" --gpu "RTX 4090" --precision q4_k_m --motor llama.cpp',
)
def _velocidad(
    modelo: str, gpu: str, precision: str, motor: str, n_gpus: int, contexto: int, entrada: int, salida: int
) -> Salida:
    techo = tiempo.tokens_por_segundo(
        modelo, gpu, precision=precision, contexto=contexto, n_gpus=n_gpus, por_capas=tiempo.MOTORES[motor]
    )
    tipica, v = tiempo.generacion_tipica(
        modelo, gpu, precision=precision, contexto=contexto, n_gpus=n_gpus, motor=motor
    )
    filas = [
        {"medida": "una secuencia", "techo": techo, "minimo": v.minimo, "tipico": tipica, "maximo": v.maximo},
    ]
    techo_s = tiempo.techo_servicio(modelo, gpu, precision=precision, entrada=entrada, salida=salida, n_gpus=n_gpus)
    tipico_s, s = tiempo.servicio_tipico(
        modelo, gpu, precision=precision, entrada=entrada, salida=salida, n_gpus=n_gpus, motor=motor
    )
    filas.append(
        {
            "medida": "servidor a carga máxima",
            "techo": techo_s,
            "minimo": s.minimo,
            "tipico": tipico_s,
            "maximo": s.maximo,
        }
    )
    encabezados = {"minimo": "mínimo", "tipico": "típico", "maximo": "máximo"}
    decimales = dict.fromkeys(("techo", "minimo", "tipico", "maximo"), 1)
    return Salida(pd.DataFrame(filas), decimales, encabezados=encabezados)


@orden(
    "donde-mas-barato",
    "coste por trabajo terminado en cada GPU y proveedor, con costes ocultos, de menor a mayor; detrás, el "
    "fine-tuning gestionado y los cuadernos (Colab, Kaggle), con su coste o por qué no pueden",
    _MODELO,
    _METODO_ENTRENAR,
    _TOKENS_ENTRENAR,
    _SECUENCIA_ENTRENAR,
    _LOTE,
    EPOCAS,
    _CHECKPOINTING,
    _RANGO,
    Opcion("--dataset-gb", "GB del dataset (por defecto, 4 bytes por token de una época)", no_negativo),
    Opcion("--checkpoint-gb", "GB del resultado (por defecto, los adaptadores o el modelo en bf16)", no_negativo),
    Opcion(
        "--sin-estimaciones",
        "deja fuera los precios que son estimaciones y compara solo precios leídos; «no» las incluye, marcadas",
        defecto="sí",
        valores=("sí", "no"),
    ),
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --tokens 50e6',
    dinero=True,
)
def _donde_mas_barato(checkpointing: str, sin_estimaciones: str, **opciones) -> Salida:
    trabajo = Trabajo(checkpointing=checkpointing == "sí", **opciones)
    estimaciones = sin_estimaciones == "no"
    # Las GPU alquiladas y, detrás, el fine-tuning gestionado y los cuadernos (ranking.otras), cada uno con su coste
    # o la razón por la que no puede (columna «condiciones»).
    tabla = pd.DataFrame(ranking.registros(trabajo, estimaciones=estimaciones, otras_opciones=True))
    tabla["n_gpus"] = tabla["n_gpus"].astype("Int64")  # entero en las GPU alquiladas, vacío en las demás
    if tabla["coste_min_usd"].isna().all():
        raise ValueError(
            f"el trabajo no cabe en ninguna GPU de los datos, ni con {ranking.MAX_GPUS}, y ningún servicio ni "
            "cuaderno de los datos puede hacerlo: prueba QLoRA, secuencias más cortas o un lote menor"
        )
    decimales = {c: 2 for c in tabla.columns if c.endswith("_usd")} | {"horas_min": 1, "horas_max": 1, "n_gpus": 0}
    decimales["usd_millon_tokens"] = 2
    alquiladas = ranking.ranking(trabajo, estimaciones=estimaciones)
    # Los sí o no de las GPU alquiladas; en las demás filas no aplican (vacías).
    legibles = {"pareto": {True: "★", False: "", None: ""}, "costes_completos": {True: "sí", False: "no", None: ""}}
    avisos = ranking.avisos(alquiladas) if alquiladas else ()
    return con_epocas(trabajo, tabla, decimales, avisos, legibles=legibles)
