"""El modo programa: las horas de un preentrenamiento entero con la MFU ajustada a las fichas de los modelos."""

from __future__ import annotations

import contextlib
import io
import json

import leidos
import pytest

from gpucoste import cli, datos
from gpucoste.base import formato
from gpucoste.calculo import calibracion, memoria, programa, tiempo

_MODELO, _TOKENS, _GPU = "Llama 3.1 8B", 15e12, "H100 80GB"


def _cli(argv: list[str]) -> tuple[int, str, str]:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    return rc, salida.getvalue(), errores.getvalue()


def test_las_horas_de_un_programa_son_flops_entre_pico_por_mfu_de_programa():
    # La definición, con el pico de gpus.csv: horas × GPUs × pico × MFU típica = FLOPs del modelo entero.
    flops = tiempo.flops_entrenamiento(_MODELO, "completo", _TOKENS, secuencia=8192)
    pico = memoria.gpu(_GPU).tflops_bf16 * 1e12
    h = programa.horas_programa_tipicas(_MODELO, _TOKENS, _GPU, n_gpus=1024)
    assert h * 1024 * 3600 * pico * programa.mfu_programa_central(_GPU) == pytest.approx(flops)
    rango = programa.horas_programa(_MODELO, _TOKENS, _GPU, n_gpus=1024)
    assert rango.minimo <= h <= rango.maximo


def test_el_rango_contiene_las_fichas_con_que_se_ajusta():
    # Cada ficha de la mitad de ajuste (horas de GPU publicadas) cae en el rango de horas de GPU del modo programa.
    ajuste = {m.id for m in calibracion.mitades()[0]}
    fichas = [m for m in calibracion.usadas() if m.metodo == "preentrenamiento" and m.id in ajuste]
    assert fichas
    for m in fichas:
        n = m.n_gpus or 1
        r = programa.horas_programa(m.modelo, m.tokens, m.gpu, n_gpus=n, secuencia=m.secuencia)
        assert r.minimo * n * 0.999 <= m.valor <= r.maximo * n * 1.001, m.id


def test_cada_ficha_se_lee_por_su_modelo_y_su_fecha_no_por_su_id():
    """La tabla del modo programa mostraba el id crudo («meta3-70b-preentrenamiento»): el nombre sale de la fila de
    medidas.csv (el modelo y la fecha en palabras) y lleva su fuente."""
    filas = {f["id"]: f for f in leidos.filas("medidas.csv")}
    fichas = programa.fichas()
    assert fichas
    for f in fichas:
        fila = filas[f.id]
        assert f.nombre == f"{fila['modelo']}, ficha del {formato.fecha(fila['fecha'])}"
        assert f.id not in f.nombre and "_" not in f.nombre
        assert f.fuente == fila["fuente"]


def test_el_factor_convierte_las_horas_ordinarias_en_las_de_un_programa():
    ordinarias = tiempo.horas_tipicas(_MODELO, "completo", _TOKENS, _GPU, n_gpus=8, secuencia=8192)
    de_programa = programa.horas_programa_tipicas(_MODELO, _TOKENS, _GPU, n_gpus=8, secuencia=8192)
    assert ordinarias * programa.factor_programa_tipico(_GPU, 8) == pytest.approx(de_programa)
    f = programa.factor_programa(_GPU, 8)
    assert f.minimo <= programa.factor_programa_tipico(_GPU, 8) <= f.maximo


def test_una_gpu_sin_fichas_en_su_clase_usa_la_de_las_gpu_con_hbm():
    assert tiempo.clase_gpu("RTX 4090") == "gddr"
    assert programa.mfu_programa("RTX 4090") == programa.mfu_programa(_GPU)


def test_sin_fichas_en_ajustes_el_error_dice_que_falta(monkeypatch):
    sin = {k: v for k, v in datos.ajustes().items() if not k.endswith(f"_{programa.ESCALA_PROGRAMA}")}
    monkeypatch.setattr(datos, "ajustes", lambda: sin)
    with pytest.raises(ValueError, match="mfu_hbm_varios_nodos.*make calibrar"):
        programa.mfu_programa(_GPU)


def test_la_orden_con_programa_da_las_horas_de_la_biblioteca():
    argv = ["cuanto-tarda", "--modelo", _MODELO, "--metodo", "completo", "--tokens", "15e12", "--gpu", _GPU]
    argv += ["--n-gpus", "1024", "--secuencia", "8192", "--programa", "sí", "--formato", "json"]
    rc, salida, errores = _cli(argv)
    assert (rc, errores) == (0, "")
    (fila,) = json.loads(salida)
    esperadas = programa.horas_programa_tipicas(_MODELO, _TOKENS, _GPU, n_gpus=1024, secuencia=8192)
    assert fila["horas_tipicas"] == pytest.approx(esperadas)
    assert fila["mfu_min"] == programa.mfu_programa(_GPU).minimo
    assert fila["eficiencia_red_min"] is None  # la MFU de un programa ya lleva dentro el reparto entre nodos


def test_la_tabla_para_leer_del_modo_programa_dice_que_mfu_usa():
    """La columna decía «MFU medida en su clase de GPU» con la MFU de las fichas, y las horas (cientos de miles)
    llevaban un decimal: el título de la MFU de un programa, horas enteras y una línea que dice por qué no hay
    rendimiento de la interconexión."""
    from gpucoste.base import etiquetas

    argv = ["cuanto-tarda", "--modelo", _MODELO, "--metodo", "completo", "--tokens", "15e12", "--gpu", _GPU]
    rc, salida, errores = _cli([*argv, "--programa", "sí"])
    assert (rc, errores) == (0, "")
    titulos = [t.strip() for t in salida.splitlines()[0].strip("|").split("|")]
    assert etiquetas.MFU_PROGRAMA in titulos and etiquetas.COLUMNAS["mfu"] not in titulos
    fila = dict(zip(titulos, [c.strip() for c in salida.splitlines()[2].strip("|").split("|")], strict=True))
    assert "," not in fila[etiquetas.COLUMNAS["horas_tipicas"]]
    assert "Modo programa" in salida and "interconexión" in salida.splitlines()[-1]
    rc, ordinaria, _ = _cli(argv)
    assert rc == 0 and etiquetas.COLUMNAS["mfu"] in ordinaria and "Modo programa" not in ordinaria


@pytest.mark.parametrize("metodo", ["lora", "qlora"])
def test_programa_con_lora_sale_con_2_y_dice_que_se_admite(metodo):
    argv = ["cuanto-tarda", "--modelo", _MODELO, "--metodo", metodo, "--tokens", "1e9", "--programa", "sí"]
    rc, salida, errores = _cli(argv)
    assert (rc, salida) == (2, "")
    assert f"--metodo {metodo}" in errores and "--metodo completo" in errores
