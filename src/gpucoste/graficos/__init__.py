"""Los gráficos: con matplotlib al construir el sitio (``figuras`` y un módulo por página: ``historial``,
``calibracion``, ``decisiones``) y en SVG escrito a mano para el navegador (``dibujo``, sin matplotlib). Este
``__init__.py`` no importa nada: ``dibujo`` se importa sin traer matplotlib.
"""

__all__ = []
