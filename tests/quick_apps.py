"""What makes a test's fresh app cheap (docs/tests.md, "What makes it fast").

Most tests build their own app (``tests/conftest.py``'s ``app``) on their own SQLite file. Three
costs of that were paid again by every test, though their results are the same each time:

- the tables: ``db.create_all()`` ran per test. :func:`empty_database` makes them once a process
  (a pytest-xdist worker) and each test copies the file (a millisecond);
- the pages' templates: each app has its own Jinja environment, which parsed and compiled every
  template it rendered again. :data:`TEMPLATES` keeps the compiled code in memory for every app
  of the process (Jinja's bytecode cache: a template's code is reused while its source is the same);
- the URL rules: Werkzeug compiles two builder functions (Python source through ``compile``) for
  each of the app's rules when the app is made, three quarters of ``create_app``'s time.
  :func:`reuse_url_builders` compiles each rule's builders once a process.

None of them changes what an app does: the same tables, the same compiled templates, the same
builder functions. The real migrations still run from an empty file in ``tests/web/test_migrations.py``
and the other migration tests, and PostgreSQL's path does not use any of this.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from jinja2 import BytecodeCache
from werkzeug.routing.rules import Rule

from scorekeeper import create_app
from scorekeeper.storage.extensions import db

# the settings of a Jinja environment its compiled code depends on (besides the above)
_COMPILE_SETTINGS = (
    "optimized",
    "newstyle_gettext",
    "block_start_string",
    "variable_start_string",
    "comment_start_string",
    "line_statement_prefix",
    "line_comment_prefix",
    "trim_blocks",
    "lstrip_blocks",
    "keep_trailing_newline",
)


class _SharedTemplates(BytecodeCache):
    """Compiled templates in memory, for every Jinja environment of this process set up alike."""

    def __init__(self) -> None:
        self._code: dict[tuple, bytes] = {}

    @staticmethod
    def _key(bucket) -> tuple:
        env = bucket.environment  # the same source compiles alike only under the same settings
        escape = env.autoescape  # a bool, or a function (Flask's select_jinja_autoescape)
        setup = [sorted(env.extensions), getattr(escape, "__qualname__", escape), env.finalize is None]
        setup += [getattr(env, name, None) for name in _COMPILE_SETTINGS]
        return (repr(setup), bucket.key, bucket.checksum)

    def load_bytecode(self, bucket) -> None:
        code = self._code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        self._code[self._key(bucket)] = bucket.bytecode_to_string()


TEMPLATES = _SharedTemplates()


def reuse_url_builders() -> None:
    """Compile each URL rule's builder functions once a process (Werkzeug's ``Rule._compile_builder``).

    A builder is a plain function of the rule's text, its parts and its defaults, bound to each
    rule afterwards (``__get__``), so an equal rule of another app can take the same function.
    Without the method (another Werkzeug), nothing changes. A private method, as Werkzeug 3.1 has no
    public hook for it; about 30 ms of CPU an app (docs/tests.md, "A fresh app per test")."""
    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "reused", False):
        return
    builders: dict[tuple, object] = {}

    def reused(self, append_unknown: bool = True):
        defaults = sorted((k, repr(v)) for k, v in (self.defaults or {}).items())
        key = (self.rule, self.host, self.subdomain, tuple(self._trace), repr(defaults), append_unknown)
        if key not in builders:
            builders[key] = compile_builder(self, append_unknown)
        return builders[key]

    reused.reused = True
    Rule._compile_builder = reused


def reuse_parsed_rules() -> None:
    """Parse each URL rule's text once a process (Werkzeug's ``Rule._parse_rule``, a sixth of the web
    tests' own CPU before: regular expressions, weights and parts made again for every app).

    The parse is a function of the rule's text and of the converters the map has: its parts (the
    regular expressions matched, their weights), the rule's trace and the converters it asks for by
    name and arguments. An equal rule of another app with the same converters takes the same parts and
    trace, and asks for its own converter objects (``get_converter``) as the parse did. Without the
    method (another Werkzeug), nothing changes; a private method, as :func:`reuse_url_builders`."""
    parse_rule = getattr(Rule, "_parse_rule", None)
    if parse_rule is None or getattr(parse_rule, "reused", False):
        return
    parsed: dict[tuple, tuple] = {}

    def reused(self, rule: str):
        key = (rule, tuple(self.map.converters.items()))
        if key not in parsed:
            asked: list[tuple] = []
            trace = len(self._trace)
            own = self.get_converter

            def recorded(variable, converter, args, kwargs):
                asked.append((variable, converter, args, dict(kwargs)))
                return own(variable, converter, args, kwargs)

            self.get_converter = recorded
            try:
                parts = list(parse_rule(self, rule))
            finally:
                del self.get_converter
            parsed[key] = (parts, self._trace[trace:], asked)
            yield from parts
            return
        parts, trace, asked = parsed[key]
        self._trace.extend(trace)
        for variable, converter, args, kwargs in asked:
            self._converters[variable] = self.get_converter(variable, converter, args, kwargs)
            self.arguments.add(variable)
        yield from parts

    reused.reused = True
    Rule._parse_rule = reused


def quick_app(config: dict):
    """``create_app(config)`` with this process's compiled templates, parsed URL rules and URL builders."""
    reuse_parsed_rules()
    reuse_url_builders()
    app = create_app(config)
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


def empty_database(path: Path, config: dict) -> Path:
    """A SQLite file at ``path`` holding every table (``db.create_all()``), its write-ahead log
    folded in, so that a copy of the file alone is the whole database."""
    app = quick_app({**config, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


def copy_database(template: Path, path: Path) -> str:
    """A copy of ``template`` at ``path``: its SQLAlchemy URL."""
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"
