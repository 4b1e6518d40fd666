"""Piezas con forma de página: los ejemplos de las páginas de decisión (``decisiones``, con ``interrumpible`` y
``tres_dias``), el experimento con un
trabajo definido (``experimento_definido``), la primera versión y su fe de erratas (``primera_version``) y los datos
publicados con el sitio (``publicacion``). Usa las capas de abajo.
"""

__all__ = []
