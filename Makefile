# gpucoste: dos órdenes bastan en una copia recién clonada (solo hacen falta python3 y make).
#   make serve  → instala todo desde uv.lock y sirve el sitio en http://127.0.0.1:8000
#   make test   → instala lo mismo y pasa todas las pruebas (construcción estricta incluida)
.DEFAULT_GOAL := help
SHELL := /bin/bash
PYTHON ?= python3
UV_VERSION := 0.13.8
UV := .tools/bin/uv
BIN := .venv/bin

# Sin bytecode compilado (estas máquinas fijan PYTHONDONTWRITEBYTECODE=1) cada build va el doble de lento.
export UV_COMPILE_BYTECODE := 1
export NO_MKDOCS_2_WARNING := 1

.PHONY: help install sistema serve build test lint snapshots bench clean

help:
	@echo "make serve      sirve el sitio en http://127.0.0.1:8000 (recarga al editar)"
	@echo "make test       pasa todas las pruebas, la construcción estricta incluida"
	@echo "make build      construye el sitio en site/"
	@echo "make snapshots  regenera las salidas de referencia de snippets/ (revísalas con git diff)"
	@echo "make lint       ruff"
	@echo "make sistema    instala (Debian, como root) lo que usan las pruebas de calidad: navegador, ortografía…"
	@echo "make bench      mide la construcción y las páginas (no es una prueba: imprime una tabla)"

# uv, fijado a una versión, en su propio entorno (.tools/); nada se instala fuera del repositorio.
$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/python -m pip install --quiet "uv==$(UV_VERSION)"

# .venv con las versiones exactas de uv.lock; se rehace si cambian el lock o pyproject.toml.
.venv/.instalado: uv.lock pyproject.toml | $(UV)
	$(UV) sync --locked
	@touch $@

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

serve: install
	$(BIN)/mkdocs serve --strict -a 127.0.0.1:8000 -w snippets -w src

build: install
	$(BIN)/mkdocs build --strict -d site

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# pytest sale con 5 si no encontró ninguna prueba: eso también es un fallo.
test: install lint
	@$(BIN)/pytest; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest no ejecutó ninguna prueba (código 5): se cuenta como fallo."; exit 1; fi; \
	exit $$rc

snapshots: install
	GPUCOSTE_ACTUALIZAR_SNAPSHOTS=1 $(BIN)/pytest tests/test_snippets.py -q

# Pruebas de calidad sin navegador (tests/test_{enlaces,html,ortografia,workflows,reproducible,frescura}.py).
# lychee y zizmor vienen de PyPI (grupo dev); hunspell y Java, de Debian; vnu.jar, de npm (tests/calidad/).
APT_PAQUETES += hunspell hunspell-es default-jre-headless
CALIDAD_NPM := tests/calidad/node_modules/.instalado
$(CALIDAD_NPM): tests/calidad/package.json tests/calidad/package-lock.json
	@if command -v npm >/dev/null; then \
	  cd tests/calidad && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error && touch node_modules/.instalado; \
	else echo "Sin npm: la prueba de HTML (vnu) se saltará (con CI=true, fallará). Instálalo con «make sistema»."; fi
test: $(CALIDAD_NPM)

# Pruebas en el navegador (tests/test_navegador.py): Chromium de Debian, manejado con Playwright (PyPI, grupo
# dev; nunca «playwright install»), y axe-core de npm (tests/navegador/) para la accesibilidad.
APT_PAQUETES += chromium fonts-dejavu-core
NAVEGADOR_NPM := tests/navegador/node_modules/.instalado
$(NAVEGADOR_NPM): tests/navegador/package.json tests/navegador/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix tests/navegador --ignore-scripts --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "Sin npm: la prueba de accesibilidad (axe-core) se saltará (con CI=true, fallará). Instálalo con «make sistema»."; fi
test: $(NAVEGADOR_NPM)

# Lighthouse 12.2.3 (npm, tests/rendimiento/node/) para «make bench»; no lo usa «make test».
LIGHTHOUSE_NPM := tests/rendimiento/node/node_modules/.instalado
$(LIGHTHOUSE_NPM): tests/rendimiento/node/package.json tests/rendimiento/node/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix tests/rendimiento/node --ignore-scripts --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "Sin npm: «make bench» no dará las notas de Lighthouse. Instálalo con «make sistema»."; fi
bench: $(LIGHTHOUSE_NPM)

# Mide la construcción (con y sin ejecutar código, y la recarga de «make serve») y las páginas. No es una prueba.
bench: install $(CALIDAD_NPM)
	$(BIN)/python tests/rendimiento/bench.py

clean:
	rm -rf .venv .tools site .pytest_cache .ruff_cache

# Calculadoras en el navegador: Pyodide del paquete de npm «pyodide» (fijado en docs/.pyodide/package-lock.json).
# El hook docs/.overrides/hooks/navegador.py copia al sitio solo los ficheros que hacen falta para arrancar.
PYODIDE_NPM := docs/.pyodide/node_modules/.instalado
$(PYODIDE_NPM): docs/.pyodide/package.json docs/.pyodide/package-lock.json
	@if command -v npm >/dev/null; then \
	  npm ci --prefix docs/.pyodide --ignore-scripts --omit=dev --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "Sin npm: las calculadoras no correrán en el navegador (con CI=true, la construcción falla). Instálalo con «make sistema»."; fi
serve build test bench: $(PYODIDE_NPM)
