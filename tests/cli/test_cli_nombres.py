"""Las órdenes de la CLI toman nombres de los datos (GPU, modelo, proveedor, país) y derivan de ellos los números.

Referencias independientes: los CSV del paquete leídos aquí con el módulo ``csv`` (no con ``gpucoste.datos``) y
las cuentas rehechas a mano, para que un fallo en la derivación de la CLI no se compruebe contra sí mismo.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import shlex
from pathlib import Path

import pytest

from gpucoste import cli
from gpucoste.base import validacion
from gpucoste.base.etiquetas import API_O_GPU, COMPRAR, RESERVAR
from gpucoste.base.formato import fecha, nivel, tipo_precio
from gpucoste.calculo import servicio

DATOS = Path(__file__).resolve().parents[2] / "src" / "gpucoste" / "datos"
CALCULADORAS = {
    "cabe",
    "cuanto-tarda",
    "donde-mas-barato",
    "electricidad",
    "api-o-gpu",
    "reservar",
    "comprar",
    "local-o-alquilar",
    "interrumpible",
    "recomendar",
}
MESES = COMPRAR["meses"]
INGLES = re.compile(r"\b(usage|options|show this help|invalid|required|argument)\b")


def _csv(nombre: str) -> list[dict]:
    with (DATOS / nombre).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def _ejecutar(argv: list[str]) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    return rc, salida.getvalue(), errores.getvalue()


def _valores(argv: list[str]) -> dict[str, dict]:
    """La salida JSON de una orden de decisión, por concepto."""
    rc, salida, errores = _ejecutar([*argv, "--formato", "json"])
    assert (rc, errores) == (0, ""), errores
    return {fila["concepto"]: fila for fila in json.loads(salida)}


# --- Ayuda y ejemplos ---------------------------------------------------------------------------------------


def test_la_ayuda_lista_cada_calculadora():
    rc, salida, _ = _ejecutar(["-h"])
    assert rc == 0
    assert CALCULADORAS <= set(cli.ORDENES)
    for nombre in cli.ORDENES:
        assert re.search(rf"^\s+{re.escape(nombre)}\b", salida, re.MULTILINE), nombre


@pytest.mark.parametrize("nombre", sorted(cli.ORDENES))
def test_cada_orden_tiene_ayuda_en_espanol_con_un_ejemplo_que_funciona(nombre):
    rc, ayuda, _ = _ejecutar([nombre, "-h"])
    assert rc == 0 and ayuda.startswith(f"uso: gpucoste {nombre}") and "opciones:" in ayuda
    assert not INGLES.search(ayuda), ayuda
    # Los valores por defecto, con coma decimal (argparse parte la línea: se junta antes de buscar).
    assert not re.findall(r"por defecto, \d+\.\d", " ".join(ayuda.split())), ayuda
    ejemplo = re.search(rf"Ejemplo: gpucoste {re.escape(nombre)}(.*)", ayuda)
    assert ejemplo, f"{nombre}: la ayuda no trae un ejemplo"
    argv = [nombre, *shlex.split(ejemplo.group(1))]
    argv = [a for i, a in enumerate(argv) if a != "--formato" and (i == 0 or argv[i - 1] != "--formato")]
    rc, salida, errores = _ejecutar([*argv, "--formato", "json"])
    assert (rc, errores) == (0, ""), errores
    filas = json.loads(salida)
    assert isinstance(filas, list) and filas


# --- «¿Quisiste decir …?» -----------------------------------------------------------------------------------

ERRATAS = [
    (["api-o-gpu", "--gpu", "RTX 4900"], "RTX 4090"),
    (["comprar", "--gpu", "rtx 4090"], "RTX 4090"),
    (["electricidad", "--modelo", "Llama 3.1 8b"], "Llama 3.1 8B"),
    (["local-o-alquilar", "--gpu-local", "RTX 409"], "RTX 4090"),
    (["reservar", "--proveedor", "Vast"], "Vast.ai"),
    (["interrumpible", "--horas", "6", "--interrupciones-hora", "0,1", "--gpu", "H100 80 GB"], "H100 80GB"),
    (["recomendar", "--horas-gpu", "6", "--continuo", "no", "--modelo", "Qwen 2.5 7"], "Qwen 2.5 7B"),
    (["electricidad", "--pais", "Espana"], "España"),
    (["cuanto-tarda", "--modelo", "Mistral 7B v0.3", "--metodo", "lorra", "--tokens", "1e6"], "lora"),
    (["cabe", "--modelo", "Mixtral 8x7b", "--gpu", "H200 141GB"], "Mixtral 8x7B"),
]


@pytest.mark.parametrize(("argv", "sugerencia"), ERRATAS, ids=lambda x: " ".join(x) if isinstance(x, list) else x)
def test_una_errata_da_una_linea_con_la_sugerencia_y_sale_con_2(argv, sugerencia):
    rc, salida, errores = _ejecutar(argv)
    assert (rc, salida) == (2, "")
    assert errores.startswith(f"gpucoste {argv[0]}: error: ") and errores.count("\n") == 1, errores
    assert f"¿Quisiste decir {sugerencia!r}?" in errores, errores


def test_sin_parecido_no_sugiere_pero_lista_los_validos():
    rc, salida, errores = _ejecutar(["comprar", "--gpu", "zzz"])
    assert (rc, salida) == (2, "")
    assert "Quisiste" not in errores and "Valores admitidos: " in errores and "'RTX 4090'" in errores


@pytest.mark.parametrize(
    ("valor", "validas", "esperada"),
    [
        ("RTX 4900", ["RTX 4090", "RTX 5090", "H100 80GB"], "RTX 4090"),
        ("rtx 5090", ["RTX 4090", "RTX 5090"], "RTX 5090"),
        ("lorra", ["completo", "lora", "qlora"], "lora"),
        (" Vast.ai", ["Vast.ai", "RunPod"], "Vast.ai"),
        ("abc", ["RTX 4090", "H100 80GB"], None),
        (3, ["3"], None),
        (None, ["a"], None),
    ],
)
def test_parecido(valor, validas, esperada):
    assert validacion.parecido(valor, validas) == esperada


def test_la_biblioteca_da_la_misma_sugerencia():
    from gpucoste.calculo import memoria

    with pytest.raises(ValueError, match=r"GPU desconocida: 'RTX 4900'\. ¿Quisiste decir 'RTX 4090'\?"):
        memoria.gpu("RTX 4900")


# --- Los números salen de los datos ----------------------------------------------------------------------------


def _precio_vigente_mas_barato(gpu: str, proveedor: str | None = None) -> float:
    """Lo mismo que decisiones.precio_vigente, escrito aparte sobre los CSV: el más reciente de cada proveedor y
    nivel sin atípicos ni interrumpibles, y de esos el más barato; solo lecturas, salvo que el proveedor no tenga
    más que estimaciones."""
    atipicos = {(a["gpu"], a["proveedor"], a["nivel"], a["fecha"]) for a in _csv("atipicos.csv")}

    def recientes(estimaciones: bool) -> dict[tuple, dict]:
        salida: dict[tuple, dict] = {}
        for p in _csv("precios.csv"):
            clave = (p["gpu"], p["proveedor"], p["nivel"])
            if p["gpu"] != gpu or p["nivel"] == "interrumpible" or (*clave, p["fecha"]) in atipicos:
                continue
            if (proveedor and p["proveedor"] != proveedor) or (p["tipo"] == "estimacion" and not estimaciones):
                continue
            if clave not in salida or p["fecha"] > salida[clave]["fecha"]:
                salida[clave] = p
        return salida

    return min(float(p["precio_hora_usd"]) for p in (recientes(False) or recientes(True)).values())


def _fila(nombre: str, clave: str, valor: str) -> dict:
    return next(f for f in _csv(nombre) if f[clave] == valor)


def _usd_kwh() -> float:
    return float(_fila("electricidad.csv", "pais", "España")["precio_kwh"]) * float(
        _fila("moneda.csv", "clave", "usd_por_eur")["valor"]
    )


def test_comprar_toma_compra_potencia_alquiler_y_luz_de_la_gpu():
    v = _valores(["comprar", "--gpu", "RTX 4090"])
    compra = float(_fila("hardware.csv", "gpu", "RTX 4090")["precio_compra_usd"])
    vatios = float(_fila("gpus.csv", "gpu", "RTX 4090")["vatios"])
    alquiler = _precio_vigente_mas_barato("RTX 4090")
    assert v["precio de compra (US$)"]["valor"] == compra
    assert v["potencia (W)"]["valor"] == vatios
    assert v["precio de alquiler (US$/h)"]["valor"] == pytest.approx(alquiler)
    assert v["precio del kWh (US$)"]["valor"] == pytest.approx(_usd_kwh())
    horas = v["horas de uso al mes"]["valor"]
    meses = compra / (horas * (alquiler - vatios / 1000 * _usd_kwh()))
    assert v[MESES]["valor"] == pytest.approx(meses)
    assert v["precio de compra (US$)"]["origen"].startswith("hardware.csv")


def test_comprar_muestra_los_demas_precios_de_compra_de_la_gpu():
    """El de lista es una opción más: la orden nombra su estado y lista los demás precios de compra de la GPU (el
    más reciente de cada estado y mercado), calculados aquí sobre hardware.csv."""
    ultimas: dict[tuple[str, str, str], dict] = {}
    for h in _csv("hardware.csv"):
        clave = (h["gpu"], h["estado"], h["mercado"])
        if h["precio_compra_usd"] and (clave not in ultimas or h["fecha"] > ultimas[clave]["fecha"]):
            ultimas[clave] = h
    por_gpu: dict[str, list[dict]] = {}
    for h in ultimas.values():
        por_gpu.setdefault(h["gpu"], []).append(h)
    gpu = max(sorted(por_gpu), key=lambda g: len(por_gpu[g]))
    v = _valores(["comprar", "--gpu", gpu])
    elegida = v["precio de compra (US$)"]
    otras = {k: f for k, f in v.items() if k.startswith("otro precio de compra")}
    assert len(otras) == len(por_gpu[gpu]) - 1
    esperadas = {float(h["precio_compra_usd"]) for h in por_gpu[gpu]}
    assert {f["valor"] for f in otras.values()} | {elegida["valor"]} == esperadas
    assert elegida["origen"].startswith(f"hardware.csv: {gpu}")
    assert all("--precio-compra" in f["origen"] for f in otras.values())


def test_un_numero_dado_sustituye_al_de_los_datos():
    v = _valores(["comprar", "--gpu", "RTX 4090", "--precio-compra", "2000", "--precio-hora", "0,5"])
    assert v["precio de compra (US$)"] | {"concepto": None} == {"concepto": None, "valor": 2000.0, "origen": "dado"}
    assert v["precio de alquiler (US$/h)"]["origen"] == "dado"
    horas, vatios = v["horas de uso al mes"]["valor"], v["potencia (W)"]["valor"]
    assert v[MESES]["valor"] == pytest.approx(2000 / (horas * (0.5 - vatios / 1000 * _usd_kwh())))


def test_la_reventa_resta_y_no_puede_pasar_de_la_compra():
    sin = _valores(["comprar"])[MESES]["valor"]
    con = _valores(["comprar", "--reventa", "800"])[MESES]["valor"]
    compra = float(_fila("hardware.csv", "gpu", "RTX 4090")["precio_compra_usd"])
    assert con == pytest.approx(sin * (compra - 800) / compra)
    rc, salida, errores = _ejecutar(["comprar", "--reventa", "5000"])
    # El error empieza por la opción que lo dio, no por el argumento de la biblioteca (valor_reventa).
    assert (rc, salida) == (2, "") and "error: --reventa: 5000 no vale" in errores and "se admite" in errores
    assert "valor_reventa" not in errores


def test_api_o_gpu_usa_la_api_mas_barata_del_modelo():
    v = _valores(["api-o-gpu", "--modelo", "Llama 3.1 8B", "--gpu", "RTX 4090"])
    apis: dict[str, dict] = {}  # la fila más reciente de cada proveedor (una fila nueva sustituye a la anterior)
    for a in _csv("api_precios.csv"):
        if a["modelo"] == "Llama 3.1 8B" and (a["proveedor"] not in apis or a["fecha"] > apis[a["proveedor"]]["fecha"]):
            apis[a["proveedor"]] = a
    # Cada token generado lleva los de entrada de un mensaje medio de la traza de Azure (1155 por 211).
    por_salida = servicio.TOKENS_ENTRADA / servicio.TOKENS_SALIDA
    mezclado = min(float(a["entrada_usd_millon"]) * por_salida + float(a["salida_usd_millon"]) for a in apis.values())
    assert v[API_O_GPU["millon"]]["valor"] == pytest.approx(mezclado)
    precio = _precio_vigente_mas_barato("RTX 4090")
    assert v["precio de la GPU (US$/h)"]["valor"] == pytest.approx(precio)
    assert v[API_O_GPU["empate"]]["valor"] == pytest.approx(precio / 3600 * 1e6 / mezclado)
    con_together = _valores(["api-o-gpu", "--api", "Together"])
    together = apis["Together"]
    esperado = float(together["entrada_usd_millon"]) * por_salida + float(together["salida_usd_millon"])
    assert con_together[API_O_GPU["millon"]]["valor"] == pytest.approx(esperado)


def test_reservar_toma_el_descuento_del_proveedor():
    fila = next(
        m
        for m in _csv("modalidades.csv")
        if (m["proveedor"], m["modalidad"], m["meses"]) == ("Vast.ai", "reservada", "3")
    )
    v = _valores(["reservar", "--gpu", "A100 80GB", "--meses", "3"])
    assert v[RESERVAR["descuento"]]["valor"] == pytest.approx(float(fila["descuento"]))
    umbral = next(f for c, f in v.items() if c.startswith(RESERVAR["equilibrio"]))
    assert umbral["valor"] == pytest.approx(1 - float(fila["descuento"]))
    assert v[RESERVAR["bajo_demanda"]]["valor"] == pytest.approx(_precio_vigente_mas_barato("A100 80GB", "Vast.ai"))


def test_electricidad_de_la_gpu_y_el_pais():
    v = _valores(["electricidad", "--gpu", "H100 80GB"])
    vatios = float(_fila("gpus.csv", "gpu", "H100 80GB")["vatios"])
    assert v["coste de la luz por hora (US$)"]["valor"] == pytest.approx(vatios / 1000 * _usd_kwh(), abs=1e-12)


def test_local_o_alquilar_con_el_modelo_de_tiempo():
    """El umbral es la luz por hora de la local × cuántas veces más rápida es la alquilada: el cociente de TFLOPS
    por el de los MFU medidos de cada clase de GPU (ajustes.csv)."""
    v = _valores(["local-o-alquilar", "--gpu-local", "RTX 4090", "--gpu", "H100 80GB"])
    tflops = {g: float(_fila("gpus.csv", "gpu", g)["tflops_bf16"]) for g in ("RTX 4090", "H100 80GB")}
    vatios = float(_fila("gpus.csv", "gpu", "RTX 4090")["vatios"])
    # Una H100 sola: la MFU de una sola GPU con HBM; si no hay medidas de esas, la de las medidas de un nodo.
    claves = {f["clave"] for f in _csv("ajustes.csv")}
    mfu = {
        "RTX 4090": _fila("ajustes.csv", "clave", "mfu_gddr_1"),
        "H100 80GB": _fila("ajustes.csv", "clave", "mfu_hbm_1" if "mfu_hbm_1" in claves else "mfu_hbm_nodo"),
    }
    for extremo, columna in (("alta", "maximo"), ("baja", "minimo")):
        veces = (
            tflops["H100 80GB"]
            * float(mfu["H100 80GB"][columna])
            / (tflops["RTX 4090"] * float(mfu["RTX 4090"][columna]))
        )
        fila = v.get(f"umbral por GPU alquilada, MFU {extremo} (US$/h)") or v["umbral por GPU alquilada (US$/h)"]
        assert fila["valor"] == pytest.approx(vatios / 1000 * _usd_kwh() * veces)
        local, alquilada = v[f"horas en RTX 4090 (MFU {extremo})"], v[f"horas en H100 80GB (MFU {extremo})"]
        assert local["valor"] / alquilada["valor"] == pytest.approx(veces)


@pytest.mark.parametrize(
    ("argv", "mensaje"),
    [
        (["comprar", "--gpu", "H100 80GB"], "no tiene precio de compra"),
        (["local-o-alquilar", "--gpu-local", "RTX 3060 12GB"], "no cabe en una RTX 3060 12GB"),
        # 16,1 GB de pesos + 4,3 de caché KV (16 × 2048 tokens) + 1,0 de contexto de CUDA (sistema_gb, supuestos.csv)
        (["api-o-gpu", "--gpu", "RTX 3060 12GB", "--precio-hora", "0,2", "--lote", "16"], "necesita 21,4 GB"),
        # Sin --lote, el modelo de capacidad: el 70B en bf16 no cabe ni repartido en 8 GPU de 12 GB.
        (
            ["api-o-gpu", "--modelo", "Llama 3.1 70B", "--gpu", "RTX 3060 12GB", "--precio-hora", "0,2"],
            "ni en 8 × RTX 3060 12GB",
        ),
        (["reservar", "--gpu", "A10"], "Proveedor con precio de A10 desconocido: 'Vast.ai'"),
        (["cabe", "--modelo", "Llama 3.1 8B", "--gpu", "RTX 4090", "--metodo", "qlora", "--precision", "bf16"], "nf4"),
    ],
)
def test_un_nombre_sin_los_datos_que_hacen_falta_da_error_en_espanol(argv, mensaje):
    rc, salida, errores = _ejecutar(argv)
    assert (rc, salida) == (2, ""), errores
    assert errores.count("\n") == 1 and mensaje in errores, errores


def test_un_modelo_sin_precio_de_api_da_error_en_espanol(carpeta_datos):
    """Un modelo sin ninguna fila en api_precios.csv (en una copia de los datos sin las suyas: hoy todos los modelos
    tienen alguna, y una fila nueva no debe romper la prueba): api-o-gpu lo dice en español, con rc 2."""
    modelo = "Gemma 2 9B"
    api = carpeta_datos / "api_precios.csv"
    lineas = api.read_text(encoding="utf-8").splitlines(keepends=True)
    api.write_text(lineas[0] + "".join(x for x in lineas[1:] if next(csv.reader([x]))[0] != modelo), encoding="utf-8")
    rc, salida, errores = _ejecutar(["api-o-gpu", "--modelo", modelo, "--tokens-s", "100"])
    assert (rc, salida) == (2, ""), errores
    assert errores.count("\n") == 1 and f"Modelo con precio de API desconocido: '{modelo}'" in errores, errores


def test_cabe_con_otra_precision():
    rc, salida, _ = _ejecutar(["cabe", "--modelo", "Llama 3.1 70B", "--gpu", "H100 80GB", "--precision", "int4"])
    assert rc == 0 and "pesos" in salida


@pytest.mark.parametrize(
    ("argv", "concepto"),
    [
        (["api-o-gpu"], "precio de la GPU (US$/h)"),
        (["comprar"], "precio de alquiler (US$/h)"),
    ],
)
def test_la_pagina_y_la_orden_que_ensena_eligen_el_mismo_precio(argv, concepto):
    """«¿API, alquilar, reservar o comprar?» enseña `gpucoste api-o-gpu` y `gpucoste comprar`: sin precio dado,
    la orden toma el mismo que la página (decisiones.precio_gpu_alquilada, el vigente más barato de la GPU del
    ejemplo), con su proveedor, su nivel y su fecha. Antes, la página fijaba el de Vast.ai (comunidad) y la orden,
    el de RunPod."""
    from gpucoste.guia import decisiones

    p = decisiones.precio_gpu_alquilada()
    assert p == decisiones.precio_vigente(decisiones.GPU_ALQUILADA)
    fila = _valores(argv)[concepto]
    assert fila["valor"] == pytest.approx(p.precio_hora_usd)
    # Con el nivel y la fecha en palabras, como en la página: «RunPod (comunidad), 25 de septiembre de 2026».
    escrito = f"{p.proveedor} ({nivel(p.nivel)}), {fecha(p.fecha)}, {tipo_precio(p.tipo)}"
    assert fila["origen"] == f"precios.csv: {p.gpu} en {escrito}"


def test_precios_se_lee_en_espanol_y_exporta_las_claves():
    """«gpucoste precios» escribe el tipo y el nivel como las páginas («estimación», «host verificado»); csv y json
    guardan la clave de precios.csv («estimacion», «verificado»), que es lo que compara otro programa."""
    filas = _csv("precios.csv")
    codigo, tabla, _ = _ejecutar(["precios"])
    assert codigo == 0
    celdas = {c.strip() for linea in tabla.splitlines() for c in linea.split("|")}
    for tipo in {f["tipo"] for f in filas}:
        assert tipo_precio(tipo) in celdas
    assert "estimacion" not in celdas and "verificado" not in celdas and "bajo_demanda" not in celdas
    codigo, texto, _ = _ejecutar(["precios", "--formato", "csv"])
    assert codigo == 0
    exportadas = list(csv.DictReader(io.StringIO(texto)))
    assert [(f["tipo"], f["nivel"]) for f in exportadas] == [(f["tipo"], f["nivel"]) for f in filas]


def test_reservar_en_un_proveedor_sin_precio_de_esa_gpu_lo_dice():
    # Una GPU sin precio en Vast.ai (de los datos de hoy, la que sea): reservarla allí sin --precio-hora-reserva no
    # tiene precio sobre el que aplicar el descuento.
    en_vast = {p["gpu"] for p in _csv("precios.csv") if p["proveedor"] == "Vast.ai"}
    sin = sorted({p["gpu"] for p in _csv("precios.csv")} - en_vast)
    assert sin
    argv = ["recomendar", "--horas-gpu", "6", "--continuo", "no", "--gpu", sin[0], "--proveedor-reserva", "Vast.ai"]
    rc, salida, errores = _ejecutar(argv)
    assert (rc, salida) == (2, ""), errores
    assert f"'{sin[0]}' no vale para reservar" in errores and "se admite" in errores
