"""La guía de estilo (CONTRIBUTING.md, «Guía de estilo») en el texto visible de las páginas construidas.

Cada regla es una expresión que no debe aparecer en la prosa: una palabra de la columna «No escribas» de la
tabla «Una palabra por concepto», «80GB» sin espacio (salvo en el nombre de una GPU de los datos), un «$» que
no sea «US$», «5,5× más», un número con punto decimal en una tabla, anclas en inglés y avisos que alaban la
página. Se lee lo que ve el lector (también lo que imprimen los snippets y el texto alternativo de los
gráficos), sin el código ni lo marcado como inglés (``{lang=en}``). Se revisa cada página de ``nav`` en
``mkdocs.yml`` (``PAGINAS``).
"""

from __future__ import annotations

import re

import pytest
from alcance import paginas_del_nav
from bs4 import BeautifulSoup
from conftest import RAIZ, texto
from test_ortografia import INGLES, NO_PROSA

from gpucoste import datos

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
    ("BF16", r"\bBF16\b|\bFP16\b", "«bf16», «fp16», en minúsculas"),
    ("GB/mes", r"/GB/mes\b|\bGB-mes\b|\bGB/mes\b", "«US$/GB y mes» o «US$ por GB y mes»"),
    ("cruz", r"†", "«*»: la marca de un total incompleto es el asterisco (formato.INCOMPLETO)"),
    ("bajada", r"\bbajadas?\b|\bde subida\b", "«salida», «entrada» (transferencia de salida, de entrada)"),
    ("runtime", r"\bruntimes?\b", "«motor de inferencia» (servidor de inferencia, si atiende peticiones)"),
    ("issue", r"\bissues?\b", "«incidencia»"),
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
    for nodo in articulo.find_all("svg"):
        nodo.decompose()
    tablas = [[texto(td) for td in tr.find_all("td")] for tr in articulo.find_all("tr")]
    return " ".join([texto(articulo), *alternativos]), tablas, ids


def faltas(texto_visible: str, tablas: list[list[str]] = (), ids: list[str] = ()) -> list[str]:
    """Cada regla rota, con el trozo de texto donde está y lo que se escribe en su lugar."""
    limpio = texto_visible
    for cita in CITAS:
        limpio = limpio.replace(cita, "")
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


@pytest.mark.parametrize("pagina", PAGINAS)
def test_la_pagina_sigue_la_guia_de_estilo(sitio, pagina):
    texto_visible, tablas, ids = prosa((sitio / pagina).read_text(encoding="utf-8"))
    exentas = EXCEPCIONES.get(pagina, {})
    encontradas = [f for f in faltas(texto_visible, tablas, ids) if f.split(":", 1)[0] not in exentas]
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
    ],
)
def test_el_texto_correcto_pasa(bueno):
    assert faltas(bueno) == []


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
    guia = (RAIZ / "CONTRIBUTING.md").read_text(encoding="utf-8").split("### Una palabra por concepto")[1]
    tabla = guia.split("\n\n")[1]
    no_escribas = " ".join(f.split("|")[2] for f in tabla.splitlines()[2:]).lower()
    for palabra in [
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
        assert palabra.lower() in no_escribas, f"«{palabra}» no está en «No escribas» de la guía de estilo"
