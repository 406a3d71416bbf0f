"""The largest number a hand's facts may hold (issue 36): what a real hand can score, by the rule
that scores it, with margin. The shapes of the round facts (:mod:`.facts`) carry these bounds, so
the engine refuses a larger number, the OpenAPI document says it and the hand forms show it; a
refused number leaves the game as it was (docs/limits.md, "Typed numbers").

>>> CT_MOST_RACK_POINTS, CR_MOST_TURN_PEGS
(788, 440)
"""

from __future__ import annotations

#: the most cards a hand, a board or a class count is ever typed as holding: more than any deck
#: of these games puts in one place (a Crazy Rummy table of 12 plays with 6 x 48 = 288 cards, but a
#: player holds at most a few dozen of them)
MOST_CARDS = 200
#: KB-7: a Wild Bee, the dearest card, counts 15
KB_MOST_HAND_POINTS = 15 * MOST_CARDS
#: KB-8: the Step a player is on; a Step list is never this long
KB_MOST_STEP = 1000
#: RB-6: a PLYT counts ``plyt_value``, at most 100 (the option's bound); a Bug at most 12
RB_MOST_HAND_POINTS = 100 * MOST_CARDS
#: CT-7: the whole set on one rack: two of each number 1..13 in four colours (728) and two jokers
#: of 30 each; no rack can count more
CT_MOST_RACK_POINTS = 2 * 4 * sum(range(1, 14)) + 2 * 30
#: CZ-5: a card counts at most 200 (an ace when aces are wild); a board or a hand of cards
CZ_MOST_POINTS = 200 * MOST_CARDS
#: CR-5: both packs laid in one turn as runs of 13 (8 runs of 55 pegs) peg 440; no turn pegs more
CR_MOST_TURN_PEGS = 8 * 55
#: CR-7: two packs and at most four jokers: the most cards left in a hand
CR_MOST_CARDS = 2 * 52 + 4
#: CR-4: melds on the table, counted from 0 (each holds at least 3 of the 108 cards)
CR_MOST_MELD = CR_MOST_CARDS // 3
