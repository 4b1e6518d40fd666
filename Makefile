# gpucoste: dos órdenes bastan en una copia recién clonada (solo hacen falta python3 y make).
#   make serve  → instala lo justo para el sitio (grupo docs de uv.lock) y lo sirve en http://127.0.0.1:8000/gpucoste/
#   make test   → instala todo (grupo dev) y pasa todas las pruebas (construcción estricta incluida)
# Al contribuir, primero «make check» (segundos) y después «make test» (minutos).
# Para añadir una orden: un bloque «objetivo: dependencias» con su comentario, y una línea en «help».
.DEFAULT_GOAL := help
SHELL := /bin/bash
PYTHON ?= python3
UV_VERSION := 0.13.8
UV := .tools/bin/uv
BIN := .venv/bin
# La orden que construye y sirve el sitio. properdocs (grupo docs) lo construye igual byte a byte salvo la etiqueta
# generator, y tests/construccion/test_properdocs.py lo comprueba: para dejar MkDocs, GENERADOR := $(BIN)/properdocs.
GENERADOR := $(BIN)/mkdocs
# La dirección de «make serve»: MkDocs sirve bajo la sub-ruta de site_url (/gpucoste/), como GitHub Pages.
DIRECCION := 127.0.0.1:8000
SUBRUTA := $(shell sed -n 's|^site_url: *[a-z]*://[^/]*\(/[^ ]*\).*|\1|p' mkdocs.yml)

# Sin bytecode compilado (estas máquinas fijan PYTHONDONTWRITEBYTECODE=1) cada build va el doble de lento.
export UV_COMPILE_BYTECODE := 1
# Y el de nuestro código (src/, tests/, los hooks), que no se instala compilado: en una carpeta temporal, fuera del
# repositorio (Python lo rehace al cambiar el fuente). Sin él, cada proceso (la construcción, cada orden gpucoste de
# las pruebas, cada pytest con su reescritura de assert) lo compila entero otra vez: make check tarda unos
# segundos más por proceso.
export PYTHONPYCACHEPREFIX ?= $(or $(TMPDIR),/tmp)/gpucoste-pyc
unexport PYTHONDONTWRITEBYTECODE
export NO_MKDOCS_2_WARNING := 1

.PHONY: help install install-docs sistema serve build check test lint snapshots capturas calibrar bench clean

help:
	@echo "make serve      sirve el sitio en http://$(DIRECCION)$(SUBRUTA) (recarga al editar; instala solo lo del sitio)"
	@echo "make check      comprobación rápida (segundos): construcción estricta, snippets y pruebas de lo cambiado"
	@echo "make test       pasa todas las pruebas, la construcción estricta incluida (minutos)"
	@echo "make build      construye el sitio en site/"
	@echo "make snapshots  regenera las salidas de referencia de snippets/ y ajustes.csv (revísalas con git diff)"
	@echo "make calibrar   rehace ajustes.csv tras cambiar medidas.csv e imprime el error de la calibración"
	@echo "make lint       ruff"
	@echo "make capturas   capturas PNG de cada página (1366 y 390 px, claro y oscuro) en capturas/, para un PR"
	@echo "make sistema    instala (Debian, como root) lo que usan las pruebas de calidad: navegador, ortografía…"
	@echo "make bench      mide la construcción, make check y las páginas (no es una prueba: imprime una tabla)"

# uv, fijado a una versión, en su propio entorno (.tools/); nada se instala fuera del repositorio.
# Con un pip fuera (pip ≥ 22.3, --python), el entorno se crea sin su propio pip: unos segundos menos.
$(UV):
	@$(PYTHON) -m venv --without-pip .tools && \
	  $(PYTHON) -m pip --python .tools/bin/python install --quiet --disable-pip-version-check "uv==$(UV_VERSION)" \
	  2>/dev/null || { rm -rf .tools && $(PYTHON) -m venv .tools && \
	  .tools/bin/python -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"; }

# .venv con las versiones exactas de uv.lock; se rehace si cambian el lock o pyproject.toml.
# Dos niveles: .docs (la biblioteca y lo que construye el sitio: «make serve», «make build») y .instalado
# (además, las herramientas de las pruebas: pytest, ruff, lychee, zizmor, Playwright). --inexact: instalar
# solo lo del sitio no desinstala las herramientas de prueba si ya estaban.
# Para servir cuanto antes, sin compilar el bytecode durante la instalación (más de 10 s): se compila después,
# en segundo plano y con prioridad baja, mientras arranca el servidor.
.venv/.docs: uv.lock pyproject.toml | $(UV)
	UV_COMPILE_BYTECODE=0 $(UV) sync --locked --inexact --no-default-groups --group docs
	@touch $@
	@(nice -n 19 $(BIN)/python -m compileall -q -j 1 .venv/lib >/dev/null 2>&1 &)

.venv/.instalado: uv.lock pyproject.toml | $(UV)
	$(UV) sync --locked
	@touch $@ .venv/.docs

install-docs: .venv/.docs
install: .venv/.instalado

# Herramientas del sistema para las pruebas de calidad (Debian/Ubuntu, como root). Sin ellas, esas
# pruebas se saltan en local; con CI=true fallan. Cada issue añade aquí lo suyo.
# npm solo se pide a Debian si no hay ninguno: el Node.js de NodeSource trae el suyo y choca con el de Debian.
APT_PAQUETES :=
sistema:
	@paquetes="$(strip $(APT_PAQUETES))"; command -v npm >/dev/null || paquetes="$$paquetes npm"; \
	sudo=; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	if [ -n "$$paquetes" ]; then \
	  echo "Instalando (apt): $$paquetes"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$paquetes >/dev/null; \
	fi

# Vista previa: sin --strict (un aviso no impide servir) y, solo aquí, un error de construcción se ve en la
# página en vez de dejarla colgada (construccion/vista_previa.py). La comprobación es «make check».
serve: install-docs
	@echo "Sirviendo en http://$(DIRECCION)$(SUBRUTA) (Ctrl+C para parar). Vista previa: los avisos salen aquí y"
	@echo "los errores, también en la página. Antes de confirmar: «make check» y después «make test»."
	@$(GENERADOR) serve --no-strict -a $(DIRECCION) -w snippets -w src -w construccion

build: install-docs
	$(GENERADOR) build --strict -d site

# Lo primero al contribuir (segundos): construcción estricta, ruff de lo cambiado, snippets y las pruebas de
# lo que ha cambiado respecto a main; se para en el primer fallo con el aviso que importa (tests/comprobar.py).
check: install
	@$(BIN)/python tests/comprobar.py

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# pytest sale con 5 si no encontró ninguna prueba: eso también es un fallo.
# Un proceso de pytest por núcleo (pytest-xdist; PROCESOS=1 lo deja en uno), con los ficheros de prueba enteros en
# un mismo proceso (--dist loadfile: las fixtures de un fichero, como Chromium o Pyodide, se preparan una vez); el
# sitio de la sesión se construye una sola vez para todos (tests/conftest.py, construccion_de_la_sesion).
PROCESOS ?= auto
test: install lint
	@$(BIN)/pytest -n $(PROCESOS) --dist loadfile; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest no ejecutó ninguna prueba (código 5): se cuenta como fallo."; exit 1; fi; \
	exit $$rc

# ajustes.csv es un resultado de medidas.csv (make calibrar), como un snapshot: una medida nueva y correcta se
# incorpora con «make snapshots», sin que ninguna prueba tenga que cambiar.
snapshots: install
	$(BIN)/python -m gpucoste.calculo.calibracion
	GPUCOSTE_ACTUALIZAR_SNAPSHOTS=1 $(BIN)/pytest tests/sitio/test_snippets.py -q

# Capturas de pantalla para revisar un pull request (no se confirman: capturas/ está en .gitignore): cada página
# de nav a 1366 y 390 px, en modo claro y oscuro, con Chromium de Debian (make sistema); imprime además el ancho
# y la letra de cada gráfico (lo que comprueba tests/sitio/test_graficos_navegador.py).
capturas: build install
	$(BIN)/python tests/capturas.py site capturas

# Tras cambiar medidas.csv: rehace ajustes.csv (MFU, QLoRA, eficiencia de cada motor) con su mitad de ajuste e imprime
# el error: en cada mitad y, por tipo de medida, el validado en fuentes que el ajuste no usó (el que citan las páginas),
# también por clase de GPU, escala, método y motor.
calibrar: install
	$(BIN)/python -m gpucoste.calculo.calibracion
	@$(BIN)/python -c "import time; from gpucoste.calculo import calibracion; print(calibracion.texto_informe()); \
	  print(calibracion.texto_escalado()); t = time.perf_counter(); texto = calibracion.texto_validacion(); \
	  print(texto); print(calibracion.texto_desglose()); print(f'Calculada en {time.perf_counter() - t:.2f} s.'.replace('.', ',', 1))"

# Pruebas de calidad sin navegador (tests/test_{enlaces,html,ortografia,workflows,reproducible,frescura}.py).
# lychee y zizmor vienen de PyPI (grupo dev); hunspell y Java, de Debian; vnu.jar, de npm (tests/calidad/).
APT_PAQUETES += hunspell hunspell-es default-jre-headless
CALIDAD_NPM := tests/calidad/node_modules/.instalado
$(CALIDAD_NPM): tests/calidad/package.json tests/calidad/package-lock.json
	@if command -v npm >/dev/null; then \
	  cd tests/calidad && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null && touch node_modules/.instalado; \
	else echo "Sin npm: la prueba de HTML (vnu) se saltará (con CI=true, fallará). Instálalo con «make sistema»."; fi
test: $(CALIDAD_NPM)

# Pruebas en el navegador (tests/sitio/test_navegador.py): Chromium de Debian, manejado con Playwright (PyPI, grupo
# dev; nunca «playwright install»), y axe-core de npm (tests/navegador/) para la accesibilidad.
APT_PAQUETES += chromium fonts-dejavu-core
NAVEGADOR_NPM := tests/navegador/node_modules/.instalado
$(NAVEGADOR_NPM): tests/navegador/package.json tests/navegador/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix tests/navegador --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null && touch $@; \
	else echo "Sin npm: la prueba de accesibilidad (axe-core) se saltará (con CI=true, fallará). Instálalo con «make sistema»."; fi
test: $(NAVEGADOR_NPM)

# Lighthouse 12.2.3 (npm, tests/rendimiento/node/) para «make bench»; no lo usa «make test».
LIGHTHOUSE_NPM := tests/rendimiento/node/node_modules/.instalado
$(LIGHTHOUSE_NPM): tests/rendimiento/node/package.json tests/rendimiento/node/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix tests/rendimiento/node --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null && touch $@; \
	else echo "Sin npm: «make bench» no dará las notas de Lighthouse. Instálalo con «make sistema»."; fi
bench: $(LIGHTHOUSE_NPM)

# Mide la construcción (con y sin ejecutar código, y la recarga de «make serve») y las páginas. No es una prueba.
bench: install $(CALIDAD_NPM)
	$(BIN)/python tests/rendimiento/bench.py

clean:
	rm -rf .venv .tools site .pytest_cache .ruff_cache

# Calculadoras en el navegador: Pyodide del paquete de npm «pyodide» (fijado en docs/.pyodide/package-lock.json).
# El hook construccion/navegador.py copia al sitio solo los ficheros que hacen falta para arrancar.
PYODIDE_NPM := docs/.pyodide/node_modules/.instalado
$(PYODIDE_NPM): docs/.pyodide/package.json docs/.pyodide/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix docs/.pyodide --ignore-scripts --omit=dev --no-audit --no-fund --loglevel=error >/dev/null && touch $@; \
	else echo "Sin npm: las calculadoras no correrán en el navegador (con CI=true, la construcción falla). Instálalo con «make sistema»."; fi
serve build check test bench: $(PYODIDE_NPM)

# Precios de la semana (src/gpucoste/recoleccion/precios.py, con gpuhunt; usa la red): añade filas fechadas al final de
# src/gpucoste/datos/precios.csv (nunca borra ninguna) e imprime el resumen de lo que se movió.
# RESUMEN=fichero.md lo guarda también (el flujo .github/workflows/precios.yml lo usa como cuerpo de la PR).
# SECO=1 no escribe nada: imprime el resumen y el diff que tendría la PR.
.PHONY: precios
precios: install
	$(BIN)/python -m gpucoste.recoleccion.precios $(if $(RESUMEN),--resumen $(RESUMEN)) $(if $(SECO),--en-seco)

# Tipos de cambio de la semana (src/gpucoste/recoleccion/cambios.py; usa la red): el de cada organismo oficial
# (BCE, Banxico, Superfinanciera, BCRA, Banco Central de Chile, BCRP), fechado, en cambios.csv y moneda.csv.
# Banxico y el Banco Central de Chile piden credenciales gratuitas (BANXICO_TOKEN, BCCH_USUARIO, BCCH_CLAVE);
# sin ellas, esas monedas se quedan como estaban. RESUMEN=fichero.md añade la sección al cuerpo de la PR.
.PHONY: cambios
cambios: install
	$(BIN)/python -m gpucoste.recoleccion.cambios $(if $(RESUMEN),--resumen $(RESUMEN))
