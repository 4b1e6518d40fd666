"""El fine-tuning gestionado (``calculo.gestionado``) y su sitio en el ranking (``ranking.otras``).

Referencias independientes: ``gestionado_precios.csv`` y ``gestionado_modelos.csv`` leídos con ``csv``
(``leidos``), y las cuentas (tokens ÷ 10⁶ × precio, el mayor con el cargo mínimo) rehechas aquí. Las filas
plantadas van a una copia de los datos (``carpeta_datos``): una fila nueva correcta no rompe nada.
"""

from __future__ import annotations

import csv

import leidos
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpucoste.calculo import gestionado, memoria, ranking
from gpucoste.calculo.trabajo import Trabajo


def _tramo(proveedor: str, metodo: str, modelo: str) -> dict | None:
    """La fila de precio vigente (la fecha más reciente) del tramo de ``modelo``, leída con ``csv``."""
    filas = [f for f in leidos.filas("gestionado_precios.csv") if (f["proveedor"], f["metodo"]) == (proveedor, metodo)]
    if not filas:
        return None
    ultima = max(f["fecha"] for f in filas)
    miles = memoria.parametros(modelo) / 1e9
    return next((f for f in filas if f["fecha"] == ultima and float(f["desde_b"]) < miles <= float(f["hasta_b"])), None)


def _afina(proveedor: str, modelo: str, metodo: str) -> bool:
    fila = next(
        (f for f in leidos.filas("gestionado_modelos.csv") if (f["proveedor"], f["modelo"]) == (proveedor, modelo)),
        None,
    )
    return fila is not None and fila[metodo] == "sí"


def _casos() -> list[tuple[str, str, str]]:
    """(proveedor, modelo, método) de cada modelo afinado en los datos, con los métodos de los que hay precio."""
    return [
        (f["proveedor"], f["modelo"], metodo)
        for f in leidos.filas("gestionado_modelos.csv")
        for metodo in ("lora", "completo")
        if f[metodo] == "sí" and _tramo(f["proveedor"], metodo, f["modelo"])
    ]


def test_el_coste_es_tokens_por_precio_o_el_minimo():
    """Cada servicio que afina un modelo cobra tokens ÷ 10⁶ × el precio de su tramo, o su mínimo si es mayor."""
    casos = _casos()
    assert casos, "gestionado_modelos.csv no tiene ningún modelo con precio"
    for proveedor, modelo, metodo in casos:
        fila = _tramo(proveedor, metodo, modelo)
        pedido = "lora" if metodo == "lora" else "completo"
        opcion = next(o for o in gestionado.coste_gestionado(modelo, pedido, 20e6) if o.proveedor == proveedor)
        esperado = 20 * float(fila["usd_millon"])
        if fila["minimo_usd"]:
            esperado = max(esperado, float(fila["minimo_usd"]))
        assert opcion.coste == pytest.approx(esperado), (proveedor, modelo, metodo)
        assert opcion.usd_millon == pytest.approx(float(fila["usd_millon"]))
        assert opcion.fuente == fila["fuente"] and opcion.fecha == fila["fecha"]


def test_qlora_cuesta_lo_que_lora_y_las_epocas_multiplican():
    proveedor, modelo, _ = next(c for c in _casos() if c[2] == "lora")
    qlora = {o.proveedor: o for o in gestionado.coste_gestionado(modelo, "qlora", 10e6, epocas=2)}
    lora = {o.proveedor: o for o in gestionado.coste_gestionado(modelo, "lora", 20e6)}
    assert qlora[proveedor].coste == pytest.approx(lora[proveedor].coste)
    assert qlora[proveedor].tokens == 20e6 and qlora[proveedor].metodo == "lora"
    assert "LoRA" in qlora[proveedor].razon  # dice que entrena LoRA, no QLoRA


def test_un_servicio_que_no_puede_dice_por_que_y_no_desaparece():
    proveedores = {f["proveedor"] for f in leidos.filas("gestionado_precios.csv")}
    modelos = {f["modelo"] for f in leidos.filas("modelos.csv")}
    for modelo in sorted(modelos):
        opciones = gestionado.coste_gestionado(modelo, "completo", 1e6)
        assert {o.proveedor for o in opciones} == proveedores
        for o in opciones:
            if not _afina(o.proveedor, modelo, "completo"):
                assert o.coste is None and not o.puede
                assert modelo in o.razon or "completo" in o.razon, o.razon
        # Primero los que pueden; después, los que no.
        puede = [o.puede for o in opciones]
        assert puede == sorted(puede, reverse=True)


def test_un_modelo_fuera_de_los_tramos_y_el_cargo_minimo(carpeta_datos):
    """Filas plantadas: un servicio con un solo tramo pequeño y un cargo mínimo alto."""
    with (carpeta_datos / "gestionado_precios.csv").open("a", encoding="utf-8", newline="") as f:
        csv.writer(f).writerow(
            [
                "Servicio Plantado",
                "lora",
                "0",
                "9",
                "1.00",
                "50",
                "2026-01-01",
                "https://example.org/p",
                "",
                "lista",
                "2026-01-01",
            ]
        )
    with (carpeta_datos / "gestionado_modelos.csv").open("a", encoding="utf-8", newline="") as f:
        escribir = csv.writer(f)
        escribir.writerow(
            ["Servicio Plantado", "Llama 3.1 8B", "sí", "no", "2026-01-01", "https://example.org/m", "", "2026-01-01"]
        )
        escribir.writerow(
            ["Servicio Plantado", "Llama 3.1 70B", "sí", "no", "2026-01-01", "https://example.org/m", "", "2026-01-01"]
        )
    pequeno = next(o for o in gestionado.coste_gestionado("Llama 3.1 8B", "lora", 1e6) if o.proveedor.endswith("do"))
    assert pequeno.coste == 50 and "paga el cargo mínimo" in pequeno.razon
    grande = next(o for o in gestionado.coste_gestionado("Llama 3.1 8B", "lora", 100e6) if o.proveedor.endswith("do"))
    assert grande.coste == pytest.approx(100) and "paga el cargo mínimo" not in grande.razon
    fuera = next(o for o in gestionado.coste_gestionado("Llama 3.1 70B", "lora", 1e6) if o.proveedor.endswith("do"))
    assert fuera.coste is None and "tramos" in fuera.razon and "Llama 3.1 70B" in fuera.razon


@pytest.mark.parametrize(
    ("argumentos", "nombra"),
    [
        ({"modelo": "Llama 3.1 8B", "metodo": "dpo", "tokens": 1e6}, "dpo"),
        ({"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": -1}, "tokens"),
        ({"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": float("nan")}, "tokens"),
        ({"modelo": "Llama 3.1 8B", "metodo": "lora", "tokens": 1e6, "epocas": 0}, "epocas"),
        ({"modelo": "Llama 9", "metodo": "lora", "tokens": 1e6}, "Llama 9"),
    ],
)
def test_entrada_mala(argumentos, nombra):
    with pytest.raises(ValueError, match=nombra):
        gestionado.coste_gestionado(**argumentos)


_MODELOS = sorted({f["modelo"] for f in leidos.filas("modelos.csv")})


@settings(max_examples=25, deadline=None)
@given(
    modelo=st.sampled_from(_MODELOS),
    metodo=st.sampled_from(("completo", "lora", "qlora")),
    tokens=st.floats(1e3, 1e10),
    mas=st.floats(1.0, 100.0),
)
def test_propiedades_coste_no_negativo_y_mas_tokens_nunca_mas_barato(modelo, metodo, tokens, mas):
    pocos = {o.proveedor: o for o in gestionado.coste_gestionado(modelo, metodo, tokens)}
    muchos = {o.proveedor: o for o in gestionado.coste_gestionado(modelo, metodo, tokens * mas)}
    assert pocos.keys() == muchos.keys()
    for p, o in pocos.items():
        assert (o.coste is None) == (muchos[p].coste is None)  # poder no depende de los tokens de los datos
        if o.coste is not None:
            assert o.coste >= 0
            assert muchos[p].coste >= o.coste * (1 - 1e-12)


def test_el_ranking_trae_los_servicios_y_los_cuadernos():
    """El caso del issue 32: QLoRA de Llama 3.1 8B con 20 millones de tokens."""
    trabajo = Trabajo("Llama 3.1 8B", "qlora", 20e6)
    otras = ranking.otras(trabajo)
    servicios = [o for o in otras if o.opcion == "fine-tuning gestionado"]
    assert {o.proveedor for o in servicios} == {f["proveedor"] for f in leidos.filas("gestionado_precios.csv")}
    assert all(o.coste is not None or o.condiciones for o in otras)  # su coste o por qué no
    assert any(o.opcion == "cuaderno" for o in otras)
    registros = ranking.registros(trabajo, otras_opciones=True)
    assert [r["opcion"] for r in registros] == sorted(
        (r["opcion"] for r in registros), key=lambda o: o != ranking.OPCIONES[0]
    )
    assert len(registros) == len(ranking.ranking(trabajo)) + len(otras)
    assert all(set(r) == set(registros[0]) for r in registros)
    # Sin otras_opciones, los registros de siempre.
    assert "opcion" not in ranking.registros(trabajo)[0]
