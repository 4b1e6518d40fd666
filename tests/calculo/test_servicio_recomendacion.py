"""La recomendación para servir un tráfico (``calculo.servicio_recomendacion``): la misma cuenta que
``servicio_costes.opciones`` y la misma elección que ``recomendacion.recomendar``."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste.calculo import recomendacion, servicio, servicio_costes, servicio_recomendacion

MODELO = "Llama 3.1 8B"


def _por_clase(opciones, clases):
    return min((o.coste_mes_usd for o in opciones if o.opcion in clases), default=None)


@pytest.mark.parametrize("mensajes", [500, 20_000, 1_000_000])
def test_cada_opcion_es_la_mas_barata_de_su_clase_en_servir(mensajes):
    r = servicio_recomendacion.recomendar_servicio(MODELO, mensajes)
    todas = servicio_costes.opciones(MODELO, mensajes)
    costes = {o.nombre: o.coste for o in r.opciones}
    assert costes[recomendacion.API] == pytest.approx(_por_clase(todas, ("API",)))
    assert costes[recomendacion.RESERVADA] == pytest.approx(_por_clase(todas, ("reservada",)))
    horas = [c for c in servicio_costes.OPCIONES if c not in ("API", "reservada", "comprada")]
    assert costes[recomendacion.POR_HORAS] == pytest.approx(_por_clase(todas, horas))
    assert costes[recomendacion.LOCAL] is None
    assert r.coste == min(c for c in costes.values() if c is not None)
    assert r.razones[0] == next(o.razon for o in r.opciones if o.nombre == r.opcion)


def test_un_modelo_propio_no_tiene_api():
    r = servicio_recomendacion.recomendar_servicio(MODELO, 1_000_000, con_api=False)
    api = next(o for o in r.opciones if o.nombre == recomendacion.API)
    assert api.coste is None and "ninguna API" in api.razon
    assert r.opcion in (recomendacion.POR_HORAS, recomendacion.RESERVADA)


@settings(max_examples=15, deadline=None)
@given(st.floats(1, 2e6), st.floats(1.01, 3))
def test_mas_mensajes_nunca_sale_mas_barato(mensajes, factor):
    # Cada clase cuesta más (o igual) con más tráfico, así que la más barata de todas también.
    a = servicio_recomendacion.recomendar_servicio(MODELO, mensajes)
    b = servicio_recomendacion.recomendar_servicio(MODELO, mensajes * factor)
    assert b.coste >= a.coste - 1e-9


def test_la_replica_llena_marca_cuando_hace_falta_otra():
    # Lo que genera una réplica llena, pasado a mensajes al día, es justo el tráfico en que servicio.capacidad pasa de
    # una réplica a dos (una cuenta independiente de la de rendimiento_servicio: la ley de Little al revés).
    s = servicio_recomendacion.rendimiento_servicio(MODELO, "RTX 4090")
    assert s.tokens_s_media == pytest.approx(s.tokens_s_pico / servicio.FACTOR_PICO)
    limite = s.tokens_s_pico * s.gpus_por_replica / servicio.TOKENS_SALIDA * 86_400 / servicio.FACTOR_PICO
    assert servicio.capacidad(MODELO, "RTX 4090", limite * 0.999).replicas == 1
    assert servicio.capacidad(MODELO, "RTX 4090", limite * 1.001).replicas == 2


def test_varias_gpu_por_replica_se_cuentan_por_gpu():
    s = servicio_recomendacion.rendimiento_servicio("Llama 3.1 70B", "RTX 4090")
    c = servicio.capacidad("Llama 3.1 70B", "RTX 4090", 1.0)
    assert s.gpus_por_replica == c.gpus_por_replica > 1
    assert s.tokens_s_pico * s.gpus_por_replica == pytest.approx(c.peticiones_s_replica * servicio.TOKENS_SALIDA)


def test_elegir_gana_la_mas_barata_y_a_igual_coste_la_primera():
    o = recomendacion.Opcion
    r = recomendacion.elegir([o(recomendacion.RESERVADA, 5.0, "r"), o(recomendacion.API, 5.0, "a")])
    assert r.opcion == recomendacion.API and r.razones == ("a", f"{recomendacion.RESERVADA}: r")


@pytest.mark.parametrize(
    ("opciones", "nombrado"),
    [
        ([], "ninguna"),
        ([recomendacion.Opcion(recomendacion.API, None, "sin API")], "sin API"),
        ([recomendacion.Opcion("Otra", 1.0, "x")], "Otra"),
        ("API", "API"),
    ],
)
def test_elegir_sin_opciones_validas_lo_dice(opciones, nombrado):
    with pytest.raises(ValueError, match=nombrado):
        recomendacion.elegir(opciones)


@pytest.mark.parametrize(
    ("argumentos", "nombrado"),
    [
        ({"mensajes_dia": 0}, "mensajes_dia"),
        ({"mensajes_dia": 100, "con_api": "sí"}, "con_api"),
        ({"mensajes_dia": 100, "supuestos": {"factor_pico": 3}}, "supuestos: {'factor_pico': 3} no vale"),
        ({"mensajes_dia": -5}, "mensajes_dia"),
    ],
)
def test_entrada_mala_da_un_error_que_la_nombra(argumentos, nombrado):
    with pytest.raises(ValueError, match=nombrado):
        servicio_recomendacion.recomendar_servicio(MODELO, **argumentos)
