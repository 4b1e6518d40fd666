"""gpucoste: de «$/hora» a «$/trabajo terminado» al alquilar GPUs.

Módulos: ``datos`` (precios y tarifas con fuente y fecha), ``coste`` (coste de un trabajo),
``experimento`` (tabla y comparación de escenarios), ``compra`` (comprar o alquilar),
``memoria`` (¿cabe en la VRAM?), ``formato`` (números en español).
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
