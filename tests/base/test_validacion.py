"""``validacion.url``: lo que admite una columna ``fuente`` y el patrón publicado en ``datapackage.json`` (issue 35)."""

from __future__ import annotations

import re

import pytest

from gpucoste.base import esquema, validacion


@pytest.mark.parametrize(
    "url",
    [
        "HTTPS://x",  # el reproductor del issue 35: el esquema en mayúsculas
        "HTTPS://vast.ai/pricing",
        "https://x",  # un host sin dominio
        "https://vast..ai",
        "https://-vast.ai",
        "https://vast.ai:99999/",  # un puerto que no existe
        "https://vast.ai:abc/",
        "https://vast.ai/a\u200bb",  # un espacio de anchura cero
        "https://vast.ai/a\x00b",
        "https://vast .ai",
        "http://vast.ai",
        "https://",
        "",
        None,
        b"https://vast.ai",
    ],
)
def test_url_rechaza(url):
    with pytest.raises(ValueError, match=r"no es una URL https:// con host; se admite p\. ej\."):
        validacion.url(url)


@pytest.mark.parametrize(
    "url", ["https://vast.ai", "https://vast.ai/pricing?x=1#y", "https://Vast.AI/p", "https://vast.ai:443/p"]
)
def test_url_admite(url):
    assert validacion.url(url) == url


def test_cada_fuente_de_los_datos_es_una_url_valida_y_casa_con_el_patron_publicado():
    patron = re.compile(esquema.FUENTE.campo()["constraints"]["pattern"])
    fuentes = [
        getattr(fila, c.nombre)
        for tabla in esquema.declaradas().values()
        for c in tabla.columnas
        if c.tipo == "url"
        for fila in esquema.cargar(tabla)
    ]
    assert fuentes
    for fuente in fuentes:
        assert validacion.url(fuente) == fuente and patron.fullmatch(fuente), fuente


@pytest.mark.parametrize(
    ("nombre", "concordancia"),
    [
        ("Interconexión", "desconocida"),
        ("Pérdida", "desconocida"),
        ("Clase de GPU", "desconocida"),
        ("Escala del trabajo", "desconocida"),
        ("Fuente", "desconocida"),
        ("Moneda", "desconocida"),
        ("GPU con precio", "desconocida"),
        ("Proveedor", "desconocido"),
        ("Método", "desconocido"),
        ("País", "desconocido"),
    ],
)
def test_la_opcion_desconocida_concuerda_con_su_nombre(nombre, concordancia):
    with pytest.raises(ValueError, match=f"^{nombre} {concordancia}: 'x'"):
        validacion.opcion("x", nombre, ("a", "b"))


@pytest.mark.parametrize("n", [0, 1, 1024, 9999, 10_000, 32_768, 10**7, 2**53, -4, -12_345])
def test_cifra_como_formato(n):
    # Los límites de un error de entero se escriben como el resto de la guía (formato.numero): con la misma función.
    from gpucoste.base import cifras, formato

    assert cifras.escrita(n) == formato.numero(n, 0)
    with pytest.raises(ValueError, match=f"menor o igual que {re.escape(formato.numero(n, 0))}"):
        validacion.entero(n + 1, "n", minimo=-(2**60), maximo=n)
