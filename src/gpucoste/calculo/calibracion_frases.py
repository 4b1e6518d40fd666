"""Las frases del error de la calibración (``gpucoste.calculo.calibracion``) que citan las páginas.

El margen de error de cada calculadora (``frase_error``), lo que cubren sus rangos (``frase_cobertura``, con
``ensanche``) y lo que dicen de QLoRA frente a LoRA las medidas (``frase_qlora``), todo con las cifras de la
validación por fuentes.

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import math

from gpucoste import datos
from gpucoste.base.formato import numero, porcentaje
from gpucoste.calculo.calibracion_ajuste import GRUPO_MINIMO
from gpucoste.calculo.calibracion_fuentes import _qlora_validada, validacion
from gpucoste.calculo.calibracion_informe import informe, informe_escalado
from gpucoste.calculo.contraste import (
    DENTRO_MINIMO,
    TIPOS,
    fuente,
    ralentizacion_medida,
    usadas,
    usadas_escalado,
)

__all__ = ["ensanche", "frase_cobertura", "frase_error", "frase_qlora"]


def _pares(n: int) -> str:
    return f"{n} par" if n == 1 else f"{n} pares"


def frase_qlora() -> str:
    """Lo que dicen de QLoRA frente a LoRA las medidas, para «¿Cuánto se equivoca?»: de cuántos pares y fuentes sale la
    ralentización (``ralentizacion_medida``), la que usan las calculadoras (``ajustes.csv``, de la mitad de ajuste),
    el rango de los pares de cada biblioteca y su validación con cada fuente fuera (``validacion_qlora``)."""
    from gpucoste.base.formato import lista

    pares = [(m, r) for m in usadas() if (r := ralentizacion_medida(m)) is not None]
    if not pares:
        return "No hay pares de medidas de QLoRA y LoRA con que ajustar la ralentización de QLoRA."
    origen = {fuente(m) for m, _ in pares}
    texto = (
        f"La ralentización de QLoRA sale de {_pares(len(pares))} de medidas de {len(origen)} "
        f"{'fuente' if len(origen) == 1 else 'fuentes'}: en cada par, el mismo trabajo en la misma GPU con el modelo "
        "base en bf16 (LoRA) y en NF4 (QLoRA)."
    )
    a = datos.ajustes().get("qlora")
    if a is None:
        texto += (
            f" Con menos de {_pares(GRUPO_MINIMO)} en la mitad de ajuste no se ajusta: las calculadoras no tienen "
            "ralentización de QLoRA."
        )
    else:
        texto += (
            f" Con {_pares(a.medidas)} de la mitad de ajuste, QLoRA tarda {numero(a.central, 2)} veces lo que LoRA, "
            f"entre {numero(a.minimo, 2)} y {numero(a.maximo, 2)}: el factor que usan las calculadoras."
        )
    marcos: dict[str, list[float]] = {}
    for m, r in pares:
        marcos.setdefault(m.marco, []).append(r)
    if len(marcos) > 1:
        texto += " Por biblioteca, sus pares van " + lista(
            [f"de {numero(min(rs), 2)} a {numero(max(rs), 2)} en {marco}" for marco, rs in sorted(marcos.items())]
        )
        texto += "."
    n, error, dentro = _qlora_validada()
    sin = len(pares) - n
    if n:
        texto += (
            f" Con cada fuente fuera, el ajuste hecho sin ella predice el cociente de {_pares(n)} con un "
            f"error mediano del {porcentaje(error)}, y "
            + ("ninguno cae" if dentro == 0 else f"el {porcentaje(dentro)} cae")
            + " dentro de su rango"
        )
        otros = "el otro no se puede" if sin == 1 else f"los otros {sin} no se pueden"
        texto += "." if not sin else f"; {otros} predecir así"
    else:
        texto += " Con cada fuente fuera, ningún par se puede predecir"
    if sin:
        texto += f": sin su fuente no quedan {_pares(GRUPO_MINIMO)} en la mitad de ajuste."
    return texto


_OBJETOS = {**TIPOS, "escalado": "lo que rinde cada GPU al repartir un entrenamiento"}
"""De qué son las medidas de cada clave de ``frase_error``."""

_GRUPOS = {
    "entrenamiento": "clase de GPU y escala (o QLoRA)",
    "memoria": "biblioteca",
    "generacion": "motor",
    "servicio": "motor",
    "escalado": "interconexión",
}
"""Lo que se ajusta por separado en cada clave de ``frase_error`` (el grupo de ``grupo``)."""


def _nombre_fuente(f: str) -> str:
    return f.removeprefix("github.com/")


def frase_error(tipo: str) -> str:
    """La frase del margen de error de ``tipo`` (una clave de ``TIPOS`` o ``"escalado"``) que citan las páginas.

    Con las cifras de la validación por fuentes (``validacion``: cada medida predicha con un ajuste hecho sin su
    fuente): «la predicción se desvía un N % en mediana, y el M % de las medidas cae dentro del rango». Si ninguna
    medida de ``tipo`` se puede validar así (todas las de su grupo salen de una sola fuente), lo dice y da la mitad
    que el ajuste no usó, avisando de que sale de las mismas fuentes.
    """
    from gpucoste.base.validacion import opcion

    tipo = opcion(tipo, "Tipo de medida", _OBJETOS)
    objeto = _OBJETOS[tipo]
    if tipo == "escalado":
        todas, mitad, fuera = usadas_escalado(), informe_escalado()["validación"], informe_escalado()["otras fuentes"]
    else:
        resumen = informe()[tipo]
        todas, mitad, fuera = [m for m in usadas() if m.tipo == tipo], resumen["validación"], resumen["otras fuentes"]
    if not todas:
        return f"No hay medidas publicadas de {objeto} con que comparar."
    if fuera is not None:
        texto = (
            f"En {fuera.n} medidas publicadas de {objeto}, de fuentes que el ajuste no usó (cada fuente, predicha con "
            f"un ajuste hecho sin ella), la predicción se desvía un {porcentaje(fuera.error_mediano)} en mediana, y "
            f"el {porcentaje(fuera.dentro)} de las medidas cae dentro del rango."
        )
        resto = len(todas) - fuera.n
        if resto:
            texto += (
                f" Otras {resto} no entran en la cuenta: sin su fuente, no quedan medidas bastantes de su "
                f"{_GRUPOS[tipo]} para el ajuste."
            )
        return texto
    origen = sorted({fuente(m) for m in todas})
    por_que = (
        f"todas salen de una sola fuente ({_nombre_fuente(origen[0])})"
        if len(origen) == 1
        else f"las de cada {_GRUPOS[tipo]} salen de una sola fuente"
    )
    texto = (
        f"Las {len(todas)} medidas publicadas de {objeto} no se pueden validar con fuentes que el ajuste no usó: "
        f"{por_que}."
    )
    if mitad is not None:
        mismas = "de esa misma fuente" if len(origen) == 1 else "de esas mismas fuentes"
        texto += (
            f" En la mitad que el ajuste no usó, {mismas}, la predicción se desvía un "
            f"{porcentaje(mitad.error_mediano)} en mediana, y el {porcentaje(mitad.dentro)} de las medidas cae dentro "
            "del rango."
        )
    return texto


def ensanche(tipo: str, parte: float = DENTRO_MINIMO) -> float | None:
    """Por cuánto habría que dividir el mínimo y multiplicar el máximo de cada rango para que la fracción ``parte`` de
    las medidas de ``tipo`` (una clave de ``frase_error``) validadas por fuentes (``validacion``) cayera dentro.

    1 si ya cae esa fracción; ``None`` si ninguna medida de ``tipo`` se puede validar así.
    """
    from gpucoste.base.validacion import fraccion, opcion

    tipo = opcion(tipo, "Tipo de medida", _OBJETOS)
    parte = fraccion(parte, "parte", uno=True)
    v = validacion()
    ps = v.escalado if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]
    if not ps:
        return None
    factores = sorted(max(1.0, p.minimo / p.medida.valor, p.medida.valor / p.maximo) for p in ps)
    return factores[max(1, math.ceil(parte * len(factores))) - 1]


def frase_cobertura() -> str:
    """Qué cubren los rangos de las calculadoras en fuentes que el ajuste no usó (``validacion``), para
    «¿Cuánto se equivoca?»: los tipos que quedan por debajo de ``DENTRO_MINIMO``, con lo que tendría que alejarse
    cada extremo para llegar (``ensanche``), y los que no tienen otra fuente con que validarlos."""
    from gpucoste.base.formato import lista

    nombres = {**TIPOS, "escalado": "eficiencia por interconexión"}
    cortos, sin_otra = [], []
    for tipo, nombre in nombres.items():
        r = informe_escalado()["otras fuentes"] if tipo == "escalado" else informe()[tipo]["otras fuentes"]
        if r is None:
            sin_otra.append(nombre)
        elif r.dentro < DENTRO_MINIMO:
            ancho = porcentaje(ensanche(tipo, DENTRO_MINIMO) - 1)
            cortos.append(
                f"{nombre} ({porcentaje(r.dentro)}; para llegar al {porcentaje(DENTRO_MINIMO)}, cada extremo del "
                f"rango tendría que alejarse un {ancho})"
            )
    texto = []
    if cortos:
        texto.append(
            f"Con fuentes que el ajuste no usó, cubren menos del {porcentaje(DENTRO_MINIMO)}: {lista(cortos)}."
        )
    else:
        texto.append(
            f"Con fuentes que el ajuste no usó, cubren el {porcentaje(DENTRO_MINIMO)} o más en cada tipo que se "
            "puede validar así."
        )
    if sin_otra:
        texto.append(
            f"Sin otra fuente con que validarlas: {lista(sin_otra)}; su calculadora da la cifra de la otra mitad y "
            "dice que sale de las mismas fuentes."
        )
    return " ".join(texto)
