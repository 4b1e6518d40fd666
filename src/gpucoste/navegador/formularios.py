"""El HTML de las calculadoras, el mismo al construir y en el navegador: el formulario con el resultado de sus
valores por defecto, la tabla del resultado y el código editable; y ``calcular_json``, lo que llama el script de
la página (``docs/javascripts/calculadora.js``) con lo que escribe el lector."""

from __future__ import annotations

import html
import json
import re

from gpucoste.base.validacion import instancia, opcion
from gpucoste.base.validacion import texto as texto_valido
from gpucoste.navegador.compartir import _compartir
from gpucoste.navegador.lectura import _escrito, escribir
from gpucoste.navegador.registro import CALCULADORAS, calcular
from gpucoste.navegador.tipos import Tabla

__all__ = ["calcular_json", "codigo_html", "formulario_html", "tabla_html"]


def calcular_json(nombre: str, valores_json: str) -> str:
    """Lo que llama el navegador: JSON con la tabla en HTML, o con el error y el campo al que se refiere."""
    try:
        valores = json.loads(_escrito(valores_json))
        if not isinstance(valores, dict):
            raise json.JSONDecodeError("no es un objeto", valores_json, 0)
    except json.JSONDecodeError:
        raise ValueError(
            f"Calculadora {nombre!r}: {valores_json!r} no vale; se admite un objeto JSON de campo → texto."
        ) from None
    try:
        tabla = calcular(nombre, valores)
    except ValueError as error:
        mensaje = str(error)
        # Los mensajes de la biblioteca empiezan por el nombre del argumento («horas: 'x' no es un número…»).
        campo = next((n for n in valores if isinstance(n, str) and re.match(rf"{re.escape(n)}\b", mensaje)), None)
        return json.dumps({"error": mensaje, "campo": campo}, ensure_ascii=False)
    return json.dumps(
        {"tabla": tabla_html(tabla), "grafico": tabla.grafico, **_compartir(nombre, valores, tabla)},
        ensure_ascii=False,
    )


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
        # La unidad, tras el nombre del dato y antes de su aclaración («Precio de la GPU (US$/h): RTX 4090, …»):
        # nunca un paréntesis detrás de otro ni dentro de otro.
        corte = min((campo.etiqueta.find(s) for s in ":;" if s in campo.etiqueta), default=len(campo.etiqueta))
        etiqueta = html.escape(campo.etiqueta[:corte]) + unidad + html.escape(campo.etiqueta[corte:])
        comunes = f'id="{i}" name="{campo.nombre}" aria-describedby="{i}-error"'
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
