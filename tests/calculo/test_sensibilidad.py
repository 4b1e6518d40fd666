"""gpucoste.calculo.sensibilidad: el coste de un trabajo frente al precio y la velocidad, con cuentas a mano."""

from __future__ import annotations

import pytest

from gpucoste.calculo import sensibilidad as s


def test_coste_escalado_a_mano():
    # 0,34 US$/h × 6 h = 2,04; al doble de precio y el doble de rápido, lo mismo.
    assert s.coste_escalado(0.34, 6) == pytest.approx(2.04)
    assert s.coste_escalado(0.34, 6, factor_precio=2, aceleracion=2) == pytest.approx(2.04)
    assert s.coste_escalado(1.87, 1.2, aceleracion=1.2) == pytest.approx(1.87)


def test_empates():
    # La H100 del artículo (1,2 h) empata con la RTX 4090 de comunidad (0,34 × 6 = 2,04) a 2,04 / 1,2 = 1,70 US$/h.
    assert s.precio_de_empate(0.34, 6, 1.2) == pytest.approx(1.70)
    # A 1,87 US$/h tiene que ser 1,87 / 0,34 = 5,5 veces más rápida.
    assert s.aceleracion_de_empate(0.34, 1.87) == pytest.approx(5.5)
    # En el empate, los dos trabajos cuestan lo mismo.
    acel = s.aceleracion_de_empate(0.34, 1.87)
    assert s.coste_escalado(1.87, 6, aceleracion=acel) == pytest.approx(s.coste_escalado(0.34, 6))


def test_tablas():
    t = s.tabla_por_precio({"A": (1.0, 2.0), "B": (2.0, 0.5)}, [0.5, 1, 2])
    assert list(t.columns) == ["factor de precio", "A", "B"]
    assert list(t["A"]) == pytest.approx([1, 2, 4])
    m = s.mapa(1.0, 4.0, [1, 2], [1, 4])
    assert m.loc[2, 4] == pytest.approx(2.0)
    assert m.shape == (2, 2)


@pytest.mark.parametrize("malo", [0, -1, float("nan"), float("inf"), "barato", None])
def test_entradas_malas(malo):
    for llamada in (
        lambda: s.coste_escalado(malo, 1),
        lambda: s.coste_escalado(1, 1, factor_precio=malo),
        lambda: s.coste_escalado(1, 1, aceleracion=malo),
        lambda: s.precio_de_empate(1, 1, malo),
        lambda: s.aceleracion_de_empate(malo, 1),
        lambda: s.tabla_por_precio({"A": (1, 1)}, [malo]),
        lambda: s.mapa(1, 1, [1], [malo]),
    ):
        with pytest.raises(ValueError, match="se admite"):
            llamada()


def test_listas_vacias():
    with pytest.raises(ValueError, match="se admite"):
        s.tabla_por_precio({"A": (1, 1)}, [])
    with pytest.raises(ValueError, match="se admite"):
        s.tabla_por_precio({}, [1])
    with pytest.raises(ValueError, match="se admite"):
        s.mapa(1, 1, [], [1])
