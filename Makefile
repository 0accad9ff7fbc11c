# The two commands of the README: `make run` and `make test`.
# make test spreads the suite over every core (pytest-xdist; PostgreSQL: a database a worker).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# make run serves on HOST:PORT; every interface by default, so a phone can open it.
PORT ?= 5000
HOST ?= 0.0.0.0

.PHONY: run test browser bench catalog screenshots

$(BIN)/activate:
	$(PY) -m venv $(VENV)

# Stamps: install again only when pyproject.toml changed (or the venv is new).
$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/pip install -q -e .
	$(BIN)/pybabel -q compile -d $(LOCALES)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/activate
	$(BIN)/pip install -q -e '.[test]'
	$(BIN)/pybabel -q compile -d $(LOCALES)
	touch $@ $(VENV)/.installed

# The catalogues (README, "Languages"): each .po compiled to the .mo the app reads,
# again whenever it changes; the .mo files are built, never committed.
LOCALES := scorekeeper/translations
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALES)/*/LC_MESSAGES/messages.po))
%.mo: %.po | $(BIN)/activate
	$(BIN)/pybabel -q compile -i $< -o $@

# Gather the marked words again and merge them into every language's catalogue.
catalog: $(VENV)/.installed
	$(BIN)/pybabel -q extract -F pyproject.toml -k _l --no-location --sort-output \
		-w 88 --project "Five Hundred Scorekeeper" -o $(LOCALES)/messages.pot .
	$(BIN)/pybabel -q update -i $(LOCALES)/messages.pot -d $(LOCALES) \
		-w 88 --ignore-obsolete --ignore-pot-creation-date

run: $(VENV)/.installed $(MO)
	HOST=$(HOST) PORT=$(PORT) $(BIN)/python -m scorekeeper.serve

# Debian's Chromium drives the browser tests; Playwright's own download does not work here.
# zbar-tools' zbarimg reads the share page's QR code back from a screenshot;
# poppler-utils' pdftotext reads the printed movement, tally and table cards back.
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)
	@test -x /usr/bin/zbarimg || (apt-get update -qq && apt-get install -y -qq zbar-tools)
	@test -x /usr/bin/pdftotext || (apt-get update -qq && apt-get install -y -qq poppler-utils)

test: $(VENV)/.installed-test $(MO) browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -q -n auto --dist worksteal

# Every benchmark prints its figures: replay, page weight, hand 200 vs 1, req/s,
# save latency with watchers, the history's CSV at 10 and 1,000 games, and each
# reading page at 10 and at 10,000 games.
bench: $(VENV)/.installed $(MO)
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/server.py
	$(BIN)/python bench/scale.py
	$(BIN)/python bench/watchers.py
	$(BIN)/python bench/exports.py
	$(BIN)/python bench/nights.py
	$(BIN)/python bench/table_polls.py
	$(BIN)/python bench/nights_movement.py
	$(BIN)/python bench/imports.py

# The README's pictures, drawn anew from the page check's data (docs/screenshots.py);
# not in CI: run it after a change of layout and commit docs/pictures/.
screenshots: $(VENV)/.installed-test $(MO) browser
	$(BIN)/python docs/screenshots.py
