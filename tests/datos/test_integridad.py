"""Integridad al cargar: nada malo entra en silencio y nada bueno se rechaza.

Cada regla está en la declaración de ``esquema`` (``Referencia``, ``Limite``, el tipo ``fecha``, los caracteres
de control) y cada error nombra fichero, fila y columna. Cada caso malo es un fallo plantado en una copia de los
datos (``carpeta_datos``): si la regla se quitara, la carga no fallaría y la prueba sí.
"""

from __future__ import annotations

import csv
import datetime as dt
import re

import pytest

from gpucoste import datos
from gpucoste.base import esquema, validacion


def _filas(carpeta, fichero) -> list[dict]:
    with (carpeta / fichero).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _escribir(carpeta, fichero, filas: list[dict]) -> None:
    with (carpeta / fichero).open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(filas[0]))
        w.writeheader()
        w.writerows(filas)


def _editar(carpeta, fichero, fila: int, columna: str, valor: str) -> None:
    """Cambia la celda de ``columna`` en la ``fila`` (la cabecera es la fila 1, como en el mensaje de error)."""
    filas = _filas(carpeta, fichero)
    filas[fila - 2][columna] = valor
    _escribir(carpeta, fichero, filas)


def _error_al_cargar(tabla: esquema.Tabla | None = None) -> str:
    """El error al leer los datos: todos (``esquema.comprobar``, como la CLI) o, con ``tabla``, solo esa tabla (y las
    que referencia). Las pruebas que plantan un fallo en cada fichero por turno pasan su tabla: leer cada vez todos
    los demás era casi todo su tiempo (unos 4 s de CPU en «make check» tras editar un dato)."""
    datos.limpiar_cache()
    with pytest.raises(ValueError) as error:
        esquema.comprobar() if tabla is None else esquema.cargar(tabla)
    return str(error.value)


def _fila_de(carpeta, fichero, **donde) -> int:
    filas = _filas(carpeta, fichero)
    return 2 + next(i for i, f in enumerate(filas) if all(f[k] == v for k, v in donde.items()))


# --- Referencias entre ficheros, comparadas en NFC y sin mayúsculas --------------------------------------


@pytest.mark.parametrize(
    ("valor", "pista"),
    [
        ("rtx 4090", "¿Quisiste decir 'RTX 4090'?"),
        ("RTX 4O90", "¿Quisiste decir 'RTX 4090'?"),
        ("RTX 4090 Ti Super Max", "Valores admitidos: "),
    ],
)
def test_gpu_de_precios_que_no_esta_en_gpus(carpeta_datos, valor, pista):
    fila = _fila_de(carpeta_datos, "precios.csv", gpu="RTX 4090")
    _editar(carpeta_datos, "precios.csv", fila, "gpu", valor)
    mensaje = _error_al_cargar()
    assert f"precios.csv, fila {fila}, columna gpu: {valor!r} no está en gpus.csv" in mensaje
    assert pista in mensaje


def test_espacio_de_anchura_cero_en_un_nombre(carpeta_datos):
    fila = _fila_de(carpeta_datos, "precios.csv", gpu="RTX 4090")
    _editar(carpeta_datos, "precios.csv", fila, "gpu", "RTX\u200b4090")
    mensaje = _error_al_cargar()
    assert f"precios.csv, fila {fila}, columna gpu:" in mensaje
    assert "U+200B (ZERO WIDTH SPACE)" in mensaje


@pytest.mark.parametrize(("fichero", "columna"), [("tarifas.csv", "proveedor"), ("modalidades.csv", "proveedor")])
def test_proveedor_que_no_esta_en_precios(carpeta_datos, fichero, columna):
    _editar(carpeta_datos, fichero, 2, columna, "vast.ai")
    mensaje = _error_al_cargar()
    assert f"{fichero}, fila 2, columna {columna}: 'vast.ai' no está en precios.csv" in mensaje
    assert "¿Quisiste decir 'Vast.ai'?" in mensaje


def test_cada_referencia_declarada_falla_con_un_nombre_inventado(carpeta_datos):
    """Cada ``Referencia`` de cada tabla, plantando por turno un nombre que no existe en su destino."""
    for fichero, tabla in sorted(esquema.declaradas().items()):
        for ref in (r for r in tabla.referencias if not r.parcial):  # las parciales admiten un nombre nuevo: abajo
            columna = ref.columnas[0]
            original = _filas(carpeta_datos, fichero)
            _editar(carpeta_datos, fichero, 2, columna, "Inventado 9000")
            mensaje = _error_al_cargar(tabla)
            assert f"{fichero}, fila 2, columna {columna}: 'Inventado 9000' no está en {ref.fichero}" in mensaje
            _escribir(carpeta_datos, fichero, original)


def test_cada_referencia_parcial_falla_con_el_nombre_escrito_de_otra_manera(carpeta_datos):
    """Una ``Referencia`` parcial (el proveedor de una API, que puede no alquilar GPU) admite un nombre que no está en
    su destino, pero no uno de su destino con otras mayúsculas o signos: «together» no casa con ningún proveedor
    (issue 35). El error nombra los dos ficheros."""
    parciales = [(f, t, r) for f, t in sorted(esquema.declaradas().items()) for r in t.referencias if r.parcial]
    assert parciales
    for fichero, tabla, ref in parciales:
        columna, destino = ref.columnas[0], ref.destino[0]
        original = _filas(carpeta_datos, fichero)
        nombre = _filas(carpeta_datos, ref.fichero)[0][destino]
        torcido = nombre.lower() if nombre != nombre.lower() else nombre.upper()
        _editar(carpeta_datos, fichero, 2, columna, torcido)
        mensaje = _error_al_cargar()
        destinos = [r.fichero for r in tabla.referencias if r.parcial and r.columnas == ref.columnas]
        assert mensaje.startswith(f"{fichero}, fila 2, columna {columna}: {torcido!r} es {nombre!r} de "), mensaje
        assert any(f"{nombre!r} de {d} (columna {destino})" in mensaje for d in destinos), mensaje
        assert f"¿Quisiste decir {nombre!r}?" in mensaje
        _editar(carpeta_datos, fichero, 2, columna, "Proveedor Nuevo")  # uno que no se parece a nada: carga
        otros = [r for r in tabla.referencias if not r.parcial and columna in r.columnas]
        if not otros and not tabla.nombres:
            datos.limpiar_cache()
            esquema.comprobar()
        _escribir(carpeta_datos, fichero, original)


def test_together_en_minusculas_en_api_precios(carpeta_datos):
    """El reproductor del issue 35: ``api_precios.csv`` aceptaba el proveedor «together», que no casa con ninguno."""
    fila = _fila_de(carpeta_datos, "api_precios.csv", proveedor="Together")
    _editar(carpeta_datos, "api_precios.csv", fila, "proveedor", "together")
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"api_precios.csv, fila {fila}, columna proveedor: 'together' es 'Together' de ")
    assert "politicas.csv" in mensaje


@pytest.mark.parametrize(("fichero", "columna"), [("precios.csv", "proveedor"), ("api_precios.csv", "proveedor")])
def test_un_nombre_escrito_de_dos_maneras_en_el_mismo_fichero(carpeta_datos, fichero, columna):
    """«RunPod» en una fila y «runpod» en otra son dos proveedores para la biblioteca: un error, con las dos filas."""
    filas = _filas(carpeta_datos, fichero)
    vistos = [f[columna] for f in filas]
    nombre = next(n for n in vistos if vistos.count(n) > 1)
    fila = max(i for i, f in enumerate(filas) if f[columna] == nombre) + 2
    primera = vistos.index(nombre) + 2
    _editar(carpeta_datos, fichero, fila, columna, nombre.upper())
    mensaje = _error_al_cargar()
    assert (
        f"{fichero}, fila {fila}, columna {columna}: {nombre.upper()!r} es el {columna} {nombre!r} de la fila {primera}"
        in mensaje
    ) or f"{fichero}, fila {fila}, columna {columna}: {nombre.upper()!r} es {nombre!r} de " in mensaje, mensaje


# --- Fechas no posteriores a hoy ---------------------------------------------------------------------------


def test_precio_del_futuro(carpeta_datos):
    """Una fila de 2099 marcaba «antiguo» a todas las demás y pasaba a ser el precio vigente."""
    fila = _fila_de(carpeta_datos, "precios.csv", gpu="RTX 4090")
    _editar(carpeta_datos, "precios.csv", fila, "fecha", "2099-01-01")
    assert re.search(rf"precios\.csv, fila {fila}, columna fecha: 2099-01-01 es posterior a hoy", _error_al_cargar())


def test_cada_columna_de_fecha_rechaza_el_futuro(carpeta_datos):
    for fichero, tabla in sorted(esquema.declaradas().items()):
        for columna in (c.nombre for c in tabla.columnas if c.tipo == "fecha"):
            original = _filas(carpeta_datos, fichero)
            _editar(carpeta_datos, fichero, 2, columna, "2099-01")
            assert f"{fichero}, fila 2, columna {columna}: 2099-01 es posterior a hoy" in _error_al_cargar(tabla)
            _escribir(carpeta_datos, fichero, original)


def test_la_fecha_limite_es_la_mas_tardia_entre_source_date_epoch_y_el_reloj(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert esquema.fecha_limite() == dt.datetime.now(dt.UTC).date()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(dt.datetime(2099, 5, 1, tzinfo=dt.UTC).timestamp())))
    assert esquema.fecha_limite() == dt.date(2099, 5, 1)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "abc")
    with pytest.raises(ValueError, match="SOURCE_DATE_EPOCH='abc' no vale"):
        esquema.fecha_limite()


# --- Rangos que la biblioteca necesita ----------------------------------------------------------------------


@pytest.mark.parametrize(("columna", "valor"), [("valor_max", "1.5"), ("valor_min", "0")])
def test_mfu_fuera_de_0_1(carpeta_datos, columna, valor):
    fila = _fila_de(carpeta_datos, "supuestos.csv", clave="mfu")
    _editar(carpeta_datos, "supuestos.csv", fila, columna, valor)
    mensaje = _error_al_cargar()
    assert f"supuestos.csv, fila {fila}, columna {columna}: {float(valor):g} no vale" in mensaje
    assert "mayor que 0 y menor o igual que 1 (si clave es 'mfu')" in mensaje


@pytest.mark.parametrize("fichero", ["vast_reglas.csv", "moneda.csv"])
def test_fraccion_mayor_que_1(carpeta_datos, fichero):
    fila = _fila_de(carpeta_datos, fichero, unidad="fracción")
    _editar(carpeta_datos, fichero, fila, "valor", "1.5")
    assert f"{fichero}, fila {fila}, columna valor: 1.5 no vale" in _error_al_cargar()


@pytest.mark.parametrize(
    ("fichero", "columna", "valor"),
    [("gpus.csv", "tflops_bf16", "0"), ("gpus.csv", "vram_gb", "-1"), ("modelos.csv", "capas", "0")],
)
def test_especificaciones_positivas(carpeta_datos, fichero, columna, valor):
    _editar(carpeta_datos, fichero, 2, columna, valor)
    assert f"{fichero}, fila 2, columna {columna}: {valor!r} no vale" in _error_al_cargar()


def test_minimo_mayor_que_maximo(carpeta_datos):
    fila = _fila_de(carpeta_datos, "supuestos.csv", clave="minutos_arranque")
    _editar(carpeta_datos, "supuestos.csv", fila, "valor_min", "99")
    assert f"supuestos.csv, fila {fila}, columna valor_max" in _error_al_cargar()


# --- Caracteres de control en cualquier celda de texto de cualquier CSV --------------------------------------


@pytest.mark.parametrize("caracter", ["\x00", "\x07", "\u200b", "\u202e", "\u2028"])
def test_caracter_de_control_en_cada_csv(carpeta_datos, caracter):
    for fichero, tabla in sorted(esquema.declaradas().items()):
        columna = next(c.nombre for c in tabla.columnas if c.tipo == "texto")
        original = _filas(carpeta_datos, fichero)
        _editar(carpeta_datos, fichero, 2, columna, original[0][columna] + caracter + "x")
        mensaje = _error_al_cargar(tabla)
        assert f"{fichero}, fila 2, columna {columna}: " in mensaje, mensaje
        assert f"U+{ord(caracter):04X}" in mensaje and "se admite texto sin ellos" in mensaje
        _escribir(carpeta_datos, fichero, original)


def test_invisibles():
    assert validacion.invisibles("RTX 4090") == []
    assert validacion.invisibles("España, ñ, «»") == []
    assert validacion.invisibles("a\x00b\x00") == ["U+0000 (sin nombre)"]


# --- Una fila correcta nueva siempre carga --------------------------------------------------------------------


_CLAVES_NUEVAS = {"paises.csv": {"codigo": "ZZ", "pais": "País nuevo"}}
"""Una clave nueva y correcta de las tablas cuya clave tiene forma (un código ISO de dos letras)."""


def _nueva(tabla: esquema.Tabla, fila: dict, hoy: str) -> dict | None:
    """``fila`` convertida en una fila nueva y correcta: hoy en cada fecha y « (nueva)» en la clave de texto libre
    (y en las columnas que no repiten valor, ``unicas``)."""
    referidas = {c for r in tabla.referencias if not r.parcial for c in r.columnas}
    nueva = dict(fila)
    for c in tabla.unicas:
        nueva[c] += " (nueva)"
    if tabla.fichero in _CLAVES_NUEVAS:
        return nueva | {"fecha": hoy, "leida": hoy} | _CLAVES_NUEVAS[tabla.fichero]
    for c in tabla.columnas:
        if c.tipo == "fecha" and c.nombre not in referidas:
            nueva[c.nombre] = hoy
    libres = [c for c in tabla.clave if tabla.columna(c).tipo == "texto" and c not in referidas]
    if libres:
        nueva[libres[0]] += " (nueva)"
    elif not any(tabla.columna(c).tipo == "fecha" and c not in referidas for c in tabla.clave):
        return None  # la clave es toda de otro fichero: la prueba de abajo añade una GPU en cada uno
    return nueva


def test_una_fila_nueva_correcta_carga_en_cada_csv(carpeta_datos):
    hoy = dt.datetime.now(dt.UTC).date().isoformat()
    probadas = []
    for fichero, tabla in sorted(esquema.declaradas().items()):
        filas = _filas(carpeta_datos, fichero)
        nueva = _nueva(tabla, filas[0], hoy)
        if nueva is None:
            continue
        _escribir(carpeta_datos, fichero, [*filas, nueva])
        probadas.append(fichero)
    datos.limpiar_cache()
    esquema.comprobar()
    assert {"precios.csv", "gpus.csv", "modelos.csv", "supuestos.csv"} <= set(probadas), probadas


def test_una_gpu_nueva_con_su_precio_y_su_compra_carga(carpeta_datos):
    """La receta de CONTRIBUTING («Añadir una GPU»): gpus.csv, y después precios.csv y hardware.csv."""
    hoy = dt.datetime.now(dt.UTC).date().isoformat()
    for fichero, cambios in [
        ("gpus.csv", {"gpu": "GPU Nueva 48GB", "vram_gb": "48"}),
        ("precios.csv", {"gpu": "GPU Nueva 48GB"}),
        ("hardware.csv", {"gpu": "GPU Nueva 48GB"}),
    ]:
        filas = _filas(carpeta_datos, fichero)
        _escribir(carpeta_datos, fichero, [*filas, filas[0] | cambios | {"fecha": hoy, "leida": hoy}])
    datos.limpiar_cache()
    esquema.comprobar()
    assert datos.especificaciones()["GPU Nueva 48GB"].vram_gb == 48
    assert "GPU Nueva 48GB" in datos.gpus()


def test_un_modelo_nuevo_carga_y_da_sus_parametros(carpeta_datos):
    """La receta de CONTRIBUTING («Añadir un modelo»): una fila en modelos.csv, y ya la usan memoria y la CLI."""
    from gpucoste.calculo import memoria

    filas = _filas(carpeta_datos, "modelos.csv")
    base = next(f for f in filas if f["modelo"] == "Llama 3.1 8B")
    _escribir(carpeta_datos, "modelos.csv", [*filas, base | {"modelo": "Modelo Nuevo 8B", "capas": "16"}])
    datos.limpiar_cache()
    esquema.comprobar()
    nuevo, original = memoria.parametros("Modelo Nuevo 8B"), memoria.parametros("Llama 3.1 8B")
    assert 0.5 * original < nuevo < original  # la mitad de capas: menos parámetros, no la mitad (embeddings)


# --- Significado de los ficheros ajustados (ajustes.csv, de make calibrar) y de las medidas de escalado ---------


@pytest.mark.parametrize(
    ("clave", "columna", "valor", "admitido"),
    [
        # Los reproductores del issue 35: una MFU de 1,5, una eficiencia de 3 y un QLoRA de 0 (ZeroDivisionError).
        ("mfu_hbm_nodo", "maximo", "1.5", "menor o igual que 1 (si clave empieza por 'mfu_'"),
        ("generacion_vllm", "maximo", "3", "menor o igual que 1 (si clave empieza por 'generacion_'"),
        ("servicio_tensorrt-llm", "maximo", "3", "menor o igual que 1 (si clave empieza por 'servicio_'"),
        ("escalado_pcie", "maximo", "3", "menor o igual que 2 (si clave empieza por 'escalado_'"),
        ("qlora", "minimo", "0", "mayor o igual que 0.5 (si clave es 'qlora'"),
        ("qlora", "maximo", "50", "menor o igual que 10 (si clave es 'qlora'"),
        ("memoria", "minimo", "0", "mayor que 0 (si clave es 'memoria'"),
    ],
)
def test_ajustes_fuera_de_su_significado(carpeta_datos, clave, columna, valor, admitido):
    fila = _fila_de(carpeta_datos, "ajustes.csv", clave=clave)
    filas = _filas(carpeta_datos, "ajustes.csv")
    # mínimo ≤ central ≤ máximo se cumple: lo que falla es el rango del parámetro
    filas[fila - 2] |= {"minimo": valor, "central": valor, "maximo": valor}
    if columna == "maximo" and float(valor) < float(filas[fila - 2]["minimo"]):
        filas[fila - 2]["minimo"] = valor
    _escribir(carpeta_datos, "ajustes.csv", filas)
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"ajustes.csv, fila {fila}, columna {columna}: {float(valor):g} no vale; se admite"), (
        mensaje
    )
    assert admitido in mensaje


def test_ajustes_con_medidas_que_no_son_las_que_nombra(carpeta_datos):
    """``medidas=999`` donde la derivación nombra otro número de medidas (issue 35; el de hoy no importa)."""
    fila = _fila_de(carpeta_datos, "ajustes.csv", clave="qlora")
    assert len(datos.ids_de_derivacion(_filas(carpeta_datos, "ajustes.csv")[fila - 2]["derivacion"])) != 999
    _editar(carpeta_datos, "ajustes.csv", fila, "medidas", "999")
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"ajustes.csv, fila {fila}, columna medidas: 999 no vale; se admite el número de id")


def test_cada_ajuste_cuenta_las_medidas_que_nombra():
    """Los ajustes del paquete cumplen la regla que se comprueba al leerlos (y cada id es una medida de verdad)."""
    ids = {m.id for m in datos.medidas()} | {e.id for e in datos.escalado()}
    for a in datos.ajustes().values():
        nombradas = datos.ids_de_derivacion(a.derivacion)
        assert a.medidas == len(nombradas) and set(nombradas) <= ids, a.clave


def test_ids_de_derivacion():
    assert datos.ids_de_derivacion("mediana y extremos de: a b (rango: su mediana por la dispersión)") == ["a", "b"]
    assert datos.ids_de_derivacion("mínimos cuadrados sobre: x") == ["x"]
    assert datos.ids_de_derivacion("sin lista") == []


@pytest.mark.parametrize(
    ("cambios", "columna", "admitido"),
    [
        ({"n_referencia": "2", "n_gpus": "2", "referencia": "menos_gpus"}, "n_referencia", "menor que n_gpus"),
        (
            {"n_referencia": "1", "n_gpus": "2", "referencia": "nvlink", "interconexion": "pcie"},
            "n_referencia",
            "igual",
        ),
        ({"n_referencia": "2", "n_gpus": "2", "referencia": "nvlink", "interconexion": "nvlink"}, "referencia", ""),
    ],
)
def test_escalado_sin_sentido(carpeta_datos, cambios, columna, admitido):
    filas = _filas(carpeta_datos, "escalado.csv")
    filas[0] |= cambios
    _escribir(carpeta_datos, "escalado.csv", filas)
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"escalado.csv, fila 2, columna {columna}: "), mensaje
    assert admitido in mensaje


def test_escalado_con_una_gpu_escrita_de_dos_maneras(carpeta_datos):
    filas = _filas(carpeta_datos, "escalado.csv")
    filas[1]["gpu"] = filas[0]["gpu"].replace(" ", "-")
    _escribir(carpeta_datos, "escalado.csv", filas)
    assert _error_al_cargar().startswith("escalado.csv, fila 3, columna gpu: ")


# --- Países y tipos de cambio: lo que cambiaba una salida publicada sin un error ----------------------------


@pytest.mark.parametrize(
    ("columna", "valor", "esperado"),
    [
        ("codigo", "es", "se admite dos letras mayúsculas"),
        ("codigo", "ESP", "se admite dos letras mayúsculas"),
        ("moneda", "eur", "se admite tres letras mayúsculas"),
        ("pais", "MX", "no un código"),
        ("vigente_desde", "1990-01-01", "es menor que ley_fecha"),
        ("anticipo_hasta", "2025-12-31", "una fecha solo si hay anticipo"),
        ("anticipo_vigencia", "vence pronto", "un texto si hay anticipo, y vacía si no"),
    ],
)
def test_paises_sin_sentido(carpeta_datos, columna, valor, esperado):
    _editar(carpeta_datos, "paises.csv", 2, columna, valor)
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"paises.csv, fila 2, columna {columna}: "), mensaje
    assert esperado in mensaje


def test_dos_paises_con_el_mismo_nombre(carpeta_datos):
    """``paises.nombres()`` se quedaba con uno de los dos, en silencio."""
    _editar(carpeta_datos, "paises.csv", 3, "pais", _filas(carpeta_datos, "paises.csv")[0]["pais"])
    assert _error_al_cargar().startswith("paises.csv, fila 3, columna pais: ")
    assert "ya está en la fila 2; se admite un pais distinto en cada fila" in _error_al_cargar()


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        ("mxn", "'mxn' no está en paises.csv (columna moneda). ¿Quisiste decir 'MXN'?"),
        ("EUR", "que no sea EUR (su tipo, el del BCE, está en moneda.csv)"),
        ("USD", "ni USD (vale 1)"),
    ],
)
def test_cambios_de_una_moneda_que_no_es_de_ningun_pais(carpeta_datos, valor, esperado):
    fila = _fila_de(carpeta_datos, "cambios.csv", moneda="MXN")
    _editar(carpeta_datos, "cambios.csv", fila, "moneda", valor)
    mensaje = _error_al_cargar()
    assert mensaje.startswith(f"cambios.csv, fila {fila}, columna moneda: "), mensaje
    assert esperado in mensaje


def test_cada_moneda_de_un_pais_tiene_su_tipo_de_cambio(carpeta_datos):
    """Una fila de cambios.csv con la moneda de otro país (PEN → ARS) dejaba a Perú sin tipo y daba a Argentina el de
    Perú como el más reciente, en silencio: ahora falta la moneda, y el error lo dice con los dos ficheros.

    Todas las filas de PEN pasan a ARS (con una sola, las demás seguirían cubriendo Perú); una de ARS del mismo día que
    una de PEN se quita, para que el error sea el de la moneda que falta y no el de una clave repetida."""
    filas = _filas(carpeta_datos, "cambios.csv")
    dias_pen = {f["fecha"] for f in filas if f["moneda"] == "PEN"}
    _escribir(
        carpeta_datos,
        "cambios.csv",
        [
            dict(f, moneda="ARS") if f["moneda"] == "PEN" else f
            for f in filas
            if not (f["moneda"] == "ARS" and f["fecha"] in dias_pen)
        ],
    )
    mensaje = _error_al_cargar()
    assert mensaje.startswith(
        "cambios.csv: faltan las filas con moneda ['PEN'], que están en paises.csv (columna moneda)"
    )
    assert "salvo EUR, USD" in mensaje


def test_un_anticipo_de_0_se_escribe_vacio(carpeta_datos):
    """``anticipo`` 0 con su texto de vigencia: «no hay» se escribe con la celda vacía."""
    fila = next(i + 2 for i, f in enumerate(_filas(carpeta_datos, "paises.csv")) if f["anticipo"])
    _editar(carpeta_datos, "paises.csv", fila, "anticipo", "0")
    assert _error_al_cargar().startswith(f"paises.csv, fila {fila}, columna anticipo: '0' no vale; se admite")
