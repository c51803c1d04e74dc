# `make run` and `make test` each do the whole set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

# Translations: the .po catalogues are committed, the compiled .mo files are built from them.
LOCALES := scorekeeper/translations
POT := $(LOCALES)/messages.pot
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po))
EXTRACT_KEYWORDS := -k _l -k lazy_gettext -k lazy_ngettext:1,2 -k problem:2 -k translatable

.PHONY: run test lint typecheck bench clean translations

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile -i $< -o $@

run: $(STAMP) $(MO)
	$(BIN)/flask --app scorekeeper run

test: $(STAMP) $(MO)
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

bench: $(STAMP) $(MO)
	$(BIN)/python bench/rules_core.py
	$(BIN)/python bench/sheets.py
	$(BIN)/python bench/requests.py
	$(BIN)/python bench/load.py --seconds 3
	$(BIN)/python bench/cold_start.py

# Re-extract the strings from the code and templates and merge them into every catalogue;
# then translate the new or fuzzy entries in each .po (tests/web/test_i18n.py checks them).
translations: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(EXTRACT_KEYWORDS) --project scorekeeper \
		--copyright-holder "scorekeeper contributors" -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d $(LOCALES)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
