"""Cobertura de los datos (issue 19): qué GPU, proveedores, modelos y API cubren, contado de los CSV.

Imprime las cifras y exige los mínimos del issue: precios de 14 GPU o más de 12 proveedores o más (sin contar
las estimaciones), 16 modelos, precios por token de 4 proveedores de API (y, del issue 30, de 6 o más para Llama
3.1 8B y para un modelo de 70B), las especificaciones de cada GPU con precio y la H100 PCIe y la SXM como GPU
distintas. Las lecturas por GPU × proveedor × nivel se cuentan y se
imprimen; el issue pide dos fechadas «donde haya fuentes», algo que los datos no pueden saber, así que no se exige.
Todo sale de los datos: una fila nueva y correcta nunca rompe esta prueba.
"""

from __future__ import annotations

from collections import Counter

from herramientas import informar

from gpucoste import datos
from gpucoste.dinero import mercado

MINIMOS = {
    "GPU con precio": 14,
    "proveedores": 12,
    "modelos": 16,
    "proveedores de API": 4,
    # Issue 30: 6 proveedores de API o más para Llama 3.1 8B y para un modelo de 70B (el que más tenga).
    "proveedores de API de Llama 3.1 8B": 6,
    "proveedores de API de un 70B": 6,
}


def cobertura() -> dict[str, int]:
    """Las cifras de cobertura de los datos activos (los del paquete o los de ``GPUCOSTE_DATOS``)."""
    precios = [p for p in datos.precios() if p.tipo != "estimacion"]
    lecturas = Counter((p.gpu, p.proveedor, p.nivel) for p in precios)
    api = mercado.precios_api()

    def de_api(modelo: str) -> int:
        return len({a.proveedor for a in api if a.modelo == modelo})

    return {
        "GPU con precio": len({p.gpu for p in precios}),
        "proveedores": len({p.proveedor for p in precios}),
        "modelos": len(datos.modelos()),
        "proveedores de API": len({a.proveedor for a in api}),
        "proveedores de API de Llama 3.1 8B": de_api("Llama 3.1 8B"),
        "proveedores de API de un 70B": max(de_api("Llama 3.1 70B"), de_api("Llama 3.3 70B")),
        # Issue 30: 6 proveedores o más «por modelo abierto común»: se cuenta y se imprime, no se exige.
        "modelos con 6 proveedores de API o más": sum(de_api(m) >= 6 for m in datos.modelos()),
        "GPU × proveedor × nivel": len(lecturas),
        "con 2 lecturas o más": sum(n >= 2 for n in lecturas.values()),
    }


def faltas(cifras: dict[str, int]) -> list[str]:
    """Lo que no llega a los mínimos del issue, en palabras (vacío si todo se cumple)."""
    salida = [f"{k}: {cifras[k]} < {minimo}" for k, minimo in MINIMOS.items() if cifras[k] < minimo]
    fichas = datos.especificaciones()
    sin_ficha = sorted({p.gpu for p in datos.precios()} - set(fichas))
    if sin_ficha:
        salida.append(f"GPU con precio y sin especificaciones en gpus.csv: {sin_ficha}")
    pcie, sxm = fichas.get("H100 PCIe"), fichas.get("H100 80GB")
    if pcie is None or sxm is None or pcie.tflops_bf16 == sxm.tflops_bf16:
        salida.append("la H100 PCIe y la SXM («H100 80GB») no son dos GPU con sus propias cifras")
    return salida


def test_cobertura_de_los_datos():
    cifras = cobertura()
    informar("Cobertura: " + "; ".join(f"{k}: {v}" for k, v in cifras.items()))
    assert faltas(cifras) == []


def test_la_prueba_caza_una_cobertura_corta(carpeta_datos):
    """Con precios de solo dos GPU, sin la H100 PCIe ni API de Llama 3.1 8B, la prueba lo dice (no lo aprueba)."""
    precios_csv = carpeta_datos / "precios.csv"
    lineas = precios_csv.read_text(encoding="utf-8").splitlines(keepends=True)
    quedan = [x for x in lineas[1:] if x.startswith(("RTX 4090,", "L40S,"))]
    precios_csv.write_text(lineas[0] + "".join(quedan), encoding="utf-8")
    gpus_csv = carpeta_datos / "gpus.csv"
    lineas = gpus_csv.read_text(encoding="utf-8").splitlines(keepends=True)
    gpus_csv.write_text("".join(x for x in lineas if not x.startswith("H100 PCIe,")), encoding="utf-8")
    api_csv = carpeta_datos / "api_precios.csv"
    lineas = api_csv.read_text(encoding="utf-8").splitlines(keepends=True)
    api_csv.write_text(
        lineas[0] + "".join(x for x in lineas[1:] if not x.startswith("Llama 3.1 8B,")), encoding="utf-8"
    )
    datos.limpiar_cache()
    cifras = cobertura()
    assert cifras["GPU con precio"] == 2
    assert cifras["proveedores de API de Llama 3.1 8B"] == 0
    fallos = faltas(cifras)
    assert "GPU con precio: 2 < 14" in fallos
    assert any(f.startswith("proveedores: ") for f in fallos)
    assert "proveedores de API de Llama 3.1 8B: 0 < 6" in fallos
    assert fallos[-1].startswith("la H100 PCIe y la SXM")
