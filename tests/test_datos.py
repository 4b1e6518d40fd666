"""Los CSV del paquete: cada fila válida, con fuente y fecha; un CSV roto se nombra con fichero y fila."""

import csv

import pytest

from gpucoste import datos, experimento


def test_todas_las_filas_tienen_fuente_y_fecha():
    for fila in (*datos.precios(), *datos.hardware(), *datos.tarifas()):
        assert fila.fuente.startswith("https://")
        assert fila.fecha[:4].isdigit()


def test_cada_escenario_apunta_a_un_precio():
    for esc in experimento.escenarios():
        assert experimento.precio(esc).fecha == esc.fecha_precio


def _editar(carpeta, fichero, fila, columna, valor):
    ruta = carpeta / fichero
    filas = list(csv.DictReader(ruta.open(encoding="utf-8")))
    filas[fila - 2][columna] = valor
    with ruta.open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(filas[0]))
        w.writeheader()
        w.writerows(filas)


@pytest.mark.parametrize(
    ("fichero", "fila", "columna", "valor", "mensaje"),
    [
        (
            "precios.csv",
            3,
            "precio_hora_usd",
            "-0.45",
            r"precios.csv, fila 3: precio_hora_usd: '-0.45' no vale",
        ),
        (
            "precios.csv",
            4,
            "precio_hora_usd",
            "gratis",
            r"precios.csv, fila 4: precio_hora_usd: 'gratis' no es",
        ),
        (
            "precios.csv",
            2,
            "precio_hora_usd",
            "nan",
            r"precios.csv, fila 2: precio_hora_usd: 'nan' no es un número finito",
        ),
        ("precios.csv", 5, "fuente", "", r"precios.csv, fila 5: la columna 'fuente' está vacía"),
        ("precios.csv", 5, "fuente", "vast.ai", r"precios.csv, fila 5: fuente 'vast.ai' no es una URL"),
        ("precios.csv", 2, "fecha", "julio 2026", r"precios.csv, fila 2: fecha 'julio 2026' no vale"),
        ("precios.csv", 2, "nivel", "premium", r"precios.csv, fila 2: nivel 'premium' desconocido"),
        ("escenarios.csv", 2, "horas", "0", r"escenarios.csv, fila 2: horas: '0' no vale"),
        ("escenarios.csv", 3, "gpu", "RTX 9090", r"escenarios.csv, fila 3: GPU desconocido: 'RTX 9090'"),
        ("tarifas.csv", 2, "precio_max_usd", "0.01", r"tarifas.csv, fila 2: precio_max_usd 0.01 es menor"),
        ("tarifas.csv", 2, "cobra_parada", "quizá", r"tarifas.csv, fila 2: cobra_parada 'quizá' no vale"),
        ("hardware.csv", 2, "vram_gb", "-24", r"hardware.csv, fila 2: vram_gb: '-24' no vale"),
    ],
)
def test_csv_roto(carpeta_datos, fichero, fila, columna, valor, mensaje):
    _editar(carpeta_datos, fichero, fila, columna, valor)
    cargar = {
        "precios.csv": datos.precios,
        "escenarios.csv": datos.escenarios,
        "tarifas.csv": datos.tarifas,
        "hardware.csv": datos.hardware,
    }[fichero]
    with pytest.raises(ValueError, match=mensaje):
        cargar()


def test_fila_repetida(carpeta_datos):
    ruta = carpeta_datos / "precios.csv"
    lineas = ruta.read_text(encoding="utf-8").splitlines()
    ruta.write_text("\n".join([*lineas, lineas[1]]) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"filas repetidas .*'RTX 4090', 'Vast.ai', 'comunidad', '2026-07'"):
        datos.precios()


def test_falta_una_columna(carpeta_datos):
    ruta = carpeta_datos / "precios.csv"
    texto = ruta.read_text(encoding="utf-8").replace("precio_hora_usd", "precio", 1)
    ruta.write_text(texto, encoding="utf-8")
    with pytest.raises(ValueError, match=r"precios.csv: faltan las columnas \['precio_hora_usd'\]"):
        datos.precios()


def test_cambiar_un_precio_cambia_el_resultado(carpeta_datos):
    _editar(carpeta_datos, "precios.csv", 5, "precio_hora_usd", "3.74")  # H100 del artículo: 1.87 → 3.74
    assert experimento.tabla()["coste"].iloc[3] == pytest.approx(3.74 * 1.2)
    assert experimento.comparar().veces_precio_hora == pytest.approx(11)
