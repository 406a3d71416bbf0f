"""The ``scorekeeper`` command (``scorekeeper = "scorekeeper.cli:main"``).

- :mod:`.commands`: the parser, ``check``, ``hand``, ``serve``, ``init-db`` and the readable output;
- :mod:`.solve_command`: ``scorekeeper solve`` (best play, ``--batch``) and ``scorekeeper turn``;
- :mod:`.print_command`: ``scorekeeper print`` (sheets, frames, rules cards, a game's sheet);
- :mod:`.batch`: ``check --batch``, JSON lines in and out;
- :mod:`.args`: ``--option KEY=VALUE`` and the usage error both commands share.
"""

from __future__ import annotations

from .commands import main

__all__ = ["main"]
