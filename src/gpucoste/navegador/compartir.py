"""Lo que viaja con un resultado: la orden de ``gpucoste`` que imprime lo mismo («copiar como orden»), el enlace
que lo reproduce (los valores de los campos en la URL) y la tabla en CSV."""

from __future__ import annotations

import csv
import io
import shlex
import urllib.parse
from collections.abc import Mapping

from gpucoste.base.validacion import instancia, opcion
from gpucoste.navegador.cabe import KV_DE_SERIE, PRECISION_DEL_METODO
from gpucoste.navegador.cuanto_tarda import INTERCONEXION_DE_SERIE
from gpucoste.navegador.registro import CALCULADORAS, _leidos, _mismos_campos
from gpucoste.navegador.tipos import Tabla

__all__ = ["bandera", "clave_url", "enlace", "orden_cli", "tabla_csv"]


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


# Campos con el texto de un fichero (``"json_o_vacio"``: el config.json que pega o elige el lector): la orden lee el
# fichero (``--config config.json``, el nombre con que se guarda) en vez del modelo de la lista, y el enlace no lo
# lleva (una URL se envía al servidor al recargar la página: el config.json no sale del navegador).
_FICHEROS = {"config": ("config.json", "modelo")}


def orden_cli(nombre: str, valores: Mapping[str, str]) -> str:
    """La orden de ``gpucoste`` que imprime el mismo resultado que la calculadora ``nombre`` con los textos
    ``valores`` de sus campos (cada campo, leído como lo lee ``calcular``, con su opción): «copiar como orden».

    Lista para pegar en una terminal (``shlex.quote``). Error: ``ValueError`` si faltan o sobran campos.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    partes = ["gpucoste", c.orden]
    leidos = _leidos(c, valores)
    en_vez_de = {_FICHEROS[f][1] for f, v in leidos.items() if f in _FICHEROS and v is not None}
    for campo, valor in leidos.items():
        if valor is None or _SIN_OPCION.get(campo) == valor or campo in en_vez_de:  # la orden imprime lo mismo
            continue
        escrito = _FICHEROS[campo][0] if campo in _FICHEROS else _en_la_orden(valor)
        partes += [bandera(nombre, campo), escrito]
    return " ".join(shlex.quote(p) for p in partes)


def clave_url(nombre: str, campo: str) -> str:
    """El parámetro de la URL con el valor del campo ``campo`` de la calculadora ``nombre`` («cabe.modelo»): el
    nombre de la calculadora delante, porque una página puede tener dos con campos del mismo nombre."""
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    opcion(campo, f"Campo de la calculadora {nombre!r}:", c.argumentos)
    return f"{nombre}.{campo}"


def enlace(nombre: str, valores: Mapping[str, str]) -> str:
    """La parte de la URL (consulta y fragmento) que reproduce el resultado: ``?cabe.modelo=…&…#gc-cabe``. Sin el
    texto de un fichero (el ``config.json`` pegado): no sale del navegador.

    El script del navegador la lee al cargar la página, rellena el formulario y calcula; sin JavaScript, la
    página muestra los valores por defecto.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    # La coma decimal, tal cual («0,34» se lee mejor que «0%2C34»): es válida en una consulta.
    consulta = urllib.parse.urlencode(
        {clave_url(nombre, campo): valores[campo] for campo in c.argumentos if campo not in _FICHEROS},
        safe=",",
        quote_via=urllib.parse.quote,
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


def _compartir(nombre: str, valores: Mapping[str, str], tabla: Tabla) -> dict[str, str]:
    """Lo que viaja con el resultado: la orden equivalente, el CSV (como URL ``data:``) y el enlace."""
    return {
        "orden": orden_cli(nombre, valores),
        "csv": "data:text/csv;charset=utf-8," + urllib.parse.quote(tabla_csv(tabla)),
        "enlace": enlace(nombre, valores),
    }
