# `make run` and `make test` each do the whole set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/flask --app scorekeeper run

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict scorekeeper/rules
	$(BIN)/mypy scorekeeper
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict scorekeeper/rules
	$(BIN)/mypy scorekeeper

bench: $(STAMP)
	$(BIN)/python bench/rules_core.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
