"""Una API pública declarada: ``__all__`` en cada módulo de ``gpucoste``, con todo lo que no empieza por «_».

De ``__all__`` sale lo que cubre el arnés de entradas malas (``tests/proyecto/test_propiedades_cobertura.py``): una
función nueva que no se declara, o que se declara y no se registra en ``tests/propiedades.py``, hace fallar una
prueba. Y ningún módulo de la biblioteca forma un círculo de importaciones con otro.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import re
import shutil

import pytest
from alcance import circulos, importaciones

from gpucoste.base import paquete

PAQUETE = paquete.RAIZ
RAIZ = pathlib.Path(__file__).resolve().parents[2]


def _modulos() -> list[str]:
    """Cada módulo del paquete por su nombre sin «gpucoste.» («calculo.memoria»), sin el ``__init__.py`` raíz."""
    return [m.removeprefix("gpucoste.") for m in paquete.modulos() if m != "gpucoste"]


def definidos(texto: str) -> list[str]:
    """Los nombres públicos (sin «_» delante) que define el nivel superior de un módulo: funciones, clases y
    constantes (``TRABAJO: Trabajo``, sin valor, también: lo da el ``__getattr__`` del módulo)."""
    nombres = []
    for n in ast.parse(texto).body:
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            nombres.append(n.name)
        elif isinstance(n, ast.Assign):
            nombres += [t.id for t in n.targets if isinstance(t, ast.Name)]
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
            nombres.append(n.target.id)
    return sorted({x for x in nombres if not x.startswith("_")})


def declarados(texto: str) -> list[str] | None:
    """La lista ``__all__`` del módulo (``None`` si no la tiene)."""
    for n in ast.parse(texto).body:
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets):
            return sorted(ast.literal_eval(n.value))
    return None


def importados(texto: str) -> set[str]:
    """Los nombres que el nivel superior del módulo importa (``vast`` reexporta ``HORAS_MES`` de ``coste``)."""
    return {
        a.asname or a.name for n in ast.parse(texto).body if isinstance(n, ast.ImportFrom | ast.Import) for a in n.names
    }


def sin_declarar(texto: str) -> list[str]:
    """Lo que falta en ``__all__`` (todo, si no hay ``__all__``) o sobra (declarado y ni definido ni importado)."""
    todos = declarados(texto)
    if todos is None:
        return ["(falta __all__)"]
    publicos = definidos(texto)
    todos = [n for n in todos if n in publicos or n not in importados(texto)]
    return [f"+{n}" for n in publicos if n not in todos] + [f"-{n}" for n in todos if n not in publicos]


@pytest.mark.parametrize("nombre", _modulos())
def test_cada_modulo_declara_su_api(nombre):
    ruta = paquete.fichero(f"gpucoste.{nombre}")
    texto = ruta.read_text(encoding="utf-8")
    assert not sin_declarar(texto), (
        f"{ruta.relative_to(PAQUETE.parent)}: añade a __all__ (+) o quita (-) estos nombres, o empieza con «_» los que "
        "solo usa "
        f"el módulo: {sin_declarar(texto)}"
    )
    modulo = importlib.import_module(f"gpucoste.{nombre}")
    for n in modulo.__all__:
        assert getattr(modulo, n) is not None, n


def test_la_comprobacion_de_api_puede_fallar():
    """Fallo plantado: una función pública nueva sin declarar, y un nombre declarado que ya no existe."""
    texto = (PAQUETE / "calculo" / "coste.py").read_text(encoding="utf-8")
    assert sin_declarar(texto + "\n\ndef calcula_algo(x):\n    return x\n") == ["+calcula_algo"]
    assert sin_declarar(texto.replace("def coste_trabajo(", "def _coste_trabajo(")) == ["-coste_trabajo"]
    assert sin_declarar("x = 1\n") == ["(falta __all__)"]


# --- Sin círculos de importación ---------------------------------------------------------------------------


def test_sin_circulos_de_importacion():
    """Ningún módulo importa (directa o indirectamente, también dentro de una función) a otro que lo importa a él.
    Los dos que había (``cli`` ↔ ``cli_decisiones``, ``datos`` ↔ ``formato``) se rompieron sacando lo común a un
    tercer módulo (``cli_opciones``; ``formato`` ya no importa ``datos``)."""
    assert circulos(importaciones(PAQUETE)) == []


def _copia(destino: pathlib.Path) -> pathlib.Path:
    """Una copia del paquete (solo sus ``.py``) en ``destino``, para plantar un fallo sin tocar el de verdad."""
    shutil.copytree(PAQUETE, destino / "gpucoste", ignore=shutil.ignore_patterns("__pycache__", "*.csv"))
    return destino / "gpucoste"


def test_la_comprobacion_de_circulos_puede_fallar(tmp_path):
    """Fallo plantado en una copia: ``validacion`` importa ``coste`` dentro de una función (y ``coste`` ya la
    importa a ella)."""
    copia = _copia(tmp_path)
    ruta = copia / "base" / "validacion.py"
    texto = ruta.read_text(encoding="utf-8") + "\n\ndef _f():\n    from gpucoste.calculo import coste\n"
    ruta.write_text(texto, encoding="utf-8")
    assert ["base.validacion", "calculo.coste"] in circulos(importaciones(copia))


def test_el_circulo_de_la_cli_puede_volver(tmp_path):
    """Fallo plantado: ``cli.calculadoras`` vuelve a importar del ``__init__.py`` de ``cli`` (y ``cli`` la importa
    para registrar sus órdenes): la prueba lo ve."""
    copia = _copia(tmp_path)
    ruta = copia / "cli" / "calculadoras.py"
    texto = ruta.read_text(encoding="utf-8")
    assert "from gpucoste.cli.opciones import" in texto
    ruta.write_text(texto.replace("from gpucoste.cli.opciones import", "from gpucoste.cli import"), encoding="utf-8")
    assert ["cli", "cli.calculadoras"] in circulos(importaciones(copia))


# --- Lo que las páginas, el README y CONTRIBUTING dicen del código ---------------------------------------------

_TEXTOS = ["README.md", "CONTRIBUTING.md", "docs/**/*.md"]
_NOMBRE_CITADO = re.compile(r"`(gpucoste(?:\.[A-Za-z_]\w*)+)(?:\(\))?`")
_RUTA_CITADA = re.compile(r"`((?:src|tests|construccion|snippets|docs)/[^`\s:#]+)")


def _textos(raiz: pathlib.Path) -> list[pathlib.Path]:
    return sorted({f for patron in _TEXTOS for f in raiz.glob(patron)})


def nombres_que_no_estan(raiz: pathlib.Path) -> list[str]:
    """Cada ``gpucoste.x.y`` citado en la prosa que no es un módulo, o no es un nombre definido en el módulo que lo
    precede (uno reexportado desde otro módulo se cita donde se define: «lo calcula gpucoste.calculo.velocidad»)."""
    malos = []
    for fichero in _textos(raiz):
        for n, linea in enumerate(fichero.read_text(encoding="utf-8").splitlines(), 1):
            for nombre in _NOMBRE_CITADO.findall(linea):
                sitio = f"{fichero.relative_to(raiz)}:{n}: {nombre}"
                try:
                    importlib.import_module(nombre)
                    continue
                except ImportError:
                    pass
                modulo, _, atributo = nombre.rpartition(".")
                try:
                    objeto = getattr(importlib.import_module(modulo), atributo)
                except (ImportError, AttributeError):
                    malos.append(f"{sitio} no existe")
                    continue
                definido = getattr(objeto, "__module__", modulo)
                if definido != modulo:
                    malos.append(f"{sitio} se define en {definido}, no en {modulo}")
    return malos


def rutas_que_no_estan(raiz: pathlib.Path) -> list[str]:
    """Cada ruta del repositorio citada en la prosa (``src/…``, ``tests/…``…) que no existe; un patrón con «*»,
    que no encuentra nada. Los marcadores de un ejemplo (``<página>``, «…», ``x.py``, la página de ejemplo de
    CONTRIBUTING) no son rutas."""
    malos = []
    for fichero in _textos(raiz):
        for n, linea in enumerate(fichero.read_text(encoding="utf-8").splitlines(), 1):
            for ruta in _RUTA_CITADA.findall(linea):
                ruta = ruta.rstrip(".,;)")
                if (
                    any(c in ruta for c in "<>…{}")
                    or "mi-pagina" in ruta
                    or pathlib.PurePath(ruta).stem in ("x", "test_x")
                ):
                    continue
                existe = any(raiz.glob(ruta)) if "*" in ruta else (raiz / ruta).exists()
                if not existe:
                    malos.append(f"{fichero.relative_to(raiz)}:{n}: {ruta} no existe")
    return malos


def test_lo_que_la_prosa_cita_del_codigo_existe_donde_dice():
    malos = nombres_que_no_estan(RAIZ) + rutas_que_no_estan(RAIZ)
    assert not malos, "La prosa cita código que no está donde dice (corrige la cita):\n" + "\n".join(malos)


def test_la_prueba_de_las_citas_puede_fallar(tmp_path):
    """Fallos plantados: un módulo que no existe, un nombre reexportado citado fuera de donde se define, una ruta
    que no existe."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text(
        "Lo calcula `gpucoste.calculo.tiempo.velocidad_generacion` y `gpucoste.calculo.no_existe`.\n"
        "Las pruebas, en `tests/calculo/test_no_existe.py`; los datos, `src/gpucoste/datos/*.xyz`.\n",
        encoding="utf-8",
    )
    assert len(nombres_que_no_estan(tmp_path)) == 2
    assert len(rutas_que_no_estan(tmp_path)) == 2


# --- Constantes públicas de solo lectura ---------------------------------------------------------------------

_MUTABLES = (dict, list, set, bytearray)


def constantes_mutables(modulos: list[str]) -> list[str]:
    """Cada constante pública (en ``__all__``, en mayúsculas) que es un ``dict``, una ``list`` o un ``set``: quien la
    cambie (``vram.PRECISIONES["x"] = …``) cambia el resultado de cada llamada posterior, en silencio."""
    salida = []
    for nombre in modulos:
        modulo = importlib.import_module(f"gpucoste.{nombre}")
        for publico in getattr(modulo, "__all__", ()):
            valor = getattr(modulo, publico, None)
            if publico.isupper() and isinstance(valor, _MUTABLES):
                salida.append(f"{nombre}.{publico} ({type(valor).__name__})")
    return salida


def test_las_constantes_publicas_son_de_solo_lectura():
    """Issue 35: ``vram.PRECISIONES`` era un ``dict`` que cualquiera podía cambiar para todos los resultados
    siguientes; hoy, un ``types.MappingProxyType`` (o una tupla), como todas las constantes públicas."""
    malas = constantes_mutables(_modulos())
    assert not malas, f"usa types.MappingProxyType (o una tupla, o un frozenset) en estas constantes: {malas}"


def test_vram_precisiones_no_se_puede_cambiar():
    from gpucoste.calculo import vram

    antes = dict(vram.PRECISIONES)
    with pytest.raises(TypeError):
        vram.PRECISIONES["bf16"] = "otra"  # type: ignore[index]
    assert dict(vram.PRECISIONES) == antes
    assert list(vram.tabla_vram().columns)[1:] == list(antes.values())  # y se sigue usando como antes


def test_la_prueba_de_constantes_pilla_un_dict_plantado(monkeypatch):
    from gpucoste.calculo import vram

    monkeypatch.setattr(vram, "PRECISIONES", dict(vram.PRECISIONES))
    assert constantes_mutables(["calculo.vram"]) == ["calculo.vram.PRECISIONES (dict)"]
