"""Las piezas de abajo: la frontera de validación (``validacion``), el esquema declarativo de los CSV (``esquema``),
los números en español (``formato``, y ``cifras``, la escritura que comparte con ``validacion``), el memo de
los cálculos con los mismos datos (``memo``), las constantes compartidas (``constantes``) y la lista de módulos del
paquete (``paquete``). No importan nada del resto de la biblioteca.
"""

__all__ = []
