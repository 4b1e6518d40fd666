# Caché KV: bytes por token y GB para un contexto largo, según las cabezas KV.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import lista, numero
from gpucoste.calculo import memoria

CONTEXTO = 32768  # tokens
filas = [
    {
        "modelo": nombre,
        "cabezas (consulta / KV)": f"{m.cabezas_atencion} / {m.cabezas_kv}",
        "KiB por token (bf16)": numero(memoria.bytes_kv_por_token(m) / 1024, 0),
        f"GB para {numero(CONTEXTO, 0)} tokens": numero(memoria.gb_kv(m, CONTEXTO), 1),
    }
    for nombre, m in datos.modelos().items()
]
print(
    pd.DataFrame(filas).to_markdown(
        index=False, colalign=("left", "right", "right", "right")
    )
)

# Los modelos con ventana deslizante: la columna de GB ya la aplica; la de KiB no.
con_ventana = [m for m in datos.modelos() if m in datos.ventanas()]
if con_ventana:
    print(
        f"\nEn {lista(con_ventana)}, parte de las capas atiende solo a una ventana "
        "deslizante: la columna de GB ya la tiene en cuenta; los KiB por token cuentan "
        "todas las capas como si cada una viera todo el contexto."
    )
