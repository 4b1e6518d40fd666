"""Los CSV del paquete: cada fila válida, con fuente y fecha; un CSV roto se nombra con fichero, fila y columna."""

import csv
import json
import unicodedata

import pytest

from gpucoste import datos
from gpucoste.base import esquema
from gpucoste.calculo import compra, experimento, ocultos


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


CARGAR = {
    "precios.csv": datos.precios,
    "escenarios.csv": datos.escenarios,
    "tarifas.csv": datos.tarifas,
    "hardware.csv": datos.hardware,
    "supuestos.csv": datos.supuestos,
}


@pytest.mark.parametrize(
    ("fichero", "fila", "columna", "valor", "mensaje"),
    [
        (
            "precios.csv",
            3,
            "precio_hora_usd",
            "-0.45",
            r"precios.csv, fila 3, columna precio_hora_usd: '-0.45' no vale",
        ),
        (
            "precios.csv",
            4,
            "precio_hora_usd",
            "gratis",
            r"precios.csv, fila 4, columna precio_hora_usd: 'gratis' no es",
        ),
        (
            "precios.csv",
            2,
            "precio_hora_usd",
            "nan",
            r"precios.csv, fila 2, columna precio_hora_usd: 'nan' no es un número",
        ),
        (
            "precios.csv",
            2,
            "precio_hora_usd",
            "1e999",
            r"fila 2, columna precio_hora_usd: '1e999' no es un número finito",
        ),
        ("precios.csv", 2, "precio_hora_usd", "1,5", r"columna precio_hora_usd: '1,5' no es un número.*usa punto: 1.5"),
        ("precios.csv", 5, "fuente", "", r"precios.csv, fila 5, columna fuente: la celda está vacía"),
        ("precios.csv", 5, "fuente", "vast.ai", r"precios.csv, fila 5, columna fuente: 'vast.ai' no es una URL"),
        (
            "precios.csv",
            5,
            "fuente",
            "https://",
            r"precios.csv, fila 5, columna fuente: 'https://' no es una URL https:// con host",
        ),
        (
            "precios.csv",
            5,
            "fuente",
            "http://vast.ai",
            r"fila 5, columna fuente: 'http://vast.ai' no es una URL https://",
        ),
        ("precios.csv", 2, "fecha", "julio 2026", r"precios.csv, fila 2, columna fecha: 'julio 2026' no vale"),
        (
            "precios.csv",
            2,
            "fecha",
            "2026-W39-4",
            r"precios.csv, fila 2, columna fecha: '2026-W39-4' no vale; se admite AAAA",
        ),
        ("precios.csv", 2, "fecha", "2026-02-30", r"precios.csv, fila 2, columna fecha: '2026-02-30' no vale"),
        (
            "precios.csv",
            2,
            "nivel",
            "premium",
            r"precios.csv, fila 2, columna nivel: 'premium' no vale; se admite 'comunidad'",
        ),
        ("precios.csv", 2, "nivel", "Comunidad", r"'Comunidad' no vale.*¿Quisiste decir 'comunidad'\?"),
        ("escenarios.csv", 2, "horas", "0", r"escenarios.csv, fila 2, columna horas: '0' no vale"),
        (
            "escenarios.csv",
            3,
            "gpu",
            "RTX 9090",
            r"escenarios.csv, fila 3, columna gpu: 'RTX 9090' no está en precios.csv",
        ),
        (
            "escenarios.csv",
            3,
            "fecha_precio",
            "2020-01",
            r"columna fecha_precio: '2020-01' no está en precios.csv .*'2026-07'",
        ),
        ("tarifas.csv", 2, "precio_max_usd", "0.01", r"tarifas.csv, fila 2, columna precio_max_usd: 0.01 es menor"),
        ("tarifas.csv", 2, "cobra_parada", "quizá", r"tarifas.csv, fila 2, columna cobra_parada: 'quizá' no vale"),
        ("hardware.csv", 2, "precio_compra_usd", "-1599", r"hardware.csv, fila 2, columna precio_compra_usd: '-1599'"),
        ("hardware.csv", 2, "gpu", "RTX 9090", r"hardware.csv, fila 2, columna gpu: 'RTX 9090' no está en gpus.csv"),
        ("supuestos.csv", 2, "valor_min", "-1", r"supuestos.csv, fila 2, columna valor_min: '-1' no vale"),
    ],
)
def test_csv_roto(carpeta_datos, fichero, fila, columna, valor, mensaje):
    _editar(carpeta_datos, fichero, fila, columna, valor)
    with pytest.raises(ValueError, match=mensaje):
        CARGAR[fichero]()


def _lineas(carpeta, fichero):
    return (carpeta / fichero).read_text(encoding="utf-8").splitlines()


def _escribir(carpeta, fichero, lineas, **kwargs):
    (carpeta / fichero).write_text("\n".join(lineas) + "\n", encoding="utf-8", **kwargs)


def test_fila_repetida(carpeta_datos):
    lineas = _lineas(carpeta_datos, "precios.csv")
    _escribir(carpeta_datos, "precios.csv", [*lineas, lineas[1]])
    with pytest.raises(
        ValueError,
        match=rf"precios.csv, fila {len(lineas) + 1}: .*'RTX 4090', 'Vast.ai', 'comunidad', '2026-07'\) ya está en",
    ):
        datos.precios()


@pytest.mark.parametrize("fichero", ["hardware.csv", "tarifas.csv", "supuestos.csv", "escenarios.csv"])
def test_clave_repetida_en_cada_fichero(carpeta_datos, fichero):
    """Una segunda RTX 4090 en hardware.csv convertía 4.703 horas en 2.941.173; ahora es un error."""
    lineas = _lineas(carpeta_datos, fichero)
    _escribir(carpeta_datos, fichero, [*lineas, lineas[1]])
    with pytest.raises(ValueError, match=rf"{fichero}, fila {len(lineas) + 1}: .* ya está en la fila 2"):
        CARGAR[fichero]()


def test_clave_repetida_con_otras_mayusculas(carpeta_datos):
    lineas = _lineas(carpeta_datos, "hardware.csv")
    _escribir(carpeta_datos, "hardware.csv", [*lineas, lineas[1].replace("RTX 4090", "rtx 4090")])
    with pytest.raises(ValueError, match="ya está en la fila 2"):
        datos.hardware()


def test_comilla_sin_cerrar(carpeta_datos):
    """Una comilla sin cerrar en una nota se tragaba las filas siguientes (30 filas → 27) en silencio.

    La fila rota es una fila propia: la prueba no depende de cómo acaban las filas de hoy."""
    original = _lineas(carpeta_datos, "precios.csv")
    rota = 'RTX 4090,RunPod,comunidad,0.5,2026-01-01,https://example.org,"nota sin cerrar, con coma,lista'
    _escribir(carpeta_datos, "precios.csv", [*original[:4], rota, *original[4:]])
    with pytest.raises(ValueError, match=r"precios.csv, fila 5: una comilla abre una celda y no se cierra"):
        datos.precios()
    _escribir(carpeta_datos, "precios.csv", [*original, rota])  # en la última fila
    datos.limpiar_cache()
    with pytest.raises(ValueError, match=rf"precios.csv, fila {len(original) + 1}: una comilla abre una celda y no"):
        datos.precios()


def test_texto_tras_comilla(carpeta_datos):
    lineas = _lineas(carpeta_datos, "hardware.csv")
    lineas[2] = lineas[2] + 'x"y"z'
    lineas[2] = lineas[2].replace(",Sin", ',"Sin"x', 1)
    _escribir(carpeta_datos, "hardware.csv", lineas)
    with pytest.raises(ValueError, match=r"hardware.csv, fila 3: hay texto tras la comilla"):
        datos.hardware()


def test_celdas_de_mas_sugiere_el_punto_decimal(carpeta_datos):
    lineas = _lineas(carpeta_datos, "escenarios.csv")
    lineas[3] = lineas[3].replace(",2.5,", ",2,5,")
    _escribir(carpeta_datos, "escenarios.csv", lineas)
    with pytest.raises(
        ValueError,
        match=r"escenarios.csv, fila 4: tiene 8 celdas y la cabecera 7; ¿una coma decimal sin comillas\? usa punto",
    ):
        datos.escenarios()


def test_celdas_de_menos(carpeta_datos):
    lineas = _lineas(carpeta_datos, "supuestos.csv")
    lineas[2] = lineas[2].rsplit(",", 1)[0]
    _escribir(carpeta_datos, "supuestos.csv", lineas)
    with pytest.raises(ValueError, match=r"supuestos.csv, fila 3: tiene 5 celdas y la cabecera 6"):
        datos.supuestos()


def test_bom_crlf_y_lineas_en_blanco_se_aceptan(carpeta_datos):
    """Lo que guarda Excel: BOM, CRLF y alguna fila vacía al final."""
    antes = datos.precios()
    texto = (carpeta_datos / "precios.csv").read_text(encoding="utf-8")
    (carpeta_datos / "precios.csv").write_bytes(("\ufeff" + texto + "\n,,,,,,\n").replace("\n", "\r\n").encode())
    datos.limpiar_cache()
    assert datos.precios() == antes


def test_nfc_antes_de_comparar(carpeta_datos):
    """«sí» con la tilde descompuesta (macOS) es «sí»."""
    texto = (carpeta_datos / "tarifas.csv").read_text(encoding="utf-8")
    (carpeta_datos / "tarifas.csv").write_text(unicodedata.normalize("NFD", texto), encoding="utf-8")
    assert datos.tarifa("Vast.ai", "almacenamiento").cobra_parada is True
    assert datos.precio("RTX 4090", "Vast.ai", "comunidad", unicodedata.normalize("NFD", "2026-07"))


def test_no_utf8_culpa_al_fichero_correcto(carpeta_datos):
    ruta = carpeta_datos / "precios.csv"
    ruta.write_bytes(ruta.read_text(encoding="utf-8").encode("latin-1", errors="replace"))
    with pytest.raises(ValueError, match=r"^precios.csv, línea 2: el fichero no está en UTF-8"):
        datos.escenarios()  # escenarios.csv está bien: la culpa es de precios.csv


def test_celda_enorme(carpeta_datos):
    _editar(carpeta_datos, "hardware.csv", 2, "nota", "x" * 200_000)
    with pytest.raises(
        ValueError, match=r"hardware.csv, fila 2: una comilla abre una celda y no se cierra \(o la celda es enorme\)"
    ):
        datos.hardware()


def test_columnas(carpeta_datos):
    ruta = carpeta_datos / "precios.csv"
    texto = ruta.read_text(encoding="utf-8")
    ruta.write_text(texto.replace("precio_hora_usd", "precio", 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"precios.csv: faltan las columnas \['precio_hora_usd'\]"):
        datos.precios()
    ruta.write_text(texto.replace("nota", "nota,extra", 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"precios.csv, fila 1: columnas desconocidas \['extra'\]"):
        datos.limpiar_cache() or datos.precios()


def test_solo_cabecera(carpeta_datos):
    _escribir(carpeta_datos, "hardware.csv", _lineas(carpeta_datos, "hardware.csv")[:1])
    with pytest.raises(ValueError, match=r"hardware.csv: no tiene filas de datos"):
        datos.hardware()


def test_falta_una_clave_de_supuestos(carpeta_datos):
    lineas = [linea for linea in _lineas(carpeta_datos, "supuestos.csv") if not linea.startswith("dataset_gb")]
    _escribir(carpeta_datos, "supuestos.csv", lineas)
    with pytest.raises(ValueError, match=r"supuestos.csv: faltan las filas con clave \['dataset_gb'\]"):
        ocultos.gb_en_disco()


def test_supuesto_desconocido():
    with pytest.raises(ValueError, match="Supuesto desconocido: 'imagen'.*'imagen_gb'"):
        datos.supuestos()["imagen"]


def test_carpetas_y_ficheros_malos(tmp_path, monkeypatch, carpeta_datos):
    casos = {
        str(tmp_path / "no-existe"): r"GPUCOSTE_DATOS=.*no-existe: la carpeta no existe",
        str(carpeta_datos / "precios.csv"): r"GPUCOSTE_DATOS=.*precios.csv: no es una carpeta",
    }
    for carpeta, mensaje in casos.items():
        monkeypatch.setenv("GPUCOSTE_DATOS", carpeta)
        with pytest.raises(ValueError, match=mensaje):
            datos.precios()
    monkeypatch.setenv("GPUCOSTE_DATOS", str(carpeta_datos))
    (carpeta_datos / "tarifas.csv").unlink()
    with pytest.raises(ValueError, match=r"^tarifas.csv: falta el fichero en "):
        datos.tarifas()
    (carpeta_datos / "tarifas.csv").mkdir()
    with pytest.raises(ValueError, match=r"^tarifas.csv: .*tarifas.csv es una carpeta, no un fichero CSV"):
        datos.tarifas()


def test_regresiones_del_issue(carpeta_datos):
    """Los números publicados no cambian en silencio con un CSV roto: o se cargan bien, o error.

    Cada cifra, de una fila fechada (una fila nueva no la cambia); el número de filas, contado con ``csv``."""
    assert datos.precio("A100 80GB", "Vast.ai", "verificado", "2026-10-29").precio_hora_usd == pytest.approx(1.7043)
    with (carpeta_datos / "precios.csv").open(encoding="utf-8") as f:
        assert len(datos.precios()) == sum(1 for fila in csv.DictReader(f) if any(fila.values()))
    assert compra.horas_para_comprar("RTX 4090", "Vast.ai", "verificado", "2026-07") == pytest.approx(1599 / 0.45)
    olvidada = ocultos.imagen_olvidada()
    assert (olvidada.minimo, olvidada.maximo) == (pytest.approx(4), pytest.approx(6))


def test_cambiar_un_precio_cambia_el_resultado(carpeta_datos):
    _editar(carpeta_datos, "precios.csv", 5, "precio_hora_usd", "3.74")  # H100 del artículo: 1.87 → 3.74
    assert experimento.tabla()["coste"].iloc[3] == pytest.approx(3.74 * 1.2)
    assert experimento.comparar().veces_precio_hora == pytest.approx(11)


def test_cada_tabla_declarada_coincide_con_su_fila():
    for tabla in esquema.TABLAS.values():
        assert [c.nombre for c in tabla.columnas] == list(tabla.fila.__dataclass_fields__)


def test_declaracion_mala():
    with pytest.raises(ValueError, match="tipo 'fecha2' desconocido"):
        esquema.Columna("x", "fecha2", "Una columna.")


def test_datapackage():
    """La descripción publicada sale de las mismas declaraciones que el cargador."""
    paquete = json.loads(json.dumps(esquema.datapackage(), ensure_ascii=False))
    recursos = {r["path"]: r for r in paquete["resources"]}
    assert set(CARGAR) <= set(recursos)
    precios = recursos["precios.csv"]["schema"]
    assert precios["primaryKey"] == ["gpu", "proveedor", "nivel", "fecha"]
    campos = {c["name"]: c for c in precios["fields"]}
    assert campos["precio_hora_usd"]["type"] == "number"
    assert campos["precio_hora_usd"]["constraints"] == {"required": True, "exclusiveMinimum": 0}
    assert campos["nivel"]["constraints"]["enum"] == list(datos.NIVELES)
    assert campos["fuente"]["constraints"]["pattern"].startswith("https://")
    assert "required" not in campos["nota"].get("constraints", {})
    escenarios = recursos["escenarios.csv"]["schema"]
    assert escenarios["foreignKeys"][0]["reference"]["resource"] == "precios"
    assert "Claves obligatorias en clave: imagen_gb" in recursos["supuestos.csv"]["description"]


def test_el_cargador_no_usa_pandas():
    """El cargador sirve en el navegador (Pyodide): esquema, datos y validacion no importan pandas ni numpy."""
    import ast
    import pathlib

    import gpucoste

    for nombre in (
        "base/esquema.py",
        "base/tabla.py",
        "base/lector.py",
        "base/columnas.py",
        "datos/__init__.py",
        "datos/filas.py",
        "datos/tablas.py",
        "datos/tablas_medidas.py",
        "base/validacion.py",
    ):
        arbol = ast.parse((pathlib.Path(gpucoste.__file__).parent / nombre).read_text(encoding="utf-8"))
        importados = {a.name.split(".")[0] for n in ast.walk(arbol) if isinstance(n, ast.Import) for a in n.names}
        importados |= {(n.module or "").split(".")[0] for n in ast.walk(arbol) if isinstance(n, ast.ImportFrom)}
        assert not importados & {"pandas", "numpy"}, nombre


def test_equipo_elige_el_precio_de_compra_por_estado(carpeta_datos):
    """Varias filas por GPU (lista, nueva, reventa, en varias fechas): sin estado, la de lista; con estado, la más
    reciente de ese estado; una GPU sin precio de lista da el más reciente con cifra."""
    cabecera = "gpu,precio_compra_usd,fecha,fuente,nota,estado,mercado,leida\n"
    f = "https://example.org/x"
    (carpeta_datos / "hardware.csv").write_text(
        cabecera
        + f"RTX 4090,100,2025-01,{f},,lista,EE. UU.,2026-12-01\n"
        + f"RTX 4090,80,2026-08,{f},,reventa,EE. UU. (eBay),2026-12-01\n"
        + f"RTX 4090,90,2026-09,{f},,reventa,EE. UU. (eBay),2026-12-01\n"
        + f"RTX 4090,120,2026-09,{f},,nuevo,EE. UU. (Amazon),2026-12-01\n"
        + f"RTX 5090,70,2026-08,{f},,reventa,EE. UU. (eBay),2026-12-01\n"
        + f"RTX 5090,75,2026-09,{f},,reventa,EE. UU. (eBay),2026-12-01\n"
        + f"L40S,,2026-11,{f},Sin precio citable,lista,,2026-12-01\n",
        encoding="utf-8",
    )
    datos.limpiar_cache()
    assert datos.equipo("RTX 4090").precio_compra_usd == 100 == compra.precio_compra("RTX 4090")
    assert datos.equipo("RTX 4090", "reventa").precio_compra_usd == 90
    assert datos.equipo("RTX 4090", "nuevo").nombre == "RTX 4090, nuevo (EE. UU. (Amazon)), 2026-09"
    assert datos.equipo("RTX 5090").precio_compra_usd == 75
    with pytest.raises(ValueError, match=r"^Estado del precio de compra de RTX 5090 desconocido: 'lista'.*'reventa'"):
        datos.equipo("RTX 5090", "lista")
    # Las opciones de compra: la última de cada estado y mercado, y el precio de lista es una más.
    opciones = [(h.estado, h.precio_compra_usd, h.fecha) for h in datos.opciones_compra("RTX 4090")]
    assert opciones == [("lista", 100, "2025-01"), ("nuevo", 120, "2026-09"), ("reventa", 90, "2026-09")]
    assert [h.precio_compra_usd for h in datos.opciones_compra("RTX 5090")] == [75]
    assert datos.opciones_compra("L40S") == ()
    with pytest.raises(ValueError, match=r"^GPU desconocida: 'RTX 9999'"):
        datos.opciones_compra("RTX 9999")
    mala = f"RTX 4090,100,2025-01,{f},,usado,EE. UU.,2026-12-01\n"
    (carpeta_datos / "hardware.csv").write_text(cabecera + mala, "utf-8")
    datos.limpiar_cache()
    with pytest.raises(ValueError, match=r"hardware.csv, fila 2, columna estado: .*'usado'.*'reventa'"):
        datos.hardware()
