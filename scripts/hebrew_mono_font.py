"""Make the monospaced Hebrew of the printed sheets: ``static/fonts/SheetMonoHebrew[-Bold].ttf``.

DejaVu Sans Mono ("Sheet Mono", a sheet's recorded lines and standings) has no Hebrew letters. Pango
then took each Hebrew letter, one glyph at a time, from the system's FreeMono: a Courier-like face,
light and small beside DejaVu's, so a Hebrew name in a recorded line looked letter-spaced and grey
(and a server without ``fonts-freefont-ttf`` gave the proportional DejaVu Sans, out of step with the
columns). This script takes DejaVu Sans's own Hebrew letters (the same design as the sheet's Latin)
and sets each in DejaVu Sans Mono's cell: the advance every line is counted in
(``display.sheets.MONO_ADVANCE``), a letter wider than the cell narrowed to fit, each centred, with
the mono font's vertical metrics. The fonts are committed; run again only to change them::

    PYTHONPATH=. python scripts/hebrew_mono_font.py

DejaVu's licence (``LICENSE-DejaVu.txt``, Bitstream Vera's) allows changed fonts under another name.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parents[1] / "scorekeeper" / "static" / "fonts"
#: the Hebrew letters, maqaf, geresh and gershayim (a name's marks, niqqud, fall back as before)
HEBREW = [*range(0x05D0, 0x05EB), 0x05BE, 0x05F3, 0x05F4]
FAMILY = "Sheet Mono Hebrew"


def hebrew_mono(sans: Path, mono: Path, style: str) -> TTFont:
    """DejaVu Sans's Hebrew letters (``sans``) in the cells of ``mono``, named ``FAMILY`` ``style``."""
    font = TTFont(sans)
    options = subset.Options()
    options.layout_features, options.hinting, options.notdef_outline = [], False, True
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "kern", "hdmx", "LTSH", "VDMX"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[0x20, *HEBREW])
    cutter.subset(font)
    model = TTFont(mono)
    cell = model["hmtx"]["space"][0]
    glyphs, metrics = font.getGlyphSet(), font["hmtx"]
    drawn = {}
    for name in font.getGlyphOrder():
        advance = metrics[name][0]
        scale = min(1.0, cell / advance) if advance else 1.0
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, 1, (cell - advance * scale) / 2, 0)))
        drawn[name] = pen.glyph()
    for name, glyph in drawn.items():
        font["glyf"][name] = glyph
        glyph.recalcBounds(font["glyf"])
        metrics[name] = (cell, glyph.xMin if glyph.numberOfContours else 0)
    for table, fields in {
        "hhea": ("ascent", "descent", "lineGap"),
        "OS/2": ("sTypoAscender", "sTypoDescender", "sTypoLineGap", "usWinAscent", "usWinDescent"),
    }.items():
        for name in fields:
            setattr(font[table], name, getattr(model[table], name))
    font["OS/2"].xAvgCharWidth = cell
    font["post"].isFixedPitch = 1
    _rename(font, style)
    return font


def _rename(font: TTFont, style: str) -> None:
    full = FAMILY if style == "Regular" else f"{FAMILY} {style}"
    names = {1: FAMILY, 2: style, 3: f"{full}; scorekeeper", 4: full, 6: full.replace(" ", "-")}
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in names and n.nameID not in (16, 17)]
    for number, text in names.items():
        table.setName(text, number, 3, 1, 0x409)
        table.setName(text, number, 1, 0, 0)


def main() -> None:
    for suffix, style in (("", "Regular"), ("-Bold", "Bold")):
        font = hebrew_mono(FONTS / f"DejaVuSans{suffix}.ttf", FONTS / f"DejaVuSansMono{suffix}.ttf", style)
        font.save(FONTS / f"SheetMonoHebrew{suffix}.ttf")


if __name__ == "__main__":
    main()
