"""El recolector de tipos de cambio (gpucoste.recoleccion.cambios) sin red: respuestas en
tests/recoleccion/respuestas/cambios/.

Cada respuesta imita la de su organismo (el XML diario del BCE, la API SIE de Banxico, datos.gov.co, la API
cambiaria del BCRA, la API SIETE del Banco Central de Chile y la de series del BCRP) con cifras inventadas para
la prueba, fechadas en noviembre de 2026; los valores esperados están escritos a mano aquí.
"""

from __future__ import annotations

import datetime as dt

import pytest
from conftest import RAIZ

from gpucoste.base import esquema
from gpucoste.dinero import moneda, paises
from gpucoste.recoleccion import cambios as recolector_cambios

GUARDADAS = RAIZ / "tests" / "recoleccion" / "respuestas" / "cambios"
HOY = dt.date(2026, 11, 30)

ESPERADOS = {
    # moneda: (fecha, unidades por dólar), leídos a mano en cada fichero guardado
    "MXN": ("2026-11-27", 18.5),
    "COP": ("2026-11-28", 3900.5),
    "ARS": ("2026-11-27", 1500.25),  # el día más reciente de los dos
    "CLP": ("2026-11-26", 940.1),  # el 27 es «NaN»: se salta
    "PEN": ("2026-11-27", 3.398),  # el 28 es «n.d.»: se salta
}


def _leer(m):
    f = next(f for f in recolector_cambios.FUENTES if f.moneda == m)
    ruta = next(GUARDADAS.glob(f"{m}.*"))
    return f.leer(ruta.read_text(encoding="utf-8"))


@pytest.mark.parametrize("m", sorted(ESPERADOS))
def test_cada_respuesta_guardada_se_lee(m):
    assert _leer(m) == ESPERADOS[m]


def test_el_bce_da_dolares_por_euro():
    assert _leer("EUR") == ("2026-11-27", 1.16)


def test_hay_una_fuente_por_cada_moneda_de_los_paises():
    monedas = {p.moneda for p in paises.paises()} - {"USD"}
    assert {f.moneda for f in recolector_cambios.FUENTES} == monedas


def test_ninguna_fuente_publicada_lleva_credenciales():
    for f in recolector_cambios.FUENTES:
        assert "token" not in f.publica.casefold() and "pass" not in f.publica.casefold()


def test_recolecta_y_anade_filas_sin_tocar_las_que_hay(carpeta_datos):
    antes = (carpeta_datos / "cambios.csv").read_text(encoding="utf-8")
    lecturas = recolector_cambios.recolectar(carpeta_datos, HOY, recolector_cambios.guardadas(GUARDADAS))
    assert all(lec.escrita for lec in lecturas), [lec.motivo for lec in lecturas]
    despues = (carpeta_datos / "cambios.csv").read_text(encoding="utf-8")
    assert despues.startswith(antes)
    esquema.limpiar()
    for m, (fecha, valor) in ESPERADOS.items():
        p = next(p for p in paises.paises() if p.moneda == m)
        c = paises.cambio(p)
        assert (c.fecha, c.por_usd) == (fecha, valor)
        assert "token" not in c.fuente and c.fuente.startswith("https://")
        assert "Enlace vivo: " in c.nota  # tests/datos/test_fuentes.py: toda fuente viva dice su motivo
    t = moneda.tipo_de_cambio()
    assert (t.fecha, t.valor) == ("2026-11-27", 1.16)
    assert paises.cambio("ES").por_usd == pytest.approx(1 / 1.16)
    # Una segunda pasada no añade nada: ya no hay dato nuevo.
    otra = recolector_cambios.recolectar(carpeta_datos, HOY, recolector_cambios.guardadas(GUARDADAS))
    assert not any(lec.escrita for lec in otra)
    assert (carpeta_datos / "cambios.csv").read_text(encoding="utf-8") == despues
    assert "sin dato nuevo" in recolector_cambios.resumen(otra)


def test_un_organismo_que_falla_deja_sus_datos(carpeta_datos, tmp_path):
    rotas = tmp_path / "rotas"
    rotas.mkdir()
    for f in GUARDADAS.iterdir():
        (rotas / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    (rotas / "COP.json").write_text("[]", encoding="utf-8")
    (rotas / "PEN.json").unlink()
    antes = paises.cambio("CO")
    lecturas = {
        lec.moneda: lec
        for lec in recolector_cambios.recolectar(carpeta_datos, HOY, recolector_cambios.guardadas(rotas))
    }
    assert not lecturas["COP"].escrita and "no se pudo leer" in lecturas["COP"].motivo
    assert not lecturas["PEN"].escrita and "no hay respuesta guardada" in lecturas["PEN"].motivo
    assert lecturas["MXN"].escrita
    esquema.limpiar()
    assert paises.cambio("CO") == antes  # la que había


def test_un_salto_enorme_no_se_escribe(carpeta_datos, tmp_path):
    raras = tmp_path / "raras"
    raras.mkdir()
    (raras / "MXN.json").write_text(
        '{"bmx": {"series": [{"idSerie": "SF43718", "datos": [{"fecha": "27/11/2026", "dato": "183.467"}]}]}}',
        encoding="utf-8",
    )
    antes = paises.cambio("MX")
    assert abs(183.467 / antes.por_usd - 1) > recolector_cambios.SALTO_MAXIMO  # la prueba solo vale si lo es
    lecturas = {
        lec.moneda: lec
        for lec in recolector_cambios.recolectar(carpeta_datos, HOY, recolector_cambios.guardadas(raras))
    }
    assert not lecturas["MXN"].escrita and "revísalo a mano" in lecturas["MXN"].motivo
    esquema.limpiar()
    assert paises.cambio("MX") == antes


def test_sin_credenciales_se_salta_sin_pedir_nada(carpeta_datos, monkeypatch):
    for v in ("BANXICO_TOKEN", "BCCH_USUARIO", "BCCH_CLAVE"):
        monkeypatch.delenv(v, raising=False)
    pedidas = []

    def sin_red(fuente, hoy):
        pedidas.append(fuente.moneda)
        raise OSError("sin red en las pruebas")

    monkeypatch.setattr(recolector_cambios, "descargar", sin_red)
    lecturas = {lec.moneda: lec for lec in recolector_cambios.recolectar(carpeta_datos, HOY, sin_red)}
    assert "MXN" not in pedidas and "CLP" not in pedidas
    assert "falta BANXICO_TOKEN" in lecturas["MXN"].motivo
    assert "falta BCCH_USUARIO, BCCH_CLAVE" in lecturas["CLP"].motivo


def test_orden_de_terminal(carpeta_datos, tmp_path, capsys):
    resumen = tmp_path / "resumen.md"
    resumen.write_text("## Precios de la semana 2026-11-30\n", encoding="utf-8")
    antes = paises.cambio("CO")
    codigo = recolector_cambios.main(
        [
            "--datos",
            str(carpeta_datos),
            "--fecha",
            HOY.isoformat(),
            "--guardadas",
            str(GUARDADAS),
            "--resumen",
            str(resumen),
        ]
    )
    assert codigo == 0
    texto = resumen.read_text(encoding="utf-8")
    assert texto.startswith("## Precios de la semana") and "### Tipos de cambio" in texto
    assert f"- COP: {antes.por_usd:.6g} ({antes.fecha}) → 3900.5 por US$ (2026-11-28)" in texto
    capsys.readouterr()
    # El mismo esqueleto que el recolector de precios (recolector.orden): error en español, nada por stdout, 2.
    for malos, mensaje in (
        (["--guardadas", str(tmp_path / "no")], "no es una carpeta"),
        (["--fecha", "2026-11"], "se admite AAAA-MM-DD"),
        (["--fecha", "30/11/2026"], "--fecha '30/11/2026' no vale"),
    ):
        assert recolector_cambios.main(["--datos", str(carpeta_datos), *malos]) == 2
        salida = capsys.readouterr()
        assert salida.out == "" and mensaje in salida.err
