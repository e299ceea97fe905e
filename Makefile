# `make run` starts hexcombat (the 14D2d tutorial when FILE is not given); `make test` runs every
# check; `make test-fast` the quick inner loop; `make installer` builds the one-folder application
# and its archive in dist/. Each creates the virtual environment in .venv and installs the project
# into it when needed.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test test-fast lint bench bench-map-image installer clean system

# Every core (four at most: each test process holds a window or two), a test file's tests in one
# process (so the installer build and the wheel are made once each).
PARALLEL ?= -n auto --maxprocesses 4 --dist loadfile
# pytest keeps each test file's rewritten asserts as bytecode: without it every test process
# rewrites them all again (8 s of each run's start).
unexport PYTHONDONTWRITEBYTECODE

$(STAMP): pyproject.toml | system
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,installer]'
	touch $(STAMP)

# The system libraries Qt and the installer build need (installs them as root, else names them).
system:
	@sh tools/system-packages.sh

run: $(STAMP)
	$(VENV)/bin/hexcombat $(FILE)

lint: $(STAMP)
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check desktop tests bench installer

test: lint
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PARALLEL) $(PYTEST_ARGS)

# The inner loop: everything but the slow and packaging tests (README: "Tests").
test-fast: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PARALLEL) -m "not slow and not packaging" $(PYTEST_ARGS)

# Every benchmark runs, even after one misses; one table at the end (non-zero exit on a miss).
bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) bench/run.py

# A map over a 12,000 x 9,000 scanned image beside the same map without it (issue 18).
bench-map-image: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) bench/map_image.py

installer: $(STAMP)
	$(PY) installer/build.py

clean:
	rm -rf $(VENV) build dist *.egg-info desktop/*.egg-info
