"""The score-sheet layouts: a variant's columns, its key, and how a recorded hand fills a row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..display.cribbage_track import cribbage_track, place_pegs
from ..display.sheets import Column, Row, Sheet, blank_cells, totals_foot
from ..display.words import option_label, signed
from ..rules import RUMBUGZ_KINDS as KINDS
from ..rules import SWITCHES, GameScore, RoundScore, find_variant, step_texts

HAND = Column("Hand", 10)
ROUND = Column("Round", 12)
TOTAL = Column("Total", 14, "running total")

SCORING_TEXT = {
    "A": "A: the winner takes the sum of the losers' racks; each loser scores minus their rack; "
    "nobody out: the lowest rack wins. High total wins.",
    "B": "B: the winner takes the sum of the losers' racks; losers score 0. High total wins.",
    "C": "C: each loser scores their own rack; the winner 0. Low total wins.",
    "wins": "wins: count the rounds each player wins.",
    "none": "none: no scores are kept.",
}


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
        Column("Step", 9, "Step attempted (✓ laid down)"),
        Column("Points", 11, "points left in hand"),
        Column("Total", 12),
    )
    default_rows = 24

    def key(self, slug, opts):
        return [
            ("Step", "the Step attempted; tick ✓ when it is laid down (KB-9)"),
            ("Points", "cards left: 1-9 count 5, 10-13 count 10, Wild Bee 15; out = 0 (KB-7)"),
            (
                "End",
                "after a hand in which someone lays down the last Step; "
                "the lowest total among them wins (KB-10)",
            ),
        ]

    def cells(self, r, seat):
        laid = " ✓" if r.details["laid"][seat] else ""
        out = " out" if r.details["went_out"] == seat else ""
        return [detail(r, seat, "steps") + laid, f"{r.changes[seat]}{out}", str(r.totals[seat])]


class RumBugzLayout(Layout):
    lead = (Column("Round", 10),)
    per_player = (
        Column("Kinds", 16, "kinds laid: Single, Double, Triple, Match", "kinds"),
        Column("Left", 8, "Bugz left in hand"),
        Column("Score", 9),
        Column("Total", 11),
    )
    default_rows = 14

    def key(self, slug, opts):
        end = (
            f"the first total to reach {opts['target']}"
            if opts.get("target")
            else f"{opts.get('rounds', 5)} rounds"
        )
        return [
            (
                "Kinds",
                "tick S single (step 1), D double (step 2), T triple (step 3), "
                "M match (all equal) as each is laid (RB-2, RB-4)",
            ),
            ("Left", f"Bugz left: each counts its number, a PLYT {opts.get('plyt_value', 12)} (RB-6)"),
            ("Score", "the winner scores the losers' Bugz left; losers 0 (RB-7)"),
            ("*", "a round with no winner (the bag ran out): nobody scores (RB-7)"),
            ("Game", f"{end}; the highest total wins (RB-8)"),
        ]

    def cells(self, r, seat):
        laid = r.progress[seat]["kinds"]
        kinds = " ".join(k[0].upper() if k in laid else "–" for k in KINDS)
        return [kinds, detail(r, seat, "hands"), signed(r.changes[seat]), str(r.totals[seat])]

    def lead_cells(self, names, r):
        return [str(r.number) + ("" if r.details["winner"] is not None else "*")]


class TilesLayout(Layout):
    lead = (ROUND, Column("Out", 20, "who went out"))
    per_player = (Column("Rack", 11, "tiles left on the rack"), Column("Score", 12), TOTAL)
    default_rows = 20

    def key(self, slug, opts):
        helps = {o["name"]: o["help"] for o in find_variant(slug).describe()["options"]}
        on = [helps[s] for s in SWITCHES if opts.get(s)]
        off = [option_label(s, capital=False) for s in SWITCHES if not opts.get(s)]
        end = (
            f"a total reaching {opts['target']}" if opts.get("target") else f"{opts.get('rounds', 4)} rounds"
        )
        return [
            ("Rack", "a number tile counts its number, a joker 30 (CT-7)"),
            ("Scoring", SCORING_TEXT.get(opts.get("scoring", "A"), "") + " (CT-8)"),
            ("Switches on", "; ".join(on) or "none"),
            ("Switches off", ", ".join(off) or "none"),
            ("Initial meld", f"at least {opts.get('initial_meld', 30)} points from your own rack (CT-6)"),
            ("Game", end),
        ]

    def cells(self, r, seat):
        return [detail(r, seat, "racks"), signed(r.changes[seat]), str(r.totals[seat])]

    def lead_cells(self, names, r):
        winner = r.details["went_out"]
        if winner is not None:
            return [str(r.number), names[winner]]
        won = " & ".join(names[s] for s in r.details.get("winners", ()))  # CT-8: the lowest rack wins
        return [str(r.number), f"nobody; {won} won" if won else "nobody"]


class CribRummyLayout(Layout):
    lead = (HAND, Column("Turn", 10))
    per_player = (Column("Pegs", 11, "pegs this turn"), TOTAL)
    default_rows = 25

    def key(self, slug, opts):
        return [
            ("Sets", "a set of 3 pegs 2, its 4th card 2 more (CR-5)"),
            (
                "Runs",
                "3 cards peg 3; each card added pegs by the new length: 4th 3, 5th-7th 4, "
                "8th-10th 5, 11th-12th 6, 13th 10 (CR-5)",
            ),
            (
                "Rummy",
                "going out pegs per card left in the others' hands: 2 players 2 each, "
                "3 players 1 each, 4 players half each, rounded up (CR-7)",
            ),
            (
                "Game",
                f"first to {opts.get('target', 121)}; the others due a turn take it, "
                "then the highest total wins (CR-8)",
            ),
        ]

    #: the last line of a hand: how it ended (the engine's ``ended_by``), or still being played
    ENDS: ClassVar[dict[str, str]] = {"out": "rummy", "draw_pile": "pile out"}

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
            label = self.ENDS.get(r.details["ended_by"], "" if r.complete else "playing")
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
    lead = (HAND, Column("Wild", 11, "the hand's wild rank"))
    per_player = (
        Column("Size", 9, "hand size"),
        Column("+Table", 12, "value of own board cards"),
        Column("−Hand", 12, "value of cards left in hand"),
        TOTAL,
    )
    default_rows = 15

    def key(self, slug, opts):
        return [
            ("Wild", "the rank of the dealer's face-up card; all cards of that rank are wild (CZ-1)"),
            ("Size", "the face-up first card: 3-10 face value, J/Q/K 10, A 11 (CZ-7)"),
            ("Values", "3-7 count 5, 8-K 10, an ace 100, a wildcard 100; aces wild count 200 (CZ-5)"),
            ("Score", "own board cards minus the cards left in hand (CZ-6)"),
            (
                "Game",
                f"ends after the hand in which a total reaches {opts.get('target', 1500)}; "
                "the highest total wins (CZ-8)",
            ),
        ]

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
        variant.title(opts),
        layout.lead,
        layout.per_player,
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
    per_player = (Column("Points", 11, "points this hand"), TOTAL)
    default_rows = 20

    def key(self, slug, opts):
        ends = [
            f"a total reaching {opts['target']}" if opts.get("target") is not None else "",
            f"{opts['rounds']} hands" if opts.get("rounds") else "",
            "the editor ends it",
        ]
        wins = "highest" if opts.get("high_wins", True) else "lowest"
        return [
            ("Game", opts.get("game_name") or "any other game (PG-1)"),
            ("Points", "each player's points this hand, a sum such as 12+11+7-5; empty = 0 (PG-2)"),
            (
                "End",
                f"{'; '.join(e for e in ends if e)}; the {wins} total wins, ties share a place (PG-4, PG-5)",
            ),
        ]

    def cells(self, r, seat):
        return [signed(r.changes[seat]), str(r.totals[seat])]
