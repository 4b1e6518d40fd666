"""Línea de órdenes: ``gpucoste coste``, ``experimento``, ``precios``, ``cabe``, ``cuanto-tarda``, ``donde-mas-barato``.

En español de principio a fin: la ayuda (``-h``: «muestra esta ayuda y sale»), el uso y cada error
de argparse. Ante una entrada mala, una sola línea en stderr que nombra la opción y el valor, código
de salida 2 y nada en stdout: cada orden calcula todo primero e imprime después. Los números se
aceptan con coma o punto decimal (``--precio-hora 1,5`` o ``1.5``; también ``1.234,5``), así que la
salida de la propia orden vale de entrada. Cada orden admite ``--formato tabla|csv|json``: ``tabla``
es para leer (cifras en español), ``csv`` y ``json`` para otros programas (punto decimal).

Añadir una orden
----------------
Una función decorada con ``@orden`` que recibe las opciones ya convertidas y validadas y devuelve
una ``Salida`` (un DataFrame y los decimales de sus columnas numéricas en la tabla)::

    @orden(
        "horas-compra",
        "horas de alquiler que pagan la compra de una GPU",
        Opcion("--gpu", "GPU de los datos", nombre_de("GPU", datos.especificaciones), obligatoria=True),
        Opcion("--precio-hora", "dólares por hora", tipo=positivo, obligatoria=True),
    )
    def _horas_compra(gpu: str, precio_hora: float) -> Salida:
        horas = compra.horas_equivalentes(datos.equipo(gpu).precio_compra_usd, precio_hora)
        return Salida(pd.DataFrame([{"gpu": gpu, "horas": horas}]), {"horas": 0})

Tipos de opción: ``positivo`` (> 0), ``no_negativo`` (≥ 0), ``entero_positivo``, ``nombre_de("GPU",
datos.especificaciones)`` (un nombre de los datos; ante una errata, «¿Quisiste decir …?») o ``str`` (por
defecto); ``valores=(...)`` limita las opciones a una lista (también con «¿Quisiste decir …?»). ``ejemplo=``
añade una línea de uso al final de ``--help`` (las pruebas la ejecutan). ``--formato`` se añade solo.
Un ``ValueError`` de la biblioteca se convierte en la línea de error (con las opciones dadas) y el
código 2; ``tests/test_propiedades.py`` prueba cada orden registrada con entradas generadas (registra en
``tests/propiedades.py`` cada opción: ``tests/test_propiedades_cobertura.py`` falla si falta una).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

import pandas as pd

from . import datos, experimento, formato, memoria, ranking, tiempo, validacion
from .coste import coste_total

FORMATOS = ("tabla", "csv", "json")

# --- argparse en español ------------------------------------------------------------------------

CATALOGO = {
    "usage: ": "uso: ",
    "options": "opciones",
    "positional arguments": "argumentos posicionales",
    "show this help message and exit": "muestra esta ayuda y sale",
    "show program's version number and exit": "muestra la versión y sale",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s: %(message)s",
    "the following arguments are required: %s": "faltan opciones obligatorias: %s",
    "one of the arguments %s is required": "hace falta una de estas opciones: %s",
    "not allowed with argument %s": "no se admite junto con %s",
    "unrecognized arguments: %s": "opciones desconocidas: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "%(value)r no vale; se admite: %(choices)s",
    "invalid %(type)s value: %(value)r": "%(value)r no vale",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "orden desconocida: %(parser_name)r (se admite: %(choices)s)"
    ),
    "ambiguous option: %(option)s could match %(matches)s": "opción ambigua: %(option)s puede ser %(matches)s",
    "expected one argument": "falta su valor",
    "expected at most one argument": "admite como mucho un valor",
    "expected at least one argument": "necesita al menos un valor",
    "expected %s argument": "necesita %s valor",
    "expected %s arguments": "necesita %s valores",
    "ignored explicit argument %r": "no lleva valor (se dio %r)",
    "unexpected option string: %s": "opción inesperada: %s",
    "can't open '%(filename)s': %(error)s": "no se puede abrir '%(filename)s': %(error)s",
    # Errores de quien programa la CLI (no de quien la usa), también en español:
    "'required' is an invalid argument for positionals": "«required» no vale para argumentos posicionales",
    "%r is not callable": "%r no se puede llamar",
    ".__call__() not defined": ".__call__() no está definido",
    'argument "-" with mode %r': 'argumento "-" con modo %r',
    "cannot have multiple subparser arguments": "solo puede haber un grupo de órdenes",
    "cannot merge actions - two groups are named %r": "no se pueden unir: dos grupos se llaman %r",
    "conflicting subparser alias: %s": "alias de orden repetido: %s",
    "conflicting subparser: %s": "orden repetida: %s",
    "dest= is required for options like %r": "hace falta dest= para opciones como %r",
    "invalid conflict_resolution value: %r": "conflict_resolution no vale: %r",
    "mutually exclusive arguments must be optional": "las opciones excluyentes deben ser opcionales",
    "conflicting option string: %s": "opción repetida: %s",
    "conflicting option strings: %s": "opciones repetidas: %s",
}
"""Mensajes de argparse (inglés → español): lo que haría un catálogo de ``gettext``, sin ficheros .mo."""


def _traducir(texto: str) -> str:
    return CATALOGO.get(texto, texto)


@contextlib.contextmanager
def _en_espanol():
    """argparse traduce con ``argparse._`` y ``argparse.ngettext``: mientras dura, con ``CATALOGO``."""
    antes = argparse._, argparse.ngettext
    argparse._ = _traducir
    argparse.ngettext = lambda singular, plural, n: _traducir(singular if n == 1 else plural)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = antes


class _ErrorDeUso(Exception):
    """Un error de las opciones: ``main`` lo imprime en una línea y sale con 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # una línea en stderr (sin el bloque de uso), código 2
        raise _ErrorDeUso(f"{self.prog}: error: {message}")


# --- Tipos de opción: coma o punto decimal ----------------------------------------------------

_PUNTO = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?", re.ASCII)
_COMA = re.compile(r"[+-]?[0-9]+,[0-9]+([eE][+-]?[0-9]+)?", re.ASCII)
_MILES = re.compile(r"[+-]?[1-9][0-9]{0,2}(\.[0-9]{3})+(,[0-9]+)?", re.ASCII)
_NEGATIVO = re.compile(r"-([0-9]|[.,][0-9]|inf|nan)", re.IGNORECASE)


def decimal(texto: str) -> float:
    """«1,5», «1.5», «1.234,5» o «1.000.000» (como los escribe la salida en español), «1e3» → float.

    «1.500» es ambiguo (¿1,5 o 1500?): error, nunca una cifra equivocada en silencio.
    """
    texto = texto.strip()
    if _MILES.fullmatch(texto):
        if "," not in texto and texto.count(".") == 1:
            entero, coma = texto.replace(".", ""), texto.replace(".", ",")
            raise argparse.ArgumentTypeError(f"{texto!r} es ambiguo: ¿{coma} o {entero}?; se admite {entero} o {coma}")
        texto = texto.replace(".", "").replace(",", ".")
    elif _COMA.fullmatch(texto):
        texto = texto.replace(",", ".")
    elif not _PUNTO.fullmatch(texto):
        raise argparse.ArgumentTypeError(f"{texto!r} no es un número; se admite p. ej. 1,5 o 1.5")
    return float(texto)


def _numero(texto: str, *, cero: bool) -> float:
    admitido = "un número finito mayor " + ("o igual que 0" if cero else "que 0") + " (p. ej. 1,5 o 1.5)"
    try:
        x = decimal(texto)
    except argparse.ArgumentTypeError as error:
        if "ambiguo" in str(error):
            raise
        raise argparse.ArgumentTypeError(f"{texto!r} no es un número; se admite {admitido}") from None
    if x != x or x in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"{texto!r} no es un número finito; se admite {admitido}")
    if x < 0 or (x == 0 and not cero):
        raise argparse.ArgumentTypeError(f"{texto!r} no vale; se admite {admitido}")
    return x + 0.0


def positivo(texto: str) -> float:
    """Tipo de opción: un número finito > 0, con coma o punto decimal."""
    return _numero(texto, cero=False)


def no_negativo(texto: str) -> float:
    """Tipo de opción: un número finito ≥ 0, con coma o punto decimal."""
    return _numero(texto, cero=True)


# --- Registro de órdenes ----------------------------------------------------------------------


@dataclass(frozen=True)
class Opcion:
    """Una opción de una orden: ``--precio-hora`` llega a la función como ``precio_hora``."""

    bandera: str
    ayuda: str
    tipo: Callable[[str], object] = str
    defecto: object = None
    obligatoria: bool = False
    valores: tuple[str, ...] | None = None

    @property
    def destino(self) -> str:
        return self.bandera.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Salida:
    """Lo que devuelve una orden: una tabla y, para ``--formato tabla``, los decimales de cada columna."""

    tabla: pd.DataFrame
    decimales: dict[str, int] = field(default_factory=dict)

    def texto(self, formato_salida: str) -> str:
        if formato_salida == "csv":
            return self.tabla.to_csv(index=False, lineterminator="\n").rstrip("\n")
        if formato_salida == "json":
            filas = [
                {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in fila.items()}
                for fila in self.tabla.to_dict(orient="records")
            ]
            return json.dumps(filas, ensure_ascii=False, indent=2, allow_nan=False, default=lambda v: v.item())
        return formato.tabla(self.tabla, self.decimales)


@dataclass(frozen=True)
class _Orden:
    nombre: str
    ayuda: str
    opciones: tuple[Opcion, ...]
    funcion: Callable[..., Salida]
    ejemplo: str = ""


ORDENES: dict[str, _Orden] = {}


def orden(nombre: str, ayuda: str, *opciones: Opcion, ejemplo: str = ""):
    """Decorador: registra la función como la orden ``gpucoste <nombre>`` (``ejemplo``: una línea de uso)."""

    def registrar(funcion: Callable[..., Salida]) -> Callable[..., Salida]:
        ORDENES[nombre] = _Orden(nombre, ayuda, opciones, funcion, ejemplo)
        return funcion

    return registrar


def nombre_de(que: str, catalogo: Callable[[], object]) -> Callable[[str], str]:
    """Tipo de opción: un nombre de ``catalogo()`` (los datos); ante una errata, «¿Quisiste decir …?».

    El mensaje es el de :func:`gpucoste.validacion.opcion`, el mismo que da la biblioteca.
    """

    def convertir(texto: str) -> str:
        try:
            return validacion.opcion(texto, que, catalogo())
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None

    convertir.__name__ = que  # argparse lo nombra en sus mensajes
    return convertir


# --- Órdenes ----------------------------------------------------------------------------------


@orden(
    "coste",
    "coste de un trabajo, con costes ocultos",
    Opcion("--precio-hora", "dólares por hora de la GPU", positivo, obligatoria=True),
    Opcion("--horas", "horas de cómputo del trabajo", positivo, obligatoria=True),
    Opcion("--minutos-arranque", "minutos facturados antes de empezar", no_negativo, 0.0),
    Opcion("--gb-disco", "GB en disco mientras dura el trabajo", no_negativo, 0.0),
    Opcion("--precio-gb-mes", "dólares por GB y mes de disco", no_negativo, 0.0),
    Opcion("--gb-transferencia", "GB subidos o bajados con cargo", no_negativo, 0.0),
    Opcion("--precio-gb-transferencia", "dólares por GB transferido", no_negativo, 0.0),
    ejemplo="--precio-hora 1,87 --horas 1,2 --minutos-arranque 15",
)
def _coste(precio_hora: float, horas: float, **ocultos: float) -> Salida:
    d = coste_total(precio_hora, horas, **ocultos)
    partidas = ("gpu", "arranque", "almacenamiento", "transferencia", "total")
    tabla = pd.DataFrame({"partida": partidas, "coste (US$)": [getattr(d, p) for p in partidas]})
    return Salida(tabla, {"coste (US$)": 2})


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
)
def _experimento(nombre: str) -> Salida:
    # En la terminal, la columna lleva su unidad (en la biblioteca se llama «coste», como en las páginas).
    tabla = experimento.tabla(nombre).rename(columns={"coste": "coste (US$)"})
    return Salida(tabla, {"US$/h": 2, "horas": 2, "coste (US$)": 2})


@orden("precios", "referencias de precio con fuente y fecha", ejemplo="--formato json")
def _precios() -> Salida:
    columnas = ["gpu", "proveedor", "nivel", "precio_hora_usd", "fecha", "fuente"]
    tabla = pd.DataFrame([{c: getattr(p, c) for c in columnas} for p in datos.precios()], columns=columnas)
    return Salida(tabla, {"precio_hora_usd": 4})


# --- La cadena de decisión: ¿cabe?, ¿cuánto tarda?, ¿dónde sale más barato? --------------------


def entero_positivo(texto: str) -> int:
    """Tipo de opción: un entero ≥ 1 (p. ej. 2048; también «2048,0» o «2.048», como los escribe la salida)."""
    admitido = "un entero mayor o igual que 1 (p. ej. 2048)"
    try:
        x = decimal(texto)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{texto!r} no es un número; se admite {admitido}") from None
    if not math.isfinite(x) or not x.is_integer() or not 1 <= x <= 10**9:
        raise argparse.ArgumentTypeError(f"{texto!r} no vale; se admite {admitido}")
    return int(x)


_MODELO = Opcion(
    "--modelo", "modelo de modelos.csv, p. ej. «Llama 3.1 8B»", nombre_de("Modelo", datos.modelos), obligatoria=True
)
_GPU = Opcion("--gpu", "GPU de gpus.csv, p. ej. «RTX 4090»", nombre_de("GPU", datos.especificaciones), obligatoria=True)
_ENTRENAR = ("completo", "lora", "qlora")
_SECUENCIA = Opcion("--secuencia", "tokens por secuencia (o de contexto al servir)", entero_positivo, 2048)
_LOTE = Opcion("--lote", "secuencias a la vez por GPU", entero_positivo, 1)
_METODO_ENTRENAR = Opcion("--metodo", "cómo se entrena", obligatoria=True, valores=_ENTRENAR)
_TOKENS_ENTRENAR = Opcion("--tokens", "tokens de entrenamiento (todas las épocas)", positivo, obligatoria=True)
_CHECKPOINTING = Opcion("--checkpointing", "gradient checkpointing", defecto="sí", valores=("sí", "no"))
_RANGO = Opcion("--rango-lora", "rango de los adaptadores LoRA", entero_positivo, 16)


@orden(
    "cabe",
    "memoria por GPU de un modelo, por partidas, frente a su VRAM",
    _MODELO,
    Opcion("--metodo", "para qué se carga", defecto="inferencia", valores=("inferencia", *_ENTRENAR)),
    _GPU,
    Opcion("--n-gpus", "GPUs entre las que se reparte (ZeRO-3/FSDP)", entero_positivo, 1),
    Opcion(
        "--precision",
        "precisión de los pesos (por defecto, bf16; NF4 en QLoRA)",
        valores=tuple(memoria.BYTES_POR_PARAMETRO),
    ),
    _SECUENCIA,
    _LOTE,
    _CHECKPOINTING,
    _RANGO,
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --gpu "RTX 4090"',
)
def _cabe(
    modelo: str,
    metodo: str,
    gpu: str,
    n_gpus: int,
    precision: str | None,
    secuencia: int,
    lote: int,
    checkpointing: str,
    rango_lora: int,
) -> Salida:
    m = memoria.encaja(
        modelo,
        metodo,
        gpu,
        n_gpus=n_gpus,
        precision=precision,
        secuencia=secuencia,
        lote=lote,
        checkpointing=checkpointing == "sí",
        rango_lora=rango_lora,
    )
    partidas = [*memoria.Memoria.PARTIDAS, "total", "vram", "libre"]
    valores = [getattr(m, p) for p in memoria.Memoria.PARTIDAS] + [m.total, m.vram_gb, m.libre]
    return Salida(pd.DataFrame({"partida": partidas, "GB por GPU": valores}), {"GB por GPU": 2})


@orden(
    "cuanto-tarda",
    "horas de un entrenamiento en cada GPU (rango por el MFU)",
    _MODELO,
    _METODO_ENTRENAR,
    _TOKENS_ENTRENAR,
    Opcion("--gpu", "solo esta GPU (por defecto, todas las de gpus.csv)", nombre_de("GPU", datos.especificaciones)),
    _SECUENCIA,
    _LOTE,
    _CHECKPOINTING,
    _RANGO,
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --tokens 50e6',
)
def _cuanto_tarda(
    modelo: str, metodo: str, tokens: float, gpu: str | None, checkpointing: str, rango_lora: int, **opciones: int
) -> Salida:
    filas = []
    ck = checkpointing == "sí"
    flops = tiempo.flops_entrenamiento(modelo, metodo, tokens, checkpointing=ck, rango_lora=rango_lora)
    for nombre in [gpu] if gpu else list(datos.especificaciones()):
        n = memoria.gpus_necesarias(modelo, metodo, nombre, checkpointing=ck, rango_lora=rango_lora, **opciones)
        h = tiempo.horas(flops, nombre, n) if n else None
        filas.append(
            {
                "gpu": nombre,
                "n_gpus": n,
                "exaflops": flops / 1e18,
                "horas_min": h.minimo if h else None,
                "horas_max": h.maximo if h else None,
            }
        )
    return Salida(pd.DataFrame(filas), {"n_gpus": 0, "exaflops": 2, "horas_min": 1, "horas_max": 1})


@orden(
    "donde-mas-barato",
    "coste por trabajo terminado en cada GPU y proveedor, con costes ocultos, de menor a mayor",
    _MODELO,
    _METODO_ENTRENAR,
    _TOKENS_ENTRENAR,
    _SECUENCIA,
    _LOTE,
    _CHECKPOINTING,
    _RANGO,
    Opcion("--dataset-gb", "GB del dataset (por defecto, 4 bytes por token)", no_negativo),
    Opcion("--checkpoint-gb", "GB del resultado (por defecto, los adaptadores o el modelo en bf16)", no_negativo),
    Opcion(
        "--sin-estimaciones",
        "deja fuera los precios que son estimaciones y compara solo precios leídos; «no» las incluye, marcadas",
        defecto="sí",
        valores=("sí", "no"),
    ),
    ejemplo='--modelo "Llama 3.1 8B" --metodo lora --tokens 50e6',
)
def _donde_mas_barato(checkpointing: str, sin_estimaciones: str, **opciones) -> Salida:
    trabajo = ranking.Trabajo(checkpointing=checkpointing == "sí", **opciones)
    tabla = pd.DataFrame(ranking.registros(trabajo, estimaciones=sin_estimaciones == "no"))
    if tabla.empty:
        raise ValueError(
            f"el trabajo no cabe en ninguna GPU de los datos, ni con {ranking.MAX_GPUS}: "
            "prueba QLoRA, secuencias más cortas o un lote menor"
        )
    decimales = {c: 2 for c in tabla.columns if c.endswith("_usd")} | {"horas_min": 1, "horas_max": 1}
    return Salida(tabla, decimales if len(tabla) else {})


# Las órdenes de las calculadoras de decisión (equilibrios, interrupciones, recomendación) viven en su módulo.
from . import cli_decisiones  # noqa: E402, F401

# --- main -------------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gpucoste", description="Coste real de un trabajo en una GPU alquilada por horas.")
    sub = p.add_subparsers(dest="orden", metavar="orden", required=True, parser_class=_Parser)
    for o in ORDENES.values():
        epilogo = f"Ejemplo: gpucoste {o.nombre} {o.ejemplo}" if o.ejemplo else None
        s = sub.add_parser(  # Raw…: el ejemplo queda en una línea, para copiarlo tal cual
            o.nombre,
            help=o.ayuda,
            description=o.ayuda,
            epilog=epilogo,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        for op in o.opciones:
            extra = {} if op.obligatoria else {"default": op.defecto}
            defecto = f"{op.defecto:g}" if isinstance(op.defecto, float) else op.defecto
            ayuda = op.ayuda if op.obligatoria or op.defecto is None else f"{op.ayuda} (por defecto, {defecto})"
            tipo = nombre_de("Valor", lambda op=op: op.valores) if op.valores and op.tipo is str else op.tipo
            s.add_argument(op.bandera, type=tipo, required=op.obligatoria, choices=op.valores, help=ayuda, **extra)
        s.add_argument("--formato", default="tabla", choices=FORMATOS, help="tabla (para leer), csv o json")
    return p


def _unir_negativos(argv: list[str]) -> list[str]:
    """``--precio-hora -1e5`` → ``--precio-hora=-1e5``: argparse tomaría «-1e5» por una opción."""
    salida: list[str] = []
    for actual in argv:
        anterior = salida[-1] if salida else ""
        if anterior.startswith("--") and "=" not in anterior and _NEGATIVO.match(actual):
            salida[-1] = f"{anterior}={actual}"
        else:
            salida.append(actual)
    return salida


def main(argv: list[str] | None = None) -> int:
    """Ejecuta la orden de ``argv`` (o de ``sys.argv``); devuelve el código de salida (0, o 2 si falla).

    Si quien lee la salida cierra la tubería antes del final (``gpucoste precios | head -3``), termina con 1 y sin
    traza, como recomienda la documentación de Python para ``SIGPIPE``.
    """
    try:
        codigo = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # Lo que quede por escribir va a /dev/null: así Python no vuelve a fallar al cerrar stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return codigo


def _main(argv: list[str] | None) -> int:
    argv = _unir_negativos(list(sys.argv[1:] if argv is None else argv))
    try:
        with _en_espanol():
            args = vars(_parser().parse_args(argv))
    except _ErrorDeUso as error:
        print(error, file=sys.stderr)
        return 2
    except SystemExit as salida:  # -h: la ayuda ya está impresa
        return salida.code if isinstance(salida.code, int) else 0
    o = ORDENES[args.pop("orden")]
    formato_salida = args.pop("formato")
    try:
        texto = o.funcion(**args).texto(formato_salida)  # todo calculado antes de imprimir nada
    except ValueError as error:
        dadas = " ".join(f"{op.bandera} {args[op.destino]!r}" for op in o.opciones if args[op.destino] != op.defecto)
        dadas = dadas.replace("e+", "e")
        print(f"gpucoste {o.nombre}: error: {error}" + (f" (con {dadas})" if dadas else ""), file=sys.stderr)
        return 2
    print(texto)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
