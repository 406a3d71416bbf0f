"""The ``scorekeeper`` command (``scorekeeper = "scorekeeper.cli:main"``)."""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
