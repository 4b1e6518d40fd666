# Las dos filas de servir un modelo, con el modelo de capacidad de «gpucoste servir».
from gpucoste.guia import decisiones

for caso in decisiones.casos():
    if not caso.servir:
        continue
    r = caso.recomendacion
    print(
        f"**{caso.escenario}**: {caso.entradas}. Gana **{r.opcion}**, {r.razones[0]}."
    )
    print()
    for razon in r.razones[1:]:
        print(f"- {razon}.")
    print()
