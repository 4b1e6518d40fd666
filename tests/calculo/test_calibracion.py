"""La calibración: cada medida publicada de medidas.csv frente a lo que predice la biblioteca.

Los umbrales (mediana de |predicho/medido − 1| ≤ 25 % para el tiempo y la memoria, 70 % de las medidas
dentro del rango, ninguna generación por encima de su techo) son los de la issue 18. Las cifras se
imprimen en la mitad de ajuste, en la de validación y en todas.
"""

from __future__ import annotations

import csv
import dataclasses
import pathlib
import re
import statistics
from importlib import resources

import pytest

from gpucoste import datos
from gpucoste.base.formato import porcentaje
from gpucoste.calculo import calibracion, tiempo


def test_la_calibracion_cumple_los_umbrales(capsys):
    resumen = calibracion.informe()
    with capsys.disabled():
        print("\nCalibración frente a medidas publicadas (medidas.csv):\n" + calibracion.texto_informe(resumen))
    assert calibracion.fallos(resumen) == []


def test_ajustes_csv_sale_de_la_mitad_de_ajuste():
    # ajustes.csv es un resultado, no un dato a mano: si cambia medidas.csv, «make snapshots» (o «make calibrar»)
    # lo rehace, como rehace los snapshots.
    ruta = resources.files("gpucoste") / "datos" / "ajustes.csv"
    with ruta.open(encoding="utf-8") as f:
        guardado = list(csv.DictReader(f))
    assert guardado == calibracion.filas_ajustes(), (
        "ajustes.csv no sale de medidas.csv: ejecuta «make snapshots» (o «make calibrar») y revisa el diff"
    )


def test_las_mitades_son_disjuntas_y_cubren_todas():
    ajuste, validacion = calibracion.mitades()
    ids_a, ids_v = {m.id for m in ajuste}, {m.id for m in validacion}
    assert not ids_a & ids_v
    assert ids_a | ids_v == {m.id for m in calibracion.usadas()}
    assert calibracion.mitades() == (ajuste, validacion)  # determinista


def test_el_ajuste_no_ve_la_validacion():
    # Cambiar una medida de validación no mueve ningún parámetro ajustado.
    ajuste, validacion = calibracion.mitades()
    antes = calibracion.ajustar(ajuste)
    assert calibracion.ajustar(ajuste) == antes
    assert all(m.id not in ids for *_, ids in antes.values() for m in validacion)


def test_una_medida_de_generacion_sobre_el_techo_falla():
    ps = calibracion.predicciones()
    p = next(p for p in ps if p.medida.tipo == "generacion")
    imposible = dataclasses.replace(p, medida=dataclasses.replace(p.medida, valor=p.techo * 1.01))
    avisos = calibracion.fallos(ps=(imposible,))
    assert any("superan el techo" in a for a in avisos)


def test_contar_dos_veces_el_recomputo_rompe_la_calibracion(monkeypatch):
    # El fallo que corrigió la issue 18: sumar el recómputo (2·N por token) a los FLOPs del modelo.
    original = tiempo.flops_por_token

    def con_recomputo(nombre, metodo, secuencia=2048, **opciones):
        return original(nombre, metodo, secuencia, **opciones) * 4 / 3

    monkeypatch.setattr(tiempo, "flops_por_token", con_recomputo)
    avisos = calibracion.fallos()
    assert any("tiempo de entrenamiento" in a for a in avisos), avisos


def test_olvidar_las_activaciones_rompe_la_calibracion(monkeypatch):
    # Un fallo de memoria grande: contar solo pesos y estado, sin activaciones ni logits.
    from gpucoste.calculo import memoria

    monkeypatch.setattr(memoria, "gb_activaciones", lambda *a, **k: 0.0)
    avisos = calibracion.fallos()
    assert any("memoria pico" in a for a in avisos), avisos


@pytest.mark.parametrize("medida", calibracion.usadas(), ids=lambda m: m.id)
def test_cada_medida_tiene_prediccion_finita(medida):
    p = calibracion.predecir(medida)
    assert 0 < p.minimo <= p.central * (1 + 1e-9) and p.central <= p.maximo * (1 + 1e-9)


def test_las_rechazadas_dicen_por_que():
    rechazadas = [m for m in datos.medidas() if m.rechazada]
    assert all(len(m.rechazada) > 20 for m in rechazadas)


# La validación por fuentes (issue 29, entrega 3): cada fuente, predicha con un ajuste hecho sin ella.

_PLANTADA = "https://github.com/plantada/extrema/blob/0123456789abcdef0123456789abcdef01234567/README.md"


def _con_fuente_plantada(monkeypatch, factor: float = 0.6) -> tuple[str, ...]:
    """Añade a medidas.csv una fuente nueva con cinco copias de una medida de entrenamiento en una GPU de consumo,
    cada una ``factor`` veces más rápida (por defecto, más lenta: tres veces más rápida implicaría una MFU por encima
    de 1, y una fuente muy lenta, una dispersión que lleva por encima de 1 el rango de los grupos con pocas medidas;
    ``ajustes.csv`` no admite ni lo uno ni lo otro): la mayoría de su grupo (la MFU de una GPU de consumo, que tiene
    medidas de otra fuente). Devuelve sus ``id``."""
    base = next(m for m in calibracion.usadas() if calibracion.grupo(m) == "mfu_gddr_1")
    otras = {calibracion.fuente(m) for m in calibracion.usadas() if calibracion.grupo(m) == "mfu_gddr_1"}
    assert otras, "el grupo de la fuente plantada necesita medidas de otra fuente"
    plantadas = tuple(
        dataclasses.replace(base, id=f"plantada-{i}", valor=base.valor * factor, fuente=_PLANTADA) for i in range(5)
    )
    originales = datos.medidas()
    monkeypatch.setattr(datos, "medidas", lambda: (*originales, *plantadas))
    return tuple(m.id for m in plantadas)


def test_la_validacion_deja_fuera_de_verdad_la_fuente(monkeypatch):
    # Una fuente extrema (casi dos veces más lenta que la otra de su grupo) que domina su grupo: con ella en el ajuste,
    # sus medidas se predicen casi sin error; sin ella, el error es el de la distancia entre las dos fuentes.
    ids = _con_fuente_plantada(monkeypatch)
    fuente = calibracion.fuente(next(m for m in calibracion.usadas() if m.id == ids[0]))
    assert fuente == "github.com/plantada/extrema"
    sin = calibracion.ajustar_sin(fuente)
    assert not any("plantada" in a.derivacion for a in sin.values()), "el ajuste sin la fuente usó sus filas"

    otra = next(f for f in calibracion.fuentes() if f != fuente)  # un ajuste que sí usa la fuente plantada
    con = calibracion.ajustar_sin(otra)
    assert any("plantada" in a.derivacion for a in con.values())
    plantadas = [m for m in calibracion.usadas() if m.id in ids]
    ajustado = [calibracion.predecir(m, con).error for m in plantadas]
    validado = {p.medida.id: p.error for p in calibracion.validacion().predicciones if p.medida.id in ids}
    assert set(validado) == set(ids)
    assert max(ajustado) < 0.05, ajustado
    assert min(validado.values()) > 0.5, validado  # predice 1/0,6 veces lo medido: un 67 % por encima


def test_la_validacion_se_calcula_de_nuevo_con_otros_datos(monkeypatch):
    # Se guarda mientras los datos sean los mismos (las páginas la piden una treintena de veces por construcción); con
    # una fila nueva, o con los datos leídos otra vez, se vuelve a calcular y la ve.
    antes = calibracion.validacion()
    assert calibracion.validacion() is antes
    ids = _con_fuente_plantada(monkeypatch)
    assert set(ids) <= {p.medida.id for p in calibracion.validacion().predicciones}
    monkeypatch.undo()
    assert calibracion.validacion() == antes
    datos.limpiar_cache()
    assert calibracion.validacion() is not antes
    fuente = calibracion.fuentes()[0]
    sin = calibracion.ajustar_sin(fuente)
    sin.clear()  # una copia: el ajuste guardado no cambia
    assert calibracion.ajustar_sin(fuente)


def test_sin_otra_fuente_de_su_grupo_no_se_valida():
    # Una medida cuyo grupo solo tiene medidas de su fuente no entra en la cifra validada, ni se predice con otro
    # grupo: va a sin_otra_fuente.
    v = calibracion.validacion()
    for p in (*v.predicciones, *v.escalado):
        otras = {
            calibracion.fuente(m)
            for m in (*calibracion.usadas(), *calibracion.usadas_escalado())
            if calibracion.grupo(m) == calibracion.grupo(p.medida)
        }
        assert otras - {calibracion.fuente(p.medida)}, p.medida.id
    validadas = {p.medida.id for p in (*v.predicciones, *v.escalado)}
    assert not validadas & set(v.sin_otra_fuente)
    assert validadas | set(v.sin_otra_fuente) == {m.id for m in (*calibracion.usadas(), *calibracion.usadas_escalado())}


def test_la_frase_da_las_cifras_validadas_o_dice_que_no_las_hay():
    for tipo in (*calibracion.TIPOS, "escalado"):
        r = calibracion.informe_escalado() if tipo == "escalado" else calibracion.informe()[tipo]
        frase = calibracion.frase_error(tipo)
        fuera, mitad = r["otras fuentes"], r["validación"]
        if fuera is not None:
            assert "fuentes que el ajuste no usó" in frase
            cifras = f"se desvía un {porcentaje(fuera.error_mediano)} en mediana, y el {porcentaje(fuera.dentro)}"
        else:
            assert "no se pueden validar con fuentes que el ajuste no usó" in frase
            cifras = f"se desvía un {porcentaje(mitad.error_mediano)} en mediana, y el {porcentaje(mitad.dentro)}"
        assert cifras in frase, (tipo, frase)


def test_ensanche_lleva_la_cobertura_validada_a_la_pedida():
    v = calibracion.validacion()
    for tipo in (*calibracion.TIPOS, "escalado"):
        ps = v.escalado if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]
        k = calibracion.ensanche(tipo, 0.8)
        if not ps:
            assert k is None
            continue
        dentro = [p.minimo / k * (1 - 1e-9) <= p.medida.valor <= p.maximo * k * (1 + 1e-9) for p in ps]
        assert sum(dentro) / len(dentro) >= 0.8
        assert k >= 1


_RAIZ = pathlib.Path(__file__).resolve().parents[2]
_INCLUYE = re.compile(r'--8<-- "(snippets/[^"]+\.py)"')
_FRASE = re.compile(r"se desvía (?:un|una)\b|[}%\d] de las medidas cae dentro")
"""La frase del margen de error con sus cifras (la de antes, «se desvía una mediana del…», también)."""


def test_cada_margen_de_error_usa_la_frase_unica():
    # Cada «Margen de error» de una página incluye solo snippets que llaman a calibracion.frase_error, y ninguna
    # página, snippet ni módulo (salvo calibracion_frases) escribe la frase por su cuenta.
    margenes = 0
    for pagina in sorted((_RAIZ / "docs").rglob("*.md")):
        texto = pagina.read_text(encoding="utf-8")
        for seccion in re.findall(r"^## Margen de error.*?(?=^## |\Z)", texto, flags=re.M | re.S):
            incluidos = _INCLUYE.findall(seccion)
            assert incluidos, f"{pagina.name}: «Margen de error» sin snippet"
            for snippet in incluidos:
                codigo = (_RAIZ / snippet).read_text(encoding="utf-8")
                assert "calibracion.frase_error(" in codigo, f"{snippet} ({pagina.name}) no usa frase_error"
                margenes += 1
    assert margenes >= 1
    print(f"\n{margenes} márgenes de error, todos con calibracion.frase_error")
    propia = _RAIZ / "src" / "gpucoste" / "calculo" / "calibracion_frases.py"
    ficheros = [*(_RAIZ / "src").rglob("*.py"), *(_RAIZ / "snippets").rglob("*.py"), *(_RAIZ / "docs").rglob("*.md")]
    for fichero in ficheros:
        if fichero == propia or ".pyodide" in fichero.parts:
            continue
        texto = fichero.read_text(encoding="utf-8")
        assert not _FRASE.search(texto), f"{fichero.relative_to(_RAIZ)}: escribe la frase del margen de error"


def test_ninguna_pagina_escribe_a_mano_una_cifra_de_error():
    # Una cifra de error o de cobertura en la prosa (no en un snippet) no la calcularía la calibración.
    cerca = re.compile(
        r"\d+(?:,\d+)? ?%[^.\n]{0,80}(?:error|desv|dentro del rango|se equivoca|acierta)"
        r"|(?:error|desv|dentro del rango|se equivoca|acierta)[^.\n]{0,80}\d+(?:,\d+)? ?%",
        flags=re.I,
    )
    for pagina in sorted((_RAIZ / "docs").rglob("*.md")):
        if ".pyodide" in pagina.parts:
            continue
        for n, linea in enumerate(pagina.read_text(encoding="utf-8").splitlines(), 1):
            assert not cerca.search(linea), f"{pagina.relative_to(_RAIZ)}:{n}: {linea}"


def test_un_qlora_de_0_en_ajustes_da_el_error_del_fichero(carpeta_datos):
    """El reproductor del issue 35: con ``qlora`` 0 en ``ajustes.csv``, ``texto_informe`` daba ZeroDivisionError; ahora
    la carga dice el fichero, la fila y la columna."""
    from gpucoste.base import esquema

    ruta = carpeta_datos / "ajustes.csv"
    texto = ruta.read_text(encoding="utf-8")
    qlora = next(linea for linea in texto.splitlines() if linea.startswith("qlora,"))
    fila = texto.splitlines().index(qlora) + 1
    celdas = qlora.split(",")
    ruta.write_text(texto.replace(qlora, ",".join([celdas[0], "0", "0", "0", *celdas[4:]])), encoding="utf-8")
    with pytest.raises(esquema.ErrorDeDatos, match=rf"^ajustes\.csv, fila {fila}, columna minimo: 0 no vale"):
        calibracion.texto_informe(calibracion.informe())


def test_lo_que_escribe_make_calibrar_cumple_lo_que_se_comprueba_al_leerlo(tmp_path):
    """``escribir_ajustes`` y la carga, de acuerdo: lo que escribe ``make calibrar`` lo lee el cargador sin error."""
    from gpucoste.base import esquema

    ruta = tmp_path / "ajustes.csv"
    calibracion.escribir_ajustes(str(ruta))
    for fila in csv.DictReader(ruta.open(encoding="utf-8")):
        convertida = {c.nombre: c.convertir(fila[c.nombre]) for c in datos.AJUSTES.columnas}
        datos.AJUSTES.comprobar(datos.Ajuste(**convertida))
    assert esquema.cargar(datos.AJUSTES)


# La ralentización de QLoRA (issue 33): de pares QLoRA/LoRA de la misma publicación, no de la MFU.

_TIEMPOS = ("gpu_horas", "gpu_minutos")
_MISMO_TRABAJO = ("fuente", "modelo", "gpu", "n_gpus", "secuencia", "marco", "unidad")


def _pares_leidos() -> list[tuple[str, float]]:
    """(id de la medida de QLoRA, cuántas veces más tarda que su pareja LoRA) de cada medida de QLoRA usada de
    medidas.csv con pareja, leídas con ``csv``: la pareja es la fila cuyo id cambia «qlora» por «lora», con LoRA y el
    mismo trabajo (fuente, modelo, GPU, número de GPU, secuencia, marco y unidad)."""
    from leidos import filas

    todas = filas("medidas.csv")
    por_id = {f["id"]: f for f in todas}
    pares = []
    for f in todas:
        if f["rechazada"] or f["tipo"] != "entrenamiento" or f["metodo"] != "qlora":
            continue
        lora = por_id.get(f["id"].replace("qlora", "lora", 1))
        if lora is None or lora["metodo"] != "lora" or any(lora[c] != f[c] for c in _MISMO_TRABAJO):
            continue
        con_q, con_l = float(f["valor"]), float(lora["valor"])
        pares.append((f["id"], con_q / con_l if f["unidad"] in _TIEMPOS else con_l / con_q))
    return pares


def test_la_ralentizacion_de_qlora_sale_de_los_pares_de_medidas_csv():
    # Las medidas de QLoRA usadas, ordenadas por id: la 1.ª, 3.ª, 5.ª… van al ajuste (son un grupo propio); de ellas,
    # las que tienen pareja dan la mediana y los extremos.
    from leidos import filas

    qlora = sorted(
        f["id"]
        for f in filas("medidas.csv")
        if not f["rechazada"] and f["tipo"] == "entrenamiento" and f["metodo"] == "qlora"
    )
    de_ajuste = set(qlora[::2])
    pares = [r for i, r in _pares_leidos() if i in de_ajuste]
    if len(pares) < calibracion.GRUPO_MINIMO:
        assert "qlora" not in calibracion.ajustar()
        return
    a = datos.ajustes()["qlora"]
    assert a.central == pytest.approx(statistics.median(pares), rel=1e-3)
    assert (a.minimo, a.maximo) == pytest.approx((min(pares), max(pares)), rel=1e-3)
    assert a.medidas == len(pares)
    assert tiempo.ralentizacion_qlora() == tiempo.Rango(a.minimo, a.maximo)


def test_cada_pareja_lora_es_la_de_medidas_csv():
    leidos = dict(_pares_leidos())
    calculados = {m.id: calibracion.ralentizacion_medida(m) for m in calibracion.usadas()}
    assert {i: r for i, r in calculados.items() if r is not None} == pytest.approx(leidos)
    for m in calibracion.usadas():
        lora = calibracion.pareja_lora(m)
        if lora is not None:
            assert lora.metodo == "lora" and all(getattr(lora, c) == getattr(m, c) for c in _MISMO_TRABAJO)


def test_una_lora_de_otra_gpu_no_es_pareja(monkeypatch):
    # La fila LoRA que se llama como la pareja pero se midió en otra GPU no es el mismo trabajo: sin pareja.
    m = next(m for m in calibracion.usadas() if calibracion.pareja_lora(m) is not None)
    lora = calibracion.pareja_lora(m)
    otra_gpu = next(g for g in datos.gpus() if g != lora.gpu)
    cambiadas = tuple(dataclasses.replace(x, gpu=otra_gpu) if x.id == lora.id else x for x in datos.medidas())
    monkeypatch.setattr(datos, "medidas", lambda: cambiadas)
    assert calibracion.pareja_lora(m) is None
    assert calibracion.ralentizacion_medida(m) is None


def test_con_menos_pares_que_el_minimo_no_hay_ralentizacion():
    # Un puñado de pares no da un factor: sin GRUPO_MINIMO pares en el ajuste, no hay «qlora».
    con_pareja = [m for m in calibracion.usadas() if calibracion.ralentizacion_medida(m) is not None]
    sin_qlora = tuple(m for m in calibracion.usadas() if m.metodo != "qlora")
    pocas = (*sin_qlora, *con_pareja[: calibracion.GRUPO_MINIMO - 1])
    assert "qlora" not in calibracion.ajustar(pocas)
    assert "qlora" in calibracion.ajustar((*sin_qlora, *con_pareja[: calibracion.GRUPO_MINIMO]))


def test_un_tiempo_sin_tokens_de_qlora_se_predice_desde_su_pareja():
    q = datos.ajustes()["qlora"]
    for m in calibracion.usadas():
        lora = calibracion.pareja_lora(m)
        if lora is None or m.unidad not in _TIEMPOS or m.tokens:
            continue
        p = calibracion.predecir(m)
        assert (p.central, p.minimo, p.maximo) == pytest.approx(
            (lora.valor * q.central, lora.valor * q.minimo, lora.valor * q.maximo)
        )


def test_la_validacion_de_qlora_usa_el_ajuste_sin_su_fuente():
    pares = calibracion.validacion_qlora()
    assert {i for i, *_ in pares} == {i for i, _ in _pares_leidos()}
    for i, r, central, minimo, maximo in pares:
        m = next(m for m in calibracion.usadas() if m.id == i)
        assert r == pytest.approx(calibracion.ralentizacion_medida(m))
        sin = calibracion.ajustar_sin(calibracion.fuente(m)).get("qlora")
        if sin is None:
            assert central is None and minimo is None and maximo is None
        else:
            assert (central, minimo, maximo) == (sin.central, sin.minimo, sin.maximo)
            assert i not in sin.derivacion


def test_sin_ralentizacion_ajustada_qlora_da_un_error_claro(monkeypatch):
    # Con menos pares que el mínimo, ajustes.csv no tiene «qlora»: el tiempo de QLoRA lo dice, no un KeyError.
    sin_qlora = {k: v for k, v in datos.ajustes().items() if k != "qlora"}
    monkeypatch.setattr(datos, "ajustes", lambda: sin_qlora)
    with pytest.raises(ValueError, match="ajustes.csv no tiene «qlora»"):
        tiempo.ralentizacion_qlora()


def test_un_motor_con_menos_medidas_que_el_minimo_no_se_ajusta():
    # Dos incógnitas (eficiencia y milisegundos por capa): con dos medidas, la recta pasa por ellas sin error.
    llama = [m for m in calibracion.usadas() if m.tipo == "generacion" and m.marco == "llama.cpp"]
    pocas = tuple(llama[: calibracion.GRUPO_MINIMO - 1])
    assert "generacion_llama.cpp" not in calibracion.ajustar(pocas)
    assert "generacion_llama.cpp" in calibracion.ajustar(tuple(llama[: calibracion.GRUPO_MINIMO]))


def test_el_desvio_lleva_su_signo_y_el_error_no():
    """«¿Cuánto se equivoca?» da cada medida con su desvío: «+19 %» si la guía predice de más, «−4 %» si de menos."""
    from gpucoste.calculo import contraste

    medida = calibracion.predicciones()[0].medida
    de_mas = contraste.Prediccion(medida, medida.valor * 1.19, medida.valor, medida.valor * 2)
    de_menos = contraste.Prediccion(medida, medida.valor * 0.96, medida.valor * 0.5, medida.valor)
    assert de_mas.desvio == pytest.approx(0.19) and de_mas.error == pytest.approx(0.19)
    assert de_menos.desvio == pytest.approx(-0.04) and de_menos.error == pytest.approx(0.04)
    assert porcentaje(de_menos.desvio, signo=True) == "\u22124\u00a0%"
