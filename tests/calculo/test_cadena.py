"""La cadena de decisión (issue 9): memoria, tiempo y ranking, contra valores de fuentes independientes.

Cada valor de referencia cita su fuente; ninguno es lo que imprimió el código la última vez.
"""

from __future__ import annotations

import dataclasses
import math

import invariantes
import pytest

from gpucoste import datos
from gpucoste.base import formato
from gpucoste.calculo import memoria, ranking, tiempo
from gpucoste.calculo.trabajo import Trabajo

# LLaMA 65B (Touvron et al., arXiv 2302.13971, tabla 2: dimensión 8192, 64 cabezas, 80 capas;
# intermedia 22016 y vocabulario 32000 de su config.json en el Hub, huggyllama/llama-65b).
LLAMA_65B = datos.Modelo(
    modelo="LLaMA 65B",
    hf_id="huggyllama/llama-65b",
    capas=80,
    dim_oculta=8192,
    cabezas_atencion=64,
    cabezas_kv=64,
    dim_cabeza=128,
    dim_intermedia=22016,
    vocabulario=32000,
    embeddings_atados=False,
    sesgo_qkv=False,
    expertos=1,
    expertos_activos=1,
    contexto_max=2048,
    fecha="2023-02",
    fuente="https://arxiv.org/abs/2302.13971",
)


def gpu_de(vram_gb: float, tflops: float = 100.0) -> datos.Gpu:
    return datos.Gpu(f"{vram_gb} GB", vram_gb, tflops, 1000.0, None, False, "2026-11", "https://example.org")


# --- Datos ---------------------------------------------------------------------------------------


def test_cada_gpu_con_precio_tiene_especificaciones():
    assert set(datos.gpus()) <= set(datos.especificaciones())


def test_gpus_locales_del_issue():
    for gpu in ("RTX 3060 12GB", "RTX 4060 Ti 16GB", "RTX 4090", "RTX 5090", "Apple M2 Ultra 192GB"):
        assert gpu in datos.especificaciones()
    assert datos.especificaciones()["Apple M2 Ultra 192GB"].memoria_unificada


def test_modelos_del_issue():
    nombres = set(datos.modelos())
    pedidos = {"Llama 3.1 8B", "Llama 3.1 70B", "Mistral 7B v0.3", "Qwen 2.5 7B", "Qwen 2.5 32B", "Qwen 2.5 72B"}
    assert pedidos | {"Gemma 2 9B", "Gemma 2 27B", "Mixtral 8x7B"} <= nombres


# --- Memoria -------------------------------------------------------------------------------------


def test_kv_llama_31_8b():
    # 2 × 32 capas × 8 cabezas KV × 128 × 2 bytes = 131.072 B/token (config.json de Llama 3.1 8B;
    # la fórmula de la caché KV con GQA usa las cabezas KV, no las 32 de atención).
    assert memoria.bytes_kv_por_token("Llama 3.1 8B") == 131_072
    # Sin GQA (32 cabezas KV) serían 4 veces más: la diferencia que trae la atención agrupada.
    sin_gqa = dataclasses.replace(datos.modelos()["Llama 3.1 8B"], cabezas_kv=32)
    assert memoria.bytes_kv_por_token(sin_gqa) == 4 * 131_072


@pytest.mark.parametrize(
    ("modelo", "publicados", "tolerancia"),
    [
        ("Llama 3.1 8B", 8.03e9, 0.005),  # ficha del modelo en el Hub: 8,03 B parámetros (safetensors)
        ("Llama 3.1 70B", 70.6e9, 0.005),  # ficha del modelo en el Hub: 70,6 B
        ("Qwen 2.5 7B", 7.61e9, 0.005),  # ficha de Qwen2.5-7B: «Number of Parameters: 7.61B»
        ("Qwen 2.5 72B", 72.7e9, 0.005),  # ficha de Qwen2.5-72B: «Number of Parameters: 72.7B»
        ("Mistral 7B v0.3", 7.25e9, 0.005),  # ficha de Mistral-7B-v0.3 en el Hub: 7,25 B
        ("Mixtral 8x7B", 46.7e9, 0.005),  # https://mistral.ai/news/mixtral-of-experts: 46,7 B en total
        ("Gemma 2 9B", 9.24e9, 0.005),  # ficha de gemma-2-9b en el Hub: 9,24 B
        ("Gemma 2 27B", 27.2e9, 0.005),  # ficha de gemma-2-27b en el Hub: 27,2 B
    ],
)
def test_parametros_calculados_del_config(modelo, publicados, tolerancia):
    assert memoria.parametros(modelo) == pytest.approx(publicados, rel=tolerancia)


def test_mixtral_activos():
    # https://mistral.ai/news/mixtral-of-experts: «only uses 12.9B parameters per token».
    assert memoria.parametros("Mixtral 8x7B", activos=True) == pytest.approx(12.9e9, rel=0.005)
    assert memoria.parametros("Llama 3.1 8B", activos=True) == memoria.parametros("Llama 3.1 8B")


def test_70b_en_2_bits_cabe_en_24_no_en_16():
    # 70 × 10⁹ × 0,25 bytes = 17,5 GB: el artículo decía que no cabe en 16 GB (cierto), pero sí en 24.
    assert memoria.gb_pesos(70, "2bit") == pytest.approx(17.5)
    assert not memoria.cabe(70, "2bit", 16)
    assert memoria.cabe(70, "2bit", 24)


def test_zero_16_bytes_por_parametro_y_reparto():
    # ZeRO (arXiv 1910.02054, figura 1): un modelo de 7,5 B con AdamW en precisión mixta necesita
    # 120 GB de estado (16 bytes/parámetro); repartido (P_os+g+p) entre 64 GPUs, 1,9 GB por GPU.
    assert memoria.BYTES_ADAMW_MIXTA * 7.5e9 / 1e9 == pytest.approx(120)
    una = memoria.encaja("Llama 3.1 8B", "completo", "H100 80GB")
    estado = una.pesos + una.gradientes + una.optimizador
    assert estado == pytest.approx(16 * memoria.parametros("Llama 3.1 8B") / 1e9)
    sesenta_y_cuatro = memoria.encaja("Llama 3.1 8B", "completo", "H100 80GB", n_gpus=64)
    repartido = sesenta_y_cuatro.pesos + sesenta_y_cuatro.gradientes + sesenta_y_cuatro.optimizador
    assert repartido == pytest.approx(estado / 64)
    assert sesenta_y_cuatro.activaciones == una.activaciones  # las activaciones no se reparten


def test_qlora_65b_cabe_en_48_gb():
    # QLoRA (Dettmers et al., arXiv 2305.14314, resumen): «finetune a 65B parameter model on a single
    # 48GB GPU», con adaptadores de rango 64 en todas las capas lineales, que su repositorio entrena en
    # bf16 (AdamW sin copia fp32: «adamw_bf16»). Con LoRA en bf16 no cabe.
    qlora = memoria.encaja(LLAMA_65B, "qlora", gpu_de(48), rango_lora=64, secuencia=512, optimizador="adamw_bf16")
    assert qlora.cabe, qlora
    assert not memoria.encaja(LLAMA_65B, "lora", gpu_de(48), rango_lora=64, secuencia=512).cabe


def test_el_desglose_suma_el_total():
    m = memoria.encaja("Qwen 2.5 7B", "lora", "RTX 4090")
    assert m.total == pytest.approx(sum(getattr(m, p) for p in m.PARTIDAS))
    assert m.libre == pytest.approx(m.vram_gb - m.total)


def test_ventana_deslizante_de_gemma_2():
    # Gemma 2 9B (transformers, modeling_gemma2.py): la mitad de sus 42 capas atiende a una ventana de
    # 4096 tokens. Con 8192 de contexto, 21 capas guardan 8192 tokens y 21 guardan 4096.
    por_token = memoria.bytes_kv_por_token("Gemma 2 9B")
    assert memoria.gb_kv("Gemma 2 9B", 8192) == pytest.approx(por_token * (21 * 8192 + 21 * 4096) / 42 / 1e9)
    assert memoria.gb_kv("Gemma 2 9B", 2048) == pytest.approx(por_token * 2048 / 1e9)  # dentro de la ventana
    assert memoria.gb_kv("Llama 3.1 8B", 8192) == pytest.approx(memoria.bytes_kv_por_token("Llama 3.1 8B") * 8192 / 1e9)


def test_checkpointing_ahorra_activaciones():
    con = memoria.gb_activaciones("Llama 3.1 8B", 2048, checkpointing=True)
    sin = memoria.gb_activaciones("Llama 3.1 8B", 2048, checkpointing=False)
    assert con < sin


def test_gpus_necesarias():
    assert memoria.gpus_necesarias("Llama 3.1 8B", "lora", "H100 80GB") == 1
    assert memoria.gpus_necesarias("Llama 3.1 8B", "completo", "RTX 4090", maximo=4) is None
    n = memoria.gpus_necesarias("Llama 3.1 8B", "completo", "H100 80GB")
    assert n is not None and n > 1
    assert not memoria.encaja("Llama 3.1 8B", "completo", "H100 80GB", n_gpus=n - 1).cabe


# --- Tiempo --------------------------------------------------------------------------------------


def test_6nd_gpt3():
    # Transformer Math 101 (EleutherAI): GPT-3, 175 B parámetros y 300 B tokens: 3,14e23 FLOPs.
    assert tiempo.flops_6nd(175e9, 300e9) == pytest.approx(3.14e23, rel=0.01)


def test_lora_cuesta_dos_tercios_del_completo_y_el_checkpointing_no_suma_flops():
    # Transformer Math 101: 6·N por token entrenado (2·N hacia delante y 4·N hacia atrás); LoRA no
    # calcula el gradiente de los pesos congelados (4·N). La atención causal de Llama 3.1 8B (32 capas,
    # 32 cabezas de 128) suma 6 · 32 · 32 · 128 · 2048 FLOPs por token: la mitad del 12·L·H·Q·T de PaLM
    # (arXiv 2204.02311, apéndice B), que cuenta también la parte enmascarada.
    n = memoria.parametros("Llama 3.1 8B")
    atencion = 6 * 32 * 32 * 128 * 2048
    lora = tiempo.flops_entrenamiento("Llama 3.1 8B", "lora", 1e6, checkpointing=False)
    assert lora == pytest.approx((4 * n + 6 * memoria.parametros_lora("Llama 3.1 8B") + atencion) * 1e6)
    completo = tiempo.flops_entrenamiento("Llama 3.1 8B", "completo", 1e6, checkpointing=False)
    assert completo == pytest.approx((6 * n + atencion) * 1e6)
    # El MFU se mide sobre los FLOPs del modelo: el recómputo no se suma (el MFU ajustado ya lo lleva)
    assert tiempo.flops_entrenamiento("Llama 3.1 8B", "completo", 1e6, checkpointing=True) == completo
    largo = tiempo.flops_entrenamiento("Llama 3.1 8B", "completo", 1e6, secuencia=8192)
    assert largo - completo == pytest.approx(6 * 32 * 32 * 128 * (8192 - 2048) * 1e6)


def test_mixtral_entrena_con_los_activos():
    total = tiempo.flops_entrenamiento("Mixtral 8x7B", "completo", 1e6, checkpointing=False, secuencia=1)
    atencion = 6 * 32 * 32 * 128  # 32 capas, 32 cabezas de 128, secuencia de 1 token
    assert total == pytest.approx((6 * memoria.parametros("Mixtral 8x7B", activos=True) + atencion) * 1e6)


def test_horas_h100_frente_a_4090_es_el_cociente_de_tflops_y_del_mfu_de_su_clase():
    flops = 1e18
    h100, rtx = tiempo.horas(flops, "H100 80GB"), tiempo.horas(flops, "RTX 4090")
    u_h100, u_rtx = tiempo.mfu("H100 80GB"), tiempo.mfu("RTX 4090")
    assert rtx.minimo / h100.minimo == pytest.approx(989 / 165.2 * u_h100.maximo / u_rtx.maximo)
    assert h100.minimo == pytest.approx(flops / (989e12 * u_h100.maximo) / 3600)
    assert h100.maximo == pytest.approx(flops / (989e12 * u_h100.minimo) / 3600)


def test_generacion_estimada_acota_las_medidas():
    # Cota alta por ancho de banda: ninguna medida publicada la supera, y ninguna queda muy lejos.
    for medida in datos.generacion_medida():
        estimada = tiempo.tokens_por_segundo(medida.modelo, medida.gpu, precision=medida.precision)
        assert medida.tokens_s <= estimada
        assert medida.tokens_s >= 0.3 * estimada


def test_generacion_rtx4090_llama8b():
    # 1.008 GB/s ÷ (8,03 B × 2 bytes) ≈ 62,8 tokens/s; medido 54,34 (XiongjieDai, llama.cpp).
    assert tiempo.tokens_por_segundo("Llama 3.1 8B", "RTX 4090") == pytest.approx(1008e9 / (8.03e9 * 2), rel=0.01)


def test_generacion_no_cabe():
    with pytest.raises(ValueError, match="necesita 142,1 GB por GPU y la RTX 4090 tiene 24 GB"):
        tiempo.tokens_por_segundo("Llama 3.1 70B", "RTX 4090")


def test_generacion_lote_grande_usa_mas_ancho_util():
    uno = tiempo.tokens_por_segundo("Llama 3.1 8B", "H100 80GB")
    lote = tiempo.tokens_por_segundo("Llama 3.1 8B", "H100 80GB", lote=32, contexto=1024)
    assert lote > 10 * uno


# --- Ranking -------------------------------------------------------------------------------------

TRABAJO = Trabajo("Llama 3.1 8B", "lora", 50e6)


def test_ranking_ordenado_con_fechas_y_pareto():
    filas = ranking.ranking(TRABAJO)
    assert filas
    medios = [(f.coste.minimo + f.coste.maximo) / 2 for f in filas]
    assert medios == sorted(medios)
    assert all(f.precio.fecha for f in filas)
    assert filas[0].pareto  # la más barata siempre está en la frontera
    rapida = min(filas, key=lambda f: (f.horas.minimo + f.horas.maximo, f.coste.maximo))
    assert rapida.pareto


def test_ranking_coste_es_la_suma_de_partidas():
    for f in ranking.ranking(TRABAJO):
        partidas = [p for p in (f.gpu, f.retrabajo, f.arranque, f.disco, f.transferencia) if p is not None]
        assert f.coste.minimo == pytest.approx(sum(p.minimo for p in partidas))
        # En una interrumpible, las horas llevan además el trabajo repetido, que va en su propia partida.
        repetidas = 0 if f.retrabajo is None else f.retrabajo.minimo / (f.precio.precio_hora_usd * f.n_gpus)
        assert f.gpu.minimo == pytest.approx(f.precio.precio_hora_usd * f.n_gpus * (f.horas.minimo - repetidas))


def test_ranking_usa_tarifas_sin_inventar():
    filas = invariantes.ranking_sin_ceros_inventados(TRABAJO)  # sin tarifa de disco, sin dato: nunca un cero
    por_proveedor = {f.precio.proveedor: f for f in filas}
    assert por_proveedor["Vast.ai"].transferencia is None  # en Vast.ai la fija cada host
    assert por_proveedor["RunPod"].transferencia == ranking.Rango(0, 0)


def test_ranking_70b_completo_no_cabe_en_un_nodo():
    """Un ajuste completo de 70B no cabe en un nodo de H200 ni de nada más pequeño; solo una GPU con más memoria
    (hoy, la B200) puede entrar en el ranking, y ninguna GPU está a la vez dentro y fuera."""
    trabajo = Trabajo("Llama 3.1 70B", "completo", 50e6)
    caben = {f.precio.gpu for f in ranking.ranking(trabajo)}
    fuera = set(ranking.no_caben(trabajo))
    assert {"RTX 4090", "H200 141GB"} <= fuera and not caben & fuera
    fichas = datos.especificaciones()
    assert all(fichas[g].vram_gb > fichas["H200 141GB"].vram_gb for g in caben)


def test_registros_y_tabla_dicen_lo_mismo():
    registros, tabla = ranking.registros(TRABAJO), ranking.tabla(TRABAJO)
    assert len(registros) == len(tabla)
    primero = registros[0]
    aviso = ", antiguo" if primero["precio_antiguo"] else ""
    assert tabla.iloc[0]["fecha"] == formato.fecha(primero["fecha_precio"]) + aviso
    assert math.isfinite(primero["coste_min_usd"])


def test_los_avisos_de_la_mas_barata_son_los_dos_en_orden(monkeypatch):
    """``ranking.avisos``: la frase de las horas estimadas y la del precio antiguo, en ese orden y solo las que tocan;
    los cuatro casos se fijan aquí (la lista de GPU medidas y la fecha de referencia), sean cuales sean los datos."""
    import datetime as dt

    from gpucoste.calculo import calibracion
    from gpucoste.datos import frescura

    filas = ranking.ranking(Trabajo("Llama 3.1 8B", "lora", 50e6))
    gpu = filas[0].precio.gpu
    medidas = set(calibracion.gpus_medidas_entrenamiento())
    dia = frescura.dia(filas[0].precio.fecha)
    for medida in (False, True):
        for antiguo in (False, True):
            lista = sorted((medidas - {gpu}) | ({gpu} if medida else set()))
            monkeypatch.setattr(calibracion, "gpus_medidas_entrenamiento", lambda lista=lista: lista)
            referencia = dia + dt.timedelta(days=frescura.UMBRAL_DIAS + (1 if antiguo else 0))
            monkeypatch.setattr(frescura, "ultima_lectura", lambda referencia=referencia: referencia)
            avisos = ranking.avisos(filas)
            esperados = [a for a in (ranking.aviso_mas_barata(gpu), ranking.aviso_precio_antiguo(filas)) if a]
            assert list(avisos) == esperados
            assert len(avisos) == (not medida) + antiguo
    with pytest.raises(ValueError, match="filas"):
        ranking.avisos([])
