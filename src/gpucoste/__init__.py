"""gpucoste: del precio por hora al coste por trabajo terminado al alquilar GPU.

El paquete está en capas, cada una importa solo de las de debajo (``tests/proyecto/test_capas.py``): ``base``
(validación,
esquema de los CSV, números en español), ``datos`` (los CSV con fuente y fecha, y sus consultas), ``dinero``
(monedas, impuestos, precios de las API), ``calculo`` (un módulo por pregunta: ``memoria``, ``tiempo``, ``coste``,
``ranking``, ``compra``…), ``guia`` (piezas con forma de página), ``graficos``, ``cli`` y ``navegador``;
``recoleccion`` (los recolectores de la semana) no la importa nada. Aquí, lo más usado: el coste de un trabajo y
las horas de alquiler que paga una compra.
"""

from gpucoste.calculo.compra import horas_equivalentes, horas_para_comprar
from gpucoste.calculo.coste import Desglose, coste_almacenamiento, coste_total, coste_trabajo

__all__ = [
    "Desglose",
    "coste_almacenamiento",
    "coste_total",
    "coste_trabajo",
    "horas_equivalentes",
    "horas_para_comprar",
]
