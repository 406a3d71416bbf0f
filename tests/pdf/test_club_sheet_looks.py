"""Club night's sheets as they look on paper (docs/printing.md "Club night"), in English, German and
Hebrew: a cut round's heading in words (not the rule's key), the organiser's reason for an override
in its own direction on a Hebrew sheet, and a slip's "Signature" clear of the line before it."""

from __future__ import annotations

import pytest

from tests.pdf.qr_reading import DPI, needs_pdftoppm, page_pixels
from tests.pdf.support import ReadBack, first_page_words
from tests.pdf.test_club_sheets import REASON, evening
from tests.pdf.test_club_sheets import pytestmark as needs_pdftotext

pytestmark = needs_pdftotext

SEAT_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def night(app):
    return evening(app, SEAT_NAMES, rounds=2)


def _event_sheet(client, night, language: str) -> bytes:
    answer = client.get(
        f"/events/{night['id']}/print/event.pdf",
        headers={"Accept-Language": language, "Authorization": f"Bearer {night['secret']}"},
    )
    assert answer.status_code == 200
    return answer.data


@pytest.mark.parametrize(("language", "final"), [("en", "Final"), ("de", "Finale")])
def test_the_finals_heading_says_its_seed_not_the_rules_key(client, night, language, final):
    """The final's heading read "Final · final · seed 959446": the cut's rule key, in English on every
    sheet, after the round's title that already says it. Now "Final · seed 959446"."""
    text = " ".join(ReadBack(_event_sheet(client, night, language)).text.split())
    assert f"{final} · final" not in text and "· final ·" not in text
    assert f"{final} · " in text


def test_an_override_reason_keeps_its_own_order_on_a_hebrew_sheet(client, night, tmp_path):
    """REASON is English ("Lou's phone died; the table agreed the racks"): on a Hebrew sheet, not set
    apart, its ";" printed at the far end of the Hebrew line, away from "died"."""
    _width, words = first_page_words(_event_sheet(client, night, "he"), tmp_path)
    texts = [w[4] for w in words]
    first = REASON.split("; ")[0].split()[-1]  # "died"
    assert f"{first};" in texts, [t for t in texts if ";" in t]


@pytest.mark.parametrize("language", ["en", "de", "he"])
def test_a_slips_signature_stands_clear_of_the_line_before_it(client, night, tmp_path, language):
    """ "Declared by ____ Signature ____": in English the first line ran up to "Signature" (the label's
    cell had no padding on its left). At least 3 mm of paper between them, either way round."""
    needs_pdftoppm()
    pdf = client.get(
        f"/events/{night['id']}/print/slips.pdf?round=1", headers={"Accept-Language": language}
    ).data
    _width, words = first_page_words(pdf, tmp_path)
    label = {"en": "Signature", "de": "Unterschrift", "he": "חתימה"[::-1]}[
        language
    ]  # (pdftotext: as printed, left to right)
    left, _top, right, bottom, _t = next(w for w in words if w[4] == label)
    pixels = page_pixels(pdf)
    scale = DPI / 72
    dark = None
    for y in range(
        round(bottom * scale), round((bottom + 4) * scale)
    ):  # the underline, under the label's baseline
        row = [pixels.getpixel((x, y)) < 128 for x in range(pixels.width)]
        if language == "he":  # the line before the label is on its right
            start = round(right * scale) + 1
            dark = next((x for x in range(start, pixels.width) if row[x]), None)
            gap = None if dark is None else (dark - right * scale) / scale
        else:
            end = round(left * scale) - 1
            dark = next((x for x in range(end, 0, -1) if row[x]), None)
            gap = None if dark is None else (left * scale - dark) / scale
        if dark is not None:
            break
    assert gap is not None, f"{language}: no line beside {label}"
    assert gap * 25.4 / 72 >= 3, f"{language}: {label} is {gap * 25.4 / 72:.1f} mm from the line before it"
