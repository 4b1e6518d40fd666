"""La guía de estilo (CONTRIBUTING.md, «Guía de estilo») como reglas sobre el texto visible de una página: las usan
``tests/sitio/test_estilo.py`` (cada página de ``nav``, y cada regla con su falta plantada) y ``make check``
(``tests/comprobar.py``, las páginas que un cambio toca)."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from conftest import RAIZ, texto
from hunspell import INGLES, NO_PROSA

from gpucoste import datos
from gpucoste.calculo import vast

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
    # Tras un guion, «20b» es parte del nombre oficial de un modelo (gpt-oss-20b, como en modelos.csv), no prosa.
    ("7 mil millones", r"\b\d+ (?:mil millones|billones) de parámetros\b|(?<!-)\b\d+b\b", "«7B»"),
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
        "uso (carga)",
        r"\b(?:un|el) uso del \d|\d+(?:,\d+)?\s?% de uso\b|\butilizaci[oó]n\b",
        "«con las GPU al 75 % de carga»: lo ocupada que está la GPU es su «carga»; «uso» es la fracción de las horas "
        "de una reserva («reservar compensa con un uso de más del 80 %»)",
    ),
    ("rapidez", r"\brapidez\b", "«aceleración» (×): cuántas veces más deprisa termina una GPU que otra"),
    ("US$/hora", r"US\$/hora\b", "«US$/h», también en los ejes de los gráficos y en las cabeceras"),
    (
        "fecha ISO",
        r"\b(?:19|20)\d\d-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?\b|\b(?:19|20)\d\d-S[12]\b",
        "la fecha en palabras, «29 de octubre de 2026», «julio de 2026», «segundo semestre de 2024» (formato.fecha, "
        "formato.periodo), también en las tablas",
    ),
    ("safetensors", r"\bsafetensors\b", "`safetensors`, como código: el formato de pesos y la biblioteca"),
    (
        "Vast.ai (bajo demanda)",
        r"Vast\.ai \(bajo demanda\)|Vast\.ai, bajo demanda\b|\(bajo demanda\) en Vast\.ai",
        "«Vast.ai (todos los hosts)»: en Vast.ai un host verificado también es bajo demanda (formato.nivel con el "
        "proveedor, constantes.NIVELES_DE_PROVEEDOR)",
    ),
    (
        "mes de horas",
        r"(?<![\d.,])(?!730\b)(?:67[2-9]|6[89]\d|7[0-3]\d|74[0-3])(?:,\d+)?\s?(?:h|horas)\b",
        "«un mes medio son 730 horas» (coste.HORAS_MES, formato.mes_medio); otro mes, con el nombre de quien lo "
        "cuenta (vast.mes_de_reserva)",
    ),
    (
        "guion por menos",
        r"(?<![\w\-–./])-\d",
        "«−4 %»: un negativo lleva el signo menos (U+2212, formato.MENOS), no el guion; lo escribe base.formato",
    ),
    (
        "paréntesis seguidos",
        r"\)\s?\(",
        "un paréntesis detrás de otro: «(como mucho 744; por defecto, 730)», o la aclaración fuera del paréntesis",
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
    """El texto visible del artículo (con el alternativo y los textos de los gráficos), las celdas de sus tablas y
    sus ids."""
    sopa = BeautifulSoup(html, "html.parser")
    articulo = sopa.find("article") or sopa
    ids = [h.get("id", "") for h in articulo.find_all(["h1", "h2", "h3", "h4"])]
    alternativos = [n.get("aria-label", "") for n in articulo.find_all(attrs={"role": "img"})]
    # Los textos de los gráficos (ejes, leyendas, etiquetas): el eje «US$/hora» de 33 gráficos pasaba sin verse.
    alternativos += [texto(t) for t in articulo.select("svg text")]
    # Las opciones de una lista y las etiquetas de un formulario, separadas: sin espacio entre ellas, «fp16FP8GGUF»
    # no tendría ninguna palabra entera que ver («FP8» pasaba sin que lo viera la regla de bf16).
    for nodo in articulo.find_all(["option", "label", "legend"]):
        nodo.append(" ")
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
        # El plural de un término adoptado («endpoints», «hosts») también va en redonda.
        adoptado = palabra.lower() in terminos or palabra.lower().removesuffix("s") in terminos
        if nodo.name in CURSIVA and adoptado:
            salida.append(f"cursiva: «{palabra}» es un término de la guía (glosario) → en redonda, sin {{lang=en}}")
        elif nodo.name not in CURSIVA | SIN_CURSIVA and not nodo.find_parent(list(CURSIVA)):
            salida.append(f"cursiva: «{palabra}» está marcado como inglés → en cursiva, *{palabra}*{{lang=en}}")
    return salida
