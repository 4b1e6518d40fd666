"""Recolector de precios: ofertas de gpuhunt → una mediana por GPU → filas nuevas al final de ``precios.csv``.

Lo ejecuta ``make precios`` (``python -m gpucoste.recoleccion.precios``) y, cada semana, el flujo
``.github/workflows/precios.yml``, que abre una pull request con lo que se movió. Es lo único del
proyecto que usa la red, y solo ahí: las pruebas le dan ofertas guardadas (``--ofertas``).

Cómo se obtiene cada cifra
--------------------------
- Las ofertas vienen de **gpuhunt** (dstackai/gpuhunt, MPL-2.0; grupo ``precios`` de ``pyproject.toml``,
  importado solo al recolectar), de cada proveedor de ``PROVEEDORES`` que no pide cuenta: Vast.ai, de su API
  pública (``console.vast.ai/api/v0/bundles``), dos veces, verificadas y sin verificar; los de acceso
  ``catalogo`` (todos los catálogos que gpuhunt publica: RunPod, AWS, GCP, Lambda, Azure, Verda, Nebius, Oracle
  Cloud y CloudRift), del catálogo de cada día (un fichero por proveedor y versión: esa URL es la ``fuente``); los
  de acceso ``en_linea`` (Lium y Vultr), de su API pública, leída con el código de gpuhunt. Los demás proveedores
  de gpuhunt están en ``NO_LEIDOS``, con el motivo (piden una cuenta o solo dan estimaciones).
- Cuentan solo las ofertas **de una sola GPU**, bajo demanda o, donde el proveedor tiene nivel interrumpible
  (``Proveedor.interrumpible``), spot, cuyo nombre (el de gpuhunt, ``GPUS``) y
  VRAM (la de ``gpus.csv``, con un margen de ``MARGEN_VRAM``) coinciden con una GPU de la guía; donde gpuhunt
  junta variantes («A100», «H100»), la forma PCIe o SXM sale del nombre de la instancia (``es_pcie``).
- El **nivel** sale de la oferta: en Vast.ai, verificada → ``verificado`` y sin verificar →
  ``comunidad``; en RunPod, un centro de datos (``EU-RO-1``) es Secure Cloud → ``seguro`` y un país
  (``US``) es Community Cloud → ``comunidad``; una oferta spot → ``interrumpible``; las demás, ``bajo_demanda``.
- El precio es la **mediana** de esas ofertas, con cuatro decimales (``tipo`` ``mediana``), y la ``nota``
  dice de cuántas.
  En un marketplace (Vast.ai), una mediana de ``POCAS_OFERTAS`` ofertas o menos se marca como **valor
  atípico por poca oferta** (como la fila de H100 del 2026-10-07); la fila se añade igual, marcada.

Qué se escribe
--------------
- Solo se **añaden** filas al final del CSV; nunca se reescribe ni se borra una fila.
- Se recoge cada (GPU, proveedor, nivel) que ya tiene filas en ``precios.csv``, cualquier GPU de
  ``GPUS`` que aún no tiene ninguna (así se añade una GPU nueva: una línea en ``GPUS`` y su fila en
  ``gpus.csv``) y todo lo de un proveedor de ``PROVEEDORES`` que aún no tiene ninguna (así entra uno nuevo).
- No se añade una fila igual (mismo precio) a la última de su clave **en la misma semana ISO**, ni una
  segunda fila del mismo día (la clave de ``precios.csv`` incluye la fecha).
- Un proveedor que falla o no devuelve ofertas deja sus datos como estaban, y el informe lo dice.
  Nunca se escribe un precio cero, negativo ni vacío.

Dónde está cada parte
---------------------
Qué ofertas cuentan y de qué GPU y nivel es cada una, en ``recoleccion.ofertas_gpuhunt``; cada fuente, en su
módulo (``fuente_vast``: la API de Vast.ai; ``fuente_catalogo``: los catálogos de gpuhunt); aquí, las medianas,
las filas nuevas, el informe y la orden. Todo se importa de aquí.
"""

from __future__ import annotations

if __name__ == "__main__":  # «python -m gpucoste.recoleccion.precios»: la orden del módulo con su nombre
    import sys

    from gpucoste.recoleccion.precios import main

    sys.exit(main())

import argparse
import contextlib
import csv
import datetime as dt
import difflib
import io
import logging
import os
import pathlib
import re
import shutil
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base import esquema, paquete, validacion
from gpucoste.base.formato import DOLAR, numero, porcentaje
from gpucoste.base.validacion import Validado
from gpucoste.datos import API_VAST, CATALOGO_GPUHUNT, frescura, historial
from gpucoste.recoleccion.fuente_catalogo import consultar_catalogo
from gpucoste.recoleccion.fuente_en_linea import consultar_en_linea
from gpucoste.recoleccion.fuente_vast import consultar_vast
from gpucoste.recoleccion.ofertas_gpuhunt import (
    GPUS,
    MARGEN_VRAM,
    NO_LEIDOS,
    PROVEEDORES,
    Oferta,
    Proveedor,
    Resultado,
    es_pcie,
    gpu_de,
    nivel,
    ofertas,
)

__all__ = [
    "API_VAST",
    "CATALOGO_GPUHUNT",
    "Cambio",
    "GPUS",
    "es_pcie",
    "gpu_de",
    "Informe",
    "Lectura",
    "MARGEN_VRAM",
    "NIVELES_EN_NOTA",
    "NO_LEIDOS",
    "Oferta",
    "POCAS_OFERTAS",
    "PROVEEDORES",
    "Proveedor",
    "Resultado",
    "anadir",
    "consultar",
    "linea_csv",
    "lunes",
    "main",
    "orden",
    "medianas",
    "misma_semana",
    "nivel",
    "nota",
    "ofertas",
    "planificar",
    "pocas_ofertas",
    "recolectar",
    "resumen",
    "ultimas",
]

# Las ofertas se definen en ``recoleccion.ofertas_gpuhunt``; su nombre es el de siempre,
# «gpucoste.recoleccion.precios.Oferta».
paquete.publicar(__name__, Oferta, Proveedor, Resultado)

POCAS_OFERTAS = 3
"""En un marketplace, una mediana de este número de ofertas o menos es un valor atípico por poca oferta."""


@dataclass(frozen=True)
class Lectura(Validado):
    """La mediana de las ofertas de una (GPU, proveedor, nivel)."""

    gpu: str
    proveedor: str
    nivel: str
    mediana: float
    ofertas: int

    @property
    def clave(self) -> tuple[str, str, str]:
        return (self.gpu, self.proveedor, self.nivel)


@dataclass(frozen=True)
class Cambio(Validado):
    anterior: datos.Precio | None
    nueva: datos.Precio
    ofertas: int

    @property
    def variacion(self) -> float | None:
        """Cambio relativo frente a la fila anterior de la misma clave (``0.1`` = +10 %)."""
        if self.anterior is None:
            return None
        return self.nueva.precio_hora_usd / self.anterior.precio_hora_usd - 1


@dataclass
class Informe(Validado):
    fecha: str
    cambios: list[Cambio] = field(default_factory=list)
    avisos: list[str] = field(default_factory=list)

    @property
    def filas(self) -> list[datos.Precio]:
        return [c.nueva for c in self.cambios]


def medianas(lista: Iterable[Oferta]) -> list[Lectura]:
    """Una ``Lectura`` (mediana con cuatro decimales y número de ofertas) por (GPU, proveedor, nivel)."""
    grupos: dict[tuple[str, str, str], list[float]] = {}
    for o in validacion.lista_de(lista, Oferta, "lista", de="las de recolector.ofertas()"):
        grupos.setdefault((o.gpu, o.proveedor, o.nivel), []).append(o.precio)
    return [Lectura(*clave, round(statistics.median(p), 4), len(p)) for clave, p in sorted(grupos.items())]


def misma_semana(a: str, b: str) -> bool:
    """¿Caen ``a`` y ``b`` (AAAA-MM-DD o AAAA-MM) en la misma semana ISO?"""
    return validacion.fecha(a).isocalendar()[:2] == validacion.fecha(b).isocalendar()[:2]


def lunes(fecha: str) -> str:
    """El lunes de la semana ISO de ``fecha``: la semana del título de la pull request."""
    dia = validacion.fecha(fecha)
    return (dia - dt.timedelta(days=dia.weekday())).isoformat()


def pocas_ofertas(lectura: Lectura) -> bool:
    """Una mediana de un marketplace con ``POCAS_OFERTAS`` ofertas o menos."""
    validacion.instancia(lectura, Lectura, "lectura", de="una de recolector.medianas()")
    mercado = any(p.mercado for p in PROVEEDORES.values() if p.nombre == lectura.proveedor)
    return mercado and lectura.ofertas <= POCAS_OFERTAS


NIVELES_EN_NOTA = MappingProxyType(
    {
        ("Vast.ai", "verificado"): "verificadas",
        ("Vast.ai", "comunidad"): "sin verificar",
        ("RunPod", "seguro"): "de Secure Cloud",
        ("RunPod", "comunidad"): "de Community Cloud",
    }
)


def nota(lectura: Lectura, origen: str) -> str:
    """Cómo se obtuvo la cifra: la nota de la fila (la palabra «atípico» marca los valores atípicos)."""
    validacion.instancia(lectura, Lectura, "lectura", de="una de recolector.medianas()")
    origen = validacion.texto(origen, "origen")
    cuantas = "1 oferta" if lectura.ofertas == 1 else f"{lectura.ofertas} ofertas"
    tipo = NIVELES_EN_NOTA.get((lectura.proveedor, lectura.nivel))
    modalidad = "spot (interrumpibles)" if lectura.nivel == "interrumpible" else "bajo demanda"
    texto = f"mediana de {cuantas} {modalidad} de 1 GPU{f' {tipo}' if tipo else ''} en {origen}, leídas con gpuhunt"
    if pocas_ofertas(lectura):
        texto += f"; con solo {cuantas}, es un valor atípico por poca oferta"
    return texto


def ultimas(historial: Iterable[datos.Precio]) -> dict[tuple[str, str, str], datos.Precio]:
    """La fila más reciente de cada (GPU, proveedor, nivel); si empatan en fecha, la última del fichero."""
    salida: dict[tuple[str, str, str], datos.Precio] = {}
    for p in validacion.lista_de(historial, datos.Precio, "historial", de="p. ej. datos.precios()"):
        clave = (p.gpu, p.proveedor, p.nivel)
        if clave not in salida or validacion.fecha(p.fecha) >= validacion.fecha(salida[clave].fecha):
            salida[clave] = p
    return salida


def planificar(
    historial: Sequence[datos.Precio], resultados: Iterable[Resultado], fecha: str, gpus: dict[str, str] = GPUS
) -> Informe:
    """Las filas que hay que añadir con fecha ``fecha``, y los avisos (qué proveedor falló, qué se omitió).

    Función pura: no lee ni escribe ficheros. ``historial`` es ``datos.precios()``.
    """
    validacion.fecha(fecha)
    if isinstance(resultados, str | bytes | dict) or not isinstance(resultados, Iterable):
        raise ValueError(f"resultados: {validacion.corto(resultados)} no vale; se admite una lista de Resultado.")
    resultados = validacion.lista_de(list(resultados), Resultado, "resultados", de="los de recolector.consultar()")
    informe = Informe(fecha)
    previas = ultimas(historial)
    con_filas = {p.gpu for p in historial}
    proveedores_con_filas = {p.proveedor for p in historial}
    for r in resultados:
        prov = PROVEEDORES[validacion.opcion(r.proveedor, "Proveedor de gpuhunt", PROVEEDORES)]
        if r.error:
            informe.avisos.append(f"{prov.nombre}: falló ({r.error}); sus precios se quedan como estaban.")
            continue
        informe.avisos += [f"{prov.nombre}: gpuhunt avisó: {aviso}" for aviso in r.avisos]
        cubiertas = {c for c in previas if c[1] == prov.nombre and c[0] in gpus}
        lecturas = [
            lec
            for lec in medianas(ofertas(r.ofertas, gpus))
            # una GPU nueva de GPUS entra con todos sus niveles; un proveedor nuevo, con todas sus GPU
            if lec.clave in cubiertas or lec.gpu not in con_filas or prov.nombre not in proveedores_con_filas
        ]
        if not lecturas:
            informe.avisos.append(f"{prov.nombre}: ninguna oferta que cuente; sus precios se quedan como estaban.")
            continue
        for clave in sorted(cubiertas - {lec.clave for lec in lecturas}):
            informe.avisos.append(f"{prov.nombre}: sin ofertas de {clave[0]} ({clave[2]}); esa fila no cambia.")
        for lec in lecturas:
            anterior = previas.get(lec.clave)
            if anterior is not None and anterior.fecha == fecha:
                informe.avisos.append(f"{prov.nombre}: {lec.gpu} ({lec.nivel}) ya tiene una fila del {fecha}.")
                continue
            if anterior is not None and anterior.precio_hora_usd == lec.mediana and misma_semana(anterior.fecha, fecha):
                continue  # la misma cifra en la misma semana: nada nuevo que contar
            validacion.numero(lec.mediana, f"precio de {lec.gpu} en {prov.nombre}")
            nueva = datos.Precio(
                lec.gpu, prov.nombre, lec.nivel, lec.mediana, fecha, r.fuente, nota(lec, prov.origen), "mediana", fecha
            )  # leida = fecha: el catálogo o la API de ese día, leídos ese día
            informe.cambios.append(Cambio(anterior, nueva, lec.ofertas))
    return informe


@contextlib.contextmanager
def _datos_de(carpeta: pathlib.Path) -> Iterator[None]:
    """Lee los datos de ``carpeta`` (GPUCOSTE_DATOS) mientras dura el bloque; después, como estaba."""
    anterior = os.environ.get("GPUCOSTE_DATOS")
    os.environ["GPUCOSTE_DATOS"] = str(carpeta)
    datos.limpiar_cache()
    try:
        yield
    finally:
        if anterior is None:
            os.environ.pop("GPUCOSTE_DATOS")
        else:
            os.environ["GPUCOSTE_DATOS"] = anterior
        datos.limpiar_cache()


def linea_csv(registro, tabla: esquema.Tabla | None = None) -> str:
    """La fila de ``registro`` en el formato de su CSV (por defecto, ``precios.csv``): sus columnas en el orden
    declarado, que es el de la cabecera, los números con ``:g``, las vacías en blanco y comillas solo donde hacen
    falta."""
    tabla = tabla or datos.PRECIOS
    validacion.instancia(registro, tabla.fila, "registro")
    celdas = []
    for columna in tabla.columnas:
        valor = getattr(registro, columna.nombre)
        celdas.append("" if valor is None else f"{valor:g}" if isinstance(valor, float) else str(valor))
    salida = io.StringIO()
    csv.writer(salida, lineterminator="\n").writerow(celdas)
    return salida.getvalue()


def anadir(carpeta: pathlib.Path, filas: Sequence[datos.Precio]) -> None:
    """Añade ``filas`` al final de ``carpeta/precios.csv`` sin tocar las que ya hay.

    Después vuelve a cargar los datos; si dejaran de validar, devuelve el fichero a como estaba.
    """
    filas = validacion.lista_de(filas, datos.Precio, "filas")
    if not isinstance(carpeta, str | os.PathLike) or not (pathlib.Path(carpeta) / "precios.csv").is_file():
        raise ValueError(f"carpeta: {carpeta!r} no vale; se admite la carpeta de los datos, con su precios.csv.")
    ruta = pathlib.Path(carpeta) / "precios.csv"
    antes = ruta.read_bytes()
    texto = ("" if antes.endswith(b"\n") or not antes else "\n") + "".join(linea_csv(p) for p in filas)
    with ruta.open("a", encoding="utf-8", newline="") as f:
        f.write(texto)
    try:
        with _datos_de(carpeta):
            datos.precios()
    except ValueError:
        ruta.write_bytes(antes)
        raise


def resumen(informe: Informe) -> str:
    """El cuerpo de la pull request «Precios de la semana AAAA-MM-DD»: qué se movió (antes → ahora, %)."""
    validacion.instancia(informe, Informe, "informe", de="el de recolector.recolectar()")
    lineas = [f"## Precios de la semana {lunes(informe.fecha)}", ""]
    if informe.cambios:
        lineas += [
            f"Filas nuevas en `precios.csv` (fecha {informe.fecha}), recogidas con gpuhunt:",
            "",
            f"| GPU | Proveedor | Nivel | Antes ({DOLAR}/h) | Ahora ({DOLAR}/h) | Cambio | Ofertas |",
            "| --- | --- | --- | ---: | ---: | ---: | ---: |",
        ]
        for c in informe.cambios:
            p = c.nueva
            antes = "—" if c.anterior is None else f"{numero(c.anterior.precio_hora_usd, 4)} ({c.anterior.fecha})"
            variacion = "nueva" if c.variacion is None else porcentaje(c.variacion, 1, signo=True)
            ofertas_txt = f"{c.ofertas} (atípico)" if historial.atipico(p) else str(c.ofertas)
            lineas.append(
                f"| {p.gpu} | {p.proveedor} | {p.nivel} | {antes} | {numero(p.precio_hora_usd, 4)} "
                f"| {variacion} | {ofertas_txt} |"
            )
    else:
        lineas.append("Ninguna fila nueva: los precios no se movieron o ningún proveedor respondió.")
    if informe.avisos:
        lineas += ["", "Avisos:", ""] + [f"- {a}" for a in informe.avisos]
    lineas += ["", "Revisa las cifras atípicas y las salidas de los snippets (`tests/snapshots/`) antes de fusionar."]
    return "\n".join(lineas) + "\n"


def consultar(gpus: dict[str, str] = GPUS, guardadas: pathlib.Path | None = None) -> list[Resultado]:
    """Las ofertas de cada proveedor de ``PROVEEDORES``, pedidas con gpuhunt.

    Sin ``guardadas``, a la red. Con una carpeta, de sus respuestas guardadas: ``vastai-verificadas.json`` y
    ``vastai-sin-verificar.json`` (cuerpos de la API de Vast.ai), ``<proveedor>.csv`` (catálogos de gpuhunt)
    y ``version``. Un proveedor que falla (red, HTTP, formato, fichero ausente) queda con su ``error``.
    """
    salida = []
    for nombre in PROVEEDORES:
        acceso = PROVEEDORES[nombre].acceso
        try:
            with _avisos_de_gpuhunt() as avisos:
                if acceso == "vast":
                    resultado = consultar_vast(gpus, guardadas)
                elif acceso == "en_linea":
                    resultado = consultar_en_linea(nombre, guardadas)
                else:
                    resultado = consultar_catalogo(nombre, guardadas)
        except Exception as error:  # cualquier fallo de un proveedor: el informe lo cuenta, sus datos no cambian
            salida.append(Resultado(nombre, error=f"{type(error).__name__}: {error}"))
            continue
        malformadas = [a for a in avisos if "malformed" in a.lower()]
        if malformadas:  # gpuhunt se salta lo que no entiende: la respuesta cambió de forma, y no se usa
            error = f"gpuhunt descartó {len(malformadas)} partes mal formadas de la respuesta ({malformadas[0]})"
            salida.append(Resultado(nombre, error=error))
        else:
            salida.append(replace(resultado, avisos=tuple(avisos)))
    return salida


@contextlib.contextmanager
def _avisos_de_gpuhunt() -> Iterator[list[str]]:
    """Los avisos (``WARNING`` o más) que gpuhunt registra mientras dura el bloque, en una lista."""
    avisos: list[str] = []

    class _Recoger(logging.Handler):
        def emit(self, registro: logging.LogRecord) -> None:
            avisos.append(registro.getMessage())

    registro, recoger = logging.getLogger("gpuhunt"), _Recoger(logging.WARNING)
    registro.addHandler(recoger)
    try:
        yield avisos
    finally:
        registro.removeHandler(recoger)


def recolectar(carpeta: pathlib.Path, fecha: str, obtener: Callable[[], list[Resultado]] = consultar) -> Informe:
    """Pide las ofertas, planifica y añade las filas nuevas a ``carpeta/precios.csv``."""
    with _datos_de(carpeta):
        informe = planificar(datos.precios(), obtener(), fecha)
    if informe.filas:
        anadir(carpeta, informe.filas)
    return informe


def orden(
    argv: Sequence[str] | None,
    *,
    prog: str,
    descripcion: str,
    ayuda_datos: str,
    ayuda_fecha: str,
    opcion_guardadas: tuple[str, str],
    ayuda_resumen: str,
    hacer: Callable[[pathlib.Path, dt.date, pathlib.Path | None], str],
    anadir_resumen: bool = False,
) -> int:
    """El esqueleto de terminal de los recolectores (``python -m gpucoste.recoleccion.precios`` y
    ``python -m gpucoste.recoleccion.cambios``).

    Opciones ``--datos`` (por defecto, los del paquete), ``--fecha`` (AAAA-MM-DD; por defecto, hoy UTC o
    ``SOURCE_DATE_EPOCH``), la de respuestas guardadas (``opcion_guardadas``: su nombre y su ayuda; una
    carpeta, en lugar de la red), ``--resumen`` (el Markdown de la pull request: se escribe, o se añade
    con ``anadir_resumen``) y ``--en-seco`` (recolecta en una copia de ``--datos`` e imprime también el diff).
    ``hacer(carpeta_datos, dia, guardadas)`` recolecta y devuelve ese Markdown, que
    también se imprime. Una entrada mala o un ``ValueError``/``OSError`` de ``hacer``: el error en español
    por stderr, nada por stdout y código 2. Los demás textos son las ayudas de cada opción.
    """
    if argv is not None and (not isinstance(argv, list | tuple) or not all(isinstance(a, str) for a in argv)):
        raise ValueError(f"argv: {validacion.corto(argv)} no vale; se admite None o una lista de textos.")
    textos = {"prog": prog, "descripcion": descripcion, "ayuda_datos": ayuda_datos, "ayuda_fecha": ayuda_fecha}
    for nombre, texto in (textos | {"ayuda_resumen": ayuda_resumen}).items():
        validacion.texto(texto, nombre)
    if (
        not isinstance(opcion_guardadas, tuple)
        or len(opcion_guardadas) != 2
        or not re.fullmatch(r"--[a-z][a-z-]*", str(opcion_guardadas[0]))
        or not validacion.texto_de_campo(opcion_guardadas[1])
    ):
        raise ValueError(
            f"opcion_guardadas: {validacion.corto(opcion_guardadas)} no vale; se admite (bandera, ayuda), p. ej. "
            "('--ofertas', 'Carpeta de respuestas guardadas.')."
        )
    if not callable(hacer) or not isinstance(anadir_resumen, bool):
        raise ValueError(
            f"hacer={validacion.corto(hacer)}, anadir_resumen={validacion.corto(anadir_resumen)} no valen; se admite "
            "una función y True o False."
        )
    opcion, ayuda_guardadas = opcion_guardadas
    parser = argparse.ArgumentParser(prog=prog, description=descripcion)
    parser.add_argument("--datos", type=pathlib.Path, default=paquete.RAIZ / "datos", help=ayuda_datos)
    parser.add_argument("--fecha", default=None, help=ayuda_fecha)
    parser.add_argument(opcion, dest="guardadas", type=pathlib.Path, help=ayuda_guardadas)
    parser.add_argument("--resumen", type=pathlib.Path, help=ayuda_resumen)
    parser.add_argument(
        "--en-seco",
        action="store_true",
        help="no escribe nada: recolecta en una copia de --datos e imprime el resumen y el diff de la pull request",
    )
    args = parser.parse_args(argv)
    try:
        if args.fecha is not None and len(args.fecha) != 10:
            raise ValueError(f"--fecha {args.fecha!r} no vale; se admite AAAA-MM-DD.")
        dia = validacion.fecha(args.fecha, "--fecha") if args.fecha is not None else frescura.referencia()
        if args.guardadas is not None and not args.guardadas.is_dir():
            raise ValueError(
                f"{opcion} {str(args.guardadas)!r} no es una carpeta; se admite una carpeta de respuestas guardadas."
            )
        if args.en_seco:
            texto = _en_seco(hacer, args.datos, dia, args.guardadas)
        else:
            texto = hacer(args.datos, dia, args.guardadas)
    except (ValueError, OSError) as error:
        print(f"Error: {error}", file=sys.stderr)
        return 2
    if args.resumen:
        with args.resumen.open("a" if anadir_resumen else "w", encoding="utf-8") as f:
            f.write(texto)
    print(texto, end="")
    return 0


def _en_seco(
    hacer: Callable[[pathlib.Path, dt.date, pathlib.Path | None], str],
    carpeta: pathlib.Path,
    dia: dt.date,
    guardadas: pathlib.Path | None,
) -> str:
    """``hacer`` en una copia de ``carpeta``: su resumen y, detrás, el diff de cada CSV que cambiaría (``carpeta`` no
    cambia)."""
    if not carpeta.is_dir():
        raise ValueError(f"--datos {str(carpeta)!r} no es una carpeta; se admite la carpeta de los CSV.")
    with tempfile.TemporaryDirectory() as tmp:
        copia = pathlib.Path(tmp) / "datos"
        shutil.copytree(carpeta, copia)
        texto = hacer(copia, dia, guardadas)
        diff = []
        for nuevo in sorted(copia.glob("*.csv")):
            antes = (carpeta / nuevo.name).read_text(encoding="utf-8").splitlines(keepends=True)
            despues = nuevo.read_text(encoding="utf-8").splitlines(keepends=True)
            diff += difflib.unified_diff(antes, despues, f"a/{nuevo.name}", f"b/{nuevo.name}")
    return texto + "\n```diff\n" + ("".join(diff) or "(ningún cambio)\n") + "```\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gpucoste.recoleccion.precios``: recoge precios y añade filas a precios.csv."""
    return orden(
        argv,
        prog="python -m gpucoste.recoleccion.precios",
        descripcion="Recoge precios con gpuhunt y añade filas fechadas a precios.csv (nunca borra ninguna).",
        ayuda_datos="carpeta con precios.csv y gpus.csv",
        ayuda_fecha="fecha de las filas nuevas (AAAA-MM-DD; por defecto, hoy UTC)",
        opcion_guardadas=("--ofertas", "carpeta con respuestas guardadas, en lugar de la red"),
        ayuda_resumen="escribe aquí el cuerpo de la pull request (Markdown)",
        hacer=lambda carpeta, dia, ofertas: resumen(
            recolectar(carpeta, dia.isoformat(), lambda: consultar(GPUS, ofertas))
        ),
    )
