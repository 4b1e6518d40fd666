"""``modalidades.alternativas_bajo_demanda``: cada GPU de un proveedor frente al precio bajo demanda más barato de la
misma GPU en otro, y una GPU que solo tiene precio en ese proveedor (sin alternativa, no un error)."""

import pytest

from gpucoste import datos
from gpucoste.calculo import modalidades

FUENTE = "https://example.org/precios"


def _plantar(carpeta, filas: list[str], sin: tuple[str, ...] = ()) -> None:
    """Añade ``filas`` a la copia de ``precios.csv`` y quita antes las de las GPU de ``sin`` fuera de Hugging Face."""
    precios = carpeta / "precios.csv"
    lineas = precios.read_text(encoding="utf-8").splitlines(keepends=True)
    quedan = [x for x in lineas if not (x.split(",")[0] in sin and x.split(",")[1] != "Hugging Face")]
    precios.write_text("".join(quedan) + "".join(f + "\n" for f in filas), encoding="utf-8")
    datos.limpiar_cache()


def test_con_y_sin_alternativa(carpeta_datos):
    _plantar(
        carpeta_datos,
        [
            f"A10G,Hugging Face,bajo_demanda,0.9,2026-12-01,{FUENTE},,lista,2026-12-01",
            f"A10G,AWS,bajo_demanda,0.95,2026-12-01,{FUENTE},,lista,2026-12-01",
            f"A10G,AWS,interrumpible,0.1,2026-12-01,{FUENTE},,lista,2026-12-01",
            f"T4,Hugging Face,bajo_demanda,0.45,2026-12-01,{FUENTE},,lista,2026-12-01",
        ],
        sin=("T4",),
    )
    pares = {hf.gpu: (hf, otro) for hf, otro in modalidades.alternativas_bajo_demanda("Hugging Face")}
    hf, otro = pares["A10G"]
    # la lectura más reciente de cada proveedor; el interrumpible de AWS (0,10) no cuenta: no es bajo demanda
    assert (hf.precio_hora_usd, otro.proveedor, otro.precio_hora_usd) == (0.9, "AWS", 0.95)
    hf, otro = pares["T4"]
    assert (hf.precio_hora_usd, otro) == (0.45, None)
    # la misma respuesta que la función de una GPU, donde la hay
    assert modalidades.alternativa_bajo_demanda("A10G", "Hugging Face") == pares["A10G"][1]
    with pytest.raises(ValueError, match="'T4' solo tiene precio bajo demanda en Hugging Face"):
        modalidades.alternativa_bajo_demanda("T4", "Hugging Face")


def test_cada_gpu_una_vez_en_el_orden_del_fichero(carpeta_datos):
    _plantar(carpeta_datos, [f"L4,Hugging Face,bajo_demanda,0.7,2026-12-01,{FUENTE},,lista,2026-12-01"])
    gpus = [hf.gpu for hf, _ in modalidades.alternativas_bajo_demanda("Hugging Face")]
    orden = list(dict.fromkeys(p.gpu for p in datos.precios() if p.proveedor == "Hugging Face"))
    assert gpus == orden
    # la L4 sale una vez, con su lectura más reciente (0,70, no la anterior)
    assert [
        hf.precio_hora_usd for hf, _ in modalidades.alternativas_bajo_demanda("Hugging Face") if hf.gpu == "L4"
    ] == [0.7]


def test_un_proveedor_desconocido_es_un_error_claro():
    with pytest.raises(ValueError, match="Hugging Fase"):
        modalidades.alternativas_bajo_demanda("Hugging Fase")
