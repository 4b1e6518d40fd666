"""Calculadoras en el navegador: la misma biblioteca, ejecutada por Pyodide en la página.

Cada calculadora se declara en su módulo (``navegador.coste``, ``navegador.cabe``…): sus campos (etiqueta, unidad
y valor por defecto sacado de los datos) y la función de la biblioteca que la calcula; ``navegador.registro`` las
reúne en ``CALCULADORAS``. Al construir el sitio, el hook ``construccion/navegador.py`` pinta el formulario con el
resultado de los valores por defecto (la página está completa sin JavaScript); en el navegador,
``docs/javascripts/calculadora.js`` carga Pyodide y la rueda de esta biblioteca y llama a ``calcular`` con lo que
escribe el lector.

Los módulos, de abajo arriba: ``tipos`` (``Campo``, ``Tabla``, ``Calculadora``), ``lectura`` (lo que escribe el
lector), ``ejemplo`` (los valores por defecto de la cadena de decisión), una por calculadora (``coste``,
``interrumpibles``, ``cabe``, ``cuanto_tarda``, ``donde_mas_barato``, ``api_o_gpu``, ``comprar``), ``pais`` (el
campo del país y los importes en su moneda), ``registro`` (``CALCULADORAS`` y ``calcular``), ``compartir`` (la
orden equivalente, el enlace y el CSV) y ``formularios`` (el HTML y ``calcular_json``). Este fichero solo reúne su
API: ``from gpucoste.navegador import …``.

Ni este paquete ni lo que importa al calcular usan pandas ni matplotlib: el paquete de npm de Pyodide no
los trae y, además, pesan. Los valores por defecto (que sí leen los datos con toda la biblioteca) solo se
calculan al construir, en ``campos()``.
"""

from __future__ import annotations

from gpucoste.navegador.cabe import (
    KV_DE_SERIE,
    NOMBRES_FORMATOS,
    NOMBRES_OPTIMIZADORES,
    NOMBRES_PERDIDAS,
    PRECISION_DEL_METODO,
)
from gpucoste.navegador.compartir import bandera, clave_url, enlace, orden_cli, tabla_csv
from gpucoste.navegador.cuanto_tarda import INTERCONEXION_DE_SERIE
from gpucoste.navegador.ejemplo import EJEMPLO_GPU, EJEMPLO_MODELO, EJEMPLO_TOKENS
from gpucoste.navegador.formularios import calcular_json, codigo_html, formulario_html, tabla_html
from gpucoste.navegador.lectura import escribir, leer, leer_entero
from gpucoste.navegador.pais import CON_DINERO, en_moneda
from gpucoste.navegador.registro import CALCULADORAS, MODULOS_DEL_CALCULO, calcular, precargar
from gpucoste.navegador.tipos import Calculadora, Campo, Tabla

__all__ = [
    "CALCULADORAS",
    "CON_DINERO",
    "Calculadora",
    "Campo",
    "EJEMPLO_GPU",
    "EJEMPLO_MODELO",
    "EJEMPLO_TOKENS",
    "MODULOS_DEL_CALCULO",
    "NOMBRES_FORMATOS",
    "INTERCONEXION_DE_SERIE",
    "KV_DE_SERIE",
    "NOMBRES_OPTIMIZADORES",
    "NOMBRES_PERDIDAS",
    "PRECISION_DEL_METODO",
    "Tabla",
    "bandera",
    "calcular",
    "calcular_json",
    "clave_url",
    "codigo_html",
    "en_moneda",
    "enlace",
    "escribir",
    "formulario_html",
    "leer",
    "leer_entero",
    "orden_cli",
    "precargar",
    "tabla_csv",
    "tabla_html",
]
