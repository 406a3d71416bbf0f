"""The tile games' options (RULES.md section 3): the rule switches every preset shares, each with its
rule id, and the round's settings (initial meld, scoring, must play, rounds or target), as the
setup form and the API offer them."""

from __future__ import annotations

from ..options import Option, rounds_option, target_option

SWITCHES = (
    "same_color_groups",
    "zero",
    "wrap",
    "six_nine",
    "ten_split",
    "eleven_split",
    "twelve_split",
    "runny",
    "grid",
)
SCORING = ("A", "B", "C", "wins", "none")
#: CT-8 in a few words, for the setup form
SCORING_WORDS = (
    ("A", "winner takes the racks; losers lose their own"),
    ("B", "winner takes the racks; losers 0"),
    ("C", "losers count their racks; lowest wins"),
    ("wins", "count rounds won"),
    ("none", "no score kept"),
)

_SWITCH_HELP = {
    "same_color_groups": ("A group may be all one colour", "CT-2"),
    "zero": ("A joker may stand for 0", "CT-3"),
    "wrap": ("Runs continue past 13 (13, 0, 1 ...)", "CT-3"),
    "six_nine": ("A 6 may be read as 9 and a 9 as 6", "CT-1"),
    "ten_split": ("A 10 may be read as 0+1 in a run", "CT-1"),
    "eleven_split": ("An 11 may be read as 1+1 in a group", "CT-1"),
    "twelve_split": ("A 12 may be read as 1+2 in a run", "CT-1"),
    "runny": ("A run may be all different colours", "CT-3"),
    "grid": ("Two-dimensional board of crossing sets", "CT-9"),
}


def tile_options(preset: dict[str, bool]) -> tuple[Option, ...]:
    """Every option of a tile game, its switches defaulting as ``preset`` says."""
    switches = tuple(Option(name, "bool", preset.get(name, False), *_SWITCH_HELP[name]) for name in SWITCHES)
    return (
        *switches,
        Option(
            "initial_meld",
            "int",
            30,
            "Points a first laydown needs from your own rack",
            rule="CT-6",
            low=0,
            high=500,
        ),
        Option(
            "scoring",
            "choice",
            "A",
            "How rounds are scored",
            rule="CT-8",
            choices=SCORING,
            check=False,
            choice_words=SCORING_WORDS,
        ),
        Option(
            "must_play",
            "choice",
            "C",
            "A: play all you can, B: play something if able, C: may pass",
            rule="CT-11",
            choices=("A", "B", "C"),
            check=False,
            choice_words=(
                ("A", "play all you can"),
                ("B", "play something if you can"),
                ("C", "you may always pass"),
            ),
        ),
        rounds_option(4, "CT-8"),
        target_option("CT-8", "End when a total (or win count) reaches this instead"),
        Option(
            "kind",
            "choice",
            None,
            "Declare the set a group or a run",
            rule="CT-2",
            choices=("group", "run"),
            optional=True,
            game=False,
        ),
    )
