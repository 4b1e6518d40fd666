"""Cualquier modelo desde su ``config.json`` de Hugging Face: el mismo registro que una fila de ``modelos.csv``,
más lo que su arquitectura cambia en la memoria.

:func:`desde_config` lee el ``config.json`` (ya cargado en un ``dict``: la biblioteca no lee ficheros) y devuelve
una :class:`Arquitectura`, un ``datos.Modelo`` que ``gpucoste.calculo.memoria`` (``encaja``, ``gb_kv``,
``parametros``…) usa como una fila de ``modelos.csv``. Lo que cambia con la arquitectura:

- **Parámetros**, contados matriz a matriz según la familia (``model_type``): atención con GQA (q, k, v, o, con
  sesgo si lo lleva), MLP con puerta (tres matrices), mezcla de expertos (todos los expertos; con
  ``activos``, solo los que usa cada token, más los compartidos), MLA de DeepSeek (proyecciones de rango bajo de
  q y de kv), gpt-oss (además, el sesgo de ``o_proj``, un sumidero de atención por cabeza y los sesgos del router
  y de cada experto, como en ``modeling_gpt_oss`` de transformers) y las capas Mamba de Jamba (``in_proj``, la
  convolución, ``x_proj``, ``dt_proj``, A, D y ``out_proj``). La torre de visión de un modelo multimodal
  (``text_config``) no se cuenta.
- **Caché KV por token y capa de atención**: ``2 × cabezas KV × dimensión de cabeza`` con GQA; con MLA (DeepSeek
  V2/V3), el vector latente y la parte con RoPE, ``kv_lora_rank + qk_rope_head_dim``, como en el artículo de
  DeepSeek-V2 (https://arxiv.org/abs/2405.04434, tabla 1: (d_c + d_h^R)·l elementos por token).
- **Ventana deslizante**: las capas con ventana no guardan más de ``sliding_window`` tokens: todas en Mistral
  (``sliding_window``), las pares en Gemma 2 y en gpt-oss, cinco de cada seis en Gemma 3
  (``sliding_window_pattern``), o las que marque ``layer_types``.
- **Capas híbridas atención/Mamba** (Jamba): solo las capas de atención guardan caché KV; cada capa Mamba guarda
  un estado fijo por secuencia (convolución y SSM: ``d_inner × (d_conv + d_state)`` elementos), que no crece con
  el contexto.

Una arquitectura que no sabe modelar (otro ``model_type``, o un campo que cambia la memoria y no entiende, como
``use_sliding_window`` de Qwen) da un ``ValueError`` en español que nombra el campo: nunca una respuesta genérica.
Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.validacion import admite_vacio, corto, invisibles

__all__ = ["Arquitectura", "FAMILIAS", "MAX_CARACTERES", "desde_config", "desde_json"]


FAMILIAS = MappingProxyType(
    {
        "llama": "transformer con GQA",
        "mistral": "transformer con GQA (con ventana deslizante, si la declara «sliding_window»)",
        "qwen2": "transformer con GQA (con sesgo en las proyecciones de la atención)",
        "qwen3": "transformer con GQA",
        "phi3": "transformer con GQA (con ventana deslizante, si la declara «sliding_window»)",
        "gemma": "transformer con GQA",
        "gemma2": "transformer con GQA y atención local/global",
        "gemma3_text": "transformer con GQA y atención local/global",
        "mixtral": "mezcla de expertos con GQA (con ventana deslizante, si la declara «sliding_window»)",
        "qwen2_moe": "mezcla de expertos con experto compartido (con sesgo en las proyecciones de la atención)",
        "qwen3_moe": "mezcla de expertos con GQA",
        "deepseek_v2": "mezcla de expertos con MLA",
        "deepseek_v3": "mezcla de expertos con MLA",
        "jamba": "híbrido atención/Mamba con mezcla de expertos",
        "gpt_oss": "mezcla de expertos con GQA, atención local/global y sumideros de atención",
    }
)
"""Los ``model_type`` que la biblioteca sabe modelar y cómo es cada uno. Un ``config.json`` multimodal
(``model_type`` ``gemma3``, con ``text_config``) se lee por su modelo de texto."""

_ATADOS_POR_DEFECTO = frozenset({"gemma", "gemma2", "gemma3_text"})
"""Familias cuya clase de configuración ata los embeddings si el ``config.json`` no dice ``tie_word_embeddings``."""

_MULTIMODALES = frozenset({"gemma3"})
"""``model_type`` que envuelven un modelo de texto en ``text_config`` (y una torre de visión, que no se cuenta)."""

_SENALES_DE_OTRAS_CAPAS = (
    "layers_block_type",
    "hybrid_override_pattern",
    "attn_layer_indices",
    "linear_attn_config",
    "full_attention_interval",
    "mamba_d_state",
    "ssm_cfg",
)
"""Campos que anuncian capas que no son de atención (Mamba, atención lineal…): en una familia que no las tiene
(todas menos Jamba), la arquitectura no es la que se sabe modelar y se dice, en vez de contarla como un transformer."""

_MAXIMO = 10**7
"""Tope de cada dimensión del ``config.json``: mayor que cualquier modelo publicado, y sin desbordar las cuentas."""

_MAXIMO_CAPAS = 10_000
"""Tope de ``num_hidden_layers`` (los modelos publicados tienen unas decenas; las cuentas van capa a capa)."""


@dataclass(frozen=True)
class Arquitectura(datos.Modelo):
    """Un modelo leído de su ``config.json``: los campos de ``modelos.csv`` (``datos.Modelo``) más lo que su
    arquitectura cambia en la memoria. Lo hace :func:`desde_config`; ``memoria`` lo usa como una fila más."""

    familia: str = "llama"
    """El ``model_type`` del modelo de texto (una clave de ``FAMILIAS``)."""
    parametros_total: float = 0.0
    """Parámetros de todo el modelo (con todos los expertos)."""
    parametros_activos: float = 0.0
    """Parámetros que usa cada token (en una mezcla de expertos, solo los expertos activos y los compartidos)."""
    parametros_emb: float = 0.0
    """Parámetros de los embeddings y de la capa de salida (una vez si están atados)."""
    lora_por_rango: float = 0.0
    """Parámetros de LoRA de rango 1 en todas las capas lineales (se multiplica por el rango)."""
    capas_atencion: int = 0
    """Capas con caché KV (las de atención; en un híbrido con Mamba, no todas)."""
    kv_por_capa: int = 0
    """Elementos de caché KV por token y capa de atención (K y V juntos; con MLA, el latente y la parte con RoPE)."""
    ventana: int = 0
    """Tokens de la ventana deslizante (0: sin ventana)."""
    capas_con_ventana: int = 0
    """Capas de atención con ventana deslizante (las demás ven todo el contexto)."""
    estado_por_secuencia: float = 0.0
    """Elementos del estado fijo de cada secuencia (las capas Mamba): no crece con el contexto."""


admite_vacio(Arquitectura, "fecha", "fuente")


def _falta(campo: str, que: str) -> ValueError:
    return ValueError(f"config.json: falta «{campo}»; se admite {que}.")


def _entero(cfg: Mapping, campo: str, defecto: int | None = None, *, minimo: int = 1, maximo: int = _MAXIMO) -> int:
    """El entero ``cfg[campo]`` (``defecto`` si falta o es null y hay uno); si no vale, ``ValueError`` que lo nombra."""
    que = f"un entero mayor o igual que {minimo} y menor o igual que {maximo:,}".replace(",", ".")
    valor = cfg.get(campo)
    if valor is None:
        if defecto is None:
            raise _falta(campo, que)
        return defecto
    if type(valor) is not int or not minimo <= valor <= maximo:
        raise ValueError(f"config.json: «{campo}» = {corto(valor)} no vale; se admite {que}.")
    return valor


def _opcional(cfg: Mapping, campo: str, *, minimo: int = 1) -> int | None:
    """El entero ``cfg[campo]`` o ``None`` si falta o es null."""
    return None if cfg.get(campo) is None else _entero(cfg, campo, minimo=minimo)


def _booleano(cfg: Mapping, campo: str, defecto: bool) -> bool:
    valor = cfg.get(campo, defecto)
    if valor is None:
        return defecto
    if not isinstance(valor, bool):
        raise ValueError(f"config.json: «{campo}» = {corto(valor)} no vale; se admite true o false.")
    return valor


def _texto_del_modelo(config: object) -> tuple[Mapping, str]:
    """El diccionario del modelo de texto y su ``model_type`` (el de ``text_config`` en un modelo multimodal)."""
    if not isinstance(config, Mapping):
        raise ValueError(
            f"config.json: {corto(config)} no vale; se admite un objeto JSON ({{…}}) con los campos del modelo."
        )
    tipo = config.get("model_type")
    if tipo is None:
        raise _falta("model_type", f"uno de {', '.join(sorted({*FAMILIAS, *_MULTIMODALES}))}")
    if not isinstance(tipo, str):
        raise ValueError(f"config.json: «model_type» = {corto(tipo)} no vale; se admite un texto.")
    if tipo in _MULTIMODALES:
        texto = config.get("text_config")
        if not isinstance(texto, Mapping):
            raise _falta("text_config", f"el objeto con el modelo de texto de un modelo «{tipo}»")
        return texto, f"{tipo}_text"
    if tipo not in FAMILIAS:
        raise ValueError(
            f"config.json: «model_type» = {corto(tipo)} no se sabe modelar (su caché KV o sus parámetros pueden "
            f"no seguir las fórmulas de la biblioteca); se admite uno de {', '.join(sorted(FAMILIAS))}"
            f" o {', '.join(sorted(_MULTIMODALES))} (multimodal, con «text_config»)."
        )
    return config, tipo


def _ventana(cfg: Mapping, tipo: str, capas: int, tipos_capa: list[str] | None) -> tuple[int, int]:
    """(ventana, capas de atención con ventana) según la familia, ``layer_types`` o ``sliding_window_pattern``."""
    if _booleano(cfg, "use_sliding_window", False):
        raise ValueError(
            "config.json: «use_sliding_window» = true no se sabe modelar en "
            f"«{tipo}» (qué capas usan la ventana depende de «max_window_layers»); se admite false."
        )
    ventana = _opcional(cfg, "sliding_window")
    if tipos_capa is not None:
        con_ventana = sum(t == "sliding_attention" for t in tipos_capa)
    elif tipo in ("gemma2", "gpt_oss"):  # las capas pares (modeling_gemma2: not bool(layer_idx % 2); GptOssConfig)
        con_ventana = (capas + 1) // 2
    elif tipo == "gemma3_text":  # global cada «sliding_window_pattern» capas: (i + 1) % patrón == 0
        con_ventana = capas - capas // _entero(cfg, "sliding_window_pattern", 6)
    elif tipo in ("mistral", "mixtral", "phi3") and ventana is not None:
        con_ventana = capas
    else:
        con_ventana = 0
    if con_ventana and ventana is None:
        raise _falta("sliding_window", "los tokens de la ventana deslizante de las capas locales")
    return (ventana or 0, con_ventana) if con_ventana else (0, 0)


def _tipos_de_capa(cfg: Mapping, capas: int) -> list[str] | None:
    """``layer_types`` (``full_attention`` o ``sliding_attention``, una por capa), si lo hay."""
    tipos = cfg.get("layer_types")
    if tipos is None:
        return None
    validos = ("full_attention", "sliding_attention")
    if not isinstance(tipos, list) or len(tipos) != capas or any(t not in validos for t in tipos):
        raise ValueError(
            f"config.json: «layer_types» = {corto(tipos)} no vale; se admite una lista de {capas} valores "
            f"(uno por capa, «num_hidden_layers»), cada uno {' o '.join(validos)}."
        )
    return tipos


def _mlp(h: int, intermedia: int) -> int:
    """Parámetros de un MLP con puerta (gate, up y down: tres matrices sin sesgo)."""
    return 3 * h * intermedia


def _lora_mlp(h: int, intermedia: int) -> int:
    """Parámetros de LoRA de rango 1 de un MLP con puerta: ``d_entrada + d_salida`` por matriz."""
    return 3 * (h + intermedia)


def desde_config(config: Mapping, nombre: str | None = None) -> Arquitectura:
    """La arquitectura del ``config.json`` de Hugging Face ``config`` (un ``dict``), lista para ``memoria``.

    ``nombre``: cómo se llama en las tablas (por defecto, ``_name_or_path`` del config, o «modelo de config.json»).
    Un ``model_type`` que no está en ``FAMILIAS``, un campo que falta o que no vale → ``ValueError`` que lo nombra.
    """
    cfg, tipo = _texto_del_modelo(config)
    for campo in _SENALES_DE_OTRAS_CAPAS if tipo != "jamba" else ():
        if cfg.get(campo) is not None:
            raise ValueError(
                f"config.json: «{campo}» anuncia capas que no son de atención (Mamba, atención lineal…), que "
                f"«model_type» = {tipo!r} no tiene y no se saben modelar; se admite un config.json de «{tipo}» "
                "sin ese campo."
            )
    if nombre is None:
        ruta = config.get("_name_or_path") if isinstance(config, Mapping) else None
        if isinstance(ruta, str) and invisibles(ruta):
            raise ValueError(
                f"config.json: «_name_or_path» = {corto(ruta)} no vale; se admite un texto sin caracteres de control."
            )
        nombre = ruta.strip() if isinstance(ruta, str) and ruta.strip() else f"modelo de config.json ({tipo})"
    if not isinstance(nombre, str) or not nombre.strip():
        raise ValueError(f"nombre: {corto(nombre)} no vale; se admite un texto no vacío.")
    h = _entero(cfg, "hidden_size")
    capas = _entero(cfg, "num_hidden_layers", maximo=_MAXIMO_CAPAS)
    cabezas = _entero(cfg, "num_attention_heads")
    kv = _entero(cfg, "num_key_value_heads", cabezas)
    if kv > cabezas:
        raise ValueError(
            f"config.json: «num_key_value_heads» = {kv} no vale; se admite un entero entre 1 y "
            f"«num_attention_heads» ({cabezas})."
        )
    if cfg.get("head_dim") is None and h % cabezas:
        raise _falta("head_dim", f"un entero (hidden_size {h} no se divide entre {cabezas} cabezas)")
    dim_cabeza = _entero(cfg, "head_dim", h // cabezas)
    vocabulario = _entero(cfg, "vocab_size")
    contexto = _entero(cfg, "max_position_embeddings", 4096)
    atados = _booleano(cfg, "tie_word_embeddings", tipo in _ATADOS_POR_DEFECTO)
    emb = vocabulario * h * (1 if atados else 2)
    normas_capa = 4 * h if tipo in ("gemma2", "gemma3_text") else 2 * h
    qk_norm = 2 * dim_cabeza if tipo in ("qwen3", "qwen3_moe", "gemma3_text") else 0

    # Atención de una capa (parámetros, LoRA de rango 1, elementos de caché KV por token).
    q, kvd = cabezas * dim_cabeza, kv * dim_cabeza
    sesgo = tipo in ("qwen2", "qwen2_moe") or _booleano(cfg, "attention_bias", tipo == "gpt_oss")
    atencion = h * q + 2 * h * kvd + q * h + ((q + 2 * kvd) if sesgo else 0) + qk_norm
    if tipo == "gpt_oss":  # sesgo de o_proj y un sumidero (un logit aprendido) por cabeza
        atencion += (h if sesgo else 0) + cabezas
    lora_atencion = 2 * (h + q) + 2 * (h + kvd)
    kv_capa = 2 * kvd
    if tipo in ("deepseek_v2", "deepseek_v3"):
        atencion, lora_atencion, kv_capa, dim_cabeza = _mla(cfg, h, cabezas)

    # MLP de cada capa: (total, activos, LoRA de rango 1) y los expertos para el registro.
    intermedia = _entero(cfg, "intermediate_size")
    expertos, activos_tok, dim_experto = 1, 1, intermedia
    mlps: list[tuple[float, float, float]] = []
    tipos_capa = None
    mamba: tuple[int, int, int] | None = None
    if tipo in ("mixtral", "qwen2_moe", "qwen3_moe", "deepseek_v2", "deepseek_v3", "jamba", "gpt_oss"):
        campo_expertos = {
            "mixtral": "num_local_experts",
            "gpt_oss": "num_local_experts",
            "deepseek_v2": "n_routed_experts",
        }.get(tipo, "num_experts")
        campo_expertos = "n_routed_experts" if tipo == "deepseek_v3" else campo_expertos
        expertos = _entero(cfg, campo_expertos)
        activos_tok = _entero(cfg, "num_experts_per_tok")
        if activos_tok > expertos:
            raise ValueError(
                f"config.json: «num_experts_per_tok» = {activos_tok} no vale; se admite un entero entre 1 y "
                f"«{campo_expertos}» ({expertos})."
            )
        if tipo in ("qwen2_moe", "qwen3_moe", "deepseek_v2", "deepseek_v3"):
            dim_experto = _entero(cfg, "moe_intermediate_size")
    for i in range(capas):
        mlps.append(_mlp_de_capa(cfg, tipo, i, h, intermedia, expertos, activos_tok, dim_experto))
    if tipo == "jamba":
        mamba = _mamba(cfg, h)
        periodo, desfase = _entero(cfg, "attn_layer_period"), _entero(cfg, "attn_layer_offset", minimo=0)
        es_atencion = [i % periodo == desfase for i in range(capas)]
        if not any(es_atencion):
            raise ValueError(
                f"config.json: «attn_layer_offset» = {desfase} no vale con «attn_layer_period» = {periodo} y "
                f"{capas} capas; se admite un desfase menor que el periodo y que el número de capas."
            )
    else:
        tipos_capa = _tipos_de_capa(cfg, capas)
        es_atencion = [True] * capas
    capas_atencion = sum(es_atencion)
    ventana, capas_con_ventana = _ventana(cfg, tipo, capas_atencion, tipos_capa)

    total = activos = float(emb + h)  # embeddings (y salida) y la norma final
    lora = 0.0
    estado = 0.0
    for i, (mlp_total, mlp_activos, mlp_lora) in enumerate(mlps):
        if es_atencion[i]:
            mezcla, lora_mezcla = atencion, lora_atencion
        else:
            assert mamba is not None
            mezcla, lora_mezcla, estado_capa = mamba
            estado += estado_capa
        total += mezcla + mlp_total + normas_capa
        activos += mezcla + mlp_activos + normas_capa
        lora += lora_mezcla + mlp_lora

    return Arquitectura(
        modelo=nombre.strip(),
        hf_id=nombre.strip(),
        capas=capas,
        dim_oculta=h,
        cabezas_atencion=cabezas,
        cabezas_kv=kv,
        dim_cabeza=dim_cabeza,
        dim_intermedia=dim_experto,
        vocabulario=vocabulario,
        embeddings_atados=atados,
        sesgo_qkv=sesgo,
        expertos=expertos,
        expertos_activos=activos_tok,
        contexto_max=contexto,
        fecha="",
        fuente="",
        nota=f"{FAMILIAS[tipo]} (config.json, model_type «{tipo}»)",
        familia=tipo,
        parametros_total=total,
        parametros_activos=activos,
        parametros_emb=float(emb),
        lora_por_rango=lora,
        capas_atencion=capas_atencion,
        kv_por_capa=kv_capa,
        ventana=ventana,
        capas_con_ventana=capas_con_ventana,
        estado_por_secuencia=estado,
    )


MAX_CARACTERES = 10**7
"""Caracteres como mucho del texto de un ``config.json`` (uno real ocupa unos pocos miles)."""


def desde_json(texto: str, nombre: str | None = None) -> Arquitectura:
    """:func:`desde_config` del texto de un ``config.json`` (el de un fichero, o el que pega el lector en el
    formulario). Un texto que no es JSON → ``ValueError`` que empieza por «config.json:» y dice la línea y la columna.
    """
    if not isinstance(texto, str):
        raise ValueError(f"config.json: {corto(texto)} no vale; se admite el texto de un config.json de Hugging Face.")
    if len(texto) > MAX_CARACTERES:
        raise ValueError(
            f"config.json: el texto tiene {len(texto):,} caracteres; se admiten como mucho ".replace(",", ".")
            + f"{MAX_CARACTERES:,} (un config.json real ocupa unos pocos miles).".replace(",", ".")
        )
    try:
        config = json.loads(texto)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"config.json: el texto no es un JSON válido (línea {error.lineno}, columna {error.colno}); se admite el "
            "contenido de un config.json de Hugging Face, un objeto {…}."
        ) from None
    except RecursionError:
        raise ValueError(
            "config.json: el JSON anida demasiados niveles; se admite un config.json de Hugging Face."
        ) from None
    return desde_config(config, nombre)


def _mla(cfg: Mapping, h: int, cabezas: int) -> tuple[int, int, int, int]:
    """Atención latente (MLA) de DeepSeek V2/V3: (parámetros, LoRA de rango 1, caché por token, dim. de cabeza q/k).

    q: ``q_proj`` entera, o con rango bajo ``q_a_proj`` + norma + ``q_b_proj`` (``q_lora_rank``); kv:
    ``kv_a_proj_with_mqa`` (latente y parte con RoPE), su norma y ``kv_b_proj``; ``o_proj``. La caché guarda el
    latente y la clave con RoPE: ``kv_lora_rank + qk_rope_head_dim`` elementos por token y capa.
    """
    rango_kv = _entero(cfg, "kv_lora_rank")
    rope = _entero(cfg, "qk_rope_head_dim")
    nope = _entero(cfg, "qk_nope_head_dim")
    v = _entero(cfg, "v_head_dim")
    rango_q = _opcional(cfg, "q_lora_rank")
    qk = nope + rope
    if rango_q is None:
        q, lora_q = h * cabezas * qk, h + cabezas * qk
    else:
        q = h * rango_q + rango_q + rango_q * cabezas * qk
        lora_q = (h + rango_q) + (rango_q + cabezas * qk)
    kv = h * (rango_kv + rope) + rango_kv + rango_kv * cabezas * (nope + v)
    lora_kv = (h + rango_kv + rope) + (rango_kv + cabezas * (nope + v))
    o = cabezas * v * h
    return q + kv + o, lora_q + lora_kv + (cabezas * v + h), rango_kv + rope, qk


def _mlp_de_capa(
    cfg: Mapping, tipo: str, i: int, h: int, intermedia: int, expertos: int, activos: int, dim_experto: int
) -> tuple[float, float, float]:
    """(parámetros totales, activos por token, LoRA de rango 1) del MLP de la capa ``i``."""
    denso = (_mlp(h, intermedia), _mlp(h, intermedia), _lora_mlp(h, intermedia))
    if expertos == 1:
        return denso
    if tipo in ("mixtral", "gpt_oss"):
        moe = True
    elif tipo == "jamba":
        periodo, desfase = _entero(cfg, "expert_layer_period"), _entero(cfg, "expert_layer_offset", minimo=0)
        moe = i % periodo == desfase
    elif tipo in ("qwen2_moe", "qwen3_moe"):
        solo_mlp = cfg.get("mlp_only_layers") or []
        if not isinstance(solo_mlp, list) or any(type(c) is not int for c in solo_mlp):
            raise ValueError(
                f"config.json: «mlp_only_layers» = {corto(solo_mlp)} no vale; se admite una lista de enteros."
            )
        paso = _entero(cfg, "decoder_sparse_step", 1)
        moe = i not in solo_mlp and (i + 1) % paso == 0
    else:  # deepseek_v2 y deepseek_v3: las primeras «first_k_dense_replace» capas, densas
        primeras = _entero(cfg, "first_k_dense_replace", 0, minimo=0)
        moe = i >= primeras and i % _entero(cfg, "moe_layer_freq", 1) == 0
    if not moe:
        return denso
    router = h * expertos + (expertos if cfg.get("topk_method") == "noaux_tc" else 0)  # y el sesgo de V3
    compartido = lora_compartido = 0
    if tipo == "qwen2_moe":
        dim_compartido = _entero(cfg, "shared_expert_intermediate_size")
        compartido = _mlp(h, dim_compartido) + h  # y su puerta (h → 1)
        lora_compartido = _lora_mlp(h, dim_compartido) + (h + 1)
    elif tipo in ("deepseek_v2", "deepseek_v3"):
        n = _entero(cfg, "n_shared_experts", 0, minimo=0)
        compartido, lora_compartido = n * _mlp(h, dim_experto), n * _lora_mlp(h, dim_experto)
    uno = _mlp(h, dim_experto)
    if tipo == "gpt_oss":  # sesgos de gate_up_proj (2 × intermedia) y de down_proj (h), y del router
        uno += 2 * dim_experto + h
        router += expertos
    return (
        float(router + compartido + expertos * uno),
        float(router + compartido + activos * uno),
        float(lora_compartido + expertos * _lora_mlp(h, dim_experto)),
    )


def _mamba(cfg: Mapping, h: int) -> tuple[int, int, int]:
    """Una capa Mamba de Jamba: (parámetros, LoRA de rango 1 en sus lineales, elementos de estado por secuencia).

    ``in_proj`` (h → 2·d_inner), convolución de ``d_conv`` con sesgo, ``x_proj`` (d_inner → dt_rank + 2·d_state),
    ``dt_proj`` con sesgo, A (``d_inner × d_state``), D, las normas de dt, B y C de Jamba y ``out_proj``. El estado
    de cada secuencia: el de la convolución (``d_inner × d_conv``) y el del SSM (``d_inner × d_state``).
    """
    expansion = _entero(cfg, "mamba_expand", 2)
    estado = _entero(cfg, "mamba_d_state", 16)
    conv = _entero(cfg, "mamba_d_conv", 4)
    rango_dt = _entero(cfg, "mamba_dt_rank", math.ceil(h / 16))
    d = expansion * h
    sesgo_conv = d if _booleano(cfg, "mamba_conv_bias", True) else 0
    sesgo_proj = (2 * d + h) if _booleano(cfg, "mamba_proj_bias", False) else 0
    parametros = (
        h * 2 * d
        + d * conv
        + sesgo_conv
        + d * (rango_dt + 2 * estado)
        + rango_dt * d
        + d
        + d * estado
        + d
        + (rango_dt + 2 * estado)
        + d * h
        + sesgo_proj
    )
    lora = (h + 2 * d) + (d + rango_dt + 2 * estado) + (rango_dt + d) + (d + h)
    return parametros, lora, d * (conv + estado)
