"""A process starts with what it needs (issue 35, issue 41): the web worker's app and the
`scorekeeper` command import none of the heavy libraries; the pool's jobs load them.

Each case runs in a fresh interpreter, so what this process already imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: loaded by the pool's jobs only: PDFs, best play, rack photos (and NumPy with the last)
HEAVY = ("weasyprint", "onnxruntime", "highspy", "numpy", "PIL")
#: what only a migration needs (Flask-Migrate loads Alembic, Mako and Pygments)
MIGRATION_ONLY = ("flask_migrate", "alembic", "mako")

SHOW_MODULES = "import json, sys; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"

APP = """
from scorekeeper import create_app
app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": "sqlite://", "TESTING": True})
app.test_client().get("/")
"""

CLI = """
import contextlib, io
from scorekeeper.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    assert main(["check", "rummikub", "R1", "R2", "R3"]) == 0
"""


def _loaded(code: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", code + "\n" + SHOW_MODULES],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("heavy", [HEAVY + MIGRATION_ONLY], ids=["app"])
def test_the_web_app_starts_and_serves_a_page_without_the_heavy_libraries(heavy):
    loaded = _loaded(APP)
    assert "flask" in loaded  # the case ran
    assert not loaded & set(heavy), f"the web worker imported {sorted(loaded & set(heavy))}"


def test_the_command_checks_a_meld_without_numpy_flask_or_the_pools_libraries():
    loaded = _loaded(CLI)
    assert "scorekeeper" in loaded
    unwanted = set(HEAVY + MIGRATION_ONLY) | {"flask", "flask_babel", "sqlalchemy", "jinja2"}
    assert not loaded & unwanted, f"the command imported {sorted(loaded & unwanted)}"


def test_a_rack_photo_read_loads_numpy_in_the_process_that_reads():
    """The other side: read_photo still works from the package, loading NumPy when called."""
    loaded = _loaded(
        "from scorekeeper.photo import PhotoError, read_photo\n"
        "try:\n    read_photo(b'not a photo')\nexcept PhotoError:\n    pass\n"
    )
    assert "numpy" in loaded
