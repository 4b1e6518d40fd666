"""Publica los datos con el sitio: cada CSV de ``gpucoste/datos/`` en ``datos/`` del sitio construido.

Los ficheros se añaden como ficheros generados de MkDocs (``File.generated``): MkDocs los copia al sitio y
los enlaces de las páginas a ``datos/precios.csv`` se comprueban como cualquier otro. Nada se escribe en
``docs/`` (ver executable-docs.md). Con ``GPUCOSTE_DATOS``, se publican los datos de esa carpeta.
"""

from __future__ import annotations

from mkdocs.structure.files import File


def on_files(files, config):
    from gpucoste.guia import publicacion

    for nombre, contenido in publicacion.ficheros().items():
        files.append(File.generated(config, f"{publicacion.CARPETA}/{nombre}", content=contenido))
    return files
