"""The ``scorekeeper`` command: check, hand, print, serve, init-db.

Exit codes: 0 legal, 1 not legal, 2 notation or usage error (message on stderr).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script."""
    raise SystemExit(2)


def register_flask_commands(app) -> None:
    """Add Scorekeeper's commands to ``flask --app scorekeeper``."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
