"""``python -m scorekeeper.cli``: the ``scorekeeper`` command, where its console script is not on the
path (a checkout run with ``PYTHONPATH``, another virtual environment's Python)."""

from .commands import main

raise SystemExit(main())
