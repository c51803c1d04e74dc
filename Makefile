# `make run` and `make test` each do the whole set-up on a fresh Debian or Ubuntu machine:
# system packages (scripts/system-packages), a virtual environment in .venv, and the exact
# versions of the lock files in requirements/ (checked by hash), then the project itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APP_LOCK := requirements/app.txt
DEV_LOCK := requirements/dev.txt
APP_STAMP := $(VENV)/.app-installed
DEV_STAMP := $(VENV)/.dev-installed
# How the lock files are written (make upgrade): for every platform and Python from 3.11 on.
LOCK := $(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make upgrade" pyproject.toml requirements/build.in

# Translations: the .po catalogues are committed, the compiled .mo files are built from them.
LOCALES := scorekeeper/translations
POT := $(LOCALES)/messages.pot
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po))
EXTRACT_KEYWORDS := -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k problem:2 -k translatable

# Python may keep compiled modules (pytest keeps its assertion-rewritten tests there too, some
# 8 s of each test process's start otherwise), whatever the shell says.
unexport PYTHONDONTWRITEBYTECODE

# make fuzz: a new seed each run unless one is given (make fuzz SEED=N repeats a run).
SEED ?= $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')

.PHONY: run serve test check fuzz upgrade lint typecheck bench clean translations system-run system-test

system-run:
	@PYTHON=$(PYTHON) scripts/system-packages run

system-test:
	@PYTHON=$(PYTHON) scripts/system-packages test

# Each lock installs on top of the same environment: the dev lock holds the app's versions too.
$(APP_STAMP): $(APP_LOCK) pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(APP_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(DEV_STAMP): $(DEV_LOCK) $(APP_STAMP)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(DEV_LOCK)
	touch $@

%.mo: %.po $(APP_STAMP)
	$(BIN)/pybabel compile -i $< -o $@

run: system-run $(APP_STAMP) $(MO)
	$(BIN)/flask --app scorekeeper run

# The club server (scorekeeper/serve.py, waitress), for the LAN: BIND=host:port, by default
# 0.0.0.0:8000 ([::]:8000 for IPv6); the database as for run (SCOREKEEPER_DATABASE).
serve: system-run $(APP_STAMP) $(MO)
	$(BIN)/python -m scorekeeper.serve

# The whole suite, on every core (pytest-xdist: a process a core, each with its own databases,
# servers and browser); CI runs this.
test: system-test $(DEV_STAMP) $(MO)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper/rules
	$(BIN)/mypy scorekeeper
	$(BIN)/python -m pytest -n auto

# The inner loop, under a minute: lint, types, and the tests that need no browser and no server
# of their own (tests/e2e and tests/system are left to make test), with a tenth of the property
# tests' examples (tests/fuzzing.py).
check: $(DEV_STAMP) $(MO)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper/rules
	$(BIN)/mypy scorekeeper
	HYPOTHESIS_PROFILE=quick $(BIN)/python -m pytest -n auto -q --ignore=tests/e2e --ignore=tests/system

# Random exploration, longer than `make test` and not part of it: the property tests with ten
# times the examples and schemathesis with every check, from a seed printed first.
fuzz: system-test $(DEV_STAMP) $(MO)
	@echo "fuzz seed: $(SEED)   (make fuzz SEED=$(SEED) runs the same examples again)"
	HYPOTHESIS_PROFILE=fuzz SCOREKEEPER_FUZZ_SEED=$(SEED) \
		$(BIN)/python -m pytest -m hypothesis --hypothesis-seed=$(SEED) -q

# New versions within pyproject.toml's ranges into both lock files, then the whole suite.
upgrade: $(DEV_STAMP)
	$(LOCK) --upgrade --extra dev -o $(DEV_LOCK)
	$(LOCK) --upgrade -c $(DEV_LOCK) -o $(APP_LOCK)
	$(MAKE) test

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict scorekeeper/rules
	$(BIN)/mypy scorekeeper

bench: $(DEV_STAMP) $(MO)
	$(BIN)/python -m bench.rules_core
	$(BIN)/python -m bench.sheets
	$(BIN)/python -m bench.sheet_cost
	$(BIN)/python -m bench.requests
	$(BIN)/python -m bench.bounded
	$(BIN)/python -m bench.bounded_headers
	$(BIN)/python -m bench.largest_session
	$(BIN)/python -m bench.api_shapes
	$(BIN)/python -m bench.load --seconds 3
	$(BIN)/python -m bench.stats_replay
	$(BIN)/python -m bench.players_page
	$(BIN)/python -m bench.cold_start
	$(BIN)/python -m bench.protocol_page
	$(BIN)/python -m bench.draw
	$(BIN)/python -m bench.event_sheets
	$(BIN)/python -m bench.events
	$(BIN)/python -m bench.club_load --seconds 20
	$(BIN)/python -m bench.taps
	$(BIN)/python -m bench.charts
	$(BIN)/python -m bench.club_stats

# Re-extract the strings from the code and templates and merge them into every catalogue;
# then translate the new or fuzzy entries in each .po but English's, which is filled with its
# own strings (tests/web/test_i18n.py checks them all).
translations: $(DEV_STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(EXTRACT_KEYWORDS) --project scorekeeper \
		--copyright-holder "scorekeeper contributors" -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d $(LOCALES)
	$(BIN)/python scripts/english-catalogue $(LOCALES)/en/LC_MESSAGES/messages.po

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
