"""La orden habla como su página: las mismas etiquetas en la tabla de ``gpucoste <orden>`` y en la del formulario.

Para cada calculadora con formulario y orden (``navegador.CALCULADORAS``, cada una con su ``orden``), el formulario
se calcula con sus valores por defecto y la orden, con la misma cuenta («copiar como orden»,
``navegador.orden_cli``). Cada etiqueta de la tabla del formulario (las filas con una cifra, en una tabla de
resultado y valor; los títulos de las columnas, en una ancha) tiene que estar, con las mismas palabras, en la
tabla que imprime la orden (los títulos de sus columnas o su primera columna). Las dos salen del código al pasar la
prueba: ninguna etiqueta se escribe aquí. Solo la inicial puede cambiar: la orden escribe en minúscula y el
formulario empieza con mayúscula.

Y ninguna tabla para leer (``--formato tabla``, la de por defecto) muestra una clave cruda de los datos: ni una
clave de ``--formato json`` con «_», ni un nivel o un tipo de precio sin pasar a palabras, ni una fecha ISO, ni
«True» o «False».
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import re
import shlex

import pandas as pd
import pytest

from gpucoste import cli
from gpucoste.base import constantes, formato
from gpucoste.cli import opciones
from gpucoste.navegador import CALCULADORAS, Tabla, calcular, escribir, orden_cli, registro


def _ejecutar(argv: list[str]) -> str:
    salida, errores = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(salida), contextlib.redirect_stderr(errores):
        rc = cli.main(argv)
    assert (rc, errores.getvalue()) == (0, ""), (argv, errores.getvalue())
    return salida.getvalue()


def _normal(etiqueta: str) -> str:
    """La etiqueta con la inicial en minúscula, salvo una sigla («GPU (precio × horas)», «US$/h», «MFU…»)."""
    return etiqueta if etiqueta[:2].isupper() else etiqueta[:1].lower() + etiqueta[1:]


def etiquetas_formulario(tabla: Tabla) -> set[str]:
    """En una tabla de dos columnas (resultado, valor), las filas con una cifra (un «¿cabe? sí» lo dice la orden con
    sus GB libres); en una más ancha, los títulos de sus columnas."""
    if len(tabla.columnas) == 2:
        return {_normal(f[0]) for f in tabla.filas if re.search(r"[0-9]", f[1])}
    return {_normal(c) for c in tabla.columnas}


def _celdas(texto: str) -> list[list[str]]:
    """Las filas de la tabla Markdown de ``texto`` (sin la línea de alineación), celda a celda."""
    lineas = [linea for linea in texto.splitlines() if linea.startswith("|")]
    return [[c.strip() for c in linea.strip().strip("|").split("|")] for i, linea in enumerate(lineas) if i != 1]


def etiquetas_orden(texto: str) -> set[str]:
    """Los títulos de las columnas y la primera columna de la tabla que imprime la orden."""
    celdas = _celdas(texto)
    return {_normal(c) for c in celdas[0]} | {_normal(fila[0]) for fila in celdas[1:]}


def _por_defecto(nombre: str) -> dict[str, str]:
    return {campo.nombre: escribir(campo.defecto) for campo in CALCULADORAS[nombre].campos()}


def faltan(nombre: str, cambios: dict[str, str] | None = None) -> set[str]:
    """Las etiquetas del formulario ``nombre`` (con sus valores por defecto y ``cambios``) que no imprime su orden
    con la misma cuenta."""
    valores = _por_defecto(nombre) | (cambios or {})
    argv = shlex.split(orden_cli(nombre, valores))[1:]
    return etiquetas_formulario(calcular(nombre, valores)) - etiquetas_orden(_ejecutar(argv))


CON_ORDEN = sorted(n for n, c in CALCULADORAS.items() if c.orden in cli.ORDENES)


def test_cada_calculadora_tiene_su_orden():
    """Si no, la comparación de abajo se saltaría una calculadora en silencio."""
    assert CON_ORDEN == sorted(CALCULADORAS)
    assert len(CON_ORDEN) >= 7


@pytest.mark.parametrize("nombre", CON_ORDEN)
def test_la_orden_usa_las_etiquetas_del_formulario(nombre):
    assert etiquetas_formulario(calcular(nombre, _por_defecto(nombre))), f"{nombre}: un formulario sin etiquetas"
    assert not faltan(nombre), (
        f"{nombre}: gpucoste {CALCULADORAS[nombre].orden} no escribe estas etiquetas como su formulario: "
        f"{sorted(faltan(nombre))}; sácalas de gpucoste.base.etiquetas en los dos sitios"
    )


@pytest.mark.parametrize(
    ("nombre", "cambios"),
    [
        ("cuanto-tarda", {"n_gpus": "2"}),  # con varias GPU, la interconexión y su rendimiento
        ("comprar", {"precio_compra": "2000", "valor_reventa": "500"}),
        ("interrumpibles", {"interrupciones_hora": "3"}),  # sin equilibrio
    ],
)
def test_tambien_con_otros_valores(nombre, cambios):
    assert not faltan(nombre, cambios), sorted(faltan(nombre, cambios))


def _con_concepto_cambiado(funcion, antes: str, despues: str):
    def cambiada(**opciones):
        s = funcion(**opciones)
        return dataclasses.replace(s, tabla=s.tabla.replace({"concepto": {antes: despues}}))

    return cambiada


def test_una_etiqueta_distinta_en_la_orden_hace_fallar_la_comparacion(monkeypatch):
    """Fallo plantado: la orden vuelve a escribir la fila de «comprar» que la página ya había corregido."""
    from gpucoste.base import etiquetas

    buena = etiquetas.COMPRAR["equivalentes"]
    vieja = "horas de alquiler que paga la compra (sin electricidad ni reventa)"
    o = cli.ORDENES["comprar"]
    monkeypatch.setitem(
        opciones._ORDENES, "comprar", dataclasses.replace(o, funcion=_con_concepto_cambiado(o.funcion, buena, vieja))
    )
    assert faltan("comprar") == {buena}


def test_una_etiqueta_distinta_en_el_formulario_hace_fallar_la_comparacion(monkeypatch):
    """Fallo plantado: el formulario de «cuanto-tarda» llama de otra manera a sus horas típicas."""
    c = CALCULADORAS["cuanto-tarda"]

    def cambiada(**valores):
        t = c.calcular(**valores)
        filas = tuple(("horas más probables" if f[0] == "horas típicas" else f[0], *f[1:]) for f in t.filas)
        return dataclasses.replace(t, filas=filas)

    monkeypatch.setitem(registro._CALCULADORAS, "cuanto-tarda", dataclasses.replace(c, calcular=cambiada))
    assert faltan("cuanto-tarda") == {"horas más probables"}


# --- Ninguna clave cruda en una tabla para leer ------------------------------------------------------------

_CRUDAS = (
    {k for k, v in formato.NIVELES.items() if k != v}
    | {k for k, v in formato.TIPOS_PRECIO.items() if k != v and k in constantes.TIPOS_PRECIO}
    | {"True", "False"}
)
_ISO = re.compile(r"(?<![0-9/.-])[0-9]{4}-[0-9]{2}(-[0-9]{2})?(?![0-9])")
_URL = re.compile(r"https?://\S+")


def crudas(argv: list[str]) -> list[str]:
    """Lo que la tabla para leer de ``gpucoste argv`` muestra tal como está en los datos."""
    tabla = _ejecutar(argv)
    claves = {k for fila in json.loads(_ejecutar([*argv, "--formato", "json"])) for k in fila if "_" in k}
    celdas = [c for fila in _celdas(tabla) for c in fila]
    malas = [f"columna {c!r}" for c in _celdas(tabla)[0] if c in claves]
    malas += [f"celda {c!r}" for c in celdas if c in _CRUDAS or re.search(r"\(([a-z]+_[a-z_]+)\)", c)]
    malas += [f"fecha ISO {m.group(0)!r}" for m in _ISO.finditer(_URL.sub("", tabla))]
    return malas


def _ejemplos() -> list[list[str]]:
    casos = [[nombre, *shlex.split(o.ejemplo)] for nombre, o in cli.ORDENES.items()]
    casos = [[a for i, a in enumerate(c) if a != "--formato" and (i == 0 or c[i - 1] != "--formato")] for c in casos]
    # Las tablas anchas con otra moneda, y las órdenes de cadena con sus valores por defecto.
    casos.append(
        ["donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "lora", "--tokens", "50e6", "--pais", "CO"]
    )
    casos.append(["precios", "--pais", "MX"])
    casos += [["comprar"], ["interrumpible", "--horas", "6"], ["comprar", "--pais", "ES"]]
    return casos


@pytest.mark.parametrize("argv", _ejemplos(), ids=shlex.join)
def test_ninguna_clave_cruda_en_la_tabla_para_leer(argv):
    assert not crudas(argv), f"gpucoste {shlex.join(argv)}: {crudas(argv)}"


def test_csv_y_json_guardan_las_claves():
    """Al revés que la tabla: las claves y los valores de los datos, para otro programa."""
    argv = ["donde-mas-barato", "--modelo", "Llama 3.1 8B", "--metodo", "lora", "--tokens", "50e6"]
    filas = json.loads(_ejecutar([*argv, "--formato", "json"]))
    assert {"horas_min", "horas_max", "n_gpus", "fecha_precio", "nivel"} <= set(filas[0])
    csv = pd.read_csv(io.StringIO(_ejecutar([*argv, "--formato", "csv"])))
    # El nivel de precio, en las GPU alquiladas; en el fine-tuning gestionado y los cuadernos, su método o su plan.
    assert set(csv.loc[csv["opcion"] == "GPU alquilada", "nivel"]) <= set(constantes.NIVELES)
    assert all(re.fullmatch(r"[0-9]{4}-[0-9]{2}(-[0-9]{2})?", f) for f in csv["fecha_precio"])


def test_la_comprobacion_de_claves_crudas_puede_fallar(monkeypatch):
    """Fallo plantado: «gpucoste precios» sin títulos ni palabras, como antes (las claves tal cual)."""
    o = cli.ORDENES["precios"]

    def cruda(**opciones):
        s = o.funcion(**opciones)
        return dataclasses.replace(s, encabezados={c: c for c in s.tabla.columns}, legibles={"nivel": {}, "fecha": {}})

    monkeypatch.setitem(opciones._ORDENES, "precios", dataclasses.replace(o, funcion=cruda))
    malas = crudas(["precios"])
    assert "columna 'precio_hora_usd'" in malas
    assert "celda 'bajo_demanda'" in malas
    assert any(m.startswith("fecha ISO") for m in malas)
