# The two commands of the README: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000

.PHONY: run test browser bench

$(BIN)/activate:
	$(PY) -m venv $(VENV)

run: $(BIN)/activate
	$(BIN)/pip install -q -e .
	@echo "Five Hundred Scorekeeper: http://127.0.0.1:$(PORT)/"
	$(BIN)/flask --app scorekeeper run --port $(PORT)

# Debian's Chromium drives the browser tests; Playwright's own download does not work here.
browser:
	@test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

test: $(BIN)/activate browser
	$(BIN)/pip install -q -e '.[test]'
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -q

# Every benchmark prints its figures: replay, page weight, hand 200 vs 1, req/s.
bench: $(BIN)/activate
	$(BIN)/pip install -q -e .
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/server.py
