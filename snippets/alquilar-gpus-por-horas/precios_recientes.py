# El experimento con el precio más reciente de cada GPU, sin los marcados como atípicos.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import dolares, fecha, lista, mes, nivel, numero, tipo_precio
from gpucoste.calculo import atipicos, experimento

recientes = atipicos.tabla_recientes(experimento.FINETUNING)
comparada = pd.DataFrame(
    {
        "GPU": recientes["GPU"],
        "US$/h (primera versión)": [numero(x) for x in recientes["articulo"]],
        "US$/h (reciente)": [numero(x) for x in recientes["reciente"]],
        "tipo": [tipo_precio(t) for t in recientes["tipo"]],
        "fecha del precio": [mes(f) for f in recientes["fecha"]],
        "coste del trabajo (US$)": [numero(x) for x in recientes["coste"]],
    }
)
alineacion = ["left", "right", "right", "left", "left", "right"]
print(comparada.to_markdown(index=False, colalign=alineacion))

sin_nuevo = recientes.loc[~recientes["posterior"], "GPU"].tolist()
if sin_nuevo:
    print(
        f"\nPara {lista([f'la {g}' for g in sin_nuevo])}, los datos no tienen un "
        "precio posterior al de la primera versión: la fila repite el suyo."
    )
for _, fila in recientes.iterrows():
    # Los atípicos de una fila, juntos: el motivo y el precio que usa la fila, una vez.
    grupos = {}
    for p in sorted(fila["saltados"], key=lambda p: p.fecha):
        clave = (p.nombre, p.proveedor, atipicos.atipico(p).motivo)
        grupos.setdefault(clave, []).append(p)
    anterior = f"La fila usa el precio anterior, del {fecha(fila['fecha'])}."
    for (nombre, proveedor, motivo), precios in grupos.items():
        cuando = [
            f"{dolares(p.precio_hora_usd)}/h el {fecha(p.fecha)}" for p in precios
        ]
        if len(precios) == 1:
            que = f"por atípico: {nombre} en {proveedor} a {cuando[0]}, {motivo}"
        else:
            que = (
                f"por atípicos, {numero(len(precios), 0)} precios de la {nombre} en "
                f"{proveedor}: {lista(cuando)}. El motivo de cada uno: {motivo}"
            )
        print(f"\nFuera de la tabla, {que}. {anterior}")

con_nuevo = recientes[recientes["posterior"]]
if len(con_nuevo) > 1:
    barata = con_nuevo.loc[con_nuevo["coste"].idxmin()]
    cara = con_nuevo.loc[con_nuevo["coste"].idxmax()]
    print(
        "\nEntre las GPU con precio posterior, el trabajo más barato es el de la "
        f"{barata['GPU']}, con {dolares(barata['coste'])}, y el más caro, el de la "
        f"{cara['GPU']}, con {dolares(cara['coste'])}."
    )

historias = []
for esc in experimento.escenarios(experimento.FINETUNING):
    clave = (esc.gpu, esc.proveedor, esc.nivel)
    historia = [
        p
        for p in datos.precios()
        if (p.gpu, p.proveedor, p.nivel) == clave and atipicos.atipico(p) is None
    ]
    if len(historia) > 1:
        bajo = min(historia, key=lambda p: p.precio_hora_usd)
        alto = max(historia, key=lambda p: p.precio_hora_usd)
        historias.append(
            f"- {esc.gpu} ({nivel(esc.nivel, esc.proveedor)}) en {esc.proveedor}: "
            f"{len(historia)} precios válidos en los datos, "
            f"de {dolares(bajo.precio_hora_usd)}/h ({fecha(bajo.fecha)}) "
            f"a {dolares(alto.precio_hora_usd)}/h ({fecha(alto.fecha)})."
        )
if historias:
    print("\nCuánto se mueve el precio en el marketplace (sin los atípicos):\n")
    print("\n".join(historias))
