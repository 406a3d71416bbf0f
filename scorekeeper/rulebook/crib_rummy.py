"""Crib Rummy (RULES.md section 4) in our own words."""

from __future__ import annotations

from ..rules import RUN_PEGS
from .book import N_, Phrase, Rule, Rulebook, Section
from .common import COMMON_SECTION

BOOK = Rulebook(
    slug="crib-rummy",
    name="Crib Rummy",
    lead=(
        N_(
            "Rummy played as a race around a cribbage board: every meld you lay or lengthen moves "
            "your peg, and long runs move it fastest."
        )
    ),
    sections=(
        Section(
            "overview",
            intro=(
                N_(
                    "For 2 to 4 players, 11 cards each. Shuffle two ordinary 52-card packs together with 2 "
                    "jokers (4 jokers if the table chooses). You also need a cribbage board."
                ),
                N_(
                    "Type a card as rank then suit: A, 2 to 10 (or T), J, Q, K followed by S, H, D or C "
                    "(the suit symbols work too), such as AS, 10H or QD. A joker is JK."
                ),
            ),
        ),
        Section(
            "values",
            intro=(
                N_(
                    "Cards rank from ace (low) up to king. Cards in hand have no point value: when someone "
                    "goes out, only how many cards the others still hold matters (see CR-7)."
                ),
            ),
        ),
        Section(
            "melds",
            rules=(
                Rule(
                    "CR-1",
                    N_("Sets"),
                    N_(
                        "A set holds three or four cards sharing a rank. Suits are ignored and may repeat, "
                        "since two packs are in play."
                    ),
                ),
                Rule(
                    "CR-2",
                    N_("Runs"),
                    N_(
                        "A run is 3 or more cards in one suit with ranks following each other, no rank twice, "
                        "13 cards at most. Aces only count low (A 2 3). If the table turns on high aces, "
                        "Q K A is allowed too, but a run can never turn the corner from K through A to 2."
                    ),
                    examples=(
                        N_("4H 5H 6H is a run"),
                        N_("QS KS AS needs high aces"),
                        N_("KD AD 2D is never a run"),
                    ),
                ),
                Rule(
                    "CR-3",
                    N_("Jokers"),
                    N_(
                        "A joker can be any card, but every meld needs at least one real card. When cards could "
                        "be read as a set or a run (like 7H with two jokers), Scorekeeper shows both, each with "
                        "its pegs, and the player says which it is."
                    ),
                ),
                Rule(
                    "CR-4",
                    N_("Melds only grow"),
                    N_(
                        "Once on the table, a meld can only get longer by adding cards. Melds are never merged, "
                        "split or rearranged, and a set that has 4 cards is finished."
                    ),
                ),
            ),
        ),
        Section(
            "play",
            intro=(
                N_(
                    "On your turn either draw from the pile or use the top discard at once, lay or extend any "
                    "melds you like, peg what you scored, and end by discarding one card."
                ),
            ),
            rules=(
                Rule(
                    "CR-6",
                    N_("Playing on other melds and taking the discard"),
                    N_(
                        "You may add cards to an opponent's meld only after you have put down a meld of your "
                        "own; your own melds you may always extend. If you take the top discard you must meld "
                        "it straight away, and then you pick up the next six cards of the discard pile as well "
                        "(or all that remain)."
                    ),
                ),
                Rule(
                    "CR-9",
                    N_("Who starts the next hand"),
                    N_(
                        "The first hand's starter is chosen at random. After that, whoever is behind on the "
                        "board decides who goes first; Scorekeeper shows who that is."
                    ),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "CR-5",
                    N_("Pegging melds"),
                    N_(
                        "A new set of 3 pegs 2, and its 4th card another 2. A new run of 3 pegs 3. Each card "
                        "added to a run pegs according to the length the run reaches: 3 for the 4th card, 4 each "
                        "for the 5th to 7th, 5 each for the 8th to 10th, 6 each for the 11th and 12th, and 10 "
                        "for the 13th. A card pegs the same whether it is laid with the run or added later, and "
                        "the pegs go to whoever adds it, whoever's meld it is."
                    ),
                    examples=tuple(
                        Phrase(N_("run of %(length)s: %(pegs)s pegs in all"), length=n, pegs=p)
                        for n, p in RUN_PEGS.items()
                    ),
                ),
                Rule(
                    "CR-7",
                    N_("Going out (rummy)"),
                    N_(
                        "The player who plays their last card scores for the cards still in the other hands: "
                        "2 points a card with 2 players, 1 a card with 3, and half a point a card with 4, with "
                        "the half rounded up. If the hand stops because the draw pile is empty, nobody gets "
                        "this bonus."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "CR-8",
                    N_("Pegging out"),
                    N_(
                        "A game is normally to 121 points; a short game is 61 and a long one 241. When somebody "
                        "reaches the target, the players who have not yet had their turn in that round still "
                        "play it, and then the highest total wins."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={
        "Card values": (
            N_("A low (Q K A only with high aces)"),
            N_("Joker: any card"),
            N_("Going out: 2 a card left (2 players), 1 (3 players), 1/2 rounded up (4)"),
        ),
        "Melds": (
            N_("Set: 3-4 of one rank, any suits"),
            N_("Run: 3-13 in one suit, in sequence"),
            N_("Melds only grow; sets stop at 4"),
            N_("Play on opponents' melds after your first meld"),
        ),
        "Scoring": (
            N_("Set of 3: 2, its 4th card: 2"),
            N_("Run of 3: 3, 4th: 3, 5th-7th: 4,"),
            N_("8th-10th: 5, 11th-12th: 6, 13th: 10"),
            N_("Pegs go to whoever adds the card"),
        ),
        "End of game": (
            N_("First to 121 (or 61 / 241) ends it"),
            N_("Players still due a turn take it; highest total wins"),
        ),
    },
)
