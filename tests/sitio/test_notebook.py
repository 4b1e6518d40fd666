"""El cuaderno «Experimento: ¿cuánto cuesta un fine-tuning?» (mkdocs-jupyter): se ejecuta en cada
construcción, publica las cifras de la biblioteca, deja al lector cambiar sus entradas (primera celda), se
descarga y una celda que falla rompe la construcción."""

from __future__ import annotations

import ast
import json
import shutil

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import DATOS, RAIZ, celdas, construir, solo_estas_paginas, texto

from gpucoste import datos
from gpucoste.base.formato import mes, numero
from gpucoste.calculo import experimento, sensibilidad

CUADERNO = RAIZ / "docs" / "experimento-finetuning.ipynb"
PAGINA = "experimento-finetuning/index.html"


def sopa(sitio) -> BeautifulSoup:
    return BeautifulSoup((sitio / PAGINA).read_text(encoding="utf-8"), "html.parser")


def tabla(pagina: BeautifulSoup, segunda_cabecera: str) -> list[list[str]]:
    """Filas de la tabla cuya segunda columna se titula ``segunda_cabecera``."""
    for t in pagina.find("article").find_all("table"):
        titulos = [texto(th) for th in t.find_all("th")]
        if titulos[:2] == ["GPU", segunda_cabecera]:
            return celdas(t)
    raise AssertionError(f"no hay tabla GPU | {segunda_cabecera}")


def test_el_cuaderno_se_guarda_sin_salidas():
    nb = json.loads(CUADERNO.read_text(encoding="utf-8"))
    codigo = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert codigo
    assert all(not c["outputs"] and c["execution_count"] is None for c in codigo), "guarda el cuaderno sin salidas"
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


class _Cargador(yaml.SafeLoader):
    """YAML seguro que ignora las etiquetas ``!!python/…`` y ``!ENV`` que admite mkdocs.yml."""


_Cargador.add_multi_constructor("", lambda cargador, etiqueta, nodo: None)


def test_configuracion_de_mkdocs_jupyter():
    """Ejecutar siempre y sin dejar pasar errores; la caché propia, apagada (la enciende el hook con otra clave)."""
    config = yaml.load((RAIZ / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Cargador)
    plugin = next(p["mkdocs-jupyter"] for p in config["plugins"] if isinstance(p, dict) and "mkdocs-jupyter" in p)
    assert plugin["execute"] is True
    assert plugin["allow_errors"] is False
    assert plugin["cache"] is False
    assert plugin["include_source"] is True


def test_la_tabla_del_cuaderno_es_la_de_la_biblioteca(sitio):
    filas = tabla(sopa(sitio), "US$/h")
    esperadas = [
        [
            f["GPU"],
            numero(f["US$/h"], 2),
            f["tipo"],
            numero(f["horas"], 1),
            numero(f["coste"], 2),
            *[mes(f[c]) for c in f.index[5:]],
        ]
        for _, f in experimento.tabla(experimento.FINETUNING).iterrows()
    ]
    assert filas == esperadas


def _codigo() -> list[str]:
    nb = json.loads(CUADERNO.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_la_primera_celda_son_los_datos_del_lector():
    """La primera celda de código solo asigna las entradas del lector: nada que importar ni calcular."""
    primera = ast.parse(_codigo()[0])
    nombres = {t.id for nodo in primera.body if isinstance(nodo, ast.Assign) for t in nodo.targets}
    assert nombres == {"PRECIOS_PROPIOS", "FACTORES_PRECIO", "ACELERACIONES", "REFERENCIA"}
    assert all(isinstance(nodo, ast.Assign) for nodo in primera.body)


def _ejecutar(primera: str) -> dict:
    """Las celdas del cuaderno, con ``primera`` en lugar de la primera celda de código (sin Jupyter)."""
    espacio: dict = {}
    for celda in [primera, *_codigo()[1:]]:
        exec(compile(celda, "cuaderno", "exec"), espacio)  # noqa: S102 (el cuaderno del propio proyecto)
    return espacio


def test_las_entradas_del_lector_cambian_el_resultado():
    """Con otro precio para la H100 y otra referencia, las cuentas cambian como dice la biblioteca."""
    primera = (
        'PRECIOS_PROPIOS = {"H100 80GB (host verificado)": 1.0}\n'
        "FACTORES_PRECIO = [1.0, 2.0]\nACELERACIONES = [1, 10]\n"
        'REFERENCIA = "A100 80GB (host verificado)"\n'
    )
    e = _ejecutar(primera)
    fila = e["empates"].set_index("GPU").loc["H100 80GB (host verificado)"]
    a100 = experimento.tabla(experimento.FINETUNING).set_index("GPU").loc["A100 80GB (host verificado)"]
    assert fila["precio de los datos (US$/h)"] == 1.0
    assert fila["tipo"] == "tu precio"  # el precio propio se dice propio, no «de hoy» ni una lectura
    assert fila["aceleración necesaria (×)"] == pytest.approx(1.0 / a100["US$/h"])
    assert list(e["costes"].columns) == [1, 10]
    assert e["costes"].loc[2.0, 10] == pytest.approx(2.0 * 1.0 * a100["horas"] / 10)


def test_la_tabla_de_empates_es_la_de_la_biblioteca(sitio):
    filas = tabla(sopa(sitio), "aceleración necesaria (×)")
    base = experimento.tabla(experimento.FINETUNING).set_index("GPU")
    p_ref, h_ref = base.loc["RTX 4090 (comunidad)", ["US$/h", "horas"]]
    for fila in filas:
        p, h = base.loc[fila[0], ["US$/h", "horas"]]
        assert fila[1] == numero(sensibilidad.aceleracion_de_empate(p_ref, p))
        assert fila[2] == numero(h_ref / h)
        assert fila[3] == numero(sensibilidad.precio_de_empate(p_ref, h_ref, h))
    assert len(filas) == len(base)


def test_los_graficos_tienen_texto_alternativo(sitio):
    assert len(sopa(sitio).find("article").select("figure.grafico")) == 2
    figuras = sopa(sitio).find("article").select("figure.grafico svg[role=img]")
    assert len(figuras) == 4  # cada gráfico, en su dibujo ancho y en el estrecho (graficos.ESTRECHO)
    assert all(f.get("aria-label", "").strip() and f.find("title") for f in figuras)


def test_boton_de_descarga(sitio):
    """El botón apunta (en relativo) a una copia del cuaderno que existe en el sitio."""
    enlace = sopa(sitio).find("a", title="Descargar el cuaderno")
    assert enlace is not None and enlace.has_attr("download")
    destino = (sitio / PAGINA).parent / enlace["href"]
    assert destino.is_file(), enlace["href"]
    assert destino.read_bytes() == CUADERNO.read_bytes()


def test_editar_esta_pagina(sitio):
    enlace = sopa(sitio).find("a", rel="edit")
    assert enlace["href"].endswith("/edit/main/docs/experimento-finetuning.ipynb")


def test_la_pagina_es_ligera(sitio):
    """Sin el CSS de JupyterLab ni scripts de mkdocs-jupyter: el código usa las clases de Material."""
    pagina = (sitio / PAGINA).read_text(encoding="utf-8")
    articulo = sopa(sitio).find("article")
    assert not articulo.find_all(["style", "script"])
    assert "highlight-ipynb" not in pagina and "jp-OutputArea-prompt" not in pagina
    assert articulo.select("div.highlight pre code")
    # El CSS de JupyterLab solo ya pesa unos 570 KB. Cada gráfico lleva dos dibujos (el ancho y el estrecho, para
    # el móvil: graficos.ESTRECHO), unos 35 KB los dos; la página entera, unos 140 KB.
    assert len(pagina.encode()) < 170_000, f"{len(pagina.encode())} bytes"


@pytest.fixture
def copia(copia):
    """La copia del proyecto con el cuaderno y una portada como únicas páginas: lo que estas pruebas miran (la
    ejecución del cuaderno y su caché) sale igual, y cada construcción tarda la mitad."""
    return solo_estas_paginas(copia, CUADERNO.name)


def test_una_celda_que_falla_rompe_la_construccion(copia, tmp_path):
    ruta = copia / "docs" / CUADERNO.name
    nb = json.loads(ruta.read_text(encoding="utf-8"))
    nb["cells"].append(
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "celda-rota",
            "metadata": {},
            "outputs": [],
            "source": ['raise ValueError("celda rota a propósito")'],
        }
    )
    ruta.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "celda rota a propósito" in r.stdout + r.stderr


def _precio_h100(sitio) -> str:
    return next(f[1] for f in tabla(sopa(sitio), "US$/h") if f[0].startswith("H100"))


def _datos_con_otro_precio(tmp_path):
    copia = tmp_path / "datos"
    shutil.copytree(DATOS, copia)
    ruta = copia / "precios.csv"
    texto = ruta.read_text(encoding="utf-8")
    assert "H100 80GB,Vast.ai,verificado,1.87," in texto
    ruta.write_text(texto.replace("H100 80GB,Vast.ai,verificado,1.87,", "H100 80GB,Vast.ai,verificado,2.93,"))
    return copia


@pytest.mark.parametrize("clave", ["huella", "fija"])
def test_nunca_publica_cifras_de_una_biblioteca_anterior(copia, tmp_path, clave):
    """Dos construcciones seguidas con la caché encendida; en la segunda cambian los datos, no el cuaderno.

    Con la clave del proyecto (la huella de la biblioteca y los datos) la segunda publica el precio nuevo.
    Con una carpeta de caché fija, como la clave propia de mkdocs-jupyter (solo el cuaderno), se publicaría
    la página vieja: así se ve que la prueba sabe fallar.
    """
    if clave == "fija":
        hook = copia / "construccion" / "cuaderno.py"
        texto = hook.read_text(encoding="utf-8")
        assert texto.count("huella(*carpetas)[:16]") == 1
        hook.write_text(texto.replace("huella(*carpetas)[:16]", '"fija"'), encoding="utf-8")
    temporal = tmp_path / "tmp"
    temporal.mkdir()
    primera = construir(tmp_path / "primera", raiz=copia, env={"GPUCOSTE_DATOS": "", "TMPDIR": str(temporal)})
    assert primera.returncode == 0, primera.stderr
    assert _precio_h100(tmp_path / "primera") == "1,87"
    otros = _datos_con_otro_precio(tmp_path)
    segunda = construir(tmp_path / "segunda", raiz=copia, env={"GPUCOSTE_DATOS": str(otros), "TMPDIR": str(temporal)})
    assert segunda.returncode == 0, segunda.stderr
    datos.limpiar_cache()
    assert _precio_h100(tmp_path / "segunda") == ("1,87" if clave == "fija" else "2,93")
    assert len(list((temporal / "gpucoste-cuadernos").iterdir())) == (1 if clave == "fija" else 2)


def test_los_enlaces_del_cuaderno_al_sitio_existen(sitio):
    """El cuaderno enlaza con URL absolutas (funcionan también descargado): cada una, a una página que existe."""
    base = "https://gpucoste.github.io/gpucoste/"
    enlaces = [a["href"] for a in sopa(sitio).find("article").find_all("a", href=True) if a["href"].startswith(base)]
    assert enlaces
    for href in enlaces:
        ruta, _, ancla = href.removeprefix(base).partition("#")
        destino = sitio / ruta / "index.html"
        assert destino.is_file(), href
        if ancla:
            assert BeautifulSoup(destino.read_text(encoding="utf-8"), "html.parser").find(id=ancla), href


def test_la_cache_del_cuaderno_depende_de_la_biblioteca(tmp_path):
    """La caché de los cuadernos cambia de carpeta si cambia cualquier fichero de la biblioteca o los datos."""
    import importlib.util

    ruta = RAIZ / "construccion" / "cuaderno.py"
    spec = importlib.util.spec_from_file_location("hook_cuaderno", ruta)
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    copia = tmp_path / "gpucoste"
    shutil.copytree(RAIZ / "src" / "gpucoste", copia, ignore=shutil.ignore_patterns("__pycache__"))
    antes = hook.huella(copia)
    assert hook.huella(copia) == antes
    precios = copia / "datos" / "precios.csv"
    precios.write_text(precios.read_text(encoding="utf-8").replace("1.87", "1.88", 1), encoding="utf-8")
    assert hook.huella(copia) != antes
