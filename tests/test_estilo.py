"""La guía de estilo (CONTRIBUTING.md, «Guía de estilo») en el texto visible de las páginas construidas.

Cada regla es una expresión que no debe aparecer en la prosa: una palabra de la columna «No escribas» de la
tabla «Una palabra por concepto», «80GB» sin espacio (salvo en el nombre de una GPU de los datos), un «$» que
no sea «US$», «5,5× más», un número con punto decimal en una tabla, anclas en inglés y avisos que alaban la
página, un mes que no sea el del sitio (730 horas) sin el nombre de su proveedor y un nivel de precio mal
escrito («(verificado)», «de comunidad»). Se lee lo que ve el lector (también lo que imprimen los snippets y el
texto alternativo de los gráficos), sin el código ni lo marcado como inglés (``{lang=en}``). La cursiva se revisa
aparte, en el HTML (``cursivas``): lo marcado como inglés va en cursiva, y un término adoptado por la guía (los del
glosario que no están en «No escribas»), en redonda. Se revisa cada página de ``nav`` en ``mkdocs.yml``
(``PAGINAS``).
"""

from __future__ import annotations

import re

import pytest
from alcance import paginas_del_nav
from bs4 import BeautifulSoup
from conftest import RAIZ, texto
from test_ortografia import INGLES, NO_PROSA

from gpucoste import datos
from gpucoste.calculo import coste, vast

PAGINAS = paginas_del_nav()
"""Cada página de ``nav`` en ``mkdocs.yml`` (una página nueva entra sola: no hay lista que mantener a mano)."""

# (regla, expresión, lo que se escribe en su lugar). Las palabras vienen de la tabla «Una palabra por concepto».
REGLAS = [
    ("GPUs", r"\bGPUs\b", "«las GPU»: las siglas no llevan plural con «s»"),
    ("costo", r"\bcostos?\b", "«coste»"),
    ("rentar", r"\brent(?:ar|ad[ao]s?|amos|as)\b", "«alquilar», «GPU alquilada»"),
    ("on-demand", r"\bon-demand\b|\ba demanda\b", "«bajo demanda» (Fundéu); en el glosario, marcado {lang=en}"),
    ("datacenter", r"\bdata ?centers?\b|\bnube tradicional\b|\bgran nube\b", "«nube de GPU» o «hiperescalador»"),
    ("hyperscaler", r"\bhyperscalers?\b", "«hiperescalador»"),
    ("preemptible", r"\bpreemptible\b", "«instancia interrumpible»"),
    ("batch", r"\bbatch(?:es|ing)?\b", "«lote», «por lotes», «tamaño de lote»"),
    ("egress", r"\begress\b", "«transferencia de salida»"),
    ("parada", r"\bparad[ao]s?\b", "«detenida» (estado stopped) u «ociosa» (en marcha, sin trabajo)"),
    ("corriendo", r"\bcorriendo\b|\bejecutándose\b", "«en marcha»"),
    ("cold start", r"\bcold start\b|\bwarm-up\b", "«tiempo de arranque»"),
    ("finetuning", r"\bfine ?tuning\b|\bfinetuning\b|\bafinamiento\b", "«fine-tuning»"),
    ("punto de control", r"\bpunto de control\b", "«checkpoint»"),
    ("GPU dedicada", r"\bGPU dedicadas?\b", "«GPU reservada»"),
    ("USD/h", r"\bUSD/hr?\b|(?<!US)\$/h(?:ora)?\b", "«US$/h»"),
    ("$ solo", r"(?<!US)\$", "«US$»: un «$» solo se lee como pesos"),
    ("80GB", r"\b\d+(?:[.,]\d+)?(?:GB|TB|MB)\b", "«80 GB», con espacio (el nombre de una GPU, tal cual)"),
    ("× más", r"\d×\s+(?:más|menos)\b", "«5,5 veces lo que…» o «un 450 % más»: «×» solo para un cociente"),
    ("7 mil millones", r"\b\d+ (?:mil millones|billones) de parámetros\b|\b\d+b\b", "«7B»"),
    ("autoelogio", r"\bguía completa\b|\bla mejor guía\b", "que la página se juzgue por lo que calcula"),
    ("cuatro cifras", r"(?<![\d.,])[1-9]\.\d{3}(?![\d.])", "«1599», «2048»: sin punto con cuatro cifras (RAE)"),
    ("el MFU", r"\b(?:el|del|al|un) MFU\b|\bMFU (?:alto|bajo|medio|máximo|mínimo)\b", "«la MFU» (la utilización)"),
    ("BF16", r"\b(?:BF16|FP16|F16|FP8|INT8|INT4)\b", "«bf16», «fp16», «fp8», «int8», «int4», en minúsculas"),
    ("GB/mes", r"/GB/mes\b|\bGB-mes\b|\bGB/mes\b", "«US$/GB y mes» o «US$ por GB y mes»"),
    ("cruz", r"†", "«*»: la marca de un total incompleto es el asterisco (formato.INCOMPLETO)"),
    ("bajada", r"\bbajadas?\b|\bde subida\b", "«salida», «entrada» (transferencia de salida, de entrada)"),
    ("runtime", r"\bruntimes?\b", "«motor de inferencia» (servidor de inferencia, si atiende peticiones)"),
    ("issue", r"\bissues?\b", "«incidencia»"),
    (
        "(verificado)",
        r"\(verificad[oa]s?\)",
        "«(host verificado)»: concuerda con cualquier GPU (datos.NIVELES_EN_PROSA)",
    ),
    (
        "de comunidad",
        r"\bde (?:la )?comunidad\b|\bcomunitari[oa]s?\b",
        "«(comunidad)», el nivel de RunPod (Community Cloud), entre paréntesis (glosario, #nivel)",
    ),
    (
        "mes de horas",
        r"(?<![\d.,])(?!730\b)(?:67[2-9]|6[89]\d|7[0-3]\d|74[0-3])(?:,\d+)?\s?(?:h|horas)\b",
        "«un mes medio son 730 horas» (coste.HORAS_MES, formato.mes_medio); otro mes, con el nombre de quien lo "
        "cuenta (vast.mes_de_reserva)",
    ),
]
# Reglas que distinguen mayúsculas (las demás, no): «7b» frente a «7B», «BF16» frente a «bf16».
SENSIBLES = {"7 mil millones", "BF16"}
# Citas literales del artículo original que la regla no debe tocar (hoy, ninguna: la tabla se corrigió).
CITAS: list[str] = []
# Reglas que una página puede saltarse, con su razón: la definición de un término y la nota que explica la regla.
EXCEPCIONES = {
    "glosario/index.html": {
        "egress": "la entrada «Egress» define la palabra que usan las tarifas de los proveedores",
    },
    "alternativas/index.html": {
        "egress": "«transferencia de salida (egress)»: la palabra de las tarifas, al presentarla",
        "$ solo": "la nota de moneda explica por qué no se escribe «$» a secas",
    },
}
ANCLAS_EN_INGLES = {"vs", "cli", "datacenter", "model", "card", "gated", "pricing", "setup", "batch", "howto"}


def nombres_de_gpu() -> list[str]:
    """Los nombres de GPU de los datos («A100 80GB»): identificadores que se copian tal cual."""
    nombres = set(datos.especificaciones()) | {h.gpu for h in datos.hardware()}
    return sorted(nombres, key=len, reverse=True)


def prosa(html: str) -> tuple[str, list[list[str]], list[str]]:
    """El texto visible del artículo (con el alternativo de los gráficos), las celdas de sus tablas y sus ids."""
    sopa = BeautifulSoup(html, "html.parser")
    articulo = sopa.find("article") or sopa
    ids = [h.get("id", "") for h in articulo.find_all(["h1", "h2", "h3", "h4"])]
    alternativos = [n.get("aria-label", "") for n in articulo.find_all(attrs={"role": "img"})]
    for nodo in articulo.find_all([n for n in NO_PROSA if n != "svg"]):
        nodo.decompose()
    for nodo in articulo.select(f"{INGLES}, [hidden]"):
        nodo.decompose()
    # Las citas literales de la primera versión de la guía (julio de 2026): un documento histórico, tal cual.
    for nodo in articulo.select(".cita-literal"):
        nodo.decompose()
    for nodo in articulo.find_all("svg"):
        nodo.decompose()
    tablas = [[texto(td) for td in tr.find_all("td")] for tr in articulo.find_all("tr")]
    return " ".join([texto(articulo), *alternativos]), tablas, ids


def meses_con_nombre() -> list[str]:
    """Los meses que no son el del sitio, dichos con el nombre de quien los cuenta (la regla «mes de horas»)."""
    return [vast.mes_de_reserva()]


def faltas(texto_visible: str, tablas: list[list[str]] = (), ids: list[str] = ()) -> list[str]:
    """Cada regla rota, con el trozo de texto donde está y lo que se escribe en su lugar."""
    limpio = " ".join(texto_visible.split())
    for cita in [*CITAS, *meses_con_nombre()]:
        limpio = limpio.replace(" ".join(cita.split()), "")
    for nombre in nombres_de_gpu():
        limpio = limpio.replace(nombre, "GPU")
    salida = []
    for regla, expresion, en_su_lugar in REGLAS:
        for m in re.finditer(expresion, limpio, flags=0 if regla in SENSIBLES else re.IGNORECASE):
            contexto = limpio[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
            salida.append(f"{regla}: «…{contexto}…» → {en_su_lugar}")
    for fila in tablas:
        for celda in fila:
            if re.fullmatch(r"-?\d+\.\d{1,2}", celda):
                salida.append(f"punto decimal en una tabla: «{celda}» → coma decimal («{celda.replace('.', ',')}»)")
    for ancla in ids:
        if set(ancla.split("-")) & ANCLAS_EN_INGLES:
            salida.append(f"ancla en inglés: #{ancla} → un id en español, sin tildes")
    return salida


def celdas_no_escribas() -> list[str]:
    """Cada celda de la columna «No escribas» de la tabla «Una palabra por concepto» de CONTRIBUTING.md, en
    minúsculas."""
    guia = (RAIZ / "CONTRIBUTING.md").read_text(encoding="utf-8").split("### Una palabra por concepto")[1]
    tabla = guia.split("\n\n")[1]
    return [f.split("|")[2].lower() for f in tabla.splitlines()[2:]]


def no_escribas() -> str:
    """La columna «No escribas», entera."""
    return " ".join(celdas_no_escribas())


def adoptados() -> set[str]:
    """Los términos que la guía adopta y escribe en redonda: los del glosario con definición al pasar el ratón
    (``docs/.glosario/abreviaturas.md``) salvo los de «No escribas» («egress», «spot»: se citan como palabra
    inglesa, en cursiva)."""
    texto_abreviaturas = (RAIZ / "docs" / ".glosario" / "abreviaturas.md").read_text(encoding="utf-8")
    terminos = {t.lower() for t in re.findall(r"^\*\[([^\]]+)\]:", texto_abreviaturas, flags=re.MULTILINE)}
    prohibidas = {p.strip() for celda in celdas_no_escribas() for p in re.split(r"[,;()«»]", celda)}
    return {t for t in terminos if t not in prohibidas}


CURSIVA = {"em", "i"}
# Etiquetas en las que lo marcado como inglés no va en cursiva: los títulos (la entrada del glosario de un término
# inglés) y lo que ya se distingue como código.
SIN_CURSIVA = {"h1", "h2", "h3", "h4", "code", "kbd", "samp", "pre"}


def cursivas(html: str) -> list[str]:
    """La regla de la cursiva (CONTRIBUTING.md, «Cursiva»): lo marcado ``{lang=en}`` va en cursiva, y un término
    adoptado por la guía («host», «checkpoint», «fine-tuning»), en redonda aunque sea inglés."""
    sopa = BeautifulSoup(html, "html.parser")
    articulo = sopa.find("article") or sopa
    terminos = adoptados()
    salida = []
    for nodo in articulo.select(INGLES):
        if nodo.find_parent(["code", "pre"]):
            continue
        palabra = texto(nodo)
        if nodo.name in CURSIVA and palabra.lower() in terminos:
            salida.append(f"cursiva: «{palabra}» es un término de la guía (glosario) → en redonda, sin {{lang=en}}")
        elif nodo.name not in CURSIVA | SIN_CURSIVA and not nodo.find_parent(list(CURSIVA)):
            salida.append(f"cursiva: «{palabra}» está marcado como inglés → en cursiva, *{palabra}*{{lang=en}}")
    return salida


@pytest.mark.parametrize("pagina", PAGINAS)
def test_la_pagina_sigue_la_guia_de_estilo(sitio, pagina):
    html = (sitio / pagina).read_text(encoding="utf-8")
    texto_visible, tablas, ids = prosa(html)
    exentas = EXCEPCIONES.get(pagina, {})
    encontradas = [f for f in faltas(texto_visible, tablas, ids) + cursivas(html) if f.split(":", 1)[0] not in exentas]
    assert not encontradas, f"{pagina} no sigue la guía de estilo de CONTRIBUTING.md:\n" + "\n".join(encontradas)


@pytest.mark.parametrize(
    ("malo", "regla"),
    [
        ("Alquila varias GPUs por horas.", "GPUs"),
        ("El costo real del trabajo.", "costo"),
        ("Una GPU rentada por horas.", "rentar"),
        ("El precio on-demand de Lambda.", "on-demand"),
        ("Depende del MFU medio de la GPU.", "el MFU"),
        ("Horas según el MFU.", "el MFU"),
        ("Con 989 TFLOPS BF16 densos.", "BF16"),
        ("Llama 3 8B en F16 con llama.cpp.", "BF16"),
        ("Admite FP8, INT8 e INT4.", "BF16"),
        ("El disco a 0,10 US$/GB/mes.", "GB/mes"),
        ("A 0,10 US$ el GB-mes.", "GB/mes"),
        ("Un total de 283,17 †.", "cruz"),
        ("500 GB de subida y 280 GB de bajada.", "bajada"),
        ("Cada runtime carga los pesos.", "runtime"),
        ("Abre un issue en GitHub.", "issue"),
        ("Un proveedor de tipo datacenter.", "datacenter"),
        ("La nube tradicional cobra más.", "datacenter"),
        ("Con un batch grande.", "batch"),
        ("El egress de AWS.", "egress"),
        ("La instancia parada sigue pagando disco.", "parada"),
        ("La instancia sigue corriendo.", "corriendo"),
        ("Una H100 de 80GB de memoria.", "80GB"),
        ("Cuesta 2,04 $ por trabajo.", "$ solo"),
        ("A 1,87 $/h la hora.", "USD/h"),
        ("La H100 cuesta 5,5× más por hora.", "× más"),
        ("Un modelo de 7b.", "7 mil millones"),
        ("Vast.ai: guía completa del marketplace.", "autoelogio"),
        ("Un fine tuning con LoRA.", "finetuning"),
        ("La RTX 4090 cuesta 1.599 US$.", "cuatro cifras"),
        ("Entre 2.000,28 y 2.500,34 US$.", "cuatro cifras"),
        ("La H100 80GB (verificado) cuesta más.", "(verificado)"),
        ("La A100 (verificada) de Vast.ai.", "(verificado)"),
        ("Las ofertas de comunidad de Vast.ai.", "de comunidad"),
        ("Un host comunitario.", "de comunidad"),
        ("Un mes de trabajo (720 h).", "mes de horas"),
        ("Un mes son 720 horas.", "mes de horas"),
        ("Un mes de 700\u00a0h.", "mes de horas"),
    ],
)
def test_cada_regla_encuentra_su_falta(malo, regla):
    assert any(f.startswith(f"{regla}:") for f in faltas(malo)), (malo, faltas(malo))


@pytest.mark.parametrize(
    "bueno",
    [
        "Una H100 80GB en RunPod (comunidad) a 2,69 US$/h, con 80 GB de VRAM.",
        "La RTX 4060 Ti 16GB no basta; la tabla del artículo dice «procesamiento por lotes a gran escala».",
        "La H100 cuesta por hora 5,5 veces lo que la RTX 4090; su aceleración supera 5,5×.",
        "Un modelo de 7B en una instancia detenida o una GPU ociosa, a 0,34 US$/h bajo demanda.",
        "Según la MFU media, en bf16; el disco a 0,10 US$/GB y mes; la salida; un motor de inferencia.",
        "Cuesta 1599 US$, 4703 horas de alquiler; 50.000 tokens, 32.768 o 1.000.000 de ellos; Llama 3.1 8B.",
        "La H100 80GB (host verificado) y la RTX 4090 (comunidad) de RunPod; la comunidad de usuarios.",
        "Un mes medio son 730 horas; 8590 horas de uso; 1562,72 US$ en 900,0 horas facturadas.",
    ],
)
def test_el_texto_correcto_pasa(bueno):
    assert faltas(bueno) == []


def test_el_mes_de_un_proveedor_con_su_nombre_no_es_una_falta():
    """El mes de 30 días de la reserva de Vast.ai, dicho como lo dice ``vast.mes_de_reserva``, no rompe la regla;
    el mismo número sin ese nombre, sí. Y el mes del sitio es el mes medio: 8760 horas de un año entre 12."""
    assert faltas(f"Un mes prepagado ({vast.mes_de_reserva()}).") == []
    assert any(f.startswith("mes de horas:") for f in faltas("Un mes prepagado (720 h)."))
    assert coste.HORAS_MES == 8760 / 12 == coste.horas_al_mes(24)
    assert vast.regla("horas_mes_reserva").valor == 30 * 24


def test_la_linea_de_ordenes_cuenta_el_mismo_mes():
    """Las órdenes que trabajan con meses (su ayuda y su salida) usan el mes del sitio: ningún 720 sin nombre, y
    el periodo por defecto de «gpucoste reservar» es el mes medio."""
    from conftest import gpucoste

    textos = {}
    for orden in (["reservar", "--help"], ["reservar"], ["comprar", "--help"], ["comprar"], ["api-o-gpu"]):
        textos[" ".join(orden)] = gpucoste(*orden, check=True).stdout
    for orden, salida in textos.items():
        assert not [f for f in faltas(salida) if f.startswith("mes de horas:")], (orden, salida)
    assert f"por defecto, {coste.HORAS_MES:.0f}" in " ".join(textos["reservar --help"].split())


@pytest.mark.parametrize(
    ("html", "falta"),
    [
        ('<article><p>Cada <em lang="en">host</em> fija su precio.</p></article>', "«host» es un término de la guía"),
        ('<article><p>Un <em lang="en">Checkpoint</em> guardado.</p></article>', "«Checkpoint» es un término"),
        ('<article><p>El estado <span lang="en">loading</span>.</p></article>', "«loading» está marcado como inglés"),
    ],
)
def test_la_regla_de_la_cursiva_encuentra_su_falta(html, falta):
    assert any(falta in f for f in cursivas(html)), cursivas(html)


def test_la_cursiva_correcta_pasa():
    html = (
        '<article><h2 lang="en">Gradient checkpointing</h2><p>Cada host, en el estado <em lang="en">loading</em>; '
        'lote (<em lang="en">batch</em>), <em lang="en">egress</em>, <code lang="en">x</code>.</p></article>'
    )
    assert cursivas(html) == []


def test_tabla_con_punto_decimal_y_ancla_en_ingles():
    assert faltas("", [["RTX 4090", "0.34", "6.0", "8.590"]], []) == [
        "punto decimal en una tabla: «0.34» → coma decimal («0,34»)",
        "punto decimal en una tabla: «6.0» → coma decimal («6,0»)",
    ]
    assert faltas("", [], ["marketplace-vs-datacenter", "marketplace-o-nube-de-gpu"]) == [
        "ancla en inglés: #marketplace-vs-datacenter → un id en español, sin tildes"
    ]


def test_las_palabras_prohibidas_son_las_de_la_guia_de_estilo():
    """Las reglas de palabras no se inventan: cada una está en la columna «No escribas» de CONTRIBUTING.md."""
    columna = no_escribas()
    for palabra in [
        "(verificado)",
        "de comunidad",
        "720 horas",
        "costo",
        "rentar",
        "on-demand",
        "el mfu",
        "bf16",
        "us$/gb/mes",
        "gb-mes",
        "†",
        "bajada",
        "runtime",
        "issue",
        "datacenter",
        "nube tradicional",
        "hyperscaler",
        "batch",
        "egress",
        "parada",
        "corriendo",
        "cold start",
        "finetuning",
        "punto de control",
        "GPU dedicada",
        "usd/hr",
        "las GPUs",
        "preemptible",
        "7b",
    ]:
        assert palabra.lower() in columna, f"«{palabra}» no está en «No escribas» de la guía de estilo"
