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


def _error_al_cargar() -> str:
    datos.limpiar_cache()
    with pytest.raises(ValueError) as error:
        esquema.comprobar()
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
        for ref in tabla.referencias:
            columna = ref.columnas[0]
            original = _filas(carpeta_datos, fichero)
            _editar(carpeta_datos, fichero, 2, columna, "Inventado 9000")
            mensaje = _error_al_cargar()
            assert f"{fichero}, fila 2, columna {columna}: 'Inventado 9000' no está en {ref.fichero}" in mensaje
            _escribir(carpeta_datos, fichero, original)


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
            assert f"{fichero}, fila 2, columna {columna}: 2099-01 es posterior a hoy" in _error_al_cargar()
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
        mensaje = _error_al_cargar()
        assert f"{fichero}, fila 2, columna {columna}: " in mensaje, mensaje
        assert f"U+{ord(caracter):04X}" in mensaje and "se admite texto sin ellos" in mensaje
        _escribir(carpeta_datos, fichero, original)


def test_invisibles():
    assert validacion.invisibles("RTX 4090") == []
    assert validacion.invisibles("España, ñ, «»") == []
    assert validacion.invisibles("a\x00b\x00") == ["U+0000 (sin nombre)"]


# --- Una fila correcta nueva siempre carga --------------------------------------------------------------------


def _nueva(tabla: esquema.Tabla, fila: dict, hoy: str) -> dict | None:
    """``fila`` convertida en una fila nueva y correcta: hoy en cada fecha y « (nueva)» en la clave de texto libre."""
    referidas = {c for r in tabla.referencias for c in r.columnas}
    nueva = dict(fila)
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
        _escribir(carpeta_datos, fichero, [*filas, filas[0] | cambios | {"fecha": hoy}])
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
