# ¿La GPU de casa o una más rápida alquilada? El fine-tuning de la primera versión.
from gpucoste.base.formato import dolares, numero
from gpucoste.guia import decisiones

c = decisiones.local_o_alquilada()
print(
    f"- En casa, la {c.local} tarda {numero(c.horas_local, 1)} horas y gasta "
    f"{dolares(c.coste_local)} de electricidad."
)
print(
    f"- Alquilada, la {c.alquilada} tarda {numero(c.horas_alquilada, 1)} horas "
    "y cuesta "
    f"{dolares(c.coste_alquilada)} a {dolares(c.precio_alquilada)}/h."
)
print(
    f"- Empatan si la {c.alquilada} costara **{dolares(c.precio_equilibrio)}/h**: "
    f"por encima, la de casa es más barata; la alquilada ahorra "
    f"{numero(c.horas_local - c.horas_alquilada, 1)} horas de espera."
)
print(
    "\nLas horas de cada GPU y el precio por hora de la alquilada son las "
    "estimaciones de la primera versión; la luz, la del hogar español de la "
    "sección anterior."
)
