"""Lo que las pruebas esperan de los datos, sean los que sean: cada comprobación deriva su expectativa de los
CSV (leídos con ``csv`` en ``leidos``), nunca de un recuento o una cifra de hoy.

Las usan las pruebas normales (con los datos del paquete) y ``test_filas_nuevas.py``, que añade filas válidas
generadas a cada CSV y comprueba que todas siguen valiendo: una fila nueva correcta no rompe ninguna prueba.
"""

from __future__ import annotations

import math
import re

import leidos
import pytest

from gpucoste import datos, navegador
from gpucoste.base import esquema
from gpucoste.calculo import alternativas, atipicos, experimento, ranking
from gpucoste.calculo.trabajo import Trabajo
from gpucoste.datos import frescura
from gpucoste.guia import primera_version, publicacion

TRABAJO = Trabajo(modelo="Llama 3.1 8B", metodo="lora", tokens=50e6)
VALORES_CALCULADORA = {
    "modelo": TRABAJO.modelo,
    "metodo": TRABAJO.metodo,
    "tokens": "50.000.000",
    "epocas": "1",
    "secuencia": "2048",
    "sin_estimaciones": "sí",
    "pais": "SIN",
}


def filas_contadas() -> None:
    """Cada CSV declarado carga tantas filas como tiene el fichero."""
    for tabla in esquema.TABLAS.values():
        assert len(esquema.cargar(tabla)) == len(leidos.filas(tabla.fichero)), tabla.fichero


def recientes_como_el_oraculo() -> None:
    """El precio más reciente de cada escenario es el que dice el CSV (sin atípicos; sin estimaciones, si se pide)."""
    tabla = atipicos.tabla_recientes().set_index("GPU")
    for esc in experimento.escenarios():
        fila = tabla.loc[esc.nombre]
        assert fila["reciente"] == pytest.approx(leidos.reciente(esc.gpu, esc.proveedor, esc.nivel)[0])
        assert fila["posterior"] == (frescura.dia(fila["fecha"]) > frescura.dia(esc.fecha_precio))
        try:
            leido = leidos.reciente(esc.gpu, esc.proveedor, esc.nivel, estimaciones=False)[0]
        except LookupError:
            with pytest.raises(ValueError, match="atípicos o estimaciones"):
                atipicos.precio_reciente(esc.gpu, esc.proveedor, esc.nivel, estimaciones=False)
            continue
        r = atipicos.precio_reciente(esc.gpu, esc.proveedor, esc.nivel, estimaciones=False)
        assert r.precio.precio_hora_usd == pytest.approx(leido) and not r.precio.estimacion


def ranking_sin_ceros_inventados(trabajo: Trabajo = TRABAJO) -> list[ranking.Fila]:
    """El ranking: sin estimaciones, ordenado por coste, y sin tarifa de disco la partida queda sin dato."""
    filas = ranking.ranking(trabajo)
    assert filas, "el trabajo del ejemplo cabe en alguna GPU"
    assert not any(f.precio.estimacion for f in filas)
    medios = [(f.coste.minimo + f.coste.maximo) / 2 for f in filas]
    assert medios == sorted(medios)
    for f in filas:
        assert (f.disco is None) != leidos.tiene_tarifa(f.precio.proveedor, "almacenamiento")
        assert f.precio.precio_hora_usd == pytest.approx(
            leidos.reciente(f.precio.gpu, f.precio.proveedor, f.precio.nivel, estimaciones=False)[0]
        )
    return filas


def alternativas_sin_ceros_inventados(gpu: str = "H100 80GB") -> None:
    """La comparación de proveedores de ``gpu``: disco sin dato donde no hay tarifa, y sin atípicos."""
    c = alternativas.comparar(gpu, alternativas.trabajo_grande()).set_index(["proveedor", "nivel"])
    for (proveedor, nivel), fila in c.iterrows():
        assert math.isnan(fila["disco_min"]) != leidos.tiene_tarifa(proveedor, "almacenamiento")
        assert fila["precio"] == pytest.approx(leidos.reciente(gpu, proveedor, nivel)[0])
    assert c["total_min"].is_monotonic_increasing


def calculadora_como_el_ranking() -> None:
    """La calculadora del navegador: una fila y un punto por opción del ranking, un anillo por fila de Pareto; detrás,
    una fila por servicio gestionado y por cuaderno (``ranking.otras``), sin punto en el gráfico."""
    opciones = ranking.ranking(TRABAJO)
    t = navegador.calcular("donde-mas-barato", VALORES_CALCULADORA)
    assert len(t.filas) == len(opciones) + len(ranking.otras(TRABAJO))
    ancho = t.grafico[: t.grafico.index("</svg>")]  # el primer dibujo (el estrecho repite los datos a otra escala)
    assert len(re.findall(r'<circle class="punto"', ancho)) == len(opciones)
    assert len(re.findall(r'<circle class="destacado"', ancho)) == sum(f.pareto for f in opciones) >= 1


def paginas_de_datos() -> None:
    """Las tablas de la página de precios y la fe de erratas de la primera versión, con los datos que haya."""
    assert len(publicacion.tabla_precios()) == len(leidos.filas("precios.csv"))
    frescas = publicacion.tabla_frescura()
    assert list(frescas["Proveedor"]) == sorted({p["proveedor"] for p in leidos.filas("precios.csv")})
    assert len(publicacion.descargas()) == len(publicacion.ficheros())
    assert {e.veredicto for e in primera_version.erratas()} <= set(primera_version.VEREDICTOS)


TODAS = (
    filas_contadas,
    recientes_como_el_oraculo,
    ranking_sin_ceros_inventados,
    alternativas_sin_ceros_inventados,
    calculadora_como_el_ranking,
    paginas_de_datos,
)
"""Las comprobaciones que dependen de los datos: ``test_filas_nuevas`` las repite con filas nuevas."""


def comprobar_todo() -> None:
    datos.limpiar_cache()
    for comprobacion in TODAS:
        comprobacion()
