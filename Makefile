# Two commands for a fresh clone: `make run` and `make test`.
# Each bootstraps .venv with the machine's python3 and installs the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench lint clean postgresql

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Marker files record which extras were installed, so an edit to pyproject.toml reinstalls.
$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

# The browser tests drive Debian's chromium; install it when it is missing. The Japanese font
# makes screenshots of the Japanese page readable and is the font of `gridlogic GAME print`.
/usr/bin/chromium:
	apt-get update -qq && apt-get install -y -qq chromium fonts-ipafont-gothic

JAPANESE_FONT := /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf
$(JAPANESE_FONT):
	apt-get update -qq && apt-get install -y -qq fonts-ipafont-gothic

# The accessibility tests inject axe-core, which package.json and package-lock.json name.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The record tests start a throwaway PostgreSQL cluster of their own on Debian's server binaries
# (tests/store/postgres_cluster.py); install them when they are missing.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
		(apt-get update -qq && apt-get install -y -qq postgresql)

run: $(VENV)/.run-installed
	@echo "gridlogic: the game is at http://$(HOST):$(PORT)/ (Ctrl+C stops the server)"
	$(BIN)/gridlogic serve --host $(HOST) --port $(PORT)

test: $(VENV)/.dev-installed /usr/bin/chromium $(JAPANESE_FONT) node_modules/.package-lock.json postgresql
	$(BIN)/python -m pytest

# Benchmarks print figures and assert nothing; each script's docstring says what it measures.
bench: $(VENV)/.dev-installed postgresql
	$(BIN)/python benchmarks/engines.py
	$(BIN)/python benchmarks/loop_generate.py
	$(BIN)/python benchmarks/web_puzzle.py
	$(BIN)/python benchmarks/batch_scaling.py
	$(BIN)/python benchmarks/records.py

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist .pytest_cache node_modules
