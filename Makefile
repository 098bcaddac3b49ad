# puzzlewright: `make demo` shows the main jobs, `make test` runs the test suite.
# Each target creates the virtual environment it needs in .venv (Python >= 3.11 and pip).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: demo test check lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.base: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.base

demo: $(VENV)/.base          ## set up and show the main jobs on the built-in English list
	$(BIN)/puzzlewright demo

test: $(VENV)/.dev           ## set up and run the test suite
	$(BIN)/pytest

lint: $(VENV)/.dev           ## ruff and mypy (strict on the package)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools
	$(BIN)/mypy

check: lint test             ## everything CI checks

bench: $(VENV)/.dev          ## the benchmark scripts (figures, not pass/fail)
	$(BIN)/pip install -q -e '.[bench]'
	for script in benchmarks/*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
