# Qué cuenta la conversión de horas de GPU y qué no.
from gpucoste.calculo import equivalencia

print("**Incluye:**\n")
for frase in equivalencia.INCLUYE:
    print(f"- {frase[0].upper()}{frase[1:]}.")
print("\n**No incluye:**\n")
for frase in equivalencia.NO_INCLUYE:
    print(f"- {frase[0].upper()}{frase[1:]}.")
