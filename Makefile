# Two commands on a fresh machine: `make run` and `make test`. Both build .venv themselves.
# Every path is anchored at this file's folder, so `make -C <clone> run` and
# `make -f <clone>/Makefile run` work from any working directory.
ROOT   := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
PYTHON ?= python3
VENV   := $(ROOT)/.venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 5000

.PHONY: run lint test test-fast test-browser soak bench system-deps catalogs catalogs-update vendor clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: $(ROOT)/requirements.txt $(ROOT)/constraints.txt | $(BIN)/python
	$(BIN)/pip install -q --disable-pip-version-check -c $(ROOT)/constraints.txt -r $(ROOT)/requirements.txt
	touch $@

$(VENV)/.dev: $(ROOT)/requirements.txt $(ROOT)/requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install -q --disable-pip-version-check -c $(ROOT)/constraints.txt -r $(ROOT)/requirements-dev.txt
	touch $@

# The catalogs: one area per folder of translations/ ("web", and one per game), read by pybabel
# as babel.cfg says. The words are marked with t()/tn() in the rules library, gettext and _ in
# the web layer and the templates.
AREAS      := $(notdir $(wildcard $(ROOT)/translations/*))
GAME_AREAS := $(filter-out web,$(AREAS))
KEYWORDS   := --no-default-keywords -k t -k tn:1,2 -k _ -k gettext -k ngettext:1,2 -k _l \
              -k lazy_gettext
POT        ?= $(ROOT)/build/catalogs
# An area's sources: a game's package, templates and extra pages; for "web", the rest.
in_root = $(patsubst $(ROOT)/%,%,$(wildcard $(addprefix $(ROOT)/,$(1))))
sources = $(if $(filter web,$(1)),--ignore-dirs ".* _* $(GAME_AREAS)" companion templates,\
            $(call in_root,companion/games/$(1) templates/games/$(1) companion/web/extras/$(1).py))

# The .mo files Flask-Babel reads, compiled from the committed .po catalogs (not committed; not
# by `pybabel compile`, which refuses a Chinese plural: companion/web/i18n.py says why).
# Written again only when a catalog (or the code writing them) is newer than what it wrote.
PO := $(wildcard $(ROOT)/translations/*/*/LC_MESSAGES/messages.po)
catalogs: $(PO:.po=.mo)

$(PO:.po=.mo) &: $(PO) $(ROOT)/companion/web/i18n.py $(VENV)/.runtime
	cd $(ROOT) && $(BIN)/python -c 'from companion.web.i18n import compile_all; compile_all()'

# After changing words in the code: add new ones to every catalog (then translate them). It
# rewrites every location line: commit only the entries that changed.
catalogs-update: $(VENV)/.runtime $(addprefix pot-,$(AREAS))
	cd $(ROOT) && for area in $(AREAS); do $(BIN)/pybabel -q update -i $(POT)/$$area.pot \
	  -d translations/$$area -w 100 --no-fuzzy-matching --ignore-obsolete || exit 1; done
	$(MAKE) -s -f $(ROOT)/Makefile catalogs

# An area's words as its sources hold them: $(POT)/<area>.pot (tests/web/test_languages.py).
pot-%:
	@mkdir -p $(POT)
	cd $(ROOT) && $(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) -w 100 \
	  --project="table companion" -o $(POT)/$*.pot $(call sources,$*)

# exec: the server gets make's place, so Ctrl+C and a stop signal reach it directly. As root on
# Debian it first installs the two packages the share card's PNG needs when they are missing.
run: $(VENV)/.runtime catalogs
	@bash $(ROOT)/scripts/system-deps.sh run
	cd $(ROOT) && exec $(BIN)/python -m companion.serving.serve --host $(HOST) --port $(PORT)

# Debian packages the tests need (CI runs as root on a fresh machine).
system-deps:
	@bash $(ROOT)/scripts/system-deps.sh

# axe-core, the accessibility checker the browser tests put into each page (tests/browser/phone.py):
# the version package-lock.json names, from npm's registry. Node comes with `make system-deps`.
$(ROOT)/node_modules/.installed: $(ROOT)/package.json $(ROOT)/package-lock.json
	cd $(ROOT) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# idiomorph, the library static/app.js morphs the game with on a live update: the version
# package-lock.json pins, copied unchanged from its npm package into static/vendor/ with its licence
# in a header. The copy is committed, since `make run` runs no npm; run `make vendor` after changing
# the version in package.json (tests/browser/test_vendored_files.py compares the two).
vendor: $(ROOT)/node_modules/.installed
	cd $(ROOT) && v=$$(node -p 'require("./node_modules/idiomorph/package.json").version') && { \
	  printf '/* idiomorph %s (https://github.com/bigskysoftware/idiomorph), Zero-Clause BSD licence: "Permission\n' "$$v"; \
	  printf '   to use, copy, modify, and/or distribute this software for any purpose with or without fee is\n'; \
	  printf '   hereby granted." Copied unchanged from node_modules/idiomorph/dist/idiomorph.min.js, the\n'; \
	  printf '   version package-lock.json pins, by `make vendor`. */\n'; \
	  cat node_modules/idiomorph/dist/idiomorph.min.js; } > static/vendor/idiomorph.min.js

# The linter (ruff, configured in ruff.toml); `make test` runs it first, so CI fails on a finding.
lint: $(VENV)/.dev
	$(BIN)/ruff check $(ROOT)

# The suite on every core (pytest-xdist; the PostgreSQL tests share one worker's server).
PARALLEL ?= -n auto --dist loadgroup
# The tests' temporary folders (their SQLite files) in memory where the machine has a tmpfs: a
# commit's flush to disk costs nothing there (the tests kill servers, never the machine; the
# throwaway PostgreSQL runs with fsync off for the same reason). TEST_TMP= keeps the default.
TEST_TMP ?= $(firstword $(wildcard /dev/shm))
# Python's compiled files (and pytest's rewritten test modules) are written to __pycache__ even
# where the environment sets PYTHONDONTWRITEBYTECODE: without them each worker of every run
# compiles the app and rewrites every test module again before its first test.
PYTEST    = cd $(ROOT) && PYTHONDONTWRITEBYTECODE= $(if $(TEST_TMP),TMPDIR=$(TEST_TMP) )$(BIN)/python \
            -m pytest -q

test: lint $(VENV)/.dev system-deps $(ROOT)/node_modules/.installed catalogs
	$(PYTEST) $(PARALLEL)

# (one random game of each in the reachable-tables walk instead of four: `make test` walks four)
test-fast: export WALK_EXAMPLES ?= 1
test-fast: $(VENV)/.dev catalogs
	$(PYTEST) $(PARALLEL) -m "not browser and not postgres and not slow"

test-browser: $(VENV)/.dev system-deps $(ROOT)/node_modules/.installed catalogs
	$(PYTEST) $(PARALLEL) -m browser

# The reachable-tables walk (tests/properties/test_reachable_tables.py) at length: many more
# random games, longer, each page of each opened in every language; prints every problem found.
SOAK_EXAMPLES ?= 60
SOAK_STEPS    ?= 150
soak: $(VENV)/.dev catalogs
	cd $(ROOT) && WALK_EXAMPLES=$(SOAK_EXAMPLES) WALK_STEPS=$(SOAK_STEPS) $(BIN)/python -m pytest \
	  -q -n 3 -p no:cacheprovider -rf tests/properties/test_reachable_tables.py

# Tables simulated at their real rates against the app as `make run` serves it; writes BENCHMARKS.md.
bench: $(VENV)/.dev catalogs
	cd $(ROOT) && $(BIN)/python -m bench

clean:
	rm -rf $(VENV) $(ROOT)/.pytest_cache
