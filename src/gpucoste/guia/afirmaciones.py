"""Las frases de la guía que afirman un hecho de los datos o del código, comprobadas al construir.

Una cifra la imprime un snippet; una frase que afirma algo sin cifra («Azure no tiene precio de la H100», «con varias
GPU se aplica la eficiencia de la interconexión») lleva al lado, en el Markdown, la comprobación que la hace cierta,
en un comentario HTML que el lector no ve y quien edita la página sí::

    Azure no tiene precio de la H100 en los datos. <!-- comprueba: sin_precio("Azure", gpu="H100 80GB") -->

Lo que sigue a ``comprueba:`` es una llamada (o varias, separadas por ``;``) a una de las ``COMPROBACIONES`` de
este módulo, con argumentos literales (textos y números; nada se ejecuta fuera de ellas). La construcción
(``construccion/afirmaciones.py``) las evalúa todas en cada página: si los datos o el código cambian y una deja de
ser cierta, la construcción estricta (``make check``, ``make build``, ``make test``) falla con la página, la línea,
la frase y lo que dicen hoy los datos (``revisar``). Cada comprobación devuelve un ``Resultado``: si se cumple y,
en palabras, lo que dicen hoy los datos.

La frase comprobada es la del comentario: la última oración antes de él en su misma línea (o la línea de arriba si
el comentario va solo en la suya).
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base import validacion
from gpucoste.base.formato import fecha as fecha_escrita
from gpucoste.base.formato import numero, tipo_precio
from gpucoste.base.validacion import Validado, entero, opcion, texto
from gpucoste.datos import frescura

__all__ = [
    "COMPROBACIONES",
    "Afirmacion",
    "Fallo",
    "Resultado",
    "afirmaciones",
    "comprobar",
    "con_politica",
    "coincide_con",
    "con_precio",
    "eficiencia_de_red",
    "gpus_con_precio",
    "mas_caro",
    "medidas_directas",
    "nota_de_tarifa_dice",
    "nota_dice",
    "operaciones_por_parametro",
    "revisar",
    "salida_gratis",
    "sin_marcas",
    "sin_politica",
    "sin_precio",
    "solo_cobran_salida",
    "tipo_en_fecha",
    "ventana_deslizante",
    "veredicto",
]

_MARCA = re.compile(r"<!--\s*comprueba:\s*(?P<expresion>.*?)\s*-->", re.S)
"""El comentario que lleva una comprobación (puede ocupar varias líneas)."""


@dataclass(frozen=True)
class Resultado(Validado):
    """Lo que da una comprobación: si la frase es cierta con los datos de hoy y qué dicen hoy, en palabras."""

    cierta: bool
    hoy: str


@dataclass(frozen=True)
class Afirmacion(Validado):
    """Una comprobación escrita en una página: su línea (desde 1), la frase que comprueba y la expresión."""

    linea: int
    frase: str
    expresion: str


@dataclass(frozen=True)
class Fallo(Validado):
    """Una afirmación que no se sostiene (o cuya comprobación está mal escrita), con lo que hacer."""

    afirmacion: Afirmacion
    motivo: str
    que_hacer: str

    def texto(self, pagina: str) -> str:
        """El aviso de la construcción: página, línea, frase, comprobación, lo que dicen hoy y qué hacer."""
        return (
            f"{pagina}:{self.afirmacion.linea}: la frase «{self.afirmacion.frase}» no se sostiene.\n"
            f"  Comprobación: {self.afirmacion.expresion}\n"
            f"  {self.motivo}\n"
            f"  Qué hacer: {self.que_hacer}"
        )


# --- Las comprobaciones -------------------------------------------------------------------------------------------


def _filas_de_precio(proveedor: str, gpu: str | None, nivel: str | None) -> list[datos.Precio]:
    proveedor = opcion(proveedor, "proveedor", datos.proveedores() + _sin_precio_conocidos())
    if gpu is not None:
        gpu = opcion(gpu, "gpu", datos.gpus())
    if nivel is not None:
        nivel = opcion(nivel, "nivel", datos.NIVELES)
    return [
        p
        for p in datos.precios()
        if p.proveedor == proveedor and (gpu is None or p.gpu == gpu) and (nivel is None or p.nivel == nivel)
    ]


def _sin_precio_conocidos() -> list[str]:
    """Proveedores que la guía nombra y que pueden no tener ninguna fila de precio (los de ``politicas.csv``)."""
    from gpucoste.dinero import proveedores

    return sorted({p.proveedor for p in proveedores.politicas()} - set(datos.proveedores()))


def _que_precios(proveedor: str, gpu: str | None, nivel: str | None, filas: list[datos.Precio]) -> str:
    de = " ".join(x for x in (proveedor, f"({nivel})" if nivel else "", f"para la {gpu}" if gpu else "") if x)
    if not filas:
        return f"Hoy, precios.csv no tiene ningún precio de {de}."
    gpus = sorted({p.gpu for p in filas})
    cuantos = "un precio" if len(filas) == 1 else f"{len(filas)} precios"
    return f"Hoy, precios.csv tiene {cuantos} de {de}: {', '.join(gpus)}."


def con_precio(proveedor: str, gpu: str | None = None, nivel: str | None = None) -> Resultado:
    """Cierta si ``precios.csv`` tiene al menos un precio de ``proveedor`` (de ``gpu`` y ``nivel``, si se dan)."""
    filas = _filas_de_precio(proveedor, gpu, nivel)
    return Resultado(bool(filas), _que_precios(proveedor, gpu, nivel, filas))


def sin_precio(proveedor: str, gpu: str | None = None, nivel: str | None = None) -> Resultado:
    """Cierta si ``precios.csv`` no tiene ningún precio de ``proveedor`` (de ``gpu`` y ``nivel``, si se dan)."""
    filas = _filas_de_precio(proveedor, gpu, nivel)
    return Resultado(not filas, _que_precios(proveedor, gpu, nivel, filas))


def gpus_con_precio(proveedor: str, *gpus: str, nivel: str | None = None, tipo: str | None = None) -> Resultado:
    """Cierta si las GPU con algún precio de ``proveedor`` en ``precios.csv`` (de ``nivel`` y ``tipo``, si se dan) son
    justo ``gpus``: «en esta guía, solo la estimación de la RTX 4090 lleva ese nivel»."""
    if tipo is not None:
        tipo = opcion(tipo, "tipo", datos.TIPOS_PRECIO)
    esperadas = sorted(opcion(g, "gpu", datos.gpus()) for g in gpus)
    filas = [p for p in _filas_de_precio(proveedor, None, nivel) if tipo is None or p.tipo == tipo]
    hay = sorted({p.gpu for p in filas})
    de = " ".join(x for x in (proveedor, f"({nivel})" if nivel else "", f"de tipo {tipo}" if tipo else "") if x)
    return Resultado(
        hay == esperadas, f"Hoy, las GPU con precio de {de} en precios.csv: {', '.join(hay) or 'ninguna'}."
    )


def tipo_en_fecha(proveedor: str, fecha: str, tipo: str) -> Resultado:
    """Cierta si ``precios.csv`` tiene precios de ``proveedor`` con ``fecha`` (un mes, «2026-07», o un día) y todos
    son de ``tipo``: «las cifras de Vast.ai de julio de 2026 son estimaciones»."""
    tipo = opcion(tipo, "tipo", datos.TIPOS_PRECIO)
    validacion.fecha(fecha, "fecha")
    filas = [p for p in _filas_de_precio(proveedor, None, None) if p.fecha.startswith(fecha)]
    tipos = sorted({p.tipo for p in filas})
    cuando = fecha_escrita(fecha)
    hoy = (
        f"Hoy, precios.csv no tiene ningún precio de {proveedor} de {cuando}."
        if not filas
        else f"Hoy, los precios de {proveedor} de {cuando} en precios.csv son de tipo "
        + ", ".join(f"«{tipo_precio(t)}»" for t in tipos)
        + "."
    )
    return Resultado(bool(filas) and tipos == [tipo], hoy)


def _salidas() -> dict[str, tuple[float, float]]:
    """La tarifa de transferencia de salida (``bajada`` en ``tarifas.csv``) de cada proveedor que la tiene."""
    return {t.proveedor: (t.precio_min_usd, t.precio_max_usd) for t in datos.tarifas() if t.concepto == "bajada"}


def _cobran_salida() -> list[str]:
    return sorted(p for p, (_, maximo) in _salidas().items() if maximo > 0)


def salida_gratis(*proveedores: str) -> Resultado:
    """Cierta si cada uno de ``proveedores`` tiene en ``tarifas.csv`` una transferencia de salida a 0 US$/GB."""
    if not proveedores:
        raise ValueError("salida_gratis: nombra al menos un proveedor.")
    salidas = _salidas()
    for p in proveedores:
        opcion(p, "proveedor", salidas)
    con_cargo = [p for p in proveedores if salidas[p][1] > 0]
    hoy = f"Hoy cobran la salida en tarifas.csv: {', '.join(_cobran_salida()) or 'ninguno'}."
    return Resultado(not con_cargo, hoy)


def solo_cobran_salida(*proveedores: str) -> Resultado:
    """Cierta si los proveedores con una tarifa de salida mayor que 0 en ``tarifas.csv`` son justo ``proveedores``."""
    cobran = _cobran_salida()
    hoy = f"Hoy cobran la salida en tarifas.csv: {', '.join(cobran) or 'ninguno'}."
    return Resultado(sorted(texto(p, "proveedor") for p in proveedores) == cobran, hoy)


def mas_caro(gpu: str, caro: str, barato: str) -> Resultado:
    """Cierta si el precio vigente de ``gpu`` en ``caro`` es mayor que en ``barato``.

    ``caro`` y ``barato``: «proveedor» o «proveedor, nivel» (``"Vast.ai, verificado"``); el precio vigente es el
    más reciente no atípico ni estimación de ese proveedor y nivel (``ranking.precios_vigentes``).
    """
    a, b = _vigente(gpu, caro), _vigente(gpu, barato)
    hoy = (
        f"Hoy: {gpu} en {a.proveedor_y_nivel}, {numero(a.precio_hora_usd)} US$/h; en {b.proveedor_y_nivel}, "
        f"{numero(b.precio_hora_usd)} US$/h."
    )
    return Resultado(a.precio_hora_usd > b.precio_hora_usd, hoy)


def _vigente(gpu: str, quien: str, estimaciones: bool = False) -> datos.Precio:
    from gpucoste.calculo import ranking

    gpu = opcion(gpu, "gpu", datos.gpus())
    vigentes = [p for p in ranking.precios_vigentes(estimaciones) if p.gpu == gpu]
    proveedor, coma, nivel = texto(quien, "proveedor").partition(", ")
    try:
        proveedor = opcion(proveedor, f"proveedor con precio vigente de la {gpu}", {p.proveedor for p in vigentes})
        if coma:
            niveles = {p.nivel for p in vigentes if p.proveedor == proveedor}
            nivel = opcion(nivel, f"nivel de {proveedor} para la {gpu}", niveles)
    except ValueError as error:
        raise ValueError(f"{quien!r} («proveedor» o «proveedor, nivel»): {error}") from None
    candidatos = [p for p in vigentes if p.proveedor == proveedor and (not coma or p.nivel == nivel)]
    if len(candidatos) != 1:
        raise ValueError(
            f"{quien!r}: {proveedor} tiene más de un precio vigente de la {gpu}; se admite «proveedor, nivel»: "
            + "; ".join(f"{p.proveedor}, {p.nivel}" for p in candidatos)
            + "."
        )
    return candidatos[0]


def coincide_con(gpu: str, uno: str, otro: str, tipo: str | None = None) -> Resultado:
    """Cierta si el precio más reciente de ``gpu`` en ``uno`` («proveedor» o «proveedor, nivel»; de ``tipo``, si se da)
    es, a dos decimales (como se escribe), el de alguna lectura de ``gpu`` en ``otro`` en ``precios.csv``: «la
    estimación de la primera versión coincide con un precio de RunPod que recogen los datos». Una lectura nueva de
    ``otro``, o de ``uno`` de otro tipo, no la hace falsa."""
    if tipo is None:
        a = _vigente(gpu, uno, True)
    else:
        tipo = opcion(tipo, "tipo", datos.TIPOS_PRECIO)
        gpu = opcion(gpu, "gpu", datos.gpus())
        proveedor, coma, nivel = texto(uno, "uno").partition(", ")
        filas = [
            p
            for p in datos.precios()
            if (p.gpu, p.proveedor, p.tipo) == (gpu, proveedor, tipo) and (not coma or p.nivel == nivel)
        ]
        if not filas:
            raise ValueError(
                f"uno: {uno!r} no tiene ningún precio de tipo {tipo} de la {gpu}; se admite «proveedor» o "
                "«proveedor, nivel» con uno."
            )
        a = max(filas, key=lambda p: frescura.dia(p.fecha))
    b = _vigente(gpu, otro, True)
    lecturas = sorted(
        {
            round(p.precio_hora_usd, 2)
            for p in datos.precios()
            if (p.gpu, p.proveedor, p.nivel) == (gpu, b.proveedor, b.nivel)
        }
    )
    hoy = (
        f"Hoy: {gpu} en {a.proveedor_y_nivel}, {tipo_precio(a.tipo)}, {numero(a.precio_hora_usd)} US$/h; las "
        f"lecturas de {b.proveedor_y_nivel}: {', '.join(numero(x) for x in lecturas)} US$/h."
    )
    return Resultado(round(a.precio_hora_usd, 2) in lecturas, hoy)


def nota_dice(gpu: str, quien: str, texto_nota: str) -> Resultado:
    """Cierta si la nota del precio vigente de ``gpu`` en ``quien`` («proveedor» o «proveedor, nivel», como en
    ``mas_caro``) contiene ``texto_nota``: lo que una página cuenta de esa fila (cómo se calculó, qué máquina es)."""
    p = _vigente(gpu, quien)
    buscado = texto(texto_nota, "texto_nota")
    return Resultado(buscado in p.nota, f"Hoy, la nota del precio de {gpu} en {p.proveedor_y_nivel}: «{p.nota}».")


def nota_de_tarifa_dice(proveedor: str, concepto: str, texto_nota: str) -> Resultado:
    """Cierta si la nota de la tarifa ``concepto`` de ``proveedor`` en ``tarifas.csv`` contiene ``texto_nota``: lo que
    una página cuenta de esa fila (de dónde sale, qué incluye)."""
    tarifas = datos.tarifas()
    proveedor = opcion(proveedor, "proveedor con tarifas", {t.proveedor for t in tarifas})
    concepto = opcion(concepto, f"concepto de {proveedor}", {t.concepto for t in tarifas if t.proveedor == proveedor})
    t = next(t for t in tarifas if t.proveedor == proveedor and t.concepto == concepto)
    buscado = texto(texto_nota, "texto_nota")
    return Resultado(buscado in t.nota, f"Hoy, la nota de la tarifa de {concepto} de {proveedor}: «{t.nota}».")


def _politicas(proveedor: str, aspecto: str | None) -> tuple[str, list]:
    from gpucoste.dinero import proveedores

    todas = proveedores.politicas()
    proveedor = opcion(proveedor, "proveedor", sorted({p.proveedor for p in todas} | set(datos.proveedores())))
    if aspecto is not None:
        aspecto = opcion(aspecto, "aspecto", sorted({p.aspecto for p in todas}))
    filas = [p for p in todas if p.proveedor == proveedor and (aspecto is None or p.aspecto == aspecto)]
    de = f"{proveedor}" + (f" sobre «{aspecto}»" if aspecto else "")
    hoy = (
        f"Hoy, politicas.csv no tiene ninguna fila de {de}."
        if not filas
        else f"Hoy, politicas.csv tiene de {de}: " + "; ".join(f"{p.aspecto}: {p.valor}" for p in filas) + "."
    )
    return hoy, filas


def con_politica(proveedor: str, aspecto: str | None = None) -> Resultado:
    """Cierta si ``politicas.csv`` tiene alguna fila de ``proveedor`` (sobre ``aspecto``, si se da)."""
    hoy, filas = _politicas(proveedor, aspecto)
    return Resultado(bool(filas), hoy)


def sin_politica(proveedor: str, aspecto: str | None = None) -> Resultado:
    """Cierta si ``politicas.csv`` no tiene ninguna fila de ``proveedor`` (sobre ``aspecto``, si se da)."""
    hoy, filas = _politicas(proveedor, aspecto)
    return Resultado(not filas, hoy)


def veredicto(tema: str, es: str) -> Resultado:
    """Cierta si la fe de erratas de la primera versión da a la afirmación ``tema`` (uno de
    ``primera_version.TEMAS``) el veredicto ``es`` (uno de ``primera_version.VEREDICTOS``)."""
    from gpucoste.guia import primera_version

    es = opcion(es, "veredicto", primera_version.VEREDICTOS)
    e = primera_version.errata(tema)
    return Resultado(e.veredicto == es, f"Hoy, la fe de erratas dice de {e.cita}: «{e.veredicto}».")


def medidas_directas(rapida: str, lenta: str, n: int) -> Resultado:
    """Cierta si ``aceleraciones.csv`` tiene justo ``n`` medidas directas de cuántas veces más rápida es ``rapida``
    que ``lenta`` («la única medida directa», «dos medidas»)."""
    rapida = opcion(rapida, "rapida", datos.gpus())
    lenta = opcion(lenta, "lenta", datos.gpus())
    n = entero(n, "n")
    filas = [a for a in datos.aceleraciones() if (a.gpu_rapida, a.gpu_lenta) == (rapida, lenta)]
    hoy = f"Hoy, aceleraciones.csv tiene {len(filas)} medida(s) de la {rapida} frente a la {lenta}" + (
        ": " + "; ".join(a.medida for a in filas) + "." if filas else "."
    )
    return Resultado(len(filas) == n, hoy)


def eficiencia_de_red(gpu: str, n_gpus: int) -> Resultado:
    """Cierta si, con ``n_gpus`` × ``gpu`` y su interconexión por defecto, el tiempo no se divide sin más entre ellas:
    la eficiencia medida de esa interconexión (``tiempo.eficiencia_interconexion``) queda por debajo de 1."""
    from gpucoste.calculo import tiempo

    n_gpus = entero(n_gpus, "n_gpus", minimo=2)
    red = tiempo.interconexion_por_defecto(gpu, n_gpus)
    e = tiempo.eficiencia_interconexion(gpu, n_gpus)
    hoy = f"Hoy, {n_gpus} × {gpu} ({red}): eficiencia de {numero(e.minimo, 2)}–{numero(e.maximo, 2)}."
    return Resultado(e.maximo < 1, hoy)


def ventana_deslizante(modelo: str) -> Resultado:
    """Cierta si la caché KV de ``modelo`` a su contexto máximo ya aplica su ventana deslizante: guarda menos tokens
    que el contexto (``memoria.tokens_kv``, que usan ``memoria.gb_kv`` y las tablas de memoria)."""
    from gpucoste.calculo import memoria

    m = memoria.modelo(modelo)
    guardados = memoria.tokens_kv(m, m.contexto_max)
    hoy = (
        f"Hoy, la caché KV de {m.modelo} a {numero(m.contexto_max, 0)} tokens guarda el equivalente de "
        f"{numero(guardados, 0)} tokens por capa."
    )
    return Resultado(guardados < m.contexto_max, hoy)


def operaciones_por_parametro(metodo: str, n: int, adelante: int | None = None) -> Resultado:
    """Cierta si el tiempo cuenta ``n`` FLOPs por parámetro del modelo y por token con ``metodo`` (completo, lora,
    qlora; ``tiempo.FLOPS_POR_PARAMETRO``) y, con ``adelante``, esos de la pasada hacia delante
    (``tiempo.FLOPS_ADELANTE``; el resto, hacia atrás): «unas 6 por parámetro y por token (2 hacia delante y 4 hacia
    atrás)», «4 con LoRA»."""
    from gpucoste.calculo import tiempo

    metodo = opcion(metodo, "metodo", tiempo.FLOPS_POR_PARAMETRO)
    n = entero(n, "n", minimo=1)
    adelante = None if adelante is None else entero(adelante, "adelante", minimo=1)
    cuenta = tiempo.FLOPS_POR_PARAMETRO[metodo]
    hoy = (
        f"Hoy, el tiempo cuenta {numero(cuenta, 0)} FLOPs por parámetro y token con el método «{metodo}», "
        f"{numero(tiempo.FLOPS_ADELANTE, 0)} de ellos hacia delante."
    )
    cierta = cuenta == n and (adelante is None or tiempo.FLOPS_ADELANTE == adelante)
    return Resultado(cierta, hoy)


COMPROBACIONES: Mapping[str, Callable[..., Resultado]] = MappingProxyType(
    {
        f.__name__: f
        for f in (
            con_precio,
            sin_precio,
            gpus_con_precio,
            tipo_en_fecha,
            salida_gratis,
            solo_cobran_salida,
            mas_caro,
            coincide_con,
            nota_dice,
            nota_de_tarifa_dice,
            con_politica,
            sin_politica,
            veredicto,
            medidas_directas,
            eficiencia_de_red,
            ventana_deslizante,
            operaciones_por_parametro,
        )
    }
)
"""Las comprobaciones que una página puede escribir en ``<!-- comprueba: … -->``, por nombre."""


# --- Leer y evaluar -----------------------------------------------------------------------------------------------


def _llamadas(expresion: str) -> list[tuple[str, tuple, dict]]:
    """Las llamadas de ``expresion`` («f(1, a="x"); g()»), con sus argumentos literales; ``ValueError`` si no."""
    expresion = texto(expresion, "expresion")

    def mal(detalle: str) -> ValueError:
        return ValueError(
            f"expresion: {expresion!r} no vale ({detalle}); se admite una llamada (o varias, separadas por «;») a "
            f"una de {', '.join(COMPROBACIONES)}, con textos o números escritos tal cual: p. ej. "
            'sin_precio("Azure", gpu="H100 80GB").'
        )

    if expresion != expresion.strip():
        raise mal("sobran espacios al principio o al final")
    salida = []
    for trozo in (t.strip() for t in expresion.split(";")):
        try:
            nodo = ast.parse(trozo, mode="eval").body
        except SyntaxError:
            nodo = None
        if not isinstance(nodo, ast.Call) or not isinstance(nodo.func, ast.Name):
            raise mal(f"{trozo!r} no es una llamada")
        if nodo.func.id not in COMPROBACIONES:
            raise mal(f"{nodo.func.id!r} no es una comprobación")
        try:
            args = tuple(ast.literal_eval(a) for a in nodo.args)
            kwargs = {k.arg: ast.literal_eval(k.value) for k in nodo.keywords if k.arg}
        except ValueError as error:
            raise mal(f"los argumentos de {trozo!r} no son literales: {error}") from error
        salida.append((nodo.func.id, args, kwargs))
    return salida


def comprobar(expresion: str) -> Resultado:
    """Evalúa ``expresion`` (una o varias llamadas separadas por ``;``): cierta si lo son todas; ``hoy``, lo que dicen
    los datos en cada una. Un nombre que no es de ``COMPROBACIONES``, un argumento que no es literal o uno que la
    comprobación no admite dan ``ValueError`` con lo que se admite."""
    resultados = []
    for nombre, args, kwargs in _llamadas(expresion):
        try:
            resultados.append(COMPROBACIONES[nombre](*args, **kwargs))
        except ValueError as error:
            raise ValueError(f"expresion: {expresion!r}: {error}") from None
        except TypeError as error:
            raise ValueError(
                f"expresion: {expresion!r} no vale: {nombre} no admite esos argumentos; se admite su firma, "
                f"{nombre}{inspect.signature(COMPROBACIONES[nombre])}."
            ) from error
    cierta = all(r.cierta for r in resultados)
    return Resultado(cierta, " ".join(r.hoy for r in resultados if cierta or not r.cierta))


def _frase(antes: str) -> str:
    """La última oración de ``antes`` (el texto de la línea que precede al comentario), sin marcas de Markdown."""
    limpio = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", antes)  # enlaces: su texto
    limpio = re.sub(r"\{[^}]*\}|[*_`]|<[^>]+>", "", limpio).strip(" -!:\t")
    oraciones = [o for o in re.split(r"(?<=[.!?»])\s+(?=[A-ZÁÉÍÓÚÑ¿¡«])", limpio) if o.strip()]
    return oraciones[-1].strip() if oraciones else limpio


def _markdown(valor: object) -> str:
    if not isinstance(valor, str):
        raise ValueError(f"markdown: {valor!r:.80} no vale; se admite el texto de una página (str).")
    return valor


def afirmaciones(markdown: str) -> list[Afirmacion]:
    """Cada ``<!-- comprueba: … -->`` de ``markdown`` con su línea y la frase que comprueba: la última oración de su
    párrafo (o elemento de lista) antes del comentario."""
    markdown = _markdown(markdown)
    salida = []
    for m in _MARCA.finditer(markdown):
        linea = markdown.count("\n", 0, m.start()) + 1
        parrafo = markdown[: m.start()].rstrip()
        parrafo = re.split(r"\n\s*\n", parrafo)[-1]  # desde la última línea en blanco
        parrafo = re.split(r"\n\s*(?:[-*+]|\d+\.)\s", "\n" + parrafo)[-1]  # desde el último elemento de lista
        antes = " ".join(_MARCA.sub("", parrafo).split())
        salida.append(Afirmacion(linea, _frase(antes) or "(sin frase)", " ".join(m["expresion"].split())))
    return salida


def sin_marcas(markdown: str) -> str:
    """``markdown`` sin los comentarios ``<!-- comprueba: … -->`` (no se publican)."""
    return _MARCA.sub("", _markdown(markdown))


def revisar(markdown: str) -> list[Fallo]:
    """Las afirmaciones de ``markdown`` que no se sostienen con los datos de hoy, o cuya comprobación está mal
    escrita; ``[]`` si todas se sostienen."""
    fallos = []
    for a in afirmaciones(markdown):
        try:
            r = comprobar(a.expresion)
        except ValueError as error:
            fallos.append(
                Fallo(
                    a,
                    f"La comprobación está mal escrita: {error}",
                    f"escribe una llamada a una de: {', '.join(COMPROBACIONES)} (gpucoste.guia.afirmaciones).",
                )
            )
            continue
        if not r.cierta:
            fallos.append(
                Fallo(
                    a,
                    r.hoy,
                    "reescribe la frase para que diga lo que dicen hoy los datos (mejor aún: que la imprima un "
                    "snippet) y ajusta su comprobación; si el dato está mal, corrige el CSV.",
                )
            )
    return fallos
