"""Los tipos de las calculadoras: lo que escribe el lector (``Campo``), lo que sale (``Tabla``) y cada calculadora
(``Calculadora``), cada uno comprobado al crearse.

Solo registros: ni leen los datos ni calculan. Los usan las calculadoras (``navegador.coste``,
``navegador.cabe``…), su registro (``navegador.registro``) y el HTML (``navegador.formularios``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from gpucoste.base.validacion import Validado, admite_vacio

__all__ = ["Calculadora", "Campo", "Tabla"]


@dataclass(frozen=True)
class Campo(Validado):
    """Un dato que escribe el lector: el argumento ``nombre`` de la función de la calculadora."""

    nombre: str
    etiqueta: str
    unidad: str
    defecto: float | int | str
    opciones: tuple[str, ...] = ()
    """Si las hay, el campo es una lista para elegir (un ``<select>``) y el valor va tal cual."""
    nombres: Mapping[str, str] | None = None
    """Lo que lee el lector en la lista, opción a opción (p. ej. «LoRA» para ``"lora"``); si falta, el valor."""
    vacio: str = ""
    """Si lo hay, el campo se puede dejar vacío (su argumento es ``"decimal_o_vacio"``) y esto dice lo que se usa
    entonces (p. ej. «el de la tienda de tu país»): se lee dentro del campo vacío."""

    @property
    def dato(self) -> str:
        """El nombre del dato en la etiqueta: hasta su aclaración, que empieza en el primer «:» o «;» («Precio de
        la GPU» en «Precio de la GPU: RTX 4090 en …»); toda la etiqueta si no la tiene."""
        corte = min((self.etiqueta.find(s) for s in ":;" if s in self.etiqueta), default=len(self.etiqueta))
        return self.etiqueta[:corte]

    @property
    def aclaracion(self) -> str:
        """Lo que sigue al nombre del dato en la etiqueta, con su «:» o «;» («: RTX 4090 en …»); vacío si no hay."""
        return self.etiqueta[len(self.dato) :]

    @property
    def rotulo(self) -> str:
        """Cómo se llama el campo en el formulario: el nombre del dato con su unidad, «Precio de la GPU (US$/h)».

        Es el principio del ``<label>`` que lee el lector (``formulario_html``: ``rotulo`` y luego ``aclaracion``),
        y con él empieza un error junto al campo (``calcular_json``), nunca con el nombre del argumento
        (``precio_hora``). La unidad va tras el nombre y antes de la aclaración: nunca un paréntesis detrás de otro
        ni dentro de otro."""
        return f"{self.dato} ({self.unidad})" if self.unidad else self.dato

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.defecto == "" and not self.vacio:
            raise ValueError(
                f"Campo {self.nombre!r}: defecto='' no vale sin «vacio»; se admite un valor, o vacío si «vacio» dice "
                "lo que se usa entonces."
            )


# Un número sin unidad (el lote, las GPU); un campo que empieza vacío (con «vacio», que dice lo que se usa).
admite_vacio(Campo, "unidad", "defecto")


@dataclass(frozen=True)
class Tabla(Validado):
    """El resultado de una calculadora: columnas y filas ya escritas en español (cada fila, una celda por
    columna, y una marca ``numericas`` por columna; si no, ``ValueError`` al crearla)."""

    # Se importa de ``gpucoste.navegador`` y con ese nombre la citan los mensajes de error («se admite un
    # gpucoste.navegador.Tabla»), que dan el módulo de la clase. ``Validado`` resuelve las anotaciones en ese
    # módulo (``typing.get_type_hints``): aquí solo pueden usar tipos incorporados (``tuple``, ``str``…).
    __module__ = "gpucoste.navegador"

    columnas: tuple[str, ...]
    filas: tuple[tuple[str, ...], ...]
    numericas: tuple[bool, ...]
    """Columna a columna, si va alineada a la derecha (cifras)."""
    grafico: str = ""
    """El gráfico del resultado (SVG de ``gpucoste.graficos.dibujo``, sin matplotlib), si la calculadora tiene uno."""
    titulo: str = ""
    """Qué trabajo describe la tabla (modelo, método, tokens, secuencia, GPU…), escrito desde los campos: su
    ``<caption>``."""
    exactas: tuple[tuple[float | None, ...], ...] = ()
    """Si las hay, la cifra sin redondear de cada celda (``None`` si no es una cifra), fila a fila: ``en_moneda``
    convierte esa y no la redondeada de la celda (como la línea de órdenes). Vacía: convierte la de la celda."""
    nota: str = ""
    """Si la hay, una frase que se lee justo encima de la tabla (p. ej. que las horas de la opción más barata son una
    estimación): fuera del título, que en una tabla ancha se desplaza con ella y no se lee entero."""
    sin_impuesto: tuple[tuple[int, int], ...] = ()
    """(fila, columna) de los importes que ya llevan sus impuestos (la luz de una GPU comprada): ``en_moneda`` los
    pasa a la moneda del país sin sumar el suyo."""

    def __post_init__(self) -> None:
        super().__post_init__()
        n = len(self.columnas)
        for i, fila in enumerate((*self.filas, self.numericas)):
            if len(fila) != n:
                que = "numericas" if i == len(self.filas) else f"filas[{i}]"
                raise ValueError(f"Tabla: {que} tiene {len(fila)} celdas; se admite una por columna ({n}).")
        if self.exactas and [len(f) for f in self.exactas] != [len(f) for f in self.filas]:
            raise ValueError("Tabla: exactas no vale; se admite una cifra (o None) por celda de filas, o ninguna.")


@dataclass(frozen=True)
class Calculadora(Validado):
    nombre: str
    titulo: str
    argumentos: dict[str, str]
    """Nombre → tipo de cada campo, en orden (``"decimal"``, ``"entero"``, ``"opcion"``, ``"decimal_o_vacio"``: un
    número o nada, que llega como ``None``; o ``"json_o_vacio"``: un texto largo que se pega o se lee de un fichero
    elegido, como un ``config.json``, o nada), sin leer los datos: es lo que usa el navegador."""
    campos: Callable[[], tuple[Campo, ...]]
    """Los campos con sus valores por defecto (se leen de los datos al construir el sitio)."""
    calcular: Callable[..., Tabla]
    """Función pura de la biblioteca: recibe los campos por nombre y devuelve la tabla."""
    orden: str
    """La orden de ``gpucoste`` que imprime el mismo resultado (``gpucoste.cli.ORDENES``): de ella y de los
    campos sale «copiar como orden» (``orden_cli``)."""
    banderas: Mapping[str, str] = field(default_factory=dict)
    """La opción de la orden de cada campo cuyo nombre no es el de la opción (``horas_trabajo`` → ``--horas``);
    los demás campos van a ``--nombre-del-campo``. ``tests/navegador/test_calculadoras_en_python.py`` comprueba que
    cada opción existe en la orden."""
