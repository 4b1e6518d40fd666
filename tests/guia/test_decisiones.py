"""Las afirmaciones del artículo que zanjan las páginas de decisión, con los datos del paquete."""

import leidos
import pytest

from gpucoste import datos
from gpucoste.calculo import compra, equilibrios, modalidades, recomendacion
from gpucoste.guia import decisiones


def test_la_tabla_del_articulo_calculada():
    # Las tres primeras cargas de ejemplo dan la opción que recomendaba el artículo.
    tabla = decisiones.tabla_cuando_compensa()
    assert list(tabla["Calculado"])[:3] == list(tabla["La primera versión"])[:3]
    # La cuarta (24/7 con carga alta, sin API): gana la más barata al mes de las GPU que cumplen los objetivos,
    # reservadas (al precio del proveedor que ofrece la reserva) o por horas, sea la que recomendaba el artículo o no.
    caso = decisiones.casos()[-1]
    costes = {o.nombre: o.coste for o in caso.recomendacion.opciones}
    assert costes[recomendacion.API] is None and costes[recomendacion.LOCAL] is None
    esperada = min((recomendacion.RESERVADA, recomendacion.POR_HORAS), key=lambda n: costes[n])
    assert caso.recomendacion.opcion == esperada


def test_el_volumen_bajo_o_medio_es_mas_barato_por_api_que_la_gpu_mas_barata():
    # Con pocos mensajes al día, la API más barata cuesta menos que una sola GPU alquilada todo el mes a su precio
    # más bajo: lo que dice la primera versión, con una cota que no depende del modelo de capacidad.
    caso = decisiones.casos()[1]
    api = next(o for o in caso.recomendacion.opciones if o.nombre == recomendacion.API)
    una_gpu = min(modalidades.precio_bajo_demanda(g).precio_hora_usd for g in datos.gpus()) * 730
    assert api.coste < una_gpu
    assert caso.recomendacion.opcion == recomendacion.API


def test_con_una_conversacion_la_gpu_no_alcanza_a_la_api():
    # «Una API por token sale más barata que una GPU parada»: con lote 1 (medido o típico calibrado) ninguna
    # GPU alquilada llega a los tokens por segundo que igualan el precio de la API.
    # (La API más barata: una API nueva y más cara puede pedir menos tokens por segundo.)
    precio = decisiones.precio_gpu_alquilada().precio_hora_usd
    api = decisiones.api_mas_barata(decisiones.MODELO)
    minimo = equilibrios.tokens_s_minimos(precio, api.millon_mezclado(decisiones.ENTRADA_POR_SALIDA))
    lote1 = [r for r in decisiones.rendimientos() if r.nombre.endswith("lote 1")]
    assert lote1 and all(r.tokens_s < minimo for r in lote1)


def test_comprar_cuesta_mas_horas_que_las_del_articulo():
    # El artículo: «comprar la GPU cuesta lo que 2.000 horas de alquiler». Sin luz ya son más (facts.md:
    # 1.599 $ / 0,34 $/h ≈ 4.700 h); con la luz de un hogar, más aún.
    equipo = datos.equipo("RTX 4090")
    alquiler = decisiones.precio_gpu_alquilada().precio_hora_usd
    sin_luz = compra.horas_equivalentes(equipo.precio_compra_usd, alquiler)
    tabla = decisiones.tabla_comprar("RTX 4090")
    con_luz = tabla[tabla["reventa"].str.startswith("sin")]["horas de uso"].iloc[0]
    assert 2000 < sin_luz < con_luz
    kwh = decisiones.luz().usd_kwh
    assert con_luz == pytest.approx(equipo.precio_compra_usd / (alquiler - 0.45 * kwh))


def test_ejemplo_interrumpible_sale_de_los_datos():
    # El precio interrumpible, el leído en precios.csv (no el bajo demanda menos el ahorro que anuncia Vast.ai).
    e = decisiones.ejemplo_interrumpible()
    assert e.horas_trabajo == 6.0 and e.proveedor == "Vast.ai"
    leido = leidos.reciente("RTX 4090", "Vast.ai", "interrumpible", estimaciones=False)[0]
    assert e.precio_interrumpible == pytest.approx(leido) and e.interrumpible.origen == "leído"
    assert e.precio_bajo_demanda == pytest.approx(leidos.reciente("RTX 4090", "Vast.ai", "bajo_demanda")[0])
    tabla = decisiones.tabla_interrumpible()
    assert tabla["coste (US$)"].is_monotonic_increasing


def test_el_precio_mas_bajo_de_cada_gpu_es_el_de_los_csv():
    """``publicacion.tabla_mas_baratos``: por GPU, el bajo demanda más barato entre el precio más reciente no atípico
    de cada proveedor y nivel (leídos con ``csv``, ``leidos.reciente``) y el interrumpible más barato, con su fecha."""
    import leidos

    from gpucoste.base.formato import numero
    from gpucoste.guia import publicacion

    tabla = {f["GPU"]: f for f in publicacion.tabla_mas_baratos().to_dict("records")}
    combinaciones = {(p["gpu"], p["proveedor"], p["nivel"]) for p in leidos.filas("precios.csv")}
    leidas = {}
    for gpu, proveedor, nivel in combinaciones:
        try:
            leidas[(gpu, proveedor, nivel)] = leidos.reciente(gpu, proveedor, nivel, estimaciones=False)[0]
        except LookupError:
            continue
    for gpu in {g for g, _, _ in leidas}:
        fijos = [v for (g, _, n), v in leidas.items() if g == gpu and n != "interrumpible"]
        cortes = [v for (g, _, n), v in leidas.items() if g == gpu and n == "interrumpible"]
        if fijos:
            assert tabla[gpu]["bajo demanda"].startswith(f"{numero(min(fijos))} US$/h en ")
        if cortes:
            assert tabla[gpu]["interrumpible"].startswith(f"{numero(min(cortes))} US$/h en ")
        else:
            assert tabla[gpu]["interrumpible"] == "—"
