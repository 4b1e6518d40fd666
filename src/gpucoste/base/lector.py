"""La lectura de un CSV declarado: del fichero de la carpeta de datos a las filas convertidas, o el error en español
con fichero, fila y columna.

``leer`` abre el fichero (en UTF-8, con o sin el BOM de Excel), lo lee con el módulo ``csv`` en modo estricto
(CRLF incluido), normaliza el texto a NFC y comprueba cada celda, cada fila y el fichero entero contra su ``Tabla``:
tipos y rangos de las columnas, ``orden``, ``limites``, ``reglas``, ``unicas``, la clave, ``nombres``, las
referencias a otros ficheros, ``cubre`` y las claves obligatorias. Las filas de otro fichero (referencias y
``cubre``) las pide a la función ``cargar`` que recibe, la de ``gpucoste.base.esquema``, que guarda lo leído y
convierte cada error en un ``ErrorDeDatos``: se lee y se publica siempre por ella (``esquema.cargar``,
``esquema.contenido``), nunca por este módulo.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import pathlib
import re
import unicodedata
from collections.abc import Callable
from functools import cache
from importlib import resources

from gpucoste.base import validacion
from gpucoste.base.columnas import Referencia, dos_fechas
from gpucoste.base.tabla import TABLAS, Tabla

__all__ = ["carpeta_de_datos", "clave_de_nombre", "fecha_limite", "leer", "leer_texto"]


@cache
def _del_paquete() -> resources.abc.Traversable:
    return resources.files("gpucoste") / "datos"


def carpeta_de_datos(propia: str) -> pathlib.Path | resources.abc.Traversable:
    """La carpeta de los CSV: la del paquete si ``propia`` (el valor de ``GPUCOSTE_DATOS``) está vacía; si no, esa
    carpeta, o ``ValueError`` si no existe o es un fichero."""
    if not propia:
        return _del_paquete()
    ruta = pathlib.Path(propia)
    if not ruta.exists():
        raise ValueError(f"GPUCOSTE_DATOS={propia}: la carpeta no existe; apunta a una carpeta con los CSV de datos.")
    if not ruta.is_dir():
        raise ValueError(f"GPUCOSTE_DATOS={propia}: no es una carpeta sino un fichero; apunta a la carpeta de los CSV.")
    return ruta


def leer_texto(carpeta: pathlib.Path | resources.abc.Traversable, fichero: str) -> str:
    """El texto de ``fichero`` en ``carpeta``, en UTF-8 sin el BOM de Excel; si falta, es una carpeta, no se puede
    leer o no está en UTF-8, ``ValueError`` que lo dice."""
    ruta = carpeta / fichero
    try:
        if ruta.is_dir():
            raise ValueError(f"{fichero}: {ruta} es una carpeta, no un fichero CSV.")
        if not ruta.is_file():
            raise ValueError(f"{fichero}: falta el fichero en {carpeta}; cada carpeta de datos lleva todos los CSV.")
        crudo = ruta.read_bytes()
    except OSError as error:
        raise ValueError(f"{fichero}: no se puede leer {ruta} ({error.strerror or error}).") from None
    try:
        return crudo.decode("utf-8-sig")  # -sig: sin el BOM que escribe Excel
    except UnicodeDecodeError as error:
        linea = crudo[: error.start].count(b"\n") + 1
        raise ValueError(
            f"{fichero}, línea {linea}: el fichero no está en UTF-8 (byte {crudo[error.start]:#04x}); "
            "guárdalo como «CSV UTF-8»."
        ) from None


def _registros(texto: str, fichero: str):
    """(fila, línea, celdas) de cada registro del CSV, leído en modo estricto."""
    lector = csv.reader(io.StringIO(texto, newline=""), strict=True)
    fila = 0
    while True:
        linea = lector.line_num + 1
        try:
            celdas = next(lector)
        except StopIteration:
            return
        except csv.Error as error:
            donde = _donde(fichero, fila + 1, linea)
            motivo = str(error)
            if "end of data" in motivo or "field limit" in motivo or lector.line_num > linea:
                raise ValueError(
                    f"{donde}: una comilla abre una celda y no se cierra (o la celda es enorme); "
                    "cierra la comilla o quítala."
                ) from None
            if "expected after" in motivo:
                raise ValueError(
                    f"{donde}: hay texto tras la comilla que cierra una celda; "
                    'una comilla dentro de una celda entre comillas se escribe doble ("").'
                ) from None
            raise ValueError(f"{donde}: el CSV está mal formado en esta fila; revisa sus comillas.") from None
        fila += 1
        yield fila, linea, [(c if c.isascii() else unicodedata.normalize("NFC", c)).strip() for c in celdas]


def _donde(fichero: str, fila: int, linea: int, columna: str | None = None) -> str:
    texto = f"{fichero}, fila {fila}" + (f" (línea {linea})" if linea != fila else "")
    return texto + (f", columna {columna}" if columna else "")


def fecha_limite() -> dt.date:
    """La fecha más tardía que admite una celda de tipo fecha: hoy según ``SOURCE_DATE_EPOCH`` o según el reloj,
    la más tardía de las dos (una fila nueva fechada hoy carga aunque el último commit sea de ayer)."""
    return max(validacion.hoy(), dt.datetime.now(dt.UTC).date())


def leer(tabla: Tabla, carpeta, cargar: Callable[[Tabla], tuple]) -> tuple:
    """Las filas de ``tabla`` leídas de ``carpeta`` y convertidas a su tipo de fila; el primer fallo, ``ValueError``
    con fichero, fila y columna. ``cargar`` da las filas de los otros ficheros (referencias y ``cubre``)."""
    fichero = tabla.fichero
    hoy = fecha_limite()
    registros = _registros(leer_texto(carpeta, fichero), fichero)
    cabecera = next(registros, (1, 1, []))[2]
    esperadas = [c.nombre for c in tabla.columnas]
    faltan = [c for c in esperadas if c not in cabecera]
    if faltan:
        raise ValueError(f"{fichero}: faltan las columnas {faltan}; se esperan {esperadas}.")
    sobran = [c for c in cabecera if c not in esperadas]
    repetidas = sorted({c for c in cabecera if cabecera.count(c) > 1})
    if sobran or repetidas:
        problema = f"columnas desconocidas {sobran}" if sobran else f"columnas repetidas {repetidas}"
        raise ValueError(f"{fichero}, fila 1: {problema}; se esperan {esperadas} (declaradas en gpucoste.datos).")
    filas, lugares, vistas, unicos = [], [], {}, {}
    columnas = [tabla.columna(nombre) for nombre in cabecera]
    for fila, linea, celdas in registros:
        if not any(celdas):
            continue  # línea en blanco, o solo comas: una fila vacía de la hoja de cálculo
        if len(celdas) != len(cabecera):
            pista = (
                "¿una coma decimal sin comillas? usa punto: 1.5 (o pon la celda entre comillas)."
                if len(celdas) > len(cabecera)
                else "una celda vacía se escribe con dos comas seguidas."
            )
            raise ValueError(
                f"{_donde(fichero, fila, linea)}: tiene {len(celdas)} celdas y la cabecera {len(cabecera)}; {pista}"
            )
        valores = {}
        for nombre, columna, celda in zip(cabecera, columnas, celdas, strict=True):
            raros = validacion.invisibles(celda)
            if raros:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, nombre)}: la celda {celda!r} lleva caracteres de control o "
                    f"invisibles: {', '.join(raros)}; se admite texto sin ellos (bórralos y escribe la celda de nuevo)."
                )
            if not celda:
                if columna.requerida:
                    raise ValueError(
                        f"{_donde(fichero, fila, linea, nombre)}: la celda está vacía; se admite {columna.admitido()}."
                    )
                valores[nombre] = "" if columna.tipo == "texto" else None
                continue
            try:
                valores[nombre] = columna.convertir(celda)
            except ValueError as error:
                raise ValueError(f"{_donde(fichero, fila, linea, nombre)}: {str(error).lstrip()}") from None
            if columna.tipo == "fecha" and validacion.fecha(celda) > hoy:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, nombre)}: {celda} es posterior a hoy ({hoy.isoformat()}); "
                    "se admite una fecha hasta hoy: la de cuándo se leyó o publicó el dato."
                )
        if "leida" in valores and "fecha" in valores and (falla := dos_fechas(valores["fecha"], valores["leida"])):
            raise ValueError(f"{_donde(fichero, fila, linea, 'leida')}: {falla}")
        for lim in tabla.limites:
            if valores[lim.donde[0]] != lim.donde[1]:
                continue
            for c in lim.columnas:
                if valores[c] is not None and not lim.admite(valores[c]):
                    raise ValueError(
                        f"{_donde(fichero, fila, linea, c)}: {valores[c]:g} no vale; se admite {lim.admitido()}."
                    )
        for a, b in tabla.orden:
            if valores[a] is not None and valores[b] is not None and valores[b] < valores[a]:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, b)}: {_celda(valores[b])} es menor que {a} ({_celda(valores[a])}); "
                    f"se admite {b} ≥ {a}."
                )
        for r in tabla.reglas:
            if not r.cumple(valores):
                raise ValueError(
                    f"{_donde(fichero, fila, linea, r.columna)}: {_celda(valores[r.columna])} no vale; "
                    f"se admite {r.admitido}."
                )
        for c in tabla.unicas:
            visto = unicos.setdefault(c, {}).setdefault(str(valores[c]).casefold(), fila)
            if visto != fila:
                raise ValueError(
                    f"{_donde(fichero, fila, linea, c)}: {valores[c]!r} ya está en la fila {visto}; "
                    f"se admite un {c} distinto en cada fila."
                )
        clave = tuple(str(valores[c]).casefold() for c in tabla.clave)
        if clave in vistas:
            texto = ", ".join(repr(valores[c]) for c in tabla.clave)
            raise ValueError(
                f"{_donde(fichero, fila, linea)}: ({', '.join(tabla.clave)}) = ({texto}) ya está en la fila "
                f"{vistas[clave]}; cada clave va una sola vez en el fichero."
            )
        vistas[clave] = fila
        filas.append(valores)
        lugares.append((fila, linea))
    if not filas:
        raise ValueError(f"{fichero}: no tiene filas de datos, solo la cabecera.")
    _comprobar_referencias(tabla, filas, lugares, cargar)
    _comprobar_nombres(tabla, filas, lugares)
    for c in tabla.cubre:
        presentes = {f[c.columna] for f in filas}
        faltan = sorted({str(getattr(f, c.destino)) for f in cargar(TABLAS[c.fichero])} - presentes - set(c.excepto))
        if faltan:
            raise ValueError(
                f"{fichero}: faltan las filas con {c.columna} {faltan}, que están en {c.fichero} (columna "
                f"{c.destino}); se admite una fila al menos por cada {c.destino} de {c.fichero}"
                + (f" salvo {', '.join(c.excepto)}." if c.excepto else ".")
            )
    presentes = {f[tabla.clave[0]] for f in filas}
    faltan = [k for k in tabla.claves_obligatorias if k not in presentes]
    if faltan:
        raise ValueError(
            f"{fichero}: faltan las filas con {tabla.clave[0]} {faltan}; la biblioteca las necesita "
            f"(claves obligatorias: {list(tabla.claves_obligatorias)})."
        )
    return tuple(tabla.fila(**valores) for valores in filas)


def _celda(valor: object) -> str:
    """Un valor ya convertido, como en los mensajes del cargador: los números con ``:g``, lo demás con su repr."""
    return f"{valor:g}" if isinstance(valor, float | int) and not isinstance(valor, bool) else repr(valor)


def clave_de_nombre(nombre: str) -> str:
    """Lo que queda de un nombre propio sin mayúsculas, espacios ni signos (en NFC): «Vast.ai», «vast ai» y «VAST.AI»
    dan lo mismo, «A10» y «A100» no. Dos nombres con la misma clave y distinta escritura son una errata."""
    return re.sub(r"[\W_]+", "", unicodedata.normalize("NFC", nombre).casefold())


def _comprobar_parcial(
    tabla: Tabla, ref: Referencia, filas: list[dict], lugares: list[tuple[int, int]], cargar: Callable[[Tabla], tuple]
) -> None:
    """Una referencia parcial: un valor que no está en el otro fichero pero se parece a uno de él es una errata."""
    columna, destino = ref.columnas[0], ref.destino[0]
    validas = sorted({str(getattr(f, destino)) for f in cargar(TABLAS[ref.fichero])})
    for valores, (fila, linea) in zip(filas, lugares, strict=True):
        valor = valores[columna]
        if valor in validas or not isinstance(valor, str):
            continue
        sugerencia = next((v for v in validas if clave_de_nombre(v) == clave_de_nombre(valor)), None)
        if sugerencia is not None:
            raise ValueError(
                f"{_donde(tabla.fichero, fila, linea, columna)}: {valor!r} es {sugerencia!r} de {ref.fichero} "
                f"(columna {destino}) escrito de otra manera. ¿Quisiste decir {sugerencia!r}? Se admite el nombre "
                f"tal cual está en {ref.fichero} (mayúsculas, espacios y signos incluidos) o uno distinto."
            )


def _comprobar_nombres(tabla: Tabla, filas: list[dict], lugares: list[tuple[int, int]]) -> None:
    """Cada nombre de las columnas ``nombres`` se escribe igual en todas las filas (tras las referencias, que dicen cuál
    es el bueno si el nombre está en otro fichero)."""
    for c in tabla.nombres:
        vistos: dict[str, tuple[str, int]] = {}
        for valores, (fila, linea) in zip(filas, lugares, strict=True):
            escrito, primera = vistos.setdefault(clave_de_nombre(valores[c]), (valores[c], fila))
            if escrito != valores[c]:
                raise ValueError(
                    f"{_donde(tabla.fichero, fila, linea, c)}: {valores[c]!r} es el {c} {escrito!r} de la fila "
                    f"{primera} escrito de otra manera; se admite un mismo nombre escrito igual en todas las filas."
                )


def _comprobar_referencias(
    tabla: Tabla, filas: list[dict], lugares: list[tuple[int, int]], cargar: Callable[[Tabla], tuple]
) -> None:
    for ref in tabla.referencias:
        if ref.parcial:
            _comprobar_parcial(tabla, ref, filas, lugares, cargar)
            continue
        destino = [tuple(getattr(f, c) for c in ref.destino) for f in cargar(TABLAS[ref.fichero])]
        for valores, (fila, linea) in zip(filas, lugares, strict=True):
            origen = tuple(valores[c] for c in ref.columnas)
            for i, columna in enumerate(ref.columnas):  # la primera columna que no encaja, con sus opciones
                validas = sorted({d[i] for d in destino if d[:i] == origen[:i]})
                if origen[i] not in validas:
                    contexto = (
                        f" con {', '.join(f'{c}={v!r}' for c, v in zip(ref.columnas, origen[:i], strict=False))}"
                        if i
                        else ""
                    )
                    sugerencia = validacion.parecido(origen[i], map(str, validas))
                    pista = f" ¿Quisiste decir {sugerencia!r}?" if sugerencia else ""
                    raise ValueError(
                        f"{_donde(tabla.fichero, fila, linea, columna)}: {origen[i]!r} no está en {ref.fichero} "
                        f"(columna {ref.destino[i]}){contexto}.{pista} "
                        f"Valores admitidos: {', '.join(map(repr, validas))}."
                    )
