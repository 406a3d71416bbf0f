# Two commands: `make run` (set up and serve the local network on SQLite; HOST=127.0.0.1 keeps it
# private; HTTPS=1 serves https) and `make test` (set up and run every test).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 0.0.0.0
PORT   ?= 5000
# HTTPS=1: serve https with a self-signed certificate made on first run in instance/tls/ (its
# fingerprint in the banner): offline reloads, installing and the wake lock then work on the LAN too
HTTPS  ?=

.PHONY: run test serve db bench clean

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

# axe-core for the accessibility sweep (tests/browser/test_axe.py), pinned in package-lock.json;
# installed again only when the lock file changes. Without npm the sweep skips (fails under CI).
node_modules/.installed: package.json package-lock.json
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund && touch $@; \
	else echo "make: npm not found: the axe-core sweep will not run" >&2; fi

db: $(VENV)/.installed
	$(VENV)/bin/flask --app scorekeeper db upgrade --directory scorekeeper/migrations

run: db
	bash scripts/system-deps.sh run
	$(PY) -m scorekeeper.server --host $(HOST) --port $(PORT) $(if $(filter-out 0,$(HTTPS)),--https)

test: $(VENV)/.installed-test
	bash scripts/system-deps.sh test
	$(MAKE) --no-print-directory node_modules/.installed
	$(VENV)/bin/ruff check
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	$(PY) bench/rules_bench.py
	$(PY) bench/pdf_bench.py
	$(PY) bench/web_bench.py
	$(PY) bench/live_bench.py
	$(PY) bench/delivery_bench.py

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts node_modules
