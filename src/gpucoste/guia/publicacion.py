"""Los datos publicados con el sitio: tablas de la página de precios y los ficheros descargables.

El hook ``construccion/datos.py`` copia ``ficheros()`` en ``datos/`` del sitio construido
(nunca en ``docs/``); la página ``docs/precios.md`` muestra las tablas de aquí. Los datos se publican
bajo ``LICENCIA``; el código, bajo la MIT del proyecto.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from types import MappingProxyType
from urllib.parse import urlsplit

import pandas as pd

from gpucoste import datos
from gpucoste.base import esquema, validacion
from gpucoste.base.formato import DOLAR, fecha, nivel, numero, periodo, tipo_precio
from gpucoste.calculo import memoria
from gpucoste.datos import ORIGENES_RECOLECTOR, frescura, historial
from gpucoste.dinero import proveedores

__all__ = [
    "CARPETA",
    "CONCEPTOS",
    "ETIQUETAS",
    "LICENCIA",
    "ORIGENES_RECOLECTOR",
    "TABLAS_PROPIAS",
    "UNIDADES",
    "datapackage",
    "del_recolector",
    "descargas",
    "enlace",
    "ficheros",
    "lecturas_por_proveedor",
    "precio",
    "referencia",
    "tabla_frescura",
    "tabla_hardware",
    "tabla_mas_baratos",
    "tabla_otros_datos",
    "tabla_precios",
    "tabla_sin_cambios",
    "tabla_tarifas",
]


LICENCIA = MappingProxyType(
    {
        "name": "CC-BY-4.0",
        "title": "Creative Commons Atribución 4.0 Internacional",
        "path": "https://creativecommons.org/licenses/by/4.0/deed.es",
    }
)
"""Licencia de los datos (los CSV y ``datapackage.json``): se pueden reutilizar citando a gpucoste."""

CARPETA = "datos"
"""Carpeta del sitio donde se publican los CSV y ``datapackage.json``."""


def enlace(url: str) -> str:
    """Enlace Markdown corto a una fuente: ``owner/repo`` en GitHub, el dominio en el resto (como código)."""
    partes = urlsplit(validacion.url(url, "url"))
    trozos = [t for t in partes.path.split("/") if t]
    host = partes.netloc.removeprefix("www.")
    texto = f"{trozos[0]}/{trozos[1]}" if host == "github.com" and len(trozos) >= 2 else host
    return f"[`{texto}`]({url})"


def precio(x: float) -> str:
    """Precio por hora con dos decimales, como todos los precios de la guía (una mediana de ofertas, 3,4309 US$/h,
    se lee «3,43»)."""
    x = validacion.numero(x, "precio", cero=True)
    return numero(x, 2)


def referencia() -> dt.date:
    """Fecha del precio más reciente de los datos: la página marca como antiguas las filas anteriores
    a ella en más de ``frescura.UMBRAL_DIAS`` días (así la página no cambia solo porque pasan los días)."""
    return frescura.ultima_lectura()


def _aviso(fecha: str, hoy: dt.date, atipica: bool = False) -> str:
    avisos = ["atípico"] if atipica else []
    dias = frescura.dias_antes(fecha, hoy)
    if frescura.es_antiguo(fecha, hoy):
        avisos.append(f"antiguo ({dias} días)")
    return ", ".join(avisos)


def tabla_precios(hoy: dt.date | None = None) -> pd.DataFrame:
    """Cada fila de ``precios.csv``, por GPU, proveedor, nivel y fecha, con su fuente y sus avisos."""
    hoy = referencia() if hoy is None else validacion.dia(hoy, "hoy")
    filas = sorted(datos.precios(), key=lambda p: (p.gpu, p.proveedor, p.nivel, frescura.dia(p.fecha)))
    return pd.DataFrame(
        {
            "GPU": [p.gpu for p in filas],
            "Proveedor": [p.proveedor for p in filas],
            "Nivel": [nivel(p.nivel, p.proveedor) for p in filas],
            f"{DOLAR}/h": [precio(p.precio_hora_usd) for p in filas],
            "Tipo": [tipo_precio(p.tipo) for p in filas],
            "Fecha": [fecha(p.fecha) for p in filas],
            "Fuente": [enlace(p.fuente) for p in filas],
            "Aviso": [_aviso(p.fecha, hoy, historial.atipico(p)) for p in filas],
        }
    )


def tabla_mas_baratos() -> pd.DataFrame:
    """El precio por hora más bajo de hoy de cada GPU con precio: el bajo demanda (``modalidades.precio_bajo_demanda``,
    el mismo de las calculadoras) y la instancia interrumpible más barata leída, si la hay; cada uno con dónde, su tipo
    y su fecha (con «antiguo» si lo es). Las GPU, de menos a más memoria."""
    from gpucoste.calculo import modalidades, ranking

    vigentes = ranking.precios_vigentes(estimaciones=True)

    def celda(p: datos.Precio | None, donde: str = "") -> str:
        if p is None:
            return "—"
        return (
            f"{precio(p.precio_hora_usd)} {DOLAR}/h en {donde or p.proveedor_y_nivel}; {tipo_precio(p.tipo)}, "
            f"{frescura.fecha_con_aviso(p.fecha)}"
        )

    filas = []
    for gpu in sorted({p.gpu for p in vigentes}, key=lambda g: (datos.especificaciones()[g].vram_gb, g)):
        fijos = [p for p in vigentes if p.gpu == gpu and p.nivel != modalidades.INTERRUMPIBLE]
        cortes = [p for p in vigentes if p.gpu == gpu and p.nivel == modalidades.INTERRUMPIBLE and not p.estimacion]
        fijo = modalidades.precio_bajo_demanda(gpu) if fijos else None
        corte = min(cortes, key=lambda p: (p.precio_hora_usd, p.proveedor)) if cortes else None
        interrumpible = celda(corte, corte.proveedor) if corte else celda(None)
        filas.append({"GPU": gpu, "bajo demanda": celda(fijo), "interrumpible": interrumpible})
    return pd.DataFrame(filas)


def tabla_sin_cambios() -> pd.DataFrame:
    """Las series del historial en las que ningún precio cambió (``historial.sin_cambios``): una fila por GPU,
    proveedor y nivel con su cifra, cuántas lecturas la repiten y la primera y la última fecha. Las series que sí
    cambiaron tienen gráfico."""
    filas = [
        (gpu, proveedor, nivel_, lecturas)
        for (gpu, proveedor), niveles in historial.sin_cambios().items()
        for nivel_, lecturas in niveles.items()
    ]
    return pd.DataFrame(
        {
            "GPU": [f[0] for f in filas],
            "Proveedor": [f[1] for f in filas],
            "Nivel": [nivel(f[2], f[1]) for f in filas],
            f"{DOLAR}/h": [precio(f[3][0].precio_hora_usd) for f in filas],
            "Lecturas": [len(f[3]) for f in filas],
            "Primera": [fecha(f[3][0].fecha) for f in filas],
            "Última": [fecha(f[3][-1].fecha) for f in filas],
        }
    )


def del_recolector(p: datos.Precio) -> bool:
    """¿Escribió la fila el recolector semanal? Sí si es una mediana con una de sus fuentes
    (``ORIGENES_RECOLECTOR``); cualquier otra la tomó una persona."""
    if not isinstance(p, datos.Precio):
        raise ValueError(f"p: {p!r} no vale; se admite un gpucoste.datos.Precio.")
    return p.tipo == "mediana" and p.fuente.startswith(ORIGENES_RECOLECTOR)


def lecturas_por_proveedor() -> list[tuple[str, datos.Precio | None, int]]:
    """Por proveedor: su lectura más reciente (la fila más nueva que no es una estimación; ``None`` si solo
    tiene estimaciones) y cuántas estimaciones tiene. En orden de proveedor."""
    salida = []
    for proveedor in datos.proveedores():
        filas = [p for p in datos.precios() if p.proveedor == proveedor]
        leidas = [p for p in filas if not p.estimacion]
        nueva = max(leidas, key=lambda p: frescura.dia(p.fecha)) if leidas else None
        salida.append((proveedor, nueva, len(filas) - len(leidas)))
    return salida


def tabla_frescura() -> pd.DataFrame:
    """Por proveedor: fecha de su lectura más reciente, su tipo, quién la tomó (el recolector o una persona)
    y cuántas de sus filas son estimaciones."""
    filas = lecturas_por_proveedor()

    def quien(p: datos.Precio | None) -> str:
        if p is None:
            return "—"
        return "el recolector semanal" if del_recolector(p) else "una persona, a mano"

    return pd.DataFrame(
        {
            "Proveedor": [prov for prov, _, _ in filas],
            "Lectura más reciente": ["solo estimaciones" if p is None else fecha(p.fecha) for _, p, _ in filas],
            "Tipo": ["—" if p is None else tipo_precio(p.tipo) for _, p, _ in filas],
            "La tomó": [quien(p) for _, p, _ in filas],
            "Estimaciones": [str(n) for _, _, n in filas],
        }
    )


# Cómo se leen en la página las claves de tarifas.csv (la guía de estilo: transferencia de entrada y de salida,
# «US$/GB y mes»); los datos conservan sus claves.
CONCEPTOS = MappingProxyType({"subida": "transferencia de entrada", "bajada": "transferencia de salida"})
UNIDADES = MappingProxyType({"GB-mes": "GB y mes"})


def tabla_tarifas(hoy: dt.date | None = None) -> pd.DataFrame:
    """Cada fila de ``tarifas.csv`` (almacenamiento y transferencia), con su fuente."""
    hoy = referencia() if hoy is None else validacion.dia(hoy, "hoy")
    filas = sorted(datos.tarifas(), key=lambda t: (t.proveedor, t.concepto))
    return pd.DataFrame(
        {
            "Proveedor": [t.proveedor for t in filas],
            "Concepto": [CONCEPTOS.get(t.concepto, t.concepto) for t in filas],
            "Unidad": [UNIDADES.get(t.unidad, t.unidad) for t in filas],
            f"{DOLAR} mín.": [precio(t.precio_min_usd) for t in filas],
            f"{DOLAR} máx.": [precio(t.precio_max_usd) for t in filas],
            "Cobra detenida": ["sí" if t.cobra_parada else "no" for t in filas],
            "Fecha": [fecha(t.fecha) for t in filas],
            "Fuente": [enlace(t.fuente) for t in filas],
            "Aviso": [_aviso(t.fecha, hoy) for t in filas],
        }
    )


def tabla_hardware() -> pd.DataFrame:
    """Cada fila de ``hardware.csv`` (precio de compra, con su fuente) y la VRAM de la GPU (de ``gpus.csv``)."""
    orden = {e: i for i, e in enumerate(datos.ESTADOS_COMPRA)}
    filas = sorted(datos.hardware(), key=lambda h: (h.gpu, orden[h.estado], h.mercado, h.fecha))
    fichas = datos.especificaciones()
    return pd.DataFrame(
        {
            "GPU": [h.gpu for h in filas],
            "VRAM (GB)": [numero(fichas[h.gpu].vram_gb, 0) for h in filas],
            f"Compra ({DOLAR})": [
                "—" if h.precio_compra_usd is None else numero(h.precio_compra_usd, 0) for h in filas
            ],  # noqa: E501
            "Precio": [h.estado for h in filas],
            "Mercado": [h.mercado or "—" for h in filas],
            "Fecha": [fecha(h.fecha) for h in filas],
            "Fuente": [enlace(h.fuente) for h in filas],
        }
    )


# Los CSV que la página de precios ya muestra en sus propias tablas; «otros datos» son todos los demás.
TABLAS_PROPIAS = ("precios.csv", "tarifas.csv", "hardware.csv")
# Columnas que no son el dato sino su procedencia (la fecha y la fuente van en sus propias columnas).
_PROCEDENCIA = ("fecha", "fecha_precio", "leida", "fuente", "origen", "nota", "descripcion")
_MAX_VALORES = 3


def _valor(x: object) -> str:
    """Un valor de una fila tal como se lee: números en español (enteros sin decimales), booleanos en palabras."""
    if x is None or x == "":
        return "—"
    if isinstance(x, bool):
        return "sí" if x else "no"
    if isinstance(x, int | float):
        return numero(x, 0) if float(x).is_integer() else numero(x, 4).rstrip("0").rstrip(",")
    return str(x)


# Columnas cuyo valor es un identificador (``aspecto``: «facturacion»; ``clave``: «mfu»), no una palabra.
_IDENTIFICADORES = ("clave", "aspecto", "concepto")


# Cómo se lee en «Otros datos citados» cada columna de valor (el nombre de la columna, en el CSV y en la descarga).
ETIQUETAS = MappingProxyType(
    {
        "veces": "veces",
        "entrada_usd_millon": f"entrada ({DOLAR} por millón de tokens)",
        "salida_usd_millon": f"salida ({DOLAR} por millón de tokens)",
        "por_usd": "por dólar",
        "precio_local": "precio con impuestos",
        "precio_kwh": "precio del kWh",
        "gb_gratis_mes": "GB gratis al mes",
        "tokens_s": "tokens/s",
        "fraccion_min": "fracción mínima",
        "fraccion_max": "fracción máxima",
        "valor_min": "mínimo",
        "valor_max": "máximo",
        "gpu": "se cobra la GPU",
        "disco": "se cobra el disco",
        "red": "se cobra la transferencia",
        "ventana": "ventana (tokens)",
        "capas_con_ventana": "capas con ventana",
        "dias_sumados": "días sumados",
        "lora": "LoRA",
        "completo": "fine-tuning completo",
    }
)


def _clave(valor: object, columna: str, proveedor: str | None = None) -> str:
    """Una parte de la clave de una fila en palabras: el concepto, el aspecto, el nivel y el periodo, como los
    dicen las páginas; el resto, como ``_valor`` (un identificador, como código)."""
    if columna == "concepto":
        return CONCEPTOS.get(str(valor), str(valor))
    if columna == "aspecto":
        return proveedores.TITULOS.get(str(valor), str(valor))
    if columna == "nivel":
        return nivel(str(valor), proveedor)
    if columna == "periodo":
        return periodo(str(valor))
    if columna == "metodo" and str(valor) in memoria.NOMBRES_METODOS:
        return memoria.NOMBRES_METODOS[str(valor)]  # «LoRA», «fine-tuning completo»: como en las páginas
    if columna == "meses" and isinstance(valor, int):
        return "sin plazo" if valor == 0 else f"{valor} {'mes' if valor == 1 else 'meses'}"
    return _codigo(_valor(valor), columna)


def _codigo(texto: str, columna: str = "") -> str:
    """Un identificador de los datos (``usd_por_eur``, ``finetuning-lora-7b``) como código; el resto, tal cual."""
    identificador = re.fullmatch(r"[a-z0-9_.-]+", texto) and (columna in _IDENTIFICADORES or re.search(r"[_-]", texto))
    return f"`{texto}`" if identificador else texto


def _leido(valor: object, columna: str) -> str:
    """Un valor de una fila para leer: la unidad del CSV en palabras (``UNIDADES``); el resto, como ``_codigo``."""
    if columna == "unidad":
        return UNIDADES.get(str(valor), str(valor))
    return _codigo(_valor(valor))


def _fuente(texto: str) -> str:
    """La fuente como enlace corto si es una URL; si no (la primera versión de esta guía, una estimación), el texto."""
    url = re.match(r"https://\S+", texto)
    if url is None:
        return texto or "—"
    resto = texto[url.end() :].strip()  # «https://… (el mínimo es una estimación)»: el enlace y su aclaración
    return enlace(url[0]) + (f" {resto}" if resto else "")


def tabla_otros_datos() -> pd.DataFrame:
    """Cada fila de los demás CSV declarados en ``gpucoste.base.esquema`` (todos salvo ``TABLAS_PROPIAS``).

    Una fila por fila de datos: el fichero, qué es (su clave), su valor (hasta ``_MAX_VALORES`` columnas; si
    tiene más, cuántas), la fecha y la fuente (enlace si es una URL). Sale de la declaración de cada tabla, así
    que un CSV nuevo aparece aquí sin tocar la página.
    """
    esquema.datapackage()  # registra todas las tablas declaradas
    filas = []
    for fichero in sorted(set(esquema.TABLAS) - set(TABLAS_PROPIAS)):
        tabla = esquema.TABLAS[fichero]
        nombres = [c.nombre for c in tabla.columnas]
        clave = [c for c in tabla.clave if c not in _PROCEDENCIA]
        valores = [c for c in nombres if c not in clave and c not in _PROCEDENCIA]
        for fila in esquema.cargar(tabla):
            if len(valores) > _MAX_VALORES:
                valor = f"{len(valores)} columnas (en el CSV)"
            else:
                valor = "; ".join(f"{ETIQUETAS.get(c, c)}: {_leido(getattr(fila, c), c)}" for c in valores)
            dia = getattr(fila, "fecha", None) or getattr(fila, "fecha_precio", None)
            fuente = getattr(fila, "fuente", None) or getattr(fila, "origen", None) or ""
            filas.append(
                {
                    "Fichero": f"`{fichero}`",
                    # Con descripción (supuestos, ajustes), la descripción: la clave («grande_bajada_gb») es del CSV.
                    "Dato": getattr(fila, "descripcion", None)
                    or " · ".join(_clave(getattr(fila, c), c, getattr(fila, "proveedor", None)) for c in clave),
                    "Valor": valor,
                    "Fecha": fecha(dia) if dia else "—",
                    "Fuente": _fuente(fuente),
                }
            )
    return pd.DataFrame(filas)


def datapackage() -> dict:
    """``datapackage.json``: la descripción de ``gpucoste.base.esquema`` con la licencia de los datos."""
    return {**esquema.datapackage(), "licenses": [dict(LICENCIA)]}


def ficheros() -> dict[str, bytes]:
    """Los ficheros publicados en ``datos/`` del sitio: cada CSV descrito en ``datapackage.json``, tal cual, y él."""
    paquete = datapackage()
    salida = {r["path"]: esquema.contenido(esquema.TABLAS[r["path"]]) for r in paquete["resources"]}
    salida["datapackage.json"] = (json.dumps(paquete, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return salida


def descargas() -> pd.DataFrame:
    """Los ficheros descargables: enlace (relativo a la página de precios), filas y columnas.

    La salida de un snippet no pasa por la reescritura de enlaces de MkDocs: el enlace va relativo a la URL
    publicada de la página, ``/precios/`` (``use_directory_urls``), así que sube un nivel.
    """
    paquete = datapackage()
    filas = [
        {
            "Fichero": f"[`{r['path']}`](../{CARPETA}/{r['path']})",
            "Filas": numero(len(esquema.cargar(esquema.TABLAS[r["path"]])), 0),
            "Columnas": ", ".join(f"`{c['name']}`" for c in r["schema"]["fields"]),
        }
        for r in paquete["resources"]
    ]
    filas.append({"Fichero": f"[`datapackage.json`](../{CARPETA}/datapackage.json)", "Filas": "—", "Columnas": "—"})
    return pd.DataFrame(filas)
