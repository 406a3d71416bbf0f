"""The score-sheet layouts: a variant's columns, its key, and how a recorded hand fills a row.

Every word a sheet prints is in the reader's language (docs/languages.md): the columns' labels are
marked ``N_`` and translated when a sheet is made (:func:`_sheet`), the keys and the cells' few
words through gettext as they are written; a game's sheet is made inside its language's context
even in a worker process (:func:`scorekeeper.printing.language.in_language`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from flask_babel import gettext

from ..display.cribbage_track import cribbage_track, place_pegs
from ..display.sheets import Column, Row, Sheet, blank_cells, totals_foot
from ..display.words import signed
from ..rulebook.book import N_
from ..rules import RUMBUGZ_KINDS as KINDS
from ..rules import GameScore, RoundScore, find_variant, step_texts
from ..web.described import variant_name
from . import sheet_keys as keys

HAND = Column(N_("Hand"), 10)
ROUND = Column(N_("Round"), 12)
TOTAL = Column(N_("Total"), 14, "running total")


def detail(r: RoundScore, seat: int, key: str) -> str:
    """One seat's value in the engine's details of a hand (``details[key][seat]``), or ""."""
    values = r.details.get(key)
    if isinstance(values, (list, tuple)) and seat < len(values) and values[seat] is not None:
        return str(values[seat])
    return ""


class Layout:
    """A variant's sheet: override the columns, the key, :meth:`cells` (or :meth:`fill`)."""

    lead: tuple[Column, ...] = (HAND,)
    per_player: tuple[Column, ...] = ()
    default_rows = 20

    def key(self, slug: str, opts: Mapping[str, Any]) -> list[tuple[str, str]]:
        return []

    def fill(self, names: list[str], score: GameScore) -> list[Row]:
        """One row per recorded hand (override for turn-by-turn logs)."""
        return [
            Row(self.lead_cells(names, r), [self.cells(r, seat) for seat in range(score.players)])
            for r in score.rounds
        ]

    def lead_cells(self, names: list[str], r: RoundScore) -> list[str]:
        return [str(r.number)]

    def cells(self, r: RoundScore, seat: int) -> list[str]:
        """One player's cells for one hand."""
        raise NotImplementedError

    def blank_rows(self, players: int, rows: int) -> list[Row]:
        return [Row([""] * len(self.lead), blank_cells(self.per_player, players)) for _ in range(rows)]


class KrazyBeeLayout(Layout):
    per_player = (
        Column(N_("Step"), 9, "Step attempted (✓ laid down)"),
        # 12: room for "0 raus" and "0 wyj." (German, Polish) on a 4-player page
        Column(N_("Points"), 12, "points left in hand"),
        Column(N_("Total"), 12),
    )
    default_rows = 24

    def key(self, slug, opts):
        return keys.krazy_bee(slug, opts)

    def cells(self, r, seat):
        laid = " ✓" if r.details["laid"][seat] else ""
        out = " " + gettext("out") if r.details["went_out"] == seat else ""
        return [detail(r, seat, "steps") + laid, f"{r.changes[seat]}{out}", str(r.totals[seat])]


class RumBugzLayout(Layout):
    lead = (Column(N_("Round"), 10),)
    per_player = (
        Column(N_("Kinds"), 14, "kinds laid: Single, Double, Triple, Match", "kinds"),
        Column(N_("Left"), 8, "Bugz left in hand"),
        Column(N_("Score"), 11),
        Column(N_("Total"), 11),
    )
    default_rows = 14

    def key(self, slug, opts):
        return keys.rumbugz(slug, opts)

    def cells(self, r, seat):
        laid = r.progress[seat]["kinds"]
        kinds = " ".join(k[0].upper() if k in laid else "–" for k in KINDS)
        return [kinds, detail(r, seat, "hands"), signed(r.changes[seat]), str(r.totals[seat])]

    def lead_cells(self, names, r):
        return [str(r.number) + ("" if r.details["winner"] is not None else "*")]


class TilesLayout(Layout):
    lead = (ROUND, Column(N_("Winner"), 20, "who went out, or had the lowest rack (CT-8)"))
    per_player = (Column(N_("Rack"), 11, "tiles left on the rack"), Column(N_("Score"), 12), TOTAL)
    default_rows = 20

    def key(self, slug, opts):
        return keys.tiles(slug, opts)

    def cells(self, r, seat):
        return [detail(r, seat, "racks"), signed(r.changes[seat]), str(r.totals[seat])]

    def lead_cells(self, names, r):
        winner = r.details["went_out"]
        if winner is not None:
            return [str(r.number), names[winner]]
        # CT-8: nobody went out and the lowest rack won: the round marked "*" (the key says so) and the
        # winner's name alone, which fits the narrow column ("nobody; Ann won" was cut to "nobody; A…");
        # tied lowest racks share the win, which their Score cells show
        won = r.details.get("winners") or ()
        return [f"{r.number}*", names[won[0]] if len(won) == 1 else gettext("shared")]


class CribRummyLayout(Layout):
    lead = (HAND, Column(N_("Turn"), 10))
    per_player = (Column(N_("Pegs"), 11, "pegs this turn"), TOTAL)
    default_rows = 25

    def key(self, slug, opts):
        return keys.crib_rummy(slug, opts)

    #: the last line of a hand: how it ended (the engine's ``ended_by``), or still being played
    ENDS: ClassVar[dict[str, str]] = {"out": N_("rummy"), "draw_pile": N_("pile out")}

    def fill(self, names, score):
        """Turn by turn: each turn's pegs and running total as the engine scored them (CR-5),
        then a line for the end of the hand with the rummy bonus (CR-7)."""
        rows = []
        for r in score.rounds:
            turns = r.details["turns"]
            for t, turn in enumerate(turns):
                cells = blank_cells(self.per_player, score.players)
                cells[turn["player"]] = [str(turn["pegs"]), str(turn["total"])]
                rows.append(
                    Row([str(r.number) if t == 0 else "", str(t + 1)], cells, "hand-start" if t == 0 else "")
                )
            label = self.ENDS.get(r.details["ended_by"], "" if r.complete else N_("playing"))
            label = gettext(label) if label else ""
            if label:
                bonus = r.details["bonus"] or {"player": None, "points": 0}
                cells = [
                    [
                        signed(bonus["points"]) if seat == bonus["player"] and bonus["points"] else "",
                        str(total),
                    ]
                    for seat, total in enumerate(r.totals)
                ]
                rows.append(Row([str(r.number) if not turns else "", label], cells, "hand-end"))
        return rows


class CrazyRummyLayout(Layout):
    lead = (HAND, Column(N_("Wild"), 11, "the hand's wild rank"))
    per_player = (
        Column(N_("Size"), 9, "hand size"),
        Column(N_("+Table"), 12, "value of own board cards"),
        Column(N_("−Hand"), 12, "value of cards left in hand"),
        TOTAL,
    )
    default_rows = 15

    def key(self, slug, opts):
        return keys.crazy_rummy(slug, opts)

    def cells(self, r, seat):
        left = detail(r, seat, "hand")
        return [
            detail(r, seat, "hand_sizes"),
            detail(r, seat, "board"),
            f"−{left}" if left not in ("", "0") else left,
            str(r.totals[seat]),
        ]

    def lead_cells(self, names, r):
        return [str(r.number), r.details["wild"]]


def _sheet(
    layout: Layout, slug: str, opts: Mapping[str, Any], names: list[str], rows: list[Row], blank: bool
) -> Sheet:
    variant = find_variant(slug)
    sheet = Sheet(
        slug,
        # "Any other game (points)" in the sheet's language, beside the game's own name as typed (PG-1)
        variant.title({**opts, "game_name": keys.own_name(opts.get("game_name"))}, variant_name),
        tuple(replace(c, label=gettext(c.label)) for c in layout.lead),
        tuple(replace(c, label=gettext(c.label)) for c in layout.per_player),
        names,
        rows,
        blank=blank,
        key=layout.key(slug, opts),
    )
    if variant.laid_in_steps:
        sheet.steps = step_texts(opts)
    if variant.pegged:
        sheet.track = cribbage_track(int(opts.get("target", 121)), names)
    return sheet


def blank_sheet(layout: Layout, slug: str, players: int, rows: int, opts: Mapping[str, Any]) -> Sheet:
    """A sheet to keep by hand in ``layout`` (the variant's profile's): ``rows`` empty lines for ``players``."""
    names = [""] * players
    return _sheet(layout, slug, opts, names, layout.blank_rows(players, rows), blank=True)


def filled_sheet(
    layout: Layout,
    slug: str,
    names: list[str],
    score: GameScore,
    opts: Mapping[str, Any],
    extra_rows: int = 0,
) -> Sheet:
    """A game's sheet: every recorded hand, then ``extra_rows`` empty lines to go on by hand."""
    rows = layout.fill(names, score) + layout.blank_rows(len(names), extra_rows)
    sheet = _sheet(layout, slug, opts, names, rows, blank=False)
    sheet.foot = totals_foot(score, layout.per_player, len(layout.lead))
    if sheet.track:  # each player's front and back peg, from the engine's progress (CR-8)
        sheet.track = place_pegs(sheet.track, score.progress)
    return sheet


class PointsLayout(Layout):
    per_player = (Column(N_("Points"), 11, "points this hand"), TOTAL)
    default_rows = 20

    def key(self, slug, opts):
        return keys.points(slug, opts)

    def cells(self, r, seat):
        return [signed(r.changes[seat]), str(r.totals[seat])]
