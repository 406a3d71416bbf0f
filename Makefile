# Two commands: `make run` (set up and serve the local network on SQLite; HOST=127.0.0.1 keeps it
# private; HTTPS=1 serves https) and `make test` (set up and run every test).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
# the interpreter itself, not a shim (pyenv's): uv keeps a venv made from the same one
PYTHON_EXE := $(shell $(PYTHON) -c 'import sys; print(sys.executable)')
VENV   ?= .venv
PY     := $(VENV)/bin/python
HOST   ?= 0.0.0.0
PORT   ?= 5000
# HTTPS=1: serve https with a self-signed certificate made on first run in instance/tls/ (its
# fingerprint in the banner): offline reloads, installing and the wake lock then work on the LAN too
HTTPS  ?=
# BYTECODE=0: make db, make run and make test keep the environment's PYTHONDONTWRITEBYTECODE (a
# container's habit); by default they write Python's bytecode caches for the app and its venv as
# Python does unasked, so a later start reads ~800 modules instead of compiling them in every process
# (about 4 s of CPU a process here; docs/operations.md "Start-up"; make test's workers, live servers,
# pool processes and the commands it starts: docs/tests.md)
BYTECODE ?= 1
KEEP_PYC := $(if $(filter-out 0,$(BYTECODE)),env -u PYTHONDONTWRITEBYTECODE)
# ACCESS_LOG=1: log every request (by default the terminal shows only errors and slow requests)
ACCESS_LOG ?=
# make test: pytest-xdist workers, one a core this process may use and one more, up to four (each
# file's tests in one worker, so a file's live server and browser are shared as in one process; the
# one more fills the time the others wait on a browser, a server or a pool: docs/tests.md);
# WORKERS=0 runs in this process
WORKERS ?= $(shell python3 -c 'import os; print(min(4, len(os.sched_getaffinity(0)) + 1))' 2>/dev/null || echo auto)

# Installs come from uv.lock (every package pinned, with hashes) through uv, itself pinned with
# hashes in scripts/uv-requirements.txt and kept in .tools/. `make lock` refreshes the lock;
# `make test-latest` tries the newest releases the ranges allow, ignoring the lock (drift check).
# INSTALL=latest installs the newest releases into VENV instead of the locked ones.
TOOLS  ?= .tools
UV     := $(TOOLS)/bin/uv
INSTALL ?= locked
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(abspath $(VENV))

.PHONY: run test test-latest lock db postgres bench clean docs lint-js messages translations model vendor-ort variant

# uv into .tools/ by the interpreter's own pip (no venv to make first); a Python without pip
# gets a small venv for it instead
$(UV): scripts/uv-requirements.txt
	if $(PYTHON) -m pip --version >/dev/null 2>&1; then \
		PIP_ROOT_USER_ACTION=ignore $(PYTHON) -m pip install --quiet --disable-pip-version-check --no-warn-script-location \
			--require-hashes --upgrade --target $(TOOLS) -r $<; \
	else \
		$(PYTHON) -m venv $(TOOLS)/venv && $(TOOLS)/venv/bin/python -m pip install --quiet \
			--disable-pip-version-check --require-hashes -r $< && \
		mkdir -p $(TOOLS)/bin && ln -sf ../venv/bin/uv $(UV); \
	fi
	touch $@

# the runtime set alone (what `make run` needs); --inexact keeps the test extras if present
$(VENV)/.installed: pyproject.toml uv.lock $(UV)
ifeq ($(INSTALL),latest)
	test -x $(PY) || $(UV) venv --quiet --python $(PYTHON_EXE) $(VENV)
	$(UV) pip install --quiet --python $(PY) --upgrade -e .
else
	$(UV) sync --quiet --locked --inexact --python $(PYTHON_EXE)
endif
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
ifeq ($(INSTALL),latest)
	$(UV) pip install --quiet --python $(PY) --upgrade -e '.[test,docs]'
else
	$(UV) sync --quiet --locked --extra test --extra docs --python $(PYTHON_EXE)
endif
	touch $@

# a new lock from the newest releases pyproject.toml's ranges allow; run it when a range changes,
# or when `make test-latest` passes on newer releases worth taking; then run `make test`
lock: $(UV)
	$(UV) lock --upgrade --python $(PYTHON_EXE)

# axe-core for the accessibility sweep (tests/browser/test_axe.py), pinned in package-lock.json;
# installed again only when the lock file changes. Without npm the sweep skips (fails under CI).
node_modules/.installed: package.json package-lock.json
	@if command -v npm >/dev/null; then npm ci --no-audit --no-fund && touch $@; \
	else echo "make: npm not found: the axe-core sweep will not run" >&2; fi

# ESLint over the pages' scripts (eslint.config.js, docs/javascript.md), pinned in package-lock.json;
# without npm it skips with a notice (fails under CI)
lint-js: node_modules/.installed
	@if [ -x node_modules/.bin/eslint ]; then node_modules/.bin/eslint scorekeeper/static/js eslint.config.js; \
	elif [ "$$CI" = true ]; then echo "make: no ESLint (npm not found)" >&2; exit 1; \
	else echo "make: NOTICE no ESLint (npm not found): the scripts were not linted" >&2; fi

# onnxruntime-web for Snap the rack, vendored (committed) into static/vendor/onnxruntime-web/: needs npm
# here only (its README.md says what is kept and why)
ORT_VERSION ?= 1.30.0
vendor-ort:
	sh scripts/vendor-onnxruntime-web.sh $(ORT_VERSION)

# the languages (docs/languages.md), both domains: `make messages` extracts every word the pages,
# forms, PDFs and scripts show into messages.pot and merges it into each language's messages.po, and
# writes the engine's words (the sentences, a variant's own_messages included, and every variant's
# describing words) into engine.pot and each engine.po (scripts/engine_catalog.py); after translating,
# `make translations` compiles the .mo files of both, which are committed (tests/web/test_translations.py
# and tests/rules/test_engine_words.py fail when a .mo is not the compiled .po), so a fresh checkout
# needs no step before `make run`; a msgid the code no longer says leaves every catalog (--ignore-obsolete:
# tests/web/test_every_language.py fails on a stale entry)
TRANSLATIONS := scorekeeper/translations
messages: $(VENV)/.installed-test
	$(VENV)/bin/pybabel extract -F babel.cfg -k lazy_gettext -k _l -k N_ --ignore-dirs ".*" --no-wrap \
		--sort-by-file -o $(TRANSLATIONS)/messages.pot .
	$(VENV)/bin/pybabel update --no-wrap -N --ignore-obsolete -D messages -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS)
	$(PY) scripts/engine_catalog.py

translations: $(VENV)/.installed-test
	$(VENV)/bin/pybabel compile --statistics -D messages -d $(TRANSLATIONS)
	$(PY) scripts/engine_catalog.py

# a new variant's files, exactly those docs/adding-a-variant.md lists (a small working points game
# of the project's own rule family, to rewrite): make variant NAME="Gin Rummy" [FAMILY=GR]
variant: $(VENV)/.installed-test
	@test -n "$(NAME)" || { echo 'make variant: give its name, NAME="Gin Rummy" (FAMILY=GR optional)' >&2; exit 2; }
	$(PY) scripts/new_variant.py "$(NAME)" $(if $(FAMILY),--family $(FAMILY))

# the database migrated (flask --app scorekeeper db upgrade --directory scorekeeper/migrations);
# a SQLite file already at the newest revision is seen without loading the app (scripts/db_upgrade.py)
db: $(VENV)/.installed
	$(KEEP_PYC) $(PY) scripts/db_upgrade.py

# PostgreSQL's driver (the postgres extra) from the lock into the venv; make run keeps it (--inexact)
postgres: $(VENV)/.installed
	$(UV) sync --quiet --locked --inexact --extra postgres --python $(PYTHON_EXE)

run: db
	bash scripts/system-deps.sh run
	$(KEEP_PYC) $(PY) -m scorekeeper.cli.server --host $(HOST) --port $(PORT) $(if $(filter-out 0,$(HTTPS)),--https) \
		$(if $(filter-out 0,$(ACCESS_LOG)),--access-log)

# WARM: while npm, the linters and the docs' build run on one core, one pytest collects the run's
# tests on the other and so writes the bytecode caches (the app's, the venv's, the tests' rewritten
# asserts) that a fresh clone's workers would each write at once, all collecting cold
# (docs/tests.md, "Collection"); not for WORKERS=0, nor with BYTECODE=0 (nothing kept)
WARM := $(if $(and $(filter-out 0,$(WORKERS)),$(KEEP_PYC)),$(KEEP_PYC) $(PY) -m pytest --collect-only -q \
	-p no:xdist -p no:cacheprovider $(filter tests% scorekeeper%,$(PYTEST_ARGS)) >/dev/null 2>&1 &)

test: $(VENV)/.installed-test
	bash scripts/system-deps.sh test
	$(WARM) $(MAKE) --no-print-directory node_modules/.installed && $(VENV)/bin/ruff check && \
		$(VENV)/bin/ruff format --check && $(MAKE) --no-print-directory lint-js && \
		$(MAKE) --no-print-directory docs; status=$$?; wait; exit $$status
	$(KEEP_PYC) $(PY) -m pytest -n $(WORKERS) --maxprocesses 4 --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

# the documentation site (docs/ by mkdocs.yml) into site/; --strict: a broken link or a page
# missing from the nav fails the build (and so `make test`). No --quiet: it hides the warnings
# that --strict counts, so nothing would fail
docs: $(VENV)/.installed-test
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --site-dir site

# the rack photo models (docs/rack-photo.md): fonts fetched, racks rendered, both networks trained
# in build/train-venv (torch's CPU build; make run and make test never install it). MINUTES=40 (docs/rack-photo.md)
model: $(VENV)/.installed
	bash tools/rackphoto/model.sh

bench: $(VENV)/.installed-test
	$(PY) bench/rules_bench.py
	$(PY) bench/pdf_bench.py
	$(PY) bench/web_bench.py
	$(PY) bench/live_bench.py
	$(PY) bench/delivery_bench.py

# the drift check: the newest releases the ranges allow, in a scratch venv, through the
# runtime-only smoke test and the rules tests; then the test tools of package.json (pinned exactly)
# that have newer releases, listed by npm (a list, not a failure). Run before every stop.
# the real server's own refusals, on the newest gunicorn and gevent: cli/refusals.py reads the head
# gunicorn could not finish from its parser's frames, cli/stalled_bodies.py, stalled_answers.py and
# refused_bodies.py lean on its worker; a release that changes them fails here (about a minute)
LATEST_SERVER_TESTS := tests/web/test_server_refusals.py tests/web/test_stalled_bodies.py \
	tests/web/test_body_bounds.py tests/web/test_big_bodies.py tests/web/test_stalled_answers.py

test-latest:
	rm -rf .venv-latest
	$(MAKE) --no-print-directory VENV=.venv-latest INSTALL=latest .venv-latest/.installed-test
	SCOREKEEPER_SMOKE_INSTALL=latest .venv-latest/bin/python -m pytest -q -p no:cacheprovider \
		tests/test_first_command.py tests/rules $(LATEST_SERVER_TESTS) $(PYTEST_ARGS)
	@if command -v npm >/dev/null; then echo "JavaScript test tools with newer releases (none listed: none):"; \
		npm outdated --long || true; fi

clean:
	rm -rf $(VENV) .venv-latest $(TOOLS) .pytest_cache test-artifacts node_modules site
