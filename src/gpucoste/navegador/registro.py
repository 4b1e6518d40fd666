"""El registro de las calculadoras: ``CALCULADORAS``, cada una por su nombre (las que dan dinero, con el campo
del país), y ``calcular``, que lee los textos de sus campos y llama a su función. También ``precargar``, que
importa lo que las calculadoras importan al calcular (``MODULOS_DEL_CALCULO``).

Para añadir una calculadora: un módulo con su ``Calculadora`` (como ``navegador.coste``), en la tupla de
``CALCULADORAS``; y su nombre en ``CON_DINERO`` (``navegador.pais``) si su resultado lleva importes en dólares.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from gpucoste.base.validacion import opcion
from gpucoste.navegador.api_o_gpu import API_O_GPU
from gpucoste.navegador.cabe import CABE
from gpucoste.navegador.comprar import COMPRAR
from gpucoste.navegador.coste import COSTE
from gpucoste.navegador.cuanto_tarda import CUANTO_TARDA
from gpucoste.navegador.donde_mas_barato import DONDE_MAS_BARATO
from gpucoste.navegador.horas_gpu import HORAS_GPU
from gpucoste.navegador.interrumpibles import INTERRUMPIBLES
from gpucoste.navegador.lectura import _LECTORES
from gpucoste.navegador.pais import CON_DINERO, _con_pais, _mas_pais
from gpucoste.navegador.servir import SERVIR
from gpucoste.navegador.tipos import Calculadora, Tabla

__all__ = ["CALCULADORAS", "MODULOS_DEL_CALCULO", "calcular", "precargar"]


_CALCULADORAS: dict[str, Calculadora] = {
    c.nombre: c
    for c in (COSTE, INTERRUMPIBLES, CABE, CUANTO_TARDA, DONDE_MAS_BARATO, API_O_GPU, COMPRAR, SERVIR, HORAS_GPU)
}
CALCULADORAS: Mapping[str, Calculadora] = MappingProxyType(_CALCULADORAS)
"""Cada calculadora por su nombre, el de ``<div data-calculadora="…"></div>`` en una página."""


for _nombre in CON_DINERO:
    _c = CALCULADORAS[_nombre]
    _CALCULADORAS[_nombre] = Calculadora(
        _c.nombre,
        _c.titulo,
        {**_c.argumentos, "pais": "opcion"},
        _mas_pais(_c.campos),
        _con_pais(_c.calcular, "pais" in _c.argumentos),
        _c.orden,
        _c.banderas,
    )


MODULOS_DEL_CALCULO = (
    "base.formato",
    "calculo.compra",
    "calculo.coste",
    "calculo.equilibrios",
    "calculo.equivalencia",
    "calculo.experimento",
    "calculo.interrupciones",
    "calculo.memoria",
    "calculo.puntos",
    "calculo.ranking",
    "calculo.servicio",
    "calculo.servicio_costes",
    "calculo.servicio_escalado",
    "calculo.servicio_recomendacion",
    "calculo.servicio_supuestos",
    "calculo.tiempo",
    "calculo.trabajo",
    "dinero.paises",
    "graficos.dibujo",
    "guia.decisiones",
)
"""Los módulos que importan, al calcular, las calculadoras y el código editable (ninguno usa pandas)."""


def precargar() -> None:
    """Importa ya lo que las calculadoras importan al calcular.

    Lo llama la instantánea de memoria de Pyodide que se hace al construir
    (``construccion/instantanea.mjs``): así el primer cálculo en el navegador no importa nada.
    No calcula nada: ningún resultado queda guardado en la instantánea.
    """
    import importlib

    for modulo in MODULOS_DEL_CALCULO:
        importlib.import_module(f"gpucoste.{modulo}")


def calcular(nombre: str, valores: Mapping[str, str]) -> Tabla:
    """Calcula la calculadora ``nombre`` con los textos de sus campos. Error: ``ValueError`` de la biblioteca."""
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _mismos_campos(nombre, c, valores)
    leidos = _leidos(c, valores)
    try:
        return c.calcular(**leidos)
    except ValueError as error:
        mensaje = _con_lo_escrito(str(error), valores, leidos)
        if mensaje == str(error):
            raise  # tal cual, con su clase (un esquema.ErrorDeDatos sigue siéndolo)
        raise ValueError(mensaje) from None


def _con_lo_escrito(mensaje: str, valores: Mapping[str, str], leidos: Mapping[str, object]) -> str:
    """El mensaje de la biblioteca con el valor tal como lo escribió el lector, como en la orden: «horas: '-5' no
    vale…», no el número ya leído («horas: -5.0 no vale…», con punto decimal). Solo si el mensaje empieza por el
    nombre de un campo y el valor leído. En el formulario, ``calcular_json`` cambia además el nombre por el rótulo
    que lee el lector («Horas de cómputo del trabajo (h): «-5» no vale…»)."""
    for campo, leido in leidos.items():
        if isinstance(leido, (int, float)) and not isinstance(leido, bool):
            inicio = f"{campo}: {leido!r} "
            if mensaje.startswith(inicio):
                return f"{campo}: {valores[campo].strip()!r} {mensaje.removeprefix(inicio)}"
    return mensaje


def _leidos(c: Calculadora, valores: Mapping[str, str]) -> dict[str, object]:
    return {campo: _LECTORES[tipo](valores[campo]) for campo, tipo in c.argumentos.items()}


def _mismos_campos(nombre: str, c: Calculadora, valores: Mapping[str, str]) -> None:
    if not isinstance(valores, Mapping) or not all(isinstance(v, str) for v in valores.values()):
        raise ValueError(
            f"Calculadora {nombre!r}: valores={valores!r} no vale; se admite un diccionario de campo → texto con "
            f"los campos {list(c.argumentos)!r}."
        )
    if set(valores) != set(c.argumentos):
        raise ValueError(
            f"Calculadora {nombre!r}: {dict(valores)!r:.200} no vale (campos {sorted(valores)!r}); se admiten "
            f"exactamente los campos {list(c.argumentos)!r}."
        )
