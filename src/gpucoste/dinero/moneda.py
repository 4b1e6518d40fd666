"""El dinero en los términos del lector: dólares como se publican, euros al tipo del BCE, IVA de España.

Los precios se quedan en dólares estadounidenses, la moneda en que los publican los proveedores, y se
escriben «US$» (``formato.dolares``). Los totales se muestran además en euros al tipo de referencia del
Banco Central Europeo que guarda ``moneda.csv`` con su fecha y su fuente: el BCE lo publica «a título
informativo»; tu banco o tu tarjeta aplicarán el suyo, con su comisión. El mismo fichero guarda el tipo
general del IVA en España, para la nota sobre impuestos: los proveedores publican precios sin impuestos.
"""

from __future__ import annotations

from gpucoste.base import formato
from gpucoste.base.validacion import numero, resultado
from gpucoste.datos.moneda import CLAVES, MONEDA, dato, tipo_de_cambio

__all__ = ["CLAVES", "MONEDA", "a_euros", "con_iva", "dato", "nota_tipo_de_cambio", "tipo_de_cambio", "usd_y_eur"]


def a_euros(usd: float) -> float:
    """``usd`` dólares en euros al tipo de referencia del BCE de ``moneda.csv``."""
    return numero(usd, "usd", cero=True) / tipo_de_cambio().valor


def con_iva(importe: float) -> float:
    """``importe`` más el IVA general de España (la cuota que paga un particular si el proveedor la repercute)."""
    importe = numero(importe, "importe", cero=True)
    return resultado(importe * (1 + dato("iva_general_es").valor), "con_iva", {"importe": importe})


def usd_y_eur(usd: float, decimales: int = 2) -> str:
    """``2.04`` → ``"2,04 US$ (1,73 €)"``: la cifra publicada y su equivalente en euros."""
    return f"{formato.dolares(numero(usd, 'usd', cero=True), decimales)} ({formato.euros(a_euros(usd), decimales)})"


def nota_tipo_de_cambio() -> str:
    """Frase que fecha y cita el tipo de cambio usado, para el pie de una tabla."""
    t = tipo_de_cambio()
    return (
        f"Euros al tipo de referencia del BCE del {formato.fecha(t.fecha)} "
        f"(1\N{NO-BREAK SPACE}€ = {formato.dolares(t.valor, 4)}); tu banco aplicará el suyo."
    )
