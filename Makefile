# `make run` starts hexcombat (the 14D2d tutorial when FILE is not given); `make test` runs every
# check. Both create the virtual environment in .venv and install the project into it when needed.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/hexcombat $(FILE)

lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check desktop tests bench

test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) bench/rules.py
	$(PY) bench/board.py
	test ! -f bench/desktop.py || QT_QPA_PLATFORM=offscreen $(PY) bench/desktop.py

clean:
	rm -rf $(VENV) build dist *.egg-info desktop/*.egg-info
