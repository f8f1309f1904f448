# The two commands of the README: `make run` opens the app, `make test` runs every test.
# Both create (or reuse) the virtual environment in .venv and install what is needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Without a display, gui.display says so in one line and the app is not started: make
# then ends on that line instead of adding its own "Error 2".
run: $(STAMP)
	@if $(PY) -m gui.display; then $(PY) -m gui; fi

# PYTHONDONTWRITEBYTECODE is emptied so that Python caches compiled modules as it does by
# default (some containers turn that off): the suite starts worker processes, CLI runs and
# judge programs that would otherwise compile the project again each time (about 6 s).
test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check gui solvers resources tests bench
	$(VENV)/bin/ruff format --check gui solvers resources tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info
