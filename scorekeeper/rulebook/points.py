"""Any other game (points): the project's own rules (RULES.md has no PG section), in our words."""

from __future__ import annotations

from .book import N_, Rule, Rulebook, Section
from .common import COMMON_SECTION

BOOK = Rulebook(
    slug="points",
    name="Any other game (points)",
    lead=(
        N_(
            "For a game Scorekeeper has no rules for: Five Crowns, Hearts, a dice game. You play by its own "
            "rules at the table; here you keep the score, hand after hand."
        )
    ),
    sections=(
        Section(
            "overview",
            rules=(
                Rule(
                    "PG-1",
                    N_("Players and the game's name"),
                    N_(
                        "From 1 to 20 players, named in seat order. Give the game a name, e.g. Five Crowns, and "
                        'Scorekeeper shows it beside "Any other game" on every page, sheet and statistic. '
                        "There are no cards to check here: only points."
                    ),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "PG-2",
                    N_("Points each hand"),
                    N_(
                        "After each hand, type what every player scored: a whole number, below zero if the game "
                        "takes points away. A sum works too: 12+11+7-5 counts 25. A player left empty scores 0 "
                        "that hand."
                    ),
                    examples=(N_("12+11+7-5 is 25"), N_("-10 takes ten points away")),
                ),
                Rule(
                    "PG-3",
                    N_("An empty hand is not a hand"),
                    N_(
                        "A hand where no player's points were typed is not recorded: type at least one number, "
                        "a 0 if that is what everyone scored."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "PG-4",
                    N_("When the game ends"),
                    N_(
                        "The game stops after the hand in which a player's total reaches the target, if you set "
                        "one; after the number of hands you chose, if you set that; or when the editor ticks "
                        '"End the game" on the last hand. With none of these, play on as long as you like.'
                    ),
                ),
                Rule(
                    "PG-5",
                    N_("Who wins"),
                    N_(
                        "Usually the highest total wins; switch high wins off for games like Hearts, where the "
                        "lowest does. Places follow the totals, and equal totals share a place."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={
        "Card values": (N_("No cards here: each player's points per hand"),),
        "Melds": (N_("Play by the game's own rules"),),
        "Scoring": (
            N_("Type each player's points (a sum like 12+11+7-5)"),
            N_("Empty: 0; an empty hand is refused"),
        ),
        "End of game": (
            N_("At the target, after the set hands, or when the editor ends it"),
            N_("High or low total wins; ties share a place"),
        ),
    },
)
