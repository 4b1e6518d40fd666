"""Un módulo por pregunta: ¿cabe? (``memoria``, ``vram``), ¿cuánto tarda? (``tiempo``), ¿cuánto cuesta? (``coste``,
``ocultos``, ``arranque``, ``electricidad``, ``sensibilidad``), ¿dónde sale más barato? (``ranking``,
``alternativas``, ``vast``), interrupciones, equilibrios, compra, recomendación, la calibración con medidas
publicadas y los escenarios del experimento. Usa ``base``, ``datos`` y ``dinero``.
"""

__all__ = []
