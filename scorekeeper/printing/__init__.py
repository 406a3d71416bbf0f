"""Printed documents: score sheets, Step Indicator Frames, rules cards and a game's sheet, as PDFs.

- :mod:`.documents`: print options (one parser for the web form and the command line) and
  rendering each document from the templates in ``templates/pdf/``;
- :mod:`.sheet_layouts`: the score-sheet layouts (each variant's profile names its own), blank
  or filled from the engine's score;
- :mod:`.sheets`: the sheet's table model and its layout on the paper;
- :mod:`.cribbage_track`: Crib Rummy's printable cribbage track;
- :mod:`.pdf`: HTML to PDF bytes with WeasyPrint, serving only the package's static files.

Import from the modules (``from scorekeeper.printing.documents import document_pdf``): the
package itself imports nothing, so a variant's profile can name a layout without importing
the documents, which read the profiles.

No Flask app is needed: ``scorekeeper print sheet`` works without a database.
"""
