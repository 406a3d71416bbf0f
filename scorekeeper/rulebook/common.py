"""Rules shared by every variant (RULES.md section 0), in our own words."""

from __future__ import annotations

from .book import N_, Rule, Section

COMMON_RULES = (
    Rule(
        "N-1",
        N_("Typing cards and tiles"),
        N_(
            "Write one card or tile per word; spaces or commas between them, capitals or not, "
            "it makes no difference. Each game lists the words it understands. A word that is not "
            "a card of that game stops the check with a message that quotes the word and shows "
            "what would have been accepted, so nothing you type is quietly dropped."
        ),
    ),
    Rule(
        "N-2",
        N_("Every answer explains itself"),
        N_(
            "When Scorekeeper turns a meld down it names the rule that fails, by its number on this "
            "page, and suggests a legal way to play the same cards when there is one, such as a "
            "different order or the other kind of meld."
        ),
    ),
    Rule(
        "N-3",
        N_("What wild cards stand for"),
        N_(
            "A Wild Bee, a PLYT, a joker or a wildcard is always shown together with the card it "
            "is standing in for, including the colour or suit when that matters, so the whole table "
            "sees how the meld is being read."
        ),
    ),
    Rule(
        "N-4",
        N_("Does the order matter?"),
        N_(
            "With the tile games, order counts: a run is read as written, from the left or from the "
            "top down, and must climb. With the card games, a meld is just a handful of cards and "
            "you may list them in any order."
        ),
    ),
    Rule(
        "N-5",
        N_("Ties and the score history"),
        N_(
            "Players tied for the best total share the win. Every hand stays in the game's history "
            "and the totals are always worked out again from that history, so correcting an old "
            "hand fixes everything after it."
        ),
    ),
)

COMMON_SECTION = Section("scorekeeper", rules=COMMON_RULES)
