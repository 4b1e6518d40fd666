"""El HTML de las calculadoras, el mismo al construir y en el navegador: el formulario con el resultado de sus
valores por defecto, la tabla del resultado y el código editable; y ``calcular_json``, lo que llama el script de
la página (``docs/javascripts/calculadora.js``) con lo que escribe el lector."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping

from gpucoste.base.validacion import corto, instancia, opcion
from gpucoste.base.validacion import texto as texto_valido
from gpucoste.navegador.compartir import _compartir
from gpucoste.navegador.lectura import _escrito, escribir
from gpucoste.navegador.registro import CALCULADORAS, calcular
from gpucoste.navegador.tipos import Tabla

__all__ = ["calcular_json", "codigo_html", "formulario_html", "tabla_html"]


def calcular_json(nombre: str, valores_json: str, rotulos_json: str) -> str:
    """Lo que llama el navegador: JSON con la tabla en HTML, o con el error y el campo al que se refiere.

    ``rotulos_json``: el rótulo de cada campo tal como se lee en el formulario (su ``data-rotulo``, que escribe
    ``formulario_html`` con ``Campo.rotulo``). Un error de un campo empieza por su rótulo y lleva el valor como lo
    escribió el lector («Horas de cómputo del trabajo (h): «-5» no vale; …»), no por el nombre del argumento
    («horas: '-5'…», que es lo que dice ``calcular``): en el navegador, los campos no se leen de los datos.
    """
    valores = _objeto_json(nombre, valores_json, "valores_json", "de campo → texto")
    rotulos = _objeto_json(nombre, rotulos_json, "rotulos_json", "de campo → rótulo")
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    if set(rotulos) != set(c.argumentos) or not all(isinstance(r, str) and r.strip() for r in rotulos.values()):
        raise ValueError(
            f"Calculadora {nombre!r}: rotulos_json={rotulos_json!r:.200} no vale; se admite un rótulo (un texto no "
            f"vacío) por cada campo de {list(c.argumentos)!r}."
        )
    try:
        tabla = calcular(nombre, valores)
    except ValueError as error:
        campo, mensaje = _para_el_lector(str(error), valores, rotulos, c.argumentos)
        return json.dumps({"error": mensaje, "campo": campo}, ensure_ascii=False)
    return json.dumps(
        {"tabla": tabla_html(tabla), "grafico": tabla.grafico, **_compartir(nombre, valores, tabla)},
        ensure_ascii=False,
    )


def _objeto_json(nombre: str, texto: str, argumento: str, de: str) -> dict:
    try:
        objeto = json.loads(_escrito(texto))
        if not isinstance(objeto, dict):
            raise json.JSONDecodeError("no es un objeto", texto, 0)
    except json.JSONDecodeError:
        raise ValueError(
            f"Calculadora {nombre!r}: {argumento}={texto!r:.200} no vale; se admite un objeto JSON {de}."
        ) from None
    return objeto


_NOMBRES = re.compile(r"(?P<nombres>[\w.]+(?:/[\w.]+)*): ")
"""El principio de un error de la biblioteca: el nombre del argumento («horas: »), con lo que lo sigue («config.json: »)
o varios («ttft_ms/tpot_ms: », un objetivo que depende de los dos)."""

_NO_FINITO = re.compile(r"(?s)[\w.]+: el resultado no es un número finito con (?P<entradas>.*); (?P<consejo>usa .+)")
"""Un desbordamiento (``validacion.resultado``): «coste_total: el resultado no es un número finito con
precio_hora=1e+308, horas=6.0; usa valores menos extremos.», que nombra la cuenta y sus entradas por su nombre en la
biblioteca."""

_DESCONOCIDO = re.compile(
    r"(?s).+? desconocid[oa]: (?P<valor>.+?)\.(?P<resto>(?: ¿Quisiste decir .+?\?)? Valores admitidos: .+)"
)
"""Un error de ``validacion.opcion``: «Modelo desconocido: 'x'. ¿Quisiste decir …? Valores admitidos: …»."""


def _para_el_lector(
    mensaje: str, valores: Mapping[str, object], rotulos: Mapping[str, str], tipos: Mapping[str, str]
) -> tuple[str | None, str]:
    """El campo al que se refiere un error de ``calcular`` y el mensaje que lee el lector junto a él: con el rótulo
    del campo y el valor tal como lo escribió, entre comillas latinas.

    Tres formas: la de un argumento de la biblioteca, que empieza por su nombre y, casi siempre, el valor
    («horas: '-5' no vale…», «config.json: el texto no es…», «sin_estimaciones: ningún precio…»; si nombra varios,
    «ttft_ms/tpot_ms: …», sus rótulos, y el campo es el primero); la de un resultado que se desborda («coste_total: el
    resultado no es un número finito con precio_hora=1e+308, horas=6.0; …»: los campos entre sus entradas, con su
    rótulo y lo escrito, y el campo es el primero; sin ninguno, el mensaje no es de ningún campo); y la de una opción
    que no está en su lista («País desconocido: 'xx'. Valores admitidos: …», de un enlace retocado), que es de la
    lista (``tipos``: ``"opcion"``) con ese valor, si solo una lo tiene. Otro mensaje no es de ningún campo: tal
    cual (el script lo pone bajo el resultado).
    """
    escritos = {campo: texto for campo, texto in valores.items() if isinstance(texto, str) and campo in rotulos}
    inicio = _NOMBRES.match(mensaje)
    campos = [_campo_de(nombre, escritos) for nombre in inicio["nombres"].split("/")] if inicio else []
    if campos and all(campos):
        resto = mensaje[inicio.end() :]
        if len(campos) == 1:
            escrito = escritos[campos[0]]
            for forma in dict.fromkeys((corto(escrito), corto(escrito.strip()), repr(escrito.strip()))):
                if resto.startswith(f"{forma} "):
                    resto = f"{_comillas(escrito)} {resto.removeprefix(forma).lstrip()}"
                    break
        return campos[0], f"{' / '.join(rotulos[c] for c in campos)}: {resto}"
    no_finito = _NO_FINITO.fullmatch(mensaje)
    if no_finito:
        # Las entradas que son campos del formulario, con su rótulo y lo escrito; las demás son cuentas intermedias.
        nombrados = [c for c in re.findall(r"(?:^|, )([\w.]+)=", no_finito["entradas"]) if c in escritos]
        con = "; ".join(f"{rotulos[c]}: {_comillas(escritos[c])}" for c in dict.fromkeys(nombrados))
        con = f" ({con})" if con else ""
        texto = f"Con estos valores{con}, el resultado no es un número finito; {no_finito['consejo']}"
        return (nombrados[0] if nombrados else None), texto
    opcion_mala = _DESCONOCIDO.fullmatch(mensaje)
    if opcion_mala:
        listas = [
            c for c, escrito in escritos.items() if tipos.get(c) == "opcion" and corto(escrito) == opcion_mala["valor"]
        ]
        if len(listas) == 1:
            campo = listas[0]
            return campo, f"{rotulos[campo]}: {_comillas(escritos[campo])} no vale.{opcion_mala['resto']}"
    return None, mensaje


def _campo_de(nombre: str, campos: Mapping[str, object]) -> str | None:
    """El campo que nombra la biblioteca: «horas», o «config.json» (el fichero que se pega en «config»)."""
    if nombre in campos:
        return nombre
    return next((c for c in campos if nombre.startswith(f"{c}.")), None)


def _comillas(escrito: str) -> str:
    """Lo que escribió el lector, sin los espacios de los lados, entre comillas latinas; recortado si es enorme."""
    texto = escrito.strip()
    return f"«{texto}»" if len(texto) <= 60 else f"«{texto[:25]}…{texto[-10:]}» ({len(texto)} caracteres)"


_SIN_CIFRA = ("sin dato", "—", "nan")
"""Lo que escribe una celda que no tiene cifra: en las tarjetas del móvil, la celda no se muestra."""


def _sin_cifra(celda: str) -> str:
    return " data-sin-cifra" if celda in _SIN_CIFRA else ""


def tabla_html(tabla: Tabla) -> str:
    """La tabla del resultado, con las clases de Material para tablas, y su nota encima si la tiene."""
    instancia(tabla, Tabla, "tabla", de="p. ej. navegador.calcular(…)")
    alinear = [' class="gc-num"' if n else "" for n in tabla.numericas]
    cabecera = "".join(
        f'<th scope="col"{a}>{html.escape(c)}</th>' for c, a in zip(tabla.columnas, alinear, strict=True)
    )
    # Cada celda lleva el nombre de su columna: en un móvil, las tablas de más de dos columnas se leen como
    # tarjetas, una por fila, con el nombre delante de cada cifra (calculadora.css).
    # Una celda sin cifra («sin dato», «—») lleva data-sin-cifra: en la tarjeta no ocupa una línea (calculadora.css).
    filas = "".join(
        "<tr>"
        + "".join(
            f'<td data-columna="{html.escape(c)}"{a}{_sin_cifra(v)}>{html.escape(v)}</td>'
            for c, v, a in zip(tabla.columnas, fila, alinear, strict=True)
        )
        + "</tr>"
        for fila in tabla.filas
    )
    titulo = f"<caption>{html.escape(tabla.titulo)}</caption>" if tabla.titulo else ""
    tarjetas = " data-tarjetas" if len(tabla.columnas) > 2 else ""
    # Material deja desplazar en horizontal una tabla ancha: con el foco, también se desplaza con el teclado
    # (axe, «scrollable-region-focusable»), como las tablas del texto (hooks/tablas.py).
    # La nota, antes de la tabla: una tabla larga (el ranking) la dejaría muy abajo.
    nota = f'<p class="gc-nota">{html.escape(tabla.nota)}</p>' if tabla.nota else ""
    return (
        f'{nota}<table tabindex="0"{tarjetas}>{titulo}<thead><tr>{cabecera}</tr></thead><tbody>{filas}</tbody></table>'
    )


def _textos(**valores: object) -> None:
    """Cada uno de ``valores`` es un texto (vacío vale: ``instantanea=""``); si no, ``ValueError`` que lo nombra."""
    for clave, valor in valores.items():
        if not isinstance(valor, str):
            raise ValueError(f"{clave}: {valor!r} no vale; se admite un texto.")


def _carga(pyodide: str, rueda: str, peso: str, instantanea: str) -> str:
    """Los atributos con lo que el script del navegador descarga para calcular."""
    return (
        f'data-pyodide="{html.escape(pyodide)}" data-rueda="{html.escape(rueda)}" '
        f'data-instantanea="{html.escape(instantanea)}" data-peso="{html.escape(peso)}"'
    )


def formulario_html(nombre: str, *, pyodide: str, rueda: str, peso: str, instantanea: str = "") -> str:
    """El formulario de la calculadora ``nombre`` con el resultado de sus valores por defecto.

    ``pyodide``, ``rueda`` e ``instantanea``: URL (relativas a la página) de la carpeta de Pyodide, de la
    rueda de gpucoste y de la instantánea de memoria de Pyodide con la biblioteca ya importada (vacía si no
    la hay: el navegador arranca Pyodide sin ella); ``peso``: lo que se descarga la primera vez (p. ej.
    «13,4 MB»), para avisar al lector.
    """
    c = CALCULADORAS[opcion(nombre, "Calculadora", CALCULADORAS)]
    _textos(pyodide=pyodide, rueda=rueda, peso=peso, instantanea=instantanea)
    campos = c.campos()
    # El mismo camino que en el navegador: los textos de los campos, leídos por ``calcular``.
    textos = {campo.nombre: escribir(campo.defecto) for campo in campos}
    resultado = calcular(nombre, textos)
    compartir = _compartir(nombre, textos, resultado)
    id_ = f"gc-{nombre}"
    filas = []
    for campo in campos:
        i = f"{id_}-{campo.nombre}"
        unidad = f' <span class="gc-unidad">({html.escape(campo.unidad)})</span>' if campo.unidad else ""
        # El rótulo (el nombre del dato con su unidad: «Precio de la GPU (US$/h)») y su aclaración («: RTX 4090, …»).
        etiqueta = html.escape(campo.dato) + unidad + html.escape(campo.aclaracion)
        # data-rotulo: calculadora.js lo pasa a calcular_json, que empieza con él un error junto al campo (en el
        # navegador, los campos no se leen de los datos).
        comunes = (
            f'id="{i}" name="{campo.nombre}" aria-describedby="{i}-error" data-rotulo="{html.escape(campo.rotulo)}"'
        )
        if c.argumentos[campo.nombre] == "json_o_vacio":
            # Un texto largo que se pega, o un fichero que se elige y calculadora.js copia aquí (no se envía a
            # ningún sitio: el campo de fichero no tiene «name»).
            control = (
                f'<textarea {comunes} rows="3" spellcheck="false" autocomplete="off" '
                f'placeholder="{html.escape(campo.vacio)}">{html.escape(escribir(campo.defecto))}</textarea>'
                f'<label class="gc-fichero">Elegir el fichero: <input type="file" accept=".json,application/json" '
                f'data-para="{campo.nombre}"></label>'
            )
        elif campo.opciones:
            nombres = campo.nombres or {}
            opciones = "".join(
                f'<option value="{html.escape(o)}"{" selected" if o == campo.defecto else ""}>'
                f"{html.escape(nombres.get(o, o))}</option>"
                for o in campo.opciones
            )
            control = f"<select {comunes}>{opciones}</select>"
        else:
            modo = "numeric" if c.argumentos[campo.nombre] == "entero" else "decimal"
            vacio = f' placeholder="{html.escape(campo.vacio)}"' if campo.vacio else ""
            control = (
                f'<input {comunes} type="text" inputmode="{modo}" autocomplete="off" spellcheck="false" '
                f'value="{escribir(campo.defecto)}" data-defecto="{escribir(campo.defecto)}"{vacio}>'
            )
        ancho = " gc-campo--ancho" if c.argumentos[campo.nombre] == "json_o_vacio" else ""
        filas.append(
            f'<div class="gc-campo{ancho}"><label for="{i}">{etiqueta}</label>{control}'
            f'<span class="gc-error" id="{i}-error"></span></div>'
        )
    return (
        f'<form class="gc-calculadora" id="{id_}" data-calculadora="{nombre}" '
        f'{_carga(pyodide, rueda, peso, instantanea)} aria-labelledby="{id_}-titulo" novalidate>'
        # El título, corto: en un móvil el resultado va justo debajo (calculadora.css) y tiene que verse.
        f'<p class="gc-titulo" id="{id_}-titulo"><strong>{html.escape(c.titulo)}</strong></p>'
        f'<div class="gc-campos">{"".join(filas)}</div>'
        '<p class="gc-acciones"><button type="submit" class="md-button md-button--primary">Calcular</button> '
        '<button type="reset" class="md-button">Restablecer</button> '
        '<span class="gc-estado" role="status"></span></p>'
        "<noscript><p>Para calcular con tus cifras hace falta JavaScript; la tabla muestra el resultado con "
        "los valores por defecto.</p></noscript>"
        f'<div class="gc-resultado" aria-live="polite">{tabla_html(resultado)}</div>'
        f'<div class="gc-grafico">{resultado.grafico}</div>'
        '<div class="gc-compartir">'
        f'<p><a class="gc-enlace" href="{html.escape(compartir["enlace"])}">Enlace a este resultado</a> · '
        f'<a class="gc-csv" download="gpucoste-{nombre}.csv" href="{html.escape(compartir["csv"])}">Descargar la '
        "tabla en CSV</a></p>"
        f'<p id="{id_}-orden">La misma cuenta en la línea de órdenes (con gpucoste instalado): '
        '<button type="button" class="md-button gc-copiar" hidden>Copiar como orden</button></p>'
        # Un párrafo y no un bloque <pre><code>: el tema le pondría su propio botón de copiar, encima del texto.
        f'<p class="gc-orden"><code>{html.escape(compartir["orden"])}</code></p>'
        "</div>"
        '<p class="gc-nota">La cuenta se hace en tu navegador con esta misma biblioteca: nada sale de tu equipo. Con '
        "los valores por defecto, la tabla es la que se calculó al construir la página.</p>"
        "</form>"
    )


def codigo_html(
    nombre: str, codigo: str, salida: str, *, pyodide: str, rueda: str, peso: str, instantanea: str = ""
) -> str:
    """Código editable y ejecutable en el navegador, con la ``salida`` que dio al construir la página."""
    texto_valido(nombre, "nombre")
    _textos(codigo=codigo, salida=salida, pyodide=pyodide, rueda=rueda, peso=peso, instantanea=instantanea)
    id_ = f"gc-codigo-{nombre}"
    lineas = codigo.count("\n") + 1
    return (
        f'<form class="gc-codigo" id="{id_}" data-codigo="{nombre}" {_carga(pyodide, rueda, peso, instantanea)}>'
        f'<p><label for="{id_}-fuente"><strong>El código, editable</strong>: cambia un precio o unas horas y '
        "pulsa «Ejecutar»; se ejecuta en tu navegador con esta misma biblioteca.</label></p>"
        f'<textarea id="{id_}-fuente" name="codigo" rows="{lineas}" spellcheck="false" autocomplete="off"'
        f">{html.escape(codigo)}</textarea>"
        '<p class="gc-acciones"><button type="submit" class="md-button md-button--primary">Ejecutar</button> '
        '<button type="reset" class="md-button">Restablecer</button> '
        '<span class="gc-estado" role="status"></span></p>'
        "<noscript><p>Para ejecutarlo hace falta JavaScript; la salida es la que se obtuvo al construir la "
        "página.</p></noscript>"
        f'<p id="{id_}-titulo-salida">Salida:</p>'
        '<pre class="gc-salida" aria-live="polite"><code>'
        f"{html.escape(salida)}</code></pre>"
        "</form>"
    )
