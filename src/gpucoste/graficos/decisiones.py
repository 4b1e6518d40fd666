"""Los gráficos de las páginas de decisión (matplotlib): API o GPU, comprar o alquilar, interrumpible o no.

Los números salen de los ejemplos de ``gpucoste.guia.decisiones``; aquí solo se dibujan. La construcción guarda la
salida de cada bloque (``construccion/bloques.py``).
"""

from __future__ import annotations

from gpucoste import datos
from gpucoste.calculo import interrupciones
from gpucoste.calculo.coste import horas_al_mes
from gpucoste.dinero import mercado
from gpucoste.graficos import figuras
from gpucoste.guia.decisiones import (
    ENTRADA_POR_SALIDA,
    GPU_ALQUILADA,
    HORAS_DIA_GRAFICO,
    MODELO,
    ejemplo_interrumpible,
    luz,
    precio_gpu_alquilada,
    rendimientos,
    vatios,
)

__all__ = ["grafico_api_o_gpu", "grafico_comprar", "grafico_interrumpible"]


def grafico_api_o_gpu() -> str:
    """Coste al mes frente a tokens generados: las API en recta, las GPU alquiladas 24/7 a saltos."""
    from gpucoste.calculo import equilibrios

    def dibujar() -> str:
        gpu = precio_gpu_alquilada()
        lleno = rendimientos()[-1]
        apis = {
            f"API ({api.proveedor})": api.millon_mezclado(ENTRADA_POR_SALIDA)
            for api in mercado.precios_api()
            if api.modelo == MODELO
        }
        nombre_gpu = f"{gpu.gpu} alquiladas 24/7 ({lleno.nombre})"
        millones, series = equilibrios.costes_segun_tokens(gpu.precio_hora_usd, lleno.tokens_s, apis, nombre_gpu)
        with figuras.figura() as (fig, ax):
            for nombre, costes in series.items():
                if nombre == nombre_gpu:
                    ax.step(millones, costes, where="post", label=nombre)
                else:
                    ax.plot(millones, costes, label=nombre)
            ax.set_xlabel("millones de tokens generados al mes")
            ax.set_ylabel("coste al mes (US$)")
            figuras.coma_decimal(ax, 0)
            figuras.coma_decimal(ax, 0, eje="x")
            ax.legend()
            return figuras.svg(
                fig,
                "Coste mensual frente a millones de tokens generados al mes: las API por token crecen en línea "
                "recta desde cero; las GPU alquiladas todo el mes cuestan lo mismo hasta llenarse y suben a "
                "saltos, una GPU más cada vez.",
            )

    return dibujar()


def grafico_comprar(gpu: str = GPU_ALQUILADA) -> str:
    """Coste acumulado mes a mes de comprar ``gpu`` (sin reventa y con la alta) o de alquilarla."""
    from gpucoste.calculo.compra import coste_acumulado

    def dibujar() -> str:
        compra = datos.equipo(gpu).precio_compra_usd
        reventa = mercado.reventa(gpu)
        meses, series = coste_acumulado(
            precio_compra=compra,
            precio_hora=precio_gpu_alquilada().precio_hora_usd,
            potencia_w=vatios(gpu),
            precio_kwh=luz().usd_kwh,
            horas_mes=horas_al_mes(HORAS_DIA_GRAFICO),
            reventas={"comprada, sin reventa": 0.0, "comprada, reventa alta": reventa.fraccion_max * compra},
        )
        with figuras.figura() as (fig, ax):
            for nombre, costes in series.items():
                ax.plot(meses, costes, label=nombre)
            ax.set_xlabel(f"meses de uso ({HORAS_DIA_GRAFICO} h al día)")
            ax.set_ylabel("coste acumulado (US$)")
            figuras.coma_decimal(ax, 0)
            ax.legend()
            return figuras.svg(
                fig,
                f"Coste acumulado de una {gpu} comprada o alquilada durante cinco años con {HORAS_DIA_GRAFICO} "
                "horas de uso al día: el alquiler crece más deprisa y alcanza a la compra en el punto de "
                "equilibrio; con reventa, antes.",
            )

    return dibujar()


def grafico_interrumpible() -> str:
    """Coste esperado del ejemplo interrumpible frente a la tasa de interrupciones, con el bajo demanda."""

    def dibujar() -> str:
        e = ejemplo_interrumpible()
        tasas, series = interrupciones.coste_segun_tasa(
            e.horas_trabajo,
            e.escritura_h,
            {"interrumpible, reinicio corto": e.reinicio_min_h, "interrumpible, reinicio largo": e.reinicio_max_h},
            e.precio_interrumpible,
            e.precio_bajo_demanda,
        )
        with figuras.figura() as (fig, ax):
            bajo_demanda = series.pop("bajo demanda")
            for nombre, costes in series.items():
                ax.plot(tasas, costes, label=nombre)
            ax.axhline(bajo_demanda[0], linestyle="--", color=figuras.PALETA[2], label="bajo demanda")
            ax.set_xlabel("interrupciones por hora")
            ax.set_ylabel("coste esperado del trabajo (US$)")
            figuras.coma_decimal(ax, 1)
            figuras.coma_decimal(ax, 1, eje="x")
            ax.legend()
            return figuras.svg(
                fig,
                f"Coste esperado del fine-tuning en una {e.gpu} interrumpible frente a la tasa de interrupciones: "
                "crece con la tasa y cruza la línea del precio bajo demanda en el punto de equilibrio; con el "
                "reinicio largo cruza antes.",
            )

    return dibujar()
