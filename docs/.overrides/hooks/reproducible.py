"""Construcciones reproducibles (tests/test_reproducible.py).

MkDocs ya usa SOURCE_DATE_EPOCH para las fechas del sitemap. El plugin git-revision-date-localized, en
cambio, usa la hora del reloj (``time.time()``) para una página sin historia en git (sin commit todavía,
o una copia del proyecto fuera de git): dos construcciones darían fechas distintas. Con SOURCE_DATE_EPOCH
fijado, este hook hace que esa «hora de construcción» sea SOURCE_DATE_EPOCH. Sin la variable, nada cambia.
"""

from __future__ import annotations

import os
import types


def on_config(config):
    epoca = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoca:
        return config
    try:
        from mkdocs_git_revision_date_localized_plugin import plugin, util
    except ImportError:  # sin el plugin no hay nada que fijar
        return config
    reloj = types.SimpleNamespace(time=lambda: float(epoca))
    util.time = reloj
    plugin.time = reloj
    return config
