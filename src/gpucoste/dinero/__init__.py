"""El dinero del lector: dólares, euros y la moneda de su país con su impuesto (``moneda``, ``paises``), los
precios de las API por token, la luz, los descuentos por reservar o interrumpir y la reventa (``mercado``) y cómo
cobra cada proveedor (``proveedores``). Usa ``base`` y ``datos``.
"""

__all__ = []
