"""Varias GPUs: la eficiencia medida de cada interconexión (escalado.csv) y cómo la usa gpucoste.calculo.tiempo.

Las comprobaciones vienen de las medidas publicadas, no de lo que imprimió el código: la misma tarea por
PCIe tarda más que por NVLink (stas00/ml-engineering: 101,9 s frente a 131,4 s), Ethernet TCP entre nodos
rinde menos por GPU que InfiniBand/RDMA (IBM: 80–95 %; torchtitan: más del 97 %), y repartir nunca
multiplica el rendimiento de cada GPU.
"""

from __future__ import annotations

import dataclasses

import pytest

from gpucoste import cli, datos, navegador
from gpucoste.calculo import calibracion, tiempo

TRABAJO = ("Llama 3.1 70B", "completo", 1e9)


def test_informe_de_escalado_en_las_dos_mitades(capsys):
    resumen = calibracion.informe_escalado()
    with capsys.disabled():
        print("\n" + calibracion.texto_escalado())
    assert resumen["todas"].n == len(calibracion.usadas_escalado())
    assert resumen["validación"] is not None  # hay medidas que el ajuste no ve


def test_cada_interconexion_tiene_su_ajuste_y_sus_medidas():
    a = datos.ajustes()
    for red in tiempo.INTERCONEXIONES:
        assert a[f"escalado_{red}"].medidas >= 1
        assert any(e.interconexion == red for e in calibracion.usadas_escalado())


def test_las_mitades_de_escalado_son_disjuntas_y_el_ajuste_no_ve_la_validacion():
    ajuste, validacion = calibracion.mitades_escalado()
    assert not {e.id for e in ajuste} & {e.id for e in validacion}
    assert {e.id for e in ajuste} | {e.id for e in validacion} == {e.id for e in calibracion.usadas_escalado()}
    antes = calibracion.ajustar_escalado(ajuste)
    cambiadas = tuple(dataclasses.replace(e, valor=e.valor / 2) for e in validacion)
    assert calibracion.ajustar_escalado(ajuste) == antes
    assert all(e.id not in ids for *_, ids in antes.values() for e in cambiadas)


def test_las_rechazadas_dicen_por_que():
    assert all(len(e.rechazada) > 20 for e in datos.escalado() if e.rechazada)


@pytest.mark.parametrize(
    ("gpu", "n", "esperada"),
    [
        ("H100 80GB", 8, "nvlink"),  # SXM con HBM
        ("A100 80GB", 2, "nvlink"),
        ("H100 PCIe", 2, "pcie"),  # la versión PCIe de una GPU con HBM
        ("A100 80GB PCIe", 4, "pcie"),
        ("RTX 4090", 4, "pcie"),  # sin NVLink
        ("L40S", 8, "pcie"),
        ("H100 80GB", 16, "infiniband"),  # más de un nodo
        ("RTX 4090", 16, "infiniband"),
    ],
)
def test_interconexion_por_defecto(gpu, n, esperada):
    assert tiempo.interconexion_por_defecto(gpu, n) == esperada


def test_una_gpu_o_nvlink_no_cambian_nada():
    assert tiempo.eficiencia_interconexion("H100 80GB", 1, "ethernet") == tiempo.eficiencia_interconexion("H100 80GB")
    e = tiempo.eficiencia_interconexion("H100 80GB", 8, "nvlink")
    assert (e.minimo, e.maximo) == (1.0, 1.0)
    assert tiempo.horas_entrenamiento(*TRABAJO, "H100 80GB", n_gpus=8) == tiempo.horas_entrenamiento(
        *TRABAJO, "H100 80GB", n_gpus=8, interconexion="nvlink"
    )


def test_pcie_tarda_mas_que_nvlink_como_en_la_medida():
    # stas00: los mismos 200 pasos, 101,9 s con NVLink y 131,4 s por PCIe.
    nvlink = tiempo.horas_tipicas(*TRABAJO, "H100 80GB", n_gpus=8, interconexion="nvlink")
    pcie = tiempo.horas_tipicas(*TRABAJO, "H100 80GB", n_gpus=8, interconexion="pcie")
    assert 1.0 < pcie / nvlink < 2.0
    e = tiempo.eficiencia_interconexion("RTX 4090", 4, "pcie")
    assert 0 < e.minimo <= e.maximo <= 1


def test_ethernet_tarda_mas_que_infiniband_y_varios_nodos_ensanchan_el_rango():
    ib = tiempo.horas_entrenamiento(*TRABAJO, "H100 80GB", n_gpus=16)
    eth = tiempo.horas_entrenamiento(*TRABAJO, "H100 80GB", n_gpus=16, interconexion="ethernet")
    assert eth.minimo > ib.minimo and eth.maximo > ib.maximo
    # Varios nodos: el rango del MFU de un nodo por el de la eficiencia de la red.
    nodo = tiempo.mfu("H100 80GB", 8)
    red = tiempo.eficiencia_interconexion("H100 80GB", 16)
    varios = tiempo.mfu("H100 80GB", 16)
    assert varios.minimo == pytest.approx(nodo.minimo * red.minimo)
    assert varios.maximo == pytest.approx(nodo.maximo * red.maximo)
    assert red.minimo < red.maximo < 1


def test_repartir_nunca_multiplica_lo_que_rinde_cada_gpu():
    for gpu in ("H100 80GB", "RTX 4090", "A100 80GB PCIe"):
        for n in (2, 8, 16, 512):
            for red in (None, *tiempo.INTERCONEXIONES):
                assert tiempo.eficiencia_interconexion(gpu, n, red).maximo <= 1.0


def test_una_red_lenta_plantada_se_nota_en_las_horas(monkeypatch):
    # Si escalado.csv dijera que Ethernet rinde la mitad, varios nodos por Ethernet tardarían el doble.
    antes = tiempo.horas_tipicas(*TRABAJO, "H100 80GB", n_gpus=16, interconexion="ethernet")
    a = dict(datos.ajustes())
    e = a["escalado_ethernet"]
    a["escalado_ethernet"] = dataclasses.replace(e, central=e.central / 2, minimo=e.minimo / 2, maximo=e.maximo / 2)
    monkeypatch.setattr(datos, "ajustes", lambda: a)
    despues = tiempo.horas_tipicas(*TRABAJO, "H100 80GB", n_gpus=16, interconexion="ethernet")
    assert despues == pytest.approx(antes * 2)


def test_mala_interconexion_da_error_claro():
    with pytest.raises(ValueError, match="infinibnd"):
        tiempo.eficiencia_interconexion("H100 80GB", 16, "infinibnd")


def test_la_orden_y_el_formulario_llevan_la_interconexion(capsys):
    base = ["cuanto-tarda", "--modelo", "Llama 3.1 70B", "--metodo", "completo", "--tokens", "1e9"]
    base += ["--gpu", "H100 80GB", "--n-gpus", "16", "--formato", "csv"]
    assert cli.main([*base, "--interconexion", "ethernet"]) == 0
    salida = capsys.readouterr().out
    assert "ethernet" in salida
    assert cli.main([*base, "--interconexion", "token-ring"]) == 2
    err = capsys.readouterr()
    assert err.out == "" and "token-ring" in err.err
    valores = {"modelo": "Llama 3.1 70B", "metodo": "completo", "tokens": "1e9", "gpu": "H100 80GB"}
    valores |= {"n_gpus": "16", "interconexion": "ethernet", "epocas": "1"}
    assert "--interconexion ethernet" in navegador.orden_cli("cuanto-tarda", valores)
    tabla = navegador.calcular("cuanto-tarda", valores)
    assert any(fila[0] == "interconexión" for fila in tabla.filas)
