"""The game's pictures keep every sign in a right-to-left page (issue 40, docs/languages.md "Right to
left in the PDFs"): the score chart's ticks ("-20", never "20-"), and the cribbage board's legend
("name: 45"), are drawn by :mod:`scorekeeper.display.charts` with each number and name between
Unicode isolates, so they read the same whatever direction the page around them runs. Read back in
Chromium from where each character is drawn (``getStartPositionOfChar``), the SVG put in a bare
``<html dir="rtl">`` page with no stylesheet (the worst case: the pages' CSS also draws charts left to
right)."""

from __future__ import annotations

from scorekeeper.display import charts

#: each <text> with a digit in it: its text and each character's x, as Chromium draws them
DRAWN = """() => [...document.querySelectorAll("svg text")].filter(t => /\\d/.test(t.textContent)).map(t => ({
  text: t.textContent,
  xs: [...t.textContent].map((_, i) => t.getStartPositionOfChar(i).x),
}))"""


def drawn_words(page, svg: str) -> list[str]:
    """Each drawn text with a digit, its characters in the order they stand left to right."""
    page.set_content(f'<html lang="he" dir="rtl"><body>{svg}</body></html>')
    words = []
    for text in page.evaluate(DRAWN):
        shown = sorted((x, ch) for x, ch in zip(text["xs"], text["text"]) if ch not in "\u2066\u2067\u2069")
        words.append("".join(ch for _x, ch in shown))
    return words


def test_the_score_chart_keeps_its_minus_signs_right_to_left(page):
    svg = charts.progression_svg(["דנה", "Bob", "Cy"], [[45, -12, -33], [60, -30, -40]])
    ticks = drawn_words(page, svg)
    negative = [t for t in ticks if "-" in t]
    assert negative and all(t.startswith("-") for t in negative), ticks


def test_without_isolates_the_minus_would_move(page, monkeypatch):
    """The check above can fail: the same chart with its isolates taken out prints "20-"."""
    monkeypatch.setattr(charts, "isolated", lambda text: text)
    ticks = drawn_words(page, charts.progression_svg(["דנה", "Bob"], [[45, -12]]))
    assert any(t.endswith("-") for t in ticks), ticks
