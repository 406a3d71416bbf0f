"""Crazy Rummy (RULES.md section 5) in our own words."""

from __future__ import annotations

from .book import N_, Rule, Rulebook, Section
from .common import COMMON_SECTION

BOOK = Rulebook(
    slug="crazy-rummy",
    name="Crazy Rummy",
    lead=(
        N_(
            "A sets-only rummy where each hand has its own wild rank and each player's hand size is "
            "dealt face up. Cards on your board count for you, cards in your hand against you. "
            "First past 1500 ends it."
        )
    ),
    sections=(
        Section(
            "overview",
            intro=(
                N_(
                    "For 2 to 12 players. Use ordinary decks with the 2s and jokers taken out, one deck for "
                    "every two players (rounding up)."
                ),
                N_(
                    "Type a card by rank: 3 to 10 (or T), J, Q, K, A. A suit letter may follow (7H, QS) and "
                    "is ignored. A 2 or a joker is not part of this game."
                ),
            ),
        ),
        Section(
            "values",
            rules=(
                Rule(
                    "CZ-5",
                    N_("Card values"),
                    N_(
                        "3 to 7 are worth 5 each, 8 to king 10 each, an ace 100 and a wildcard 100. When the "
                        "wild rank is the ace, every ace counts 200."
                    ),
                    examples=(N_("3, K and A: 5 + 10 + 100 = 115"),),
                ),
            ),
        ),
        Section(
            "melds",
            rules=(
                Rule(
                    "CZ-2",
                    N_("Sets"),
                    N_(
                        "A set is 3 or more cards whose real cards all share one rank other than the wild "
                        "rank; wildcards fill in as that rank. Sets have no upper size. A set made only of "
                        "wild-rank cards (at least three) is simply a natural set of that rank."
                    ),
                ),
                Rule(
                    "CZ-3",
                    N_("How many wildcards a set may hold"),
                    N_(
                        "On your first play of a hand a set may carry as many wildcards as you like, provided "
                        "it has at least one real card. After that, each new set may have only one wildcard and "
                        "needs at least two real cards."
                    ),
                ),
                Rule(
                    "CZ-4",
                    N_("Bottom feeding"),
                    N_(
                        "If an opponent already has a rank on their board, you may put real cards of that rank "
                        "on your own board, even without a set of your own. Wildcards can never be played "
                        "this way."
                    ),
                ),
            ),
        ),
        Section(
            "play",
            intro=(
                N_(
                    "Play goes clockwise from the dealer's left. On your turn draw from the deck or the "
                    "discard pile (a discard you take may be kept), lay your sets and bottom-feeding cards on "
                    "your own board, then you may discard one card. The deal moves one seat left each hand."
                ),
            ),
            rules=(
                Rule(
                    "CZ-1",
                    N_("The wild rank"),
                    N_(
                        "Look at the card the dealer deals face up to themselves: its rank is wild for this "
                        "hand, so all cards of that rank act as wildcards until the hand ends."
                    ),
                ),
                Rule(
                    "CZ-7",
                    N_("Hand sizes"),
                    N_(
                        "Your hand size is set by the first card you are dealt, which lands face up and counts "
                        "toward the total: number cards 3 to 10 give their own number, J, Q and K give 10 and "
                        "an ace 11. The dealer's own face-up card is never played: it remains on show as the "
                        "wild indicator, leaving the dealer a card short. Scorekeeper shows every player's "
                        "hand size."
                    ),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "CZ-6",
                    N_("Scoring a hand"),
                    N_(
                        "Your score for the hand is the value of the cards on your own board less the value of "
                        "the cards you still hold. Whoever went out holds nothing, so loses nothing."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "CZ-8",
                    N_("End of the game"),
                    N_(
                        "When any total reaches the target (1500 unless the table chooses another) the game "
                        "ends with that hand, and the highest total wins."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={
        "Card values": (
            N_("3-7: 5, 8-K: 10, ace: 100"),
            N_("Wildcard: 100 (ace as wild: 200)"),
            N_("Hand size: face-up card (3-10 face value, JQK 10, A 11)"),
        ),
        "Melds": (
            N_("Sets only: 3+ of one rank, no maximum"),
            N_("Wild rank = dealer's face-up card"),
            N_("First play: any wildcards, 1+ real card; later: 1 wildcard, 2+ real"),
            N_("Bottom feed real cards of ranks on opponents' boards"),
        ),
        "Scoring": (N_("Board cards count plus"), N_("Cards left in hand count minus")),
        "End of game": (N_("Hand in which a total reaches 1500 (or the target)"), N_("Highest total wins")),
    },
)
