"""¿Dónde sale más barato terminarlo? Coste por trabajo terminado en cada GPU y proveedor de los datos.

Para un ``Trabajo`` (modelo, método, tokens, longitud de secuencia…: ``gpucoste.calculo.trabajo``):

1. para cada precio de ``precios.csv`` (el más reciente de cada GPU, proveedor y nivel), el menor
   número de esas GPUs en que cabe (``memoria.gpus_necesarias``, hasta ``MAX_GPUS``);
2. las horas, un rango por la MFU (``tiempo.horas_entrenamiento``; con varias GPUs se supone que
   escala en línea recta, una cota optimista);
3. el coste con los costes ocultos (``coste.coste_total``): GPU, arranque facturado (minutos de los
   supuestos), disco durante todo el tiempo facturado (imagen, pesos, dataset y checkpoint, a la
   tarifa del proveedor) y transferencia (subir el dataset, bajar el checkpoint:
   ``ocultos.transferencia``). Donde el proveedor no publica una tarifa, la partida queda sin dato
   (``None``) y el total no la incluye: nunca un cero inventado;
4. en una oferta interrumpible, el trabajo que se repite tras las interrupciones, con el modelo de Daly
   (``interrupciones.retrabajo``, con la tasa, la escritura del checkpoint y el reinicio de
   ``supuestos.csv``): sus horas y su coste esperados van en la fila (la partida ``retrabajo``), así que se
   ordena por coste esperado, no por el precio por hora desnudo;
5. la tabla ordenada por coste (punto medio del rango), con la fecha de cada precio y la frontera
   de Pareto marcada: las filas que ninguna otra mejora a la vez en coste y en horas.

Junto a las GPU alquiladas, ``otras`` da las opciones que no alquilan una GPU por horas: el fine-tuning gestionado
(``gestionado.coste_gestionado``) y los cuadernos gratis o baratos (``cuadernos.opciones_cuaderno``), cada una con su
coste o la razón por la que no puede; ``registros(…, otras=True)`` las añade al final.

Núcleo en Python puro; solo ``tabla`` importa pandas (para la página y la línea de órdenes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpucoste import datos
from gpucoste.base.etiquetas import COLUMNAS
from gpucoste.base.validacion import Validado, admite_vacio, opcion
from gpucoste.calculo import atipicos, calibracion, cuadernos, gestionado, interrupciones, memoria, ocultos, tiempo
from gpucoste.calculo.coste import Rango, coste_total
from gpucoste.calculo.trabajo import Trabajo, validar
from gpucoste.datos import frescura

__all__ = [
    "Fila",
    "MAX_GPUS",
    "OPCIONES",
    "Otra",
    "aviso_mas_barata",
    "aviso_precio_antiguo",
    "avisos",
    "medio",
    "no_caben",
    "opcion_para",
    "otras",
    "precios_vigentes",
    "ranking",
    "registros",
    "tabla",
    "tabla_otras",
]


MAX_GPUS = 8
"""Como mucho, las GPUs de un nodo: más allá hace falta red entre nodos, fuera de este modelo."""


@dataclass(frozen=True)
class Fila(Validado):
    """Una opción para terminar el trabajo: GPU, proveedor y nivel, con su tiempo y su coste."""

    precio: datos.Precio
    n_gpus: int
    memoria_gb: float
    horas: Rango
    """Horas facturadas de cómputo; en una oferta interrumpible, las esperadas con el trabajo repetido."""
    gpu: Rango
    """La GPU durante las horas del trabajo sin interrupciones."""
    arranque: Rango
    disco: Rango | None
    transferencia: Rango | None
    retrabajo: Rango | None = None
    """Solo en una oferta interrumpible: el coste esperado del trabajo repetido (``interrupciones.retrabajo``)."""
    pareto: bool = field(default=False, compare=False)

    @property
    def coste(self) -> Rango:
        """Coste total por trabajo terminado (las partidas sin dato no suman); en una interrumpible, el esperado."""
        partidas = [self.gpu, self.retrabajo, self.arranque, self.disco, self.transferencia]
        return Rango(sum(p.minimo for p in partidas if p is not None), sum(p.maximo for p in partidas if p is not None))

    @property
    def completo(self) -> bool:
        """¿Tiene dato cada partida? (si no, el coste real es mayor que el de la tabla)."""
        return self.disco is not None and self.transferencia is not None


def medio(r: Rango) -> float:
    """El centro de un rango (el punto de una opción en el gráfico; el orden de las opciones)."""
    return (r.minimo + r.maximo) / 2


def precios_vigentes(estimaciones: bool = False) -> list[datos.Precio]:
    """El precio más reciente de cada GPU, proveedor y nivel, sin los marcados como atípicos (``atipicos``).

    Sin ``estimaciones`` (lo normal), solo cifras leídas: se salta cada fila de ``tipo`` ``estimacion``, y
    una GPU, proveedor y nivel que solo tiene estimaciones (o atípicos) no entra.
    """
    memoria.booleano(estimaciones, "estimaciones")
    return atipicos._vigentes(estimaciones)  # sin las de solo atípicos (o estimaciones): nada que comparar


def _tarifa(proveedor: str) -> datos.Tarifa | None:
    filas = [t for t in datos.tarifas() if t.proveedor == proveedor and t.concepto == "almacenamiento"]
    return filas[0] if filas else None


def opcion_para(trabajo: Trabajo, precio: datos.Precio) -> Fila | None:
    """La fila de ``precio`` para ``trabajo``, o ``None`` si no cabe ni en ``MAX_GPUS`` de esas GPUs."""
    validar(trabajo)
    if not isinstance(precio, datos.Precio):
        raise ValueError(f"precio: {precio!r} no vale; se admite un gpucoste.datos.Precio.")
    return _opcion(trabajo, memoria.modelo(trabajo.modelo), precio, memoria.gpu(precio.gpu))


def _opcion(trabajo: Trabajo, modelo: datos.Modelo, precio: datos.Precio, gpu: datos.Gpu) -> Fila | None:
    """``opcion_para`` con el modelo y la GPU ya resueltos a sus registros (``ranking`` los resuelve una vez)."""
    n = memoria.gpus_necesarias(modelo, trabajo.metodo, gpu, maximo=MAX_GPUS, **trabajo.opciones_memoria)
    if n is None:
        return None
    horas = tiempo.horas_entrenamiento(
        modelo,
        trabajo.metodo,
        trabajo.tokens_totales,
        gpu,
        n_gpus=n,
        checkpointing=trabajo.checkpointing,
        rango_lora=trabajo.rango_lora,
    )
    arranque = datos.supuestos()["minutos_arranque"]
    disco = _tarifa(precio.proveedor)
    precio_todas = precio.precio_hora_usd * n
    # En una interrumpible, el trabajo repetido (Daly): el extremo bajo con el reinicio corto, el alto con el largo.
    repetido = (
        tuple(
            interrupciones.retrabajo(h, precio_todas, reinicio_h=minutos / 60)
            for h, minutos in ((horas.minimo, arranque.valor_min), (horas.maximo, arranque.valor_max))
        )
        if precio.nivel == "interrumpible"
        else None
    )
    extra = (repetido[0].horas_extra, repetido[1].horas_extra) if repetido else (0.0, 0.0)
    bajo, alto = (
        coste_total(
            precio_todas,
            h + mas,
            minutos_arranque=minutos,
            gb_disco=trabajo.gb_disco if disco else 0,
            precio_gb_mes=tarifa,
        )
        for h, mas, minutos, tarifa in (
            (horas.minimo, extra[0], arranque.valor_min, disco.precio_min_usd if disco else 0),
            (horas.maximo, extra[1], arranque.valor_max, disco.precio_max_usd if disco else 0),
        )
    )
    memoria_gb = memoria.encaja(modelo, trabajo.metodo, gpu, n_gpus=n, **trabajo.opciones_memoria).total
    return Fila(
        precio=precio,
        n_gpus=n,
        memoria_gb=memoria_gb,
        horas=Rango(horas.minimo + extra[0], horas.maximo + extra[1]),
        gpu=Rango(precio_todas * horas.minimo, precio_todas * horas.maximo),
        arranque=Rango(bajo.arranque, alto.arranque),
        disco=Rango(bajo.almacenamiento, alto.almacenamiento) if disco else None,
        transferencia=ocultos.transferencia(precio.proveedor, trabajo.gb_dataset, trabajo.gb_checkpoint),
        retrabajo=Rango(repetido[0].coste, repetido[1].coste) if repetido else None,
    )


def _con_pareto(filas: list[Fila]) -> list[Fila]:
    """Marca la frontera de Pareto en (coste, horas), con el punto medio de cada rango."""
    puntos = [(medio(f.coste), medio(f.horas)) for f in filas]

    def dominada(i: int) -> bool:
        c, h = puntos[i]
        return any(c2 <= c and h2 <= h and (c2, h2) != (c, h) for c2, h2 in puntos)

    return [Fila(**{**f.__dict__, "pareto": not dominada(i)}) for i, f in enumerate(filas)]


def ranking(trabajo: Trabajo, precios: list[datos.Precio] | None = None, *, estimaciones: bool = False) -> list[Fila]:
    """Todas las opciones en que cabe ``trabajo``, de la más barata a la más cara, con Pareto marcado.

    ``precios``: por defecto, el más reciente de cada GPU, proveedor y nivel (``precios_vigentes``), sin
    estimaciones salvo con ``estimaciones=True``.
    """
    validar(trabajo)
    memoria.booleano(estimaciones, "estimaciones")
    if precios is not None and (not isinstance(precios, list | tuple) or not precios):
        raise ValueError(f"precios: {precios!r} no vale; se admite None o una lista no vacía de gpucoste.datos.Precio.")
    vigentes = precios_vigentes(estimaciones) if precios is None else precios
    if not all(isinstance(p, datos.Precio) for p in vigentes):
        raise ValueError(f"precios: {precios!r:.80} no vale; se admite None o una lista de gpucoste.datos.Precio.")
    # Los nombres se resuelven aquí, una vez: lo de abajo recibe los registros (datos.Modelo, datos.Gpu).
    modelo = memoria.modelo(trabajo.modelo)
    gpus = {g: memoria.gpu(g) for g in dict.fromkeys(p.gpu for p in vigentes)}
    filas = [f for p in vigentes if (f := _opcion(trabajo, modelo, p, gpus[p.gpu]))]
    filas.sort(key=lambda f: (medio(f.coste), medio(f.horas), f.precio.gpu, f.precio.proveedor, f.precio.nivel))
    return _con_pareto(filas)


@dataclass(frozen=True)
class Otra(Validado):
    """Una opción que no alquila una GPU por horas: un fine-tuning gestionado o un cuaderno (Colab, Kaggle…)."""

    opcion: str
    """«fine-tuning gestionado» o «cuaderno»."""
    proveedor: str
    plan: str
    """El método del servicio («LoRA», «completo») o el plan del cuaderno («gratis», «unidades de cómputo»)."""
    gpu: str
    """La GPU del cuaderno («T4», «2 × T4»); ``""`` en un servicio gestionado, que no la dice."""
    coste: Rango | None
    """Dólares por el trabajo terminado (en un cuaderno, el esperado); ``None`` si no puede hacerlo."""
    horas: Rango | None
    """Horas facturadas esperadas de un cuaderno; ``None`` en un servicio gestionado (no las publica)."""
    precio_hora_usd: float | None
    usd_millon: float | None
    tipo: str
    fecha: str
    """La fecha del precio (``""`` si no hay precio que fechar)."""
    condiciones: str
    """Por qué no puede o, si puede, sus condiciones (la sesión, la cuota, el cargo mínimo…)."""


admite_vacio(Otra, "gpu", "tipo", "fecha", "condiciones")


OPCIONES = ("GPU alquilada", "fine-tuning gestionado", "cuaderno")
"""Las clases de opción de ``registros(…, otras=True)`` (su columna ``opcion``)."""


def otras(trabajo: Trabajo) -> list[Otra]:
    """Las opciones de ``trabajo`` sin alquilar una GPU: cada servicio de fine-tuning gestionado
    (``gestionado.coste_gestionado``, con ``trabajo.tokens`` por ``trabajo.epocas``) y cada oferta de cuadernos
    (``cuadernos.opciones_cuaderno``), con su coste en dólares o la razón por la que no puede.

    Primero las que pueden, de la más barata a la más cara (punto medio); después las que no, en el orden de arriba.
    """
    validar(trabajo)
    servicios = gestionado.coste_gestionado(trabajo.modelo, trabajo.metodo, trabajo.tokens, epocas=trabajo.epocas)
    ofertas = cuadernos.opciones_cuaderno(
        trabajo.modelo,
        trabajo.metodo,
        gestionado.tokens_facturados(trabajo.tokens, trabajo.epocas),
        **trabajo.opciones_memoria,
    )
    filas = [
        Otra(
            "fine-tuning gestionado",
            s.proveedor,
            "LoRA" if s.metodo == "lora" else "completo",
            "",
            None if s.coste is None else Rango(s.coste, s.coste),
            None,
            None,
            s.usd_millon,
            s.tipo,
            s.fecha,
            s.razon,
        )
        for s in servicios
    ] + [
        Otra(
            "cuaderno",
            c.oferta.servicio,
            c.oferta.plan,
            c.oferta.gpu if c.oferta.n_gpus == 1 else f"{c.oferta.n_gpus} × {c.oferta.gpu}",
            c.coste,
            c.horas,
            c.precio_hora_usd,
            None,
            "",
            c.oferta.fecha,
            c.razon,
        )
        for c in ofertas
    ]
    return sorted(filas, key=lambda o: (o.coste is None, medio(o.coste) if o.coste else 0.0))


def aviso_mas_barata(gpu: str) -> str:
    """Lo que se dice de la opción más barata (la primera de ``ranking``) si su GPU, ``gpu``, no tiene ninguna medida
    de entrenamiento (``calibracion.gpus_medidas_entrenamiento``): sus horas son una estimación con la MFU de su clase.
    Si la tiene, ``""``.

    Una sola frase para el ejemplo de «¿Dónde sale más barato?», su formulario y ``gpucoste donde-mas-barato``.
    """
    gpu = opcion(gpu, "GPU", datos.gpus())
    if gpu in calibracion.gpus_medidas_entrenamiento():
        return ""
    return (
        f"Horas estimadas en la más barata: no hay medidas publicadas de entrenamiento en la {gpu}, y su tiempo usa "
        "la MFU de otras GPU de su clase (véase «¿Cuánto se equivoca esta guía?»)."
    )


def aviso_precio_antiguo(filas: list[Fila]) -> str:
    """Lo que se dice si el precio de la opción más barata (la primera de ``filas``, como las da ``ranking``) es
    antiguo (``frescura.es_antiguo``: más de ``frescura.UMBRAL_DIAS`` días antes del precio más reciente de los
    datos): su fecha y la opción más barata con un precio que no lo es, si la hay. Si no es antiguo, ``""``.

    Una sola frase para el ejemplo de «¿Dónde sale más barato?», su formulario y ``gpucoste donde-mas-barato``.
    """
    from gpucoste.base.formato import rango
    from gpucoste.datos.historial import del_

    if not isinstance(filas, list | tuple) or not filas or not all(isinstance(f, Fila) for f in filas):
        raise ValueError(
            f"filas: {filas!r:.80} no vale; se admite una lista no vacía de gpucoste.calculo.ranking.Fila "
            "(las de ranking)."
        )
    barata = filas[0]
    if not frescura.es_antiguo(barata.precio.fecha):
        return ""
    dias = frescura.dias_antes(barata.precio.fecha)
    texto = (
        f"Precio antiguo: el de la {barata.precio.gpu} en {barata.precio.proveedor_y_nivel} es "
        f"{del_(barata.precio.fecha)}, {dias} días antes del más reciente de los datos."
    )
    reciente = next((f for f in filas if not frescura.es_antiguo(f.precio.fecha)), None)
    if reciente is None:
        return f"{texto} Ninguna otra opción tiene un precio más reciente."
    return (
        f"{texto} Con un precio de los últimos {frescura.UMBRAL_DIAS} días, la más barata es la "
        f"{reciente.precio.gpu} en {reciente.precio.proveedor_y_nivel}, {del_(reciente.precio.fecha)}: "
        f"{rango(reciente.coste.minimo, reciente.coste.maximo, 2)} US$ por trabajo terminado."
    )


def avisos(filas: list[Fila]) -> tuple[str, ...]:
    """Lo que se dice de la opción más barata de ``filas`` (como las da ``ranking``): si sus horas son una estimación
    (``aviso_mas_barata``) y si su precio es antiguo (``aviso_precio_antiguo``), en ese orden; solo los que tocan.

    Las mismas frases en el ejemplo de «¿Dónde sale más barato?», la nota de su formulario y el pie de
    ``gpucoste donde-mas-barato``.
    """
    aviso_precio = aviso_precio_antiguo(filas)  # valida ``filas``
    return tuple(a for a in (aviso_mas_barata(filas[0].precio.gpu), aviso_precio) if a)


def no_caben(trabajo: Trabajo, *, estimaciones: bool = False) -> list[str]:
    """GPUs con precio en las que ``trabajo`` no cabe ni con ``MAX_GPUS``."""
    validar(trabajo)
    return sorted(
        {
            p.gpu
            for p in precios_vigentes(estimaciones)
            if memoria.gpus_necesarias(
                trabajo.modelo, trabajo.metodo, p.gpu, maximo=MAX_GPUS, **trabajo.opciones_memoria
            )
            is None
        }
    )


def registros(trabajo: Trabajo, *, estimaciones: bool = False, otras_opciones: bool = False) -> list[dict]:
    """``ranking`` como registros planos (números sin formato): para JSON y CSV.

    Con ``otras_opciones``, cada registro dice su clase de opción (``opcion``, de ``OPCIONES``) y sus
    ``condiciones``, y detrás de las GPU alquiladas van las de ``otras`` (fine-tuning gestionado y cuadernos), con
    las mismas claves: la que no aplica, vacía (``None``).
    """
    memoria.booleano(otras_opciones, "otras_opciones")
    salida = []
    for f in ranking(trabajo, estimaciones=estimaciones):
        r = {
            "gpu": f.precio.gpu,
            "proveedor": f.precio.proveedor,
            "nivel": f.precio.nivel,
            "n_gpus": f.n_gpus,
            "precio_hora_usd": f.precio.precio_hora_usd,
            "tipo_precio": f.precio.tipo,
            "precio_hora_todas_usd": f.precio.precio_hora_usd * f.n_gpus,
            "fecha_precio": f.precio.fecha,
            "precio_antiguo": frescura.es_antiguo(f.precio.fecha),
            "horas_min": f.horas.minimo,
            "horas_max": f.horas.maximo,
        }
        for nombre in ("gpu", "retrabajo", "arranque", "disco", "transferencia", "coste"):
            valor = getattr(f, nombre)
            clave = "coste_gpu" if nombre == "gpu" else nombre
            r[f"{clave}_min_usd"] = valor.minimo if valor else None
            r[f"{clave}_max_usd"] = valor.maximo if valor else None
        r["costes_completos"] = f.completo
        r["pareto"] = f.pareto
        if otras_opciones:
            r = {"opcion": OPCIONES[0], **r, "usd_millon_tokens": None, "condiciones": ""}
        salida.append(r)
    if otras_opciones:
        for o in otras(trabajo):
            r = {
                "opcion": o.opcion,
                "gpu": o.gpu,
                "proveedor": o.proveedor,
                "nivel": o.plan,
                "precio_hora_usd": o.precio_hora_usd,
                "tipo_precio": o.tipo or None,
                "precio_hora_todas_usd": o.precio_hora_usd,
                "fecha_precio": o.fecha or None,
                "precio_antiguo": frescura.es_antiguo(o.fecha) if o.fecha else None,
                "horas_min": o.horas.minimo if o.horas else None,
                "horas_max": o.horas.maximo if o.horas else None,
                "coste_min_usd": o.coste.minimo if o.coste else None,
                "coste_max_usd": o.coste.maximo if o.coste else None,
                "usd_millon_tokens": o.usd_millon,
                "condiciones": o.condiciones,
            }
            salida.append({c: r.get(c) for c in (salida[0] if salida else r)})
    return salida


def tabla(trabajo: Trabajo, *, desglose: bool = False, estimaciones: bool = False):
    """``ranking`` como tabla de pandas lista para publicar (cifras en español, rangos «mín.–máx.»).

    Por defecto, el resumen: precio con su tipo y su fecha, horas, coste total y frontera de Pareto. Con
    ``desglose``, las partidas del coste de cada fila: GPU, arranque, disco y transferencia. Sin
    ``estimaciones`` (lo normal), solo precios leídos.
    """
    import pandas as pd

    from gpucoste.base.formato import numero as texto_numero
    from gpucoste.base.formato import rango, tipo_precio, total

    def texto(r: Rango | None, decimales: int = 2, vacio: str = "sin dato") -> str:
        return vacio if r is None else rango(r.minimo, r.maximo, decimales)

    memoria.booleano(desglose, "desglose")
    c = COLUMNAS  # los títulos de «gpucoste donde-mas-barato» y de su formulario
    filas = []
    for f in ranking(trabajo, estimaciones=estimaciones):
        fila = {
            c["gpu"]: f.precio.gpu if f.n_gpus == 1 else f"{f.n_gpus} × {f.precio.gpu}",
            c["proveedor"]: f.precio.proveedor_y_nivel,
        }
        if desglose:
            fila |= {
                c["coste_gpu_usd"]: texto(f.gpu),
                c["retrabajo_usd"]: texto(f.retrabajo, vacio="no aplica"),
                c["arranque_usd"]: texto(f.arranque),
                c["disco_usd"]: texto(f.disco),
                c["transferencia_usd"]: texto(f.transferencia),
            }
        else:
            fila |= {
                c["precio_hora_todas_usd"]: texto_numero(f.precio.precio_hora_usd * f.n_gpus),
                c["tipo_precio"]: tipo_precio(f.precio.tipo),
                c["fecha_precio"]: frescura.fecha_con_aviso(f.precio.fecha),
                c["horas"]: texto(f.horas, 1),
                f"**{c['coste_usd']}**": total(texto(f.coste), f.completo),
                c["pareto"]: "★" if f.pareto else "",
            }
        filas.append(fila)
    return pd.DataFrame(filas)


def tabla_otras(trabajo: Trabajo):
    """``otras`` como tabla de pandas lista para publicar: la opción, el servicio y su plan, la GPU (en un cuaderno),
    el coste por trabajo terminado, las horas (en un cuaderno), el precio, su fecha y las condiciones (o por qué no
    puede). Las mismas filas que añaden ``gpucoste donde-mas-barato`` y su formulario."""
    import pandas as pd

    from gpucoste.base.formato import numero as texto_numero
    from gpucoste.base.formato import rango, tipo_precio

    def texto(r: Rango | None, decimales: int, vacio: str) -> str:
        return vacio if r is None else rango(r.minimo, r.maximo, decimales)

    c = COLUMNAS
    filas = []
    for o in otras(trabajo):
        if o.usd_millon is not None:
            precio = f"{texto_numero(o.usd_millon)} por millón de tokens"
        elif o.precio_hora_usd is not None:
            precio = f"{texto_numero(o.precio_hora_usd)} por hora"
        else:
            precio = "sin dato"
        filas.append(
            {
                c["opcion"]: o.opcion,
                c["proveedor"]: f"{o.proveedor} ({o.plan})",
                c["gpu"]: o.gpu or "no la dice",
                f"**{c['coste_usd']}**": texto(o.coste, 2, "no puede"),
                c["horas"]: texto(o.horas, 1, "sin dato"),
                "precio (US$)": precio,
                c["tipo_precio"]: tipo_precio(o.tipo) if o.tipo else "",
                c["fecha_precio"]: frescura.fecha_con_aviso(o.fecha) if o.fecha else "",
                c["condiciones"]: o.condiciones,
            }
        )
    return pd.DataFrame(filas)
