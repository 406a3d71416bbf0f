"""Krazy Bee Rummy (RULES.md section 1) in our own words."""

from __future__ import annotations

from ..rules import DEFAULT_STEPS, step_texts
from .book import N_, Rule, Rulebook, Section
from .common import COMMON_SECTION

DEFAULT_STEP_LIST = tuple(step_texts(DEFAULT_STEPS))

BOOK = Rulebook(
    slug="krazy-bee",
    name="Krazy Bee Rummy",
    lead=(
        N_(
            "Work your way through a ladder of Steps, each a set of books and runs you must put "
            "on the table. Get to the end of the list with the fewest points."
        )
    ),
    sections=(
        Section(
            "overview",
            intro=(
                N_(
                    "For 2 to 4 players. The deck has number cards from 1 to 13 and Wild Bees; there are no "
                    "colours or suits. Each player keeps a Step Indicator Frame to mark the Step they are on."
                ),
                N_(
                    "The dealer gives everyone 12 cards, one at a time, going clockwise. The rest make the "
                    "draw pile, with its top card turned up beside it. The next hand is dealt by the player on "
                    "the dealer's left."
                ),
            ),
            rules=(
                Rule(
                    "KB-8",
                    N_("The Step list"),
                    N_(
                        "The printed Step list of the boxed game is not available, so Scorekeeper offers its "
                        "own ten Steps, built like the phases of Phase 10 but without a one-colour phase "
                        "(the cards have none). Each game may change the list before it starts: add Steps, "
                        "drop them or put them in another order, writing each one like "
                        '"book of 3 + run of 4" or "2 books of 3".'
                    ),
                ),
            ),
        ),
        Section(
            "values",
            rules=(
                Rule(
                    "KB-7",
                    N_("Points left in your hand"),
                    N_(
                        "When a hand ends, every card you still hold costs you points: 5 for a 1 to 9, 10 for "
                        "a 10 to 13 and 15 for a Wild Bee. Whoever went out scores nothing that hand. Points "
                        "are bad: the low total is the good one."
                    ),
                    examples=(N_("3, 12 and a Wild Bee left in hand: 5 + 10 + 15 = 30 points"),),
                ),
            ),
        ),
        Section(
            "melds",
            rules=(
                Rule(
                    "KB-1",
                    N_("Books and runs"),
                    N_(
                        "A book is made of cards that all show the same number. A run is a stretch of numbers "
                        "that follow each other with nothing repeated, staying between 1 and 13 (13 is not "
                        "followed by 1). Each meld must be at least as long as its Step asks; when you just "
                        "check one meld on its own, the minimum is 3 cards unless you set another."
                    ),
                    examples=(N_("7 7 7 is a book"), N_("4 5 6 7 is a run"), N_("12 13 1 is not a run")),
                ),
                Rule(
                    "KB-2",
                    N_("Wild Bees"),
                    N_(
                        "A Wild Bee can stand for any number you like, even when you add it to someone "
                        "else's meld. No book or run may ever hold more Wild Bees than number cards, and this "
                        "must still be true after each card that is added later."
                    ),
                    examples=(N_("7 7 W is fine"), N_("7 W W is not: two Bees, one number card")),
                ),
                Rule(
                    "KB-3",
                    N_("Laying down a Step"),
                    N_(
                        'A Step is a short list of melds to put down together, such as "book of 3 + run '
                        'of 4". Each meld you lay fills exactly one item of the list; a meld may be longer '
                        "than its item asks for."
                    ),
                ),
                Rule(
                    "KB-4",
                    N_("Two books need two numbers"),
                    N_(
                        "When a Step asks for two books, they must be books of different numbers: four 8s "
                        "cannot be split into two books of 8s."
                    ),
                ),
                Rule(
                    "KB-5",
                    N_("Two runs must not join up"),
                    N_(
                        "When a Step asks for two runs, one may not pick up exactly where the other stops. "
                        "1 2 3 4 and 5 6 7 8 are really one long run, so they do not count as two. Runs "
                        "that share some numbers, like 3 4 5 6 and 5 6 7 8, are fine."
                    ),
                ),
            ),
        ),
        Section(
            "play",
            intro=(
                N_(
                    "On your turn take the top card of the draw pile or the face-up discard, lay down your "
                    "Step if you can, then throw one card face up. To go out you must be able to play every "
                    "card but one and still have that last card to discard; a player with nothing left to "
                    "throw is 'floating' and keeps playing until a drawn card will not fit or someone else "
                    "goes out."
                ),
                N_(
                    'When a discard would fit a meld on the table, the first player to call "Rummy" may '
                    "play it there and then discard, even before laying their own Step. It is too late once "
                    "the next player has drawn."
                ),
            ),
            rules=(
                Rule(
                    "KB-6",
                    N_("Adding to melds on the table"),
                    N_(
                        "Once your Step is down you may put more cards on any meld on the table, your own or "
                        "another player's, as long as it is still a proper book or run afterwards. Until your "
                        "Step is down you may not, apart from a card won by calling Rummy, which the score "
                        "sheet can note."
                    ),
                ),
            ),
        ),
        Section(
            "scoring",
            rules=(
                Rule(
                    "KB-9",
                    N_("Recording a hand"),
                    N_(
                        "For each player the sheet keeps the Step they were trying, whether they got it down, "
                        "and the points still in their hand (type the cards, count them by group, or enter a "
                        "total). It also marks who went out and can hold a note about floating or Rummy calls. "
                        "A player who got the Step down moves on to the next Step for the next hand; everyone "
                        "else tries the same Step again."
                    ),
                ),
            ),
        ),
        Section(
            "end",
            rules=(
                Rule(
                    "KB-10",
                    N_("Who wins"),
                    N_(
                        "The game stops after the hand in which somebody lays down the final Step on the "
                        "list. Of the players who have finished that final Step, the one with the lowest "
                        "total wins; tied totals share the win."
                    ),
                ),
            ),
        ),
        COMMON_SECTION,
    ),
    digest={
        "Card values": (
            N_("1-9: 5 points each"),
            N_("10-13: 10 points each"),
            N_("Wild Bee: 15 points"),
            N_("Going out: 0. Low scores are good."),
        ),
        "Melds": (
            N_("Book: one number, any length the Step asks (lone check: 3)"),
            N_("Run: numbers in a row, 1-13, no wrap, no repeats"),
            N_("Wild Bees never outnumber the number cards"),
            N_("Two books in a Step: different numbers; two runs: must not join"),
        ),
        "Scoring": (
            N_("Cards left in hand count against you"),
            N_("Step laid down: move to the next Step; missed: try it again"),
            N_("Add to table melds only after your Step is down"),
        ),
        "End of game": (
            N_("Ends after a hand where someone lays the last Step"),
            N_("Lowest total among those who finished the last Step wins"),
        ),
    },
    extra={"steps": DEFAULT_STEP_LIST},
)
