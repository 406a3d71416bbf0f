"""Where the package's own files are: templates, static files and migrations.

They live inside the package, so a built wheel carries them (pyproject's
package-data) and an installed copy works like the checkout.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
TEMPLATES = PACKAGE / "templates"
STATIC = PACKAGE / "static"
MIGRATIONS = PACKAGE / "migrations"
