# El método de la memoria, con las constantes de la biblioteca (bytes y rango de LoRA).
from gpucoste.base.formato import numero
from gpucoste.calculo import memoria

B = memoria.BYTES_POR_PARAMETRO
GLOSARIO = "../../glosario/"
print(
    "- **Pesos**: parámetros × bytes por parámetro de la "
    f"[precisión]({GLOSARIO}#precision) (bf16, {numero(B['bf16'], 0)} bytes; "
    f"int4, {numero(B['int4'], 1)} bytes). "
    "El número de parámetros se calcula a partir del `config.json` y las pruebas lo "
    "comparan con el que publica la ficha de cada modelo.\n"
    f"- **[Caché KV]({GLOSARIO}#cache-kv)** al servir: por cada token de contexto, dos "
    "vectores (K y V) por capa y por cabeza KV. Con atención agrupada (GQA) hay menos "
    "cabezas KV que de consulta, y son las que cuentan.\n"
    "- **Fine-tuning completo** con AdamW en precisión mixta: "
    f"{numero(memoria.BYTES_ADAMW_MIXTA, 0)} bytes por parámetro (pesos y gradientes "
    "en 16 bits, copia de los pesos, momento y varianza en 32 bits), la cuenta del "
    "artículo de [ZeRO](https://arxiv.org/abs/1910.02054). Con varias GPU, ese estado "
    f"se reparte entre ellas ([ZeRO-3 o FSDP]({GLOSARIO}#zero)).\n"
    f"- **[LoRA]({GLOSARIO}#lora)**: el modelo base congelado en bf16 más unos "
    f"adaptadores de rango {memoria.RANGO_LORA} en todas las capas lineales, con sus "
    f"propios {numero(memoria.BYTES_ADAMW_MIXTA, 0)} bytes por parámetro de estado. "
    f"**[QLoRA]({GLOSARIO}#qlora)**: lo mismo con el modelo base en NF4 "
    f"({numero(memoria.BYTES_NF4 * 8, 2)} bits por parámetro con las constantes de "
    "cuantización, según el [artículo de QLoRA](https://arxiv.org/abs/2305.14314)).\n"
    "- **Activaciones** (una **estimación**): la fórmula de "
    "[Korthikanti et al.](https://arxiv.org/abs/2205.05198) para un transformer en 16 "
    "bits, sin el término de la atención que FlashAttention no guarda, más los logits "
    "en fp32. Con [gradient checkpointing]"
    f"({GLOSARIO}#gradient-checkpointing) solo se guarda la entrada de cada capa."
)
