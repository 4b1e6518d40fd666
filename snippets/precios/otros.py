# Los demás datos citados, fila a fila, con su fecha y su fuente.
# (Modelos, API por token, reglas de Vast.ai, luz, tipo de cambio, supuestos…)
from gpucoste.base.formato import numero
from gpucoste.guia import publicacion

tabla = publicacion.tabla_otros_datos()
con_enlace = tabla["Fuente"].str.startswith("[").sum()
print(
    f"{numero(len(tabla), 0)} filas de {numero(tabla['Fichero'].nunique(), 0)} "
    f"ficheros; {numero(con_enlace, 0)} enlazan su fuente y el resto son supuestos "
    "o estimaciones (de la primera versión o de esta guía), dichos como tales.\n"
)
print(tabla.to_markdown(index=False))
