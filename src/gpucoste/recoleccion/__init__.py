"""Los recolectores de la semana (con red): precios con gpuhunt (``precios``) y tipos de cambio oficiales
(``cambios``). Solo usan ``base`` y ``datos``; nada de la biblioteca los importa, y no van en la rueda del
navegador.
"""

__all__ = []
