"""``--config fichero.json``: cualquier modelo desde su ``config.json`` de Hugging Face, para las órdenes que
toman ``--modelo`` (``gpucoste cabe``).

El tipo de opción lee el fichero y lo convierte con :func:`gpucoste.calculo.arquitectura.desde_config`; un fichero
que no existe o no se lee, un JSON malo o un campo que falta o no vale dan un ``ErrorDeOpcion`` en español (la orden
sale con 2 y nada en stdout). Leer el fichero es cosa de la CLI: la biblioteca no lee ficheros.
"""

from __future__ import annotations

from gpucoste.calculo import arquitectura
from gpucoste.cli.opciones import ErrorDeOpcion

__all__ = ["MAX_BYTES", "leer_config", "modelo_de"]

MAX_BYTES = 10**7
"""Bytes como mucho del fichero (un config.json real ocupa unos pocos KB)."""

_ADMITIDO = "se admite la ruta de un config.json de Hugging Face (p. ej. descargado de huggingface.co/<repositorio>)"


def leer_config(ruta: str) -> arquitectura.Arquitectura:
    """Tipo de opción: la arquitectura del ``config.json`` en ``ruta`` (ver ``arquitectura.desde_config``)."""
    if not isinstance(ruta, str) or not ruta.strip():
        raise ErrorDeOpcion(f"{ruta!r} no vale; {_ADMITIDO}")
    try:
        with open(ruta, "rb") as fichero:
            contenido = fichero.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ErrorDeOpcion(f"no existe el fichero {ruta!r}; {_ADMITIDO}") from None
    except IsADirectoryError:
        raise ErrorDeOpcion(f"{ruta!r} es una carpeta; {_ADMITIDO}") from None
    except OSError as error:
        motivo = error.strerror or "error de lectura"
        raise ErrorDeOpcion(f"no se puede leer {ruta!r} ({motivo}); {_ADMITIDO}") from None
    if len(contenido) > MAX_BYTES:
        raise ErrorDeOpcion(f"{ruta!r} ocupa más de {MAX_BYTES // 10**6} MB; {_ADMITIDO}")
    try:
        texto = contenido.decode("utf-8")
    except UnicodeDecodeError:
        raise ErrorDeOpcion(f"{ruta!r} no es texto UTF-8; {_ADMITIDO}") from None
    try:
        return arquitectura.desde_json(texto)
    except ValueError as error:
        raise ErrorDeOpcion(f"{ruta}: {str(error).rstrip('.')}") from None


leer_config.__name__ = "config"  # argparse lo nombra en sus mensajes


def modelo_de(modelo: str | None, config: arquitectura.Arquitectura | None) -> str | arquitectura.Arquitectura:
    """El modelo de una orden: el nombre de ``--modelo`` o la arquitectura de ``--config``, uno de los dos."""
    if (modelo is None) == (config is None):
        raise ValueError(
            "--modelo y --config: se admite uno de los dos (un nombre de modelos.csv o un config.json), no "
            + ("ambos." if modelo is not None else "ninguno.")
        )
    return config if config is not None else modelo
