"""El país del lector: el campo ``pais`` que ganan las calculadoras con importes en dólares (``CON_DINERO``) y la
tabla con cada importe también en su moneda, con el impuesto de un particular (``en_moneda``)."""

from __future__ import annotations

from collections.abc import Callable

from gpucoste.base.formato import numero
from gpucoste.base.validacion import instancia
from gpucoste.navegador.lectura import leer
from gpucoste.navegador.tipos import Campo, Tabla

__all__ = ["CON_DINERO", "en_moneda"]


CON_DINERO = ("coste", "interrumpibles", "donde-mas-barato", "api-o-gpu", "comprar", "servir", "horas-gpu")
"""Las calculadoras cuyo resultado lleva importes en dólares: ganan el campo ``pais`` (``_campo_pais``), que,
como cualquier campo declarado, viaja en el enlace, en «copiar como orden» (``--pais``) y en el CSV. Una que lo
declara en sus argumentos (``comprar``: el precio de compra de la tienda del país) también lo recibe."""


def _campo_pais() -> Campo:
    from gpucoste.base import formato
    from gpucoste.dinero import paises

    todos = paises.paises()
    nombres = {
        p.codigo: p.pais
        if p.moneda == "USD"
        else f"{p.pais} ({p.moneda}, {p.nombre_impuesto} {formato.porcentaje(p.impuesto)})"
        for p in todos
    }
    neutro = paises.SIN_IMPUESTOS.codigo
    return Campo("pais", "Tu país: moneda e impuesto de un particular", "", neutro, tuple(nombres), nombres)


def _importe(celda: str, convertir: Callable[[float], str], exacta: float | None = None) -> str:
    """«2,04» → su importe local (el de ``exacta``, la cifra sin redondear, si se da); «2,89–4,89*» → los dos
    extremos, con la marca de total incompleto (``formato.INCOMPLETO``); lo que no es cifra, tal cual."""
    from gpucoste.base.formato import INCOMPLETO

    marca = INCOMPLETO if celda.endswith(INCOMPLETO) else ""
    cifras = celda.removesuffix(marca) if marca else celda
    leidos = [leer(x) for x in cifras.split("–")]
    if not all(isinstance(x, float) for x in leidos):
        return celda
    if exacta is not None and len(leidos) == 1:
        leidos = [exacta]
    return "–".join(convertir(x) for x in leidos) + marca


def en_moneda(tabla: Tabla, pais: str) -> Tabla:
    """``tabla`` con cada importe en dólares también en la moneda de ``pais``, con el impuesto de un particular;
    el título dice el tipo de cambio y su fecha. Con la entrada neutra («SIN»), la tabla tal cual.

    Importes: las columnas cuyo título lleva «US$» o, en las tablas de dos columnas (resultado, valor), las filas
    cuyo rótulo lo lleva. Las de electricidad y las celdas de ``tabla.sin_impuesto`` se convierten sin el impuesto.
    """
    from dataclasses import replace

    from gpucoste.base import formato
    from gpucoste.dinero import paises

    instancia(tabla, Tabla, "tabla", de="p. ej. navegador.calcular(…)")
    p = paises.pais(pais)
    if p.moneda == "USD":
        return tabla
    que = paises.rotulo(p)
    decimales = paises.DECIMALES.get(p.moneda, 2)

    def convertidor(gravado: bool) -> Callable[[float], str]:
        return lambda x: numero(paises.en_local(x, p, empresa=not gravado).local, decimales)

    columnas, filas, numericas = list(tabla.columnas), [list(f) for f in tabla.filas], list(tabla.numericas)
    exactas = tabla.exactas or tuple((None,) * len(columnas) for _ in filas)
    if len(columnas) == 2 and not any("US$" in c for c in columnas):
        columnas.append(que)
        numericas.append(True)
        for f, x in zip(filas, exactas, strict=True):
            f.append(_importe(f[1], convertidor(paises.gravado(f[0])), x[1]) if "US$" in f[0] else "")
    else:
        for i in reversed([i for i, c in enumerate(columnas) if "US$" in c]):
            columnas.insert(i + 1, columnas[i].replace("US$", que))
            numericas.insert(i + 1, True)
            for r, (f, x) in enumerate(zip(filas, exactas, strict=True)):
                gravado = paises.gravado(" ".join(f)) and (r, i) not in tabla.sin_impuesto
                f.insert(i + 1, _importe(f[i], convertidor(gravado), x[i]))
    impuesto = f"{p.nombre_impuesto} del {formato.porcentaje(p.impuesto)} de un particular"
    nota = f"En {p.pais}: {paises.nota_cambio(p)}; {impuesto}."
    titulo = f"{tabla.titulo.rstrip('.')}. {nota}" if tabla.titulo else nota
    return replace(
        tabla,
        columnas=tuple(columnas),
        filas=tuple(tuple(f) for f in filas),
        numericas=tuple(numericas),
        titulo=titulo,
        exactas=(),
        sin_impuesto=(),  # ya convertida: las columnas se han movido
    )


def _con_pais(calcular: Callable[..., Tabla], lo_usa: bool) -> Callable[..., Tabla]:
    def calcular_en_moneda(*, pais: str, **valores: object) -> Tabla:
        return en_moneda(calcular(**valores, **({"pais": pais} if lo_usa else {})), pais)

    return calcular_en_moneda


def _mas_pais(campos: Callable[[], tuple[Campo, ...]]) -> Callable[[], tuple[Campo, ...]]:
    return lambda: (*campos(), _campo_pais())
