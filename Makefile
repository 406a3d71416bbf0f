# Two commands: `make run` (set up and serve on SQLite) and `make test` (set up and run every test).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 127.0.0.1
PORT   ?= 5000

.PHONY: run test serve db bench clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

db: $(VENV)/.installed
	$(VENV)/bin/flask --app scorekeeper db upgrade --directory scorekeeper/migrations

run: db
	bash scripts/system-deps.sh run
	$(VENV)/bin/flask --app scorekeeper run --host $(HOST) --port $(PORT)

test: $(VENV)/.installed-test
	bash scripts/system-deps.sh test
	$(VENV)/bin/ruff check
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(PY) bench/rules_bench.py
	$(PY) bench/pdf_bench.py
	$(PY) bench/web_bench.py

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
