"""Las frases de la guía comprobadas al construir (issue 29, entrega 1): ``gpucoste.guia.afirmaciones``.

Cada comprobación, con datos plantados en una copia (``carpeta_datos``) para que dé cierta y falsa sea cual sea la
fila de hoy; el lenguaje de ``<!-- comprueba: … -->`` (qué frase y qué línea, qué se rechaza); y todas las de
``docs/`` se sostienen hoy, con su recuento impreso. La construcción que falla con una frase falsa, en
``tests/construccion/test_frases_comprobadas.py``.
"""

from __future__ import annotations

import pathlib
import re

import pytest
from conftest import RAIZ
from plantar import FILA_AZURE_H100, anadir, quitar

from gpucoste import datos
from gpucoste.guia import afirmaciones, primera_version


def test_con_y_sin_precio_siguen_a_precios_csv(carpeta_datos):
    quitar(carpeta_datos, "precios.csv", lambda r: r["proveedor"] == "Azure" and r["gpu"] == "H100 80GB")
    assert afirmaciones.sin_precio("Azure", gpu="H100 80GB").cierta
    assert not afirmaciones.con_precio("Azure", gpu="H100 80GB").cierta
    anadir(carpeta_datos, "precios.csv", FILA_AZURE_H100)
    r = afirmaciones.sin_precio("Azure", gpu="H100 80GB")
    assert not r.cierta and "un precio de Azure para la H100 80GB" in r.hoy
    assert afirmaciones.con_precio("Azure", gpu="H100 80GB", nivel="bajo_demanda").cierta
    assert afirmaciones.sin_precio("Azure", gpu="H100 80GB", nivel="interrumpible").cierta


def test_un_proveedor_sin_ninguna_fila_de_precio_se_puede_nombrar(carpeta_datos):
    """Un proveedor de politicas.csv sin precios (p. ej. Scaleway hoy) vale como nombre: «no tiene precio» es cierto."""
    quitar(carpeta_datos, "precios.csv", lambda r: r["proveedor"] == "Scaleway")
    assert afirmaciones.sin_precio("Scaleway").cierta
    with pytest.raises(ValueError, match="proveedor desconocido: 'Scaleway2'"):
        afirmaciones.sin_precio("Scaleway2")


def test_tipo_en_fecha_mira_todos_los_precios_de_ese_mes(carpeta_datos):
    """«Las cifras de Vast.ai de julio de 2026 son estimaciones» (docs/precios.md): cierta solo si hay precios de ese
    mes y todos son del tipo; una lectura del mismo mes la hace falsa."""
    quitar(carpeta_datos, "precios.csv", lambda r: r["proveedor"] == "Vast.ai" and r["fecha"].startswith("2026-07"))
    assert not afirmaciones.tipo_en_fecha("Vast.ai", "2026-07", "estimacion").cierta  # ningún precio
    fila = {**FILA_AZURE_H100, "proveedor": "Vast.ai", "nivel": "verificado", "fecha": "2026-07"}
    anadir(carpeta_datos, "precios.csv", {**fila, "tipo": "estimacion", "nota": "estimación plantada"})
    assert afirmaciones.tipo_en_fecha("Vast.ai", "2026-07", "estimacion").cierta
    anadir(carpeta_datos, "precios.csv", {**fila, "fecha": "2026-07-15", "tipo": "lectura"})
    r = afirmaciones.tipo_en_fecha("Vast.ai", "2026-07", "estimacion")
    assert not r.cierta and "«una oferta»" in r.hoy and "julio de 2026" in r.hoy
    with pytest.raises(ValueError, match="tipo"):
        afirmaciones.tipo_en_fecha("Vast.ai", "2026-07", "estimación")


def test_la_salida_gratis_y_quien_la_cobra_siguen_a_tarifas_csv(carpeta_datos):
    gratis = sorted({t.proveedor for t in datos.tarifas() if t.concepto == "bajada" and t.precio_max_usd == 0})
    cobran = sorted({t.proveedor for t in datos.tarifas() if t.concepto == "bajada" and t.precio_max_usd > 0})
    assert afirmaciones.salida_gratis(*gratis).cierta
    assert afirmaciones.solo_cobran_salida(*cobran).cierta
    assert not afirmaciones.solo_cobran_salida(*cobran, "Nadie").cierta
    # Un proveedor gratis que empieza a cobrar: las dos dejan de ser ciertas.
    quitar(carpeta_datos, "tarifas.csv", lambda r: r["proveedor"] == gratis[0] and r["concepto"] == "bajada")
    fila = next(t for t in datos.tarifas() if t.concepto == "bajada" and t.precio_max_usd > 0)
    anadir(
        carpeta_datos,
        "tarifas.csv",
        {
            "proveedor": gratis[0],
            "concepto": "bajada",
            "unidad": "GB",
            "precio_min_usd": "0.05",
            "precio_max_usd": "0.05",
            "cobra_parada": "no",
            "fecha": fila.fecha,
            "fuente": "https://example.org/tarifa-plantada",
            "nota": "plantada",
        },
    )
    r = afirmaciones.salida_gratis(*gratis)
    assert not r.cierta and gratis[0] in r.hoy
    assert not afirmaciones.solo_cobran_salida(*cobran).cierta


def test_mas_caro_compara_los_precios_vigentes(carpeta_datos):
    anadir(carpeta_datos, "precios.csv", FILA_AZURE_H100)
    anadir(carpeta_datos, "precios.csv", FILA_AZURE_H100 | {"nivel": "interrumpible", "precio_hora_usd": "0.5"})
    assert afirmaciones.mas_caro("H100 80GB", "Azure, bajo_demanda", "Azure, interrumpible").cierta
    assert not afirmaciones.mas_caro("H100 80GB", "Azure, interrumpible", "Azure, bajo_demanda").cierta
    with pytest.raises(ValueError, match="se admite «proveedor, nivel»"):
        afirmaciones.mas_caro("H100 80GB", "Azure", "Azure, interrumpible")


def test_nota_dice_lee_la_nota_del_precio_vigente(carpeta_datos):
    anadir(carpeta_datos, "precios.csv", FILA_AZURE_H100)
    assert afirmaciones.nota_dice("H100 80GB", "Azure", "plantada por la prueba").cierta
    r = afirmaciones.nota_dice("H100 80GB", "Azure", "de 8 GPU")
    assert not r.cierta and "fila plantada por la prueba" in r.hoy


def test_con_y_sin_politica_siguen_a_politicas_csv(carpeta_datos):
    proveedor = datos.precios()[0].proveedor  # uno con precio
    quitar(carpeta_datos, "politicas.csv", lambda r: r["proveedor"] == proveedor)
    assert afirmaciones.sin_politica(proveedor).cierta
    anadir(
        carpeta_datos,
        "politicas.csv",
        {
            "proveedor": proveedor,
            "aspecto": "facturacion",
            "valor": "por segundo",
            "fecha": "2026-11-01",
            "fuente": "https://example.org/politica-plantada",
            "nota": "",
        },
    )
    assert afirmaciones.con_politica(proveedor, aspecto="facturacion").cierta
    assert afirmaciones.sin_politica(proveedor, aspecto="garantias").cierta


def test_veredicto_es_el_de_la_fe_de_erratas():
    for tema, e in zip(primera_version.TEMAS, primera_version.erratas(), strict=True):
        assert afirmaciones.veredicto(tema, e.veredicto).cierta
        otro = next(v for v in primera_version.VEREDICTOS if v != e.veredicto)
        assert not afirmaciones.veredicto(tema, otro).cierta


def test_eficiencia_de_red_y_ventana_son_las_del_calculo():
    from gpucoste.calculo import memoria, tiempo

    assert afirmaciones.eficiencia_de_red("L40S", 2).cierta == (tiempo.eficiencia_interconexion("L40S", 2).maximo < 1)
    for nombre, m in datos.modelos().items():
        con_ventana = memoria.tokens_kv(m, m.contexto_max) < m.contexto_max
        assert afirmaciones.ventana_deslizante(nombre).cierta == con_ventana
        assert con_ventana == (nombre in datos.ventanas() and datos.ventanas()[nombre].ventana < m.contexto_max)


PAGINA = """# Título

Otra frase. Azure no tiene precio de la H100. <!-- comprueba: sin_precio("Azure", gpu="H100 80GB") -->

- Un elemento de una lista: [con un enlace](otra.md) y *cursiva* en
  dos líneas. <!-- comprueba: con_precio("Verda") -->

Un párrafo cuya comprobación va en su propia línea, en dos llamadas.
<!-- comprueba:
     con_precio("Verda");
     salida_gratis("RunPod") -->
"""


def test_cada_comprobacion_con_su_linea_y_su_frase():
    halladas = afirmaciones.afirmaciones(PAGINA)
    assert [(a.linea, a.frase) for a in halladas] == [
        (3, "Azure no tiene precio de la H100."),
        (6, "Un elemento de una lista: con un enlace y cursiva en dos líneas."),
        (9, "Un párrafo cuya comprobación va en su propia línea, en dos llamadas."),
    ]
    assert halladas[2].expresion == 'con_precio("Verda"); salida_gratis("RunPod")'
    assert "comprueba" not in afirmaciones.sin_marcas(PAGINA)
    assert afirmaciones.sin_marcas("Sin comentarios.\n") == "Sin comentarios.\n"


@pytest.mark.parametrize(
    ("expresion", "dice"),
    [
        ('open("/etc/passwd")', "'open' no es una comprobación"),
        ('sin_precio(__import__("os"))', "no son literales"),
        ("sin_precio", "no es una llamada"),
        ('sin_precio("Azure"', "no es una llamada"),
        ('sin_precio("Azur")', "¿Quisiste decir 'Azure'?"),
        ('sin_precio("Azure", color="rojo")', "se admite su firma"),
        (' sin_precio("Azure")', "sobran espacios"),
        ("", "no vale"),
    ],
)
def test_una_comprobacion_mal_escrita_da_un_error_que_la_nombra(expresion, dice):
    with pytest.raises(ValueError, match="se admite|admitidos") as error:
        afirmaciones.comprobar(expresion)
    assert dice in str(error.value)


def test_una_comprobacion_mal_escrita_es_un_fallo_con_que_hacer():
    fallos = afirmaciones.revisar('Frase. <!-- comprueba: sin_precios("Azure") -->\n')
    assert len(fallos) == 1
    texto = fallos[0].texto("docs/x.md")
    assert texto.startswith("docs/x.md:1: la frase «Frase.» no se sostiene.")
    assert "mal escrita" in texto and "Qué hacer:" in texto


def _paginas() -> list[pathlib.Path]:
    return sorted((RAIZ / "docs").rglob("*.md"))


def test_todas_las_afirmaciones_de_docs_se_sostienen_hoy():
    """Las de cada página de ``docs/`` (la construcción estricta también las mira): imprime cuántas hay."""
    total, fallos = 0, []
    for ruta in _paginas():
        texto = ruta.read_text(encoding="utf-8")
        total += len(afirmaciones.afirmaciones(texto))
        fallos += [f.texto(ruta.relative_to(RAIZ).as_posix()) for f in afirmaciones.revisar(texto)]
    print(f"Afirmaciones comprobadas en docs/: {total} en {len(_paginas())} páginas.")
    assert total > 0
    assert not fallos, "\n".join(fallos)


def test_una_fila_plantada_hace_falsa_una_afirmacion_de_docs(carpeta_datos):
    """El mecanismo atrapa un cambio de datos: con un precio de la H100 en Azure, la frase de «Alternativas» que dice
    que no lo hay falla, con su página, su línea y lo que dicen hoy los datos."""
    ruta = RAIZ / "docs" / "alternativas.md"
    texto = ruta.read_text(encoding="utf-8")
    assert not afirmaciones.revisar(texto)
    anadir(carpeta_datos, "precios.csv", FILA_AZURE_H100)
    fallos = afirmaciones.revisar(texto)
    assert [f.afirmacion.frase for f in fallos] == [
        a.frase for a in afirmaciones.afirmaciones(texto) if 'sin_precio("Azure", gpu="H100 80GB")' in a.expresion
    ]
    linea = fallos[0].afirmacion.linea
    assert "<!-- comprueba:" in texto.splitlines()[linea - 1]
    assert "un precio de Azure para la H100 80GB" in fallos[0].texto("docs/alternativas.md")


# --- La puerta: una frase que dice de un proveedor que está, que no está o que es más barato, comprobada ---------

_PRESENCIA = re.compile(
    r"\b(no tienen?|no aparece|no está en|no entran?|sin precio|"
    r"solo (?:[\w.]+ )?(?:tienen?|cobran?|publican?|lo lleva)|ningún|ninguno|"
    r"no hemos encontrado|más barat[oa]s? que|más car[oa]s? que|el más barato|la más barata|coincide con)\b",
    re.IGNORECASE,
)


def _proveedores() -> list[str]:
    from gpucoste.dinero import proveedores

    nombres = set(datos.proveedores()) | {p.proveedor for p in proveedores.politicas()}
    return sorted(nombres, key=len, reverse=True)


def sin_comprobar(markdown: str) -> list[str]:
    """Las oraciones de ``markdown`` (fuera del código) que nombran un proveedor de los datos y dicen que está o no
    está, o lo comparan, en un párrafo sin ``<!-- comprueba: … -->``: hechos de los datos que nadie mira."""
    nombre = re.compile(r"\b(" + "|".join(re.escape(p) for p in _proveedores()) + r")\b")
    sin_codigo = re.sub(r"```.*?```", "", markdown, flags=re.S)
    salida = []
    for parrafo in re.split(r"\n\s*\n", sin_codigo):
        if "comprueba:" in parrafo:
            continue
        for oracion in re.split(r"(?<=[.!?])\s+", " ".join(parrafo.split())):
            if nombre.search(oracion) and _PRESENCIA.search(oracion):
                salida.append(oracion)
    return salida


def test_la_puerta_encuentra_una_frase_plantada_sin_comprobacion():
    plantada = "Una frase.\n\nDe los europeos, solo Nebius tiene precios con fuente en los datos.\n"
    assert sin_comprobar(plantada) == ["De los europeos, solo Nebius tiene precios con fuente en los datos."]
    con = plantada.rstrip("\n") + ' <!-- comprueba: con_precio("Nebius") -->\n'
    assert sin_comprobar(con) == []
    assert sin_comprobar('```python\nprint("Azure no aparece")\n```\n') == []


def test_cada_frase_de_presencia_o_comparacion_de_un_proveedor_lleva_su_comprobacion():
    """Lo que se rompió antes (issue 29: «Azure no aparece», «solo Nebius tiene precios»): una frase así en ``docs/``
    va con su comprobación en el mismo párrafo, o la imprime un snippet."""
    sueltas = [
        f"{ruta.relative_to(RAIZ).as_posix()}: {o}"
        for ruta in _paginas()
        for o in sin_comprobar(ruta.read_text(encoding="utf-8"))
    ]
    assert not sueltas, "Frases sin comprobación (ver CONTRIBUTING, «Una frase que afirma algo»):\n" + "\n".join(
        sueltas
    )


def test_coincide_con_mira_todas_las_lecturas_del_otro(carpeta_datos):
    """Una lectura nueva de RunPod con otro precio no hace falsa «la estimación coincide con un precio de RunPod»; una
    estimación distinta de todas, sí."""
    fila = {
        "gpu": "RTX 4090",
        "proveedor": "RunPod",
        "nivel": "comunidad",
        "fecha": "2026-11-30",
        "fuente": "https://example.org/runpod-plantado",
        "nota": "plantada",
        "tipo": "lista",
    }
    antes = afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad").cierta
    anadir(carpeta_datos, "precios.csv", fila | {"precio_hora_usd": "9.99"})
    assert afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad").cierta == antes
    anadir(
        carpeta_datos, "precios.csv", fila | {"proveedor": "Vast.ai", "precio_hora_usd": "7.77", "tipo": "estimacion"}
    )
    r = afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad")
    assert not r.cierta and "7,77" in r.hoy


def test_coincide_con_de_un_tipo_mira_la_estimacion_aunque_haya_lecturas_nuevas(carpeta_datos):
    """Con ``tipo="estimacion"``, una lectura nueva del mismo proveedor y nivel (el recolector) no cambia de qué precio
    se habla: el de la estimación."""
    base = afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad", tipo="estimacion")
    fila = {
        "gpu": "RTX 4090",
        "proveedor": "Vast.ai",
        "nivel": "comunidad",
        "precio_hora_usd": "0.11",
        "fecha": "2026-11-30",
        "fuente": "https://example.org/vast-plantado",
        "nota": "plantada",
        "tipo": "mediana",
    }
    anadir(carpeta_datos, "precios.csv", fila)
    r = afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad", tipo="estimacion")
    assert r.cierta == base.cierta and "estimación" in r.hoy
    assert not afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad").cierta
    with pytest.raises(ValueError, match="ningún precio de tipo lectura"):
        afirmaciones.coincide_con("RTX 4090", "Vast.ai, comunidad", "RunPod, comunidad", tipo="lectura")


def test_operaciones_por_parametro():
    """Las operaciones por parámetro y token que dice la prosa (6 en un entrenamiento completo, 4 con LoRA): la regla
    de Transformer Math 101 (2 hacia delante, 4 hacia atrás), comprobada contra las constantes del tiempo; otra
    cifra es falsa (la falta plantada)."""
    from gpucoste.calculo import tiempo

    assert afirmaciones.operaciones_por_parametro("completo", 6).cierta
    assert afirmaciones.operaciones_por_parametro("lora", 4).cierta
    assert afirmaciones.operaciones_por_parametro("qlora", 4).cierta
    assert not afirmaciones.operaciones_por_parametro("lora", 6).cierta
    assert afirmaciones.operaciones_por_parametro("completo", 6, adelante=2).cierta
    assert not afirmaciones.operaciones_por_parametro("completo", 6, adelante=4).cierta
    assert tiempo.flops_6nd(1e9, 1e6) == 2 * 3 * 1e9 * 1e6  # 2 hacia delante + 4 hacia atrás, por N y por D
