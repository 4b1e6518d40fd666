"""Línea de órdenes: ``gpucoste coste``, ``gpucoste experimento``, ``gpucoste precios``.

Sale con código 2 ante una entrada mala, con el error en español.
"""

from __future__ import annotations

import argparse
import sys

import pandas as pd

from . import datos, experimento
from .coste import coste_total
from .formato import dolares


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse ya sale con 2; el mensaje, en español
        self.print_usage(sys.stderr)
        self.exit(2, f"gpucoste: error: {message}\n")


def _decimal(texto: str) -> float:
    """«1,5» o «1.5» → 1.5 (la coma decimal de la salida en español también vale de entrada)."""
    try:
        return float(texto.replace(",", ".", 1) if texto.count(",") == 1 and "." not in texto else texto)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{texto!r} no es un número; se admite p. ej. 1.5 o 1,5") from None


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="gpucoste", description="Coste real de un trabajo en una GPU alquilada por horas.")
    sub = p.add_subparsers(dest="orden", required=True, parser_class=_Parser)
    c = sub.add_parser("coste", help="coste de un trabajo, con costes ocultos")
    c.add_argument("--precio-hora", required=True, type=_decimal, help="dólares por hora de la GPU")
    c.add_argument("--horas", required=True, type=_decimal, help="horas de cómputo del trabajo")
    c.add_argument("--minutos-arranque", default=0.0, type=_decimal, help="minutos facturados antes de empezar")
    c.add_argument("--gb-disco", default=0.0, type=_decimal, help="GB en disco mientras dura el trabajo")
    c.add_argument("--precio-gb-mes", default=0.0, type=_decimal, help="dólares por GB y mes de disco")
    c.add_argument("--gb-transferencia", default=0.0, type=_decimal, help="GB subidos o bajados con cargo")
    c.add_argument("--precio-gb-transferencia", default=0.0, type=_decimal, help="dólares por GB transferido")
    e = sub.add_parser("experimento", help="tabla de costes de un experimento de los datos")
    e.add_argument("--nombre", default=experimento.FINETUNING)
    sub.add_parser("precios", help="referencias de precio con fuente y fecha")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.orden == "coste":
            d = coste_total(
                args.precio_hora,
                args.horas,
                minutos_arranque=args.minutos_arranque,
                gb_disco=args.gb_disco,
                precio_gb_mes=args.precio_gb_mes,
                gb_transferencia=args.gb_transferencia,
                precio_gb_transferencia=args.precio_gb_transferencia,
            )
            for partida in ("gpu", "arranque", "almacenamiento", "transferencia", "total"):
                print(f"{partida:<15}{dolares(getattr(d, partida)):>12}")
        elif args.orden == "experimento":
            print(experimento.tabla(args.nombre).to_markdown(index=False, floatfmt=".2f"))
        else:
            columnas = ["gpu", "proveedor", "nivel", "precio_hora_usd", "fecha", "fuente"]
            tabla = pd.DataFrame([{c: getattr(p, c) for c in columnas} for p in datos.precios()], columns=columnas)
            print(tabla.to_markdown(index=False))
    except ValueError as error:
        print(f"gpucoste: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
