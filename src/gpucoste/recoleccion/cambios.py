"""Tipos de cambio de la semana: el de cada organismo oficial → una fila fechada en ``cambios.csv`` (o ``moneda.csv``).

Lo ejecuta ``make cambios`` (``python -m gpucoste.recoleccion.cambios``) y, cada semana, el flujo
``.github/workflows/precios.yml``, junto con los precios. Usa la red solo ahí: las pruebas le dan
respuestas guardadas (``--guardadas``, ``tests/recoleccion/respuestas/cambios/``).

De dónde sale cada tipo (unidades de la moneda por un dólar, salvo el euro)
---------------------------------------------------------------------------
- **EUR**: el tipo de referencia diario del Banco Central Europeo (``eurofxref-daily.xml``), dólares por
  euro, como lo publica el BCE; actualiza la fila ``usd_por_eur`` de ``moneda.csv``.
- **MXN**: el FIX del Banco de México (API SIE, serie SF43718); pide un token gratuito (``BANXICO_TOKEN``).
- **COP**: la TRM que certifica la Superintendencia Financiera (datos.gov.co, conjunto 32sa-8pi3).
- **ARS**: la cotización del dólar de la API de estadísticas cambiarias del BCRA (Comunicación A 3500).
- **CLP**: el dólar observado del Banco Central de Chile (API SIETE, serie F073.TCO.PRE.Z.D); pide usuario
  y clave gratuitos (``BCCH_USUARIO``, ``BCCH_CLAVE``).
- **PEN**: el tipo de cambio del sistema bancario (SBS, venta) que publica el BCRP (serie PD04640PD).

Qué se escribe
--------------
- Una fila nueva al final de ``cambios.csv`` por moneda cuyo último dato publicado es más nuevo que el
  que hay; nunca se borra una fila. El euro reescribe su fila de ``moneda.csv`` (una sola por clave).
- Un organismo que falla, no responde, pide una credencial que no está o da un valor que se aleja más de
  ``SALTO_MAXIMO`` del anterior deja sus datos como estaban, y el resumen lo dice.
- La ``fuente`` es la URL pública de la serie, nunca con un token ni una clave.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import json
import os
import pathlib
import re
import sys
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gpucoste.base import esquema, formato, validacion
from gpucoste.base.validacion import Validado
from gpucoste.datos import paises
from gpucoste.recoleccion import precios as recolector

__all__ = [
    "FUENTES",
    "PAGINA_BCE",
    "SALTO_MAXIMO",
    "Fuente",
    "Lectura",
    "descargar",
    "guardadas",
    "leer_banxico",
    "leer_bce",
    "leer_bcch",
    "leer_bcra",
    "leer_bcrp",
    "leer_trm",
    "main",
    "recolectar",
    "resumen",
]

PAGINA_BCE = "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/eurofxref-graph-usd.en.html"
"""La página pública del tipo de referencia del dólar del BCE (la ``fuente`` de ``usd_por_eur``)."""

SALTO_MAXIMO = 0.5
"""Un tipo nuevo que se aleja más de esta fracción del anterior no se escribe: se revisa a mano."""

_MESES_BCRP = {
    "ene": 1, "feb": 2, "mar": 3, "abr": 4, "may": 5, "jun": 6,
    "jul": 7, "ago": 8, "set": 9, "sep": 9, "oct": 10, "nov": 11, "dic": 12,
}  # fmt: skip


def _numero(texto: object, que: str) -> float:
    try:
        x = float(str(texto).replace(",", "")) if not isinstance(texto, (int, float)) else float(texto)
    except ValueError:
        raise ValueError(f"{que}: {texto!r} no es un número") from None
    if not x > 0 or x != x or x == float("inf"):
        raise ValueError(f"{que}: {texto!r} no es un tipo de cambio positivo")
    return x


def _respuesta(organismo: str) -> Callable[[Callable[[str], tuple[str, float]]], Callable[[str], tuple[str, float]]]:
    """Decorador de los lectores de respuestas: la respuesta de la red es una entrada como otra, así que un texto
    que no es JSON, o un JSON sin los campos de la API (``KeyError``, ``IndexError``, ``TypeError``), es un
    ``ValueError`` en español que nombra el organismo, no una traza."""

    def decorar(leer: Callable[[str], tuple[str, float]]) -> Callable[[str], tuple[str, float]]:
        @functools.wraps(leer)
        def leer_respuesta(texto: str) -> tuple[str, float]:
            if not isinstance(texto, str):
                raise ValueError(f"{organismo}: {texto!r:.60} no vale; se admite el texto de su respuesta.")
            try:
                return leer(texto)
            except (json.JSONDecodeError, KeyError, IndexError, TypeError, AttributeError) as error:
                falta = f" (falta el campo {error.args[0]!r:.40})" if isinstance(error, KeyError) else ""
                raise ValueError(
                    f"{organismo}: la respuesta {texto!r:.60} no tiene la forma de su API{falta}; se admite la "
                    f"respuesta tal como la publica {organismo}."
                ) from None
            except ValueError as error:  # «la serie no trae ningún dato»: falta decir qué se admite
                if "se admite" in str(error):
                    raise
                raise ValueError(f"{error}; se admite la respuesta tal como la publica {organismo}.") from None

        return leer_respuesta

    return decorar


@_respuesta("BCE")
def leer_bce(texto: str) -> tuple[str, float]:
    """``eurofxref-daily.xml`` → (fecha, dólares por euro)."""
    fecha = re.search(r"time=['\"](\d{4}-\d{2}-\d{2})['\"]", texto)
    usd = re.search(r"currency=['\"]USD['\"]\s+rate=['\"]([0-9.]+)['\"]", texto)
    if not fecha or not usd:
        raise ValueError("BCE: la respuesta no trae la fecha o el tipo del dólar")
    return fecha.group(1), _numero(usd.group(1), "BCE")


@_respuesta("Banxico")
def leer_banxico(texto: str) -> tuple[str, float]:
    """Respuesta de la API SIE del Banco de México (serie SF43718) → (fecha, pesos por dólar)."""
    datos = json.loads(texto)["bmx"]["series"][0]["datos"]
    validos = [d for d in datos if str(d.get("dato", "")).replace(".", "", 1).replace(",", "").isdigit()]
    if not validos:
        raise ValueError("Banxico: la serie no trae ningún dato")
    d = validos[-1]
    dia, mes, anio = d["fecha"].split("/")
    return f"{anio}-{mes}-{dia}", _numero(d["dato"], "Banxico")


@_respuesta("TRM")
def leer_trm(texto: str) -> tuple[str, float]:
    """datos.gov.co (32sa-8pi3, ordenada por vigencia descendente) → (fecha de vigencia, pesos por dólar)."""
    filas = json.loads(texto)
    if not filas:
        raise ValueError("TRM: la respuesta no trae filas")
    fila = max(filas, key=lambda f: f["vigenciadesde"])
    return fila["vigenciadesde"][:10], _numero(fila["valor"], "TRM")


@_respuesta("BCRA")
def leer_bcra(texto: str) -> tuple[str, float]:
    """API de estadísticas cambiarias del BCRA (Cotizaciones/USD) → (fecha, pesos por dólar)."""
    resultados = json.loads(texto)["results"]
    resultados = resultados if isinstance(resultados, list) else [resultados]
    for r in sorted(resultados, key=lambda r: r["fecha"], reverse=True):
        for d in r.get("detalle", []):
            if d.get("codigoMoneda") == "USD" and d.get("tipoCotizacion"):
                return r["fecha"][:10], _numero(d["tipoCotizacion"], "BCRA")
    raise ValueError("BCRA: la respuesta no trae la cotización del dólar")


@_respuesta("Banco Central de Chile")
def leer_bcch(texto: str) -> tuple[str, float]:
    """API SIETE del Banco Central de Chile (GetSeries, dólar observado) → (fecha, pesos por dólar)."""
    d = json.loads(texto)
    if d.get("Codigo") != 0:
        raise ValueError(f"Banco Central de Chile: {d.get('Descripcion')}")
    obs = [o for o in d["Series"]["Obs"] or [] if o.get("statusCode") == "OK" and o.get("value") not in ("NaN", "")]
    if not obs:
        raise ValueError("Banco Central de Chile: la serie no trae ningún dato")
    dia, mes, anio = obs[-1]["indexDateString"].split("-")
    return f"{anio}-{mes}-{dia}", _numero(obs[-1]["value"], "Banco Central de Chile")


@_respuesta("BCRP")
def leer_bcrp(texto: str) -> tuple[str, float]:
    """API de series del BCRP (PD04640PD) → (fecha, soles por dólar); salta los días «n.d.»."""
    for periodo in reversed(json.loads(texto)["periods"]):
        valor = periodo["values"][0]
        if valor.replace(".", "", 1).isdigit():
            dia, mes, anio = periodo["name"].split(".")
            return f"20{anio}-{_MESES_BCRP[mes.casefold()]:02d}-{int(dia):02d}", _numero(valor, "BCRP")
    raise ValueError("BCRP: la serie no trae ningún dato")


@dataclass(frozen=True)
class Fuente(Validado):
    """Dónde y cómo se lee el tipo de una moneda."""

    moneda: str
    organismo: str
    publica: str
    """URL pública de la serie (la ``fuente`` de la fila): nunca lleva credenciales."""
    leer: Callable[[str], tuple[str, float]]
    credenciales: tuple[str, ...] = ()
    """Variables de entorno que hacen falta (sin ellas, la moneda se salta y el resumen lo dice)."""

    def url(self, hoy: dt.date) -> str:
        """La URL que se pide (con las credenciales del entorno, si las lleva)."""
        desde, hasta = (hoy - dt.timedelta(days=14)).isoformat(), hoy.isoformat()
        if self.moneda == "PEN":
            return f"{self.publica}/{desde}/{hasta}"
        if self.moneda == "CLP":
            consulta = {
                "user": os.environ.get("BCCH_USUARIO", ""),
                "pass": os.environ.get("BCCH_CLAVE", ""),
                "function": "GetSeries",
                "timeseries": "F073.TCO.PRE.Z.D",
                "firstdate": desde,
                "lastdate": hasta,
            }
            return "https://si3.bcentral.cl/SieteRestWS/SieteRestWS.ashx?" + urllib.parse.urlencode(consulta)
        return self.publica

    def cabeceras(self) -> dict[str, str]:
        return {"Bmx-Token": os.environ.get("BANXICO_TOKEN", "")} if self.moneda == "MXN" else {}


FUENTES = (
    Fuente(
        "EUR",
        "tipo de referencia del BCE",
        "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml",
        leer_bce,
    ),
    Fuente(
        "MXN",
        "FIX del Banco de México",
        "https://www.banxico.org.mx/SieAPIRest/service/v1/series/SF43718/datos/oportuno",
        leer_banxico,
        ("BANXICO_TOKEN",),
    ),
    Fuente(
        "COP",
        "TRM de la Superintendencia Financiera de Colombia",
        "https://www.datos.gov.co/resource/32sa-8pi3.json?$order=vigenciadesde%20DESC&$limit=1",
        leer_trm,
    ),
    Fuente(
        "ARS",
        "tipo de referencia del BCRA (Comunicación A 3500)",
        "https://api.bcra.gob.ar/estadisticascambiarias/v1.0/Cotizaciones/USD",
        leer_bcra,
    ),
    Fuente(
        "CLP",
        "dólar observado del Banco Central de Chile",
        "https://si3.bcentral.cl/graficoshchplus/?codGrafico=GRAF_EC_DOLAR",
        leer_bcch,
        ("BCCH_USUARIO", "BCCH_CLAVE"),
    ),
    Fuente(
        "PEN",
        "tipo de cambio bancario SBS de venta del BCRP",
        "https://estadisticas.bcrp.gob.pe/estadisticas/series/api/PD04640PD/json",
        leer_bcrp,
    ),
)
"""Una fuente por moneda de ``paises.csv``: el sitio declarado donde se añade una moneda al recolector."""


def descargar(fuente: Fuente, hoy: dt.date) -> str:
    """La respuesta del organismo (red): texto UTF-8."""
    peticion = urllib.request.Request(fuente.url(hoy), headers={"User-Agent": "gpucoste", **fuente.cabeceras()})
    with urllib.request.urlopen(peticion, timeout=60) as r:  # noqa: S310 - URLs fijas de FUENTES
        return r.read().decode("utf-8", "replace")


def guardadas(carpeta: pathlib.Path) -> Callable[[Fuente, dt.date], str]:
    """Respuestas guardadas (``carpeta/<MONEDA>.json`` o ``.xml``) en lugar de la red, para las pruebas."""
    if not isinstance(carpeta, str | os.PathLike) or not validacion.texto_de_campo(str(carpeta)):
        raise ValueError(f"carpeta: {validacion.corto(carpeta)} no vale; se admite la ruta de una carpeta.")
    carpeta = pathlib.Path(carpeta)

    def leer(fuente: Fuente, hoy: dt.date) -> str:
        for ext in ("json", "xml"):
            ruta = carpeta / f"{fuente.moneda}.{ext}"
            if ruta.exists():
                return ruta.read_text(encoding="utf-8")
        raise OSError(f"no hay respuesta guardada para {fuente.moneda} en {carpeta}")

    return leer


@dataclass(frozen=True)
class Lectura(Validado):
    """Lo que se leyó de una moneda, o por qué no."""

    moneda: str
    fecha: str | None = None
    por_usd: float | None = None
    anterior: paises.Cambio | None = None
    escrita: bool = False
    motivo: str = ""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.escrita and (self.fecha is None or self.por_usd is None):
            raise ValueError(
                f"Lectura: escrita=True con fecha={self.fecha!r} y por_usd={self.por_usd!r} no vale; se admite una "
                "lectura escrita con su fecha y su tipo."
            )


def _anterior(moneda: str) -> paises.Cambio | None:
    p = next((p for p in paises.paises() if p.moneda == moneda), None)
    try:
        return paises.cambio(p) if p else None
    except ValueError:
        return None


def _escribir(carpeta: pathlib.Path, fuente: Fuente, fecha: str, valor: float, hoy: str) -> None:
    """Añade la fila a ``cambios.csv`` (o reescribe ``usd_por_eur`` en ``moneda.csv``); si no valida, deshace.

    ``valor`` es como lo publica el organismo: dólares por euro (BCE) o unidades de la moneda por dólar.
    """
    vivo = "Enlace vivo: la serie pública del organismo, que el recolector vuelve a leer cada semana"
    nota = f"Leído por el recolector semanal el {hoy}. {vivo}"
    if fuente.moneda == "EUR":
        ruta = carpeta / "moneda.csv"
        antes = ruta.read_text(encoding="utf-8")
        filas = list(csv.reader(io.StringIO(antes)))
        nueva = {
            "valor": f"{valor:g}",
            "unidad": "US$ por €",
            "fecha": fecha,
            "leida": hoy,
            "fuente": PAGINA_BCE,
            "nota": "Tipo de referencia del Banco Central Europeo para el dólar "
            f"(1 € = {formato.numero(valor, 4)} US$) del {formato.fecha(fecha)}, "
            f"leído en eurofxref-daily.xml por el recolector semanal el {hoy}; el BCE lo publica solo a "
            f"título informativo. {vivo}",
        }
        for fila in filas[1:]:
            if fila and fila[0] == "usd_por_eur":  # cada celda en su columna, según la cabecera
                fila[:] = [nueva.get(columna, celda) for columna, celda in zip(filas[0], fila, strict=True)]
        salida = io.StringIO()
        csv.writer(salida, lineterminator="\n").writerows(filas)
        ruta.write_text(salida.getvalue(), encoding="utf-8")
    else:
        ruta = carpeta / "cambios.csv"
        antes = ruta.read_text(encoding="utf-8")
        sep = "" if antes.endswith("\n") else "\n"
        ruta.write_text(
            antes
            + sep
            + recolector.linea_csv(
                paises.Cambio(fuente.moneda, valor, fecha, fuente.organismo, fuente.publica, nota, leida=hoy),
                paises.CAMBIOS,
            ),
            encoding="utf-8",
        )
    try:
        esquema.limpiar()
        paises.cambios()
        paises.cambio("ES")
    except ValueError:
        ruta.write_text(antes, encoding="utf-8")
        esquema.limpiar()
        raise


def recolectar(
    carpeta: pathlib.Path, hoy: dt.date, obtener: Callable[[Fuente, dt.date], str] = descargar
) -> list[Lectura]:
    """Lee el último tipo de cada fuente y escribe los nuevos en ``carpeta``; devuelve qué pasó con cada moneda."""
    anterior_env = os.environ.get("GPUCOSTE_DATOS")
    os.environ["GPUCOSTE_DATOS"] = str(carpeta)
    esquema.limpiar()
    lecturas = []
    try:
        for fuente in FUENTES:
            previo = _anterior(fuente.moneda)
            faltan = [v for v in fuente.credenciales if not os.environ.get(v)]
            if faltan and obtener is descargar:
                lecturas.append(Lectura(fuente.moneda, anterior=previo, motivo=f"falta {', '.join(faltan)}"))
                continue
            try:
                fecha, valor = fuente.leer(obtener(fuente, hoy))
                validacion.fecha(fecha)
            except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
                lecturas.append(Lectura(fuente.moneda, anterior=previo, motivo=f"no se pudo leer: {error}"))
                continue
            por_usd = 1 / valor if fuente.moneda == "EUR" else valor
            if previo and fecha <= previo.fecha:
                lecturas.append(Lectura(fuente.moneda, fecha, por_usd, previo, motivo="sin dato nuevo"))
                continue
            if previo and abs(por_usd / previo.por_usd - 1) > SALTO_MAXIMO:
                salto = f"se aleja más del {SALTO_MAXIMO:.0%} del anterior; revísalo a mano"
                lecturas.append(Lectura(fuente.moneda, fecha, por_usd, previo, motivo=salto))
                continue
            _escribir(carpeta, fuente, fecha, valor, hoy.isoformat())
            lecturas.append(Lectura(fuente.moneda, fecha, por_usd, previo, escrita=True))
    finally:
        if anterior_env is None:
            os.environ.pop("GPUCOSTE_DATOS", None)
        else:
            os.environ["GPUCOSTE_DATOS"] = anterior_env
        esquema.limpiar()
    return lecturas


def resumen(lecturas: Sequence[Lectura]) -> str:
    """Sección «Tipos de cambio» del cuerpo de la pull request semanal."""
    lineas = ["", "### Tipos de cambio", ""]
    for lec in validacion.lista_de(lecturas, Lectura, "lecturas", de="las de recolector_cambios.recolectar()"):
        if lec.escrita:
            eur = lec.moneda == "EUR"  # el euro, como lo publica el BCE: dólares por euro
            unidad = "US$ por €" if eur else "por US$"
            valor = (lambda x: 1 / x) if eur else (lambda x: x)
            antes = f"{valor(lec.anterior.por_usd):.6g} ({lec.anterior.fecha})" if lec.anterior else "sin dato"
            lineas.append(f"- {lec.moneda}: {antes} → {valor(lec.por_usd):.6g} {unidad} ({lec.fecha})")
        else:
            lineas.append(f"- {lec.moneda}: sin cambios ({lec.motivo})")
    return "\n".join(lineas) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gpucoste.recoleccion.cambios``: lee los tipos oficiales y añade filas fechadas."""
    return recolector.orden(
        argv,
        prog="python -m gpucoste.recoleccion.cambios",
        descripcion="Lee el tipo de cambio de cada organismo oficial y añade filas fechadas a cambios.csv.",
        ayuda_datos="carpeta con cambios.csv y moneda.csv",
        ayuda_fecha="día de la consulta (AAAA-MM-DD; por defecto, hoy UTC)",
        opcion_guardadas=("--guardadas", "carpeta con respuestas guardadas, en lugar de la red"),
        ayuda_resumen="añade aquí la sección del cuerpo de la pull request",
        hacer=lambda carpeta, hoy, carpeta_guardadas: resumen(
            recolectar(carpeta, hoy, guardadas(carpeta_guardadas) if carpeta_guardadas else descargar)
        ),
        anadir_resumen=True,
    )


if __name__ == "__main__":
    sys.exit(main())
