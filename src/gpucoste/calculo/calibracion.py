"""¿Cuánto se equivoca esta guía? Las predicciones de tiempo, memoria y velocidad frente a medidas publicadas.

Cada fila de ``medidas.csv`` sin ``rechazada`` es una medida publicada (con su fuente fijada a un
commit): tokens/s u horas de GPU de un entrenamiento, memoria pico de un fine-tuning o de la
inferencia, tokens/s de una secuencia o de un servidor a carga máxima. Este módulo:

1. **parte** las medidas en dos mitades deterministas (``mitades``): dentro de cada grupo que se
   ajusta (misma clase de GPU y escala, mismo motor…), ordenadas por ``id``, una sí y otra no; la
   primera va al ajuste;
2. **ajusta** con la mitad de ajuste lo que la física no da (``ajustar``): el MFU de cada clase de GPU
   y escala, cuánto más tarda QLoRA que LoRA (cada medida de QLoRA frente a su pareja LoRA,
   ``ralentizacion_medida``) y la eficiencia de cada motor de inferencia frente a su techo de ancho de banda.
   Cada parámetro es la mediana (valor central) y los extremos (rango) de lo
   que implican sus medidas; también la eficiencia de cada interconexión al repartir un entrenamiento
   entre GPUs (``escalado.csv``, con sus propias mitades). ``ajustes.csv`` guarda el resultado, y una
   prueba comprueba que sigue saliendo de las medidas;
3. **predice** cada medida con la biblioteca (``predecir``) y **mide el error** en las dos mitades y
   en todas (``informe``): la mediana de |predicho/medido − 1| con el valor central y qué fracción de
   las medidas cae dentro del rango predicho. La memoria no se ajusta: sale solo de la arquitectura,
   de las reglas de ``memoria`` y del supuesto ``sistema_gb``;
4. **valida por fuentes** (``validacion``): deja fuera cada fuente por turno (``fuente``: el repositorio de cada
   medida, en ``medidas.csv`` y ``escalado.csv``), repite el ajuste entero sin sus filas (``ajustar_sin``) y
   predice esas filas. La otra mitad de (1) sale de las mismas fuentes que el ajuste; esta validación no, y es la
   cifra que citan las páginas (``frase_error``, la frase del margen de error de cada calculadora). Tarda
   décimas de segundo: se calcula al construir, sin fichero intermedio.

Este módulo es la cara pública: reexporta las mitades y las predicciones (1, 3) de ``gpucoste.calculo.contraste``,
el ajuste (2) y la escritura de ``ajustes.csv`` de ``calibracion_ajuste`` (``escribir_ajustes``;
``python -m gpucoste.calculo.calibracion``, que es lo que hace ``make calibrar``), la validación por fuentes (4) de
``calibracion_fuentes``, el informe del error de ``calibracion_informe`` (``informe``, ``fallos``,
``texto_informe``; por clase de GPU, escala y método, ``desglose``) y las frases de cada página de
``calibracion_frases`` (``frase_error``, ``frase_cobertura``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

# ``datos``: lo nombran las anotaciones de las clases publicadas con el nombre de este módulo (``Prediccion``).
from gpucoste import datos as datos
from gpucoste.base import paquete
from gpucoste.calculo.calibracion_ajuste import (
    GRUPO_MINIMO,
    ajustar,
    ajustar_escalado,
    escribir_ajustes,
    filas_ajustes,
    gpus_medidas_entrenamiento,
)
from gpucoste.calculo.calibracion_frases import ensanche, frase_cobertura, frase_error, frase_qlora
from gpucoste.calculo.calibracion_fuentes import (
    Validacion,
    ajustar_sin,
    fuentes,
    grupo,
    validacion,
    validacion_qlora,
)
from gpucoste.calculo.calibracion_fuentes import (
    _qlora_validada as _qlora_validada,  # el error de los pares de QLoRA validados (make calibrar y la página)
)
from gpucoste.calculo.calibracion_informe import (
    DIMENSIONES,
    MITADES,
    Desglose,
    desglose,
    fallos,
    informe,
    informe_escalado,
    texto_desglose,
    texto_escalado,
    texto_informe,
    texto_validacion,
)
from gpucoste.calculo.contraste import (
    DENTRO_MINIMO,
    ERROR_MAXIMO,
    GIB,
    TIPOS,
    Prediccion,
    Resumen,
    clave_grupo,
    fuente,
    mitades,
    mitades_escalado,
    pareja_lora,
    predecir,
    predecir_escalado,
    predicciones,
    predicciones_escalado,
    ralentizacion_medida,
    usadas,
    usadas_escalado,
)

__all__ = [
    "DENTRO_MINIMO",
    "DIMENSIONES",
    "Desglose",
    "ERROR_MAXIMO",
    "GIB",
    "GRUPO_MINIMO",
    "MITADES",
    "Prediccion",
    "Resumen",
    "TIPOS",
    "Validacion",
    "ajustar",
    "ajustar_escalado",
    "ajustar_sin",
    "clave_grupo",
    "desglose",
    "ensanche",
    "escribir_ajustes",
    "fallos",
    "filas_ajustes",
    "frase_cobertura",
    "frase_error",
    "frase_qlora",
    "fuente",
    "fuentes",
    "gpus_medidas_entrenamiento",
    "grupo",
    "informe",
    "informe_escalado",
    "mitades",
    "mitades_escalado",
    "pareja_lora",
    "predecir",
    "predecir_escalado",
    "predicciones",
    "predicciones_escalado",
    "ralentizacion_medida",
    "texto_desglose",
    "texto_escalado",
    "texto_informe",
    "texto_validacion",
    "usadas",
    "usadas_escalado",
    "validacion",
    "validacion_qlora",
]


# Las predicciones, los resúmenes y la validación se definen en ``calculo.contraste`` y ``calibracion_fuentes``; su
# nombre es el de siempre, «gpucoste.calculo.calibracion.Prediccion». Con el nombre escrito, no ``__name__``: con
# «python -m» (make calibrar) este módulo se llama «__main__».
paquete.publicar("gpucoste.calculo.calibracion", Prediccion, Resumen, Validacion, Desglose)

if __name__ == "__main__":  # python -m gpucoste.calculo.calibracion: rehace ajustes.csv tras cambiar medidas.csv
    from importlib import resources

    escribir_ajustes(str(resources.files("gpucoste") / "datos" / "ajustes.csv"))
