"""``scorekeeper print ...``: score sheets, Step Indicator Frames, rules cards and game sheets as PDFs.

Owned by the printing feature; ``scorekeeper.cli`` calls :func:`add_parser`.
"""

from __future__ import annotations


def add_parser(subparsers) -> None:
    """Register the ``print`` command and its sub-commands on an argparse subparsers object."""
    parser = subparsers.add_parser("print", help="print score sheets, frames and rules cards as PDFs")
    parser.set_defaults(func=lambda args: (print("printing is not built yet"), 2)[1])
