"""Las constantes que comparte toda la biblioteca: el mes medio, la hora en segundos, el millón de tokens y los
valores cerrados de los CSV (niveles y tipos de precio). Sin importar nada: cualquier capa las usa.

Cada una se sigue leyendo también donde se usa (``coste.HORAS_MES``, ``datos.NIVELES``…); aquí solo se definen.
"""

from __future__ import annotations

from types import MappingProxyType

__all__ = [
    "DIAS_ANIO",
    "HORAS_MES",
    "NIVELES",
    "NIVELES_DE_PROVEEDOR",
    "NIVELES_EN_PROSA",
    "SEGUNDOS_HORA",
    "TIPOS_PRECIO",
    "TOKENS_MILLON",
]

DIAS_ANIO = 365
"""Días de un año (sin bisiesto): el mes del sitio es la doceava parte."""


HORAS_MES = DIAS_ANIO * 24 / 12
"""Horas de un mes medio (730 = 365 días × 24 h ÷ 12), el único mes del sitio: pasa tarifas «por GB y mes» a
horas y es el mes de uso de las calculadoras y de la orden ``gpucoste``. Un proveedor que cuente otro mes (el de
30 días del ejemplo de reserva de Vast.ai, ``vast.mes_de_reserva``) lo dice con su nombre. La frase que lo
dice en una página: ``formato.mes_medio``."""


SEGUNDOS_HORA = 3600
"""Segundos de una hora: pasa tokens/s a tokens por hora."""


TOKENS_MILLON = 1_000_000
"""Tokens de un millón: la unidad de los precios por token de las API."""


NIVELES = ("comunidad", "verificado", "seguro", "bajo_demanda", "interrumpible")
"""Los niveles de precio que admite la columna ``nivel`` de ``precios.csv``."""


NIVELES_EN_PROSA = MappingProxyType({"bajo_demanda": "bajo demanda", "verificado": "host verificado"})
"""Cómo se escribe en la prosa cada nivel (la guía de estilo: «bajo demanda», no «on-demand»; «host verificado»,
que concuerda con cualquier GPU: «la H100 80GB (host verificado)»); los demás, tal cual. ``formato.nivel`` lo
aplica (y lo publica como ``formato.NIVELES``)."""


NIVELES_DE_PROVEEDOR = MappingProxyType({("Vast.ai", "bajo_demanda"): "todos los hosts"})
"""Un nivel que en un proveedor se escribe de otro modo. En Vast.ai, ``bajo_demanda`` es la mediana de todas las
ofertas bajo demanda, de hosts verificados y sin verificar; el nivel ``verificado`` también es bajo demanda, así que
«Vast.ai (bajo demanda)» junto a «Vast.ai (host verificado)» no distinguiría nada: se escribe «Vast.ai (todos los
hosts)». ``formato.nivel(clave, proveedor)`` y ``Precio.proveedor_y_nivel`` lo aplican."""


TIPOS_PRECIO = ("lectura", "mediana", "lista", "estimacion")
"""Qué es cada cifra de precios.csv (columna ``tipo``): ``lectura``, el precio de una oferta leída;
``mediana``, la mediana de varias ofertas (lo que escribe el recolector); ``lista``, el precio de lista de
la página del proveedor; ``estimacion``, una estimación, no leída en ninguna parte. Una estimación nunca se
presenta como lectura: ver ``Precio.estimacion``."""
