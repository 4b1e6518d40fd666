"""La calculadora «cabe»: ¿cabe mi modelo? (``gpucoste.calculo.memoria.encaja``), con sus campos, los nombres
de sus listas (formatos, optimizadores, pérdidas), su tabla y su gráfico."""

from __future__ import annotations

from types import MappingProxyType

from gpucoste.base.etiquetas import CABE as _CABE
from gpucoste.base.etiquetas import PARTIDAS_MEMORIA, vram_de
from gpucoste.base.formato import numero
from gpucoste.navegador.ejemplo import EJEMPLO_GPU, EJEMPLO_MODELO
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = [
    "CABE",
    "KV_DE_SERIE",
    "NOMBRES_FORMATOS",
    "NOMBRES_OPTIMIZADORES",
    "NOMBRES_PERDIDAS",
    "PRECISION_DEL_METODO",
]


def _campos_cabe() -> tuple[Campo, ...]:
    from gpucoste import datos
    from gpucoste.calculo import memoria

    return (
        Campo("modelo", "Modelo", "", EJEMPLO_MODELO, tuple(datos.modelos())),
        Campo("metodo", "Para qué se carga", "", "lora", memoria.METODOS, memoria.NOMBRES_METODOS),
        Campo("gpu", "GPU", "", EJEMPLO_GPU, tuple(datos.especificaciones())),
        Campo("n_gpus", "Número de GPU", "", 1),
        Campo("secuencia", "Longitud de la secuencia, o del contexto al servir", "tokens", memoria.SECUENCIA),
        Campo("lote", "Tamaño de lote", "secuencias a la vez", 1),
        Campo(
            "precision",
            "Formato de los pesos (al servir o con LoRA)",
            "",
            PRECISION_DEL_METODO,
            (PRECISION_DEL_METODO, *memoria.BYTES_POR_PARAMETRO),
            {PRECISION_DEL_METODO: "el del método (bf16; NF4 en QLoRA)"} | NOMBRES_FORMATOS,
        ),
        Campo(
            "precision_kv",
            "Formato de la caché KV (al servir)",
            "",
            KV_DE_SERIE,
            (KV_DE_SERIE, *memoria.FORMATOS_KV),
            {KV_DE_SERIE: "el de serie (bf16; fp16 o fp32 si los pesos lo son)"} | NOMBRES_FORMATOS,
        ),
        Campo(
            "optimizador", "Optimizador (al entrenar)", "", "adamw", tuple(memoria.OPTIMIZADORES), NOMBRES_OPTIMIZADORES
        ),
        Campo("perdida", "Entropía cruzada (al entrenar)", "", "completa", memoria.PERDIDAS, NOMBRES_PERDIDAS),
        Campo(
            "config",
            "O cualquier modelo: pega su config.json de Hugging Face o elige el fichero; si lo hay, cuenta en vez "
            "de «Modelo»",
            "",
            "",
            vacio="vacío: el modelo de la lista",
        ),
    )


KV_DE_SERIE = "serie"
"""Valor del campo de la caché KV que deja la de serie (``precision_kv=None`` en ``memoria.encaja``)."""

NOMBRES_OPTIMIZADORES = MappingProxyType(
    {
        "adamw": "AdamW en precisión mixta",
        "adamw_bf16": "AdamW en bf16, sin copia en fp32",
        "adamw8bit": "AdamW de 8 bits",
    }
)
"""Cómo se llama cada optimizador de ``memoria.OPTIMIZADORES`` en la lista del formulario."""

NOMBRES_PERDIDAS = MappingProxyType({"completa": "de una vez, con todos los logits", "por_trozos": "por trozos"})
"""Cómo se llama cada forma de calcular la pérdida (``memoria.PERDIDAS``) en la lista del formulario."""

PRECISION_DEL_METODO = "metodo"
"""Valor del campo de formato que deja el del método (``precision=None`` en ``memoria.encaja``)."""

NOMBRES_FORMATOS = MappingProxyType(
    {
        "2bit": "2 bits",
        "q8_0": "GGUF Q8_0",
        "q5_k_m": "GGUF Q5_K_M",
        "q4_k_m": "GGUF Q4_K_M",
        "q4_0": "GGUF Q4_0",
        "gptq-int8": "GPTQ de 8 bits",
        "gptq-int4": "GPTQ de 4 bits",
        "awq-int4": "AWQ de 4 bits",
    }
)
"""Cómo se llama cada formato cuantizado en la lista del formulario."""


def _tabla_cabe(
    *,
    modelo: str,
    metodo: str,
    gpu: str,
    n_gpus: int,
    secuencia: int,
    lote: int,
    precision: str = PRECISION_DEL_METODO,
    precision_kv: str = KV_DE_SERIE,
    optimizador: str = "adamw",
    perdida: str = "completa",
    config: str | None = None,
) -> Tabla:
    from gpucoste.calculo import arquitectura, memoria
    from gpucoste.graficos import dibujo

    formato = None if precision == PRECISION_DEL_METODO else precision
    kv = None if precision_kv == KV_DE_SERIE else precision_kv
    elegido = modelo if config is None else arquitectura.desde_json(config)
    m = memoria.encaja(
        elegido,
        metodo,
        gpu,
        n_gpus=n_gpus,
        secuencia=secuencia,
        lote=lote,
        precision=formato,
        precision_kv=kv,
        optimizador=optimizador,
        perdida=perdida,
    )
    # Las partidas con las palabras de «gpucoste cabe» (etiquetas.PARTIDAS_MEMORIA, vram_de).
    filas = [(PARTIDAS_MEMORIA.get(p, p), numero(getattr(m, p), 1)) for p in memoria.Memoria.PARTIDAS]
    filas += [
        ("total", numero(m.total, 1)),
        (vram_de(m.gpu), numero(m.vram_gb, 0)),
        (_CABE, "sí" if m.cabe else "no"),
    ]
    nombre = memoria.NOMBRES_METODOS.get(metodo, metodo)
    modelo = m.modelo  # el del config.json, si lo hay
    grafico = dibujo.barras(
        [f"{modelo} · {nombre}"],
        {leyenda: [gb] for leyenda, gb in m.grupos.items()},
        eje=f"GB por GPU ({numero(n_gpus, 0)} GPU)",
        referencias={vram_de(m.gpu): m.vram_gb},
        alt=f"Barra apilada con la memoria por GPU de {modelo} ({nombre}), con tus cifras: pesos; adaptadores, "
        f"gradientes y AdamW; activaciones; caché KV; y contexto de CUDA y reserva, frente a una línea vertical "
        f"discontinua con la VRAM de la "
        f"{m.gpu}. {'Cabe' if m.cabe else 'No cabe'}.",
    )
    titulo = memoria.describir(elegido, metodo, secuencia=secuencia, lote=lote, gpu_=m.gpu, n_gpus=n_gpus)
    return Tabla(("Partida", "GB por GPU"), tuple(filas), (False, True), grafico, titulo)


CABE = Calculadora(
    "cabe",
    "Calcula tu caso: ¿cabe en la GPU?",
    {
        "modelo": "opcion",
        "metodo": "opcion",
        "gpu": "opcion",
        "n_gpus": "entero",
        "secuencia": "entero",
        "lote": "entero",
        "precision": "opcion",
        "precision_kv": "opcion",
        "optimizador": "opcion",
        "perdida": "opcion",
        "config": "json_o_vacio",
    },
    _campos_cabe,
    _tabla_cabe,
    "cabe",
)
"""La calculadora «cabe», la de ``CALCULADORAS``."""
