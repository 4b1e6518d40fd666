"""El ejemplo de la cadena de decisión (``docs/calculadoras/``): el modelo, la GPU y los tokens que dan los valores
por defecto de las calculadoras de memoria, de tiempo y de precio por trabajo, y el campo del método de
entrenamiento que comparten dos de ellas."""

from __future__ import annotations

from gpucoste.navegador.tipos import Campo

__all__ = ["EJEMPLO_GPU", "EJEMPLO_MODELO", "EJEMPLO_TOKENS"]


# El ejemplo de las páginas de la cadena de decisión (docs/calculadoras/): LoRA de Llama 3.1 8B con 50 millones
# de tokens en una RTX 4090. Son los valores por defecto de sus calculadoras.
EJEMPLO_MODELO = "Llama 3.1 8B"
EJEMPLO_GPU = "RTX 4090"
EJEMPLO_TOKENS = 50e6


def _metodo_entrenamiento() -> Campo:
    from gpucoste.calculo import memoria

    metodos = tuple(m for m in memoria.METODOS if m != "inferencia")
    return Campo("metodo", "Método de entrenamiento", "", "lora", metodos, memoria.NOMBRES_METODOS)
