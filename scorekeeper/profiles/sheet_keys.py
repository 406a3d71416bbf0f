"""The score sheets' keys: what each column and the options in force mean, in the reader's language
(gettext, English outside a request; the layouts in :mod:`.sheet_layouts` call these)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext

from ..display.isolates import isolated, mixed
from ..rulebook.book import N_
from ..rules import SWITCHES, find_variant
from ..web.described import described, option_word
from ..web.languages import direction

Key = list[tuple[str, str]]

SCORING_TEXT = {
    "A": N_(
        "A: the winner takes the sum of the losers' racks; each loser scores minus their rack; "
        "nobody out: the lowest rack wins. High total wins."
    ),
    "B": N_("B: the winner takes the sum of the losers' racks; losers score 0. High total wins."),
    "C": N_("C: each loser scores their own rack; the winner 0. Low total wins."),
    "wins": N_("wins: count the rounds each player wins."),
    "none": N_("none: no scores are kept."),
}


def krazy_bee(slug: str, opts: Mapping[str, Any]) -> Key:
    return [
        (gettext("Step"), gettext("the Step attempted; tick ✓ when it is laid down (KB-9)")),
        (
            gettext("Points"),
            gettext("cards left: 1-9 count 5, 10-13 count 10, Wild Bee 15; out = 0 (KB-7)"),
        ),
        (
            gettext("End"),
            gettext(
                "after a hand in which someone lays down the last Step; "
                "the lowest total among them wins (KB-10)"
            ),
        ),
    ]


def rumbugz(slug: str, opts: Mapping[str, Any]) -> Key:
    end = (
        gettext("the first total to reach %(target)s", target=opts["target"])
        if opts.get("target")
        else ngettext("%(num)s round", "%(num)s rounds", opts.get("rounds", 5))
    )
    plyt = opts.get("plyt_value", 12)
    return [
        (
            gettext("Kinds"),
            gettext(
                "tick S single (step 1), D double (step 2), T triple (step 3), "
                "M match (all equal) as each is laid (RB-2, RB-4)"
            ),
        ),
        (
            gettext("Left"),
            gettext("Bugz left: each counts its number, a PLYT %(plyt)s (RB-6)", plyt=plyt),
        ),
        (gettext("Score"), gettext("the winner scores the losers' Bugz left; losers 0 (RB-7)")),
        ("*", gettext("a round with no winner (the bag ran out): nobody scores (RB-7)")),
        (gettext("Game"), gettext("%(end)s; the highest total wins (RB-8)", end=end)),
    ]


def tiles(slug: str, opts: Mapping[str, Any]) -> Key:
    helps = {o["name"]: o["help"] for o in find_variant(slug).describe()["options"]}
    # the engine's words, in the sheet's language (the engine domain, web/described.py)
    on = [described(helps[s]) for s in SWITCHES if opts.get(s)]
    off = [option_word(s, capital=False) for s in SWITCHES if not opts.get(s)]
    end = (
        gettext("a total reaching %(target)s", target=opts["target"])
        if opts.get("target")
        else ngettext("%(num)s round", "%(num)s rounds", opts.get("rounds", 4))
    )
    scoring = SCORING_TEXT.get(opts.get("scoring", "A"))
    meld = opts.get("initial_meld", 30)
    return [
        (gettext("Rack"), gettext("a number tile counts its number, a joker 30 (CT-7)")),
        (gettext("Scoring"), (gettext(scoring) if scoring else "") + " (CT-8)"),
        (gettext("Switches on"), "; ".join(on) or gettext("none")),
        (gettext("Switches off"), ", ".join(off) or gettext("none")),
        (
            gettext("Initial meld"),
            gettext("at least %(meld)s points from your own rack (CT-6)", meld=meld),
        ),
        (gettext("Game"), end),
        ("*", gettext("nobody went out; the lowest rack won the round, tied racks shared it (CT-8)")),
    ]


def crib_rummy(slug: str, opts: Mapping[str, Any]) -> Key:
    return [
        (gettext("Sets"), gettext("a set of 3 pegs 2, its 4th card 2 more (CR-5)")),
        (
            gettext("Runs"),
            gettext(
                "3 cards peg 3; each card added pegs by the new length: 4th 3, 5th-7th 4, "
                "8th-10th 5, 11th-12th 6, 13th 10 (CR-5)"
            ),
        ),
        (
            gettext("Rummy"),
            gettext(
                "going out pegs per card left in the others' hands: 2 players 2 each, "
                "3 players 1 each, 4 players half each, rounded up (CR-7)"
            ),
        ),
        (
            gettext("Game"),
            gettext(
                "first to %(target)s; the others due a turn take it, then the highest total wins (CR-8)",
                target=opts.get("target", 121),
            ),
        ),
    ]


def crazy_rummy(slug: str, opts: Mapping[str, Any]) -> Key:
    return [
        (
            gettext("Wild"),
            gettext("the rank of the dealer's face-up card; all cards of that rank are wild (CZ-1)"),
        ),
        (gettext("Size"), gettext("the face-up first card: 3-10 face value, J/Q/K 10, A 11 (CZ-7)")),
        (
            gettext("Values"),
            gettext("3-7 count 5, 8-K 10, an ace 100, a wildcard 100; aces wild count 200 (CZ-5)"),
        ),
        (gettext("Score"), gettext("own board cards minus the cards left in hand (CZ-6)")),
        (
            gettext("Game"),
            gettext(
                "ends after the hand in which a total reaches %(target)s; the highest total wins (CZ-8)",
                target=opts.get("target", 1500),
            ),
        ),
    ]


def points(slug: str, opts: Mapping[str, Any]) -> Key:
    ends = [
        gettext("a total reaching %(target)s", target=opts["target"])
        if opts.get("target") is not None
        else "",
        ngettext("%(num)s hand", "%(num)s hands", opts["rounds"]) if opts.get("rounds") else "",
        gettext("the editor ends it"),
    ]
    wins = (
        gettext("the highest total wins, ties share a place (PG-4, PG-5)")
        if opts.get("high_wins", True)
        else gettext("the lowest total wins, ties share a place (PG-4, PG-5)")
    )
    return [
        (gettext("Game"), own_name(opts.get("game_name")) or gettext("any other game (PG-1)")),
        (
            gettext("Points"),
            gettext("each player's points this hand, a sum such as 12+11+7-5; empty = 0 (PG-2)"),
        ),
        (gettext("End"), f"{'; '.join(e for e in ends if e)}; {wins}"),
    ]


def own_name(name: str | None) -> str | None:
    """A points game's own name (PG-1) as typed, set apart on a right-to-left sheet or when it is written
    right to left: "Five <Crowns>" kept its Latin order but a Hebrew sheet put its closing ">" first."""
    return isolated(name) if name and mixed([name], direction() == "rtl") else name
