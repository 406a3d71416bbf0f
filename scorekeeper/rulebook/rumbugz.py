"""RumBugz (RULES.md section 2) in our own words."""

from __future__ import annotations

from .book import BUG_VALUES, N_, Rule, Rulebook, Section
from .common import COMMON_SECTION

BOOK = Rulebook(
    slug="rumbugz",
    name="RumBugz",
    lead=(
        N_(
            "Number tiles called Bugz come out of a bag. Be the first to put down one Sequence of "
            "each of the four kinds and then get rid of every Bug you hold."
        )
    ),
    sections=(
        Section(
            "overview",
            intro=(
                N_("For 2 to 6 players. Bugz are numbered 1 to 12; the PLYT Bug is wild."),
                N_("Highest draw goes first. Everyone takes 6 Bugz from the bag and keeps them hidden."),
            ),
        ),
        Section(
            "values",
            heading=N_("What Bugz are worth"),
            rules=(
                Rule(
                    "RB-6",
                    N_("What a Bug in your hand is worth"),
                    N_(
                        "A numbered Bug is worth its number. A PLYT is worth 12 unless the table agrees "
                        "another value before the game (the PLYT value setting)."
                    ),
                    examples=(N_("3 and a PLYT left: 3 + 12 = 15"),),
                ),
            ),
        ),
        Section(
            "melds",
            rules=(
                Rule(
                    "RB-1",
                    N_("Sequence size"),
                    N_(
                        "Every Sequence has 4 Bugz or more; three Bugz in a row are not yet a Sequence, however "
                        "well they fit a pattern."
                    ),
                ),
                Rule(
                    "RB-2",
                    N_("The four kinds"),
                    N_(
                        "A single climbs by 1 each time (2 3 4 5), a double by 2 (2 4 6 8), a triple by 3 "
                        "(3 6 9 12), and a match repeats one number (8 8 8 8). You may lay the Bugz in any "
                        "order; they only have to fit the pattern once sorted, inside 1 to 12 without "
                        "wrapping round. A PLYT can be whatever number 1 to 12 the pattern needs. So a single "
                        "is at most 12 long, a double 6 and a triple 4, while a match can grow without limit."
                    ),
                    examples=(N_("9 3 6 12 is a triple"), N_("1 4 7 P is a triple with P as 10")),
                ),
                Rule(
                    "RB-3",
                    N_("Sequences that fit more than one kind"),
                    N_(
                        "Some Sequences fit several kinds at once, usually thanks to PLYTs; Scorekeeper lists "
                        "every kind they fit and the player says which one it counts as. A Sequence made only "
                        "of PLYTs is allowed."
                    ),
                ),
            ),
        ),
        Section(
            "play",
            intro=(
                N_(
                    "On your turn pull a Bug from the bag or pick up the latest discard. "
                    "If you can lay a Sequence, lay it, discard one Bug and take 4 fresh Bugz from the bag; "
                    "if not, just discard."
                ),
            ),
            rules=(
                Rule(
                    "RB-4",
                    N_("Finishing the round"),
                    N_(
                        "You need one Sequence of each kind: a single, a double, a triple and a match. Once "
                        "the fourth is down you stop taking replacement Bugz and try to empty your hand by "
                        "adding to any Sequence on the table or by starting new ones."
                    ),
                ),
                Rule(
                    "RB-5",
                    N_("Changing a Sequence"),
                    N_(
                        "After you have laid at least one Sequence you may rework Sequences on the table, "
                        "swapping or moving Bugz, provided each changed Sequence is still the kind it was "
                        "declared as and still has 4 Bugz or more."
                    ),
                    examples=(N_("3 4 5 6 with a 7 added and the 3 taken away stays a single"),),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "RB-7",
                    N_("Scoring a round"),
                    N_(
                        "The player who goes out collects the value of every Bug still held by the others; "
                        "the others score nothing. If the bag runs dry before anyone goes out, the round has "
                        "no winner and nobody scores."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "RB-8",
                    N_("End of the game"),
                    N_(
                        "Play an agreed number of rounds (5 unless you choose another count) or, if you set "
                        "a target score, stop when someone reaches it. The highest total wins. Bids called by "
                        "a third or later player for a discard are kept only as notes."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={
        BUG_VALUES: (N_("Numbered Bug: its number (1-12)"), N_("PLYT: 12 (table may change it)")),
        "Melds": (
            N_("Sequence: 4 or more Bugz, any order"),
            N_("Single +1, double +2, triple +3, match equal"),
            N_("1-12, no wrap; PLYT is any number"),
            N_("Changed Sequences keep their kind and 4+ Bugz"),
        ),
        "Scoring": (
            N_("Lay all four kinds, then empty your hand"),
            N_("Winner takes the others' hand values; the rest score 0"),
            N_("Bag empty, nobody out: nobody scores"),
        ),
        "End of game": (N_("After 5 rounds (or a set number, or a target score)"), N_("Highest total wins")),
    },
)
