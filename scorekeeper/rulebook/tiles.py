"""The tile games (RULES.md section 3) in our own words: one set of rules, three presets.

Each preset page says which rule switches it turns on; a rule that depends on
switches lists them, so the page can mark each one on or off for that preset.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules import SWITCHES, find_variant
from .book import N_, TILE_VALUES, Phrase, Rule, Rulebook, Section
from .common import COMMON_SECTION

#: Each switch in players' words (the option's own help is shorter).
SWITCH_WORDS = {
    "same_color_groups": N_("groups may also be all one colour"),
    "zero": N_("a joker may be a 0"),
    "wrap": N_("runs carry on past 13 back to the start"),
    "six_nine": N_("a 6 may be turned into a 9 and a 9 into a 6"),
    "ten_split": N_("a 10 may be used as a 0 and a 1 side by side in a run"),
    "eleven_split": N_("an 11 may be used as two 1s in a group"),
    "twelve_split": N_("a 12 may be used as a 1 and a 2 side by side in a run"),
    "runny": N_("a run may use four different colours instead of one"),
    "grid": N_("sets are laid in a grid and may cross each other"),
}

#: Each switch in two or three words, for the quick reference and summaries.
SWITCH_SHORT = {
    "same_color_groups": N_("one-colour groups"),
    "zero": N_("joker as 0"),
    "wrap": N_("runs wrap past 13"),
    "six_nine": N_("6 and 9 swap"),
    "ten_split": N_("10 as 0+1"),
    "eleven_split": N_("11 as 1+1"),
    "twelve_split": N_("12 as 1+2"),
    "runny": N_("mixed-colour runs"),
    "grid": N_("crossing grid"),
}

LEADS = {
    "rummikub": N_(
        "Plain tile rummy: make groups of one number and runs in one colour, and empty your rack first."
    ),
    "crazy-tiles": (
        N_(
            "Rummikub bent out of shape: sets cross on a grid, runs wrap round past 13, 6s and 9s "
            "swap, and 10s, 11s and 12s can be broken into two digits."
        )
    ),
    "runny-tiles": N_(
        "Rummikub on a crossing grid, where a run may also climb through four different colours."
    ),
}

MELDS = (
    Rule(
        "CT-1",
        N_("How many places a tile fills"),
        N_(
            "Usually a tile fills one place in a set. With the split switches some tiles can fill two "
            "places of their own colour: a 10 as a 0 then a 1, or a 12 as a 1 then a 2 (in runs only), "
            "and an 11 as two 1s (in groups only). A joker may also play the part of a 10, 11 or 12 "
            "that is being split. Every set must contain at least one real number tile. If the tiles can "
            "be read in more than one legal way, all the readings are shown and you may settle on one "
            "later; the points shown are those of the best reading."
        ),
        switches=("six_nine", "ten_split", "eleven_split", "twelve_split"),
    ),
    Rule(
        "CT-2",
        N_("Groups"),
        N_(
            "A group is 3 or 4 places showing the same number, each in a different colour (or, where "
            "allowed, all in the same colour). Splits count their places: a red 11 with a red 1 is three "
            "red 1s and makes a same-colour group; two black 11s are four black 1s; but a red 11 with a "
            "black 1 gives two reds and a black, which is neither all alike nor all different."
        ),
        switches=("same_color_groups", "eleven_split"),
    ),
    Rule(
        "CT-3",
        N_("Runs"),
        N_(
            "A run is 3 or more places in one colour, each one higher than the one before it, read in "
            "the order laid. Normally runs use 1 to 13, 1 is only low, and a run is at most 13 long. With "
            "the zero switch a joker can be 0 below the 1; with wrap-around a run may carry on from 13 to "
            "0 (or straight to 1 when there is no zero). A number can never appear twice in one run, so a "
            "run is never longer than one full lap (14 places with the zero). Where runny runs are "
            "allowed, a run may instead use a different colour on every tile, which limits it to 4 "
            "tiles; half one colour and half mixed is never allowed."
        ),
        switches=("zero", "wrap", "runny"),
    ),
    Rule(
        "CT-4",
        N_("Worked examples"),
        N_(
            "These must come out the way shown. In Crazy Rummy Tiles they are all legal: R8 R6 R10, "
            "B6 G9 K9, G6 G9 G9, B13 J B1 B2 (the joker is B0), R10 R2, R13 R10, K13 K10 K2, "
            "R12 R13 J (the joker is R0 or a split R10), R11 R1, K11 K11, R12 R3, J B12 (the joker is "
            "B0), R8 R8 J, B10 J G10 (the joker is R10 or K10) and B10 J G10 K10 (the joker is R10); "
            "R11 K1, B12 K3 and G12 G13 are not. In Runny Rummy Tiles R1 B2 K3, B9 K10 G11 R12 and "
            "K5 K6 K7 are legal, while R7 R8 B9 and B9 K10 G11 R12 B13 are not."
        ),
        switches=("six_nine", "ten_split", "eleven_split", "twelve_split", "zero", "wrap", "runny"),
    ),
    Rule(
        "CT-9",
        N_("Playing on a grid"),
        N_(
            "On a grid each row and column is a line of cells, and a gap ends a line. Every unbroken "
            "stretch of two or more tiles, across or down, must itself form a legal set, reading across "
            "from the left and down from the top, and no tile may be left standing outside every set. "
            "Where an across set and a "
            "down set share a tile, that tile may count differently in each (a 6 across can be a 9 down, "
            "a 10 can be 10 one way and 0 and 1 the other, a joker can be two numbers), but a joker has "
            "only one colour. To type a grid put each row on its own line or between slashes, mark empty "
            "cells with a dot and keep the columns lined up. Games without the grid refuse grid input."
        ),
        switches=("grid",),
    ),
)

VALUES = (
    Rule(
        "CT-5",
        N_("What a set is worth on the table"),
        N_(
            "For your first laydown and for any count of the table, a tile is worth the number printed on "
            "it, however it is being read: a 6 used as a 9 is worth 6 and a 12 split into 1 and 2 is worth "
            "12. A joker is worth what it stands for, 20 when it is a 0, and where a grid gives it two "
            "different numbers the bigger one counts."
        ),
    ),
    Rule(
        "CT-7",
        N_("Tiles left on your rack"),
        N_("When the round ends each tile left on a rack counts its number, and a joker counts 30."),
    ),
)

PLAY = (
    Rule(
        "CT-6",
        N_("Your first laydown"),
        N_(
            "Before playing on the table for the first time you must put down sets worth at least 30 "
            "points (or the amount your table sets) using only tiles from your own rack."
        ),
    ),
    Rule(
        "CT-10",
        N_("Winning back a joker"),
        N_(
            "You may swap a tile from your rack for a joker on the table, but the joker must stay on the "
            "table in a new set that also takes two tiles from your rack. Sliding a joker to another "
            "place is free as long as it keeps standing for the same tile."
        ),
    ),
    Rule(
        "CT-11",
        N_("Must you play?"),
        N_(
            "Agree this before the game. Policy A: play everything you can. Policy B: if you can play "
            "something, you must play at least one thing. Policy C (the usual choice): you may always "
            "pass and draw a tile instead."
        ),
    ),
)

SCORING = (
    Rule(
        "CT-8",
        N_("Scoring a round"),
        N_(
            "Choose one method for the game. A (the usual): whoever goes out gains the total of all the "
            "other racks, and each other player loses what is on their own rack. When the pool runs "
            "dry with nobody out, the smallest rack wins, gaining the others' racks less its own, and "
            "tied smallest racks share "
            "the win; the high total wins the game. B: the winner gains the others' racks and everyone "
            "else scores 0; high total wins. C: everyone except the winner adds their own rack to their "
            "score; the winner adds nothing; low total wins. You can also simply count rounds won, or "
            "keep no score at all."
        ),
    ),
)


def _switch_state(slug: str) -> dict[str, bool]:
    defaults = {o["name"]: o["default"] for o in find_variant(slug).describe()["options"]}
    return {name: bool(defaults.get(name)) for name in SWITCHES}


def tile_book(slug: str, name: str) -> Rulebook:
    """The rulebook page of one tile preset: shared rules, this preset's switches."""
    state = _switch_state(slug)
    on = tuple(s for s in SWITCHES if state[s])
    off = tuple(s for s in SWITCHES if not state[s])
    switches = (
        Phrase(
            N_(
                "Rummikub, Crazy Rummy Tiles and Runny Rummy Tiles share one rule set; each turns on "
                "a different mix of switches, and every game can flip any switch in its settings. "
                "This game turns on: %(switches)s."
            ),
            switches=tuple(SWITCH_SHORT[s] for s in on),
        )
        if on
        else N_(
            "Rummikub, Crazy Rummy Tiles and Runny Rummy Tiles share one rule set; each turns on "
            "a different mix of switches, and every game can flip any switch in its settings. "
            "This game uses none of the house-rule switches."
        )
    )
    return Rulebook(
        slug=slug,
        name=name,
        lead=LEADS[slug],
        sections=(
            Section(
                "overview",
                intro=(
                    N_(
                        "For 2 to 4 players, 14 tiles each. The box holds tiles numbered 1 to 13 in four colours "
                        "(red (R), blue (B), black (K), gold (G), where O or Y may be typed for gold), two of each, "
                        "plus two jokers. "
                        "Type a tile as its colour letter and number, such as R10 or k7, and a joker as J."
                    ),
                    switches,
                ),
            ),
            Section("values", rules=VALUES, heading=N_("What tiles are worth")),
            Section("melds", rules=MELDS),
            Section(
                "play",
                intro=(
                    N_(
                        "Highest tile drawn starts; then play goes clockwise, and the "
                        "winner of a round starts the next one."
                    ),
                ),
                rules=PLAY,
            ),
            Section("scoring", rules=SCORING),
            Section(
                "end",
                intro=(
                    N_(
                        "A game lasts a set number of rounds (4 unless you choose another), or until a total, "
                        "or a number of rounds won, reaches the target you set. With method C the lowest "
                        "total wins; otherwise the highest."
                    ),
                ),
            ),
            # the common rules under a tile game's own words: a tile game has no cards (the glossary)
            replace(COMMON_SECTION, heading=N_("How Scorekeeper reads your tiles")),
        ),
        digest={
            TILE_VALUES: (
                N_("Rack: number tiles count their number, a joker 30"),
                N_("Table (first laydown): printed number; joker = what it stands for (0 = 20)"),
                N_("First laydown: 30 points from your own rack"),
            ),
            "Melds": (
                N_("Group: 3-4 of one number, all colours different or all the same")
                if state["same_color_groups"]
                else N_("Group: 3-4 of one number, all colours different"),
                N_("Run: 3+ in one colour, going up in the order laid, or all different colours")
                if state["runny"]
                else N_("Run: 3+ in one colour, going up in the order laid"),
                *(
                    [
                        Phrase(
                            N_("House rules: %(switches)s"),
                            switches=tuple(
                                SWITCH_SHORT[s] for s in on if s not in ("same_color_groups", "runny")
                            ),
                        )
                    ]
                    if set(on) - {"same_color_groups", "runny"}
                    else []
                ),
            ),
            "Scoring": (
                N_("A: winner gains the others' racks, others lose their own"),
                N_("B: winner gains the others' racks, others 0"),
                N_("C: others add their own rack, winner 0, low wins"),
            ),
            "End of game": (
                N_("After the agreed rounds (default 4) or at the target"),
                N_("Highest total wins (lowest with method C)"),
            ),
        },
        switches_on=on,
        switches_off=off,
    )
