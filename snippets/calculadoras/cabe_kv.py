# Caché KV: bytes por token y GB para un contexto largo, según las cabezas KV.
import pandas as pd

from gpucoste import datos
from gpucoste.base.formato import numero
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
