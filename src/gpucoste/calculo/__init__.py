"""Un módulo por pregunta: ¿cabe? (``memoria``, ``vram``), ¿cuánto tarda? (``tiempo``, con el ritmo de cada GPU
en ``velocidad``), ¿cuánto cuesta? (``coste``, ``ocultos``, ``arranque``, ``electricidad``, ``sensibilidad``),
¿dónde sale más barato? (``ranking``, ``alternativas``, ``vast``), el precio de cada modalidad (bajo demanda,
interrumpible, reservada: ``modalidades``), interrupciones, equilibrios, compra,
recomendación, la calibración con medidas publicadas (``calibracion``, que reexporta el ajuste de
``calibracion_ajuste``, la validación por fuentes de ``calibracion_fuentes``, el informe del error de
``calibracion_informe`` y las frases de ``calibracion_frases``; cada medida frente a lo que predice la biblioteca, en
``contraste``) y los escenarios del
experimento. Usa ``base``, ``datos`` y
``dinero``.
"""

__all__ = []
