# Two commands for a fresh clone: `make run` and `make test`.
# Each bootstraps .venv with the machine's python3 and installs the project into it; the install
# compiles the engine modules to native code with mypyc (setup.py) when a C compiler is at hand.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-pure docs bench lint clean postgresql compiler

# Debian packages are installed quietly and without recommended extras (tools/apt-install).
APT_INSTALL := tools/apt-install

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The native build needs a C compiler and Python's headers; without them the engines install pure.
compiler:
	@command -v gcc >/dev/null || $(APT_INSTALL) gcc libc6-dev
	@$(PYTHON) -c "import os, sysconfig, sys; sys.exit(not os.path.exists(sysconfig.get_paths()['include'] + '/Python.h'))" \
		|| $(APT_INSTALL) python3-dev

# Marker files record which extras were installed; any change to a source file or the build files
# installs again, so that the compiled engine modules never lag behind their source.
SOURCES := $(shell find src/gridlogic -name '*.py') setup.py pyproject.toml
# tools/install.py says which modules it compiles and how long it has taken so far.
$(VENV)/.run-installed: $(SOURCES) | $(BIN)/python compiler
	$(BIN)/python tools/install.py web
	touch $@

$(VENV)/.dev-installed: $(SOURCES) | $(BIN)/python compiler
	$(BIN)/python tools/install.py dev
	touch $@

# The browser tests drive Debian's chromium; install it when it is missing. The Liberation fonts
# give the page stable Latin metrics; the Japanese font makes screenshots of the Japanese page
# readable and is the font of `gridlogic GAME print`.
/usr/bin/chromium:
	$(APT_INSTALL) chromium fonts-liberation fonts-ipafont-gothic

JAPANESE_FONT := /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf
$(JAPANESE_FONT):
	$(APT_INSTALL) fonts-ipafont-gothic

# The accessibility tests inject axe-core, which package.json and package-lock.json name.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The record tests start a throwaway PostgreSQL cluster of their own on Debian's server binaries
# (tests/store/postgres_cluster.py); install them when they are missing.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || $(APT_INSTALL) postgresql

run: $(VENV)/.run-installed
	@echo "gridlogic: the game is at http://$(HOST):$(PORT)/ (Ctrl+C stops the server)"
	$(BIN)/gridlogic serve --host $(HOST) --port $(PORT)

# The whole suite on the compiled engines, then the engine, version-pinning and contract tests
# again on the same modules run as pure Python (GRIDLOGIC_PURE=1, see gridlogic.native).
# Both halves always run; the target fails afterwards if either failed, so one failing test never
# hides the other half's results.
test: $(VENV)/.dev-installed /usr/bin/chromium $(JAPANESE_FONT) node_modules/.package-lock.json postgresql
	@compiled=0; pure=0; \
	$(BIN)/python -m pytest || compiled=$$?; \
	$(MAKE) --no-print-directory test-pure || pure=$$?; \
	echo "gridlogic: compiled suite exit $$compiled, pure suite exit $$pure"; \
	test $$compiled -eq 0 -a $$pure -eq 0

PURE_TESTS := tests/signal tests/pattern tests/loop tests/pattern_general tests/test_surface.py \
	tests/test_game.py tests/test_rng.py tests/test_imported.py tests/test_general_solvers.py \
	tests/test_native.py tests/store/test_daily.py
test-pure: $(VENV)/.dev-installed
	GRIDLOGIC_PURE=1 $(BIN)/python -m pytest -q $(PURE_TESTS)

# The documentation site (Sphinx, docs/conf.py) into docs/_build/html; a warning or a broken
# cross-reference fails it, as in tests/test_docs.py, which `make test` runs.
docs: $(VENV)/.dev-installed
	$(BIN)/python -m sphinx -b html -W --keep-going -n -q docs docs/_build/html
	@echo "gridlogic: the site is in docs/_build/html/index.html"

# Benchmarks print figures and assert nothing; each script's docstring says what it measures.
bench: $(VENV)/.dev-installed postgresql
	$(BIN)/python benchmarks/engines.py
	$(BIN)/python benchmarks/loop_generate.py
	$(BIN)/python benchmarks/web_puzzle.py
	$(BIN)/python benchmarks/batch_scaling.py
	$(BIN)/python benchmarks/records.py

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist .pytest_cache node_modules docs/_build
	find src -name '*.so' -delete
