"""Línea de órdenes: ``gpucoste coste``, ``experimento``, ``precios``, ``cabe``, ``cuanto-tarda``, ``velocidad``…

En español de principio a fin: la ayuda (``-h``: «muestra esta ayuda y sale»), el uso y cada error
de argparse. Ante una entrada mala, una sola línea en stderr que nombra la opción y el valor, código
de salida 2 y nada en stdout: cada orden calcula todo primero e imprime después. Los números se
aceptan con coma o punto decimal (``--precio-hora 1,5`` o ``1.5``; también ``12.345,5``), así que la
salida de la propia orden vale de entrada. Cada orden admite ``--formato tabla|csv|json``: ``tabla``
es para leer (cifras en español), ``csv`` y ``json`` para otros programas (punto decimal).

Añadir una orden
----------------
En ``cli/ordenes.py`` (o en su propio módulo, como ``cli/servir.py``, si es de una calculadora de decisión), una función
decorada con ``@orden`` que recibe las opciones ya convertidas y validadas y devuelve
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

La tabla para leer (``--formato tabla``) escribe cada clave en palabras: los títulos de las columnas salen de
``gpucoste.base.etiquetas.COLUMNAS`` (una pareja ``x_min``/``x_max``, como un rango), el nivel, el tipo de precio,
la fecha y los sí/no, como en las páginas (``Salida.legibles``, ``Salida.encabezados``); una fila que también
tiene el formulario de su calculadora lleva su etiqueta de ``gpucoste.base.etiquetas``
(``tests/cli/test_cli_etiquetas.py``). ``csv`` y ``json`` guardan las claves.

Tipos de opción: ``positivo`` (> 0), ``no_negativo`` (≥ 0), ``entero_positivo``, ``nombre_de("GPU",
datos.especificaciones)`` (un nombre de los datos; ante una errata, «¿Quisiste decir …?») o ``str`` (por
defecto); ``valores=(...)`` limita las opciones a una lista (también con «¿Quisiste decir …?»). ``ejemplo=``
añade una línea de uso al final de ``--help`` (las pruebas la ejecutan). ``--formato`` se añade solo.
Un ``ValueError`` de la biblioteca se convierte en la línea de error (con las opciones dadas) y el
código 2, y si empieza por el nombre de un argumento y su valor, por la opción que lo dio («--descuento: 1.5 no
vale», ``analizador._con_su_opcion``); ``tests/proyecto/test_propiedades.py`` prueba cada orden registrada con
entradas generadas (registra en ``tests/propiedades.py`` cada opción: ``tests/proyecto/test_propiedades_cobertura.py``
falla si falta una).
"""

from __future__ import annotations

from gpucoste.cli.analizador import CATALOGO, FORMATOS, main
from gpucoste.cli.opciones import (
    EMPRESA,
    ORDENES,
    PAIS,
    Opcion,
    Salida,
    decimal,
    entero_positivo,
    no_negativo,
    nombre_de,
    orden,
    positivo,
)
from gpucoste.cli.ordenes import PRINCIPALES, localizar

__all__ = [
    "CATALOGO",
    "EMPRESA",
    "FORMATOS",
    "ORDENES",
    "Opcion",
    "PAIS",
    "PRINCIPALES",
    "Salida",
    "decimal",
    "entero_positivo",
    "localizar",
    "main",
    "no_negativo",
    "nombre_de",
    "orden",
    "positivo",
]


# Las órdenes se registran en ORDENES al importarse, en el orden de ``--help``: primero las de ``cli.ordenes``
# (importado arriba), después las de las calculadoras de decisión (equilibrios en ``cli.calculadoras``,
# interrupciones en ``cli.interrumpible``, recomendación en ``cli.recomendar``).
from gpucoste.cli import (
    calculadoras,  # noqa: E402, F401
    interrumpible,  # noqa: E402, F401
    recomendar,  # noqa: E402, F401
)

# Después, «horas-gpu» (issue 32) y «servir» (issue 31), cada una en su propio módulo (el «isort: split» mantiene
# este orden, el de ``--help``, aunque no sea el alfabético).
# isort: split
from gpucoste.cli import (
    horas_gpu,  # noqa: E402, F401
    servir,  # noqa: E402, F401
)
