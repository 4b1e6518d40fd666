"""El análisis de los argumentos de ``gpucoste`` y ``main``: argparse en español (``CATALOGO``: la ayuda, el uso y
cada error), una sola línea de error en stderr y código 2 ante una entrada mala, ``--formato`` en cada orden y los
números negativos como valor de una opción.

Las órdenes están registradas en ``ORDENES`` (``cli.ordenes``, ``cli.calculadoras`` y los demás módulos de
órdenes, que importa el paquete ``gpucoste.cli``, de donde se importa todo).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from types import MappingProxyType

from gpucoste.base import esquema, validacion
from gpucoste.cli.opciones import ORDENES, nombre_de
from gpucoste.cli.ordenes import localizar

__all__ = ["CATALOGO", "FORMATOS", "main"]


FORMATOS = ("tabla", "csv", "json")

# --- argparse en español ------------------------------------------------------------------------

CATALOGO = MappingProxyType(
    {
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
)
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
            defecto = _escrito(op.defecto) if isinstance(op.defecto, float) else op.defecto
            # Sin «por defecto» en la ayuda, se añade al final; si ya lo dice (con su razón), tal cual.
            sin_defecto = op.obligatoria or op.defecto is None or "por defecto" in op.ayuda
            ayuda = op.ayuda if sin_defecto else _con_defecto(op.ayuda, defecto)
            tipo = nombre_de("Valor", lambda op=op: op.valores) if op.valores and op.tipo is str else op.tipo
            s.add_argument(op.bandera, type=tipo, required=op.obligatoria, choices=op.valores, help=ayuda, **extra)
        s.add_argument("--formato", default="tabla", choices=FORMATOS, help="tabla (para leer), csv o json")
    return p


def _con_defecto(ayuda: str, defecto: object) -> str:
    """La ayuda con su valor por defecto al final: «(por defecto, 2048)»; si la ayuda ya acaba en un paréntesis, dentro
    de él («horas del periodo reservado (como mucho 744; por defecto, 730)»), sin dos paréntesis seguidos."""
    if ayuda.endswith(")") and ayuda.count("(") == ayuda.count(")"):
        return f"{ayuda[:-1]}; por defecto, {defecto})"
    return f"{ayuda} (por defecto, {defecto})"


def _escrito(x: float) -> str:
    """Un valor por defecto como se escribe en la orden: coma decimal («243,33» vale igual que «243.33») y, un
    entero grande, por miles con su exponente, como en los ejemplos («30e6», no «3e+07»)."""
    if x.is_integer() and abs(x) >= 10_000:
        n, exponente = int(x), 0
        while n % 1000 == 0:
            n, exponente = n // 1000, exponente + 3
        return f"{n}e{exponente}" if exponente else str(n)
    return f"{x:g}".replace(".", ",")


_NEGATIVO = re.compile(r"-([0-9]|[.,][0-9]|inf|nan)", re.IGNORECASE)


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


def _dada(valor: object) -> str:
    """Una opción dada, para el pie de un error: como se puede volver a escribir («0», no «0.0»; «'RTX 4090'»)."""
    if isinstance(valor, float) and valor.is_integer() and abs(valor) < 1e15:
        return repr(int(valor))
    return repr(valor)


def _con_su_opcion(mensaje: str, opciones: tuple, dadas: dict) -> str:
    """Un error de la biblioteca que empieza por el nombre de un argumento y su valor («descuento: 1.5 no vale»)
    empieza por la opción que lo dio, como los del analizador («--descuento: 1.5 no vale»): quien lee la orden no
    ve el nombre del argumento. Si el nombre no es el de ninguna opción dada (``valor_reventa``), tal cual."""
    for op in opciones:
        valor = dadas.get(op.destino)
        if valor is None or valor == op.defecto:
            continue
        for nombre in (op.destino, *(b for b, d in _ARGUMENTOS_DE_LA_BIBLIOTECA.items() if d == op.destino)):
            prefijo = f"{nombre}: {validacion.corto(valor)}"
            if mensaje.startswith(prefijo) and not mensaje[len(prefijo) : len(prefijo) + 1].isalnum():
                return f"{op.bandera}: {_dada(valor)}{mensaje[len(prefijo) :]}"
    # Sin su valor detrás («ttft_ms/tpot_ms: con una sola petición…»): los nombres, por sus opciones.
    banderas = {op.destino: op.bandera for op in opciones}
    banderas |= {b: banderas[d] for b, d in _ARGUMENTOS_DE_LA_BIBLIOTECA.items() if d in banderas}
    nombres = re.match(r"([a-z_]+(?:/[a-z_]+)*): ", mensaje)
    if nombres and all(n in banderas for n in nombres[1].split("/")):
        return "/".join(banderas[n] for n in nombres[1].split("/")) + mensaje[len(nombres[1]) :]
    return mensaje


_ARGUMENTOS_DE_LA_BIBLIOTECA = MappingProxyType({"valor_reventa": "reventa"})
"""Argumentos de la biblioteca que la orden da con otro nombre (``compra.comprar_o_alquilar(valor_reventa=…)``
recibe ``--reventa``): su error también empieza por la opción."""


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
    dadas_todas = dict(args)
    pais, empresa = args.get("pais"), args.get("empresa", "no") == "sí"
    for op in o.moneda:  # las añadidas solas: la función no las recibe
        args.pop(op.destino)
    try:
        esquema.comprobar()  # una carpeta de datos rota: su error, sea cual sea la orden
        salida = o.funcion(**args)
        if pais is not None and any(op.bandera == "--pais" for op in o.opciones):
            salida = localizar(salida, pais, empresa)
        texto = salida.texto(formato_salida)  # todo calculado antes de imprimir nada
    except ValueError as error:
        dadas = " ".join(
            f"{op.bandera} {_dada(dadas_todas[op.destino])}"
            for op in o.opciones
            if dadas_todas[op.destino] != op.defecto
        )
        dadas = dadas.replace("e+", "e")
        mensaje = _con_su_opcion(str(error), o.opciones, dadas_todas)
        print(f"gpucoste {o.nombre}: error: {mensaje}" + (f" (con {dadas})" if dadas else ""), file=sys.stderr)
        return 2
    print(texto)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
