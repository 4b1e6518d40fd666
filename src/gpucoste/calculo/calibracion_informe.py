"""El informe del error de la calibración (``gpucoste.calculo.calibracion``), el que imprime ``make calibrar``.

Por tipo de medida, el error en cada mitad, en todas y en la validación por fuentes (``informe``,
``informe_escalado``), lo que incumple los umbrales (``fallos``) y su texto (``texto_informe``, ``texto_escalado``,
``texto_validacion``) y, con la validación por fuentes, el error por clase de GPU, escala, método y motor
(``desglose``, ``texto_desglose``).

Python puro (sin pandas): sirve igual en el navegador.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from types import MappingProxyType

from gpucoste import datos
from gpucoste.base.formato import numero, porcentaje
from gpucoste.base.validacion import Validado
from gpucoste.calculo import memoria, tiempo
from gpucoste.calculo.calibracion_ajuste import _por_id
from gpucoste.calculo.calibracion_fuentes import _qlora_validada, fuentes, validacion, validacion_qlora
from gpucoste.calculo.contraste import (
    DENTRO_MINIMO,
    ERROR_MAXIMO,
    TIPOS,
    Prediccion,
    Resumen,
    _escala,
    _lista,
    _resumen,
    fuente,
    mitades,
    mitades_escalado,
    predicciones,
    predicciones_escalado,
    usadas,
    usadas_escalado,
)

__all__ = [
    "DIMENSIONES",
    "MITADES",
    "Desglose",
    "desglose",
    "fallos",
    "informe",
    "informe_escalado",
    "texto_desglose",
    "texto_escalado",
    "texto_informe",
    "texto_validacion",
]


def _resumen_de(resumen: object) -> dict[str, dict[str, Resumen | None]]:
    """``resumen`` si tiene la forma de ``informe()`` (tipo → mitad → ``Resumen`` o ``None``, con cada tipo de
    ``TIPOS`` y «todas»); si no, ``ValueError``."""
    forma = "con la forma de calibracion.informe(): tipo → mitad → Resumen o None"
    ok = (
        isinstance(resumen, dict)
        and all(t in resumen for t in (*TIPOS, "todas"))
        and all(
            isinstance(v, dict) and "todas" in v and all(r is None or isinstance(r, Resumen) for r in v.values())
            for v in resumen.values()
        )
    )
    if not ok:
        raise ValueError(f"resumen: {resumen!r:.80} no vale; se admite un diccionario {forma}.")
    return resumen


MITADES = MappingProxyType(
    {
        "ajuste": "la mitad de ajuste",
        "validación": "la otra mitad, que no interviene en el ajuste",
        "todas": "las dos mitades",
        "otras fuentes": "cada fuente, con un ajuste hecho sin ella",
    }
)
"""Los conjuntos de medidas de ``informe``: las dos mitades, todas y la validación por fuentes
(``calibracion.validacion``), la que citan las calculadoras."""


def informe() -> dict[str, dict[str, Resumen | None]]:
    """Error por tipo de medida (y ``"todas"``) en cada conjunto de ``MITADES``: la mitad de ajuste, la de
    validación, todas y, con «otras fuentes», cada medida predicha con un ajuste hecho sin su fuente."""
    ps = predicciones()
    ajuste, mitad_validacion = (set(m.id for m in mitad) for mitad in mitades())
    conjuntos = {"ajuste": ajuste, "validación": mitad_validacion, "todas": ajuste | mitad_validacion}
    fuera = validacion().predicciones
    salida: dict[str, dict[str, Resumen | None]] = {}
    for tipo in (*TIPOS, "todas"):
        salida[tipo] = {
            nombre: _resumen([p for p in ps if p.medida.id in ids and tipo in ("todas", p.medida.tipo)])
            for nombre, ids in conjuntos.items()
        }
        salida[tipo]["otras fuentes"] = _resumen([p for p in fuera if tipo in ("todas", p.medida.tipo)])
    return salida


def fallos(
    resumen: dict[str, dict[str, Resumen | None]] | None = None, ps: tuple[Prediccion, ...] | None = None
) -> list[str]:
    """Lo que incumple la calibración (vacío si nada): los umbrales de ``ERROR_MAXIMO`` y ``DENTRO_MINIMO``,
    y ninguna medida de generación por encima de su techo de ancho de banda."""
    resumen = informe() if resumen is None else _resumen_de(resumen)
    ps = predicciones() if ps is None else _lista(ps, Prediccion, "ps", "p. ej. calibracion.predicciones()")
    salida = []
    for tipo in ("entrenamiento", "memoria"):
        r = resumen[tipo]["todas"]
        if r is None or r.error_mediano > ERROR_MAXIMO:
            error = "sin medidas" if r is None else porcentaje(r.error_mediano, 1)
            salida.append(f"{TIPOS[tipo]}: error mediano {error}, por encima del {porcentaje(ERROR_MAXIMO)}")
    dentro = resumen["todas"]["todas"]
    if dentro is None or dentro.dentro < DENTRO_MINIMO:
        salida.append(
            f"solo {porcentaje(0 if dentro is None else dentro.dentro)} de las medidas dentro del rango predicho"
        )
    for p in ps:
        if p.medida.tipo == "generacion" and p.techo is not None and p.medida.valor > p.techo:
            salida.append(
                f"{p.medida.id}: {numero(p.medida.valor, 1)} tokens/s medidos superan el techo de {numero(p.techo, 1)}"
            )
    return salida


def texto_informe(resumen: dict[str, dict[str, Resumen | None]] | None = None) -> str:
    """El informe en texto: por tipo, medidas, error mediano y fracción dentro del rango en cada mitad."""
    resumen = informe() if resumen is None else _resumen_de(resumen)
    lineas = []
    for tipo, mitades_tipo in resumen.items():
        partes = []
        for nombre, r in mitades_tipo.items():
            partes.append(
                f"{nombre}: —"
                if r is None
                else f"{nombre}: {r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, "
                f"dentro {porcentaje(r.dentro)}"
            )
        lineas.append(f"{TIPOS.get(tipo, 'todas las medidas')}: " + "; ".join(partes))
    return "\n".join(lineas)


def informe_escalado() -> dict[str, Resumen | None]:
    """Error de la eficiencia por interconexión en cada conjunto de ``MITADES`` (como ``informe``)."""
    ps = predicciones_escalado()
    ajuste, mitad_validacion = (set(e.id for e in mitad) for mitad in mitades_escalado())
    conjuntos = {"ajuste": ajuste, "validación": mitad_validacion, "todas": ajuste | mitad_validacion}
    salida = {nombre: _resumen([p for p in ps if p.medida.id in ids]) for nombre, ids in conjuntos.items()}
    salida["otras fuentes"] = _resumen(list(validacion().escalado))
    return salida


def texto_escalado() -> str:
    """El informe de ``informe_escalado`` en una línea: medidas, error mediano y fracción dentro en cada mitad."""
    partes = [
        f"{nombre}: —"
        if r is None
        else f"{nombre}: {r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, dentro {porcentaje(r.dentro)}"
        for nombre, r in informe_escalado().items()
    ]
    informe = "; ".join(partes)
    return "Eficiencia por interconexión. " + informe[:1].upper() + informe[1:]


def texto_validacion() -> str:
    """Las cifras de la validación por fuentes (``validacion``) por tipo de medida, una línea cada uno: medidas,
    error mediano y fracción dentro del rango, y cuántas no se pueden validar así (``make calibrar`` lo imprime)."""
    v = validacion()
    por_id = {m.id: m for m in (*usadas(), *usadas_escalado())}
    lineas = [f"Validación por fuentes: cada una de las {len(fuentes())}, predicha con un ajuste hecho sin ella."]
    for tipo, nombre in (*TIPOS.items(), ("escalado", "eficiencia por interconexión")):
        ps = v.escalado if tipo == "escalado" else [p for p in v.predicciones if p.medida.tipo == tipo]
        sin = sum(
            1
            for i in v.sin_otra_fuente
            if (isinstance(por_id[i], datos.Escalado) if tipo == "escalado" else getattr(por_id[i], "tipo", "") == tipo)
        )
        r = _resumen(list(ps))
        cifras = (
            "ninguna medida"
            if r is None
            else f"{r.n} medidas, error mediano {porcentaje(r.error_mediano, 1)}, dentro {porcentaje(r.dentro)}"
        )
        lineas.append(f"  {nombre}: {cifras}; sin otras fuentes bastantes para su grupo: {sin}")
    lineas.append(f"  ralentización de QLoRA frente a LoRA: {_cifras_qlora()}")
    return "\n".join(lineas)


def _cifras_qlora() -> str:
    """Los pares de ``validacion_qlora`` y su error con cada fuente fuera, en una frase corta (``texto_validacion``)."""
    pares = validacion_qlora()
    n, error, dentro = _qlora_validada()
    origen = len({fuente(_por_id(i)) for i, *_ in pares})
    texto = f"{len(pares)} pares QLoRA/LoRA de {origen} fuentes"
    if n:
        texto += (
            f"; {n} predichos con la ralentización ajustada sin su fuente: error mediano "
            f"{porcentaje(error, 1)}, dentro {porcentaje(dentro)}"
        )
    return texto + f"; sin otras fuentes bastantes: {len(pares) - n}"


# El error validado por fuentes, desglosado: por clase de GPU, escala, método, GPU, motor o biblioteca.

_ESCALAS = MappingProxyType(
    {"1": "una GPU", "nodo": "varias GPU", "varios_nodos": "programa de preentrenamiento entero"}
)
"""Las escalas del MFU (``contraste._escala``) con su nombre en el desglose (más de 8 GPU cuentan como varias)."""

DIMENSIONES = MappingProxyType(
    {
        "entrenamiento": ("clase de GPU", "escala", "método", "GPU"),
        "memoria": ("biblioteca", "GPU"),
        "generacion": ("motor", "GPU"),
        "servicio": ("motor", "GPU"),
        "escalado": ("interconexión",),
    }
)
"""Por qué se desglosa el error de cada tipo de medida (las claves de ``TIPOS`` y ``"escalado"``) en ``desglose``."""


@dataclass(frozen=True)
class Desglose(Validado):
    """El error validado por fuentes de las medidas de un grupo (``desglose``): ``n`` medidas, error mediano, parte
    dentro del rango y la mediana de predicho ÷ medido (``cociente``; en el tiempo de entrenamiento, tiempo predicho
    ÷ medido: por debajo de 1, la predicción se queda corta)."""

    tipo: str
    dimension: str
    grupo: str
    n: int
    error_mediano: float
    dentro: float
    cociente: float


def _grupo_desglose(m: datos.Medida | datos.Escalado, dimension: str) -> str:
    if isinstance(m, datos.Escalado):
        return tiempo.INTERCONEXIONES[m.interconexion]
    return {
        "clase de GPU": lambda: tiempo.CLASES_GPU[tiempo.clase_gpu(m.gpu)],
        "escala": lambda: _ESCALAS[_escala(m)],
        "método": lambda: {**memoria.NOMBRES_METODOS, "preentrenamiento": "preentrenamiento"}[m.metodo],
        "GPU": lambda: m.gpu,
        "biblioteca": lambda: m.marco,
        "motor": lambda: m.marco,
    }[dimension]()


def _cociente(p: Prediccion) -> float:
    """Predicho ÷ medido; en un entrenamiento medido en tokens/s, al revés (tiempo predicho ÷ medido)."""
    m = p.medida
    if isinstance(m, datos.Medida) and m.tipo == "entrenamiento" and m.unidad.startswith("tokens"):
        return m.valor / p.central
    return p.central / m.valor


def desglose(tipo: str) -> tuple[Desglose, ...]:
    """El error de la validación por fuentes (``validacion``: cada medida predicha con un ajuste hecho sin su fuente)
    de las medidas de ``tipo`` (una clave de ``DIMENSIONES``), por cada dimensión de ``DIMENSIONES[tipo]`` y cada
    grupo, en ese orden y, dentro, por nombre. Vacío si ninguna medida de ``tipo`` se puede validar así."""
    from gpucoste.base.validacion import opcion

    tipo = opcion(tipo, "Tipo de medida", DIMENSIONES)
    v = validacion()
    ps = v.escalado if tipo == "escalado" else tuple(p for p in v.predicciones if p.medida.tipo == tipo)
    salida = []
    for dimension in DIMENSIONES[tipo]:
        grupos: dict[str, list[Prediccion]] = {}
        for p in ps:
            grupos.setdefault(_grupo_desglose(p.medida, dimension), []).append(p)
        for nombre in sorted(grupos):
            r = _resumen(grupos[nombre])
            cociente = statistics.median(_cociente(p) for p in grupos[nombre])
            salida.append(Desglose(tipo, dimension, nombre, r.n, r.error_mediano, r.dentro, cociente))
    return tuple(salida)


def _medidas(n: int) -> str:
    return "1 medida" if n == 1 else f"{n} medidas"


def texto_desglose() -> str:
    """``desglose`` de cada tipo en texto, una línea por grupo (``make calibrar`` lo imprime)."""
    nombres = {**TIPOS, "escalado": "eficiencia por interconexión"}
    lineas = ["Validación por fuentes, desglosada (cociente: predicho ÷ medido; en el entrenamiento, tiempo):"]
    for tipo in DIMENSIONES:
        filas = desglose(tipo)
        if not filas:
            lineas.append(f"  {nombres[tipo]}: ninguna medida validada con otras fuentes")
            continue
        for d in filas:
            lineas.append(
                f"  {nombres[tipo]}, {d.dimension} «{d.grupo}»: {_medidas(d.n)}, error mediano "
                f"{porcentaje(d.error_mediano, 1)}, dentro {porcentaje(d.dentro)}, cociente {numero(d.cociente, 2)}"
            )
    return "\n".join(lineas)
