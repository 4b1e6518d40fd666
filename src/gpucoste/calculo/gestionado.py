"""Fine-tuning gestionado: lo que cuesta que un servicio (Together AI, Fireworks AI…) entrene el modelo por ti,
cobrando por millón de tokens de entrenamiento.

Para un modelo, un método y unos tokens (los del dataset por las épocas, como los cuentan los servicios):

1. el método del servicio: LoRA para LoRA y QLoRA (ningún servicio de los datos vende QLoRA: entrena el adaptador
   sobre el modelo sin cuantizar), completo para completo;
2. si el servicio afina ese modelo con ese método (``gestionado_modelos.csv``);
3. el tramo de tamaño del modelo (``memoria.parametros``) en ``gestionado_precios.csv``, el de la fecha más reciente;
4. el coste: tokens ÷ 10⁶ × precio, y nunca menos que el cargo mínimo por trabajo (si el dato falta, se dice).

Un servicio que no puede hacer el trabajo sale igual, con la razón (modelo no ofrecido, método sin precio, modelo
más grande que sus tramos): nunca desaparece.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpucoste import datos
from gpucoste.base import esquema, formato
from gpucoste.base.validacion import Validado, admite_vacio, entero, numero, opcion, resultado
from gpucoste.calculo import memoria

__all__ = ["OpcionGestionada", "coste_gestionado", "metodo_del_servicio", "tokens_facturados"]


_MILLON = 1e6


@dataclass(frozen=True)
class OpcionGestionada(Validado):
    """Un servicio de fine-tuning gestionado para un trabajo: su coste o, si no puede hacerlo, por qué."""

    proveedor: str
    metodo: str
    """El método del servicio: ``"lora"`` o ``"completo"``."""
    tokens: float
    """Tokens facturados: los de entrenamiento por las épocas."""
    coste: float | None
    """Dólares por el trabajo terminado; ``None`` si el servicio no puede hacerlo."""
    razon: str
    """Por qué no puede hacerlo; si puede, las condiciones que lo acompañan (el cargo mínimo, LoRA sin cuantizar)."""
    usd_millon: float | None = None
    minimo_usd: float | None = None
    fecha: str = ""
    fuente: str = ""
    tipo: str = ""

    @property
    def puede(self) -> bool:
        """¿Puede el servicio hacer el trabajo?"""
        return self.coste is not None


admite_vacio(OpcionGestionada, "fecha", "fuente", "tipo")


def metodo_del_servicio(metodo: str) -> str:
    """El método que venden los servicios para ``metodo`` (``"completo"``, ``"lora"`` o ``"qlora"``): LoRA para LoRA y
    QLoRA, completo para completo."""
    metodo = opcion(metodo, "Método de entrenamiento", ("completo", "lora", "qlora"))
    return "completo" if metodo == "completo" else "lora"


def tokens_facturados(tokens: float, epocas: int = 1) -> float:
    """Los tokens que cobra un servicio: ``tokens`` del dataset por ``epocas`` (con una época, los tokens dados)."""
    tokens = numero(tokens, "tokens")
    epocas = entero(epocas, "epocas", minimo=1, maximo=10_000)
    return resultado(tokens * epocas, "tokens_facturados", {"tokens": tokens, "epocas": epocas})


def _precios() -> tuple[datos.GestionadoPrecio, ...]:
    return esquema.cargar(datos.GESTIONADO_PRECIOS)


def _modelos() -> tuple[datos.GestionadoModelo, ...]:
    return esquema.cargar(datos.GESTIONADO_MODELOS)


def _opcion(proveedor: str, modelo: str, metodo: str, tokens: float, miles: float) -> OpcionGestionada:
    """La opción de ``proveedor`` para ``modelo`` (``miles`` de millones de parámetros) con ``metodo``."""
    que = "LoRA" if metodo == "lora" else "fine-tuning completo"
    sin = {"proveedor": proveedor, "metodo": metodo, "tokens": tokens, "coste": None}
    ficha = next((m for m in _modelos() if (m.proveedor, m.modelo) == (proveedor, modelo)), None)
    if ficha is None:
        return OpcionGestionada(**sin, razon=f"{modelo} no está entre los modelos que afina {proveedor} en los datos")
    if not getattr(ficha, metodo):
        return OpcionGestionada(**sin, razon=f"según los datos, {proveedor} no afina {modelo} con {que}")
    filas = [p for p in _precios() if p.proveedor == proveedor and p.metodo == metodo]
    if not filas:
        return OpcionGestionada(**sin, razon=f"{proveedor} no tiene precio de {que} en los datos")
    ultima = max(p.fecha for p in filas)
    vigentes = sorted((p for p in filas if p.fecha == ultima), key=lambda p: p.desde_b)
    tramo = next((p for p in vigentes if p.desde_b < miles <= p.hasta_b), None)
    if tramo is None:
        return OpcionGestionada(
            **sin,
            razon=f"{modelo} ({formato.numero(miles, 1)}B) queda fuera de los tramos de {que} de {proveedor} "
            f"(hasta {formato.numero(vigentes[-1].hasta_b, 0)}B)",
        )
    por_tokens = tokens / _MILLON * tramo.usd_millon
    minimo = tramo.minimo_usd
    coste = por_tokens if minimo is None else max(por_tokens, minimo)
    condiciones = []
    if metodo == "lora":
        condiciones.append("LoRA sobre el modelo sin cuantizar")
    if minimo is None:
        condiciones.append("sin dato del cargo mínimo")
    elif coste > por_tokens:
        condiciones.append("paga el cargo mínimo")
    elif minimo == 0:
        condiciones.append("sin cargo mínimo")
    else:
        condiciones.append("por encima del cargo mínimo")
    return OpcionGestionada(
        proveedor,
        metodo,
        tokens,
        resultado(coste, "coste_gestionado", {"tokens": tokens}),
        "; ".join(condiciones),
        tramo.usd_millon,
        minimo,
        tramo.fecha,
        tramo.fuente,
        tramo.tipo,
    )


def coste_gestionado(modelo: str, metodo: str, tokens: float, *, epocas: int = 1) -> list[OpcionGestionada]:
    """Cada servicio de fine-tuning gestionado de los datos para entrenar ``modelo`` con ``metodo`` sobre ``tokens``
    (los de todas las épocas; o los del dataset con ``epocas``): su coste en dólares o la razón por la que no puede.

    Primero los que pueden, del más barato al más caro; después los que no, por nombre.
    """
    nombre = memoria.modelo(modelo).modelo
    servicio = metodo_del_servicio(metodo)
    facturados = tokens_facturados(tokens, epocas)
    miles = memoria.parametros(nombre) / 1e9
    proveedores = sorted({p.proveedor for p in _precios()})
    opciones = [_opcion(p, nombre, servicio, facturados, miles) for p in proveedores]
    return sorted(opciones, key=lambda o: (not o.puede, o.coste or 0.0, o.proveedor))
