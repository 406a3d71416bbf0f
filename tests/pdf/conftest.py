"""Shared renders for the PDF tests: a document made from the same print options is laid out once a
process (a pytest-xdist worker) and read back by every test that asks for it. Every test still reads a
real PDF that WeasyPrint laid out; only a second layout of the very same document is left out (it
would be the same bytes but for the date it was printed on)."""

from __future__ import annotations

import pytest

from scorekeeper.printing.documents import document_pdf
from scorekeeper.printing.options import print_options
from tests.pdf.support import ReadBack


def _key(raw: dict) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((name, str(value)) for name, value in raw.items()))


@pytest.fixture(scope="session")
def printed():
    """``printed(variant="krazy-bee", players=2)``: the PDF bytes of those print options, made once."""
    made: dict[tuple, bytes] = {}

    def render(**raw) -> bytes:
        key = _key(raw)
        if key not in made:
            made[key] = document_pdf(print_options(dict(key)))
        return made[key]

    return render


@pytest.fixture(scope="session")
def sheet(printed):
    """``sheet(variant="rumbugz", players=6)``: that PDF read back (text, pages, sizes), read once."""
    read: dict[tuple, ReadBack] = {}

    def read_back(**raw) -> ReadBack:
        key = _key(raw)
        if key not in read:
            read[key] = ReadBack(printed(**raw))
        return read[key]

    return read_back
