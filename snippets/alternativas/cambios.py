# Precios que cambiaron entre dos lecturas fechadas de los datos.
from gpucoste.base.formato import dolares, fecha, nivel, porcentaje
from gpucoste.calculo import alternativas


def cuando(precio) -> str:
    """«el 9 de noviembre de 2026», o «en julio de 2026» si el dato solo tiene mes; si
    la fila es una estimación de la primera versión (no una lectura), lo dice."""
    dia = precio.fecha
    texto = f"{'el' if len(dia) == 10 else 'en'} {fecha(dia)}"
    return texto + (" (estimación de la primera versión)" if precio.estimacion else "")


for c in alternativas.cambios_de_precio():
    sentido = "subió" if c.variacion > 0 else "bajó"
    print(
        f"- **{c.gpu} en {c.proveedor} ({nivel(c.nivel, c.proveedor)})**: "
        f"{dolares(c.antes.precio_hora_usd)}/h {cuando(c.antes)}; "
        f"{dolares(c.despues.precio_hora_usd)}/h {cuando(c.despues)} "
        f"({sentido} un {porcentaje(abs(c.variacion))})."
    )
