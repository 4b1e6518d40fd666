"""La construcción estricta: publica lo que calcula la biblioteca, falla con un snippet roto y no
carga nada de terceros."""

from __future__ import annotations

import os
import pathlib
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from urllib.parse import urlparse

import pytest
import registro
from bs4 import BeautifulSoup
from conftest import celdas, construir, solo_estas_paginas, tabla_que_contiene, texto

from gpucoste import datos
from gpucoste.base.formato import euros, fraccion, numero, porcentaje, rango
from gpucoste.calculo import atipicos, compra, experimento, ocultos
from gpucoste.dinero import moneda, paises
from gpucoste.guia import experimento_definido

PAGINA = "alquilar-gpus-por-horas/index.html"


def html(sitio, pagina=PAGINA) -> BeautifulSoup:
    return BeautifulSoup((sitio / pagina).read_text(encoding="utf-8"), "html.parser")


def tabla_con(sopa: BeautifulSoup, cabecera: str) -> list[list[str]]:
    """Filas (texto de cada celda) de la primera tabla cuya cabecera empieza por ``cabecera``."""
    for tabla in sopa.find_all("table"):
        titulos = [texto(th) for th in tabla.find_all("th")]
        if titulos and titulos[0] == cabecera and len(titulos) > 1:
            return celdas(tabla)
    raise AssertionError(f"no hay tabla con cabecera {cabecera!r}")


def esperada_experimento() -> list[list[str]]:
    return [
        # Coma decimal también en esta tabla, como en todas (guía de estilo): «0,34», no «0.34».
        [
            f["GPU"],
            f"{f['US$/h']:.2f}".replace(".", ","),
            f["tipo"],  # qué es el precio: las cuatro cifras de la primera versión son estimaciones
            f"{f['horas']:.1f}".replace(".", ","),
            f"{f['coste']:.2f}".replace(".", ","),
        ]
        for _, f in experimento.tabla().iterrows()
    ]


def test_la_construccion_estricta_pasa(construccion):
    """La única prueba que falla si la construcción de la sesión falla (las que necesitan el sitio se saltan)."""
    if construccion.returncode != 0:
        pytest.fail(
            "La construcción estricta falla. Lo primero que hay que arreglar:\n"
            + registro.resumen(construccion.registro)
            + "\n\nTodos los avisos (solo las líneas WARNING/ERROR):\n"
            + construccion.stderr,
            pytrace=False,
        )


def test_el_kernel_del_cuaderno_no_avisa_de_tcp(construccion):
    """En frío (la construcción de CI), el kernel del cuaderno sale de la semilla (``construccion/semilla.py``), que
    quita el aviso de ipykernel por hablar TCP sin cifrar en 127.0.0.1: salía en cada construcción y parecía un
    fallo."""
    assert "Kernel is running over TCP without encryption" not in construccion.registro


def test_tabla_del_experimento(sitio):
    filas = tabla_con(html(sitio), "GPU")
    assert filas == esperada_experimento()


def test_que_aprender(sitio):
    texto = html(sitio).find(id="que-aprender").find_next("p").get_text(" ", strip=True)
    c = experimento_definido.comparar_calibrado()
    for cifra in (
        f"{numero(c.veces_precio_hora, 1)} veces",
        fraccion(c.fraccion_tiempo),
        porcentaje(c.veces_coste - 1),
    ):
        assert cifra in texto
    assert c.cara.gpu in texto and c.barata.gpu in texto


def test_coste_real(sitio):
    filas = tabla_con(html(sitio), "GPU")  # la primera es la del experimento
    real = ocultos.coste_real()
    publicadas = tabla_que_contiene(html(sitio), "coste real")
    assert [c[0] for c in publicadas] == [f[0] for f in filas]
    for fila, (_, r) in zip(publicadas, real.iterrows(), strict=True):
        assert fila[1] == numero(r["coste"])
        assert fila[2] == rango(r["arranque_min"], r["arranque_max"])
        assert fila[5] == rango(r["total_min"], r["total_max"])
        # Las dos últimas: el impuesto de un particular, del más bajo de paises.csv al más alto, y el total con él.
        tasas = [p.impuesto for p in paises.paises() if p.moneda != "USD"]
        assert fila[-1] == rango(r["total_min"] * (1 + min(tasas)), r["total_max"] * (1 + max(tasas)))
    en_euros = ocultos.euros_coste_real()
    texto = html(sitio).find(id="costes-ocultos").find_parent().get_text(" ", strip=True)
    assert f"de {euros(en_euros.minimo)} a {euros(en_euros.maximo)}" in texto
    assert en_euros.minimo == pytest.approx(real["total_min"].min() / moneda.tipo_de_cambio().valor)


def test_comprar_o_alquilar(sitio):
    texto = html(sitio).find("article").get_text(" ", strip=True)
    for esc in experimento.escenarios():
        if esc.gpu == "RTX 4090":
            horas = compra.horas_para_comprar(esc.gpu, esc.proveedor, esc.nivel, esc.fecha_precio)
            assert f"{numero(horas, 0)} horas" in texto


def test_nada_de_terceros(sitio):
    """Ninguna página carga recursos de otro host (fuentes, CDN, scripts, iframes)."""
    propios = {"", urlparse("https://gpucoste.github.io").netloc}
    cargas = []
    for pagina in sitio.rglob("*.html"):
        sopa = BeautifulSoup(pagina.read_text(encoding="utf-8"), "html.parser")
        for etiqueta, atributo in (
            ("script", "src"),
            ("link", "href"),
            ("img", "src"),
            ("iframe", "src"),
            ("source", "src"),
            ("video", "src"),
            ("audio", "src"),
        ):
            for nodo in sopa.find_all(etiqueta):
                url = nodo.get(atributo) or ""
                if etiqueta == "link" and not {
                    "stylesheet",
                    "preload",
                    "preconnect",
                    "icon",
                    "modulepreload",
                    "dns-prefetch",
                } & set(nodo.get("rel") or []):
                    continue
                if urlparse(url).netloc not in propios:
                    cargas.append(f"{pagina.relative_to(sitio)}: <{etiqueta} {atributo}={url}>")
    for css in sitio.rglob("*.css"):
        assert "fonts.googleapis" not in css.read_text(encoding="utf-8"), css
    assert not cargas, "\n".join(cargas)


def _anadir_bloque(copia, ruta_snippet: str):
    pagina = copia / "docs" / "index.md"
    pagina.write_text(
        pagina.read_text(encoding="utf-8")
        + f'\n```python exec="on" session="inicio" id="roto"\n--8<-- "{ruta_snippet}"\n```\n',
        encoding="utf-8",
    )


# --- Nada de la construcción en el sitio publicado ------------------------------------------------------

CONSTRUCCION = pathlib.Path(__file__).resolve().parents[2] / "construccion"
EXTENSIONES_DE_CONSTRUCCION = (".py", ".pyc", ".sh", ".ipynb_checkpoints")
"""Lo que es código de la construcción y no del sitio (el cuaderno ``.ipynb`` sí se publica: botón «Descargar»)."""


def ficheros_de_construccion(sitio: pathlib.Path) -> list[str]:
    """Los ficheros de ``sitio`` que son código de la construcción: un ``.py`` (o ``.pyc``, ``.sh``) o un fichero que
    se llama como uno de ``construccion/`` (``instantanea.mjs``, que Material publicaba desde el tema)."""
    nombres = {p.name for p in CONSTRUCCION.iterdir() if p.is_file()}
    return sorted(
        p.relative_to(sitio).as_posix()
        for p in sitio.rglob("*")
        if p.is_file() and (p.suffix in EXTENSIONES_DE_CONSTRUCCION or p.name in nombres)
    )


def test_el_sitio_no_publica_la_construccion(sitio):
    malos = ficheros_de_construccion(sitio)
    assert not malos, (
        f"el sitio publica código de la construcción: {malos}. Los hooks y sus ayudantes van en construccion/, no en "
        "docs/ ni en docs/.overrides/ (Material copia al sitio todo lo que hay en el tema)."
    )


def test_la_prueba_de_la_construccion_pilla_un_hook_publicado(tmp_path):
    """Fallo plantado: un sitio con el script de la instantánea bajo ``hooks/`` (como antes de sacarlo del tema) y un
    ``.py`` suelto; y uno limpio, que pasa."""
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "instantanea.mjs").write_text("// hook", encoding="utf-8")
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "bloques.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "index.html").write_text("<p>hola</p>", encoding="utf-8")
    assert ficheros_de_construccion(tmp_path) == ["assets/bloques.py", "hooks/instantanea.mjs"]
    (tmp_path / "hooks" / "instantanea.mjs").unlink()
    (tmp_path / "assets" / "bloques.py").unlink()
    assert ficheros_de_construccion(tmp_path) == []


def test_la_copia_construye(copia, tmp_path):
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode == 0, r.stderr


def test_un_snippet_que_falla_rompe_la_construccion(copia, tmp_path):
    (copia / "snippets" / "roto.py").write_text('print(1)\nraise ValueError("snippet roto a propósito")\n')
    _anadir_bloque(copia, "snippets/roto.py")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "snippet roto a propósito" in r.stderr
    assert "INFO" not in r.stderr  # el registro filtrado: solo WARNING/ERROR
    # El resumen de «make check» nombra la página, el fichero del snippet y su línea.
    resumen = registro.resumen(r.registro, copia)
    assert "docs/index.md:" in resumen and 'id="roto"' in resumen, resumen
    assert "snippets/roto.py:2: ValueError: snippet roto a propósito" in resumen, resumen


def test_un_include_que_no_existe_rompe_la_construccion(copia, tmp_path):
    _anadir_bloque(copia, "snippets/no-existe.py")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "no-existe.py" in r.stderr
    assert registro.resumen(r.registro, copia).startswith("docs/index.md:"), registro.resumen(r.registro, copia)


def test_un_enlace_roto_rompe_la_construccion(copia, tmp_path):
    pagina = copia / "docs" / "index.md"
    pagina.write_text(pagina.read_text(encoding="utf-8") + "\n[roto](glosario.md#no-existe)\n", encoding="utf-8")
    r = construir(tmp_path / "sitio", raiz=copia)
    assert r.returncode != 0
    assert "no-existe" in r.stderr
    linea = len(pagina.read_text(encoding="utf-8").splitlines())
    resumen = registro.resumen(r.registro, copia)
    assert resumen.startswith(f"docs/index.md:{linea}: el enlace «glosario.md#no-existe»"), resumen


def test_cambiar_un_precio_cambia_la_pagina(carpeta_datos, copia, tmp_path):
    """Un precio distinto en los datos se publica tal cual, y la página sigue a la biblioteca (construida sola)."""
    ruta = carpeta_datos / "precios.csv"
    ruta.write_text(
        ruta.read_text(encoding="utf-8").replace(
            "H100 80GB,Vast.ai,verificado,1.87,", "H100 80GB,Vast.ai,verificado,2.93,"
        ),
        encoding="utf-8",
    )
    datos.limpiar_cache()
    solo_estas_paginas(copia, "alquilar-gpus-por-horas.md")
    r = construir(tmp_path / "sitio", raiz=copia, env={"GPUCOSTE_DATOS": str(carpeta_datos)})
    assert r.returncode == 0, r.stderr
    sopa = html(tmp_path / "sitio")
    filas = tabla_con(sopa, "GPU")
    assert filas == esperada_experimento()
    assert filas[3][1] == "2,93"
    veces_hora = f"{numero(experimento_definido.comparar_calibrado().veces_precio_hora, 1)} veces lo que"
    assert veces_hora in sopa.find(id="que-aprender").find_next("p").get_text()


def test_precios_recientes(sitio):
    publicadas = tabla_que_contiene(html(sitio), "US$/h (reciente)")
    recientes = atipicos.tabla_recientes()
    assert [c[2] for c in publicadas] == [numero(x) for x in recientes["reciente"]]
    assert [c[-1] for c in publicadas] == [numero(x) for x in recientes["coste"]]
    # El atípico de los datos (la mediana de 3 ofertas) no está en la tabla, y el texto lo dice.
    atipico = atipicos.atipicos()[0]
    precio = datos.precio(atipico.gpu, atipico.proveedor, atipico.nivel, atipico.fecha)
    assert numero(precio.precio_hora_usd) not in [c[2] for c in publicadas]
    texto = html(sitio).find(id="precios-recientes").find_parent().get_text(" ", strip=True)
    assert "atípico" in texto and numero(precio.precio_hora_usd) in texto


def test_la_vista_previa_muestra_el_error_en_la_pagina(copia, tmp_path):
    """«make serve» (mkdocs serve --no-strict): un include que no existe no deja la pestaña colgada; la página
    muestra el error y el resto del sitio se sirve (construccion/vista_previa.py)."""
    _anadir_bloque(copia, "snippets/no-existe.py")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        puerto = s.getsockname()[1]
    registro_serve = (tmp_path / "serve.log").open("w")
    serve = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--no-strict", "-a", f"127.0.0.1:{puerto}"],
        cwd=copia,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "GPUCOSTE_DATOS": ""},
        stdout=registro_serve,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        pagina, limite = "", time.monotonic() + 240
        while "no se pudo construir" not in pagina:
            assert serve.poll() is None and time.monotonic() < limite, (tmp_path / "serve.log").read_text()
            time.sleep(0.5)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{puerto}/gpucoste/", timeout=5) as r:
                    pagina = r.read().decode("utf-8")
            except OSError:
                pass
        assert "snippets/no-existe.py" in pagina
        with urllib.request.urlopen(f"http://127.0.0.1:{puerto}/gpucoste/glosario/", timeout=5) as r:
            assert r.status == 200
    finally:
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(timeout=30)
        registro_serve.close()
