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

import pytest
from alcance import paginas_del_nav
from estilo import (
    EXCEPCIONES,
    cursivas,
    faltas,
    no_escribas,
    prosa,
)

from gpucoste.calculo import coste, vast

PAGINAS = paginas_del_nav()
"""Cada página de ``nav`` en ``mkdocs.yml`` (una página nueva entra sola: no hay lista que mantener a mano)."""


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
        ("El error de la predicción: -4\u00a0%.", "guion por menos"),
        ("Sale a -0,15 US$/h.", "guion por menos"),
        # Las seis decisiones de la tercera pasada editorial (issue 29), cada una con su variante plantada.
        ("2 GPU reservadas todo el mes y un uso del 75 %.", "uso (carga)"),
        ("Con las GPU al 75 % de uso.", "uso (carga)"),
        ("El umbral de utilización de la reserva.", "uso (carga)"),
        ("La rapidez necesaria (×) de la H100.", "rapidez"),
        ("Precio por hora (US$/hora).", "US$/hora"),
        ("Mediana de ofertas, 2026-10-29.", "fecha ISO"),
        ("Un precio de 2026-07.", "fecha ISO"),
        ("España · hogar · 2024-S2.", "fecha ISO"),
        ("Pesos en safetensors del Hub.", "safetensors"),
        ("La RTX 4090 en Vast.ai (bajo demanda) y en Vast.ai (host verificado).", "Vast.ai (bajo demanda)"),
        ("La RTX 4090 (bajo demanda) en Vast.ai.", "Vast.ai (bajo demanda)"),
        ("AWS · bajada: 100 GB gratis al mes.", "bajada"),
        ("Tokens de entrada por mensaje (con la conversación previa) (por defecto, 1155).", "paréntesis seguidos"),
        ("La RTX 4090 (comunidad)(línea discontinua).", "paréntesis seguidos"),
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
        "Reservar compensa con un uso de más del 80 %; con las GPU al 75 % de carga; 5 horas de uso al mes.",
        "Su aceleración supera 5,5×; 0,34 US$/h el 29 de octubre de 2026, julio de 2026; Llama-3.1-8B; GPT-2.",
        "La RTX 4090 en Vast.ai (todos los hosts), en Nebius (bajo demanda) y en Vast.ai (host verificado).",
        "gpt-oss-20b y gpt-oss-120b, los nombres oficiales de OpenAI.",
        "Un error del \u22124\u00a0%; Llama-3-8B, GPT-4, Qwen2.5-7B; las medidas 1-3 de la tabla.",
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


def test_la_ayuda_de_cada_orden_no_pone_un_parentesis_detras_de_otro():
    """«(con la conversación previa) (por defecto, 1155)»: la ayuda de cada opción lleva su valor por defecto dentro
    del paréntesis en que acaba, no en otro detrás (``cli.analizador``)."""
    from conftest import gpucoste

    from gpucoste.cli import ORDENES

    for orden in ORDENES:
        salida = gpucoste(orden, "--help", check=True).stdout
        assert not [f for f in faltas(salida) if f.startswith("paréntesis seguidos:")], (orden, faltas(salida))


def test_los_textos_de_un_grafico_se_leen():
    """Falta plantada: el eje «US$/hora» de un gráfico SVG (el texto del eje, no el alternativo)."""
    html = (
        '<article><figure><svg role="img" aria-label="Precio por hora."><text>US$/hora</text></svg></figure></article>'
    )
    assert any(f.startswith("US$/hora:") for f in faltas(prosa(html)[0])), prosa(html)[0]
    assert faltas(prosa(html.replace("US$/hora", "US$/h"))[0]) == []


def test_las_opciones_de_un_formulario_se_leen_como_palabras():
    """Falta plantada: «FP8» entre las opciones de una lista. Sin separarlas, el texto era «fp16FP8GGUF» y la regla
    de bf16 (palabra entera) no lo veía: el formulario de ¿Cabe mi modelo? lo enseñó así."""
    html = (
        '<article><form><label for="k">Formato de la caché KV</label><select id="k"><option>bf16</option>'
        "<option>FP8</option><option>GGUF Q8_0</option></select></form></article>"
    )
    texto_visible, tablas, ids = prosa(html)
    assert any(f.startswith("BF16:") for f in faltas(texto_visible, tablas, ids)), texto_visible
    assert faltas(prosa(html.replace("FP8", "fp8"))[0]) == []


@pytest.mark.parametrize(
    ("html", "falta"),
    [
        ('<article><p>Cada <em lang="en">host</em> fija su precio.</p></article>', "«host» es un término de la guía"),
        ('<article><p>Unos <em lang="en">endpoints</em> dedicados.</p></article>', "«endpoints» es un término"),
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
        "utilización",
        "rapidez",
        "us$/hora",
        "2026-10-29",
        "safetensors",
        "vast.ai (bajo demanda)",
    ]:
        assert palabra.lower() in columna, f"«{palabra}» no está en «No escribas» de la guía de estilo"
