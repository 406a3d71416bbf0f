"""Printed documents: score sheets, Step Indicator Frames, rules cards and a game's sheet, as PDFs.

- :mod:`.documents`: print options (one parser for the web form and the command line) and
  rendering each document from the templates in ``templates/pdf/``;
- :mod:`.sheet_layouts`: each variant's score-sheet columns, blank or filled from the engine's score;
- :mod:`.sheets`: the sheet's table model and its layout on the paper;
- :mod:`.cribbage_track`: Crib Rummy's printable cribbage track;
- :mod:`.pdf`: HTML to PDF bytes with WeasyPrint, serving only the package's static files.

No Flask app is needed: ``scorekeeper print sheet`` works without a database.
"""

from __future__ import annotations

from .documents import (
    FRAMES_VARIANT,
    MAX_ROWS,
    ORIENTATIONS,
    PAPERS,
    PrintInputError,
    PrintOptions,
    document_pdf,
    game_frames_pdf,
    game_sheet_pdf,
    paper_choice,
    print_options,
)

__all__ = ["FRAMES_VARIANT", "MAX_ROWS", "ORIENTATIONS", "PAPERS", "PrintInputError", "PrintOptions",
           "document_pdf", "game_frames_pdf", "game_sheet_pdf", "paper_choice", "print_options"]
