"""Esquema declarativo de los CSV: de una declaración salen el cargador, sus errores y ``datapackage.json``.

Cada CSV del paquete se declara una vez con ``Tabla`` (columnas con tipo, rango y valores admitidos;
clave única; referencias a otros ficheros) y un tipo de fila (una ``dataclass`` cuyos campos se
llaman como las columnas). De esa declaración salen:

- el cargador, ``cargar(TABLA)``: lee el CSV con el módulo ``csv`` en modo estricto, acepta BOM
  (Excel) y CRLF, normaliza el texto a NFC y devuelve una tupla de filas ya convertidas;
- los errores, siempre ``ErrorDeDatos`` (un ``ValueError``) en español con fichero, fila (la cabecera es la fila 1,
  como en una hoja de cálculo) y columna: comilla sin cerrar, número de celdas distinto de la cabecera
  (con la pista de la coma decimal), celda vacía u obligatoria, número fuera de rango, fecha que no
  es ``AAAA-MM`` ni ``AAAA-MM-DD`` o que es posterior a hoy (``fecha_limite``), fuente que no es una
  URL https con host, clave repetida, clave obligatoria ausente, referencia a otro fichero que no
  existe (con «¿Quisiste decir …?» si difiere en mayúsculas o en una letra), valor fuera del rango
  que la biblioteca necesita en una fila (``Limite``: el MFU en (0, 1]), una regla de la fila que no se cumple
  (``Regla``: en ``ajustes.csv``, ``medidas`` cuenta los id de ``derivacion``), un valor repetido de una columna
  ``unicas``, un nombre escrito de dos maneras (``nombres``; o distinto del de otro fichero, con una ``Referencia``
  parcial), un número subnormal (5e-324), caracteres de control o invisibles (NUL, espacio de anchura cero…) en
  cualquier celda, fichero o carpeta que faltan o no están en UTF-8;
- la descripción publicada, ``datapackage()``: un *Data Package* de Frictionless (Table Schema por
  fichero, con ``primaryKey`` y ``foreignKeys``) como ``dict``, listo para ``json.dump``.

``cargar`` y ``contenido`` (el texto de un CSV para publicarlo, tras cargarlo) son las únicas lecturas de un CSV de
datos de la biblioteca (``tests/proyecto/test_cargador.py`` lo comprueba con ``ast``), y ningún ``except ValueError``
calla un ``ErrorDeDatos``.

El módulo es Python puro (sin pandas): sirve igual en el navegador con Pyodide. Aquí, la carga (``cargar``, con lo
leído guardado por carpeta, y ``ErrorDeDatos``) y la descripción publicada; las columnas (``Columna``, ``Referencia``,
``Limite``, ``FECHA``…) se definen en ``gpucoste.base.columnas``, la ``Tabla`` y el ``Registro`` en
``gpucoste.base.tabla`` y la lectura de un fichero en ``gpucoste.base.lector``: todo se importa de aquí.

Cómo añadir un CSV (la fila, la tabla y su cargador): ``CONTRIBUTING.md``, «Añadir un CSV».
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping  # noqa: F401 - las anotaciones de Regla y Tabla, publicadas aquí

from gpucoste.base import lector, paquete, validacion
from gpucoste.base.columnas import (
    FECHA,
    FUENTE,
    LEIDA,
    NO,
    NOTA,
    SI,
    TIPOS,
    Cobertura,
    Columna,
    Limite,
    Referencia,
    Regla,
)
from gpucoste.base.lector import clave_de_nombre, fecha_limite
from gpucoste.base.tabla import TABLAS, Registro, Tabla, Valor, tabla_de_valores

__all__ = [
    "Cobertura",
    "Columna",
    "ErrorDeDatos",
    "FECHA",
    "FUENTE",
    "LEIDA",
    "Limite",
    "NO",
    "NOTA",
    "Referencia",
    "Regla",
    "Registro",
    "SI",
    "TABLAS",
    "TIPOS",
    "Tabla",
    "Valor",
    "cargar",
    "clave_de_nombre",
    "comprobar",
    "contenido",
    "datapackage",
    "declaradas",
    "fecha_limite",
    "generacion",
    "limpiar",
    "tabla_de_valores",
    "valor",
]

# Las columnas se definen en ``base.columnas`` y la tabla en ``base.tabla``; su nombre es el de siempre,
# «gpucoste.base.esquema.Columna», «gpucoste.base.esquema.Tabla».
paquete.publicar(__name__, Cobertura, Columna, Limite, Referencia, Regla, Registro, Tabla, Valor)


class ErrorDeDatos(ValueError):
    """El error de un CSV de la carpeta de datos (fichero, fila y columna), el único que lanza ``cargar``.

    Es un ``ValueError`` (la CLI lo escribe en una línea y sale con 2), pero con nombre propio: quien espera el
    ``ValueError`` de un caso sin respuesta («no cabe», «no hay lectura») no debe callar un fichero roto::

        try:
            v = tiempo.velocidad_generacion(...)
        except esquema.ErrorDeDatos:
            raise
        except ValueError:  # no cabe en bf16
            v = None

    ``tests/proyecto/test_cargador.py`` lo exige en cada ``except ValueError`` que calla el error.
    """


def valor(tabla: Tabla, clave: str, nombre: str) -> Valor:
    """La fila ``clave`` de una ``tabla_de_valores``; una desconocida: ``ValueError`` que nombra ``nombre``."""
    if not isinstance(tabla, Tabla) or tabla.fila is not Valor:
        raise ValueError(f"tabla: {validacion.corto(tabla)} no vale; se admite una tabla de esquema.tabla_de_valores.")
    filas = {v.clave: v for v in cargar(tabla)}
    return filas[validacion.opcion(clave, nombre, filas)]


# --- Carga -----------------------------------------------------------------------------------

_CACHE: dict[tuple[str, str], tuple] = {}
_OLVIDOS = [0]  # cuántas veces se llamó a limpiar(): parte de generacion()


def limpiar() -> None:
    """Olvida todo lo leído (tras editar un CSV en la misma carpeta)."""
    _CACHE.clear()
    _OLVIDOS[0] += 1


def generacion() -> tuple[str, int]:
    """Qué datos lee ``cargar`` ahora: la carpeta activa (``GPUCOSTE_DATOS``) y cuántas veces se olvidó lo leído. Si no
    cambia, ``cargar`` da las mismas filas (lo usa ``memo.mismos_datos``)."""
    return os.environ.get("GPUCOSTE_DATOS", ""), _OLVIDOS[0]


def cargar(tabla: Tabla) -> tuple:
    """Las filas de ``tabla`` leídas de la carpeta de datos (``GPUCOSTE_DATOS`` o la del paquete).

    Se leen una vez por carpeta; ``limpiar()`` las olvida. Un fichero malo: ``ValueError`` en español.
    """
    if type(tabla) is not Tabla:  # lo corriente, sin más: la biblioteca la llama un millón de veces en make check
        validacion.instancia(tabla, Tabla, "tabla", de="p. ej. datos.PRECIOS")
    clave = (tabla.fichero, os.environ.get("GPUCOSTE_DATOS", ""))
    if clave not in _CACHE:
        try:
            _CACHE[clave] = lector.leer(tabla, lector.carpeta_de_datos(clave[1]), cargar)
        except ErrorDeDatos:
            raise
        except ValueError as error:
            raise ErrorDeDatos(str(error)) from None
    return _CACHE[clave]


def contenido(tabla: Tabla) -> bytes:
    """El texto de ``tabla`` en la carpeta de datos, tal cual (para publicarlo; en UTF-8, sin el BOM de Excel), tras
    cargarla: un fichero roto da el ``ErrorDeDatos`` de ``cargar``, no una copia rota. Con ``cargar``, la única
    lectura de un CSV de datos de la biblioteca (lo exige ``tests/proyecto/test_cargador.py``)."""
    cargar(tabla)
    carpeta = lector.carpeta_de_datos(os.environ.get("GPUCOSTE_DATOS", ""))
    return lector.leer_texto(carpeta, tabla.fichero).encode("utf-8")


# --- Descripción publicada --------------------------------------------------------------------


def declaradas() -> dict[str, Tabla]:
    """Todas las tablas declaradas, por fichero: importa los módulos de ``gpucoste`` que declaran una ``Tabla`` para
    registrarla. Solo esos: importar todos (``graficos`` trae matplotlib) costaba unos 2 s de CPU en cada orden de
    la CLI, que llama a ``comprobar`` antes de calcular nada."""
    from gpucoste.base import paquete

    for modulo in paquete.modulos():
        if modulo not in sys.modules and "Tabla(" in paquete.fichero(modulo).read_text(encoding="utf-8"):
            importlib.import_module(modulo)
    return dict(TABLAS)


def comprobar() -> None:
    """Lee cada CSV declarado de la carpeta de datos: el primero roto da su ``ValueError`` (fichero, fila y columna).

    La CLI la llama antes de cada orden: con una carpeta de datos rota, ninguna orden calcula nada.
    """
    for tabla in declaradas().values():
        cargar(tabla)


def datapackage() -> dict:
    """Descripción de todos los CSV declarados: un Data Package de Frictionless (``datapackage.json``)."""
    tablas = declaradas()
    return {
        "profile": "tabular-data-package",
        "name": "gpucoste-datos",
        "title": "Datos de gpucoste: precios, tarifas, hardware y supuestos",
        "description": (
            "Cada fila de precio, tarifa o hardware lleva su fuente (https) y su fecha. "
            "Los números usan punto decimal; el texto está en UTF-8."
        ),
        "resources": [tablas[f].recurso() for f in sorted(tablas)],
    }
