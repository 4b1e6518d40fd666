"""El recolector de precios (gpucoste.recoleccion.precios) sin red: respuestas guardadas en
tests/recoleccion/respuestas/.

Las respuestas imitan lo que gpuhunt lee: el cuerpo de la API de Vast.ai (``offers`` con los campos que usa
``VastAIProvider.get``) y catálogos en el formato v2 de gpuhunt (``CATALOG_V2_FIELDS``). Pasan por el código
de gpuhunt, igual que en el flujo semanal. Las cifras esperadas se calculan a mano aquí, en los comentarios.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import shutil

import pytest
from conftest import RAIZ
from herramientas import informar

from gpucoste import datos
from gpucoste.base import paquete
from gpucoste.datos import historial
from gpucoste.recoleccion import precios as recolector

OFERTAS = RAIZ / "tests" / "recoleccion" / "respuestas"
FECHA = "2026-11-30"  # un lunes

# Vast.ai suma al precio 1 GB de disco a 0,072 $/GB-mes: 0,072 / 720 h = 0,0001 $/h en cada oferta.
ESPERADAS = [
    # (gpu, proveedor, nivel, precio, ofertas)
    # 1,20 1,30 1,50 → 1,30: solo 3, atípico (la PCIE de 1,40 es una «A100 80GB PCIe»; la de 40 GB, una «A100 40GB»)
    ("A100 80GB", "Vast.ai", "verificado", 1.3001, 3),
    ("H100 80GB", "Vast.ai", "verificado", 2.2001, 3),  # 2,00 2,20 2,50 → 2,20: solo 3, atípico
    ("RTX 4090", "Vast.ai", "comunidad", 0.3301, 4),  # 0,30 0,32 0,34 0,36 → 0,33
    ("RTX 4090", "Vast.ai", "verificado", 0.4501, 5),  # 0,40 0,42 0,45 0,50 0,60 → 0,45 (la de 2 GPU no cuenta)
    ("H100 80GB", "RunPod", "seguro", 2.99, 2),  # dos centros de datos a 2,99 (la H100 NVL y el clúster no)
    ("RTX 4090", "RunPod", "comunidad", 0.34, 2),  # US y CA a 0,34
    ("RTX 4090", "RunPod", "seguro", 0.69, 2),  # EU-RO-1 y US-GA-1 a 0,69 (la de 2 GPU no cuenta)
    ("A10G", "AWS", "bajo_demanda", 1.006, 1),  # g5.xlarge
    ("H100 80GB", "AWS", "bajo_demanda", 4.326, 2),  # p5.4xlarge en dos regiones (la spot: AWS no tiene interrumpible)
    ("A100 40GB", "GCP", "bajo_demanda", 3.7367, 2),  # a2-highgpu-1g: 3,6734 y 3,80 → 3,7367 (la de 8 GPU no cuenta)
    ("A100 40GB", "GCP", "interrumpible", 1.1, 1),  # la spot de a2-highgpu-1g
    ("H100 PCIe", "Lambda", "bajo_demanda", 3.29, 2),  # gpu_1x_h100_pcie en dos regiones (las de 8 GPU no cuentan)
    ("A100 80GB PCIe", "Azure", "bajo_demanda", 3.8565, 2),  # NC24ads_A100_v4 (serie NC: PCIe): 3,673 y 4,04
    ("A100 80GB PCIe", "Azure", "interrumpible", 0.7, 1),  # (la H100 NVL de 94 GB no es una «H100 80GB»)
    ("H100 80GB", "Verda", "bajo_demanda", 3.35, 2),  # FIN-01 y FIN-02 a 3,35 (la de 8 GPU no cuenta)
    ("H100 80GB", "Verda", "interrumpible", 1.25, 2),  # spot a 1,20 y 1,30 → 1,25
    ("L40S", "Verda", "bajo_demanda", 1.1, 1),  # (la B200 de Verda no tiene filas: Verda ya las tiene de otras GPU)
    ("H100 80GB", "Nebius", "bajo_demanda", 2.95, 2),  # (su spot no: Nebius no tiene fila interrumpible de la H100)
    ("A10", "Oracle Cloud", "bajo_demanda", 2.0, 2),  # proveedor nuevo: entra con todo (la V100 no es de la guía)
    ("RTX 4090", "CloudRift", "bajo_demanda", 0.39, 1),  # proveedor nuevo (la de 2 GPU no cuenta)
    ("RTX 5090", "CloudRift", "bajo_demanda", 0.65, 1),
    ("RTX 4090", "Lium", "bajo_demanda", 0.33, 2),  # 0,30 y 0,36 → 0,33 (la H100 se alquila de 8 en 8)
    ("L40S", "Vultr", "bajo_demanda", 1.671, 2),  # ewr y ord (la A100 fraccionada de 4 GB no es una A100)
]
"""Las filas que añade el recolector con las respuestas guardadas, en su orden (el de ``PROVEEDORES``). Dependen de
qué (GPU, proveedor, nivel) tienen ya filas en los datos: un proveedor nuevo entra con todo; uno que ya tiene filas,
solo con lo suyo."""


def _resultados(carpeta: pathlib.Path = OFERTAS):
    return recolector.consultar(recolector.GPUS, carpeta)


def _clave(p):
    return (p.gpu, p.proveedor, p.nivel, p.precio_hora_usd)


def _oferta(proveedor, instancia, gpu, vram, modelo="", *, location=None, datos_proveedor=None):
    """Una oferta de gpuhunt (``CatalogItem``) de una GPU bajo demanda a 1 US$/h."""
    from gpuhunt import AcceleratorVendor, CatalogItem

    if datos_proveedor is None:
        datos_proveedor = {"verificada": True, "modelo": modelo} if proveedor == "vastai" else {}
    return CatalogItem(
        provider=proveedor,
        instance_name=instancia,
        location=location or ("US-TX-3" if proveedor == "runpod" else "us-east-1"),
        price=1.0,
        cpu=8,
        memory=64,
        gpu_count=1,
        gpu_name=gpu,
        gpu_memory=vram,
        spot=False,
        disk_size=None,
        gpu_vendor=AcceleratorVendor.AMD if gpu.startswith("MI") else AcceleratorVendor.NVIDIA,
        provider_data=datos_proveedor,
    )


def test_nivel_de_cada_oferta():
    def item(proveedor, location="us", datos_proveedor=None):
        return _oferta(proveedor, "x", "H100", 80, location=location, datos_proveedor=datos_proveedor or {})

    assert recolector.nivel(item("vastai", datos_proveedor={"verificada": True})) == "verificado"
    assert recolector.nivel(item("vastai", datos_proveedor={"verificada": False})) == "comunidad"
    assert recolector.nivel(item("runpod", "EU-RO-1")) == "seguro"
    assert recolector.nivel(item("runpod", "US")) == "comunidad"
    assert recolector.nivel(item("aws")) == recolector.nivel(item("lambdalabs")) == "bajo_demanda"
    assert recolector.nivel(item("crusoe")) is None  # no se lee (NO_LEIDOS)
    spot = dataclasses.replace(_oferta("verda", "x", "H100", 80), spot=True)
    assert recolector.nivel(spot) == "interrumpible"
    # AWS y Vast.ai no tienen nivel interrumpible en el recolector: su spot no cuenta.
    assert recolector.nivel(dataclasses.replace(spot, provider="aws")) is None
    assert recolector.nivel(dataclasses.replace(spot, provider="vastai", provider_data={"verificada": True})) is None


def test_runpod_de_gpuhunt_pone_el_centro_de_datos_o_el_pais_en_location():
    """El nivel de RunPod depende de cómo gpuhunt rellena ``location``: se comprueba con su propio código."""
    from gpuhunt import AcceleratorVendor
    from gpuhunt.providers.runpod import RunpodProvider

    proveedor = object.__new__(RunpodProvider)  # sin __init__: no pide a la red el mapa de GPU
    proveedor._gpu_map = {"NVIDIA H100 80GB HBM3": (AcceleratorVendor.NVIDIA, "H100")}
    pod = {
        "id": "NVIDIA H100 80GB HBM3",
        "memoryInGb": 80,
        "securePrice": 2.99,
        "communityPrice": 2.69,
        "lowestPrice": {"stockStatus": "High", "minVcpu": 16, "minMemory": 125},
    }
    seguro = {"lowestPriceInput": {"secureCloud": True, "dataCenterId": "US-TX-3", "gpuCount": 1}}
    comunidad = {"lowestPriceInput": {"secureCloud": False, "countryCode": "US", "gpuCount": 1}}
    (s,) = proveedor._make_offers(seguro, pod)
    (c,) = proveedor._make_offers(comunidad, pod)
    assert (recolector.nivel(s), s.price) == ("seguro", 2.99)
    assert (recolector.nivel(c), c.price) == ("comunidad", 2.69)
    assert [(o.gpu, o.nivel, o.precio) for o in recolector.ofertas([s, c])] == [
        ("H100 80GB", "seguro", 2.99),
        ("H100 80GB", "comunidad", 2.69),
    ]


def test_vast_pasa_por_gpuhunt_y_solo_cuentan_las_de_una_gpu_bajo_demanda():
    vast = next(r for r in _resultados() if r.proveedor == "vastai")
    assert not vast.error and vast.fuente == recolector.API_VAST
    # gpuhunt descarta la de 2 GPU (filtro num_gpus) y añade una variante spot a cada oferta con min_bid.
    assert sum(o.spot for o in vast.ofertas) == 2
    assert all(o.gpu_count == 1 for o in vast.ofertas)
    # 15 verificadas (una de 2 GPU fuera) + 6 sin verificar, más sus 2 variantes spot.
    assert len(vast.ofertas) == 14 + 6 + 2
    contadas = recolector.ofertas(vast.ofertas)
    assert len(contadas) == 22 - 2  # sin las spot
    assert {o.gpu for o in contadas} == {
        "RTX 4090",
        "A100 40GB",
        "A100 80GB",
        "A100 80GB PCIe",
        "H100 80GB",
        "H200 141GB",
    }
    # El modelo de Vast.ai («A100 PCIE», que gpuhunt no guarda) separa la PCIe de la SXM4.
    assert [o.precio for o in contadas if o.gpu == "A100 80GB PCIe"] == [1.4001]


# Ofertas como las que da gpuhunt (nombre de instancia real de cada proveedor) → la GPU de la guía.
MAPA = [
    (("lambdalabs", "gpu_1x_h100_pcie", "H100", 80), "H100 PCIe"),
    (("lambdalabs", "gpu_1x_h100_sxm5", "H100", 80), "H100 80GB"),
    (("aws", "p5.4xlarge", "H100", 80), "H100 80GB"),
    (("runpod", "NVIDIA H100 PCIe", "H100", 80), "H100 PCIe"),
    (("runpod", "NVIDIA H100 NVL", "H100NVL", 94), None),
    (("runpod", "NVIDIA A100 80GB PCIe", "A100", 80), "A100 80GB PCIe"),
    (("runpod", "NVIDIA A100-SXM4-80GB", "A100", 80), "A100 80GB"),
    (("lambdalabs", "gpu_1x_a100_sxm4", "A100", 40), "A100 40GB"),
    (("vastai", "2003", "A100", 80, "A100 PCIE"), "A100 80GB PCIe"),
    (("vastai", "2001", "A100", 80, "A100 SXM4"), "A100 80GB"),
    (("aws", "g6.xlarge", "L4", 24), "L4"),
    (("lambdalabs", "gpu_1x_a10", "A10", 24), "A10"),
    (("aws", "g5.xlarge", "A10G", 24), "A10G"),  # la A10G de AWS no es la A10: gpuhunt las distingue
    (("runpod", "NVIDIA RTX A6000", "A6000", 48), "RTX A6000"),
    (("runpod", "NVIDIA RTX 6000 Ada Generation", "RTX6000Ada", 48), "RTX 6000 Ada"),
    (("runpod", "NVIDIA GeForce RTX 5090", "RTX5090", 32), "RTX 5090"),
    (("vastai", "7", "RTX3060", 12, "RTX 3060"), "RTX 3060 12GB"),
    (("vastai", "8", "RTX3060", 8, "RTX 3060"), None),  # la de 8 GB no es la de la guía
    (("vastai", "9", "RTX4060Ti", 16, "RTX 4060 Ti"), "RTX 4060 Ti 16GB"),
    (("runpod", "NVIDIA GeForce RTX 3090", "RTX3090", 24), "RTX 3090"),
    (("runpod", "NVIDIA GeForce RTX 3090 Ti", "RTX3090Ti", 24), None),  # la Ti no es la de la guía
    (("runpod", "NVIDIA B200", "B200", 180), "B200"),
    (("runpod", "AMD Instinct MI300X OAM", "MI300X", 192), "MI300X"),
    (("aws", "p5en.48xlarge", "H200", 141), "H200 141GB"),
]


@pytest.mark.parametrize(("oferta", "esperada"), MAPA, ids=[f"{o[0]}-{o[1]}" for o, _ in MAPA])
def test_cada_gpu_con_precio_tiene_su_nombre_de_gpuhunt(oferta, esperada):
    """Sin red: una oferta con el nombre de instancia real de cada proveedor va a su GPU de la guía (o a ninguna)."""
    vram = {g: f.vram_gb for g, f in datos.especificaciones().items()}
    assert recolector.gpu_de(_oferta(*oferta), recolector.GPUS, vram) == esperada
    if esperada:  # y cuenta como oferta de esa GPU
        assert [o.gpu for o in recolector.ofertas([_oferta(*oferta)])] == [esperada]


def test_gpus_del_recolector_tienen_ficha_y_las_con_precio_que_gpuhunt_conoce_estan():
    """Cada GPU de ``GPUS`` tiene fila en gpus.csv; se informa de las GPU con precio que el recolector no lee."""
    fichas = set(datos.especificaciones())
    assert set(recolector.GPUS) <= fichas
    con_precio = {p.gpu for p in datos.precios()}
    fuera = sorted(con_precio - set(recolector.GPUS))
    informar(f"Recolector: lee {len(recolector.GPUS)} GPU; con precio y fuera de él: {fuera}")
    assert {esperada for _, esperada in MAPA if esperada} <= set(recolector.GPUS)


def test_medianas_de_las_ofertas_guardadas(carpeta_datos):
    lecturas = {}
    for r in _resultados():
        for lec in recolector.medianas(recolector.ofertas(r.ofertas)):
            lecturas[lec.clave] = (lec.mediana, lec.ofertas)
    for gpu, proveedor, nivel, precio, n in ESPERADAS:
        assert lecturas[(gpu, proveedor, nivel)] == (precio, n)
    # Vast.ai sin verificar también tiene A100 (0,95 y 1,00 → 0,9751), pero esa clave no está en los datos.
    assert lecturas[("A100 80GB", "Vast.ai", "comunidad")] == (0.9751, 2)


def test_el_recolector_anade_las_filas_esperadas_sin_tocar_las_que_hay(carpeta_datos):
    antes = (carpeta_datos / "precios.csv").read_bytes()
    informe = recolector.recolectar(carpeta_datos, FECHA, _resultados)
    despues = (carpeta_datos / "precios.csv").read_bytes()
    assert despues.startswith(antes.rstrip(b"\n"))  # nada reescrito: lo nuevo va detrás
    datos.limpiar_cache()
    nuevas = datos.precios()[len(datos.precios()) - len(ESPERADAS) :]
    assert [(*_clave(p), p.fecha) for p in nuevas] == [(g, pr, n, x, FECHA) for g, pr, n, x, _ in ESPERADAS]
    assert [c.ofertas for c in informe.cambios] == [n for *_, n in ESPERADAS]
    # La clave no cubierta (Vast.ai comunidad A100) no entra; la fuente y la nota dicen de dónde sale la cifra.
    assert ("A100 80GB", "Vast.ai", "comunidad") not in {(p.gpu, p.proveedor, p.nivel) for p in nuevas}
    por_proveedor = {p.proveedor: p.fuente for p in nuevas}
    assert por_proveedor["Vast.ai"] == "https://console.vast.ai/api/v0/bundles/"
    assert por_proveedor["RunPod"] == f"{recolector.CATALOGO_GPUHUNT}/runpod/20261130/catalog.zip"
    assert all(p.nota.startswith("mediana de ") and "gpuhunt" in p.nota for p in nuevas)
    assert all(p.precio_hora_usd > 0 for p in nuevas)


def test_valor_atipico_marcado_solo_en_un_marketplace_con_pocas_ofertas(carpeta_datos):
    recolector.recolectar(carpeta_datos, FECHA, _resultados)
    datos.limpiar_cache()
    nuevas = [p for p in datos.precios() if p.fecha == FECHA]
    atipicas = [(p.gpu, p.proveedor) for p in nuevas if historial.atipico(p)]
    # A100 y H100 en Vast.ai (3 ofertas) y la RTX 4090 en Lium (2), marketplaces: ≤ POCAS_OFERTAS. Los demás con 1 o 2
    # ofertas no: son precios de lista.
    assert atipicas == [("A100 80GB", "Vast.ai"), ("H100 80GB", "Vast.ai"), ("RTX 4090", "Lium")]
    assert recolector.POCAS_OFERTAS == 3


def test_sin_filas_repetidas_en_la_misma_semana(carpeta_datos, monkeypatch):
    # Filas fechadas después de hoy: la construcción las rechaza salvo que su fecha de referencia sea posterior.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1798675200")  # 2026-12-31
    recolector.recolectar(carpeta_datos, FECHA, _resultados)
    tras_la_primera = (carpeta_datos / "precios.csv").read_bytes()
    # El mismo día: la clave de precios.csv incluye la fecha, así que no se añade nada (y se avisa).
    mismo_dia = recolector.recolectar(carpeta_datos, FECHA, _resultados)
    assert mismo_dia.filas == [] and any("ya tiene una fila" in a for a in mismo_dia.avisos)
    # El miércoles de la misma semana ISO, los mismos precios: nada nuevo.
    assert recolector.recolectar(carpeta_datos, "2026-12-02", _resultados).filas == []
    assert (carpeta_datos / "precios.csv").read_bytes() == tras_la_primera
    # La semana siguiente, la misma cifra sí se anota: confirma que el precio sigue vigente.
    assert len(recolector.recolectar(carpeta_datos, "2026-12-07", _resultados).filas) == len(ESPERADAS)


def test_misma_semana_y_lunes():
    assert recolector.misma_semana("2026-11-30", "2026-12-06")  # lunes y domingo
    assert not recolector.misma_semana("2026-12-06", "2026-12-07")
    assert recolector.lunes("2026-12-03") == "2026-11-30"


def test_proveedor_que_falla_o_no_devuelve_nada_deja_sus_datos(carpeta_datos, tmp_path):
    # Sin el catálogo de GCP (falla); el de Lambda, solo con máquinas de 8 GPU.
    sin_gcp = tmp_path / "sin_gcp"
    shutil.copytree(OFERTAS, sin_gcp)
    (sin_gcp / "gcp.csv").unlink()
    lambda_csv = sin_gcp / "lambdalabs.csv"
    lambda_csv.write_text("".join(linea for linea in lambda_csv.open() if "gpu_1x" not in linea))
    informe = recolector.recolectar(carpeta_datos, FECHA, lambda: _resultados(sin_gcp))
    assert any(a.startswith("GCP: falló (FileNotFoundError") for a in informe.avisos)
    assert "Lambda: ninguna oferta que cuente; sus precios se quedan como estaban." in informe.avisos
    assert not {p.proveedor for p in informe.filas} & {"GCP", "Lambda"}
    # Sin ninguna respuesta (todo falla): el fichero queda idéntico y la PR lo dice.
    vacia = tmp_path / "vacia"
    vacia.mkdir()
    (vacia / "version").write_text("1\n")
    antes = (carpeta_datos / "precios.csv").read_bytes()
    todo_falla = recolector.recolectar(carpeta_datos, "2026-12-14", lambda: _resultados(vacia))
    assert todo_falla.filas == [] and len(todo_falla.avisos) == len(recolector.PROVEEDORES)
    assert (carpeta_datos / "precios.csv").read_bytes() == antes
    assert "Ninguna fila nueva" in recolector.resumen(todo_falla)


def test_nunca_un_precio_cero_o_vacio(carpeta_datos, tmp_path):
    copia = tmp_path / "ofertas"
    shutil.copytree(OFERTAS, copia)
    texto = (copia / "aws.csv").read_text()
    for antes, despues in ((",4.326,", ",0,"), (",1.73,", ",nan,"), (",1.006,", ",-1,")):
        texto = texto.replace(antes, despues)
    (copia / "aws.csv").write_text(texto)
    aws = next(r for r in _resultados(copia) if r.proveedor == "aws")
    assert recolector.ofertas(aws.ofertas) == []
    informe = recolector.recolectar(carpeta_datos, FECHA, lambda: [aws])
    assert informe.filas == [] and informe.avisos == [
        "AWS: ninguna oferta que cuente; sus precios se quedan como estaban."
    ]


def test_una_gpu_nueva_declarada_entra_con_todos_sus_niveles(carpeta_datos, tmp_path):
    """La RTX 5090 tiene ficha en gpus.csv (su VRAM); sin ningún precio (se quitan los suyos de la copia), basta
    con declararla en ``GPUS``."""
    precios_csv = carpeta_datos / "precios.csv"
    lineas = precios_csv.read_text(encoding="utf-8").splitlines(keepends=True)
    precios_csv.write_text("".join(x for x in lineas if not x.startswith("RTX 5090,")), encoding="utf-8")
    datos.limpiar_cache()
    assert not [p for p in datos.precios() if p.gpu == "RTX 5090"]
    copia = tmp_path / "ofertas"
    shutil.copytree(OFERTAS, copia)
    with (copia / "runpod.csv").open("a", encoding="utf-8") as f:
        f.write("NVIDIA GeForce RTX 5090,US,0.89,8,64,1,RTX5090,32.0,False,,nvidia,,x86,{}\n")
    datos.limpiar_cache()
    gpus = {**recolector.GPUS, "RTX 5090": "RTX5090"}
    informe = recolector.planificar(datos.precios(), recolector.consultar(gpus, copia), FECHA, gpus)
    nueva = next(c for c in informe.cambios if c.nueva.gpu == "RTX 5090")
    assert (nueva.anterior, _clave(nueva.nueva), nueva.ofertas) == (None, ("RTX 5090", "RunPod", "comunidad", 0.89), 1)
    assert "| RTX 5090 | RunPod | comunidad | — | 0,8900 | nueva | 1 |" in recolector.resumen(informe)


def test_cuerpo_de_la_pull_request():
    fuente = "https://example.org/precios"
    historial_fijo = [
        datos.Precio("A100 80GB", "Vast.ai", "verificado", 1.7043, "2026-10-29", fuente),
        datos.Precio("H100 80GB", "Vast.ai", "verificado", 2.4024, "2026-10-19", fuente),
        datos.Precio("H100 80GB", "AWS", "bajo_demanda", 6.88, "2026-11-09", fuente),
        datos.Precio("RTX 4090", "RunPod", "comunidad", 0.34, "2026-09-25", fuente),
    ]
    resultados = [r if r.proveedor != "gcp" else recolector.Resultado("gcp", error="HTTP 503") for r in _resultados()]
    informe = recolector.planificar(historial_fijo, resultados, "2026-12-02")
    cuerpo = recolector.resumen(informe).splitlines()
    assert cuerpo[0] == "## Precios de la semana 2026-11-30"  # el lunes de la semana
    assert "| GPU | Proveedor | Nivel | Antes (US$/h) | Ahora (US$/h) | Cambio | Ofertas |" in cuerpo
    # 1,3001 / 1,7043 − 1 = −0,2372 → −23,7 %; 2,2001 / 2,4024 − 1 = −0,0842 → −8,4 %; las dos, atípicas.
    assert "| A100 80GB | Vast.ai | verificado | 1,7043 (2026-10-29) | 1,3001 | −23,7\xa0% | 3 (atípico) |" in cuerpo
    assert "| H100 80GB | Vast.ai | verificado | 2,4024 (2026-10-19) | 2,2001 | −8,4\xa0% | 3 (atípico) |" in cuerpo
    # 4,326 / 6,88 − 1 = −0,3712 → −37,1 %; 0,34 → 0,34 en RunPod comunidad: 0,0 %.
    assert "| H100 80GB | AWS | bajo_demanda | 6,8800 (2026-11-09) | 4,3260 | −37,1\xa0% | 2 |" in cuerpo
    assert "| RTX 4090 | RunPod | comunidad | 0,3400 (2026-09-25) | 0,3400 | 0,0\xa0% | 2 |" in cuerpo
    filas = [linea for linea in cuerpo if linea.startswith("| ") and "---" not in linea]
    con_filas = [f for f in filas[1:] if f.split(" | ")[1] in {p.proveedor for p in historial_fijo}]
    # De los proveedores con filas, las claves que ya tienen filas y cuatro GPU sin ninguna fila en este historial.
    assert len(con_filas) == len(historial_fijo) + 4
    assert "| A10G | AWS | bajo_demanda | — | 1,0060 | nueva | 1 |" in cuerpo
    # Un proveedor sin ninguna fila en este historial entra con todo lo suyo («nueva»).
    assert "| A10 | Oracle Cloud | bajo_demanda | — | 2,0000 | nueva | 2 |" in cuerpo
    assert all(f.endswith(("nueva | 1 |", "nueva | 2 |", "(atípico) |")) for f in filas[1:] if f not in con_filas)
    assert "| H200 141GB | Vast.ai | verificado | — | 3,1001 | nueva | 1 (atípico) |" in cuerpo
    assert "| A100 40GB | Vast.ai | verificado | — | 0,8001 | nueva | 1 (atípico) |" in cuerpo
    assert "| A100 80GB PCIe | Vast.ai | verificado | — | 1,4001 | nueva | 1 (atípico) |" in cuerpo
    assert "Avisos:" in cuerpo and "- GCP: falló (HTTP 503); sus precios se quedan como estaban." in cuerpo


def test_anadir_devuelve_el_fichero_si_la_fila_no_valida(carpeta_datos):
    antes = (carpeta_datos / "precios.csv").read_bytes()
    mala = datos.Precio("RTX 9999", "Vast.ai", "comunidad", 0.5, FECHA, "https://example.org", "", leida=FECHA)
    with pytest.raises(ValueError, match="columna gpu: 'RTX 9999' no está en gpus.csv"):
        recolector.anadir(carpeta_datos, [mala])
    assert (carpeta_datos / "precios.csv").read_bytes() == antes


def test_orden_de_terminal(carpeta_datos, tmp_path, capsys):
    resumen = tmp_path / "resumen.md"
    argumentos = ["--datos", str(carpeta_datos), "--ofertas", str(OFERTAS), "--fecha", FECHA]
    assert recolector.main([*argumentos, "--resumen", str(resumen)]) == 0
    assert capsys.readouterr().out == resumen.read_text(encoding="utf-8")
    for malos, mensaje in (
        (["--fecha", "30/11/2026"], "--fecha '30/11/2026' no vale"),
        (["--fecha", "2026-11"], "se admite AAAA-MM-DD"),
        (["--ofertas", str(tmp_path / "no-existe")], "no es una carpeta"),
    ):
        assert recolector.main(["--datos", str(carpeta_datos), "--ofertas", str(OFERTAS), *malos]) == 2
        salida = capsys.readouterr()
        assert salida.out == "" and mensaje in salida.err


@pytest.mark.parametrize("semilla", range(20))
def test_invariantes_con_ofertas_al_azar(carpeta_datos, semilla):
    """Ofertas al azar (precios malos incluidos): mediana entre el mínimo y el máximo, nunca ≤ 0, y repetir la
    misma semana no añade nada."""
    import random

    from gpuhunt import AcceleratorVendor, CatalogItem

    azar = random.Random(semilla)
    malos = [0, -1.0, float("nan"), float("inf"), None]
    items = [
        CatalogItem(
            provider=azar.choice(["vastai", "runpod", "aws"]),
            instance_name=str(i),
            location=azar.choice(["US", "EU-RO-1"]),
            price=azar.choice(malos) if azar.random() < 0.2 else round(azar.uniform(0.05, 12), 4),
            cpu=8,
            memory=64,
            gpu_count=azar.choice([1, 1, 1, 2]),
            gpu_name=azar.choice(["RTX4090", "H100", "A100", "B200"]),
            gpu_memory=azar.choice([24.0, 80.0, 40.0]),
            spot=azar.random() < 0.2,
            disk_size=None,
            gpu_vendor=AcceleratorVendor.NVIDIA,
            provider_data={"verificada": azar.random() < 0.5},
        )
        for i in range(azar.randint(0, 60))
    ]
    contadas = recolector.ofertas(items)
    for lec in recolector.medianas(contadas):
        precios = [o.precio for o in contadas if (o.gpu, o.proveedor, o.nivel) == lec.clave]
        assert lec.ofertas == len(precios) and min(precios) - 1e-4 <= lec.mediana <= max(precios) + 1e-4
    resultados = [
        recolector.Resultado(p, "https://example.org/ofertas", [i for i in items if i.provider == p])
        for p in ("vastai", "runpod", "aws")
    ]
    informe = recolector.recolectar(carpeta_datos, FECHA, lambda: resultados)
    assert all(p.precio_hora_usd > 0 and p.fecha == FECHA for p in informe.filas)
    assert recolector.recolectar(carpeta_datos, "2026-12-01", lambda: resultados).filas == []


def test_sin_datos_escribe_en_los_csv_del_paquete():
    """Sin ``--datos`` (``make precios``), la carpeta es la de los CSV del paquete, no una junto al recolector (con
    el paquete en capas, ``recoleccion/datos`` no existe)."""
    vistas = []

    def hacer(carpeta, dia, guardadas):
        vistas.append(carpeta)
        return ""

    textos = dict(prog="p", descripcion="d", ayuda_datos="a", ayuda_fecha="f", ayuda_resumen="r")
    assert recolector.orden(["--fecha", FECHA], opcion_guardadas=("--ofertas", "o"), hacer=hacer, **textos) == 0
    assert vistas == [paquete.RAIZ / "datos"] and (vistas[0] / "precios.csv").is_file()


def test_cada_proveedor_de_gpuhunt_se_lee_o_dice_por_que_no():
    from gpuhunt._internal.catalog import OFFLINE_PROVIDERS, ONLINE_PROVIDERS

    leidos, no_leidos = set(recolector.PROVEEDORES), set(recolector.NO_LEIDOS)
    assert not leidos & no_leidos
    assert set(OFFLINE_PROVIDERS) | set(ONLINE_PROVIDERS) == leidos | no_leidos
    # Todos los catálogos que gpuhunt publica se leen, como catálogo.
    assert {p for p in OFFLINE_PROVIDERS} <= leidos
    assert all(recolector.PROVEEDORES[p].acceso == "catalogo" for p in OFFLINE_PROVIDERS)
    assert all(recolector.PROVEEDORES[p].acceso != "catalogo" for p in leidos - set(OFFLINE_PROVIDERS))


def test_cada_proveedor_leido_tiene_respuesta_guardada_con_ofertas_que_cuentan():
    for r in _resultados():
        assert not r.error, r
        assert recolector.ofertas(r.ofertas), f"{r.proveedor}: ninguna oferta que cuente en su respuesta guardada"
        assert r.fuente.startswith(datos.ORIGENES_RECOLECTOR)


def _estropear(carpeta: pathlib.Path, proveedor: str) -> None:
    """Una respuesta mal formada de ``proveedor``: un catálogo con un precio que no es un número o un JSON sin lo
    que gpuhunt espera."""
    acceso = recolector.PROVEEDORES[proveedor].acceso
    if acceso == "catalogo":
        fichero = carpeta / f"{proveedor}.csv"
        lineas = fichero.read_text().splitlines()
        celdas = lineas[1].split(",")
        celdas[2] = "gratis"
        fichero.write_text("\n".join([lineas[0], ",".join(celdas), *lineas[2:]]) + "\n")
    elif acceso == "vast":
        (carpeta / "vastai-verificadas.json").write_text('{"offers": "ninguna"}')
    else:
        fichero = carpeta / f"{proveedor}.json"
        cuerpos = json.loads(fichero.read_text())
        fichero.write_text(json.dumps({url: {"inesperado": True} for url in cuerpos}))


@pytest.mark.parametrize("proveedor", list(recolector.PROVEEDORES))
def test_una_respuesta_mal_formada_falla_nombrando_al_proveedor(proveedor, carpeta_datos, tmp_path):
    copia = tmp_path / "ofertas"
    shutil.copytree(OFERTAS, copia)
    _estropear(copia, proveedor)
    antes = (carpeta_datos / "precios.csv").read_bytes()
    informe = recolector.recolectar(carpeta_datos, FECHA, lambda: _resultados(copia))
    nombre = recolector.PROVEEDORES[proveedor].nombre
    assert [a for a in informe.avisos if "falló" in a] == [
        a for a in informe.avisos if a.startswith(f"{nombre}: falló (")
    ]
    assert any(a.startswith(f"{nombre}: falló (") for a in informe.avisos), informe.avisos
    assert nombre not in {p.proveedor for p in informe.filas}
    # Los demás proveedores siguen: sus filas entran igual.
    esperadas = [e for e in ESPERADAS if e[1] != nombre]
    assert [(*_clave(p),) for p in informe.filas] == [(g, pr, n, x) for g, pr, n, x, _ in esperadas]
    assert (carpeta_datos / "precios.csv").read_bytes().startswith(antes.rstrip(b"\n"))


def test_en_seco_imprime_el_diff_y_no_escribe(carpeta_datos, capsys):
    antes = (carpeta_datos / "precios.csv").read_bytes()
    codigo = recolector.main(["--datos", str(carpeta_datos), "--ofertas", str(OFERTAS), "--fecha", FECHA, "--en-seco"])
    salida = capsys.readouterr().out
    assert codigo == 0
    assert (carpeta_datos / "precios.csv").read_bytes() == antes
    diff = salida.split("```diff\n", 1)[1]
    anadidas = [linea for linea in diff.splitlines() if linea.startswith("+") and not linea.startswith("+++")]
    assert [tuple(linea[1:].split(",")[:3]) for linea in anadidas] == [(g, pr, n) for g, pr, n, *_ in ESPERADAS]
    assert not [linea for linea in diff.splitlines() if linea.startswith("-") and not linea.startswith("---")]


def test_la_orden_de_terminal_arranca_con_python_m():
    import subprocess
    import sys

    hecho = subprocess.run(
        [sys.executable, "-m", "gpucoste.recoleccion.precios", "--help"], capture_output=True, text=True, check=False
    )
    assert hecho.returncode == 0, hecho.stderr
    assert "--en-seco" in hecho.stdout
