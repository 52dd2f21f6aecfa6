# Two commands on a fresh machine: `make run` and `make test`. Both build .venv themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000

.PHONY: run test test-fast test-browser bench system-deps catalogs catalogs-update clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

# The .mo files Flask-Babel reads, compiled from the committed .po catalogs (not committed).
catalogs: $(VENV)/.runtime
	$(BIN)/python -m companion.i18n compile

# After changing words in the code: add new ones to every catalog (then translate them).
catalogs-update: $(VENV)/.runtime
	$(BIN)/python -m companion.i18n update

run: $(VENV)/.runtime catalogs
	$(BIN)/python -m companion.serve --host $(HOST) --port $(PORT)

# Debian packages the tests need (CI runs as root on a fresh machine).
system-deps:
	@bash scripts/system-deps.sh

test: $(VENV)/.dev system-deps catalogs
	$(BIN)/python -m pytest -q

test-fast: $(VENV)/.dev catalogs
	$(BIN)/python -m pytest -q -m "not browser and not postgres"

test-browser: $(VENV)/.dev system-deps catalogs
	$(BIN)/python -m pytest -q -m browser

# Tables simulated at their real rates against the app as `make run` serves it; writes BENCHMARKS.md.
bench: $(VENV)/.dev catalogs
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache
